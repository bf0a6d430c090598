#pragma once

#include <QList>
#include <QStringList>

class QCustomPlot;
class QCPItemStraightLine;

// A heat strip of rows against the recorded training steps of a run (the
// explorer's Heads over training and the lens over training): a column an
// index into `steps`, the axes labelled by step and by row.
namespace studio::ui {

// Labels the x axis by step (about ten of them), then `extra` columns after
// the steps by `extra_label`; the y axis by `rows`, top to bottom; no grid.
void labelStepStrip(QCustomPlot* plot, const QList<qint64>& steps, const QStringList& rows, int extra = 0,
                    const QString& extra_label = {});

// Shows `marker` at the column of `step` (hidden when it is not one of
// `steps`) and replots.
void placeStepMarker(QCustomPlot* plot, QCPItemStraightLine* marker, const QList<qint64>& steps, qint64 step);

}  // namespace studio::ui
