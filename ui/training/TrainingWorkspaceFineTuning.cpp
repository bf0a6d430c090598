// The Training workspace's part for runs that start from a trained model:
// fine-tuning (the Start from box) and rounds of learning from corrections.

#include <QFileInfo>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QSignalBlocker>

#include "app/training/DataFolders.h"
#include "app/training/FineTuning.h"
#include "ui/training/CorpusList.h"
#include "ui/training/FineTuneBox.h"
#include "ui/training/TeacherBox.h"
#include "ui/training/TrainingSettingsForm.h"
#include "ui/training/TrainingWorkspace.h"

namespace studio::ui {

QString TrainingWorkspace::dataDirFor(const QList<app::CorpusEntry>& corpora) const {
  const QString dir = app::defaultDataDirFor(corpora);
  // Fine-tuning prepares with the model's SentencePiece model: a folder of its own.
  if (!fine_tune_->active()) return dir;
  const QString model_run = fine_tune_->runDir().isEmpty() ? QFileInfo(fine_tune_->modelPath()).completeBaseName()
                                                           : QFileInfo(fine_tune_->runDir()).fileName();
  return dir + "-for-" + model_run;
}

void TrainingWorkspace::onStartingModelChanged(const QJsonObject& settings) {
  if (settings.isEmpty()) {
    settings_->setPreset(settings_->preset());
    status_->setText(tr("A new model: the preset decides its shape."));
    return;
  }
  {
    // Fine-tuning learns the corpus itself (a teacher's vocabulary and the model's could differ).
    const QSignalBlocker quiet(teacher_);
    teacher_->clear();
  }
  settings_->applyConfig(settings);
  if (!corpus_->isEmpty()) setDataDir(dataDirFor(corpus_->corpora()));
  if (!fine_tune_->runDir().isEmpty() && (runDir().isEmpty() || runDir() == fine_tune_->runDir()))
    setRunDir(fine_tune_->runDir() + "-finetuned");
  status_->setText(tr("Fine-tuning %1: choose the new corpus, then Start.").arg(fine_tune_->modelPath()));
}

void TrainingWorkspace::startCorrectionsRound(const QString& model_path) {
  if (isTraining()) {
    Q_EMIT errorOccurred(tr("A run is in progress: stop it first, then learn from the corrections."));
    return;
  }
  const auto round = app::prepareCorrectionsRound(model_path);
  if (!round.error.isEmpty()) {
    Q_EMIT errorOccurred(tr("Cannot learn from the corrections of '%1': %2").arg(model_path, round.error));
    return;
  }
  if (!fine_tune_->setModel(model_path)) return;
  settings_->applyConfig(round.settings);
  fine_tune_->setOriginal(round.originalData, round.replayShare);
  corpus_->clear();
  setDataDir(round.dataDir);
  setRunDir(round.runDir);
  appendLog(tr("learning from %n correction(s) of %1", "", round.corrections).arg(model_path));
  if (round.earlier > 0)
    appendLog(
        tr("(%n of them kept for the models it was fine-tuned from, learnt again so as not to be forgotten)",
           "", round.earlier));
  corrections_round_ = round.corrections;
  startTraining();
  if (!isTraining()) corrections_round_ = 0;
}

}  // namespace studio::ui
