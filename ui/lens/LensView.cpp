#include "ui/lens/LensView.h"

#include <QComboBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QHelpEvent>
#include <QImage>
#include <QLabel>
#include <QMouseEvent>
#include <QPainter>
#include <QPushButton>
#include <QSaveFile>
#include <QScrollArea>
#include <QTabWidget>
#include <QTableWidget>
#include <QToolTip>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <functional>

#include "ui/charts/Palette.h"
#include "ui/lens/LensTimelineView.h"
#include "ui/lens/TunedLensBar.h"

namespace studio::ui {

namespace {

// A rank on a fixed log scale: 1 is 1, 10 two thirds, 100 a third, 1,000 or more 0.
double rankValue(qint64 rank) {
  return 1.0 - std::clamp(std::log10(double(std::max<qint64>(rank, 1))), 0.0, 3.0) / 3.0;
}

QString quoted(QString s) { return '"' + s.replace('"', "\"\"") + '"'; }

}  // namespace

// The picture: row names on the left, two header lines (the piece read, the
// piece that came next) on top, a cell a block and step.
class LensCanvas : public QWidget {
 public:
  explicit LensCanvas(QWidget* parent) : QWidget(parent) { setMouseTracking(true); }

  std::function<void(int, int)> clicked;

  void setView(const app::AttentionView* view, LensView::Colour colour) {
    v_ = view;
    colour_ = colour;
    relayout();
  }
  void setChosen(int stage, int position) {
    stage_ = stage;
    position_ = position;
    update();
  }

  void paint(QPainter& p) const {
    const QPalette pal = palette();
    p.fillRect(QRect(0, 0, width(), height()), pal.color(QPalette::Base));
    if (!v_ || !v_->hasLens()) return;
    const int T = positions();
    QFont bold = font();
    bold.setBold(true);
    p.setPen(pal.color(QPalette::PlaceholderText));
    p.drawText(QRect(0, 0, label_w_ - 8, row_h_), Qt::AlignRight | Qt::AlignVCenter, LensView::tr("reads"));
    p.drawText(QRect(0, row_h_, label_w_ - 8, row_h_), Qt::AlignRight | Qt::AlignVCenter,
               LensView::tr("came next"));
    for (int t = 0; t < T; ++t) {
      const QRect top(label_w_ + t * cell_w_, 0, cell_w_, row_h_);
      p.setPen(pal.color(QPalette::PlaceholderText));
      p.drawText(top, Qt::AlignCenter,
                 fontMetrics().elidedText(v_->targetTokens.value(t), Qt::ElideRight, cell_w_ - 4));
      p.setPen(pal.color(QPalette::Text));
      p.setFont(bold);
      p.drawText(top.translated(0, row_h_), Qt::AlignCenter,
                 fontMetrics().elidedText(v_->lensNextPieces.value(t), Qt::ElideRight, cell_w_ - 4));
      p.setFont(font());
    }
    for (int r = 0; r < v_->lensStages; ++r) {
      const int y = header_h_ + r * row_h_;
      p.setPen(pal.color(QPalette::Text));
      p.setFont(r == v_->lensStages - 1 ? bold : font());
      p.drawText(QRect(0, y, label_w_ - 8, row_h_), Qt::AlignRight | Qt::AlignVCenter,
                 LensView::tr("Layer %1 · %2").arg(r / 3 + 1).arg(blockName(r)));
      p.setFont(font());
      for (int t = 0; t < T; ++t) {
        const int cell = r * T + t;
        const double value = colour_ == LensView::Colour::Probability
                                 ? double(v_->lensNextProbability.value(cell))
                                 : rankValue(v_->lensNextRank.value(cell));
        const QColor fill(heatmapColor(value));
        const QRect box = cellBox(r, t);
        p.fillRect(box, fill);
        p.setPen(qGray(fill.rgb()) < 140 ? Qt::white : Qt::black);
        // The likeliest piece; bold where it is the one that came next.
        p.setFont(v_->lensNextRank.value(cell) == 1 ? bold : font());
        p.drawText(box, Qt::AlignCenter,
                   fontMetrics().elidedText(v_->lensTopPieces.value(cell * v_->lensTop), Qt::ElideRight,
                                            cell_w_ - 6));
        p.setFont(font());
      }
      if (r % 3 == 2 && r + 1 < v_->lensStages) {  // between layers
        p.setPen(QPen(pal.color(QPalette::Text), 2));
        p.drawLine(label_w_ - 6, y + row_h_, label_w_ + T * cell_w_, y + row_h_);
      }
    }
    if (stage_ >= 0 && position_ >= 0) {
      p.setPen(QPen(pal.color(QPalette::Highlight), 3));
      p.setBrush(Qt::NoBrush);
      p.drawRect(cellBox(stage_, position_));
    }
  }

