#pragma once

#include <QList>
#include <QString>
#include <QVector>

#include "app/translation/TranslationService.h"

// A run's probes.rec for the GUI: every recorded attention of the probe
// sentences, by probe, target (the reference or the model's own
// translation) and step. Reads what was appended since the last read, so a
// run that is training grows its timelapse.
namespace studio::app {

struct ProbeFrame {
  qint64 step = 0;
  int probe = 0;
  bool own = false;  // over the model's own translation (else teacher-forced on the reference)
  QString reference;
  AttentionView view;  // view.translation: the model's own translation at this step
};

class ProbeHistory {
 public:
  // Forgets what was read and reads `run_dir`/probes.rec. False with `error`
  // when the file is missing, unreadable, or of an unknown version.
  bool open(const QString& run_dir, QString* error);
  // Reads what was appended since; true when there is something new. A file
  // that shrank (a resumed run dropped later records) is read again whole.
  bool refresh(QString* error);
  void clear();

  const QString& runDir() const { return run_dir_; }
  bool isEmpty() const { return frames_.isEmpty(); }
  QString warning() const { return warning_; }  // a torn last record, damaged records

  QList<int> probes() const;             // the probe indices, in order
  QString probeSource(int probe) const;  // the probe's Vietnamese sentence
  bool hasReference(int probe) const;
  QList<qint64> steps(int probe, bool own) const;  // ascending
  // The frame of that step, or the last one before it; nullptr when none.
  const ProbeFrame* frame(int probe, bool own, qint64 step) const;
  int frameCount() const { return int(frames_.size()); }

 private:
  QString run_dir_, warning_;
  QList<ProbeFrame> frames_;
  quint64 offset_ = 0;
};

}  // namespace studio::app
