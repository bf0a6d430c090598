#include "ui/charts/PointLabels.h"

#include <algorithm>
#include <numeric>
#include <vector>

namespace studio::ui {

namespace {

double areaOf(const QRectF& r) { return r.isValid() ? r.width() * r.height() : 0.0; }

}  // namespace

QList<LabelPlace> placeLabels(const QList<QPointF>& points, const QList<QSizeF>& sizes, const QRectF& area) {
  const int n = int(std::min(points.size(), sizes.size()));
  std::vector<int> order(static_cast<size_t>(n));
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return points[a].x() < points[b].x(); });
  QList<QRectF> taken;  // every point's marker, then each label placed
  for (int i = 0; i < n; ++i) taken << QRectF(points[i] - QPointF(5, 5), QSizeF(10, 10));
  QList<LabelPlace> places(n);
  for (const int i : order) {
    const QPointF p = points[i];
    const QSizeF size = sizes[i];
    auto covered = [&](const QRectF& place) {
      double sum = 4 * (areaOf(place) - areaOf(place.intersected(area)));  // off the plot: worst
      for (int k = 0; k < taken.size(); ++k)
        if (k != i) sum += areaOf(taken[k].intersected(place));  // not its own point
      return sum;
    };
    const bool right_fits = p.x() + size.width() <= area.right();
    LabelPlace best;
    double least = -1;
    for (const bool left : {!right_fits, right_fits}) {
      for (const bool above : {true, false}) {
        const QRectF place(QPointF(left ? p.x() - size.width() : p.x(), above ? p.y() - size.height() : p.y()), size);
        const double cover = covered(place);
        if (least < 0 || cover < least) least = cover, best = {left, above, place};
        if (least == 0) break;
      }
      if (least == 0) break;
    }
    places[i] = best;
    taken << best.rect;
  }
  return places;
}

}  // namespace studio::ui