  // The (stage, position) under a pixel; (-1, -1) off the cells.
  QPair<int, int> cellAt(const QPoint& at) const {
    if (!v_ || !v_->hasLens() || at.x() < label_w_ || at.y() < header_h_) return {-1, -1};
    const int t = (at.x() - label_w_) / cell_w_, r = (at.y() - header_h_) / row_h_;
    if (t >= positions() || r >= v_->lensStages) return {-1, -1};
    return {r, t};
  }
  QRect cellBox(int stage, int position) const {
    return {label_w_ + position * cell_w_, header_h_ + stage * row_h_, cell_w_ - 1, row_h_ - 1};
  }

  static QString blockName(int stage) {
    switch (stage % 3) {
      case 0:
        return LensView::tr("self-attention");
      case 1:
        return LensView::tr("cross-attention");
      default:
        return LensView::tr("feed-forward");
    }
  }

 protected:
  void paintEvent(QPaintEvent*) override {
    QPainter painter(this);
    paint(painter);
  }
  void mousePressEvent(QMouseEvent* event) override {
    const auto [r, t] = cellAt(event->position().toPoint());
    if (r >= 0 && clicked) clicked(r, t);
  }
  bool event(QEvent* event) override {
    if (event->type() != QEvent::ToolTip) return QWidget::event(event);
    auto* help = static_cast<QHelpEvent*>(event);
    const auto [r, t] = cellAt(help->pos());
    if (r < 0) {
      QToolTip::hideText();
      return true;
    }
    QStringList lines;
    const int cell = r * positions() + t;
    for (int k = 0; k < v_->lensTop; ++k)
      lines << QString("%1  %2")
                   .arg(v_->lensTopPieces.value(cell * v_->lensTop + k))
                   .arg(v_->lensTopProbabilities.value(cell * v_->lensTop + k), 0, 'f', 3);
    lines << LensView::tr("%1 (came next): %2, rank %3")
                 .arg(v_->lensNextPieces.value(t))
                 .arg(v_->lensNextProbability.value(cell), 0, 'f', 3)
                 .arg(v_->lensNextRank.value(cell));
    QToolTip::showText(help->globalPos(), lines.join('\n'), this);
    return true;
  }

 private:
  int positions() const { return v_ ? v_->lensNextPieces.size() : 0; }

  void relayout() {
    const auto fm = fontMetrics();
    row_h_ = fm.height() + 10;
    header_h_ = 2 * row_h_;
    label_w_ =
        fm.horizontalAdvance(LensView::tr("Layer %1 · %2").arg(9).arg(LensView::tr("cross-attention"))) + 16;
    cell_w_ = 56;
    if (v_ && v_->hasLens()) {
      QFont bold = font();
      bold.setBold(true);
      const QFontMetrics bm(bold);
      for (const auto& piece : v_->lensNextPieces)
        cell_w_ = std::max(cell_w_, bm.horizontalAdvance(piece) + 12);
      for (int r = 0; r < v_->lensStages; ++r)
        for (int t = 0; t < positions(); ++t)
          cell_w_ = std::max(
              cell_w_,
              bm.horizontalAdvance(v_->lensTopPieces.value((r * positions() + t) * v_->lensTop)) + 12);
      cell_w_ = std::min(cell_w_, 130);
      setFixedSize(label_w_ + positions() * cell_w_ + 8, header_h_ + v_->lensStages * row_h_ + 8);
    } else {
      setFixedSize(10, 10);
    }
    update();
  }

