#include "ui/training/TrainingSettingsForm.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLabel>
#include <QLocale>
#include <QPlainTextEdit>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QVBoxLayout>

#include "app/EngineInfo.h"

namespace studio::ui {

namespace {

QSpinBox* spin(int min, int max, const QString& tip, const QString& name) {
  auto* box = new QSpinBox;
  box->setRange(min, max);
  box->setToolTip(tip);
  box->setObjectName(name);
  box->setAccessibleName(name);
  return box;
}

}  // namespace

TrainingSettingsForm::TrainingSettingsForm(QWidget* parent) : QWidget(parent) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  auto* model_group = new QGroupBox(tr("Model"), this);
  auto* model_form = new QFormLayout(model_group);
  preset_ = new QComboBox(model_group);
  preset_->addItems(app::trainingPresetNames());
  preset_->setObjectName("Preset");
  preset_->setAccessibleName(tr("Preset"));
  preset_->setToolTip(tr("Starting values for every field below"));
  model_form->addRow(tr("Preset"), preset_);
  layers_ = spin(1, 24, tr("Encoder layers: each reads the whole source once a sentence"), "Encoder layers");
  decoder_layers_ =
      spin(1, 24,
           tr("Decoder layers: each runs again for every piece written, so they set the speed of "
              "translating (a deep encoder and a shallow decoder translate fastest for their quality)"),
           "Decoder layers");
  d_model_ = spin(8, 4096, tr("Model width; must be divisible by the heads"), "d_model");
  d_model_->setSingleStep(8);
  heads_ = spin(1, 64, tr("Attention heads"), "Heads");
  d_ff_ = spin(8, 16384, tr("Inner width of the feed-forward"), "d_ff");
  dropout_ = new QDoubleSpinBox(model_group);
  dropout_->setRange(0.0, 0.9);
  dropout_->setSingleStep(0.05);
  dropout_->setObjectName("Dropout");
  dropout_->setAccessibleName(tr("Dropout"));
  dropout_->setToolTip(tr("Residual dropout"));
  model_form->addRow(tr("Encoder layers"), layers_);
  model_form->addRow(tr("Decoder layers"), decoder_layers_);
  model_form->addRow(tr("d_model"), d_model_);
  model_form->addRow(tr("Heads"), heads_);
  model_form->addRow(tr("d_ff"), d_ff_);
  model_form->addRow(tr("Dropout"), dropout_);
  direction_ = new QComboBox(model_group);
  direction_->setObjectName("Direction");
  direction_->setAccessibleName(tr("Direction"));
  direction_->addItem(tr("Vietnamese → English"), QStringLiteral("vi-en"));
  direction_->addItem(tr("English → Vietnamese (for back-translation)"), QStringLiteral("en-vi"));
  direction_->setToolTip(
      tr("Which way the model translates. English → Vietnamese trains on the same data folder the other way "
         "round: a model for More pairs from English text (back-translation), not for Translate"));
  model_form->addRow(tr("Direction"), direction_);
  layout->addWidget(model_group);

  auto* train_group = new QGroupBox(tr("Training"), this);
  auto* train_form = new QFormLayout(train_group);
  max_tokens_ = spin(8, 1000000, tr("Tokens a batch, padding included"), "Batch tokens");
  warmup_ = spin(1, 1000000, tr("Warmup steps of the Noam schedule"), "Warmup");
  max_steps_ = spin(1, 10000000, tr("Optimizer steps to train"), "Max steps");
  eval_every_ = spin(1, 1000000, tr("Evaluate on dev and write a checkpoint every N steps"), "Eval every");
  train_form->addRow(tr("Batch tokens"), max_tokens_);
  train_form->addRow(tr("Warmup steps"), warmup_);
  train_form->addRow(tr("Max steps"), max_steps_);
  train_form->addRow(tr("Evaluate every"), eval_every_);
  auto* budget = new QDoubleSpinBox;
  budget->setRange(0, 1000000);
  budget->setDecimals(1);
  budget->setSuffix(tr(" min"));
  budget->setSpecialValueText(tr("none"));
  addField(train_group, train_form, "time_budget_minutes", tr("Time budget"), budget,
           tr("Minutes the whole run may take: after its first 200 steps it sets Max steps (at most the value "
              "above) to the steps that fit at their pace; none = train Max steps"));
  layout->addWidget(train_group);

