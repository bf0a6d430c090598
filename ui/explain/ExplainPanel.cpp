#include "ui/explain/ExplainPanel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QVBoxLayout>

#include <cmath>

#include "ui/attention/AttentionMapView.h"
#include "ui/charts/FigureExport.h"
#include "ui/charts/QCustomPlot.h"

namespace studio::ui {

namespace {

QString shown(QString piece) {
  if (piece.startsWith(QChar(0x2581))) piece.remove(0, 1);
  return piece;
}

// What each method's numbers are, for the colour scale.
QString scaleTitle(const QString& method) {
  if (method == "attention") return ExplainPanel::tr("attention weight");
  if (method == "rollout" || method == "alti") return ExplainPanel::tr("share of the prediction");
  if (method == "grad") return ExplainPanel::tr("|gradient × input|");
  return ExplainPanel::tr("contribution to log P");
}

}  // namespace

ExplainPanel::ExplainPanel(app::TranslationService* service, QWidget* parent) : QWidget(parent), service_(service) {
  auto* layout = new QVBoxLayout(this);
  auto* row = new QHBoxLayout;
  first_ = new QComboBox(this);
  first_->setObjectName("FirstMethod");
  second_ = new QComboBox(this);
  second_->setObjectName("SecondMethod");
  second_->addItem(tr("nothing"), QString());
  for (const auto& method : app::explanationMethods()) {
    first_->addItem(app::explanationMethodTitle(method), method);
    second_->addItem(app::explanationMethodTitle(method), method);
  }
  first_->setCurrentIndex(first_->findData(QStringLiteral("ig")));
  second_->setCurrentIndex(second_->findData(QStringLiteral("attention")));
  words_ = new QCheckBox(tr("Words"), this);
  words_->setToolTip(tr("Merge pieces into words: scores summed over a word's inputs, averaged over its pieces"));
  steps_ = new QSpinBox(this);
  steps_->setRange(1, 1024);
  steps_->setValue(32);
  steps_->setToolTip(tr("Integrated gradients: points on the path from the padding vector to the input"));
  explain_ = new QPushButton(tr("Explain"), this);
  export_ = new QPushButton(tr("Export…"), this);
  export_->setToolTip(tr("The maps shown, side by side, as SVG or PDF, their numbers beside them as JSON"));
  row->addWidget(new QLabel(tr("Method"), this));
  row->addWidget(first_);
  row->addWidget(new QLabel(tr("beside it"), this));
  row->addWidget(second_);
  row->addWidget(words_);
  row->addWidget(new QLabel(tr("Steps"), this));
  row->addWidget(steps_);
  layer_ = new QComboBox(this);
  layer_->setObjectName("AttentionLayer");
  head_ = new QComboBox(this);
  head_->setObjectName("AttentionHead");
  layer_->setToolTip(tr("Attention: the decoder layer whose cross- and self-attention are shown"));
  // Narrow combos: the methods' titles (longer in Vietnamese) must not widen the window past a laptop's
  // screen.
  for (auto* combo : {first_, second_, layer_, head_}) {
    combo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    combo->setMinimumContentsLength(combo == layer_ ? 10 : 16);
  }
  row->addStretch(1);
  row->addWidget(explain_);
  row->addWidget(export_);
  layout->addLayout(row);

  auto* contrast = new QHBoxLayout;
  contrast->addWidget(new QLabel(tr("Attention of"), this));
  contrast->addWidget(layer_);
  contrast->addWidget(head_);
  contrast->addSpacing(12);
  contrast_row_ = new QComboBox(this);
  contrast_row_->setObjectName("ContrastRow");
  contrast_row_->setMinimumContentsLength(12);
  contrast_word_ = new QLineEdit(this);
  contrast_word_->setObjectName("ContrastWord");
  contrast_word_->setPlaceholderText(tr("another word, e.g. folder"));
  contrast->addWidget(new QLabel(tr("Contrast (gradient methods): why"), this));
  contrast->addWidget(contrast_row_);
  contrast->addWidget(new QLabel(tr("rather than"), this));
  contrast->addWidget(contrast_word_, 1);
  layout->addLayout(contrast);

  caption_ = new QLabel(tr("Explain shows which inputs each word of the translation came from."), this);
  caption_->setObjectName("ExplainCaption");
  caption_->setWordWrap(true);
  caption_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  layout->addWidget(caption_);
  auto* maps = new QSplitter(Qt::Horizontal, this);
  first_view_ = new AttentionMapView(maps);
  second_view_ = new AttentionMapView(maps);
  for (auto* view : {first_view_, second_view_})
    view->setTitles(tr("input: source pieces, then [the translation so far]"), tr("predicted piece"),
                    tr("score"), tr("predicted"), tr("input"));
  maps->addWidget(first_view_);
  maps->addWidget(second_view_);
  layout->addWidget(maps, 1);

  connect(explain_, &QPushButton::clicked, this, &ExplainPanel::explain);
  connect(contrast_word_, &QLineEdit::returnPressed, this, &ExplainPanel::explain);
  connect(words_, &QCheckBox::toggled, this, &ExplainPanel::draw);
  connect(first_, &QComboBox::currentIndexChanged, this, &ExplainPanel::updateControls);
  connect(second_, &QComboBox::currentIndexChanged, this, &ExplainPanel::updateControls);
  connect(export_, &QPushButton::clicked, this, [this] {
    QString filter;
    const QString path = QFileDialog::getSaveFileName(this, tr("Export the explanation"), "explanation.svg",
                                                      tr("SVG (*.svg);;PDF (*.pdf)"), &filter);
    if (path.isEmpty()) return;
    const bool ok = path.endsWith(".pdf", Qt::CaseInsensitive) ? savePdf(path) : saveSvg(path);
    if (!ok) Q_EMIT errorOccurred(tr("Could not write '%1' and its .json.").arg(path));
  });
  connect(service_, &app::TranslationService::explained, this, [this](const app::ExplanationReply& reply) {
    if (reply.id == newest_id_) showReply(reply);
  });
  connect(service_, &app::TranslationService::failed, this, [this](quint64 id, const QString& message) {
    if (id != newest_id_) return;
    caption_->setText(tr("Could not explain: %1").arg(message));
    explain_->setEnabled(true);
    Q_EMIT errorOccurred(message);
  });
  setModelShape(0, 0);
  updateControls();
}

void ExplainPanel::setModelShape(int decoder_layers, int heads) {
  const int layer = layer_->count() ? layer_->currentData().toInt() : -1;
  const int head = head_->count() ? head_->currentData().toInt() : -1;
  layer_->clear();
  layer_->addItem(tr("the last layer"), -1);
  layer_->addItem(tr("every layer (mean)"), -2);
  for (int l = 0; l < decoder_layers; ++l) layer_->addItem(tr("layer %1").arg(l + 1), l);
  head_->clear();
  head_->addItem(tr("mean of the heads"), -1);
  for (int h = 0; h < heads; ++h) head_->addItem(tr("head %1").arg(h + 1), h);
  setAttentionLayerHead(layer, head);
}

void ExplainPanel::setAttentionLayerHead(int layer, int head) {
  layer_->setCurrentIndex(std::max(0, layer_->findData(layer)));
  head_->setCurrentIndex(std::max(0, head_->findData(head)));
}

void ExplainPanel::setSources(std::function<app::ModelSource()> model,
                              std::function<app::DecodeSettings()> settings,
                              std::function<QString()> sentence, std::function<QString()> target) {
  model_ = std::move(model);
  settings_ = std::move(settings);
  sentence_ = std::move(sentence);
  target_ = std::move(target);
}

void ExplainPanel::setMethods(const QString& first, const QString& second) {
  first_->setCurrentIndex(std::max(0, first_->findData(first)));
  second_->setCurrentIndex(std::max(0, second_->findData(second)));
}

void ExplainPanel::setMergeWords(bool merge) { words_->setChecked(merge); }
void ExplainPanel::setSteps(int steps) { steps_->setValue(steps); }

void ExplainPanel::setContrast(int row, const QString& word) {
  contrast_row_->setCurrentIndex(std::max(0, contrast_row_->findData(row)));
  contrast_word_->setText(word);
}

QString ExplainPanel::contrastText() const {
  const QString word = contrast_word_->text().trimmed();
  if (word.isEmpty() || contrast_row_->currentIndex() < 0) return {};
  return word + "@" + QString::number(contrast_row_->currentData().toInt());
}

void ExplainPanel::updateControls() {
  const QStringList gradient{"grad", "ig"};
  const bool contrastable = gradient.contains(first_->currentData().toString()) ||
                            gradient.contains(second_->currentData().toString());
  contrast_row_->setEnabled(contrastable && contrast_row_->count() > 0);
  contrast_word_->setEnabled(contrastable);
  steps_->setEnabled(first_->currentData() == "ig" || second_->currentData() == "ig");
  const bool attention = first_->currentData() == "attention" || second_->currentData() == "attention";
  layer_->setEnabled(attention);
  head_->setEnabled(attention);
}

void ExplainPanel::explain() {
  if (!model_ || !sentence_) return;
  app::ExplanationRequest request;
  request.model = model_();
  request.settings = settings_ ? settings_() : app::DecodeSettings{};
  request.text = sentence_().trimmed();
  request.methods << first_->currentData().toString();
  const QString second = second_->currentData().toString();
  if (!second.isEmpty() && second != request.methods.front()) request.methods << second;
  request.steps = steps_->value();
  request.layer = layer_->currentData().toInt();
  request.head = head_->currentData().toInt();
  request.contrast = contrastText();
  request.target = target_ ? target_().trimmed() : QString();
  if (request.text.isEmpty()) {
    caption_->setText(tr("Type a sentence above, then Explain."));
    return;
  }
  asked_ = subjectKey();
  caption_->setText(tr("Explaining “%1”…").arg(request.text));
  explain_->setEnabled(false);
  newest_id_ = service_->explain(request);
}

QString ExplainPanel::subjectKey() const {
  return model_().path + "|" + sentence_().trimmed() + "|" + (target_ ? target_().trimmed() : QString());
}

void ExplainPanel::explainIfStale() {
  if (!model_ || !sentence_) return;
  if (subjectKey() != asked_ && !sentence_().trimmed().isEmpty()) explain();
}

void ExplainPanel::showReply(const app::ExplanationReply& reply) {
  reply_ = reply;
  explain_->setEnabled(true);
  // The contrast picker lists the rows of this translation; the chosen row is kept when it still exists.
  const int kept = contrast_row_->currentIndex() >= 0 ? contrast_row_->currentData().toInt() : 0;
  contrast_row_->clear();
  if (!reply.views.isEmpty()) {
    const auto& rows = reply.views.front().predictedPieces;
    for (int r = 0; r + 1 < rows.size(); ++r) contrast_row_->addItem(QString("%1 %2").arg(r).arg(shown(rows[r])), r);
  }
  contrast_row_->setCurrentIndex(std::max(0, contrast_row_->findData(kept)));
  updateControls();
  draw();
  Q_EMIT explained();
}

AttentionMatrix ExplainPanel::explanationMatrix(const app::ExplanationView& view, bool merge_words) {
  AttentionMatrix m;
  const int S = int(view.sourcePieces.size());
  auto groups = [&](const QStringList& pieces) {
    if (merge_words) return wordGroups(pieces);
    QVector<QVector<int>> single;
    for (int i = 0; i < pieces.size(); ++i) single.push_back({i});
    return single;
  };
  const auto rows = groups(view.predictedPieces), source = groups(view.sourcePieces), prefix = groups(view.prefixPieces);
  // Columns: each group's pieces and its first column (source columns, then the prefix's after S).
  QVector<QVector<int>> columns;
  for (const auto& g : source) {
    columns.push_back(g);
    m.columnLabels << wordLabel(view.sourcePieces, g);
  }
  for (const auto& g : prefix) {
    QVector<int> shifted;
    for (int i : g) shifted << S + i;
    columns.push_back(shifted);
    m.columnLabels << "[" + wordLabel(view.prefixPieces, g) + "]";
  }
  for (const auto& g : rows) m.rowLabels << wordLabel(view.predictedPieces, g);
  m.rows = int(rows.size());
  m.columns = int(columns.size());
  m.values.fill(0.0, qsizetype(m.rows) * m.columns);
  m.masked.fill(false, m.values.size());
  for (int r = 0; r < m.rows; ++r)
    for (int c = 0; c < m.columns; ++c) {
      double sum = 0;
      bool all_unseen = true;
      for (int piece_row : rows[r])
        for (int col : columns[c]) {
          sum += view.score(piece_row, col);
          // Prefix position p is seen by the predictions at rows p and after.
          if (col < S || col - S <= piece_row) all_unseen = false;
        }
      m.values[qsizetype(r) * m.columns + c] = sum / double(rows[r].size());
      m.masked[qsizetype(r) * m.columns + c] = all_unseen;
    }
  return m;
}

void ExplainPanel::draw() {
  const bool words = words_->isChecked();
  const QList<AttentionMapView*> views{first_view_, second_view_};
  for (int i = 0; i < views.size(); ++i) {
    views[i]->setVisible(i < reply_.views.size() || i == 0);
    if (i >= reply_.views.size()) continue;
    const auto& v = reply_.views[i];
    views[i]->setTitles(tr("input: source, then [the translation so far]"), tr("predicted"), scaleTitle(v.method),
                        tr("predicted"), tr("input"));
    QString title = app::explanationMethodTitle(v.method);
    if (v.method == "attention")
      title += tr(" — %1, %2")
                   .arg(v.layer == -1   ? tr("the last layer")
                        : v.layer == -2 ? tr("every layer (mean)")
                                        : tr("layer %1").arg(v.layer + 1),
                        v.head == -1 ? tr("mean of the heads") : tr("head %1").arg(v.head + 1));
    if (v.contrastRow >= 0)
      title += tr(" — row %1: “%2” rather than “%3”")
                   .arg(v.contrastRow)
                   .arg(shown(v.predictedPieces.value(v.contrastRow)), shown(v.contrastPiece));
    views[i]->setMatrix(explanationMatrix(v, words), title);
  }
  caption_->setText(caption());
}

QString ExplainPanel::caption() const {
  if (reply_.views.isEmpty()) return caption_->text();
  QStringList parts;
  parts << tr("“%1” → “%2” (%3 ms)").arg(reply_.source, reply_.translation).arg(reply_.milliseconds, 0, 'f', 0);
  for (const auto& v : reply_.views) {
    if (v.method != "ig" || v.delta.isEmpty()) continue;
    double worst = 0, change = 0;
    for (int r = 0; r < v.gap.size(); ++r) {
      worst = std::max(worst, double(std::abs(v.gap[r])));
      change = std::max(change, double(std::abs(v.delta[r])));
    }
    parts << tr("integrated gradients: each row adds up to its change in log-probability from the baseline "
                "within %1 (the largest change is %2); more steps close the gap")
                 .arg(worst, 0, 'f', 4)
                 .arg(change, 0, 'f', 3);
  }
  return parts.join(QStringLiteral(" · "));
}

// The maps shown (one, or two side by side): the attribution comparison as one figure.
QList<QCustomPlot*> ExplainPanel::shownPlots() const {
  QList<QCustomPlot*> plots{first_view_->plot()};
  if (reply_.views.size() > 1) plots << second_view_->plot();
  return plots;
}

bool ExplainPanel::saveSvg(const QString& path) {
  return !reply_.views.isEmpty() && savePlotsSvg(shownPlots(), path, tr("Explanation")) &&
         writeJsonBeside(path, reply_.json);
}

bool ExplainPanel::savePdf(const QString& path) {
  return !reply_.views.isEmpty() && savePlotsPdf(shownPlots(), path) && writeJsonBeside(path, reply_.json);
}

}  // namespace studio::ui
