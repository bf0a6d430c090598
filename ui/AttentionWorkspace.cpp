#include "ui/AttentionWorkspace.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSaveFile>
#include <QScrollArea>
#include <QSpinBox>
#include <QSplitter>
#include <QSvgGenerator>
#include <QTabWidget>
#include <QTableWidget>
#include <QToolButton>
#include <QToolTip>
#include <QVBoxLayout>

#include <cmath>

#include "ui/BeamExplorer.h"
#include "ui/HeadAblationPanel.h"
#include "ui/Palette.h"
#include "ui/QCustomPlot.h"

namespace studio::ui {

using Kind = app::AttentionView::Kind;

namespace {

bool isSpecial(const QString& piece) {
  return piece == "<s>" || piece == "</s>" || piece == "<pad>" || piece == "<unk>";
}

QString wordLabel(const QStringList& pieces, const QVector<int>& group) {
  QString word;
  for (int i : group) word += pieces[i];
  if (word.startsWith(QChar(0x2581))) word.remove(0, 1);
  return word;
}

QString kindName(Kind kind) {
  switch (kind) {
    case Kind::EncoderSelf:
      return AttentionWorkspace::tr("encoder self-attention");
    case Kind::DecoderSelf:
      return AttentionWorkspace::tr("decoder self-attention");
    case Kind::Cross:
      return AttentionWorkspace::tr("cross-attention");
  }
  return {};
}

QCPColorGradient heatmapGradient() {
  QCPColorGradient gradient;
  gradient.clearColorStops();
  for (int i = 0; i <= 8; ++i) gradient.setColorStopAt(i / 8.0, QColor(heatmapColor(i / 8.0)));
  gradient.setLevelCount(256);
  return gradient;
}

// A small picture of one map, each cell a few pixels, masked cells grey.
QImage thumbnail(const AttentionMatrix& m, int cell) {
  QImage image(m.columns * cell, m.rows * cell, QImage::Format_RGB32);
  double largest = 1e-12;
  for (double v : m.values) largest = std::max(largest, v);
  for (int r = 0; r < m.rows; ++r)
    for (int c = 0; c < m.columns; ++c) {
      const QRgb colour = m.isMasked(r, c) ? qRgb(128, 128, 128) : heatmapColor(m.value(r, c) / largest);
      for (int y = 0; y < cell; ++y)
        for (int x = 0; x < cell; ++x) image.setPixel(c * cell + x, r * cell + y, colour);
    }
  return image;
}

}  // namespace

QVector<QVector<int>> wordGroups(const QStringList& pieces) {
  QVector<QVector<int>> groups;
  for (int i = 0; i < pieces.size(); ++i) {
    const bool special = isSpecial(pieces[i]);
    const bool opens = groups.isEmpty() || special || pieces[i].startsWith(QChar(0x2581)) ||
                       isSpecial(pieces[groups.back().back()]);
    if (opens)
      groups.push_back({i});
    else
      groups.back().push_back(i);
  }
  return groups;
}

AttentionMatrix attentionMatrix(const app::AttentionView& view, Kind kind, int layer, int head, bool merge_words) {
  const int rows = view.rows(kind), columns = view.columns(kind);
  // The per-piece matrix first.
  QVector<double> values(qsizetype(rows) * columns, 0.0);
  for (int q = 0; q < rows; ++q)
    for (int k = 0; k < columns; ++k) {
      double v = 0;
      if (head >= 0) {
        v = view.weight(kind, layer, head, q, k);
      } else {
        for (int h = 0; h < view.heads; ++h) v += view.weight(kind, layer, h, q, k);
        v /= std::max(1, view.heads);
      }
      values[q * columns + k] = v;
    }
  AttentionMatrix m;
  if (!merge_words) {
    m.rows = rows;
    m.columns = columns;
    m.rowLabels = view.rowTokens(kind);
    m.columnLabels = view.columnTokens(kind);
    m.values = values;
    m.masked.resize(values.size());
    for (int q = 0; q < rows; ++q)
      for (int k = 0; k < columns; ++k) m.masked[q * columns + k] = view.masked(kind, q, k);
    return m;
  }
  const auto row_groups = wordGroups(view.rowTokens(kind));
  const auto column_groups = wordGroups(view.columnTokens(kind));
  m.rows = int(row_groups.size());
  m.columns = int(column_groups.size());
  for (const auto& g : row_groups) m.rowLabels << wordLabel(view.rowTokens(kind), g);
  for (const auto& g : column_groups) m.columnLabels << wordLabel(view.columnTokens(kind), g);
  m.values.resize(qsizetype(m.rows) * m.columns);
  m.masked.resize(m.values.size());
  for (int r = 0; r < m.rows; ++r)
    for (int c = 0; c < m.columns; ++c) {
      double sum = 0;
      bool all_masked = true;
      for (int q : row_groups[r])
        for (int k : column_groups[c]) {
          sum += values[q * columns + k];
          all_masked = all_masked && view.masked(kind, q, k);
        }
      // Keys summed (a word receives what its pieces receive), queries averaged.
      m.values[r * m.columns + c] = sum / double(row_groups[r].size());
      m.masked[r * m.columns + c] = all_masked;
    }
  return m;
}

QVector<double> headEntropies(const app::AttentionView& view, Kind kind, int layer) {
  QVector<double> result;
  const int rows = view.rows(kind), columns = view.columns(kind);
  const QStringList& row_tokens = view.rowTokens(kind);
  for (int h = 0; h < view.heads; ++h) {
    double total = 0;
    int counted = 0;
    for (int q = 0; q < rows; ++q) {
      if (row_tokens.value(q) == "<pad>") continue;
      double entropy = 0;
      for (int k = 0; k < columns; ++k) {
        const double p = view.weight(kind, layer, h, q, k);
        if (p > 0) entropy -= p * std::log2(p);
      }
      total += entropy;
      ++counted;
    }
    result << (counted ? total / counted : 0.0);
  }
  return result;
}

int maskedCellsWithWeight(const app::AttentionView& view, double threshold, double* largest) {
  int count = 0;
  double max_seen = 0;
  for (Kind kind : {Kind::EncoderSelf, Kind::DecoderSelf, Kind::Cross}) {
    const int rows = view.rows(kind), columns = view.columns(kind);
    for (int l = 0; l < view.layers(kind); ++l)
      for (int h = 0; h < view.heads; ++h)
        for (int q = 0; q < rows; ++q)
          for (int k = 0; k < columns; ++k) {
            if (!view.masked(kind, q, k)) continue;
            const double w = std::abs(double(view.weight(kind, l, h, q, k)));
            max_seen = std::max(max_seen, w);
            if (w > threshold) ++count;
          }
  }
  if (largest) *largest = max_seen;
  return count;
}

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
  top->addWidget(new QLabel(tr("Padded batch of:"), this));
  top->addWidget(pad_to_);
  top->addWidget(capture_);

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
  for (const QString& format : {QStringLiteral("PNG"), QStringLiteral("SVG"), QStringLiteral("CSV"),
                                QStringLiteral("JSON")}) {
    auto* button = new QPushButton(format, export_group);
    button->setAccessibleName(tr("Export as %1").arg(format));
    button->setToolTip(format == "CSV"    ? tr("The weights of the map shown, with its labels")
                       : format == "JSON" ? tr("Every weight, token and mask of this sentence")
                                          : tr("A picture of the map shown"));
    connect(button, &QPushButton::clicked, this, [this, format]() { exportAs(format); });
    export_layout->addWidget(button, column / 2, column % 2);
    ++column;
  }
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
  plot_ = new QCustomPlot(map_page);
  plot_->setObjectName("Heatmap");
  plot_->setAccessibleName(tr("Attention heatmap"));
  plot_->setMinimumSize(400, 300);
  plot_->axisRect()->setupFullAxesBox(true);
  plot_->xAxis->setLabel(tr("key (attended to)"));
  plot_->yAxis->setLabel(tr("query (attending)"));
  plot_->yAxis->setRangeReversed(true);
  map_ = new QCPColorMap(plot_->xAxis, plot_->yAxis);
  map_->setInterpolate(false);
  map_->setTightBoundary(false);
  scale_ = new QCPColorScale(plot_);
  scale_->setType(QCPAxis::atRight);
  scale_->axis()->setLabel(tr("weight"));
  plot_->plotLayout()->addElement(0, 1, scale_);
  map_->setColorScale(scale_);  // the map takes the scale's gradient and range: set them after
  map_->setGradient(heatmapGradient());
  auto* margins = new QCPMarginGroup(plot_);
  plot_->axisRect()->setMarginGroup(QCP::msBottom | QCP::msTop, margins);
  scale_->setMarginGroup(QCP::msBottom | QCP::msTop, margins);
  plot_->setMouseTracking(true);
  applyPalette(plot_, palette(), {scale_->axis()});
  connect(plot_, &QCustomPlot::mouseMove, this, &AttentionWorkspace::onHover);
  map_layout->addWidget(plot_, 1);
  hover_ = new QLabel(tr("Hover over a cell to read its weight."), map_page);
  hover_->setObjectName("Hover");
  hover_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  map_layout->addWidget(hover_);
  views_->addTab(map_page, tr("Map"));

