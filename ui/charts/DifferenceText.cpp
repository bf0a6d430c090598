#include "ui/charts/DifferenceText.h"

namespace studio::ui {

QString DifferenceText::of(double p_value) {
  if (p_value < 0) return tr("no: the same translations");
  if (p_value < 0.05) return tr("yes (p = %1)").arg(p_value, 0, 'f', 3);
  return tr("no (p = %1)").arg(p_value, 0, 'f', 2);
}

}  // namespace studio::ui
