#pragma once

#include <QJsonObject>
#include <QObject>
#include <QString>

#include "app/BackgroundJob.h"

// Distillation in the Training workspace (model/training/Distillation.h): a
// teacher model translates the data folder's training split, and the
// student trains on the folder written from its translations. Qt types
// only, for the GUI.
namespace studio::app {

// What a model brings as a teacher: never throws, `error` says why it
// cannot teach.
struct TeacherSource {
  QString modelPath;  // absolute
  QString spmPath;    // its SentencePiece model: the student's vocabulary
  QString runDir;     // the run folder that wrote it ("" when unknown)
  // The people's data folder it learnt from ("" when unknown or gone; for a
  // teacher that learnt from a distilled folder, the folder that was distilled).
  QString dataDir;
  // The student's settings (a TrainingConfig's JSON): the teacher run's, with
  // its shape but one decoder layer, from random weights.
  QJsonObject studentSettings;
  QString error;
};
TeacherSource describeTeacher(const QString& model_path);

// A distilled data folder's distillation.json, for people and for reuse.
struct DistillationRecord {
  bool valid = false;  // the folder is a whole distilled data folder
  QString teacher;     // the first teacher's model file, absolute
  QString data;        // the data folder whose training split it translated
  int beam = 0;
  bool int8 = false;     // the teacher translated with int8 weights
  qint64 pairs = 0;      // training pairs translated
  qint64 kept = 0;       // training pairs the distilled folder kept
  qint64 identical = 0;  // translations equal to the people's
  double bleu = 0;       // the translations' BLEU against the people's
  double seconds = 0;
};
DistillationRecord readDistillation(const QString& dir);
// "Distilled by MODEL: 61,668 pairs translated in 71 s (beam 4, float32); 24 % as the
// references have them, BLEU 45.1 against them; 61,407 kept."
QString describeDistillation(const DistillationRecord& record);

// Where `teacher` distils `data_dir`: "<data>-distilled-by-<teacher run>"
// beside it, or the first of "…-2", "…-3" that is free or is already that
// teacher's distillation of that folder (made after the model file was
// last written: a teacher trained further distils again).
QString distilledDataDirFor(const QString& data_dir, const TeacherSource& teacher);
// Whether `dir` is a whole distillation of `data_dir` by `teacher_model`, newer than the model file.
bool isDistillationOf(const QString& dir, const QString& data_dir, const QString& teacher_model);

struct DistillRequest {
  QString teacherModel;
  QString dataDir;  // prepared: its train.vi is translated
  QString outDir;   // written whole, or not at all
  QString device = QStringLiteral("auto");
  int beam = 4;
  // The teacher's weights in int8 (per output channel), decoded by the CPU's engine
  // whatever `device`: faster, at about float32's BLEU (docs/benchmarks.md).
  bool int8 = false;
};

class DistillSession : public QObject {
  Q_OBJECT

 public:
  explicit DistillSession(QObject* parent = nullptr);
  ~DistillSession() override;  // stops a distillation and waits for it

  bool isRunning() const;

 public Q_SLOTS:
  void start(const studio::app::DistillRequest& request);
  // After the sentences being translated; nothing is left on the disk.
  void stop();

 Q_SIGNALS:
  void progress(qint64 done, qint64 total);  // distinct sources translated
  void logText(const QString& text);
  void finished(const QString& outDir);
  void stopped();
  void failed(const QString& message);

 private:
  BackgroundJob job_{"distill"};
};

}  // namespace studio::app
