#pragma once

#include <QList>
#include <QPointF>
#include <QRectF>
#include <QSizeF>

// Where the labels of a scatter plot's points go: beside each point, above
// or below, to its right or its left, so that they cover neither one
// another nor the other points and stay on the plot where they can. Pixels
// throughout (the plot's own coordinates).
namespace studio::ui {

struct LabelPlace {
  bool left = false;  // the label ends at the point (else it starts there)
  bool above = true;  // the label sits on the point's height (else it hangs from it)
  QRectF rect;        // where it is
};

// `points` and `sizes` (the labels' sizes), one each, placed from the
// leftmost point on: each takes the first place that covers nothing and
// stays inside `area` (the right before the left, above before below),
// else the place that covers least, running off the plot counting most.
QList<LabelPlace> placeLabels(const QList<QPointF>& points, const QList<QSizeF>& sizes, const QRectF& area);

}  // namespace studio::ui
