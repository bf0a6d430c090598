#pragma once

#include <QCoreApplication>
#include <QString>

// How the app words a paired significance test's answer (p from paired
// bootstrap resampling, model/evaluation/Significance.h): "yes (p = 0.003)"
// below 0.05, "no (p = 0.31)" above, and a p below 0 (nothing to test) as
// the same translations. One wording for every table that compares.
namespace studio::ui {

class DifferenceText {
  Q_DECLARE_TR_FUNCTIONS(DifferenceText)

 public:
  static QString of(double p_value);
};

}  // namespace studio::ui
