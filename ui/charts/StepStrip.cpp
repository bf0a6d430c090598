#include "ui/charts/StepStrip.h"

#include <QLocale>

#include <algorithm>

#include "ui/charts/QCustomPlot.h"

namespace studio::ui {

void labelStepStrip(QCustomPlot* plot, const QList<qint64>& steps, const QStringList& rows, int extra,
                    const QString& extra_label) {
  const int columns = int(steps.size());
  QSharedPointer<QCPAxisTickerText> x_ticks(new QCPAxisTickerText);
  const int every = std::max(1, columns / 10);
  for (int c = 0; c < columns; c += every) x_ticks->addTick(c, QLocale().toString(steps[c]));
  for (int e = 0; e < extra && columns > 0; ++e) x_ticks->addTick(columns + e, extra_label);
  plot->xAxis->setTicker(x_ticks);
  plot->xAxis->setRange(-0.5, columns + (columns > 0 ? extra : 0) - 0.5);
  QSharedPointer<QCPAxisTickerText> y_ticks(new QCPAxisTickerText);
  for (int r = 0; r < rows.size(); ++r) y_ticks->addTick(r, rows[r]);
  plot->yAxis->setTicker(y_ticks);
  plot->yAxis->setRange(-0.5, rows.size() - 0.5);
  plot->yAxis->setSubTicks(false);
  plot->xAxis->setSubTicks(false);
  plot->xAxis->grid()->setVisible(false);
  plot->yAxis->grid()->setVisible(false);
}

void placeStepMarker(QCustomPlot* plot, QCPItemStraightLine* marker, const QList<qint64>& steps,
                     qint64 step) {
  const int index = int(steps.indexOf(step));
  marker->setVisible(index >= 0);
  if (index >= 0) {
    marker->point1->setCoords(index, 0);
    marker->point2->setCoords(index, 1);
  }
  plot->replot();
}

}  // namespace studio::ui