  auto* scroll = new QScrollArea(views_);
  grid_host_ = new QWidget(scroll);
  grid_ = new QGridLayout(grid_host_);
  grid_->setSpacing(6);
  scroll->setWidget(grid_host_);
  scroll->setWidgetResizable(true);
  views_->addTab(scroll, tr("All layers × heads"));

  ablation_ = new HeadAblationPanel(service_, views_);
  ablation_->setObjectName("Switch heads off");
  views_->addTab(ablation_, tr("Switch heads off"));
  beam_ = new BeamExplorer(service_, views_);
  beam_->setObjectName("Beam search");
  views_->addTab(beam_, tr("Beam search"));
  connect(views_, &QTabWidget::currentChanged, this, [this] {
    ablation_->setActive(views_->currentWidget() == ablation_);
    beam_->setActive(views_->currentWidget() == beam_);
  });

  auto* splitter = new QSplitter(Qt::Horizontal, this);
  splitter->addWidget(controls);
  splitter->addWidget(views_);
  splitter->setStretchFactor(1, 1);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(4, 4, 4, 4);
  layout->addLayout(top);
  layout->addWidget(splitter, 1);

  connect(capture_, &QPushButton::clicked, this, &AttentionWorkspace::capture);
  connect(sentence_, &QLineEdit::returnPressed, this, &AttentionWorkspace::capture);
  connect(kind_, qOverload<int>(&QComboBox::currentIndexChanged), this, [this]() {
    updateLayerChoices();
    refresh();
  });
  connect(layer_, qOverload<int>(&QComboBox::currentIndexChanged), this, [this]() { refresh(); });
  connect(head_, qOverload<int>(&QComboBox::currentIndexChanged), this, [this]() { refresh(); });
  connect(masks_, &QCheckBox::toggled, this, [this]() { drawOverlay(); });
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

void AttentionWorkspace::changeEvent(QEvent* event) {
  if (event->type() == QEvent::PaletteChange) {
    applyPalette(plot_, palette(), {scale_->axis()});
    plot_->replot();
  }
  QWidget::changeEvent(event);
}

void AttentionWorkspace::setModelProvider(std::function<app::ModelSource()> model,
                                          std::function<app::DecodeSettings()> settings) {
  model_provider_ = std::move(model);
  settings_provider_ = std::move(settings);
}

void AttentionWorkspace::explore(const app::ModelSource& model, const QString& text,
                                 const app::DecodeSettings& settings) {
  last_model_ = model;
  last_settings_ = settings;
  sentence_->setText(text.section('\n', 0, 0).trimmed());
  app::AttentionRequest request;
  request.model = model;
  request.text = sentence_->text();
  request.settings = settings;
  request.padTo = pad_to_->value();
  newest_id_ = service_->captureAttention(request);
  translation_->setText(tr("Capturing…"));
}

void AttentionWorkspace::capture() {
  if (sentence_->text().trimmed().isEmpty()) {
    Q_EMIT errorOccurred(tr("Type a sentence to explore its attention."));
    return;
  }
  const auto model = model_provider_ ? model_provider_() : last_model_;
  const auto settings = settings_provider_ ? settings_provider_() : last_settings_;
  explore(model, sentence_->text(), settings);
}

void AttentionWorkspace::showAblation() { views_->setCurrentWidget(ablation_); }
void AttentionWorkspace::showBeam() { views_->setCurrentWidget(beam_); }

void AttentionWorkspace::showView(const app::AttentionView& view) {
  view_ = view;
  ablation_->setSubject(last_model_, view.source, last_settings_, view.encoderLayers, view.decoderLayers, view.heads);
  beam_->setSubject(last_model_, view.source, last_settings_);
  translation_->setText(tr("<b>%1</b> → <b>%2</b><br><small>%3 · %4 source tokens (%5 padding), %6 target "
                           "tokens · %7+%8 layers, %9 heads</small>")
                            .arg(view.source.toHtmlEscaped(), view.translation.toHtmlEscaped(),
                                 view.modelPath.toHtmlEscaped())
                            .arg(view.sourceLength)
                            .arg(view.padding)
                            .arg(view.targetLength)
                            .arg(view.encoderLayers)
                            .arg(view.decoderLayers)
                            .arg(view.heads));
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
  fillGrid();
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
  drawMap();
  fillEntropy();
}

void AttentionWorkspace::drawMap() {
  const AttentionMatrix& m = matrix_;
  map_->data()->setSize(m.columns, m.rows);
  map_->data()->setRange(QCPRange(0, std::max(0, m.columns - 1)), QCPRange(0, std::max(0, m.rows - 1)));
  double largest = 0;
  for (int r = 0; r < m.rows; ++r)
    for (int c = 0; c < m.columns; ++c) {
      map_->data()->setCell(c, r, m.value(r, c));
      largest = std::max(largest, m.value(r, c));
    }
  map_->setDataRange(QCPRange(0, largest > 0 ? largest : 1));
  auto label_axis = [](QCPAxis* axis, const QStringList& labels) {
    QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
    for (int i = 0; i < labels.size(); ++i) ticker->addTick(i, labels[i]);
    axis->setTicker(ticker);
    axis->setSubTicks(false);
    axis->setRange(-0.5, labels.size() - 0.5);
    axis->grid()->setVisible(false);
  };
  label_axis(plot_->xAxis, m.columnLabels);
  label_axis(plot_->yAxis, m.rowLabels);
  plot_->xAxis->setTickLabelRotation(m.columns > 8 ? 60 : 0);
  const int head = head_->currentData().toInt();
  const QString title = tr("%1 · layer %2 · %3")
                            .arg(kindName(kind()))
                            .arg(layer_->currentIndex() + 1)
                            .arg(head < 0 ? tr("mean over heads") : tr("head %1").arg(head + 1));
  plot_->xAxis2->setLabel(title);
  drawOverlay();
}

void AttentionWorkspace::drawOverlay() {
  for (auto* item : overlay_) plot_->removeItem(item);
  overlay_.clear();
  if (masks_->isChecked()) {
    // One rectangle per run of masked cells in a row: the causal triangle
    // and the padding columns take a rectangle a row each.
    const AttentionMatrix& m = matrix_;
    for (int r = 0; r < m.rows; ++r) {
      int c = 0;
      while (c < m.columns) {
        if (!m.isMasked(r, c)) {
          ++c;
          continue;
        }
        const int first = c;
        while (c < m.columns && m.isMasked(r, c)) ++c;
        auto* rect = new QCPItemRect(plot_);
        rect->topLeft->setCoords(first - 0.5, r - 0.5);
        rect->bottomRight->setCoords(c - 0.5, r + 0.5);
        rect->setBrush(maskBrush());
        rect->setPen(QPen(maskOutline(), 0));
        rect->setSelectable(false);
        overlay_.push_back(rect);
      }
    }
  }
  plot_->replot();
}

bool AttentionWorkspace::cellDrawnMasked(int row, int column) const {
  for (const auto* rect : overlay_) {
    if (!rect->visible()) continue;
    const QPointF a = rect->topLeft->coords(), b = rect->bottomRight->coords();
    if (column > std::min(a.x(), b.x()) && column < std::max(a.x(), b.x()) && row > std::min(a.y(), b.y()) &&
        row < std::max(a.y(), b.y()))
      return true;
  }
  return false;
}

QString AttentionWorkspace::maskWarning() const { return warning_->text(); }

void AttentionWorkspace::fillEntropy() {
  const auto entropies = headEntropies(view_, kind(), layer_->currentIndex());
  entropy_->setRowCount(int(entropies.size()));
  for (int h = 0; h < entropies.size(); ++h) {
    entropy_->setItem(h, 0, new QTableWidgetItem(tr("Head %1").arg(h + 1)));
    entropy_->setItem(h, 1, new QTableWidgetItem(QString::number(entropies[h], 'f', 3)));
  }
}

int AttentionWorkspace::thumbnailCount() const { return grid_->count(); }

void AttentionWorkspace::showGrid() { views_->setCurrentIndex(1); }

void AttentionWorkspace::fillGrid() {
  while (auto* item = grid_->takeAt(0)) {
    delete item->widget();
    delete item;
  }
  // Rows: the three kinds' layers; columns: the heads, then their mean.
  int row = 0;
  for (Kind kind : {Kind::EncoderSelf, Kind::DecoderSelf, Kind::Cross}) {
    for (int l = 0; l < view_.layers(kind); ++l, ++row) {
      auto* label = new QLabel(tr("%1\nlayer %2").arg(kindName(kind)).arg(l + 1), grid_host_);
      grid_->addWidget(label, row, 0);
      for (int h = -1; h < view_.heads; ++h) {
        const auto m = attentionMatrix(view_, kind, l, h, false);
        const int cell = std::max(2, 96 / std::max({1, m.rows, m.columns}));
        auto* button = new QToolButton(grid_host_);
        button->setIcon(QPixmap::fromImage(thumbnail(m, cell)));
        button->setIconSize(QSize(m.columns * cell, m.rows * cell));
        button->setToolButtonStyle(Qt::ToolButtonTextUnderIcon);
        button->setText(h < 0 ? tr("mean") : tr("head %1").arg(h + 1));
        button->setAccessibleName(tr("%1, layer %2, %3").arg(kindName(kind)).arg(l + 1).arg(button->text()));
        button->setToolTip(tr("Open this map"));
        connect(button, &QToolButton::clicked, this, [this, kind, l, h]() {
          select(kind, l, h);
          views_->setCurrentIndex(0);
        });
        grid_->addWidget(button, row, h + 2);
      }
    }
  }
  // Thumbnails packed to the top left, whatever the window's size.
  for (int c = 0; c < grid_->columnCount(); ++c) grid_->setColumnStretch(c, 0);
  for (int r = 0; r < grid_->rowCount(); ++r) grid_->setRowStretch(r, 0);
  grid_->setColumnStretch(view_.heads + 2, 1);
  grid_->setRowStretch(row, 1);
}

void AttentionWorkspace::onHover(QMouseEvent* event) {
  if (view_.isEmpty() || matrix_.rows == 0) return;
  const int column = int(std::lround(plot_->xAxis->pixelToCoord(event->pos().x())));
  const int row = int(std::lround(plot_->yAxis->pixelToCoord(event->pos().y())));
  if (row < 0 || row >= matrix_.rows || column < 0 || column >= matrix_.columns) {
    hover_->clear();
    QToolTip::hideText();
    return;
  }
  const QString text = tr("query “%1” → key “%2”: %3%4")
                           .arg(matrix_.rowLabels[row], matrix_.columnLabels[column])
                           .arg(matrix_.value(row, column), 0, 'g', 6)
                           .arg(matrix_.isMasked(row, column) ? tr(" (masked)") : QString());
  hover_->setText(text);
  QToolTip::showText(event->globalPosition().toPoint(), text, plot_);
}

bool AttentionWorkspace::savePng(const QString& path) {
  QSaveFile file(path);
  if (!file.open(QIODevice::WriteOnly)) return false;
  const QPixmap picture = plot_->toPixmap(plot_->width(), plot_->height(), 2.0);
  return picture.save(&file, "PNG") && file.commit();
}

bool AttentionWorkspace::saveSvg(const QString& path) {
  QSaveFile file(path);
  if (!file.open(QIODevice::WriteOnly)) return false;
  QSvgGenerator generator;
  generator.setOutputDevice(&file);
  generator.setSize(plot_->size());
  generator.setViewBox(QRect(QPoint(0, 0), plot_->size()));
  generator.setTitle(plot_->xAxis2->label());
  QCPPainter painter;
  if (!painter.begin(&generator)) return false;
  plot_->toPainter(&painter, plot_->width(), plot_->height());
  painter.end();
  return file.commit();
}

bool AttentionWorkspace::saveCsv(const QString& path) const {
  if (matrix_.rows == 0) return false;
  auto quote = [](QString s) { return '"' + s.replace('"', "\"\"") + '"'; };
  QString text = quote(tr("query \\ key"));
  for (const auto& label : matrix_.columnLabels) text += ',' + quote(label);
  text += '\n';
  for (int r = 0; r < matrix_.rows; ++r) {
    text += quote(matrix_.rowLabels[r]);
    for (int c = 0; c < matrix_.columns; ++c) text += ',' + QString::number(matrix_.value(r, c), 'g', 9);
    text += '\n';
  }
  QSaveFile file(path);
  if (!file.open(QIODevice::WriteOnly | QIODevice::Text)) return false;
  file.write(text.toUtf8());
  return file.commit();
}

bool AttentionWorkspace::saveJson(const QString& path) const {
  if (view_.json.isEmpty()) return false;
  QSaveFile file(path);
  if (!file.open(QIODevice::WriteOnly)) return false;
  file.write(view_.json);
  return file.commit();
}

void AttentionWorkspace::exportAs(const QString& format) {
  if (view_.isEmpty()) {
    Q_EMIT errorOccurred(tr("Capture a sentence before exporting."));
    return;
  }
  const QString suffix = format.toLower();
  const QString path = QFileDialog::getSaveFileName(this, tr("Export as %1").arg(format), "attention." + suffix,
                                                    tr("%1 files (*.%2)").arg(format, suffix));
  if (path.isEmpty()) return;
  const bool ok = format == "PNG"   ? savePng(path)
                  : format == "SVG" ? saveSvg(path)
                  : format == "CSV" ? saveCsv(path)
                                    : saveJson(path);
  if (!ok) Q_EMIT errorOccurred(tr("Cannot write '%1'.").arg(path));
}

}  // namespace studio::ui