  const app::AttentionView* v_ = nullptr;
  LensView::Colour colour_ = LensView::Colour::Probability;
  int stage_ = -1, position_ = -1;
  int label_w_ = 180, cell_w_ = 56, row_h_ = 24, header_h_ = 48;
};

LensView::LensView(QWidget* parent) : QWidget(parent) {
  auto* layout = new QVBoxLayout(this);
  message_ = new QLabel(this);
  message_->setObjectName("Lens message");
  message_->setWordWrap(true);
  layout->addWidget(message_);

  auto* bar = new QHBoxLayout;
  bar->addWidget(new QLabel(tr("Colour:"), this));
  colour_ = new QComboBox(this);
  colour_->setObjectName("Lens colour");
  colour_->addItem(tr("Probability of the piece that came next"), int(Colour::Probability));
  colour_->addItem(tr("Its rank (1 bright, 1,000 or more dark)"), int(Colour::Rank));
  connect(colour_, &QComboBox::currentIndexChanged, this, [this] { canvas_->setView(&view_, colour()); });
  bar->addWidget(colour_);
  bar->addStretch(1);
  for (const QString format : {"PNG", "CSV"}) {
    auto* button = new QPushButton(tr("Export %1…").arg(format), this);
    button->setObjectName("Export lens " + format);
    connect(button, &QPushButton::clicked, this, [this, format] { exportAs(format); });
    bar->addWidget(button);
  }
  layout->addLayout(bar);

  tuned_ = new TunedLensBar(this);
  tuned_->setObjectName("Tuned lens");
  connect(tuned_, &TunedLensBar::readingChanged, this, &LensView::readingChanged);
  connect(tuned_, &TunedLensBar::trainingDone, this, &LensView::tunedLensDone);
  layout->addWidget(tuned_);

  scroll_ = new QScrollArea(this);
  canvas_ = new LensCanvas(scroll_);
  canvas_->setObjectName("Lens picture");
  canvas_->clicked = [this](int stage, int position) { choose(stage, position); };
  scroll_->setWidget(canvas_);
  scroll_->setWidgetResizable(false);
  layout->addWidget(scroll_, 1);

  details_ = new QLabel(this);
  details_->setObjectName("Lens details");
  details_->setWordWrap(true);
  details_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  layout->addWidget(details_);

  // Below the grid: the lens summed up over the run's dev sentences, and over training.
  below_ = new QTabWidget(this);
  below_->setObjectName("Lens summaries");
  auto* dev = new QWidget(below_);
  auto* dev_layout = new QVBoxLayout(dev);
  auto* dev_bar = new QHBoxLayout;
  summarize_ = new QPushButton(tr("Sum up 200 dev sentences"), dev);
  summarize_->setObjectName("Sum up the dev sentences");
  summarize_->setToolTip(
      tr("Translate the first 200 sentences of the run's dev split and count, block by block, "
         "how often the piece that came next was already the likeliest there"));
  connect(summarize_, &QPushButton::clicked, this, [this] { summarizeDev(); });
  dev_bar->addWidget(summarize_);
  summary_label_ = new QLabel(dev);
  summary_label_->setObjectName("Lens summary");
  summary_label_->setWordWrap(true);
  dev_bar->addWidget(summary_label_, 1);
  dev_layout->addLayout(dev_bar);
  summary_table_ = new QTableWidget(0, 3, dev);
  summary_table_->setObjectName("Lens summary table");
  summary_table_->setHorizontalHeaderLabels(
      {tr("Next piece the likeliest"), tr("Its mean probability"), tr("Its median rank")});
  summary_table_->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
  summary_table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  summary_table_->hide();
  dev_layout->addWidget(summary_table_);
  dev_layout->addStretch(1);
  below_->addTab(dev, tr("Over the run's dev sentences"));
  timeline_ = new LensTimelineView(below_);
  timeline_->setObjectName("Lens over training");
  connect(timeline_, &LensTimelineView::errorOccurred, this, &LensView::errorOccurred);
  below_->addTab(timeline_, tr("Over training (probe sentences)"));
  layout->addWidget(below_);
  connect(&session_, &app::LensSummarySession::finished, this, [this](const app::LensSummaryView& summary) {
    summarize_->setEnabled(true);
    showSummary(summary);
    Q_EMIT summaryShown();
  });
  connect(&session_, &app::LensSummarySession::failed, this, [this](const QString& message) {
    summarize_->setEnabled(true);
    summary_label_->setText(tr("Not summed up: %1").arg(message));
    Q_EMIT summaryShown();
  });
  setView({});
}

void LensView::showTimeline() { below_->setCurrentWidget(timeline_); }

bool LensView::readsTuned() const { return tuned_->readsTuned(); }

void LensView::setReadsTuned(bool tuned) { tuned_->setReadsTuned(tuned); }

void LensView::trainTunedLens(int steps) { tuned_->train(steps); }

app::TunedLensSession* LensView::tunedSession() { return tuned_->session(); }

QString LensView::tunedStatus() const { return tuned_->status(); }

void LensView::summarizeDev(int sentences) {
  if (!QFileInfo(view_.modelPath).isFile()) {
    summary_label_->setText(
        tr("Explore a sentence with a model first: a timelapse frame has no model file."));
    Q_EMIT summaryShown();
    return;
  }
  summarize_->setEnabled(false);
  summary_label_->setText(tr("Translating the dev sentences…"));
  session_.start(view_.modelPath, sentences, readsTuned());
}

void LensView::showSummary(const app::LensSummaryView& summary) {
  summary_ = summary;
  summary_table_->setRowCount(summary.top1Share.size());
  QStringList rows;
  for (int r = 0; r < summary.top1Share.size(); ++r) {
    rows << stageName(r);
    const QStringList cells{QString("%1 %").arg(100 * summary.top1Share[r], 0, 'f', 1),
                            QString::number(summary.meanProbability[r], 'f', 3),
                            QString::number(summary.medianRank[r], 'f', 1)};
    for (int c = 0; c < cells.size(); ++c) {
      auto* item = new QTableWidgetItem(cells[c]);
      item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
      summary_table_->setItem(r, c, item);
    }
  }
  summary_table_->setVerticalHeaderLabels(rows);
  // Every row in view up to three layers' worth; more scroll.
  const int shown = std::min(int(summary.top1Share.size()), 9);
  summary_table_->setFixedHeight(summary_table_->horizontalHeader()->sizeHint().height() +
                                 shown * summary_table_->verticalHeader()->defaultSectionSize() +
                                 2 * summary_table_->frameWidth() + 2);
  summary_table_->setVisible(!summary.isEmpty());
  summary_label_->setText(
      tr("%1%2: %3 sentences of %4 (%5 steps, each translation's own pieces and its end, beam 4)%6.")
          .arg(summary.tuned ? tr("The tuned lens of ") : QString())
          .arg(QFileInfo(summary.modelPath).fileName())
          .arg(summary.sentences)
          .arg(summary.sourceFile)
          .arg(summary.steps)
          .arg(summary.stopped ? tr("; stopped early") : QString()));
}

void LensView::setView(const app::AttentionView& view) {
  if (!summary_.isEmpty() && view.modelPath != summary_.modelPath) {
    showSummary({});
    summary_label_->setText(tr("The summary was of another model: sum up this one's dev sentences again."));
  }
  view_ = view;
  tuned_->setView(view.modelPath, view.lensTuned, view.lensNote);
  if (!view_.hasLens()) {
    stage_ = position_ = -1;
  } else {
    // The last block at the first step, until a cell is chosen (kept where it still fits).
    if (stage_ < 0 || stage_ >= view_.lensStages || position_ >= view_.lensNextPieces.size()) {
      stage_ = view_.lensStages - 1;
      position_ = 0;
    }
  }
  message_->setText(message());
  canvas_->setView(&view_, colour());
  canvas_->setChosen(stage_, position_);
  showDetails();
}

void LensView::setColour(Colour colour) { colour_->setCurrentIndex(colour_->findData(int(colour))); }

LensView::Colour LensView::colour() const { return Colour(colour_->currentData().toInt()); }

void LensView::choose(int stage, int position) {
  if (!view_.hasLens() || stage < 0 || stage >= view_.lensStages || position < 0 ||
      position >= view_.lensNextPieces.size())
    return;
  stage_ = stage;
  position_ = position;
  canvas_->setChosen(stage, position);
  const QPoint centre = canvas_->cellBox(stage, position).center();
  scroll_->ensureVisible(centre.x(), centre.y());
  showDetails();
}

QString LensView::message() const {
  if (view_.isEmpty())
    return tr("Explore a sentence to see what the decoder would predict after each of its blocks.");
  if (!view_.hasLens())
    return tr(
        "This frame of the timelapse holds attention only: its run's probes.rec was written by an older "
        "version, before the lens was recorded with it. Explore the sentence (or open one of the run's "
        "models) to see its lens.");
  if (view_.lensTuned)
    return tr("What the decoder knows after each of its blocks, read through the tuned lens: each block's "
              "state "
              "through a map learnt for it, then the output layer. Each cell names the likeliest piece at "
              "that "
              "point, in bold where it is the piece that came next; its colour is that piece's probability "
              "(or "
              "rank). The last row is the model's own prediction. Click a cell for its %1 likeliest pieces.")
        .arg(view_.lensTop);
  return tr("What the decoder would predict after each of its blocks, read through the output layer as if "
            "the "
            "model ended there (the logit lens). Each cell names the likeliest piece at that point, in bold "
            "where "
            "it is the piece that came next; its colour is that piece's probability (or rank). The last row "
            "is "
            "the model's own prediction. Click a cell for its %1 likeliest pieces.")
      .arg(view_.lensTop);
}

QString LensView::stageName(int stage) const {
  return tr("Layer %1 · %2").arg(stage / 3 + 1).arg(LensCanvas::blockName(stage));
}

QRect LensView::cellRect(int stage, int position) const { return canvas_->cellBox(stage, position); }

QString LensView::cellPiece(int stage, int position) const {
  const int T = view_.lensNextPieces.size();
  return view_.lensTopPieces.value((stage * T + position) * view_.lensTop);
}

QString LensView::details() const {
  if (stage_ < 0 || position_ < 0) return {};
  const int T = view_.lensNextPieces.size();
  const int cell = stage_ * T + position_;
  QStringList likeliest;
  for (int k = 0; k < view_.lensTop; ++k)
    likeliest << QString("%1 %2")
                     .arg(view_.lensTopPieces.value(cell * view_.lensTop + k).toHtmlEscaped())
                     .arg(view_.lensTopProbabilities.value(cell * view_.lensTop + k), 0, 'f', 3);
  const QString where = stage_ == view_.lensStages - 1
                            ? tr("%1 (the model's own prediction)").arg(stageName(stage_))
                            : stageName(stage_);
  return tr("After reading <b>%1</b> (step %2), %3: %4. <b>%5</b>, the piece that came next: probability %6, "
            "rank %7.")
      .arg(view_.targetTokens.value(position_).toHtmlEscaped())
      .arg(position_ + 1)
      .arg(where)
      .arg(likeliest.join(", "))
      .arg(view_.lensNextPieces.value(position_).toHtmlEscaped())
      .arg(view_.lensNextProbability.value(cell), 0, 'f', 3)
      .arg(view_.lensNextRank.value(cell));
}

void LensView::showDetails() { details_->setText(details()); }

bool LensView::savePng(const QString& path) {
  if (!view_.hasLens()) return false;
  QImage image(canvas_->size(), QImage::Format_ARGB32);
  QPainter painter(&image);
  canvas_->paint(painter);
  painter.end();
  QSaveFile file(path);
  return file.open(QIODevice::WriteOnly) && image.save(&file, "PNG") && file.commit();
}

bool LensView::saveCsv(const QString& path) const {
  if (!view_.hasLens()) return false;
  const int T = view_.lensNextPieces.size(), K = view_.lensTop;
  QString text = "layer,block,position,reads,next,next_probability,next_rank";
  for (int k = 1; k <= K; ++k) text += QString(",top%1,top%1_probability").arg(k);
  text += '\n';
  static const char* const blocks[] = {"self-attention", "cross-attention", "feed-forward"};
  for (int r = 0; r < view_.lensStages; ++r)
    for (int t = 0; t < T; ++t) {
      const int cell = r * T + t;
      text += QString("%1,%2,%3,%4,%5,%6,%7")
                  .arg(r / 3 + 1)
                  .arg(blocks[r % 3])
                  .arg(t)
                  .arg(quoted(view_.targetTokens.value(t)))
                  .arg(quoted(view_.lensNextPieces.value(t)))
                  .arg(view_.lensNextProbability.value(cell), 0, 'g', 9)
                  .arg(view_.lensNextRank.value(cell));
      for (int k = 0; k < K; ++k)
        text += QString(",%1,%2")
                    .arg(quoted(view_.lensTopPieces.value(cell * K + k)))
                    .arg(view_.lensTopProbabilities.value(cell * K + k), 0, 'g', 9);
      text += '\n';
    }
  QSaveFile file(path);
  return file.open(QIODevice::WriteOnly | QIODevice::Text) && file.write(text.toUtf8()) >= 0 && file.commit();
}

void LensView::exportAs(const QString& format) {
  if (!view_.hasLens()) {
    Q_EMIT errorOccurred(tr("Nothing to export: explore a sentence with a model first."));
    return;
  }
  const QString suffix = format.toLower();
  const QString path = QFileDialog::getSaveFileName(this, tr("Export as %1").arg(format), "lens." + suffix,
                                                    tr("%1 files (*.%2)").arg(format, suffix));
  if (path.isEmpty()) return;
  if (!(format == "PNG" ? savePng(path) : saveCsv(path)))
    Q_EMIT errorOccurred(tr("Cannot write '%1'.").arg(path));
}

}  // namespace studio::ui
