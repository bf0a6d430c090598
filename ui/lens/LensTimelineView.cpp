#include "ui/lens/LensTimelineView.h"

#include <QComboBox>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QSaveFile>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

#include "ui/charts/Palette.h"
#include "ui/charts/QCustomPlot.h"
#include "ui/charts/StepStrip.h"

namespace studio::ui {

namespace {

QString shortStage(int stage) {
  static const char* const blocks[] = {QT_TRANSLATE_NOOP("studio::ui::LensTimelineView", "self"),
                                       QT_TRANSLATE_NOOP("studio::ui::LensTimelineView", "cross"),
                                       QT_TRANSLATE_NOOP("studio::ui::LensTimelineView", "FFN")};
  return LensTimelineView::tr("L%1 %2").arg(stage / 3 + 1).arg(LensTimelineView::tr(blocks[stage % 3]));
}

QString longStage(int stage) {
  static const char* const blocks[] = {QT_TRANSLATE_NOOP("studio::ui::LensTimelineView", "self-attention"),
                                       QT_TRANSLATE_NOOP("studio::ui::LensTimelineView", "cross-attention"),
                                       QT_TRANSLATE_NOOP("studio::ui::LensTimelineView", "feed-forward")};
  return LensTimelineView::tr("Layer %1 · %2")
      .arg(stage / 3 + 1)
      .arg(LensTimelineView::tr(blocks[stage % 3]));
}

constexpr double kWorstRankDrawn = 1000;  // ranks from here on share the darkest colour, as the grid's

}  // namespace

LensTimelineView::LensTimelineView(QWidget* parent) : QWidget(parent) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  auto* top = new QHBoxLayout;
  top->addWidget(new QLabel(tr("Each block over training:"), this));
  statistic_ = new QComboBox(this);
  statistic_->setObjectName("Lens timeline statistic");
  statistic_->setAccessibleName(tr("Statistic of each block over training"));
  statistic_->addItem(tr("How often the piece that came next was the likeliest"),
                      int(app::LensStatistic::Top1Share));
  statistic_->addItem(tr("Its mean probability"), int(app::LensStatistic::MeanProbability));
  statistic_->addItem(tr("Its median rank (1 bright, 1,000 or more dark)"),
                      int(app::LensStatistic::MedianRank));
  top->addWidget(statistic_, 1);
  auto* export_button = new QPushButton(tr("Export CSV…"), this);
  export_button->setObjectName("Export lens timeline");
  export_button->setToolTip(
      tr("Every step and block with its three numbers, as timelapse --lens writes them"));
  connect(export_button, &QPushButton::clicked, this, [this] {
    if (timeline().isEmpty()) {
      Q_EMIT errorOccurred(tr("Nothing to export: %1").arg(emptyReason()));
      return;
    }
    const QString path = QFileDialog::getSaveFileName(this, tr("Export the lens over training"),
                                                      "lens-over-training.csv", tr("CSV files (*.csv)"));
    if (!path.isEmpty() && !saveCsv(path)) Q_EMIT errorOccurred(tr("Cannot write '%1'.").arg(path));
  });
  top->addWidget(export_button);
  layout->addLayout(top);

  plot_ = new QCustomPlot(this);
  plot_->setObjectName("Lens timeline");
  plot_->setAccessibleName(tr("Each decoder block's lens over the training steps"));
  plot_->setMinimumSize(300, 160);
  plot_->xAxis->setLabel(tr("training step"));
  plot_->yAxis->setRangeReversed(true);
  map_ = new QCPColorMap(plot_->xAxis, plot_->yAxis);
  map_->setInterpolate(false);
  map_->setTightBoundary(false);
  auto* scale = new QCPColorScale(plot_);
  scale->setType(QCPAxis::atRight);
  plot_->plotLayout()->addElement(0, 1, scale);
  map_->setColorScale(scale);
  marker_ = new QCPItemStraightLine(plot_);
  marker_->setPen(QPen(QColor(230, 120, 0), 2, Qt::DashLine));
  marker_->setVisible(false);
  plot_->setMouseTracking(true);
  applyPalette(plot_, palette(), {scale->axis()});
  layout->addWidget(plot_, 1);
  empty_ = new QLabel(this);
  empty_->setObjectName("Lens timeline empty");
  empty_->setAlignment(Qt::AlignCenter);
  empty_->setWordWrap(true);
  empty_->hide();
  layout->addWidget(empty_, 1);
  hover_ =
      new QLabel(tr("Rows: each decoder block; columns: the recorded steps, over the run's probe sentences. "
                    "Click a column to show that step."),
                 this);
  hover_->setObjectName("Lens timeline hover");
  hover_->setWordWrap(true);
  layout->addWidget(hover_);

  connect(statistic_, qOverload<int>(&QComboBox::currentIndexChanged), this, [this] { draw(); });
  connect(plot_, &QCustomPlot::mousePress, this, &LensTimelineView::onClick);
  connect(plot_, &QCustomPlot::mouseMove, this, &LensTimelineView::onHover);
  draw();
}

void LensTimelineView::changeEvent(QEvent* event) {
  if (event->type() == QEvent::PaletteChange) {
    applyPalette(plot_, palette(), {map_->colorScale()->axis()});
    plot_->replot();
  }
  QWidget::changeEvent(event);
}

void LensTimelineView::showEvent(QShowEvent* event) {
  if (dirty_) recompute();
  QWidget::showEvent(event);
}

void LensTimelineView::setHistory(const app::ProbeHistory* history, bool own) {
  history_ = history;
  own_ = own;
  dirty_ = true;
  if (isVisible()) recompute();
}