  auto* optim_group = new QGroupBox(tr("Optimisation"), this);
  auto* optim_form = new QFormLayout(optim_group);
  auto dspin = [](double min, double max, int decimals, double step) {
    auto* box = new QDoubleSpinBox;
    box->setRange(min, max);
    box->setDecimals(decimals);
    box->setSingleStep(step);
    return box;
  };
  auto* schedule = new QComboBox;
  schedule->addItems({"noam", "cosine", "plateau"});
  addField(optim_group, optim_form, "schedule", tr("Schedule"), schedule,
           tr("noam: warmup then 1/sqrt(step) (the paper); cosine: decay with warm restarts; plateau: cut the rate "
              "when dev BLEU stops improving"));
  addField(optim_group, optim_form, "noam_factor", tr("Noam factor"), dspin(0.01, 100, 3, 0.1),
           tr("Scales the Noam schedule: rate = factor · d_model^-0.5 · min(step^-0.5, step · warmup^-1.5)"));
  addField(optim_group, optim_form, "learning_rate", tr("Peak learning rate"), dspin(1e-6, 1, 6, 1e-4),
           tr("The peak rate of the cosine and plateau schedules"));
  addField(optim_group, optim_form, "min_learning_rate", tr("Minimum learning rate"), dspin(0, 1, 8, 1e-6),
           tr("Cosine decays to this; plateau never cuts below it"));
  auto* cycle = spin(0, 10000000, {}, "Cosine cycle");
  cycle->setSpecialValueText(tr("to the last step"));
  addField(optim_group, optim_form, "cosine_cycle_steps", tr("Cosine cycle"), cycle,
           tr("Steps of the first cosine cycle (0: one cycle that ends at the last step)"));
  addField(optim_group, optim_form, "plateau_patience", tr("Plateau patience"),
           spin(0, 1000, {}, "Plateau patience"), tr("Evaluations without a better BLEU before the rate is cut"));
  addField(optim_group, optim_form, "label_smoothing", tr("Label smoothing"), dspin(0, 0.99, 3, 0.05),
           tr("ε of label-smoothed cross-entropy (0.1 in the paper)"));
  auto* subword = dspin(0, 1, 2, 0.05);
  subword->setSpecialValueText(tr("off"));
  subword_ = subword;
  subword_form_ = optim_form;
  addField(
      optim_group, optim_form, "subword_alpha", tr("Subword sampling (α)"), subword,
      tr("Each epoch splits the training sentences into pieces anew. A unigram vocabulary draws with its "
         "odds "
         "raised to α (subword regularization: 0.5 is mild; a lower α draws shorter pieces and needs longer "
         "training); a BPE vocabulary skips each merge with probability α (BPE-dropout: 0.1 as in its "
         "paper). Off: the same pieces every epoch. Dev, test and translation keep the best split"));
  addField(optim_group, optim_form, "clip_norm", tr("Gradient clipping"), dspin(0, 1000, 2, 0.5),
           tr("Clip the gradient's norm to this; 0 = off"));
  auto* ema = dspin(0, 0.99999, 5, 0.0005);
  ema->setSpecialValueText(tr("off"));
  addField(
      optim_group, optim_form, "ema_decay", tr("Weight average (EMA)"), ema,
      tr("Evaluate, record and keep an exponential moving average of the weights instead of the weights "
         "themselves (they go on training): 0.999 averages about the last 1,000 steps. Off: the weights"));
  auto* guided = dspin(0, 10, 3, 0.01);
  guided->setSpecialValueText(tr("off"));
  addField(optim_group, optim_form, "guided_alignment", tr("Guided alignment"), guided,
           tr("Train the first cross-attention head of the last decoder layer (the last but one from 4 "
              "layers) to follow word alignments learnt from the training pairs first, with this weight on "
              "its loss (0.05 as in Garg et al. 2019): word alignments, kept tags and a document's "
              "formatting then follow that head. Off: they follow the last layer's attention. On the "
              "starter it aligned worse than the last layer's attention (docs/training.md)"));
  addField(optim_group, optim_form, "accumulate_steps", tr("Accumulate batches"),
           spin(1, 1024, {}, "Accumulate batches"), tr("Batches summed into one optimizer step (a larger batch)"));
  addField(optim_group, optim_form, "seed", tr("Seed"), spin(0, 2147483647, {}, "Seed"),
           tr("Seeds initialisation, dropout and batch order: the same seed trains the same model on the CPU"));
  precision_ = new QComboBox(optim_group);
  precision_->addItems({tr("off (fp32)"), "auto", "bf16", "fp16"});
  precision_->setObjectName("Mixed precision");
  precision_->setAccessibleName(tr("Mixed precision"));
  precision_->setToolTip(tr("Autocast: auto picks bf16 on CPUs with bf16 instructions (AVX512-BF16, AMX) and on "
                            "GPUs with native bf16 (Ampere and newer); fp32 on other CPUs, fp16 with loss scaling "
                            "on older GPUs"));
  optim_form->addRow(tr("Mixed precision"), precision_);
  layout->addWidget(optim_group);

