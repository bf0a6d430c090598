#pragma once

#include <QDialog>
#include <QList>

#include "app/explorer/HeadRoles.h"

class QDoubleSpinBox;

namespace studio::ui {

// The thresholds of the head roles' rules (HeadRoles.h), each editable, with
// the defaults a click away. The explorer's Heads over training → Role uses
// them; they are kept in the settings between starts.
class RoleThresholdsDialog : public QDialog {
  Q_OBJECT

 public:
  explicit RoleThresholdsDialog(const app::RoleThresholds& thresholds, QWidget* parent = nullptr);
  app::RoleThresholds thresholds() const;
  void setThresholds(const app::RoleThresholds& thresholds);

 private:
  QList<QDoubleSpinBox*> spins_;  // one a threshold, in the table's order (RoleThresholdsDialog.cpp)
};

// The thresholds kept in the settings (the defaults when none are).
app::RoleThresholds savedRoleThresholds();
void saveRoleThresholds(const app::RoleThresholds& thresholds);

}  // namespace studio::ui
