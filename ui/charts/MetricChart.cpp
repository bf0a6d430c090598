#include "ui/charts/MetricChart.h"

#include <QCheckBox>
#include <QFileDialog>
#include <QFontMetrics>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QResizeEvent>
#include <QSaveFile>
#include <QTextStream>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

#include "ui/charts/Palette.h"
#include "ui/charts/QCustomPlot.h"

namespace studio::ui {

namespace {
constexpr int kMaxDrawnPoints = 4000;  // beyond this, every k-th point (and the last) is drawn
constexpr int kPlotMinimumHeight = 120;
}

MetricChart::MetricChart(const QString& title, const QString& y_label, QWidget* parent) : QWidget(parent) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  header_ = new QGridLayout;
  header_->setContentsMargins(0, 0, 0, 0);
  title_ = new QLabel("<b>" + title.toHtmlEscaped() + "</b>", this);
  title_->setWordWrap(true);  // a title longer than its line wraps rather than widening the window
  QFont bold = title_->font();
  bold.setBold(true);
  title_width_ = QFontMetrics(bold).horizontalAdvance(title) + 2 * title_->margin() + 4;
  controls_ = new QWidget(this);
  auto* controls = new QHBoxLayout(controls_);
  controls->setContentsMargins(0, 0, 0, 0);
  log_scale_ = new QCheckBox(tr("Log scale"), controls_);
  log_scale_->setAccessibleName(tr("%1: logarithmic axis").arg(title));
  controls->addWidget(log_scale_);
  smooth_ = new QCheckBox(tr("Smooth"), controls_);
  smooth_->setToolTip(tr("Draw line series as an exponential moving average (weight 0.9), as TensorBoard does"));
  smooth_->setAccessibleName(tr("%1: smoothing").arg(title));
  controls->addWidget(smooth_);
  auto* png = new QToolButton(controls_);
  png->setText(tr("PNG…"));
  png->setToolTip(tr("Save this chart as a PNG image"));
  png->setAccessibleName(tr("%1: save as PNG").arg(title));
  auto* csv = new QToolButton(controls_);
  csv->setText(tr("CSV…"));
  csv->setToolTip(tr("Save this chart's points as CSV"));
  csv->setAccessibleName(tr("%1: save as CSV").arg(title));
  controls->addWidget(png);
  controls->addWidget(csv);
  layout->addLayout(header_);
  connect(png, &QToolButton::clicked, this, [this, title]() {
    const QString path = QFileDialog::getSaveFileName(this, tr("Save chart"), title + ".png", tr("PNG images (*.png)"));
    if (!path.isEmpty() && !savePng(path)) Q_EMIT saveFailed(tr("Cannot write '%1'.").arg(path));
  });
  connect(csv, &QToolButton::clicked, this, [this, title]() {
    const QString path = QFileDialog::getSaveFileName(this, tr("Save points"), title + ".csv", tr("CSV files (*.csv)"));
    if (!path.isEmpty() && !saveCsv(path)) Q_EMIT saveFailed(tr("Cannot write '%1'.").arg(path));
  });

  plot_ = new QCustomPlot(this);
  plot_->setAccessibleName(title);
  plot_->setObjectName(title);
  plot_->xAxis->setLabel(tr("step"));
  plot_->yAxis->setLabel(y_label);
  plot_->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
  // The legend in a row of its own above the curves, never on top of them
  // (showLegend puts it there when there are two curves to tell apart).
  plot_->legend->setVisible(false);
  plot_->axisRect()->insetLayout()->take(plot_->legend);
  plot_->plotLayout()->setRowSpacing(0);
  plot_->legend->setFillOrder(QCPLegend::foColumnsFirst);
  plot_->legend->setWrap(3);
  plot_->legend->setMargins(QMargins(4, 2, 4, 2));
  plot_->setMinimumHeight(kPlotMinimumHeight);  // two rows of charts fit a 768-pixel screen
  applyPalette(plot_, palette());
  layout->addWidget(plot_, 1);
  arrangeHeader();

