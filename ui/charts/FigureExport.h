#pragma once

#include <QByteArray>
#include <QList>
#include <QString>

class QCustomPlot;

// Figures for papers and slides: a chart as SVG or PDF, written whole (a
// temporary file renamed into place), and its numbers beside it as JSON.
namespace studio::ui {

bool savePlotSvg(QCustomPlot* plot, const QString& path, const QString& title);
bool savePlotPdf(QCustomPlot* plot, const QString& path);
// Several charts side by side, left to right, as one figure.
bool savePlotsSvg(const QList<QCustomPlot*>& plots, const QString& path, const QString& title);
bool savePlotsPdf(const QList<QCustomPlot*>& plots, const QString& path);
// PATH's folder / PATH's name without its suffix + "." + suffix.
QString fileBeside(const QString& path, const QString& suffix);
bool writeJsonBeside(const QString& path, const QByteArray& json);

}  // namespace studio::ui
