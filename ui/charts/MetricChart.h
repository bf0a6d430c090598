#pragma once

#include <QMap>
#include <QString>
#include <QTimer>
#include <QWidget>

class QCustomPlot;
class QCPGraph;
class QCPItemStraightLine;
class QCheckBox;
class QGridLayout;
class QLabel;

namespace studio::ui {

// One QCustomPlot chart of one or more series over training steps. Points
// are appended as they arrive and the plot is redrawn at most ten times a
// second; long series are drawn from a downsampled copy.
class MetricChart : public QWidget {
  Q_OBJECT

 public:
  MetricChart(const QString& title, const QString& y_label, QWidget* parent = nullptr);

  // Adds a series drawn in `color`; returns its index.
  // `legend` false: left out of the legend (a second series of the same run).
  int addSeries(const QString& name, const QColor& color, bool scatter = false, bool legend = true);
  void addPoint(int series, double x, double y);
  int seriesCount() const { return int(graphs_.size()); }
  // Its name whole (the legend may show it cut short to fit).
  QString seriesName(int series) const { return names_.value(series); }
  // Removes the series from `count` on (the other runs of a comparison).
  void truncateSeries(int count);
  // Shows a series' name in the legend or not (a series that only some runs fill).
  void setInLegend(int series, bool on);
  void clear();

  int pointCount(int series) const;
  QCustomPlot* plot() const { return plot_; }
  void setLogScale(bool on);
  // Line series drawn as a debiased exponential moving average.
  void setSmoothing(bool on);
  static QVector<double> smoothed(const QVector<double>& values, double weight = 0.9);
  const QCPGraph* graph(int series) const;
  void replotNow();

  // A vertical line at `step` (the step the Attention explorer's timelapse
  // shows); a negative step hides it.
  void setMarker(double step);
  double marker() const { return marker_step_; }
  // The step under a pixel of the plot (what a click there means).
  double stepAt(int x_pixel) const;
  double stepsPerPixel() const;

  // Saves the chart: PNG, or CSV of every point of every series.
  bool savePng(const QString& path);
  bool saveCsv(const QString& path) const;

 Q_SIGNALS:
  void saveFailed(const QString& message);
  // A click (not a drag) on the plot, at this step.
  void stepClicked(double step);

 protected:
  void changeEvent(QEvent* event) override;  // follows a palette (theme) change
  void resizeEvent(QResizeEvent* event) override;
  void showEvent(QShowEvent* event) override;

 private:
  void replotSoon();
  // The title beside the controls where the width holds both on one line,
  // else on a line of its own above them (a long title in a narrow column).
  void arrangeHeader();
  void showLegend(bool shown);
  void fitLegend();

  QCustomPlot* plot_;
  QGridLayout* header_;
  QLabel* title_;
  QWidget* controls_;
  int title_width_ = 0;  // on one line
  int header_rows_ = 0;  // as arranged: 1 or 2
  QCheckBox* log_scale_;
  QCheckBox* smooth_;
  QVector<bool> scatter_;
  QTimer replot_timer_;
  QVector<QVector<double>> xs_, ys_;
  QVector<QString> names_;
  QVector<QCPGraph*> graphs_;
  QCPItemStraightLine* marker_ = nullptr;
  double marker_step_ = -1;
  QPoint press_;
};

}  // namespace studio::ui
