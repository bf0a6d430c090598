#pragma once

#include <QBrush>
#include <QColor>
#include <QList>
#include <QPalette>
#include <QRgb>

class QCPAxis;
class QCPColorGradient;
class QCustomPlot;

// Colours shared by the workspaces. They carry their own background and
// text colours, so that they read the same on light and dark themes.
namespace studio::ui {

// A probability in [0, 1] as a chip colour: red (unlikely) through amber to
// green (certain), and the text colour that reads on it.
QColor probabilityColor(double p);
QColor probabilityText(double p);

// The heatmaps' colour scale for a weight in [0, 1] (a perceptually ordered
// dark-blue → yellow ramp, like viridis).
QRgb heatmapColor(double weight);
// The same ramp as a QCustomPlot colour gradient (256 levels), for colour maps.
// Signed values: blue below zero, near-white at zero, red above (ColorBrewer's RdBu).
QCPColorGradient divergingGradient();
// The same diverging scale for a value in [-1, 1].
QColor divergingColor(double value);
QCPColorGradient heatmapGradient();

// Colours a plot from the widget palette (background, axes, labels, grid,
// legend), so that charts follow a dark theme instead of staying white.
void applyPalette(QCustomPlot* plot, const QPalette& palette, const QList<QCPAxis*>& extra_axes = {});

// A dark Fusion palette, for `attention-studio --dark`.
QPalette darkPalette();

// How masked cells are drawn over a heatmap: grey hatching.
QBrush maskBrush();
QColor maskOutline();

}  // namespace studio::ui