  auto* eval_group = new QGroupBox(tr("Evaluation and checkpoints"), this);
  auto* eval_form = new QFormLayout(eval_group);
  addField(eval_group, eval_form, "eval_sentences", tr("Dev sentences"), spin(0, 10000000, {}, "Dev sentences"),
           tr("Dev sentences translated for BLEU at each evaluation; 0 = all"));
  addField(eval_group, eval_form, "eval_samples", tr("Samples shown"), spin(0, 100, {}, "Samples shown"),
           tr("Sample translations printed at each evaluation"));
  addField(eval_group, eval_form, "eval_beam", tr("Dev beam size"), spin(1, 64, {}, "Dev beam size"),
           tr("Beam size of the dev translations (1 = greedy, fastest)"));
  addField(eval_group, eval_form, "keep_last", tr("Keep checkpoints"), spin(1, 1000, {}, "Keep checkpoints"),
           tr("Checkpoints kept; best.pt is kept apart"));
  auto* probe_every = static_cast<QSpinBox*>(
      addField(eval_group, eval_form, "probe_every", tr("Record probes every"), spin(0, 1000000, {}, "Probe every"),
               tr("Record the probe sentences' attention every N steps (for the Attention explorer's timelapse); "
                  "0 = at every evaluation")));
  probe_every->setSpecialValueText(tr("each evaluation"));
  probes_ = new QPlainTextEdit(eval_group);
  probes_->setObjectName("Probe sentences");
  probes_->setAccessibleName(tr("Probe sentences"));
  probes_->setPlaceholderText(tr("Empty: the first 3 dev pairs. One a line: SOURCE ||| REFERENCE"));
  probes_->setToolTip(tr("Sentences whose attention is recorded as the run trains, for the timelapse. A line "
                         "without a reference records the model's own translation only."));
  probes_->setTabChangesFocus(true);
  probes_->setMaximumHeight(70);
  eval_form->addRow(tr("Probe sentences"), probes_);
  auto* keep_models = static_cast<QSpinBox*>(
      addField(eval_group, eval_form, "keep_models_every", tr("Keep models"), spin(0, 100000, {}, "Keep models"),
               tr("Also keep the model of every N-th evaluation in the run's models/ folder, so that the charts "
                  "can open that step in Translate and Attention; 0 = off")));
  keep_models->setSpecialValueText(tr("off"));
  keep_models->setSuffix(tr(" (every N-th evaluation)"));
  kept_cost_ = new QLabel(eval_group);
  kept_cost_->setObjectName("Kept models cost");
  kept_cost_->setWordWrap(true);
  eval_form->addRow(kept_cost_);
  addField(eval_group, eval_form, "average_last", tr("Average last"), spin(0, 1000, {}, "Average last"),
           tr("At the end, average the last N checkpoints into averaged.pt; 0 = off"));
  addField(eval_group, eval_form, "early_stopping_patience", tr("Early stopping"),
           spin(0, 1000, {}, "Early stopping"), tr("Stop after N evaluations without a better dev BLEU; 0 = off"));
  addField(eval_group, eval_form, "max_epochs", tr("Max epochs"), spin(0, 100000, {}, "Max epochs"),
           tr("Stop after N passes over the training data; 0 = no limit"));
  layout->addWidget(eval_group);
  connect(preset_, &QComboBox::currentTextChanged, this, &TrainingSettingsForm::applyPreset);
  for (QSpinBox* box : {keep_models, max_steps_, eval_every_, layers_, decoder_layers_, d_model_, d_ff_})
    connect(box, qOverload<int>(&QSpinBox::valueChanged), this, &TrainingSettingsForm::showKeptModelsCost);
  showKeptModelsCost();
}

