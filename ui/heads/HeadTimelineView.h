#pragma once

#include <QWidget>

#include "app/explorer/HeadRoles.h"
#include "app/explorer/HeadStatistics.h"

class QComboBox;
class QCPColorMap;
class QCPItemStraightLine;
class QCustomPlot;
class QLabel;
class QMouseEvent;
class QPushButton;

namespace studio::ui {

// Every head against the recorded training steps, as a heat strip a head:
// its entropy, its weight on the end token or on the diagonal (the mean over
// the probe sentences), or its role (HeadRoles.h: sink, previous token,
// diagonal alignment, ...; dead from the run's head ranking), so that one
// sees heads specialise or die. Clicking a cell opens that head at that step
// in the explorer. The view exports as SVG or PDF with its numbers as JSON.
class HeadTimelineView : public QWidget {
  Q_OBJECT

 public:
  explicit HeadTimelineView(QWidget* parent = nullptr);

  // Recomputes from the records (now, or when the view is shown next).
  void setHistory(const app::ProbeHistory* history, bool own);
  void setStatistic(app::HeadStatistic statistic);
  app::HeadStatistic statistic() const;
  // The roles instead of a statistic.
  void showRoles();
  bool showsRoles() const;
  const app::HeadRoleTimeline& roles() const { return roles_; }
  QString legend() const;  // the roles' colours and rules, as shown under the map
  // The roles' thresholds (the settings' at start; Thresholds… edits them and keeps them there).
  const app::RoleThresholds& roleThresholds() const { return thresholds_; }
  void setRoleThresholds(const app::RoleThresholds& thresholds);
  // Opens the thresholds' dialog (RoleThresholdsDialog); OK applies and keeps them.
  void editRoleThresholds();
  bool saveSvg(const QString& path);  // the map, with the timeline (or roles) as JSON beside it
  bool savePdf(const QString& path);
  QByteArray toJson() const;
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
  app::HeadRoleTimeline roles_;
  app::RoleThresholds thresholds_;
  QComboBox* statistic_;
  QPushButton* thresholds_button_;
  QLabel* legend_;
  QLabel* hover_;
  QLabel* empty_;
  QCustomPlot* plot_;
  QCPColorMap* map_;
  QCPItemStraightLine* marker_;
};

}  // namespace studio::ui