  // A click that does not drag the view picks a step.
  connect(plot_, &QCustomPlot::mousePress, this, [this](QMouseEvent* event) { press_ = event->pos(); });
  connect(plot_, &QCustomPlot::mouseRelease, this, [this](QMouseEvent* event) {
    if ((event->pos() - press_).manhattanLength() > 4 || event->button() != Qt::LeftButton) return;
    if (!plot_->axisRect()->rect().contains(event->pos())) return;
    Q_EMIT stepClicked(stepAt(event->pos().x()));
  });

  connect(log_scale_, &QCheckBox::toggled, this, &MetricChart::setLogScale);
  connect(smooth_, &QCheckBox::toggled, this, &MetricChart::replotNow);
  replot_timer_.setSingleShot(true);
  replot_timer_.setInterval(100);
  connect(&replot_timer_, &QTimer::timeout, this, &MetricChart::replotNow);
}

double MetricChart::stepAt(int x_pixel) const { return std::max(0.0, plot_->xAxis->pixelToCoord(x_pixel)); }

double MetricChart::stepsPerPixel() const {
  const double width = std::max(1, plot_->axisRect()->width());
  return plot_->xAxis->range().size() / width;
}

void MetricChart::setMarker(double step) {
  marker_step_ = step;
  if (!marker_) {
    marker_ = new QCPItemStraightLine(plot_);
    marker_->setSelectable(false);
    marker_->setObjectName("Step marker");
    marker_->setPen(QPen(QColor(230, 120, 0), 1.5, Qt::DashLine));
  }
  marker_->point1->setCoords(step, 1);  // y 1 and 2: valid on a log axis as well
  marker_->point2->setCoords(step, 2);
  marker_->setVisible(step >= 0);
  replotSoon();
}

void MetricChart::changeEvent(QEvent* event) {
  if (event->type() == QEvent::PaletteChange) {
    applyPalette(plot_, palette());
    plot_->replot();
  }
  QWidget::changeEvent(event);
}

void MetricChart::resizeEvent(QResizeEvent* event) {
  QWidget::resizeEvent(event);
  arrangeHeader();
  fitLegend();
}

void MetricChart::showEvent(QShowEvent* event) {
  QWidget::showEvent(event);
  fitLegend();
}

void MetricChart::fitLegend() {
  // Each name in the legend as long as the plot's width allows, cut short with "…" beyond: a compared
  // run's long name (the settings it differs by) must not squeeze the others to a letter or two. The
  // columns (three, filled row by row) share the width: one column is capped only as far as needed for
  // all to fit, the narrow ones keep their names whole. The whole name stays in the CSV.
  if (!isVisible()) return;  // a chart not laid out yet has no width to fit: when it is shown
  QList<int> shown;
  for (int i = 0; i < graphs_.size(); ++i)
    if (plot_->legend->hasItemWithPlottable(graphs_[i])) shown << i;
  if (shown.isEmpty()) return;
  const int columns = std::min(int(shown.size()), 3);
  const int icon = plot_->legend->iconSize().width() + plot_->legend->iconTextPadding() + 12;
  const QFontMetrics metrics(plot_->legend->font());
  QList<int> natural(columns, 0);  // each column's widest name
  for (int k = 0; k < shown.size(); ++k)
    natural[k % columns] = std::max(natural[k % columns], metrics.horizontalAdvance(names_[shown[k]]) + icon);
  // The chart's width (the plot spans it; the plot itself may not have been resized yet when this runs).
  const int available = std::max(columns * 40, width() - 8);
  auto widthWith = [&](int cap) {
    int sum = 0;
    for (int w : natural) sum += std::min(w, cap);
    return sum;
  };
  int cap = *std::max_element(natural.begin(), natural.end());
  if (widthWith(cap) > available) {
    int low = 40, high = cap;  // the largest cap that fits
    while (low < high) {
      const int mid = (low + high + 1) / 2;
      if (widthWith(mid) <= available)
        low = mid;
      else
        high = mid - 1;
    }
    cap = low;
  }
  bool changed = false;
  for (int i = 0; i < graphs_.size(); ++i) {
    // (a name as wide as the cap is left whole: elidedText's measure may differ from horizontalAdvance's)
    const QString fitted = metrics.horizontalAdvance(names_[i]) + icon <= cap
                               ? names_[i]
                               : metrics.elidedText(names_[i], Qt::ElideRight, std::max(20, cap - icon));
    if (graphs_[i]->name() != fitted) {
      graphs_[i]->setName(fitted);
      changed = true;
    }
  }
  if (changed) replotSoon();
}

