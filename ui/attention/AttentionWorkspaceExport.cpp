// The explorer's exports: the map as a picture (PNG, SVG, PDF, the vector
// figures with their numbers beside them), its weights (CSV), the captured
// sentence's document (JSON), and the timelapse a frame a step.

#include <QDir>
#include <QFileDialog>
#include <QSaveFile>

#include "ui/attention/AttentionMapView.h"
#include "ui/attention/AttentionWorkspace.h"
#include "ui/attention/TimelapseBar.h"
#include "ui/charts/FigureExport.h"

namespace studio::ui {

bool AttentionWorkspace::savePng(const QString& path) { return map_view_->savePng(path); }

bool AttentionWorkspace::saveSvg(const QString& path) { return map_view_->saveSvg(path); }

bool AttentionWorkspace::savePdf(const QString& path) { return map_view_->savePdf(path); }

bool AttentionWorkspace::saveCsv(const QString& path) const {
  if (matrix_.rows == 0) return false;
  auto quote = [](QString s) { return '"' + s.replace('"', "\"\"") + '"'; };
  QString text = quote(tr("query \\ key"));
  for (const auto& label : matrix_.columnLabels) text += ',' + quote(label);
  text += '\n';
  for (int r = 0; r < matrix_.rows; ++r) {
    text += quote(matrix_.rowLabels[r]);
    for (int c = 0; c < matrix_.columns; ++c) text += ',' + QString::number(matrix_.value(r, c), 'g', 9);
    text += '\n';
  }
  QSaveFile file(path);
  if (!file.open(QIODevice::WriteOnly | QIODevice::Text)) return false;
  file.write(text.toUtf8());
  return file.commit();
}

bool AttentionWorkspace::saveJson(const QString& path) const {
  if (view_.json.isEmpty()) return false;
  QSaveFile file(path);
  if (!file.open(QIODevice::WriteOnly)) return false;
  file.write(view_.json);
  return file.commit();
}

int AttentionWorkspace::exportTimelapse(const QString& dir, QString* error) {
  const qint64 shown = timelapse_->step();
  const QList<qint64> steps = timelapse_->steps();
  QString csv = "step,query,key,query_token,key_token,weight\n";
  auto quote = [](QString s) { return '"' + s.replace('"', "\"\"") + '"'; };
  int written = 0;
  for (qint64 step : steps) {
    timelapse_->showStep(step);  // the map, as chosen, at that step
    const QString name = QString("frame-%1.png").arg(step, 8, 10, QChar('0'));
    if (!map_view_->savePng(QDir(dir).filePath(name))) {
      if (error) *error = tr("Cannot write '%1'.").arg(QDir(dir).filePath(name));
      timelapse_->showStep(shown);
      return -1;
    }
    for (int r = 0; r < matrix_.rows; ++r)
      for (int c = 0; c < matrix_.columns; ++c)
        csv += QString("%1,%2,%3,%4,%5,%6\n")
                   .arg(step)
                   .arg(r)
                   .arg(c)
                   .arg(quote(matrix_.rowLabels[r]), quote(matrix_.columnLabels[c]))
                   .arg(matrix_.value(r, c), 0, 'g', 6);
    ++written;
  }
  timelapse_->showStep(shown);
  QSaveFile file(QDir(dir).filePath("weights.csv"));
  if (!file.open(QIODevice::WriteOnly | QIODevice::Text) || file.write(csv.toUtf8()) < 0 || !file.commit()) {
    if (error) *error = tr("Cannot write '%1'.").arg(QDir(dir).filePath("weights.csv"));
    return -1;
  }
  return written;
}

void AttentionWorkspace::exportAs(const QString& format) {
  if (view_.isEmpty()) {
    Q_EMIT errorOccurred(tr("Capture a sentence before exporting."));
    return;
  }
  const QString suffix = format.toLower();
  const QString path = QFileDialog::getSaveFileName(
      this, tr("Export as %1").arg(format), "attention." + suffix, tr("%1 files (*.%2)").arg(format, suffix));
  if (path.isEmpty()) return;
  // The vector figures carry their numbers beside them (NAME.csv).
  const bool ok = format == "PNG"   ? savePng(path)
                  : format == "SVG" ? saveSvg(path) && saveCsv(fileBeside(path, "csv"))
                  : format == "PDF" ? savePdf(path) && saveCsv(fileBeside(path, "csv"))
                  : format == "CSV" ? saveCsv(path)
                                    : saveJson(path);
  if (!ok) Q_EMIT errorOccurred(tr("Cannot write '%1'.").arg(path));
}

}  // namespace studio::ui
