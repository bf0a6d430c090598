#include "ui/translate/TranslateSettingsPanel.h"

#include <algorithm>

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QStandardItemModel>

#include "app/EngineInfo.h"
#include "ui/translate/GlossaryEditor.h"
#include "ui/translate/LearnShortlistButton.h"

namespace studio::ui {

namespace {
// The Weights box's items, in order.
enum WeightsItem { kFloat32 = 0, kInt8 = 1, kBf16 = 2 };

// The Ensemble row's files: separated by ';', blanks dropped.
QStringList splitEnsemble(const QString& text) {
  QStringList files;
  for (const auto& part : text.split(';')) {
    const QString path = part.trimmed();
    if (!path.isEmpty()) files << path;
  }
  return files;
}
}  // namespace

TranslateSettingsPanel::TranslateSettingsPanel(QWidget* parent) : QWidget(parent) {
  auto* model_group = new QGroupBox(tr("Model"), this);
  auto* model_form = new QFormLayout(model_group);
  source_kind_ = new QComboBox(model_group);
  source_kind_->addItem(tr("Latest checkpoint of a run"), int(app::ModelSource::Kind::RunLatest));
  source_kind_->addItem(tr("Best checkpoint of a run"), int(app::ModelSource::Kind::RunBest));
  source_kind_->addItem(tr("Model file"), int(app::ModelSource::Kind::File));
  source_kind_->setObjectName("Model source");
  source_kind_->setAccessibleName(tr("Model source"));
  source_kind_->setToolTip(
      tr("A run's newest checkpoint (follows a training in progress), its best by dev BLEU, "
         "or any model file or checkpoint"));
  auto* path_row = new QHBoxLayout;
  model_path_ = new QLineEdit(model_group);
  model_path_->setObjectName("Model path");
  model_path_->setAccessibleName(tr("Model path"));
  model_path_->setPlaceholderText(tr("A run folder or a .pt file"));
  auto* browse = new QPushButton(tr("Browse…"), model_group);
  browse->setAccessibleName(tr("Browse for a model"));
  connect(browse, &QPushButton::clicked, this, &TranslateSettingsPanel::browseModel);
  path_row->addWidget(model_path_, 1);
  path_row->addWidget(browse);
  model_form->addRow(tr("Source"), source_kind_);
  model_form->addRow(tr("Path"), path_row);

  auto* decode_group = new QGroupBox(tr("Decoding"), this);
  auto* decode_form = new QFormLayout(decode_group);
  beam_ = new QSpinBox(decode_group);
  beam_->setRange(1, 64);
  beam_->setValue(4);
  beam_->setObjectName("Beam size");
  beam_->setAccessibleName(tr("Beam size"));
  beam_->setToolTip(tr("Hypotheses kept at each step; 1 is greedy search"));
  alpha_ = new QDoubleSpinBox(decode_group);
  alpha_->setRange(0.0, 3.0);
  alpha_->setSingleStep(0.1);
  alpha_->setValue(0.6);
  alpha_->setObjectName("Length penalty");
  alpha_->setAccessibleName(tr("Length penalty"));
  alpha_->setToolTip(tr("GNMT length penalty α: score = log P / ((5 + length) / 6)^α; 0 = none"));
  nbest_ = new QSpinBox(decode_group);
  nbest_->setRange(1, 64);
  nbest_->setValue(4);
  nbest_->setObjectName("N-best");
  nbest_->setAccessibleName(tr("N-best"));
  nbest_->setToolTip(tr("Hypotheses listed (at most the beam size)"));
  paragraphs_ = new QCheckBox(tr("Lines wrapped within paragraphs"), decode_group);
  paragraphs_->setObjectName("Wrapped lines");
  paragraphs_->setToolTip(
      tr("For text wrapped over lines (copied from a PDF or an e-mail): a line break is a space and "
         "a blank line ends a paragraph. Off: every line break ends a sentence"));
  connect(paragraphs_, &QCheckBox::toggled, this, &TranslateSettingsPanel::edited);
  markup_ = new QCheckBox(tr("Keep tags (HTML, XML)"), decode_group);
  markup_->setObjectName("Keep tags");
  markup_->setToolTip(
      tr("For text with inline markup such as <b>, <a href=\"…\"> or <br/>: the words are translated and "
         "each tag is put back around the words of the translation aligned to its words, a line at a time. "
         "Not with lines wrapped within paragraphs"));
  // A line at a time: wrapped paragraphs join lines.
  connect(markup_, &QCheckBox::toggled, this, [this](bool on) {
    if (on) paragraphs_->setChecked(false);
    Q_EMIT edited();
  });
  connect(paragraphs_, &QCheckBox::toggled, this, [this](bool on) {
    if (on) markup_->setChecked(false);
  });
  verbatim_ = new QCheckBox(tr("Keep links and numbers as typed"), decode_group);
  verbatim_->setObjectName("Keep as typed");
  verbatim_->setToolTip(
      tr("Web and e-mail addresses, file paths, placeholders such as %s or {name}, numbers and words the "
         "model's vocabulary cannot write come out exactly as typed: a sentence whose translation lost one "
         "is translated again with each of them required (beam search only)"));
  connect(verbatim_, &QCheckBox::toggled, this, &TranslateSettingsPanel::edited);
  as_you_type_ = new QCheckBox(tr("Translate as you type"), decode_group);
  as_you_type_->setChecked(true);
  as_you_type_->setObjectName("As you type");
  search_ = new QComboBox(decode_group);
  search_->setObjectName("Search");
  search_->setAccessibleName(tr("Search"));
  search_->addItem(tr("Beam search"), false);
  search_->addItem(tr("Sampling"), true);
  search_->setToolTip(
      tr("Beam search keeps the likeliest translations; sampling draws each piece at random from "
         "the model's distribution (N-best: the samples a sentence), to see what else it would say"));
  {
    sampling_row_ = new QWidget(decode_group);
    auto* row = new QHBoxLayout(sampling_row_);
    row->setContentsMargins(0, 0, 0, 0);
    temperature_ = new QDoubleSpinBox(sampling_row_);
    temperature_->setObjectName("Temperature");
    temperature_->setAccessibleName(tr("Temperature"));
    temperature_->setRange(0.05, 5.0);
    temperature_->setSingleStep(0.1);
    temperature_->setValue(1.0);
    temperature_->setToolTip(tr("Below 1 the likely pieces are drawn more often, above 1 the unlikely ones"));
    top_k_ = new QSpinBox(sampling_row_);
    top_k_->setObjectName("Top k");
    top_k_->setAccessibleName(tr("Top k"));
    top_k_->setRange(0, 100000);
    top_k_->setSpecialValueText(tr("all"));
    top_k_->setToolTip(tr("Draw among the k likeliest pieces only"));
    top_p_ = new QDoubleSpinBox(sampling_row_);
    top_p_->setObjectName("Top p");
    top_p_->setAccessibleName(tr("Top p"));
    top_p_->setRange(0.01, 1.0);
    top_p_->setSingleStep(0.05);
    top_p_->setValue(1.0);
    top_p_->setToolTip(tr("Draw among the fewest likeliest pieces that hold this share of the probability"));
    seed_ = new QSpinBox(sampling_row_);
    seed_->setObjectName("Seed");
    seed_->setAccessibleName(tr("Seed"));
    seed_->setRange(0, 1000000);
    seed_->setToolTip(tr("The same seed draws the same samples of a sentence"));
    row->addWidget(new QLabel(tr("T"), sampling_row_));
    row->addWidget(temperature_);
    row->addWidget(new QLabel(tr("top k"), sampling_row_));
    row->addWidget(top_k_);
    row->addWidget(new QLabel(tr("top p"), sampling_row_));
    row->addWidget(top_p_);
    row->addWidget(new QLabel(tr("seed"), sampling_row_));
    row->addWidget(seed_);
  }
  decode_form->addRow(tr("Search"), search_);
  decode_form->addRow(tr("Beam size"), beam_);
  decode_form->addRow(tr("Length penalty α"), alpha_);
  decode_form->addRow(tr("N-best"), nbest_);
  decode_form->addRow(tr("Sampling"), sampling_row_);
  auto showSearch = [this] {
    const bool sampling = search_->currentData().toBool();
    beam_->setEnabled(!sampling);
    sampling_row_->setEnabled(sampling);
    verbatim_->setEnabled(!sampling);  // its spans need the search
    nbest_->setToolTip(sampling ? tr("Samples drawn a sentence, listed best score first")
                                : tr("Hypotheses listed (at most the beam size)"));
  };
  showSearch();
  connect(search_, qOverload<int>(&QComboBox::currentIndexChanged), this, [this, showSearch] {
    showSearch();
    Q_EMIT edited();
  });
  {
    // The weights' precision: int8 is smaller and faster on the CPU at a small
    // cost in quality (docs/benchmarks.md); offered where this CPU can run it.
    // bf16 is faster only on CPUs with AMX or AVX512-BF16: offered there.
    weights_ = new QComboBox(model_group);
    weights_->setObjectName("Weights");
    weights_->setAccessibleName(tr("Weights"));
    weights_->addItem(tr("float32"), kFloat32);
    weights_->addItem(tr("int8 (smaller, faster)"), kInt8);
    weights_->addItem(tr("bf16 (AMX, AVX512-BF16)"), kBf16);
    const auto info = app::engineInfo();
    auto* items = qobject_cast<QStandardItemModel*>(weights_->model());
    QStringList tips;
    if (!info.int8Unsupported.isEmpty()) {
      if (items) items->item(kInt8)->setEnabled(false);
      tips << tr("int8 cannot run here: %1").arg(info.int8Unsupported);
    } else {
      tips << tr(
          "int8: each weight in one byte (per output channel), decoded by the CPU's engine; "
          "a little less accurate; not for a model on a GPU");
      tips << tr("int8 kernels on this CPU: %1").arg(info.int8Kernels);
    }
    if (info.cpuBf16.isEmpty()) {
      if (items) items->item(kBf16)->setEnabled(false);
      tips << tr(
          "bf16: off here, this CPU has no bf16 instructions (AMX or AVX512-BF16), without which bf16 is "
          "no faster than float32");
    } else {
      tips << tr("bf16: the products in bfloat16 on this CPU's %1; a little less accurate")
                  .arg(info.bf16Kernels);
    }
    weights_->setToolTip(tips.join("\n"));
    connect(weights_, qOverload<int>(&QComboBox::currentIndexChanged), this, &TranslateSettingsPanel::edited);
    model_form->addRow(tr("Weights"), weights_);
  }
  // Terms the translation must follow (docs/glossary.md).
  auto* edit_glossary = new QPushButton(tr("Edit…"), decode_group);
  edit_glossary->setObjectName("Edit glossary");
  edit_glossary->setAccessibleName(tr("Edit the glossary"));
  edit_glossary->setToolTip(
      tr("Add, change and remove the glossary's terms in a table, or start a new glossary"));
  glossary_ = fileRow(
      decode_group, decode_form, "Glossary", tr("Glossary"),
      tr("A TSV file of terms, VIETNAMESE<TAB>ENGLISH a line, or a TBX termbase: where the Vietnamese "
         "words occur (as typed), the translation contains the English"),
      tr("Choose a glossary"), tr("Glossaries (*.tsv *.txt *.tbx);;All files (*)"), edit_glossary);
  connect(edit_glossary, &QPushButton::clicked, this, &TranslateSettingsPanel::editGlossary);
  // How the model runs (with its weights above): the output layer over the
  // pieces likely for the text alone (docs/cli.md, shortlist).
  learn_shortlist_ = new LearnShortlistButton(model_group);
  learn_shortlist_->setModelProvider([this] { return modelSource(); });
  shortlist_ = fileRow(
      model_group, model_form, "Shortlist", tr("Shortlist"),
      tr("A vocabulary shortlist learnt from the model's training data (Learn, or attention-studio-cli "
         "shortlist): faster decoding over the English pieces likely for the text"),
      tr("Choose a shortlist"), tr("Shortlists (*.txt);;All files (*)"), learn_shortlist_);
  connect(learn_shortlist_, &LearnShortlistButton::learned, this,
          [this](const app::LearnedShortlist& shortlist) {
            shortlist_->setText(shortlist.path);
            Q_EMIT notice(shortlist.summary(), false);
            Q_EMIT fileChosen();
          });
  connect(learn_shortlist_, &LearnShortlistButton::failed, this,
          [this](const QString& message) { Q_EMIT notice(message, true); });
  // Other models translating with this one (DecodingOptions::ensemble).
  {
    auto* row = new QHBoxLayout;
    ensemble_ = new QLineEdit(model_group);
    ensemble_->setObjectName("Ensemble");
    ensemble_->setAccessibleName(tr("Ensemble"));
    ensemble_->setPlaceholderText(tr("this model alone"));
    ensemble_->setToolTip(
        tr("More model files (separated by ;) that translate together with this one: at each step the mean "
           "of their probabilities. They need the same SentencePiece model (runs on one data folder, or "
           "checkpoints of one run). Usually a little better than any one of them, and as many times slower. "
           "The attention shown and the explorer's views are the first model's."));
    auto* add = new QPushButton(tr("Add…"), model_group);
    add->setAccessibleName(tr("Add models to the ensemble"));
    connect(add, &QPushButton::clicked, this, [this] {
      const QStringList chosen = QFileDialog::getOpenFileNames(this, tr("Add models to the ensemble"),
                                                               model_path_->text(), tr("Models (*.pt)"));
      if (chosen.isEmpty()) return;
      QStringList all = splitEnsemble(ensemble_->text());
      for (const auto& path : chosen)
        if (!all.contains(path)) all << path;
      ensemble_->setText(all.join(QStringLiteral("; ")));
      Q_EMIT fileChosen();
    });
    connect(ensemble_, &QLineEdit::editingFinished, this, &TranslateSettingsPanel::edited);
    ensemble_weights_ = new QLineEdit(model_group);
    ensemble_weights_->setObjectName("Ensemble weights");
    ensemble_weights_->setAccessibleName(tr("Ensemble weights"));
    ensemble_weights_->setPlaceholderText(tr("equal weights"));
    ensemble_weights_->setToolTip(
        tr("Each model's weight in the ensemble's mean, this model's first, then the others in order, e.g. "
           "2, 1 (Marian's --weights). Empty: every model weighs the same."));
    ensemble_weights_->setMaximumWidth(
        ensemble_weights_->fontMetrics().horizontalAdvance("0.00, 0.00, 0.00") + 16);
    connect(ensemble_weights_, &QLineEdit::editingFinished, this, &TranslateSettingsPanel::edited);
    row->addWidget(ensemble_, 1);
    row->addWidget(ensemble_weights_);
    row->addWidget(add);
    model_form->addRow(tr("Ensemble"), row);
  }
  auto* checks = new QHBoxLayout;  // one row: the text's form, when to translate
  checks->addWidget(paragraphs_);
  checks->addWidget(markup_);
  checks->addWidget(verbatim_);
  checks->addWidget(as_you_type_);
  checks->addStretch(1);
  decode_form->addRow(checks);
  // Every way to run this model measured side by side, and the chosen one saved.
  auto* small_and_fast = new QPushButton(tr("Make it small and fast…"), model_group);
  small_and_fast->setObjectName("Make it small and fast");
  small_and_fast->setToolTip(
      tr("Measure this model in float32, int8, with the shortlist and with heads pruned on "
         "this computer (speed against BLEU), and save the way you choose"));
  connect(small_and_fast, &QPushButton::clicked, this, &TranslateSettingsPanel::smallAndFastRequested);
  model_form->addRow(small_and_fast);

  auto* row = new QHBoxLayout(this);
  row->setContentsMargins(0, 0, 0, 0);
  row->addWidget(model_group, 3);
  row->addWidget(decode_group, 2);

  for (QAbstractSpinBox* box :
       std::initializer_list<QAbstractSpinBox*>{beam_, alpha_, nbest_, temperature_, top_k_, top_p_, seed_})
    connect(box, &QAbstractSpinBox::editingFinished, this, &TranslateSettingsPanel::edited);
  connect(model_path_, &QLineEdit::textChanged, this, [this] {
    // A model file typed or pasted while a run's checkpoint is the source: the source is that file.
    if (QFileInfo(model_path_->text().trimmed()).isFile() &&
        source_kind_->currentData().toInt() != int(app::ModelSource::Kind::File)) {
      const QSignalBlocker quiet(source_kind_);
      source_kind_->setCurrentIndex(source_kind_->findData(int(app::ModelSource::Kind::File)));
    }
    Q_EMIT modelSourceChanged(modelSource());
  });
  connect(source_kind_, qOverload<int>(&QComboBox::currentIndexChanged), this,
          [this] { Q_EMIT modelSourceChanged(modelSource()); });
}

// A file the translations use, chosen or typed: a glossary, a shortlist.
QLineEdit* TranslateSettingsPanel::fileRow(QWidget* group, QFormLayout* form, const char* object_name,
                                           const QString& name, const QString& tooltip,
                                           const QString& choose_title, const QString& filter,
                                           QWidget* extra) {
  auto* row = new QHBoxLayout;
  auto* edit = new QLineEdit(group);
  edit->setObjectName(object_name);
  edit->setAccessibleName(name);
  edit->setPlaceholderText(tr("none"));
  edit->setToolTip(tooltip);
  auto* choose = new QPushButton(tr("Choose…"), group);
  choose->setAccessibleName(choose_title);
  connect(choose, &QPushButton::clicked, this, [this, edit, choose_title, filter] {
    const QString path = QFileDialog::getOpenFileName(this, choose_title, edit->text(), filter);
    if (path.isEmpty()) return;
    edit->setText(path);
    Q_EMIT fileChosen();
  });
  row->addWidget(edit, 1);
  row->addWidget(choose);
  if (extra) row->addWidget(extra);
  form->addRow(name, row);
  connect(edit, &QLineEdit::editingFinished, this, &TranslateSettingsPanel::edited);
  return edit;
}

app::ModelSource TranslateSettingsPanel::modelSource() const {
  app::ModelSource source;
  source.kind = app::ModelSource::Kind(source_kind_->currentData().toInt());
  source.path = model_path_->text().trimmed();
  return source;
}

void TranslateSettingsPanel::setModelSource(const app::ModelSource& source) {
  source_kind_->setCurrentIndex(source_kind_->findData(int(source.kind)));
  model_path_->setText(source.path);
}

app::DecodeSettings TranslateSettingsPanel::decodeSettings() const {
  app::DecodeSettings s;
  s.beam = beam_->value();
  s.alpha = alpha_->value();
  s.sampling = search_->currentData().toBool();
  s.nbest = s.sampling ? nbest_->value() : std::min(nbest_->value(), beam_->value());
  s.temperature = temperature_->value();
  s.topK = top_k_->value();
  s.topP = top_p_->value();
  s.seed = seed_->value();
  s.glossary = glossary_->text().trimmed();
  s.shortlist = shortlist_->text().trimmed();
  s.ensemble = splitEnsemble(ensemble_->text());
  s.ensembleWeights = ensemble_weights_->text().trimmed();
  s.int8 = weights_->currentData().toInt() == kInt8;
  s.bf16 = weights_->currentData().toInt() == kBf16;
  s.paragraphs = paragraphs_->isChecked();
  s.markup = markup_->isChecked();
  s.verbatim = verbatim_->isChecked();
  return s;
}

void TranslateSettingsPanel::setDecodeSettings(const app::DecodeSettings& s) {
  beam_->setValue(s.beam);
  alpha_->setValue(s.alpha);
  nbest_->setValue(s.nbest);
  search_->setCurrentIndex(s.sampling ? 1 : 0);
  temperature_->setValue(s.temperature);
  top_k_->setValue(s.topK);
  top_p_->setValue(s.topP);
  seed_->setValue(int(s.seed));
  glossary_->setText(s.glossary);
  shortlist_->setText(s.shortlist);
  ensemble_->setText(s.ensemble.join(QStringLiteral("; ")));
  ensemble_weights_->setText(s.ensembleWeights);
  paragraphs_->setChecked(s.paragraphs);
  markup_->setChecked(s.markup && !s.paragraphs);
  verbatim_->setChecked(s.verbatim);
  const int wanted = s.int8 ? kInt8 : s.bf16 ? kBf16 : kFloat32;
  const auto* items = qobject_cast<QStandardItemModel*>(weights_->model());
  weights_->setCurrentIndex(items && !items->item(wanted)->isEnabled() ? kFloat32 : wanted);
}

void TranslateSettingsPanel::setGlossary(const QString& path) { glossary_->setText(path); }

GlossaryEditor* TranslateSettingsPanel::glossaryEditor() {
  if (!glossary_editor_) {
    glossary_editor_ = new GlossaryEditor(this);
    connect(glossary_editor_, &GlossaryEditor::saved, this, [this](const QString& path) {
      glossary_->setText(path);
      Q_EMIT fileChosen();  // translated again with it
    });
  }
  return glossary_editor_;
}

void TranslateSettingsPanel::editGlossary() {
  auto* editor = glossaryEditor();
  if (editor->isVisible()) {
    editor->raise();
    editor->activateWindow();
    return;
  }
  // A new glossary is saved beside the model's run by default.
  const auto model = modelSource();
  const QFileInfo path(model.path);
  editor->setSuggestedFolder(model.kind == app::ModelSource::Kind::File ? path.absolutePath()
                                                                        : path.absoluteFilePath());
  editor->openGlossary(glossary_->text().trimmed());  // one that cannot be read: a new one, the reason said
  editor->show();
}

void TranslateSettingsPanel::useWay(const app::ExportedWay& way) {
  setModelSource({app::ModelSource::Kind::File, way.model});
  weights_->setCurrentIndex(way.int8 ? kInt8 : way.bf16 ? kBf16 : kFloat32);
  shortlist_->setText(way.shortlist);
}

bool TranslateSettingsPanel::translateAsYouType() const { return as_you_type_->isChecked(); }

void TranslateSettingsPanel::browseModel() {
  const bool file = source_kind_->currentData().toInt() == int(app::ModelSource::Kind::File);
  const QString chosen =
      file ? QFileDialog::getOpenFileName(this, tr("Open a model"), model_path_->text(), tr("Models (*.pt)"))
           : QFileDialog::getExistingDirectory(this, tr("Open a run folder"), model_path_->text());
  if (!chosen.isEmpty()) model_path_->setText(chosen);
}

}  // namespace studio::ui
