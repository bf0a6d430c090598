#pragma once

#include <QWidget>

#include "app/HeadStatistics.h"

class QComboBox;
class QCPColorMap;
class QCPItemStraightLine;
class QCustomPlot;
class QLabel;
class QMouseEvent;

namespace studio::ui {

// Every head against the recorded training steps, as a heat strip a head:
// its entropy, its weight on the end token or on the diagonal (the mean over
// the probe sentences), so that one sees heads specialise or die. Clicking a
// cell opens that head at that step in the explorer.
class HeadTimelineView : public QWidget {
  Q_OBJECT

 public:
  explicit HeadTimelineView(QWidget* parent = nullptr);

  // Recomputes from the records (now, or when the view is shown next).
  void setHistory(const app::ProbeHistory* history, bool own);
  void setStatistic(app::HeadStatistic statistic);
  app::HeadStatistic statistic() const;
  void setMarker(qint64 step);  // the step the explorer shows
  const app::HeadTimeline& timeline();
  QCustomPlot* plot() const { return plot_; }
  // Why nothing is drawn ("" when the map is shown).
  QString emptyReason() const;

 Q_SIGNALS:
  void cellChosen(app::AttentionView::Kind kind, int layer, int head, qint64 step);

 protected:
  void showEvent(QShowEvent* event) override;
  void changeEvent(QEvent* event) override;  // follows a palette (theme) change

 private:
  void recompute();
  void draw();
  void onClick(QMouseEvent* event);
  void onHover(QMouseEvent* event);

  const app::ProbeHistory* history_ = nullptr;
  bool own_ = false;
  bool dirty_ = true;
  qint64 marker_step_ = -1;
  app::HeadTimeline timeline_;
  QComboBox* statistic_;
  QLabel* hover_;
  QLabel* empty_;
  QCustomPlot* plot_;
  QCPColorMap* map_;
  QCPItemStraightLine* marker_;
};

}  // namespace studio::ui