void TrainingSettingsForm::setVocabSize(qint64 vocab_size) {
  vocab_size_ = vocab_size;
  showKeptModelsCost();
}

QString TrainingSettingsForm::keptModelsCost() const { return kept_cost_->text(); }

void TrainingSettingsForm::setVocabularyType(const QString& type) {
  const QString label = type == QLatin1String("bpe") ? tr("BPE-dropout (α)") : tr("Subword sampling (α)");
  if (auto* shown = qobject_cast<QLabel*>(subword_form_->labelForField(subword_))) shown->setText(label);
  subword_->setAccessibleName(label);
}

QString TrainingSettingsForm::subwordLabel() const { return subword_->accessibleName(); }

void TrainingSettingsForm::showKeptModelsCost() {
  const auto [files, bytes] = app::keptModelsEstimate(configJson(), vocab_size_);
  kept_cost_->setVisible(files > 0);
  kept_cost_->setText(files > 0 ? tr("Keeps %n model(s), about %1 on the disk.", nullptr, int(files))
                                      .arg(QLocale().formattedDataSize(bytes))
                                : QString());
}

QString TrainingSettingsForm::preset() const { return preset_->currentText(); }

void TrainingSettingsForm::setPreset(const QString& name) {
  if (preset_->currentText() == name)
    applyPreset(name);
  else
    preset_->setCurrentText(name);  // applies it (currentTextChanged)
}

int TrainingSettingsForm::maxSteps() const { return max_steps_->value(); }
void TrainingSettingsForm::setMaxSteps(int steps) { max_steps_->setValue(steps); }
int TrainingSettingsForm::evalEvery() const { return eval_every_->value(); }
void TrainingSettingsForm::setEvalEvery(int steps) { eval_every_->setValue(steps); }

QWidget* TrainingSettingsForm::addField(QWidget* parent, QFormLayout* form, const QString& key, const QString& label,
                                     QWidget* widget, const QString& tip) {
  widget->setParent(parent);
  widget->setToolTip(tip);
  if (widget->objectName().isEmpty()) widget->setObjectName(label);
  widget->setAccessibleName(label);
  form->addRow(label, widget);
  fields_.append({key, widget});
  return widget;
}

void TrainingSettingsForm::setEnglishToVietnamese(bool reversed) {
  direction_->setCurrentIndex(reversed ? 1 : 0);
}

bool TrainingSettingsForm::englishToVietnamese() const { return direction_->currentIndex() == 1; }

void TrainingSettingsForm::applyPreset(const QString& name) {
  // A preset is a shape and its settings: the direction chosen stays.
  auto training = app::trainingPresetJson(name);
  auto model = training["model"].toObject();
  model["direction"] = direction_->currentData().toString();
  training["model"] = model;
  applyConfig(training);
}

void TrainingSettingsForm::showRunConfig(const QJsonObject& training) {
  const QString nearest = app::closestTrainingPreset(training);
  if (!nearest.isEmpty()) {
    const QSignalBlocker quiet(preset_);
    preset_->setCurrentText(nearest);
  }
  applyConfig(training);
}