void MetricChart::arrangeHeader() {
  // Charts side by side (children of one widget) arrange theirs alike, by the longest title, so that
  // their plots line up.
  int title_width = title_width_;
  if (parentWidget())
    for (const MetricChart* other : parentWidget()->findChildren<MetricChart*>(Qt::FindDirectChildrenOnly))
      title_width = std::max(title_width, other->title_width_);
  const int rows =
      width() >= title_width + header_->horizontalSpacing() + controls_->sizeHint().width() ? 1 : 2;
  if (rows == header_rows_) return;
  header_rows_ = rows;
  header_->removeWidget(title_);
  header_->removeWidget(controls_);
  // Two rows of charts fit a 768-pixel screen: a header of two lines takes its second from the plot.
  plot_->setMinimumHeight(rows == 1 ? kPlotMinimumHeight
                                    : kPlotMinimumHeight - title_->sizeHint().height() -
                                          std::max(0, header_->verticalSpacing()));
  if (rows == 1) {
    header_->addWidget(title_, 0, 0);
    header_->addWidget(controls_, 0, 1);
    header_->setColumnStretch(0, 1);
  } else {
    header_->addWidget(title_, 0, 0, 1, 2);
    header_->addWidget(controls_, 1, 0, 1, 2, Qt::AlignRight);
  }
}

void MetricChart::showLegend(bool shown) {
  auto* grid = plot_->plotLayout();
  const bool placed = grid->hasElement(0, 0) && grid->element(0, 0) == plot_->legend;
  plot_->legend->setVisible(shown);
  if (shown == placed) return;
  // A hidden legend would keep its row: it leaves the layout, and the plot has the height.
  if (shown) {
    grid->insertRow(0);
    grid->addElement(0, 0, plot_->legend);
    grid->setRowStretchFactor(0, 0.001);
  } else {
    grid->take(plot_->legend);
    grid->simplify();
  }
}

int MetricChart::addSeries(const QString& name, const QColor& color, bool scatter, bool legend) {
  auto* graph = plot_->addGraph();
  if (!legend) graph->removeFromLegend();
  graph->setName(name);
  graph->setPen(QPen(color, 1.5));
  if (scatter) graph->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, color, color, 6));
  graphs_.append(graph);
  scatter_.append(scatter);
  xs_.append(QVector<double>());
  ys_.append(QVector<double>());
  names_.append(name);
  showLegend(graphs_.size() > 1);
  QFont font = this->font();
  if (graphs_.size() > 3) font.setPointSizeF(font.pointSizeF() * 0.8);  // runs compared: a smaller legend
  plot_->legend->setFont(font);
  fitLegend();
  return graphs_.size() - 1;
}

void MetricChart::truncateSeries(int count) {
  while (graphs_.size() > std::max(0, count)) {
    plot_->removeGraph(graphs_.takeLast());
    scatter_.removeLast();
    xs_.removeLast();
    ys_.removeLast();
    names_.removeLast();
  }
  showLegend(graphs_.size() > 1);
  fitLegend();
  replotSoon();
}

void MetricChart::setInLegend(int series, bool on) {
  if (series < 0 || series >= graphs_.size()) return;
  if (on) graphs_[series]->addToLegend();
  else graphs_[series]->removeFromLegend();
  fitLegend();
  replotSoon();
}

void MetricChart::addPoint(int series, double x, double y) {
  if (series < 0 || series >= graphs_.size() || !std::isfinite(y)) return;
  xs_[series].append(x);
  ys_[series].append(y);
  replotSoon();
}

