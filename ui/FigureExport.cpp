#include "ui/FigureExport.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>
#include <QSvgGenerator>

#include <cstdio>

#include "ui/QCustomPlot.h"

namespace studio::ui {

bool savePlotSvg(QCustomPlot* plot, const QString& path, const QString& title) {
  QSaveFile file(path);
  if (!file.open(QIODevice::WriteOnly)) return false;
  QSvgGenerator generator;
  generator.setOutputDevice(&file);
  generator.setSize(plot->size());
  generator.setViewBox(QRect(QPoint(0, 0), plot->size()));
  generator.setTitle(title);
  QCPPainter painter;
  if (!painter.begin(&generator)) return false;
  plot->toPainter(&painter, plot->width(), plot->height());
  painter.end();
  return file.commit();
}

bool savePlotPdf(QCustomPlot* plot, const QString& path) {
  // QCustomPlot writes the file itself: beside it first, then renamed over it whole.
  const QString partial = path + ".part";
  if (!plot->savePdf(partial, plot->width(), plot->height())) {
    QFile::remove(partial);
    return false;
  }
  if (std::rename(QFile::encodeName(partial).constData(), QFile::encodeName(path).constData()) != 0) {
    QFile::remove(partial);
    return false;
  }
  return true;
}

QString fileBeside(const QString& path, const QString& suffix) {
  const QFileInfo info(path);
  return info.dir().filePath(info.completeBaseName() + "." + suffix);
}

bool writeJsonBeside(const QString& path, const QByteArray& json) {
  QSaveFile file(fileBeside(path, "json"));
  return file.open(QIODevice::WriteOnly) && file.write(json) == json.size() && file.commit();
}

}  // namespace studio::ui
