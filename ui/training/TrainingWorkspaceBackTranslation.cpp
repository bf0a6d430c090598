// The Training workspace's part for back-translation: a model trained English
// → Vietnamese translates English text (More pairs from English text), and
// the data folder written from the data folder's pairs and those synthetic
// ones becomes the form's data folder, for Start to train on.

#include <QBoxLayout>
#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QLabel>
#include <QProgressBar>
#include <QScrollArea>
#include <QTimer>

#include "app/training/BackTranslateSession.h"
#include "app/training/DataFolders.h"
#include "ui/training/BackTranslationBox.h"
#include "ui/training/RunFinishedPanel.h"
#include "ui/training/TrainingSettingsForm.h"
#include "ui/training/TrainingWorkspace.h"

namespace studio::ui {

void TrainingWorkspace::addBackTranslation(QWidget* form, QBoxLayout* layout) {
  back_translation_ = new BackTranslationBox(form);
  layout->addWidget(back_translation_);
  connect(back_translation_, &BackTranslationBox::backTranslateRequested, this,
          &TrainingWorkspace::backTranslate);
  connect(&back_translate_, &app::BackTranslateSession::progress, this, [this](qint64 done, qint64 total) {
    progress_->setRange(0, int(std::min<qint64>(total, INT_MAX)));
    progress_->setValue(int(std::min<qint64>(done, INT_MAX)));
    status_->setText(tr("Back-translating the English text: %1 of %2 sentences").arg(done).arg(total));
  });
  connect(&back_translate_, &app::BackTranslateSession::finished, this, &TrainingWorkspace::onBackTranslated);
  connect(&back_translate_, &app::BackTranslateSession::logText, this, [this](const QString& text) {
    for (const QString& line : text.split('\n', Qt::SkipEmptyParts)) appendLog(line);
  });
  connect(&back_translate_, &app::BackTranslateSession::stopped, this, [this] {
    setRunning(false);
    status_->setText(tr("Stopped: nothing of the back-translation was kept."));
  });
  connect(&back_translate_, &app::BackTranslateSession::failed, this,
          [this](const QString& message) { onFailed(tr("Back-translating failed: %1").arg(message)); });
  // The demo corpus brings English that no Vietnamese catalog holds.
  const QString english = QDir(app::demoCorpusDir()).filePath("english.en");
  if (QFileInfo::exists(english)) back_translation_->setEnglishFiles({english});
}

void TrainingWorkspace::backTranslate() {
  if (running_) return;
  const QString model = back_translation_->modelPath();
  const QStringList english = back_translation_->englishFiles();
  if (model.isEmpty()) {
    Q_EMIT errorOccurred(tr("Choose the English → Vietnamese model first (More pairs from English text)."));
    return;
  }
  if (english.isEmpty()) {
    Q_EMIT errorOccurred(tr("Choose the English text to translate (More pairs from English text)."));
    return;
  }
  if (!app::isPreparedDataDir(dataDir())) {
    Q_EMIT errorOccurred(
        tr("Prepare the data folder first: its pairs stay beside the back-translated ones (Prepare)."));
    return;
  }
  const QString why = app::whyNotEnglishToVietnamese(model);
  if (!why.isEmpty()) {
    Q_EMIT errorOccurred(why);
    return;
  }
  app::BackTranslateRequest request;
  request.model = model;
  request.english = english;
  request.dataDir = dataDir();
  request.outDir = app::backTranslatedDataDirFor(dataDir(), model);
  request.device = device_->currentText();
  setRunning(true);
  run_finished_->hide();
  back_translation_->showResult({});
  progress_->setRange(0, 0);  // busy until the model has loaded and the English is read
  status_->setText(tr("The English → Vietnamese model %1 is loading…").arg(model));
  appendLog(tr("back-translating %1 with %2 → %3").arg(english.join(", "), model, request.outDir));
  back_translate_.start(request);
}

void TrainingWorkspace::backTranslateWith(const QString& run_dir) {
  if (running_) return;
  back_translation_->setModelPath(QDir(run_dir).filePath("best.pt"));
  status_->setText(tr("More pairs from English text: choose the English, then Back-translate."));
  QTimer::singleShot(0, this, [this] { form_scroll_->ensureWidgetVisible(back_translation_, 0, 0); });
}

void TrainingWorkspace::onBackTranslated(const QString& dir) {
  setRunning(false);
  showPreparedData(dir);
  // The folder is for the translator: the form trains Vietnamese → English next, into a new run folder.
  settings_->setEnglishToVietnamese(false);
  setRunDir(QString());
  back_translation_->showResult(
      app::describeBackTranslation(app::readBackTranslation(dir)) + '\n' +
      tr("The data folder is now %1, and Direction Vietnamese → English: Start trains the translator on it.")
          .arg(QDir::toNativeSeparators(dir)));
  status_->setText(tr("Back-translated data in %1.").arg(dir));
  QTimer::singleShot(0, this, [this] { form_scroll_->ensureWidgetVisible(back_translation_, 0, 0); });
}

}  // namespace studio::ui
