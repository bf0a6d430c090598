#include "app/explorer/ProbeHistory.h"

#include <QDir>
#include <QFileInfo>

#include <set>

#include "app/SnapshotView.h"
#include "model/training/ProbeFile.h"

namespace studio::app {

void ProbeHistory::clear() {
  run_dir_.clear();
  warning_.clear();
  frames_.clear();
  offset_ = 0;
}

bool ProbeHistory::open(const QString& run_dir, QString* error) {
  // A copy first: `run_dir` may be runDir() itself, which clear() empties.
  const QString dir = run_dir;
  clear();
  run_dir_ = dir;
  const QString path = QDir(dir).filePath(model::kProbeFileName);
  if (!QFileInfo::exists(path)) {
    if (error) *error = QString("'%1' has no %2: it was trained without probes").arg(dir, model::kProbeFileName);
    return false;
  }
  return refresh(error);
}

bool ProbeHistory::refresh(QString* error) {
  if (run_dir_.isEmpty()) return false;
  const QString path = QDir(run_dir_).filePath(model::kProbeFileName);
  const auto size = QFileInfo(path).size();
  if (offset_ > 0 && size < qint64(offset_)) {
    frames_.clear();  // cut back by a resume: read it again
    offset_ = 0;
  }
  if (offset_ > 0 && size == qint64(offset_)) return false;
  try {
    auto contents = model::readProbeFile(path.toStdString(), offset_);
    warning_ = QString::fromStdString(contents.warning);
    offset_ = contents.end_offset;
    for (auto& record : contents.records) {
      ProbeFrame frame;
      frame.step = record.step;
      frame.probe = int(record.probe);
      frame.own = record.target == model::ProbeTarget::Own;
      frame.reference = QString::fromStdString(record.reference);
      fillView(frame.view, record.attention, /*with_json=*/false);
      frame.view.modelPath = QString("%1 (step %2)").arg(run_dir_).arg(record.step);
      frames_.append(std::move(frame));
    }
    return !contents.records.empty();
  } catch (const std::exception& e) {
    if (error) *error = QString::fromStdString(e.what());
    return false;
  }
}

QList<int> ProbeHistory::probes() const {
  std::set<int> seen;
  for (const auto& f : frames_) seen.insert(f.probe);
  return QList<int>(seen.begin(), seen.end());
}

QString ProbeHistory::probeSource(int probe) const {
  for (const auto& f : frames_)
    if (f.probe == probe) return f.view.source;
  return {};
}

bool ProbeHistory::hasReference(int probe) const {
  for (const auto& f : frames_)
    if (f.probe == probe && !f.own) return true;
  return false;
}

QList<qint64> ProbeHistory::steps(int probe, bool own) const {
  std::set<qint64> seen;
  for (const auto& f : frames_)
    if (f.probe == probe && f.own == own) seen.insert(f.step);
  return QList<qint64>(seen.begin(), seen.end());
}

const ProbeFrame* ProbeHistory::frame(int probe, bool own, qint64 step) const {
  const ProbeFrame* best = nullptr;
  for (const auto& f : frames_)
    if (f.probe == probe && f.own == own && f.step <= step && (!best || f.step >= best->step)) best = &f;
  return best;
}

}  // namespace studio::app
