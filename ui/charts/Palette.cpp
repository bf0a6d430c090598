#include "ui/charts/Palette.h"

#include <algorithm>
#include <array>
#include <cmath>

#include "ui/charts/QCustomPlot.h"

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

QCPColorGradient heatmapGradient() {
  QCPColorGradient gradient;
  gradient.clearColorStops();
  for (int i = 0; i <= 8; ++i) gradient.setColorStopAt(i / 8.0, QColor(heatmapColor(i / 8.0)));
  gradient.setLevelCount(256);
  return gradient;
}

namespace {
// ColorBrewer's RdBu, blue (-1) through near-white (0) to red (+1).
const std::array<QRgb, 5> kDivergingStops{0x2166ac, 0x92c5de, 0xf7f7f7, 0xf4a582, 0xb2182b};
}  // namespace

QCPColorGradient divergingGradient() {
  QCPColorGradient gradient;
  gradient.clearColorStops();
  for (size_t i = 0; i < kDivergingStops.size(); ++i)
    gradient.setColorStopAt(double(i) / double(kDivergingStops.size() - 1), QColor(kDivergingStops[i]));
  gradient.setLevelCount(256);
  return gradient;
}

QColor divergingColor(double value) {
  const double x = (std::clamp(std::isfinite(value) ? value : 0.0, -1.0, 1.0) + 1.0) / 2.0 *
                   double(kDivergingStops.size() - 1);
  const size_t i = std::min(size_t(x), kDivergingStops.size() - 2);
  const double f = x - double(i);
  const QColor a(kDivergingStops[i]), b(kDivergingStops[i + 1]);
  auto mix = [f](int from, int to) { return int(std::lround(from + (to - from) * f)); };
  return QColor(mix(a.red(), b.red()), mix(a.green(), b.green()), mix(a.blue(), b.blue()));
}

void applyPalette(QCustomPlot* plot, const QPalette& palette, const QList<QCPAxis*>& extra_axes) {
  const QColor base = palette.color(QPalette::Base), text = palette.color(QPalette::Text);
  QColor grid = text;
  grid.setAlpha(40);
  plot->setBackground(base);
  QList<QCPAxis*> axes = extra_axes;
  for (QCPAxisRect* rect : plot->axisRects()) {
    rect->setBackground(base);
    axes += rect->axes();
  }
  {
    for (QCPAxis* axis : axes) {
      axis->setBasePen(QPen(text, 1));
      axis->setTickPen(QPen(text, 1));
      axis->setSubTickPen(QPen(text, 1));
      axis->setTickLabelColor(text);
      axis->setLabelColor(text);
      axis->grid()->setPen(QPen(grid, 1, Qt::DotLine));
    }
  }
  plot->legend->setBrush(base);
  plot->legend->setTextColor(text);
  plot->legend->setBorderPen(QPen(grid));
}

QPalette darkPalette() {
  QPalette p;
  p.setColor(QPalette::Window, QColor(37, 37, 38));
  p.setColor(QPalette::WindowText, QColor(230, 230, 230));
  p.setColor(QPalette::Base, QColor(30, 30, 30));
  p.setColor(QPalette::AlternateBase, QColor(45, 45, 48));
  p.setColor(QPalette::ToolTipBase, QColor(50, 50, 52));
  p.setColor(QPalette::ToolTipText, QColor(230, 230, 230));
  p.setColor(QPalette::Text, QColor(230, 230, 230));
  p.setColor(QPalette::Button, QColor(50, 50, 52));
  p.setColor(QPalette::ButtonText, QColor(230, 230, 230));
  p.setColor(QPalette::BrightText, Qt::red);
  p.setColor(QPalette::Highlight, QColor(38, 120, 200));
  p.setColor(QPalette::HighlightedText, Qt::white);
  p.setColor(QPalette::Link, QColor(100, 170, 255));
  p.setColor(QPalette::PlaceholderText, QColor(150, 150, 150));
  p.setColor(QPalette::Disabled, QPalette::Text, QColor(130, 130, 130));
  p.setColor(QPalette::Disabled, QPalette::ButtonText, QColor(130, 130, 130));
  p.setColor(QPalette::Disabled, QPalette::WindowText, QColor(130, 130, 130));
  return p;
}

QBrush maskBrush() { return QBrush(QColor(200, 200, 200, 200), Qt::BDiagPattern); }
QColor maskOutline() { return QColor(160, 160, 160, 160); }

}  // namespace studio::ui
