#include "ui/charts/FigureExport.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>
#include <QPageSize>
#include <QPdfWriter>
#include <QSvgGenerator>

#include <algorithm>
#include <cstdio>

#include "ui/charts/QCustomPlot.h"

namespace studio::ui {

namespace {

QSize sideBySide(const QList<QCustomPlot*>& plots) {
  QSize size(0, 0);
  for (auto* plot : plots) size = QSize(size.width() + plot->width(), std::max(size.height(), plot->height()));
  return size;
}

bool paintSideBySide(QPaintDevice& device, const QList<QCustomPlot*>& plots, const QSize& size) {
  QCPPainter painter;
  if (!painter.begin(&device)) return false;
  painter.setMode(QCPPainter::pmVectorized);
  painter.setWindow(QRect(QPoint(0, 0), size));
  int x = 0;
  for (auto* plot : plots) {
    painter.save();
    painter.translate(x, 0);
    plot->toPainter(&painter, plot->width(), plot->height());
    painter.restore();
    x += plot->width();
  }
  painter.end();
  return true;
}

}  // namespace

bool savePlotsSvg(const QList<QCustomPlot*>& plots, const QString& path, const QString& title) {
  if (plots.isEmpty()) return false;
  QSaveFile file(path);
  if (!file.open(QIODevice::WriteOnly)) return false;
  const QSize size = sideBySide(plots);
  QSvgGenerator generator;
  generator.setOutputDevice(&file);
  generator.setSize(size);
  generator.setViewBox(QRect(QPoint(0, 0), size));
  generator.setTitle(title);
  return paintSideBySide(generator, plots, size) && file.commit();
}

bool savePlotsPdf(const QList<QCustomPlot*>& plots, const QString& path) {
  if (plots.isEmpty()) return false;
  const QString partial = path + ".part";
  const QSize size = sideBySide(plots);
  bool painted = false;
  {
    // At the screen's 96 dots an inch, a page of the charts' size in pixels: text keeps its size.
    QPdfWriter writer(partial);
    writer.setResolution(96);
    writer.setPageSize(QPageSize(QSizeF(size) * 72.0 / 96.0, QPageSize::Point, QString(), QPageSize::ExactMatch));
    writer.setPageMargins(QMarginsF(0, 0, 0, 0));
    writer.setCreator("Attention Studio");
    painted = paintSideBySide(writer, plots, size);
  }
  if (!painted ||
      std::rename(QFile::encodeName(partial).constData(), QFile::encodeName(path).constData()) != 0) {
    QFile::remove(partial);
    return false;
  }
  return true;
}

bool savePlotSvg(QCustomPlot* plot, const QString& path, const QString& title) {
  return savePlotsSvg({plot}, path, title);
}

bool savePlotPdf(QCustomPlot* plot, const QString& path) { return savePlotsPdf({plot}, path); }

QString fileBeside(const QString& path, const QString& suffix) {
  const QFileInfo info(path);
  return info.dir().filePath(info.completeBaseName() + "." + suffix);
}

bool writeJsonBeside(const QString& path, const QByteArray& json) {
  QSaveFile file(fileBeside(path, "json"));
  return file.open(QIODevice::WriteOnly) && file.write(json) == json.size() && file.commit();
}

}  // namespace studio::ui
