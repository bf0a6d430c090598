// The Training workspace's part for students: a teacher model translates the
// data folder's training split (Learn from), and the new model trains on
// that distilled folder.

#include <QComboBox>
#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QScrollArea>
#include <QSignalBlocker>
#include <QTimer>

#include "app/training/DataFolders.h"
#include "app/training/DistillSession.h"
#include "app/training/FirstRun.h"
#include "ui/training/CorpusList.h"
#include "ui/training/FineTuneBox.h"
#include "ui/training/RunFinishedPanel.h"
#include "ui/training/TeacherBox.h"
#include "ui/training/TrainingSettingsForm.h"
#include "ui/training/TrainingWorkspace.h"

namespace studio::ui {

void TrainingWorkspace::onTeacherChanged(const QJsonObject& student_settings) {
  if (student_settings.isEmpty()) {
    status_->setText(tr("No teacher: the new model learns the corpus's English."));
    return;
  }
  {
    // A student starts from random weights with the teacher's vocabulary: not from another model.
    const QSignalBlocker quiet(fine_tune_);
    fine_tune_->clear();
  }
  settings_->showRunConfig(student_settings);
  const app::TeacherSource& teacher = teacher_->source();
  // The people's data folder the teacher learnt from, unless another is chosen.
  if (!teacher.dataDir.isEmpty() && (dataDir().isEmpty() || !app::isPreparedDataDir(dataDir()))) {
    showPreparedData(teacher.dataDir);
  }
  // A run folder of its own, unless one is chosen that is new and not named after the teacher's run.
  if (!teacher.runDir.isEmpty() &&
      (runDir().isEmpty() || QFileInfo::exists(runDir()) || runDir().startsWith(teacher.runDir + "-")))
    setRunDir(app::freeFolder(teacher.runDir + "-student"));
  status_->setText(tr("A student of %1: choose its shape under Model, then Start.").arg(teacher.modelPath));
  // The box that says what happens next, in view (once laid out).
  QTimer::singleShot(0, this, [this] { form_scroll_->ensureWidgetVisible(teacher_, 0, 0); });
}

void TrainingWorkspace::trainStudentOf(const QString& run_dir) {
  if (running_) {
    Q_EMIT errorOccurred(tr("A run is in progress: stop it first, then train a student."));
    return;
  }
  const QString best = QDir(run_dir).filePath("best.pt");
  if (!teacher_->setModel(best)) return;
  // The data folder the run learnt from, whatever the form held.
  const app::TeacherSource& teacher = teacher_->source();
  if (!teacher.dataDir.isEmpty() && teacher.dataDir != dataDir()) showPreparedData(teacher.dataDir);
  setRunDir(app::freeFolder(QDir::cleanPath(run_dir) + "-student"));
}

void TrainingWorkspace::distilData() {
  if (running_) return;
  if (!teacher_->active()) {
    Q_EMIT errorOccurred(tr("Choose a teacher model first (Learn from)."));
    return;
  }
  if (!app::isPreparedDataDir(dataDir())) {
    if (!corpus_->isEmpty()) {
      distil_after_prepare_ = true;  // prepare, then distil
      prepareData();
      return;
    }
    Q_EMIT errorOccurred(tr("Choose a corpus or a prepared data folder for the teacher to translate."));
    return;
  }
  teacher_->setDataDir(dataDir());  // the folder may have been prepared since
  if (teacher_->distilled()) {      // made already: nothing to translate
    onDistilled(teacher_->distilledDir());
    return;
  }
  app::DistillRequest request;
  request.teacherModel = teacher_->modelPath();
  request.dataDir = dataDir();
  request.outDir = teacher_->distilledDir();
  request.device = device_->currentText();
  request.int8 = teacher_->int8();
  setRunning(true);
  run_finished_->hide();
  progress_->setRange(0, 0);  // busy until the teacher has loaded and counted
  distill_started_ = double(QDateTime::currentMSecsSinceEpoch()) / 1000.0;
  status_->setText(tr("The teacher %1 is loading…").arg(request.teacherModel));
  appendLog(tr("distilling %1 with the teacher %2 → %3")
                .arg(request.dataDir, request.teacherModel, request.outDir));
  distill_.start(request);
}

void TrainingWorkspace::onDistillProgress(qint64 done, qint64 total) {
  progress_->setRange(0, int(std::min<qint64>(total, INT_MAX)));
  progress_->setValue(int(std::min<qint64>(done, INT_MAX)));
  const double elapsed = double(QDateTime::currentMSecsSinceEpoch()) / 1000.0 - distill_started_;
  const double left = done > 0 ? elapsed / double(done) * double(total - done) : 0.0;
  status_->setText(done > 0
                       ? tr("The teacher translates the training sentences: %1 of %2 · about %3 s left")
                             .arg(done)
                             .arg(total)
                             .arg(left, 0, 'f', 0)
                       : tr("The teacher translates the training sentences: %1 of %2").arg(done).arg(total));
}

void TrainingWorkspace::onDistilled(const QString& dir) {
  setRunning(false);
  teacher_->setDataDir(dataDir());
  status_->setText(tr("Distilled data in %1.").arg(dir));
  if (start_after_distil_) {
    start_after_distil_ = false;
    begin(false);
  }
}

}  // namespace studio::ui