void MetricChart::clear() {
  for (int i = 0; i < graphs_.size(); ++i) {
    xs_[i].clear();
    ys_[i].clear();
  }
  replotNow();
}

int MetricChart::pointCount(int series) const { return series >= 0 && series < xs_.size() ? xs_[series].size() : 0; }

void MetricChart::setLogScale(bool on) {
  plot_->yAxis->setScaleType(on ? QCPAxis::stLogarithmic : QCPAxis::stLinear);
  if (on)
    plot_->yAxis->setTicker(QSharedPointer<QCPAxisTickerLog>(new QCPAxisTickerLog));
  else
    plot_->yAxis->setTicker(QSharedPointer<QCPAxisTicker>(new QCPAxisTicker));
  if (log_scale_->isChecked() != on) log_scale_->setChecked(on);
  replotNow();
}

void MetricChart::replotSoon() {
  if (!replot_timer_.isActive()) replot_timer_.start();
}

QVector<double> MetricChart::smoothed(const QVector<double>& values, double weight) {
  // Debiased like TensorBoard's, so that the first points are not pulled to 0.
  QVector<double> out(values.size());
  double average = 0, correction = 0;
  for (int i = 0; i < values.size(); ++i) {
    average = weight * average + (1 - weight) * values[i];
    correction = weight * correction + (1 - weight);
    out[i] = average / correction;
  }
  return out;
}

void MetricChart::setSmoothing(bool on) { smooth_->setChecked(on); }

const QCPGraph* MetricChart::graph(int series) const { return graphs_.value(series); }

void MetricChart::replotNow() {
  for (int i = 0; i < graphs_.size(); ++i) {
    const auto& x = xs_[i];
    QVector<double> y = ys_[i];
    if (smooth_->isChecked() && !scatter_[i]) y = smoothed(y);
    if (x.size() <= kMaxDrawnPoints) {
      graphs_[i]->setData(x, y, /*alreadySorted=*/true);
    } else {
      const int stride = (x.size() + kMaxDrawnPoints - 1) / kMaxDrawnPoints;
      QVector<double> dx, dy;
      for (int k = 0; k < x.size(); k += stride) dx.append(x[k]), dy.append(y[k]);
      if (dx.last() != x.last()) dx.append(x.last()), dy.append(y.last());
      graphs_[i]->setData(dx, dy, true);
    }
  }
  plot_->rescaleAxes();
  // The steps from 0, as every chart of the run shows them: a first evaluation at step 500 stands where
  // it falls in training, beside the loss chart's, not alone in a range of a few steps around it.
  if (plot_->xAxis->range().lower > 0) plot_->xAxis->setRangeLower(0);
  // A margin, so that points on the edges (the first evaluation) stay visible.
  for (QCPAxis* axis : {plot_->xAxis, plot_->yAxis}) {
    const QCPRange range = axis->range();
    if (axis->scaleType() == QCPAxis::stLinear) {
      const double pad = range.size() > 0 ? range.size() * 0.05 : std::max(1.0, std::abs(range.lower) * 0.05);
      axis->setRange(range.lower - pad, range.upper + pad);
    } else if (range.lower > 0) {
      axis->setRange(range.lower / 1.2, range.upper * 1.2);
    }
  }
  plot_->replot(QCustomPlot::rpQueuedReplot);
}

bool MetricChart::savePng(const QString& path) {
  replotNow();
  return plot_->savePng(path);
}

bool MetricChart::saveCsv(const QString& path) const {
  QSaveFile file(path);  // written to a temporary file, renamed on commit()
  if (!file.open(QIODevice::WriteOnly | QIODevice::Text)) return false;
  QTextStream out(&file);
  out << "series,step,value\n";
  for (int i = 0; i < names_.size(); ++i)
    for (int k = 0; k < xs_[i].size(); ++k) out << names_[i] << ',' << xs_[i][k] << ',' << ys_[i][k] << '\n';
  out.flush();
  return file.commit();
}

}  // namespace studio::ui
