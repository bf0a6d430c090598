#pragma once

#include <QWidget>

#include "app/explorer/LensTimeline.h"

class QComboBox;
class QCPColorMap;
class QCPItemStraightLine;
class QCustomPlot;
class QLabel;
class QMouseEvent;

namespace studio::ui {

// The logit lens over training: a row a decoder block, a column a recorded
// step of the run (its probe sentences, probes.rec), each cell how often the
// piece that came next was already the likeliest after that block (or its
// mean probability, or its median rank). Clicking a column shows that step
// in the timelapse. Beside the explorer's Logit lens grid, which shows the
// chosen probe's lens at the step shown.
class LensTimelineView : public QWidget {
  Q_OBJECT

 public:
  explicit LensTimelineView(QWidget* parent = nullptr);

  // Recomputes from the records (now, or when the view is shown next).
  void setHistory(const app::ProbeHistory* history, bool own);
  void setStatistic(app::LensStatistic statistic);
  app::LensStatistic statistic() const;
  const app::LensTimeline& timeline();
  void setMarker(qint64 step);  // the step the explorer shows
  QCustomPlot* plot() const { return plot_; }
  QString emptyReason() const;  // why nothing is drawn ("" when the map is shown)
  QString hoverText() const;
  bool saveCsv(const QString& path);

 Q_SIGNALS:
  void stepChosen(qint64 step);
  void errorOccurred(const QString& message);

 protected:
  void showEvent(QShowEvent* event) override;
  void changeEvent(QEvent* event) override;  // follows a palette (theme) change

 private:
  void recompute();
  void draw();
  // The cell under a point of the plot; false when none.
  bool cellAt(const QPoint& pos, int* stage, int* column) const;
  void onClick(QMouseEvent* event);
  void onHover(QMouseEvent* event);

  const app::ProbeHistory* history_ = nullptr;
  bool own_ = false;
  bool dirty_ = true;
  qint64 marker_step_ = -1;
  app::LensTimeline timeline_;
  QComboBox* statistic_;
  QLabel* empty_;
  QLabel* hover_;
  QCustomPlot* plot_;
  QCPColorMap* map_;
  QCPItemStraightLine* marker_;
};

}  // namespace studio::ui
