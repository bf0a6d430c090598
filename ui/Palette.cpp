#include "ui/Palette.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace studio::ui {

QColor probabilityColor(double p) {
  p = std::clamp(p, 0.0, 1.0);
  // Hue 0 (red) .. 120 (green); light enough for dark text.
  return QColor::fromHsv(int(std::lround(120.0 * p)), 110, 245);
}

QColor probabilityText(double) { return QColor(20, 20, 20); }

QRgb heatmapColor(double w) {
  // Five stops sampled from viridis.
  static const std::array<std::array<double, 3>, 5> stops{{{68, 1, 84},
                                                          {59, 82, 139},
                                                          {33, 145, 140},
                                                          {94, 201, 98},
                                                          {253, 231, 37}}};
  w = std::clamp(std::isfinite(w) ? w : 0.0, 0.0, 1.0) * double(stops.size() - 1);
  const size_t i = std::min(size_t(w), stops.size() - 2);
  const double f = w - double(i);
  auto mix = [&](int c) { return int(std::lround(stops[i][c] + (stops[i + 1][c] - stops[i][c]) * f)); };
  return qRgb(mix(0), mix(1), mix(2));
}

QBrush maskBrush() { return QBrush(QColor(200, 200, 200, 200), Qt::BDiagPattern); }
QColor maskOutline() { return QColor(160, 160, 160, 160); }

}  // namespace studio::ui
