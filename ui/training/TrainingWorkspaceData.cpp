// The Training workspace's part for the data: the corpora, their preparation
// into the data folder (on a worker thread, its log lines as they come;
// Stop stops it at its next step) and the folder's summary.

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QSpinBox>

#include "app/training/DataFolders.h"
#include "app/training/FirstRun.h"
#include "ui/training/CorpusList.h"
#include "ui/training/FineTuneBox.h"
#include "ui/training/FirstRunPanel.h"
#include "ui/training/TeacherBox.h"
#include "ui/training/TrainingSettingsForm.h"
#include "ui/training/TrainingWorkspace.h"

namespace studio::ui {

void TrainingWorkspace::connectPreparation() {
  connect(&prepare_, &app::PrepareSession::finished, this, &TrainingWorkspace::onPrepared);
  connect(&prepare_, &app::PrepareSession::logText, this, [this](const QString& text) {
    for (const QString& line : text.split('\n', Qt::SkipEmptyParts)) appendLog(line);
  });
  connect(&prepare_, &app::PrepareSession::stopped, this, [this] {
    start_after_prepare_ = distil_after_prepare_ = false;
    setRunning(false);
    status_->setText(
        tr("Stopped: nothing of this preparation was kept (a folder prepared before is as it was)."));
    appendLog(tr("preparation stopped"));
  });
  connect(&prepare_, &app::PrepareSession::failed, this, [this](const QString& message) {
    start_after_prepare_ = distil_after_prepare_ = false;
    onFailed(tr("Preparing the data failed: %1").arg(message));
  });
}

void TrainingWorkspace::setCorpus(const QString& corpus) { corpus_->setCorpus(corpus); }

bool TrainingWorkspace::chooseToyTask(const QString& task) {
  if (running_) return false;
  QString dir;
  try {
    dir = app::writeToyCorpus(task);  // about a tenth of a second, once
  } catch (const std::exception& e) {
    Q_EMIT errorOccurred(tr("Could not write the toy task's corpus: %1").arg(QString::fromUtf8(e.what())));
    return false;
  }
  // A new toy model learns from the task's own pairs: not a model continued, nor a teacher's translations.
  fine_tune_->clear();
  if (teacher_) teacher_->clear();
  setCorpus(dir);  // and its data folder beside it
  settings_->setPreset("toy");
  settings_->setEnglishToVietnamese(false);
  workers_->setValue(1);
  // A run folder of its own (changeable before Start): a run's folder cannot start another.
  setRunDir(app::newRunDir("toy-" + task));
  status_->setText(
      tr("Toy task: %1. Start prepares it and trains the toy model.").arg(app::toyTaskLabel(task)));
  return true;
}

void TrainingWorkspace::startToyRun(const QString& task, const QString& run_dir) {
  if (running_ || !chooseToyTask(task)) return;
  first_run_->hide();
  shortenFirstRun();
  setRunDir(run_dir);
  startTraining();
}

void TrainingWorkspace::addCorpus(const QString& corpus, int weight) { corpus_->addCorpus(corpus, weight); }

QString TrainingWorkspace::corpus() const { return corpus_->text(); }

void TrainingWorkspace::prepareData() {
  const auto corpora = corpus_->corpora();
  if (corpora.isEmpty()) {
    Q_EMIT errorOccurred(
        tr("Choose a corpus to prepare: a folder, a TSV or TMX file, or two aligned files."));
    return;
  }
  const QString corpus = corpus_->text();
  if (data_dir_->text().trimmed().isEmpty()) setDataDir(dataDirFor(corpora));
  app::PrepareRequest request;
  request.sentencePieceModel = fine_tune_->sentencePieceModel();  // "" unless fine-tuning
  request.corpora = corpora;
  request.vocabularySize = app::vocabularySizeFor(corpora);
  request.sentencePieceType = app::sentencePieceTypeFor(corpora);
  request.outDir = data_dir_->text().trimmed();
  request.encoding = encoding_->currentData().toString();
  request.keepDuplicates = keep_duplicates_->isChecked();
  setRunning(true);
  status_->setText(tr("Preparing %1 into %2…").arg(corpus, request.outDir));
  appendLog(tr("preparing %1 → %2").arg(corpus, request.outDir));
  prepare_.start(request);
}

void TrainingWorkspace::onPrepared(const QString& dir, const QString&) {
  setRunning(false);
  setDataDir(dir);
  status_->setText(tr("Data prepared in %1.").arg(dir));
  if (distil_after_prepare_) {
    distil_after_prepare_ = false;
    distilData();
  } else if (start_after_prepare_) {
    start_after_prepare_ = false;
    begin(false);
  }
}

void TrainingWorkspace::showDataSummary() {
  const QString dir = data_dir_->text().trimmed();
  if (teacher_) teacher_->setDataDir(dir);
  QFile summary(QDir(dir).filePath("summary.json"));
  if (dir.isEmpty() || !summary.open(QIODevice::ReadOnly)) {
    data_summary_->setText(dir.isEmpty() ? QString()
                                         : tr("Not prepared yet: Start prepares it from the corpus."));
    settings_->setVocabularyType(app::sentencePieceTypeFor(corpus_->corpora()));  // what it will be
    return;
  }
  const QByteArray json = summary.readAll();
  data_summary_->setText(app::describePreparedData(QString::fromUtf8(json)));
  const auto spm = QJsonDocument::fromJson(json).object()["sentencepiece"].toObject();
  const qint64 vocab = spm["vocab_size"].toInteger();
  if (vocab > 0) settings_->setVocabSize(vocab);
  settings_->setVocabularyType(spm["model_type"].toString());
}

void TrainingWorkspace::setDataDir(const QString& dir) {
  data_dir_->setText(dir);
  showDataSummary();  // also when the text is unchanged but the folder is new
}

QString TrainingWorkspace::dataDir() const { return data_dir_->text().trimmed(); }

}  // namespace studio::ui