void TrainingSettingsForm::applyConfig(const QJsonObject& training) {
  const auto model = training["model"].toObject();
  layers_->setValue(model["encoder_layers"].toInt(layers_->value()));
  decoder_layers_->setValue(model["decoder_layers"].toInt(decoder_layers_->value()));
  d_model_->setValue(model["d_model"].toInt(d_model_->value()));
  heads_->setValue(model["heads"].toInt(heads_->value()));
  d_ff_->setValue(model["d_ff"].toInt(d_ff_->value()));
  dropout_->setValue(model["dropout"].toDouble(dropout_->value()));
  // A run's or a preset's model without one translates Vietnamese to English.
  if (training.contains("model"))
    direction_->setCurrentIndex(std::max(0, direction_->findData(model["direction"].toString("vi-en"))));
  max_tokens_->setValue(training["max_tokens"].toInt(max_tokens_->value()));
  warmup_->setValue(training["warmup_steps"].toInt(warmup_->value()));
  max_steps_->setValue(training["max_steps"].toInt(max_steps_->value()));
  eval_every_->setValue(training["eval_every"].toInt(eval_every_->value()));
  for (const auto& [key, widget] : fields_) {
    if (!training.contains(key)) continue;
    const QJsonValue value = training[key];
    if (auto* box = qobject_cast<QSpinBox*>(widget)) box->setValue(value.toInt());
    if (auto* box = qobject_cast<QDoubleSpinBox*>(widget)) box->setValue(value.toDouble());
    if (auto* box = qobject_cast<QComboBox*>(widget)) box->setCurrentText(value.toString());
  }
  if (training.contains("probes")) {
    QStringList lines;
    for (const auto& probe : training["probes"].toArray()) {
      const auto o = probe.toObject();
      lines << (o["reference"].toString().isEmpty() ? o["source"].toString()
                                                    : o["source"].toString() + " ||| " + o["reference"].toString());
    }
    probes_->setPlainText(lines.join('\n'));
  }
  if (training.contains("mixed_precision"))
    precision_->setCurrentIndex(training["mixed_precision"].toBool()
                                    ? std::max(1, precision_->findText(training["mixed_precision_dtype"].toString()))
                                    : 0);
}

void TrainingSettingsForm::setProbes(const QString& lines) { probes_->setPlainText(lines); }
QString TrainingSettingsForm::probes() const { return probes_->toPlainText(); }

QString TrainingSettingsForm::configJson(QString* error) const {
  QJsonObject model{{"encoder_layers", layers_->value()},
                    {"decoder_layers", decoder_layers_->value()},
                    {"d_model", d_model_->value()},
                    {"heads", heads_->value()},
                    {"d_ff", d_ff_->value()},
                    {"dropout", dropout_->value()},
                    {"direction", direction_->currentData().toString()}};
  QJsonObject config{{"model", model},
                     {"max_tokens", max_tokens_->value()},
                     {"warmup_steps", warmup_->value()},
                     {"max_steps", max_steps_->value()},
                     {"eval_every", eval_every_->value()}};
  for (const auto& [key, widget] : fields_) {
    if (auto* box = qobject_cast<QSpinBox*>(widget)) config[key] = box->value();
    if (auto* box = qobject_cast<QDoubleSpinBox*>(widget)) config[key] = box->value();
    if (auto* box = qobject_cast<QComboBox*>(widget)) config[key] = box->currentText();
  }
  QString probe_error;
  const QJsonArray probes = app::probesJson(probes_->toPlainText(), &probe_error);
  if (!probe_error.isEmpty() && error) *error = probe_error;
  config["probes"] = probes;
  config["mixed_precision"] = precision_->currentIndex() > 0;
  if (precision_->currentIndex() > 0) config["mixed_precision_dtype"] = precision_->currentText();
  return QString::fromUtf8(QJsonDocument(config).toJson(QJsonDocument::Compact));
}

}  // namespace studio::ui
