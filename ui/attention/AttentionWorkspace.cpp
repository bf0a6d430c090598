#include "ui/attention/AttentionWorkspace.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QFileDialog>
#include <QSaveFile>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QTabWidget>
#include <QTableWidget>
#include <QVBoxLayout>

#include <cmath>

#include "ui/attention/AttentionGrid.h"
#include "ui/attention/AttentionMapView.h"
#include "ui/attention/BeamExplorer.h"
#include "ui/attention/EmbeddingView.h"
#include "ui/attention/QueryKeyView.h"
#include "ui/attention/TimelapseBar.h"
#include "ui/charts/FigureExport.h"
#include "ui/explain/ExplainPanel.h"
#include "ui/explain/FaithfulnessPanel.h"
#include "ui/explain/MinimalPairsPanel.h"
#include "ui/explain/NeighboursView.h"
#include "ui/explain/PatchingPanel.h"
#include "ui/heads/HeadAblationPanel.h"
#include "ui/heads/HeadTimelineView.h"
#include "ui/lens/LensTimelineView.h"
#include "ui/lens/LensView.h"

namespace studio::ui {

using Kind = app::AttentionView::Kind;

AttentionWorkspace::AttentionWorkspace(app::TranslationService* service, QWidget* parent)
    : QWidget(parent), service_(service) {
  // --- the sentence -----------------------------------------------------------
  auto* top = new QHBoxLayout;
  sentence_ = new QLineEdit(this);
  sentence_->setObjectName("Sentence");
  sentence_->setAccessibleName(tr("Sentence to explore"));
  sentence_->setPlaceholderText(tr("A Vietnamese sentence (or use Explore attention in Translate)"));
  pad_to_ = new QSpinBox(this);
  pad_to_->setRange(0, 1024);
  pad_to_->setSpecialValueText(tr("no padding"));
  pad_to_->setObjectName("Pad to");
  pad_to_->setAccessibleName(tr("Pad the source to N tokens"));
  pad_to_->setToolTip(tr("Show the sentence inside a padded batch of this many source tokens, so that the "
                         "padding mask is visible"));
  capture_ = new QPushButton(tr("Capture"), this);
  capture_->setObjectName("Capture");
  capture_->setToolTip(tr("Translate the sentence and record every attention weight"));
  top->addWidget(new QLabel(tr("Sentence:"), this));
  top->addWidget(sentence_, 1);
  sentence_choice_ = new QComboBox(this);
  sentence_choice_->setObjectName("Sentence choice");
  sentence_choice_->setAccessibleName(tr("Sentence of the text"));
  sentence_choice_->setToolTip(
      tr("The text has several sentences: the explorer shows one at a time, as "
         "Translate translates them"));
  sentence_choice_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
  sentence_choice_->setMinimumContentsLength(22);
  sentence_choice_->hide();
  top->addWidget(sentence_choice_);
  top->addWidget(new QLabel(tr("Padded batch of:"), this));
  top->addWidget(pad_to_);
  top->addWidget(capture_);
  auto* given_row = new QHBoxLayout;
  target_ = new QLineEdit(this);
  target_->setObjectName("Given translation");
  target_->setAccessibleName(tr("Translation for the model to read"));
  target_->setPlaceholderText(
      tr("The model's own — or type an English translation to see how the model reads it"));
  target_->setToolTip(
      tr("The model reads this translation instead of writing its own (teacher forcing): the maps "
         "are over it, and each of its pieces gets the probability the model gives it there"));
  target_->setClearButtonEnabled(true);
  given_row->addWidget(new QLabel(tr("Translation:"), this));
  given_row->addWidget(target_, 1);

  // --- the controls -----------------------------------------------------------
  auto* controls = new QWidget(this);
  auto* controls_layout = new QVBoxLayout(controls);
  auto* select_group = new QGroupBox(tr("Map"), controls);
  auto* select_form = new QFormLayout(select_group);
  kind_ = new QComboBox(select_group);
  kind_->addItem(tr("Encoder self-attention"), int(Kind::EncoderSelf));
  kind_->addItem(tr("Decoder self-attention"), int(Kind::DecoderSelf));
  kind_->addItem(tr("Cross-attention"), int(Kind::Cross));
  kind_->setCurrentIndex(2);
  kind_->setObjectName("Attention kind");
  kind_->setAccessibleName(tr("Attention kind"));
  layer_ = new QComboBox(select_group);
  layer_->setObjectName("Layer");
  layer_->setAccessibleName(tr("Layer"));
  head_ = new QComboBox(select_group);
  head_->setObjectName("Head");
  head_->setAccessibleName(tr("Head"));
  masks_ = new QCheckBox(tr("Draw masks"), select_group);
  masks_->setChecked(true);
  masks_->setObjectName("Draw masks");
  masks_->setToolTip(tr("Hatch the cells a query may not see: padding keys and the causal upper triangle"));
  merge_ = new QCheckBox(tr("Merge pieces into words"), select_group);
  merge_->setObjectName("Merge words");
  merge_->setToolTip(tr("Sum the weights a word's pieces receive; average over a word's pieces as queries"));
  select_form->addRow(tr("Attention"), kind_);
  select_form->addRow(tr("Layer"), layer_);
  select_form->addRow(tr("Head"), head_);
  select_form->addRow(masks_);
  select_form->addRow(merge_);
  controls_layout->addWidget(select_group);

  auto* entropy_group = new QGroupBox(tr("Heads of this layer"), controls);
  auto* entropy_layout = new QVBoxLayout(entropy_group);
  entropy_ = new QTableWidget(0, 2, entropy_group);
  entropy_->setObjectName("Head entropy");
  entropy_->setAccessibleName(tr("Entropy of each head"));
  entropy_->setHorizontalHeaderLabels({tr("Head"), tr("Entropy (bits)")});
  entropy_->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
  entropy_->verticalHeader()->setVisible(false);
  entropy_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  entropy_->setSelectionBehavior(QAbstractItemView::SelectRows);
  entropy_->setToolTip(tr("Mean entropy of the attention rows: low = sharp, focused heads"));
  entropy_layout->addWidget(entropy_);
  controls_layout->addWidget(entropy_group, 1);

  warning_ = new QLabel(controls);
  warning_->setObjectName("Mask warning");
  warning_->setWordWrap(true);
  controls_layout->addWidget(warning_);

  auto* export_group = new QGroupBox(tr("Export"), controls);
  auto* export_layout = new QGridLayout(export_group);
  int column = 0;
  for (const QString& format : {QStringLiteral("PNG"), QStringLiteral("SVG"), QStringLiteral("PDF"),
                                QStringLiteral("CSV"), QStringLiteral("JSON")}) {
    auto* button = new QPushButton(format, export_group);
    button->setAccessibleName(tr("Export as %1").arg(format));
    button->setToolTip(format == "CSV"    ? tr("The weights of the map shown, with its labels")
                       : format == "JSON" ? tr("Every weight, token and mask of this sentence")
                       : format == "PNG"  ? tr("A picture of the map shown")
                                          : tr("The map shown as a vector figure, its weights beside it as CSV"));
    connect(button, &QPushButton::clicked, this, [this, format]() { exportAs(format); });
    export_layout->addWidget(button, column / 2, column % 2);
    ++column;
  }
  auto* export_timelapse = new QPushButton(tr("Timelapse…"), export_group);
  export_timelapse->setObjectName("Export timelapse");
  export_timelapse->setToolTip(tr("The map shown at every recorded step of the timelapse: a PNG a step and "
                                  "the weights of every step as CSV"));
  connect(export_timelapse, &QPushButton::clicked, this, [this] {
    if (!timelapse_->hasFrames()) {
      Q_EMIT errorOccurred(tr("This run has no probe records to export."));
      return;
    }
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Export the timelapse into a folder"));
    QString error;
    if (!dir.isEmpty() && exportTimelapse(dir, &error) < 0) Q_EMIT errorOccurred(error);
  });
  export_layout->addWidget(export_timelapse, column / 2, 0, 1, 2);
  controls_layout->addWidget(export_group);

  // --- the map and the grid ---------------------------------------------------
  views_ = new QTabWidget(this);
  auto* map_page = new QWidget(views_);
  auto* map_layout = new QVBoxLayout(map_page);
  translation_ = new QLabel(map_page);
  translation_->setObjectName("Explored translation");
  translation_->setWordWrap(true);
  translation_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  map_layout->addWidget(translation_);
  map_view_ = new AttentionMapView(map_page);
  map_view_->setObjectName("Attention map");
  map_view_->setHint(
      tr("Hover over a cell to read its weight; double-click it to take its row apart (Query · key)."));
  map_layout->addWidget(map_view_, 1);
  views_->addTab(map_page, tr("Map"));

  grid_ = new AttentionGrid(views_);
  connect(grid_, &AttentionGrid::mapChosen, this, [this](Kind kind, int layer, int head) {
    select(kind, layer, head);
    views_->setCurrentIndex(0);
  });
  views_->addTab(grid_, tr("All layers × heads"));
  query_key_ = new QueryKeyView(views_);
  query_key_->setObjectName("Query key");
  views_->addTab(query_key_, tr("Query · key"));
  views_->setTabToolTip(
      views_->indexOf(query_key_),
      tr("How a row of the map is made: one query against every key, dimension by dimension"));
  connect(query_key_, &QueryKeyView::headWanted, this,
          [this](int head) { head_->setCurrentIndex(head_->findData(head)); });
  connect(query_key_, &QueryKeyView::errorOccurred, this, &AttentionWorkspace::errorOccurred);
  connect(map_view_, &AttentionMapView::cellDoubleClicked, this, [this](int row, int) {
    if (merge_->isChecked()) {
      map_view_->setHint(
          tr("A row of merged words is not one query: untick Merge pieces into words to take a row "
             "apart."));
      return;
    }
    query_key_->setQuery(row);
    views_->setCurrentWidget(query_key_);
  });
  head_timeline_ = new HeadTimelineView(views_);
  head_timeline_->setObjectName("Heads over training");
  views_->addTab(head_timeline_, tr("Heads over training"));
  connect(head_timeline_, &HeadTimelineView::cellChosen, this, [this](Kind kind, int layer, int head, qint64 step) {
    timelapse_->showStep(step);
    select(kind, layer, head);
    views_->setCurrentIndex(0);
  });


  ablation_ = new HeadAblationPanel(service_, views_);
  ablation_->setObjectName("Switch heads off");
  views_->addTab(ablation_, tr("Switch heads off"));
  beam_ = new BeamExplorer(service_, views_);
  beam_->setObjectName("Beam search");
  views_->addTab(beam_, tr("Beam search"));
  explain_ = new ExplainPanel(service_, views_);
  explain_->setObjectName("Explain");
  explain_->setSources([this] { return model_provider_ ? model_provider_() : last_model_; },
                       [this] { return settings_provider_ ? settings_provider_() : last_settings_; },
                       [this] { return sentence(); }, [this] { return givenTranslation(); });
  views_->addTab(explain_, tr("Explain"));
  connect(explain_, &ExplainPanel::errorOccurred, this, &AttentionWorkspace::errorOccurred);
  patching_ = new PatchingPanel(views_);
  patching_->setObjectName("Patching");
  patching_->setSources([this] { return model_provider_ ? model_provider_() : last_model_; },
                        [this] { return settings_provider_ ? settings_provider_() : last_settings_; },
                        [this] { return sentence(); }, [this] { return givenTranslation(); });
  views_->addTab(patching_, tr("Patching"));
  views_->setTabToolTip(views_->indexOf(patching_),
                        tr("Which of the model's states carry the translation: the sentence read with a word "
                           "changed, each state put back in turn"));
  connect(patching_, &PatchingPanel::errorOccurred, this, &AttentionWorkspace::errorOccurred);
  faithfulness_ = new FaithfulnessPanel(views_);
  faithfulness_->setObjectName("Faithfulness");
  faithfulness_->setModelProvider([this] { return model_provider_ ? model_provider_() : last_model_; });
  views_->addTab(faithfulness_, tr("Faithfulness"));
  connect(faithfulness_, &FaithfulnessPanel::errorOccurred, this, &AttentionWorkspace::errorOccurred);
  minimal_pairs_ = new MinimalPairsPanel(views_);
  minimal_pairs_->setObjectName("Minimal pairs");
  minimal_pairs_->setModelProvider([this] { return model_provider_ ? model_provider_() : last_model_; });
  views_->addTab(minimal_pairs_, tr("Minimal pairs"));
  views_->setTabToolTip(
      views_->indexOf(minimal_pairs_),
      tr("What the model knows: does it prefer the right translation to a copy with one thing "
         "made wrong?"));
  connect(minimal_pairs_, &MinimalPairsPanel::errorOccurred, this, &AttentionWorkspace::errorOccurred);
  connect(minimal_pairs_, &MinimalPairsPanel::pairChosen, this,
          [this](const QString& source, const QString& translation) {
            setGivenTranslation(translation);
            exploreText(source);
            showMap();
          });
  neighbours_ = new NeighboursView(views_);
  neighbours_->setObjectName("Training examples");
  views_->addTab(neighbours_, tr("Training examples"));
  connect(neighbours_, &NeighboursView::errorOccurred, this, &AttentionWorkspace::errorOccurred);
  embeddings_ = new EmbeddingView(views_);
  embeddings_->setObjectName("Embeddings");
  views_->addTab(embeddings_, tr("Embeddings"));
  connect(embeddings_, &EmbeddingView::errorOccurred, this, &AttentionWorkspace::errorOccurred);
  lens_ = new LensView(views_);
  lens_->setObjectName("Logit lens");
  views_->addTab(lens_, tr("Logit lens"));
  views_->setTabToolTip(
      views_->indexOf(lens_),
      tr("What the decoder would predict after each of its blocks, as if the model ended there"));
  connect(lens_, &LensView::errorOccurred, this, &AttentionWorkspace::errorOccurred);
  connect(lens_->timeline(), &LensTimelineView::stepChosen, this,
          [this](qint64 step) { timelapse_->showStep(step); });
  // The logit or the tuned lens chosen: the sentence shown read again (a timelapse frame keeps what it
  // recorded).
  connect(lens_, &LensView::readingChanged, this, [this] {
    if (frame_step_ < 0 && !view_.isEmpty() && !view_.source.isEmpty())
      send(last_model_, view_.source, last_settings_);
  });
  connect(views_, &QTabWidget::currentChanged, this, [this] {
    ablation_->setActive(views_->currentWidget() == ablation_);
    neighbours_->setActive(views_->currentWidget() == neighbours_);
    embeddings_->setActive(views_->currentWidget() == embeddings_);
    beam_->setActive(views_->currentWidget() == beam_);
    if (views_->currentWidget() == explain_) explain_->explainIfStale();
    if (views_->currentWidget() == patching_) patching_->followSentence();
    // The mean over heads has no query and keys of its own: opening the tab on it shows head 1.
    if (views_->currentWidget() == query_key_ && head_->currentData().toInt() < 0 && head_->count() > 1)
      head_->setCurrentIndex(head_->findData(0));
  });

  auto* splitter = new QSplitter(Qt::Horizontal, this);
  splitter->addWidget(controls);
  splitter->addWidget(views_);
  splitter->setStretchFactor(1, 1);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(4, 4, 4, 4);
  layout->addLayout(top);
  layout->addLayout(given_row);
  timelapse_ = new TimelapseBar(this);
  timelapse_->setObjectName("Timelapse");
  layout->addWidget(timelapse_);
  layout->addWidget(splitter, 1);

  connect(timelapse_, &TimelapseBar::frameShown, this, &AttentionWorkspace::showFrame);
  connect(timelapse_, &TimelapseBar::recordsChanged, this, [this] {
    head_timeline_->setHistory(&timelapse_->history(), timelapse_->ownTranslation());
    lens_->timeline()->setHistory(&timelapse_->history(), timelapse_->ownTranslation());
  });
  connect(capture_, &QPushButton::clicked, this, &AttentionWorkspace::capture);
  connect(sentence_choice_, &QComboBox::activated, this, &AttentionWorkspace::chooseSentence);
  connect(sentence_, &QLineEdit::returnPressed, this, &AttentionWorkspace::capture);
  connect(target_, &QLineEdit::returnPressed, this, &AttentionWorkspace::capture);
  connect(kind_, qOverload<int>(&QComboBox::currentIndexChanged), this, [this]() {
    updateLayerChoices();
    refresh();
  });
  connect(layer_, qOverload<int>(&QComboBox::currentIndexChanged), this, [this]() { refresh(); });
  connect(head_, qOverload<int>(&QComboBox::currentIndexChanged), this, [this]() { refresh(); });
  connect(masks_, &QCheckBox::toggled, map_view_, &AttentionMapView::setMasksShown);
  connect(merge_, &QCheckBox::toggled, this, [this]() { refresh(); });
  connect(entropy_, &QTableWidget::cellClicked, this, [this](int row, int) { head_->setCurrentIndex(row + 1); });
  connect(service_, &app::TranslationService::attentionCaptured, this, [this](const app::AttentionView& view) {
    if (view.id == newest_id_) showView(view);
  });
  connect(service_, &app::TranslationService::failed, this, [this](quint64 id, const QString& message) {
    if (id != newest_id_) return;
    translation_->setText(message);
    Q_EMIT errorOccurred(message);
  });
  translation_->setText(tr("Capture a sentence: every layer and head of the three attentions will be shown here."));
}

void AttentionWorkspace::setModelProvider(std::function<app::ModelSource()> model,
                                          std::function<app::DecodeSettings()> settings) {
  model_provider_ = std::move(model);
  settings_provider_ = std::move(settings);
}

void AttentionWorkspace::explore(const app::ModelSource& model, const QString& text,
                                 const app::DecodeSettings& settings, const QString& target) {
  sentence_choice_->clear();  // a sentence from elsewhere: the list of another text's sentences goes
  sentence_choice_->hide();
  target_->setText(target);  // and a translation typed for the sentence before
  send(model, text.section('\n', 0, 0).trimmed(), settings);
}

void AttentionWorkspace::send(const app::ModelSource& model, const QString& sentence,
                              const app::DecodeSettings& settings) {
  last_model_ = model;
  last_settings_ = settings;
  sentence_->setText(sentence);
  app::AttentionRequest request;
  request.model = model;
  request.text = sentence;
  request.settings = settings;
  request.padTo = pad_to_->value();
  request.vectors = true;  // for the Query · key tab
  request.target = target_->text().trimmed();
  request.tunedLens = lens_->readsTuned();
  newest_id_ = service_->captureAttention(request);
  neighbours_->setSentence({});  // until the new sentence comes: the old one's lookup would be wasted
  translation_->setText(tr("Capturing…"));
}

void AttentionWorkspace::capture() {
  const QStringList sentences = app::sentencesOf(sentence_->text());
  if (sentences.isEmpty()) {
    Q_EMIT errorOccurred(tr("Type a sentence to explore its attention."));
    return;
  }
  if (sentences.size() > 1 && !givenTranslation().isEmpty()) {
    Q_EMIT errorOccurred(
        tr("The box holds %n sentence(s), and a translation of your own is for one. Clear the "
           "Translation box and capture, then choose a sentence and type its translation.",
           nullptr, int(sentences.size())));
    return;
  }
  // One of the listed sentences captured again (with a translation typed for it): the list stays.
  const int listed = sentences.size() == 1 ? sentence_choice_->findData(sentences.front()) : -1;
  if (listed >= 0) {
    sentence_choice_->setCurrentIndex(listed);
    captureOne(sentences.front());
    return;
  }
  sentence_choice_->clear();
  if (sentences.size() > 1)
    for (int i = 0; i < sentences.size(); ++i)
      sentence_choice_->addItem(tr("%1 of %2: %3").arg(i + 1).arg(sentences.size()).arg(sentences[i]),
                                sentences[i]);
  sentence_choice_->setVisible(sentences.size() > 1);
  captureOne(sentences.front());
}

void AttentionWorkspace::exploreText(const QString& text) {
  sentence_->setText(text);
  capture();
}

void AttentionWorkspace::captureOne(const QString& sentence) {
  send(model_provider_ ? model_provider_() : last_model_, sentence,
       settings_provider_ ? settings_provider_() : last_settings_);
}

QStringList AttentionWorkspace::sentenceChoices() const {
  QStringList sentences;
  for (int i = 0; i < sentence_choice_->count(); ++i) sentences << sentence_choice_->itemData(i).toString();
  return sentences;
}

void AttentionWorkspace::chooseSentence(int index) {
  if (index < 0 || index >= sentence_choice_->count()) return;
  sentence_choice_->setCurrentIndex(index);
  target_->clear();  // it was typed for the sentence shown before
  captureOne(sentence_choice_->itemData(index).toString());
}

QString AttentionWorkspace::sentence() const { return sentence_->text().trimmed(); }
QString AttentionWorkspace::givenTranslation() const { return target_->text().trimmed(); }
void AttentionWorkspace::setGivenTranslation(const QString& text) { target_->setText(text); }

void AttentionWorkspace::setTimelapseRun(const QString& run_dir) {
  if (run_dir != timelapse_->runDir()) timelapse_->setRun(run_dir);
}

void AttentionWorkspace::showTimelapseStep(qint64 step) {
  if (!timelapse_->hasFrames()) timelapse_->refresh();
  timelapse_->showStep(step);
}

void AttentionWorkspace::showHeadTimeline() { views_->setCurrentWidget(head_timeline_); }

void AttentionWorkspace::showExplain() { views_->setCurrentWidget(explain_); }

void AttentionWorkspace::showFaithfulness() { views_->setCurrentWidget(faithfulness_); }

void AttentionWorkspace::showMinimalPairs() { views_->setCurrentWidget(minimal_pairs_); }

void AttentionWorkspace::showPatching() { views_->setCurrentWidget(patching_); }

void AttentionWorkspace::showMap() { views_->setCurrentIndex(0); }

void AttentionWorkspace::showQueryKey() { views_->setCurrentWidget(query_key_); }

void AttentionWorkspace::showAblation() { views_->setCurrentWidget(ablation_); }
void AttentionWorkspace::showBeam() { views_->setCurrentWidget(beam_); }
void AttentionWorkspace::showNeighbours() { views_->setCurrentWidget(neighbours_); }
void AttentionWorkspace::showEmbeddings() { views_->setCurrentWidget(embeddings_); }
void AttentionWorkspace::showLens() { views_->setCurrentWidget(lens_); }

void AttentionWorkspace::showView(const app::AttentionView& view) {
  timelapse_->pause();
  frame_step_ = -1;
  ablation_->setSubject(last_model_, view.source, last_settings_, view.encoderLayers, view.decoderLayers, view.heads);
  beam_->setSubject(last_model_, view.source, last_settings_);
  explain_->setModelShape(view.decoderLayers, view.heads);
  if (views_->currentWidget() == explain_) explain_->explainIfStale();
  neighbours_->setSentence(view);
  embeddings_->setSentence(view);
  present(view, capturedCaption(view));
}

void AttentionWorkspace::showFrame(const app::AttentionView& view, const QString& reference, qint64 step) {
  frame_step_ = step;
  neighbours_->setSentence({});  // a frame is an earlier model than any file
  embeddings_->setSentence({});
  present(view, frameCaption(view, reference, step));
  head_timeline_->setMarker(step);
  lens_->timeline()->setMarker(step);
  Q_EMIT timelapseStepShown(step);
}

void AttentionWorkspace::present(const app::AttentionView& view, const QString& caption) {
  view_ = view;
  lens_->setView(view);
  translation_->setText(caption);
  {
    const QSignalBlocker block(head_);
    const int previous = head_->currentIndex();
    head_->clear();
    head_->addItem(tr("Mean over heads"), -1);
    for (int h = 0; h < view.heads; ++h) head_->addItem(tr("Head %1").arg(h + 1), h);
    head_->setCurrentIndex(previous >= 0 && previous < head_->count() ? previous : 0);
  }
  updateLayerChoices();
  double largest = 0;
  const int leaking = maskedCellsWithWeight(view, 1e-6, &largest);
  if (leaking > 0) {
    warning_->setText(tr("⚠ %n masked cell(s) carry weight above 1e-6 (largest %1): a masking bug.", nullptr, leaking)
                          .arg(largest, 0, 'g', 3));
    warning_->setStyleSheet("QLabel { background: #b00020; color: white; padding: 4px; }");
  } else {
    warning_->setText(tr("Masked cells carry no weight (largest %1).").arg(largest, 0, 'g', 3));
    warning_->setStyleSheet({});
  }
  refresh();
  grid_->setView(view_);
  Q_EMIT viewShown();
}

Kind AttentionWorkspace::kind() const { return Kind(kind_->currentData().toInt()); }

void AttentionWorkspace::select(Kind kind, int layer, int head) {
  {
    // One redraw for the three choices, not one for each.
    const QSignalBlocker block_kind(kind_), block_layer(layer_), block_head(head_);
    kind_->setCurrentIndex(kind_->findData(int(kind)));
    updateLayerChoices();
    layer_->setCurrentIndex(layer);
    head_->setCurrentIndex(head_->findData(head));
  }
  refresh();
}

void AttentionWorkspace::setMasksShown(bool shown) { masks_->setChecked(shown); }
void AttentionWorkspace::setMergeWords(bool merge) { merge_->setChecked(merge); }
void AttentionWorkspace::setPadTo(int tokens) { pad_to_->setValue(tokens); }

void AttentionWorkspace::updateLayerChoices() {
  const QSignalBlocker block(layer_);
  const int previous = layer_->currentIndex();
  layer_->clear();
  for (int l = 0; l < view_.layers(kind()); ++l) layer_->addItem(tr("Layer %1").arg(l + 1), l);
  layer_->setCurrentIndex(previous >= 0 && previous < layer_->count() ? previous : 0);
}

void AttentionWorkspace::refresh() {
  if (view_.isEmpty() || layer_->currentIndex() < 0) return;
  matrix_ = attentionMatrix(view_, kind(), layer_->currentIndex(), head_->currentData().toInt(), merge_->isChecked());
  query_key_->setMap(view_, kind(), layer_->currentIndex(), head_->currentData().toInt());
  drawMap();
  fillEntropy();
}

void AttentionWorkspace::drawMap() {
  const int head = head_->currentData().toInt();
  map_view_->setMatrix(matrix_, tr("%1 · layer %2 · %3")
                                    .arg(attentionKindName(kind()))
                                    .arg(layer_->currentIndex() + 1)
                                    .arg(head < 0 ? tr("mean over heads") : tr("head %1").arg(head + 1)));
}

bool AttentionWorkspace::cellDrawnMasked(int row, int column) const { return map_view_->cellDrawnMasked(row, column); }

QCPColorMap* AttentionWorkspace::heatmap() const { return map_view_->heatmap(); }

QString AttentionWorkspace::maskWarning() const { return warning_->text(); }

void AttentionWorkspace::fillEntropy() {
  const auto entropies = headEntropies(view_, kind(), layer_->currentIndex());
  entropy_->setRowCount(int(entropies.size()));
  for (int h = 0; h < entropies.size(); ++h) {
    entropy_->setItem(h, 0, new QTableWidgetItem(tr("Head %1").arg(h + 1)));
    entropy_->setItem(h, 1, new QTableWidgetItem(QString::number(entropies[h], 'f', 3)));
  }
}

int AttentionWorkspace::thumbnailCount() const { return grid_->thumbnailCount(); }

void AttentionWorkspace::showGrid() { views_->setCurrentWidget(grid_); }

}  // namespace studio::ui