void LensTimelineView::setStatistic(app::LensStatistic statistic) {
  statistic_->setCurrentIndex(statistic_->findData(int(statistic)));
}

app::LensStatistic LensTimelineView::statistic() const {
  return app::LensStatistic(statistic_->currentData().toInt());
}

const app::LensTimeline& LensTimelineView::timeline() {
  if (dirty_) recompute();
  return timeline_;
}

void LensTimelineView::recompute() {
  dirty_ = false;
  timeline_ = history_ ? app::lensTimeline(*history_, own_) : app::LensTimeline{};
  draw();
}

QString LensTimelineView::emptyReason() const { return empty_->isHidden() ? QString() : empty_->text(); }

QString LensTimelineView::hoverText() const { return hover_->text(); }

void LensTimelineView::draw() {
  const auto& t = timeline_;
  const int columns = int(t.steps.size()), rows = t.stages;
  const bool empty = t.isEmpty();
  plot_->setVisible(!empty);
  empty_->setVisible(empty);
  if (empty) {
    if (!history_ || history_->runDir().isEmpty())
      empty_->setText(
          tr("No run chosen: train one in Training, or choose a run's model in Translate. What each "
             "decoder block predicts over the recorded steps appears here."));
    else if (history_->isEmpty())
      empty_->setText(tr("%1 has no probe records yet: a run records its probe sentences at step 0, then at "
                         "every evaluation, and they appear here as it trains.")
                          .arg(history_->runDir()));
    else if (history_->frameCount() > 0 && [&] {
               for (int p : history_->probes())
                 if (!history_->steps(p, own_).isEmpty()) return true;
               return false;
             }())
      empty_->setText(tr("The records of %1 hold attention only: its probes.rec was written by an older "
                         "version, before the lens was recorded with it. A run trained now records both.")
                          .arg(history_->runDir()));
    else
      empty_->setText(
          tr("No records over this target: choose the other one (reference or own translation) in the "
             "timelapse bar."));
  }
  const auto statistic = this->statistic();
  const bool rank = statistic == app::LensStatistic::MedianRank;
  map_->data()->setSize(std::max(1, columns), std::max(1, rows));
  map_->data()->setRange(QCPRange(0, std::max(0, columns - 1)), QCPRange(0, std::max(0, rows - 1)));
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < columns; ++c) map_->data()->setCell(c, r, t.value(statistic, r, c));
  if (rank) {
    // Rank 1 bright, as the grid colours ranks: a log scale from 1 to 1,000.
    map_->setGradient(heatmapGradient().inverted());
    map_->setDataScaleType(QCPAxis::stLogarithmic);
    map_->setDataRange(QCPRange(1, kWorstRankDrawn));
    map_->colorScale()->axis()->setTicker(QSharedPointer<QCPAxisTickerLog>(new QCPAxisTickerLog));
    map_->colorScale()->axis()->setLabel(tr("median rank"));
  } else {
    map_->setGradient(heatmapGradient());
    map_->setDataScaleType(QCPAxis::stLinear);
    map_->setDataRange(QCPRange(0, 1));
    map_->colorScale()->axis()->setTicker(QSharedPointer<QCPAxisTicker>(new QCPAxisTicker));
    map_->colorScale()->axis()->setLabel(statistic == app::LensStatistic::Top1Share ? tr("share of positions")
                                                                                    : tr("probability"));
  }
  QStringList row_labels;
  for (int r = 0; r < rows; ++r) row_labels << shortStage(r);
  labelStepStrip(plot_, t.steps, row_labels);
  setMarker(marker_step_);
}

void LensTimelineView::setMarker(qint64 step) {
  marker_step_ = step;
  placeStepMarker(plot_, marker_, timeline_.steps, step);
}

bool LensTimelineView::cellAt(const QPoint& pos, int* stage, int* column) const {
  const int c = int(std::lround(plot_->xAxis->pixelToCoord(pos.x())));
  const int r = int(std::lround(plot_->yAxis->pixelToCoord(pos.y())));
  if (r < 0 || r >= timeline_.stages || c < 0 || c >= timeline_.steps.size()) return false;
  *stage = r;
  *column = c;
  return true;
}

void LensTimelineView::onClick(QMouseEvent* event) {
  int r = 0, c = 0;
  if (cellAt(event->pos(), &r, &c)) Q_EMIT stepChosen(timeline_.steps[c]);
}

void LensTimelineView::onHover(QMouseEvent* event) {
  int r = 0, c = 0;
  if (!cellAt(event->pos(), &r, &c)) return;
  const auto& t = timeline_;
  hover_->setText(tr("%1 at step %2: the piece that came next was the likeliest at %3 % of %4 positions (%5 "
                     "sentences); its mean probability %6, its median rank %7")
                      .arg(longStage(r))
                      .arg(QLocale().toString(t.steps[c]))
                      .arg(100 * t.value(app::LensStatistic::Top1Share, r, c), 0, 'f', 1)
                      .arg(t.positions.value(c))
                      .arg(t.sentences.value(c))
                      .arg(t.value(app::LensStatistic::MeanProbability, r, c), 0, 'f', 3)
                      .arg(t.value(app::LensStatistic::MedianRank, r, c), 0, 'f', 1));
}

bool LensTimelineView::saveCsv(const QString& path) {
  if (timeline().isEmpty()) return false;
  QSaveFile file(path);
  return file.open(QIODevice::WriteOnly | QIODevice::Text) && file.write(timeline_.toCsv().toUtf8()) >= 0 &&
         file.commit();
}

}  // namespace studio::ui
