// The Training workspace as a user drives it: start a small run, see points
// appear on the loss chart, stop it, find the checkpoint on disk.

#include <fstream>
#include <sstream>

#include <QCheckBox>
#include <QComboBox>
#include <QDateTime>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFileInfo>
#include <QGridLayout>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QProcess>
#include <QProgressBar>
#include <QPushButton>
#include <QScopeGuard>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest/QtTest>

#include "app/EngineInfo.h"
#include "app/training/FineTuning.h"
#include "app/translation/SmallAndFastSession.h"
#include "common/SuiteMain.h"
#include "common/TestUtil.h"
#include "common/ZipWriter.h"
#include "model/decoding/Translator.h"
#include "model/evaluation/Bleu.h"
#include "model/files/LegacyEncodings.h"
#include "model/training/Distributed.h"
#include "ui/charts/MetricChart.h"
#include "ui/charts/QCustomPlot.h"
#include "ui/training/BackTranslationBox.h"
#include "ui/training/FineTuneBox.h"
#include "ui/training/RunFinishedPanel.h"
#include "ui/training/TeacherBox.h"
#include "ui/training/TrainingSettingsForm.h"
#include "ui/training/TrainingWorkspace.h"

using namespace studio;

namespace {

// A small model through the form, so that steps take milliseconds.
void useSmallModel(ui::TrainingWorkspace& workspace, int max_steps, int eval_every) {
  workspace.findChild<QSpinBox*>("Encoder layers")->setValue(1);
  workspace.findChild<QSpinBox*>("Decoder layers")->setValue(1);
  workspace.findChild<QSpinBox*>("d_model")->setValue(32);
  workspace.findChild<QSpinBox*>("Heads")->setValue(2);
  workspace.findChild<QSpinBox*>("d_ff")->setValue(64);
  workspace.findChild<QSpinBox*>("Batch tokens")->setValue(256);
  workspace.findChild<QSpinBox*>("Max steps")->setValue(max_steps);
  workspace.findChild<QSpinBox*>("Eval every")->setValue(eval_every);
  workspace.findChild<QComboBox*>("Device")->setCurrentText("cpu");
}

}  // namespace

class TestTrainingWorkspace : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void initTestCase();
  void presetsFillTheForm();
  void startSeePointsStopFindTheCheckpoint();
  void theFinishedRunNamesTheCheckpointChosenOnTheWholeDevSplit();
  void missingFoldersAreReported();
  void fullDiskIsShownAndTheRunResumesOnceFreed();
  void startPreparesACorpusFirst();
  void aRunWithNoFolderChosenGoesUnderTheRunsFolder();
  void stopWhilePreparingStartsNothingAfter();
  void continueFromAModelPreparesWithItsVocabularyAndDrawsBothDevCurves();
  void aCorpusBeforeUnicodeIsPreparedInTheEncodingChosen();
  void aTranslationMemoryIsPreparedAndItsUnitsCounted();
  void anOpusZipIsPreparedAsItIs();
  void severalCorporaArePreparedTogetherWithTheirWeights();
  void learningFromCorrectionsRunsARoundOnThem();
  void aStudentLearnsTheTeachersTranslations();
  void englishTextIsBackTranslatedIntoANewDataFolder();
  void chartDownsamplesAndSmooths();
  void aChartsStepsStartAtZero();
  void chartTitlesStayOnOneLineAndSideBySideChartsLineUp();
  void aLongNameInTheLegendLeavesTheOthersWhole();
  void twoWorkersFromTheForm();
  void aBudgetedStarterTimesItsWorkersFirst();

 private:
  QTemporaryDir tmp_;
  QString data_;
};

void TestTrainingWorkspace::initTestCase() {
  QVERIFY(tmp_.isValid());
  data_ = QString::fromStdString(
      test::prepareNumberedCorpus(tmp_.path().toStdString(), {"mở tập tin"}, {"open file"}, 300, 80));
}

void TestTrainingWorkspace::presetsFillTheForm() {
  ui::TrainingWorkspace workspace;
  auto* preset = workspace.findChild<QComboBox*>("Preset");
  auto* layers = workspace.findChild<QSpinBox*>("Encoder layers");
  auto* decoder_layers = workspace.findChild<QSpinBox*>("Decoder layers");
  auto* d_model = workspace.findChild<QSpinBox*>("d_model");
  QVERIFY(preset && layers && decoder_layers && d_model);
  QCOMPARE(layers->value(), 2);
  preset->setCurrentText("iwslt-6layer");
  QCOMPARE(layers->value(), 6);
  QCOMPARE(decoder_layers->value(), 6);
  QCOMPARE(d_model->value(), 512);
  QCOMPARE(workspace.findChild<QSpinBox*>("Warmup")->value(), 16000);

  // Every preset is its own nearest; a run's configuration shows the preset it
  // started from (its own values kept: steps, dropout), not the one chosen before.
  for (const auto& name : app::trainingPresetNames())
    QCOMPARE(app::closestTrainingPreset(app::trainingPresetJson(name)), name);
  auto run = app::trainingPresetJson("starter");
  auto model = run["model"].toObject();
  model["dropout"] = 0.25;
  model["decoder_layers"] = 1;  // a shallow decoder, kept as it is
  run["model"] = model;
  run["max_steps"] = 777;
  run["seed"] = 9;
  run["data"] = "/somewhere";
  auto* form = workspace.findChild<ui::TrainingSettingsForm*>();
  QVERIFY(form);
  preset->setCurrentText("iwslt-4layer");
  form->showRunConfig(run);
  QCOMPARE(preset->currentText(), QString("starter"));
  QCOMPARE(layers->value(), 2);
  QCOMPARE(decoder_layers->value(), 1);
  const auto shown = QJsonDocument::fromJson(form->configJson().toUtf8()).object()["model"].toObject();
  QCOMPARE(shown["encoder_layers"].toInt(), 2);
  QCOMPARE(shown["decoder_layers"].toInt(), 1);
  QCOMPARE(d_model->value(), 128);
  QCOMPARE(form->maxSteps(), 777);
  QCOMPARE(workspace.findChild<QDoubleSpinBox*>("Dropout")->value(), 0.25);
  QCOMPARE(app::closestTrainingPreset({}), QString());
  // Guided alignment: off in the presets, and what the field says reaches the configuration.
  auto* guided = workspace.findChild<QDoubleSpinBox*>("Guided alignment");
  QVERIFY(guided);
  QCOMPARE(guided->value(), 0.0);
  QCOMPARE(guided->text(), QString("off"));
  guided->setValue(0.05);
  QCOMPARE(QJsonDocument::fromJson(form->configJson().toUtf8()).object()["guided_alignment"].toDouble(), 0.05);

  // The subword field names what it does under the data folder's vocabulary:
  // BPE-dropout's rate under BPE, subword sampling's α under unigram.
  QTemporaryDir folders;
  auto summarised = [&](const char* name, const char* type) {
    const QString dir = folders.filePath(name);
    QDir().mkpath(dir);
    QFile summary(dir + "/summary.json");
    if (!summary.open(QIODevice::WriteOnly)) return QString();
    summary.write(
        QString(R"({"sentencepiece": {"model_type": "%1", "vocab_size": 300}})").arg(type).toUtf8());
    return dir;
  };
  auto* data_dir = workspace.findChild<QLineEdit*>("Data folder");
  auto* data_summary = workspace.findChild<QLabel*>("Data summary");
  QVERIFY(data_dir && data_summary);
  QCOMPARE(form->subwordLabel(), QString("Subword sampling (α)"));
  data_dir->setText(summarised("bpe", "bpe"));
  QCOMPARE(form->subwordLabel(), QString("BPE-dropout (α)"));
  QVERIFY2(data_summary->text().contains("SentencePiece vocabulary: 300 (BPE)"),
           qPrintable(data_summary->text()));
  data_dir->setText(summarised("unigram", "unigram"));
  QCOMPARE(form->subwordLabel(), QString("Subword sampling (α)"));
  QVERIFY2(data_summary->text().contains("SentencePiece vocabulary: 300") &&
               !data_summary->text().contains("(BPE)"),
           qPrintable(data_summary->text()));
}

void TestTrainingWorkspace::startSeePointsStopFindTheCheckpoint() {
  ui::TrainingWorkspace workspace;
  workspace.show();
  workspace.setDataDir(data_);
  const QString run = tmp_.filePath("run");
  workspace.setRunDir(run);
  useSmallModel(workspace, /*max_steps=*/100000, /*eval_every=*/20);
  workspace.findChild<QSpinBox*>("Warmup")->setValue(10);
  QSignalSpy running(&workspace, &ui::TrainingWorkspace::runningChanged);

  QTest::mouseClick(workspace.findChild<QPushButton*>("Start"), Qt::LeftButton);
  QVERIFY(workspace.isTraining());
  QVERIFY(!workspace.findChild<QPushButton*>("Start")->isEnabled());
  QTRY_VERIFY_WITH_TIMEOUT(workspace.lossChart()->pointCount(0) >= 5, 60000);  // train loss points
  QTRY_VERIFY_WITH_TIMEOUT(workspace.lossChart()->pointCount(1) >= 1, 60000);  // a dev loss point

  QTest::mouseClick(workspace.findChild<QPushButton*>("Stop"), Qt::LeftButton);
  QTRY_VERIFY_WITH_TIMEOUT(!workspace.isTraining(), 60000);
  QVERIFY(workspace.findChild<QPushButton*>("Resume")->isEnabled());
  const QStringList checkpoints = QDir(run + "/checkpoints").entryList({"ckpt-*.pt"}, QDir::Files);
  QVERIFY2(!checkpoints.isEmpty(), "no checkpoint on disk");
  QVERIFY(QFile::exists(run + "/metrics.jsonl"));
  QVERIFY(QFile::exists(run + "/best.pt"));

  // Opening the stopped run shows its whole history.
  ui::TrainingWorkspace reopened;
  QVERIFY(reopened.openRun(run));
  QVERIFY(reopened.lossChart()->pointCount(0) >= 1);                                    // logged steps
  QCOMPARE(reopened.lossChart()->pointCount(1), workspace.lossChart()->pointCount(1));  // every evaluation
  QCOMPARE(reopened.findChild<QSpinBox*>("d_model")->value(), 32);
  QCOMPARE(reopened.findChild<QPlainTextEdit*>("Samples")->toPlainText(),
           workspace.findChild<QPlainTextEdit*>("Samples")->toPlainText());
  QCOMPARE(reopened.findChild<QLineEdit*>("Data folder")->text(), QDir(data_).absolutePath());
  // As far as it went: its newest checkpoint, where the metrics are written every few steps.
  qint64 stopped = 0;
  for (const QString& name : checkpoints) stopped = std::max(stopped, name.mid(5, 8).toLongLong());
  QCOMPARE(reopened.findChild<QProgressBar*>("Training progress")->value(), int(stopped));
  QVERIFY2(
      reopened.findChild<QLabel*>("Status")->text().endsWith(QString(": %1 steps of history.").arg(stopped)),
      qPrintable(reopened.findChild<QLabel*>("Status")->text()));

  // Start there begins a new run beside it (the engine would refuse the folder), and the stopped run is left
  // whole.
  reopened.findChild<QSpinBox*>("Max steps")->setValue(3);
  reopened.findChild<QComboBox*>("Device")->setCurrentText("cpu");
  reopened.startTraining();
  QCOMPARE(reopened.runDir(), run + "-2");
  QVERIFY(reopened.isTraining());
  QTRY_VERIFY_WITH_TIMEOUT(!reopened.isTraining(), 60000);
  QVERIFY(QFile::exists(run + "-2/checkpoints/ckpt-00000003.pt"));
  QCOMPARE(QDir(run + "/checkpoints").entryList({"ckpt-*.pt"}, QDir::Files), checkpoints);
  const QString log = reopened.findChild<QPlainTextEdit*>("Log")->toPlainText();
  QVERIFY2(
      log.contains(run + " holds a run already (Resume continues it): the new run goes into " + run + "-2."),
      qPrintable(log));
  QVERIFY2(log.contains("Finished at step 3"), qPrintable(log));

  // The chart exports what it shows.
  QVERIFY(workspace.lossChart()->saveCsv(tmp_.filePath("loss.csv")));
  QFile csv(tmp_.filePath("loss.csv"));
  QVERIFY(csv.open(QIODevice::ReadOnly));
  QVERIFY(csv.readAll().startsWith("series,step,value\n"));
}

// A run that ends between evaluations compares best.pt with its last
// checkpoint on every dev pair (model/training/FinalChoice.h): the finished
// panel and the status line name the step chosen and its BLEU there, as
// metrics.jsonl records them.
void TestTrainingWorkspace::theFinishedRunNamesTheCheckpointChosenOnTheWholeDevSplit() {
  ui::TrainingWorkspace workspace;
  workspace.show();
  workspace.setDataDir(data_);
  const QString run = tmp_.filePath("run-final-choice");
  workspace.setRunDir(run);
  useSmallModel(workspace, /*max_steps=*/25, /*eval_every=*/10);
  workspace.findChild<QSpinBox*>("Warmup")->setValue(10);
  workspace.startTraining();
  QVERIFY(workspace.isTraining());
  QTRY_VERIFY_WITH_TIMEOUT(!workspace.isTraining(), 60000);

  QFile metrics(run + "/metrics.jsonl");
  QVERIFY(metrics.open(QIODevice::ReadOnly));
  QJsonObject choice;
  for (const QByteArray& line : metrics.readAll().split('\n')) {
    const QJsonObject record = QJsonDocument::fromJson(line).object();
    if (record["type"].toString() == "final_choice") choice = record;
  }
  QVERIFY2(!choice.isEmpty(), "no final_choice record");
  const qint64 chosen = choice["chosen_step"].toInteger();
  const double bleu = chosen == 25 ? choice["last_bleu"].toDouble() : choice["best_bleu"].toDouble();
  const QString pairs = QLocale().toString(choice["sentences"].toInteger());
  const QString panel = workspace.runFinished()->text();
  QVERIFY2(panel.contains(
               QString("Its best checkpoint, of step %1, scores a dev BLEU of %2 on all %3 dev sentences.")
                   .arg(QLocale().toString(chosen), QLocale().toString(bleu, 'f', 1), pairs)),
           qPrintable(panel));
  const QString status = workspace.findChild<QLabel*>("Status")->text();
  QVERIFY2(status.contains(QString("Best checkpoint: step %1, dev BLEU %2 on all %3 dev sentences.")
                               .arg(chosen)
                               .arg(bleu, 0, 'f', 2)
                               .arg(choice["sentences"].toInteger())),
           qPrintable(status));
  const QString log = workspace.findChild<QPlainTextEdit*>("Log")->toPlainText();
  QVERIFY2(log.contains("choosing best.pt: it (step ") && log.contains("best.pt: "), qPrintable(log));
}

void TestTrainingWorkspace::missingFoldersAreReported() {
  ui::TrainingWorkspace workspace;
  workspace.setCorpus("");  // whatever demo corpus this machine has
  workspace.setDataDir("");
  QSignalSpy errors(&workspace, &ui::TrainingWorkspace::errorOccurred);
  workspace.startTraining();
  QCOMPARE(errors.count(), 1);
  QVERIFY(!workspace.isTraining());
  workspace.setRunDir(tmp_.filePath("elsewhere"));
  workspace.setDataDir(tmp_.filePath("no-data-here"));
  workspace.startTraining();
  QTRY_COMPARE_WITH_TIMEOUT(errors.count(), 2, 30000);
  QVERIFY2(errors.last().first().toString().contains("no-data-here"), qPrintable(errors.last().first().toString()));
  QVERIFY(!workspace.isTraining());
  // Resume needs the run it continues: with no folder, none is made up.
  workspace.setRunDir("");
  workspace.resumeTraining();
  QTRY_COMPARE_WITH_TIMEOUT(errors.count(), 3, 30000);
  QCOMPARE(errors.last().first().toString(), QString("Choose the folder of the run to resume first."));
  QVERIFY(workspace.runDir().isEmpty() && !workspace.isTraining());
}

void TestTrainingWorkspace::fullDiskIsShownAndTheRunResumesOnceFreed() {
  const QString run = tmp_.filePath("full-disk-run");
  // Room for one checkpoint (about 1.05 MiB), not for its copy as best.pt.
  test::TmpfsMount disk(run.toStdString(), 2 * 1024 * 1024);
  if (!disk.mounted()) QSKIP(disk.reason().c_str());
  ui::TrainingWorkspace workspace;
  workspace.show();
  workspace.setDataDir(data_);
  workspace.setRunDir(run);
  useSmallModel(workspace, /*max_steps=*/200, /*eval_every=*/5);
  workspace.findChild<QSpinBox*>("d_model")->setValue(64);
  QSignalSpy errors(&workspace, &ui::TrainingWorkspace::errorOccurred);
  workspace.startTraining();
  QTRY_VERIFY_WITH_TIMEOUT(!errors.isEmpty(), 120000);
  const QString message = errors.first().first().toString();
  QVERIFY2(message.contains("No space left on device") && message.contains("free on"), qPrintable(message));
  QTRY_VERIFY_WITH_TIMEOUT(!workspace.isTraining(), 30000);
  QVERIFY(workspace.isVisible());  // the window is still there
  QVERIFY2(workspace.findChild<QLabel*>("Status")->text().contains("No space left"),
           qPrintable(workspace.findChild<QLabel*>("Status")->text()));
  QVERIFY(workspace.findChild<QPushButton*>("Resume")->isEnabled());

  // The user frees space and resumes: the run goes on from its last checkpoint.
  QVERIFY(disk.resize(64 * 1024 * 1024));
  workspace.findChild<QSpinBox*>("Max steps")->setValue(30);
  QSignalSpy running(&workspace, &ui::TrainingWorkspace::runningChanged);
  QTest::mouseClick(workspace.findChild<QPushButton*>("Resume"), Qt::LeftButton);
  QTRY_VERIFY_WITH_TIMEOUT(running.count() >= 2 && !workspace.isTraining(), 120000);
  QVERIFY2(errors.count() == 1, qPrintable(errors.last().first().toString()));
  QVERIFY(QFile::exists(run + "/checkpoints/ckpt-00000030.pt"));
  QVERIFY(workspace.findChild<QPlainTextEdit*>("Log")->toPlainText().contains("resumed from"));
}

void TestTrainingWorkspace::startPreparesACorpusFirst() {
  ui::TrainingWorkspace workspace;
  workspace.setCorpus(tmp_.filePath("corpus.tsv"));
  const QString prepared = tmp_.filePath("corpus-prepared");
  QCOMPARE(workspace.findChild<QLineEdit*>("Data folder")->text(), prepared);
  workspace.setRunDir(tmp_.filePath("run-from-corpus"));
  useSmallModel(workspace, /*max_steps=*/4, /*eval_every=*/2);
  workspace.findChild<QSpinBox*>("Dev sentences")->setValue(4);
  workspace.startTraining();
  QVERIFY(workspace.isTraining());  // preparing counts as busy
  const QString run = workspace.runDir();
  QTRY_VERIFY_WITH_TIMEOUT(QFile::exists(prepared + "/summary.json"), 60000);
  // The summary shows what was kept and what each split holds; then training runs to its 4 steps.
  auto* summary = workspace.findChild<QLabel*>("Data summary");
  QTRY_VERIFY_WITH_TIMEOUT(summary->text().contains("pair(s) kept"), 30000);
  auto lines = [&](const char* name) {
    QFile file(prepared + "/" + name);
    return file.open(QIODevice::ReadOnly) ? int(file.readAll().count('\n')) : -1;
  };
  QVERIFY(lines("train.vi") > 0 && lines("dev.vi") > 0 && lines("test.vi") > 0);
  const QString splits = QString("Splits: %1 pairs for training, dev %2, test %3 (held out by hash)")
                             .arg(lines("train.vi"))
                             .arg(lines("dev.vi"))
                             .arg(lines("test.vi"));
  QVERIFY2(summary->text().contains(splits), qPrintable(summary->text() + "\nwanted: " + splits));
  QTRY_VERIFY_WITH_TIMEOUT(QFile::exists(run + "/checkpoints/ckpt-00000004.pt"), 60000);
  QTRY_VERIFY_WITH_TIMEOUT(!workspace.isTraining(), 60000);
  // The form's extra fields reached the run's configuration.
  QFile config(run + "/config.json");
  QVERIFY(config.open(QIODevice::ReadOnly));
  const auto training = QJsonDocument::fromJson(config.readAll()).object()["training"].toObject();
  QCOMPARE(training["eval_sentences"].toInt(), 4);
  QCOMPARE(training["schedule"].toString(), QString("noam"));
}

// Start with no run folder chosen: the run goes where the app keeps its
// runs (here a user data folder of this test's own), and the log says where.
void TestTrainingWorkspace::aRunWithNoFolderChosenGoesUnderTheRunsFolder() {
  const bool had_data_home = qEnvironmentVariableIsSet("XDG_DATA_HOME");
  const QByteArray data_home = qgetenv("XDG_DATA_HOME");
  qputenv("XDG_DATA_HOME", tmp_.filePath("user-data").toUtf8());
  const auto restore = qScopeGuard([&] {
    if (had_data_home)
      qputenv("XDG_DATA_HOME", data_home);
    else
      qunsetenv("XDG_DATA_HOME");
  });
  ui::TrainingWorkspace workspace;
  workspace.setDataDir(data_);
  QCOMPARE(workspace.runDir(), QString());
  useSmallModel(workspace, /*max_steps=*/2, /*eval_every=*/2);
  workspace.startTraining();
  const QString run = workspace.runDir();
  QVERIFY2(QFileInfo(run).absolutePath() == tmp_.filePath("user-data/attention-studio/runs"),
           qPrintable(run));
  QVERIFY2(workspace.findChild<QPlainTextEdit*>("Log")->toPlainText().contains(
               "No run folder was chosen: the run goes into " + run + "."),
           qPrintable(workspace.findChild<QPlainTextEdit*>("Log")->toPlainText()));
  QTRY_VERIFY_WITH_TIMEOUT(!workspace.isTraining(), 60000);
  QVERIFY(QFile::exists(run + "/checkpoints/ckpt-00000002.pt"));
}

void TestTrainingWorkspace::stopWhilePreparingStartsNothingAfter() {
  // Start prepares first; Stop stops the preparation at its next step: no data folder, no run.
  QFile tsv(tmp_.filePath("stopped.tsv"));
  QVERIFY(tsv.open(QIODevice::WriteOnly));
  for (int i = 0; i < 300; ++i)
    tsv.write(QString("mở cửa sổ số %1\topen window number %1\n").arg(i).toUtf8());
  tsv.close();
  ui::TrainingWorkspace workspace;
  workspace.setCorpus(tsv.fileName());
  const QString run = tmp_.filePath("run-never-started");
  workspace.setRunDir(run);
  useSmallModel(workspace, /*max_steps=*/4, /*eval_every=*/2);
  workspace.startTraining();
  QVERIFY(workspace.isPreparing());
  workspace.stopTraining();
  auto* status = workspace.findChild<QLabel*>("Status");
  QVERIFY2(status->text().contains("Stopping the preparation"), qPrintable(status->text()));
  QTRY_VERIFY_WITH_TIMEOUT(!workspace.isTraining() && !workspace.isPreparing(), 60000);
  QTRY_VERIFY2(status->text().startsWith("Stopped: nothing of this preparation was kept"),
               qPrintable(status->text()));
  QTest::qWait(500);  // time for a run that should not start
  QVERIFY(!workspace.isTraining());
  QVERIFY(workspace.findChild<QPushButton*>("Start")->isEnabled());
  QVERIFY(!QFileInfo::exists(workspace.dataDir()));
  QVERIFY(!QFileInfo::exists(workspace.dataDir() + ".preparing"));
  QVERIFY(!QFileInfo::exists(run));

  // Started again, it prepares the folder whole.
  workspace.findChild<QPushButton*>("Prepare")->click();
  QTRY_VERIFY_WITH_TIMEOUT(!workspace.isPreparing(), 60000);
  QVERIFY2(QFile::exists(workspace.dataDir() + "/summary.json"), qPrintable(status->text()));
  QVERIFY(!QFileInfo::exists(run));
}

void TestTrainingWorkspace::continueFromAModelPreparesWithItsVocabularyAndDrawsBothDevCurves() {
  // The model of startPreparesACorpusFirst, fine-tuned on other sentences.
  const QString base_run = tmp_.filePath("run-from-corpus");
  QVERIFY2(QFile::exists(base_run + "/best.pt"), "startPreparesACorpusFirst makes the model this test starts from");
  QFile tsv(tmp_.filePath("new-domain.tsv"));
  QVERIFY(tsv.open(QIODevice::WriteOnly));
  for (int i = 0; i < 300; ++i) tsv.write(QString("đóng tập tin số %1\tclose file number %1\n").arg(i).toUtf8());
  tsv.close();

  ui::TrainingWorkspace workspace;
  QSignalSpy errors(&workspace, &ui::TrainingWorkspace::errorOccurred);
  auto* box = workspace.findChild<ui::FineTuneBox*>("Start from");
  QVERIFY(box);
  QVERIFY(!box->setModel(tmp_.filePath("no-such-model.pt")));  // refused, said
  QCOMPARE(errors.count(), 1);
  QVERIFY(box->setModel(base_run + "/best.pt"));
  // The model's shape fills the form; its data folder is the original; a run folder of its own.
  QCOMPARE(workspace.findChild<QSpinBox*>("d_model")->value(), 32);
  QCOMPARE(workspace.findChild<QLineEdit*>("Original data")->text(), QDir(tmp_.filePath("corpus-prepared")).absolutePath());
  QCOMPARE(workspace.runDir(), base_run + "-finetuned");
  workspace.setCorpus(tsv.fileName());
  const QString prepared = tmp_.filePath("new-domain-prepared-for-run-from-corpus");
  QCOMPARE(workspace.dataDir(), prepared);
  workspace.findChild<QSpinBox*>("Max steps")->setValue(4);
  workspace.findChild<QSpinBox*>("Eval every")->setValue(2);
  workspace.findChild<QSpinBox*>("Dev sentences")->setValue(4);
  workspace.findChild<QSpinBox*>("Batch tokens")->setValue(256);
  workspace.findChild<QComboBox*>("Device")->setCurrentText("cpu");
  workspace.findChild<QSpinBox*>("Workers")->setValue(1);
  workspace.startTraining();
  QVERIFY(workspace.isTraining());
  QTRY_VERIFY_WITH_TIMEOUT(!workspace.isTraining(), 120000);
  QCOMPARE(errors.count(), 1);

  // Prepared with the model's own SentencePiece model, trained from the model.
  QFile spm(prepared + "/spm.model"), model_spm(base_run + "/spm.model");
  QVERIFY(spm.open(QIODevice::ReadOnly) && model_spm.open(QIODevice::ReadOnly));
  QCOMPARE(spm.readAll(), model_spm.readAll());
  QFile config(base_run + "-finetuned/config.json");
  QVERIFY(config.open(QIODevice::ReadOnly));
  const auto training = QJsonDocument::fromJson(config.readAll()).object()["training"].toObject();
  QCOMPARE(training["init_from"].toString(), QDir(base_run + "/best.pt").absolutePath());
  QCOMPARE(training["max_steps"].toInt(), 4);
  // Two dev curves: the new data's BLEU and the original's, at steps 0, 2 and 4.
  QCOMPARE(workspace.bleuChart()->pointCount(0), 3);
  QCOMPARE(workspace.bleuChart()->pointCount(2), 3);
  // The finished panel says what fine-tuning cost on the original dev split: its BLEU at step 0 and at
  // the best checkpoint's step, as the run's metrics recorded them.
  QMap<qint64, double> original;
  QFile metrics(base_run + "-finetuned/metrics.jsonl");
  QVERIFY(metrics.open(QIODevice::ReadOnly));
  for (const auto& line : metrics.readAll().split('\n')) {
    const auto record = QJsonDocument::fromJson(line).object();
    if (record["type"].toString() == "eval" && record.contains("original_bleu"))
      original[record["step"].toInteger()] = record["original_bleu"].toDouble();
  }
  QVERIFY(original.contains(0));
  const QString finished = workspace.findChild<ui::RunFinishedPanel*>()->text();
  const auto said = QRegularExpression("its BLEU went from ([0-9.]+) \\(step 0\\) to ([0-9.]+) \\(the best "
                                       "checkpoint's, step ([0-9]+)\\)")
                        .match(finished);
  QVERIFY2(said.hasMatch(), qPrintable(finished));
  QCOMPARE(said.captured(1), QString::number(original[0], 'f', 1));
  QVERIFY(original.contains(said.captured(3).toLongLong()));
  QCOMPARE(said.captured(2), QString::number(original[said.captured(3).toLongLong()], 'f', 1));

  // Back to a new model: the preset's settings again.
  QTest::mouseClick(workspace.findChild<QPushButton*>("New model"), Qt::LeftButton);
  QVERIFY(!box->active());
  QCOMPARE(workspace.findChild<QSpinBox*>("d_model")->value(),
           app::trainingPresetJson(workspace.findChild<QComboBox*>("Preset")->currentText())["model"]
               .toObject()["d_model"]
               .toInt());
}

void TestTrainingWorkspace::learningFromCorrectionsRunsARoundOnThem() {
  const QString base_run = tmp_.filePath("run-from-corpus");
  QVERIFY2(QFile::exists(base_run + "/best.pt"), "startPreparesACorpusFirst makes the model this test starts from");
  ui::TrainingWorkspace workspace;
  QSignalSpy errors(&workspace, &ui::TrainingWorkspace::errorOccurred);
  workspace.startCorrectionsRound(base_run + "/best.pt");  // none kept yet: said
  QCOMPARE(errors.count(), 1);
  QVERIFY2(errors.at(0).at(0).toString().contains("no corrections"), qPrintable(errors.at(0).at(0).toString()));
  auto kept = app::keepCorrection(base_run + "/best.pt", "mở tập tin số 3", "open the file number 3", "open file 3");
  QVERIFY2(kept.error.isEmpty(), qPrintable(kept.error));
  kept = app::keepCorrection(base_run + "/best.pt", "mở tập tin số 4", "open the file number 4", "open file 4");
  QCOMPARE(kept.count, 2);
  QCOMPARE(kept.file, base_run + "/corrections.tsv");
  QCOMPARE(app::correctionsCount(base_run + "/best.pt"), 2);

  workspace.findChild<QComboBox*>("Device")->setCurrentText("cpu");
  workspace.findChild<QSpinBox*>("Workers")->setValue(1);
  workspace.startCorrectionsRound(base_run + "/best.pt");
  QVERIFY(workspace.isTraining());
  QCOMPARE(workspace.runDir(), base_run + "-corrections-1");
  QTRY_VERIFY_WITH_TIMEOUT(!workspace.isTraining(), 180000);
  QCOMPARE(errors.count(), 1);
  QFile config(base_run + "-corrections-1/config.json");
  QVERIFY(config.open(QIODevice::ReadOnly));
  const auto training = QJsonDocument::fromJson(config.readAll()).object()["training"].toObject();
  QCOMPARE(training["init_from"].toString(), QDir(base_run + "/best.pt").absolutePath());
  QCOMPARE(training["max_steps"].toInt(), 200);
  QCOMPARE(training["replay_share"].toDouble(), 0.75);
  // The corrections' BLEU and the original dev's, before (step 0) and at every 50 steps.
  QCOMPARE(workspace.bleuChart()->pointCount(0), 5);
  QCOMPARE(workspace.bleuChart()->pointCount(2), 5);
  // The samples show every corrected sentence.
  QVERIFY(workspace.findChild<QPlainTextEdit*>("Samples")->toPlainText().contains("open the file number 4"));
  // The finished panel says how many came out as written at the best checkpoint's evaluation, as the
  // run's metrics recorded its samples.
  const QString finished = workspace.findChild<ui::RunFinishedPanel*>()->text();
  const auto said = QRegularExpression("the best checkpoint's, step ([0-9]+)\\).* At that step's evaluation, "
                                       "([0-9]) of your 2 correction\\(s\\) came out as you wrote them\\.")
                        .match(finished);
  QVERIFY2(said.hasMatch() && finished.contains("Its best BLEU on your corrections is "),
           qPrintable(finished));
  QFile metrics(base_run + "-corrections-1/metrics.jsonl");
  QVERIFY(metrics.open(QIODevice::ReadOnly));
  int as_written = -1;
  for (const auto& line : metrics.readAll().split('\n')) {
    const auto record = QJsonDocument::fromJson(line).object();
    if (record["type"].toString() != "eval" || record["step"].toInteger() != said.captured(1).toLongLong())
      continue;
    as_written = 0;
    for (const auto& sample : record["samples"].toArray())
      as_written += sample.toObject()["hypothesis"] == sample.toObject()["reference"] ? 1 : 0;
  }
  QCOMPARE(QString::number(as_written), said.captured(2));

  // A correction of the learnt model: its next round learns it and the earlier ones again (they would be
  // forgotten otherwise), a sentence corrected again replacing its earlier correction.
  const QString learnt = base_run + "-corrections-1/best.pt";
  kept = app::keepCorrection(learnt, "mở tập tin số 3", "file 3 opened", "open file 3");
  QVERIFY2(kept.error.isEmpty(), qPrintable(kept.error));
  QCOMPARE(app::correctionsCount(learnt), 1);
  const auto next = app::prepareCorrectionsRound(learnt);
  QVERIFY2(next.error.isEmpty(), qPrintable(next.error));
  QCOMPARE(next.corrections, 2);  // "số 4" from the first round, "số 3" as corrected again
  QCOMPARE(next.earlier, 1);
  QFile next_train(next.dataDir + "/train.en");
  QVERIFY(next_train.open(QIODevice::ReadOnly));
  const QString next_english = QString::fromUtf8(next_train.readAll());
  QVERIFY2(next_english.contains("file 3 opened") && next_english.contains("open the file number 4") &&
               !next_english.contains("open the file number 3"),
           qPrintable(next_english));

  // The same sentence corrected twice for the learnt model: one correction of it counts, its newest.
  kept = app::keepCorrection(learnt, "mở tập tin số 3", "the file 3 is opened", "file 3 opened");
  QVERIFY2(kept.error.isEmpty(), qPrintable(kept.error));
  QCOMPARE(app::correctionsCount(learnt), 2);
  const auto again = app::prepareCorrectionsRound(learnt);
  QVERIFY2(again.error.isEmpty(), qPrintable(again.error));
  QCOMPARE(again.corrections, 2);
  QCOMPARE(again.earlier, 1);
}

void TestTrainingWorkspace::aStudentLearnsTheTeachersTranslations() {
  // The teacher: the round of corrections above (200 steps), which learnt from corpus-prepared.
  const QString teacher_run = tmp_.filePath("run-from-corpus-corrections-1");
  const QString teacher = teacher_run + "/best.pt";
  QVERIFY2(QFile::exists(teacher), "learningFromCorrectionsRunsARoundOnThem makes the teacher");
  const QString people = QDir(tmp_.filePath("corpus-prepared")).absolutePath();
  ui::TrainingWorkspace workspace;
  QSignalSpy errors(&workspace, &ui::TrainingWorkspace::errorOccurred);
  auto* box = workspace.findChild<ui::TeacherBox*>("Learn from");
  auto* fine_tune = workspace.findChild<ui::FineTuneBox*>("Start from");
  QVERIFY(box && fine_tune);
  QVERIFY(!box->active());
  QVERIFY(workspace.findChild<QPushButton*>("Distil")->isHidden());
  QVERIFY(!box->setModel(tmp_.filePath("no-such-teacher.pt")));  // refused, said
  QCOMPARE(errors.count(), 1);
  QVERIFY2(errors.at(0).at(0).toString().contains("no-such-teacher.pt"),
           qPrintable(errors.at(0).at(0).toString()));

  // A teacher sets up a student: random weights (not fine-tuning), the teacher's shape with one decoder
  // layer, the people's data folder the teacher learnt from, a run folder of its own.
  QVERIFY(fine_tune->setModel(teacher));
  QVERIFY(box->setModel(teacher));
  QVERIFY(!fine_tune->active());
  QCOMPARE(box->modelPath(), QFileInfo(teacher).absoluteFilePath());
  QCOMPARE(workspace.findChild<QSpinBox*>("Encoder layers")->value(), 1);
  QCOMPARE(workspace.findChild<QSpinBox*>("Decoder layers")->value(), 1);
  QCOMPARE(workspace.findChild<QSpinBox*>("d_model")->value(), 32);
  QCOMPARE(workspace.dataDir(), people);
  QCOMPARE(workspace.runDir(), teacher_run + "-student");
  const QString distilled = people + "-distilled-by-run-from-corpus-corrections-1";
  QCOMPARE(box->distilledDir(), distilled);
  QVERIFY(!box->distilled());
  QVERIFY2(box->text().contains("not made yet"), qPrintable(box->text()));
  // Choosing a model to fine-tune puts the teacher away again.
  QVERIFY(fine_tune->setModel(teacher));
  QVERIFY(!box->active());
  QVERIFY(box->setModel(teacher));

  // Stopped while the teacher translates: no folder is left, nothing trains.
  workspace.findChild<QComboBox*>("Device")->setCurrentText("cpu");
  workspace.findChild<QSpinBox*>("Workers")->setValue(1);
  workspace.distilData();
  QVERIFY(workspace.isTraining() && workspace.isDistilling());
  workspace.stopTraining();
  QTRY_VERIFY_WITH_TIMEOUT(!workspace.isTraining(), 120000);
  QVERIFY(!QFileInfo::exists(distilled));
  QVERIFY(!QFileInfo::exists(distilled + ".preparing") && !QFileInfo::exists(distilled + ".teacher-corpus"));
  QVERIFY2(workspace.findChild<QLabel*>("Status")->text().contains("Stopped"),
           qPrintable(workspace.findChild<QLabel*>("Status")->text()));
  QVERIFY(!QFileInfo::exists(workspace.runDir()));

  // Start: the teacher translates the training split (with int8 weights where the CPU runs them), then
  // the student trains on it.
  const bool int8 = app::engineInfo().int8Unsupported.isEmpty();
  auto* teacher_weights = workspace.findChild<QComboBox*>("Teacher weights");
  QVERIFY(teacher_weights && !teacher_weights->isHidden());  // shown with a teacher
  QCOMPARE(teacher_weights->isEnabled(), int8);
  box->setInt8(true);
  QCOMPARE(box->int8(), int8);
  workspace.findChild<QSpinBox*>("Max steps")->setValue(4);
  workspace.findChild<QSpinBox*>("Eval every")->setValue(2);
  workspace.findChild<QSpinBox*>("Dev sentences")->setValue(4);
  workspace.startTraining();
  QVERIFY(workspace.isDistilling());
  QTRY_VERIFY_WITH_TIMEOUT(!workspace.isTraining() && !workspace.isDistilling() &&
                               QFileInfo::exists(workspace.runDir() + "/metrics.jsonl"),
                           180000);
  QVERIFY2(errors.count() == 1, qPrintable(errors.last().at(0).toString()));
  const auto record = app::readDistillation(distilled);
  QVERIFY(record.valid);
  QCOMPARE(record.teacher, QFileInfo(teacher).absoluteFilePath());
  QCOMPARE(record.data, people);
  QCOMPARE(record.beam, 4);
  QCOMPARE(record.int8, int8);
  QVERIFY2(app::describeDistillation(record).contains(int8 ? "beam 4, int8" : "beam 4, float32"),
           qPrintable(app::describeDistillation(record)));
  QVERIFY(box->distilled());
  QVERIFY2(box->text().contains("Distilled by"), qPrintable(box->text()));
  // The training split is the people's Vietnamese with the teacher's English; dev stays people's.
  auto lines = [](const QString& path) {
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()).split('\n') : QStringList();
  };
  QCOMPARE(lines(distilled + "/dev.en"), lines(people + "/dev.en"));
  QVERIFY(lines(distilled + "/train.en") != lines(people + "/train.en"));
  QVERIFY(!lines(distilled + "/train.en").isEmpty());
  QFile config(workspace.runDir() + "/config.json");
  QVERIFY(config.open(QIODevice::ReadOnly));
  const auto run = QJsonDocument::fromJson(config.readAll()).object();
  QCOMPARE(QDir(run["data"].toString()).absolutePath(), distilled);
  const auto student = run["training"].toObject();
  QCOMPARE(student["init_from"].toString(), QString());
  QCOMPARE(student["model"].toObject()["decoder_layers"].toInt(), 1);
  QFile spm(workspace.runDir() + "/spm.model"), teacher_spm(teacher_run + "/spm.model");
  QVERIFY(spm.open(QIODevice::ReadOnly) && teacher_spm.open(QIODevice::ReadOnly));
  QCOMPARE(spm.readAll(), teacher_spm.readAll());  // the teacher's vocabulary

  // Started again elsewhere: the distilled folder is used as it is (not translated again).
  const QDateTime made = QFileInfo(distilled + "/distillation.json").lastModified();
  const QString student_run = workspace.runDir();
  workspace.setRunDir(tmp_.filePath("second-student"));
  workspace.startTraining();
  QVERIFY(!workspace.isDistilling());
  QTRY_VERIFY_WITH_TIMEOUT(!workspace.isTraining(), 120000);
  QCOMPARE(QFileInfo(distilled + "/distillation.json").lastModified(), made);
  QVERIFY(!QFileInfo::exists(distilled + "-2"));
  QVERIFY(QFileInfo::exists(tmp_.filePath("second-student/best.pt")));

  // The student's run, opened: its distilled folder and its teacher.
  ui::TrainingWorkspace reopened;
  QVERIFY(reopened.openRun(student_run));
  auto* reopened_box = reopened.findChild<ui::TeacherBox*>("Learn from");
  QCOMPARE(reopened_box->modelPath(), QFileInfo(teacher).absoluteFilePath());
  QCOMPARE(QDir(reopened.dataDir()).absolutePath(), distilled);
  QVERIFY(reopened_box->distilled());
  QVERIFY2(reopened_box->text().contains("already"), qPrintable(reopened_box->text()));
  // Its corpus list names the people's corpus, not the distilled folder's record of it.
  QCOMPARE(app::preparedCorpora(distilled).size(), app::preparedCorpora(people).size());
  QCOMPARE(app::preparedCorpora(distilled).first().path, app::preparedCorpora(people).first().path);

  // The finished panel's "Train a smaller student from it": the student teaches next, from the people's data.
  QVERIFY(!workspace.runFinished()->isHidden());
  QTest::mouseClick(workspace.runFinished()->findChild<QPushButton*>("Train a student"), Qt::LeftButton);
  QCOMPARE(box->modelPath(), QFileInfo(tmp_.filePath("second-student/best.pt")).absoluteFilePath());
  QCOMPARE(workspace.dataDir(), people);
  QCOMPARE(workspace.runDir(), tmp_.filePath("second-student-student"));
  QCOMPARE(errors.count(), 1);

  // Make it small and fast measures the teacher's students beside its own ways, and saves a student's way
  // as that student's model.
  app::SmallAndFastSession measuring;
  QSignalSpy measured(&measuring, &app::SmallAndFastSession::finished);
  QSignalSpy failed(&measuring, &app::SmallAndFastSession::failed);
  app::SmallAndFastRequest request;
  request.model = {app::ModelSource::Kind::File, teacher};
  request.sourceFile = distilled + "/dev.vi";  // the people's dev split
  request.referenceFile = distilled + "/dev.en";
  request.sentences = 8;
  request.settings.beam = 2;
  measuring.start(request);
  QTRY_VERIFY_WITH_TIMEOUT(!measured.isEmpty() || !failed.isEmpty(), 180000);
  QVERIFY2(failed.isEmpty(), failed.isEmpty() ? "" : qPrintable(failed.first().first().toString()));
  const auto result = measured.first().first().value<app::SmallAndFastResult>();
  QCOMPARE(result.students, (QStringList{student_run, tmp_.filePath("second-student")}));
  QStringList student_ways;
  const app::SpeedRow* student_way = nullptr;
  for (const auto& row : result.rows)
    if (!row.model.isEmpty()) {
      student_ways << row.name;
      if (row.name == "student second-student") student_way = &row;
    }
  // Each student in each of the model's own precisions (float32 first).
  int precisions = 0;
  for (const auto& row : result.rows)
    precisions += row.model.isEmpty() && !row.shortlist && row.prunedHeads.isEmpty();
  QCOMPARE(student_ways.size(), 2 * precisions);
  QCOMPARE(student_ways.first(), QString("student %1").arg(QFileInfo(student_run).fileName()));
  QVERIFY(student_way);
  QCOMPARE(student_way->model, tmp_.filePath("second-student/best.pt"));
  // Its BLEU is the student's own translations'.
  {
    const model::Translator own =
        model::Translator::fromFiles(student_way->model.toStdString(), "", torch::kCPU);
    const QStringList dev = lines(distilled + "/dev.vi").mid(0, 8),
                      refs = lines(distilled + "/dev.en").mid(0, 8);
    model::DecodingOptions options;
    options.beam_size = 2;
    options.length_penalty = request.settings.alpha;
    options.max_length_ratio = request.settings.maxLengthRatio;
    std::vector<std::string> sources, hypotheses, references;
    for (int i = 0; i < dev.size(); ++i) {
      sources.push_back(dev[i].toStdString());
      references.push_back(refs[i].toStdString());
    }
    for (const auto& list : own.translate(sources, options)) hypotheses.push_back(list.at(0).text);
    QCOMPARE(student_way->bleu, model::corpusBleu(hypotheses, references).score);
  }
  QSignalSpy saved(&measuring, &app::SmallAndFastSession::saved);
  const QString folder = tmp_.filePath("saved-student");
  measuring.save(teacher, *student_way, QString(), folder);
  QTRY_VERIFY_WITH_TIMEOUT(!saved.isEmpty() || failed.size() > 0, 120000);
  QVERIFY2(failed.isEmpty(), failed.isEmpty() ? "" : qPrintable(failed.first().first().toString()));
  const auto way = saved.first().first().value<app::ExportedWay>();
  const model::Translator exported = model::Translator::fromFiles(way.model.toStdString(), "", torch::kCPU),
                          own =
                              model::Translator::fromFiles(student_way->model.toStdString(), "", torch::kCPU),
                          teacher_model =
                              model::Translator::fromFiles(teacher.toStdString(), "", torch::kCPU);
  const auto weights = [](const model::Translator& t) {
    return t.modelHandle()->parameters().front().sum().item<double>();
  };
  QCOMPARE(weights(exported), weights(own));  // the student's weights, not the teacher's
  QVERIFY(weights(exported) != weights(teacher_model));
}

// Direction: English → Vietnamese trains a model for back-translation on the same data folder; More pairs
// from English text has it translate English text into a data folder beside the data folder, as
// `back-translate` writes it, which becomes the form's data folder; a model of the usual direction is
// refused.
void TestTrainingWorkspace::englishTextIsBackTranslatedIntoANewDataFolder() {
  ui::TrainingWorkspace workspace;
  QSignalSpy errors(&workspace, &ui::TrainingWorkspace::errorOccurred);
  auto* form = workspace.findChild<ui::TrainingSettingsForm*>();
  auto* direction = workspace.findChild<QComboBox*>("Direction");
  QVERIFY(form && direction);
  QCOMPARE(direction->currentData().toString(), QString("vi-en"));
  direction->setCurrentIndex(1);
  workspace.findChild<QComboBox*>("Preset")->setCurrentText("starter");  // a preset keeps the direction
  QCOMPARE(direction->currentData().toString(), QString("en-vi"));
  QCOMPARE(QJsonDocument::fromJson(form->configJson().toUtf8())
               .object()["model"]
               .toObject()["direction"]
               .toString(),
           QString("en-vi"));

  // Trained in the app: the run's model translates English to Vietnamese.
  const QString run = tmp_.filePath("reverse-run");
  workspace.setDataDir(data_);
  workspace.setRunDir(run);
  useSmallModel(workspace, /*max_steps=*/150, /*eval_every=*/150);
  workspace.findChild<QSpinBox*>("Warmup")->setValue(10);
  workspace.findChild<QSpinBox*>("Workers")->setValue(1);
  workspace.findChild<QSpinBox*>("Dev sentences")->setValue(4);
  workspace.startTraining();
  QTRY_VERIFY_WITH_TIMEOUT(!workspace.isTraining() && QFile::exists(run + "/best.pt"), 180000);
  QVERIFY2(errors.isEmpty(), errors.isEmpty() ? "" : qPrintable(errors.first().first().toString()));
  {
    QFile config(run + "/config.json");
    QVERIFY(config.open(QIODevice::ReadOnly));
    const auto training = QJsonDocument::fromJson(config.readAll()).object()["training"].toObject();
    QCOMPARE(training["model"].toObject()["direction"].toString(), QString("en-vi"));
  }
  ui::TrainingWorkspace reopened;
  QVERIFY(reopened.openRun(run));
  QCOMPARE(reopened.findChild<QComboBox*>("Direction")->currentData().toString(), QString("en-vi"));
  // The finished panel offers back-translation with it, not Translate or the explorer.
  auto* finished = workspace.runFinished();
  QVERIFY(!finished->isHidden());
  QVERIFY2(finished->text().contains("translates English to Vietnamese"), qPrintable(finished->text()));
  QVERIFY(finished->findChild<QPushButton*>("Translate with it")->isHidden());
  QVERIFY(finished->findChild<QPushButton*>("Look inside it")->isHidden());
  auto* with_it = finished->findChild<QPushButton*>("Back-translate with it");
  QVERIFY(with_it && !with_it->isHidden());

  // More pairs from English text: translated into a new data folder beside the data folder.
  auto* box = workspace.findChild<ui::BackTranslationBox*>("More pairs from English text");
  QVERIFY(box);
  const QString english = tmp_.filePath("english.txt");
  {
    QFile file(english);
    QVERIFY(file.open(QIODevice::WriteOnly));
    for (int i = 0; i < 12; ++i) file.write(QString("open file number %1\n").arg(700 + i).toUtf8());
  }
  QTest::mouseClick(with_it, Qt::LeftButton);
  QCOMPARE(box->modelPath(), QDir::toNativeSeparators(QDir(run).filePath("best.pt")));
  box->setEnglishFiles({english});
  QCOMPARE(box->englishFiles(), QStringList{english});
  QTest::mouseClick(workspace.findChild<QPushButton*>("Back-translate"), Qt::LeftButton);
  QVERIFY(workspace.isTraining() && workspace.isBackTranslating());
  QTRY_VERIFY_WITH_TIMEOUT(!workspace.isTraining(), 120000);
  QVERIFY2(errors.isEmpty(), errors.isEmpty() ? "" : qPrintable(errors.first().first().toString()));
  const QString out = QDir(data_).absolutePath() + "-back-translated-by-reverse-run";
  QCOMPARE(QDir(workspace.dataDir()).absolutePath(), out);
  // The folder is the translator's: the form trains Vietnamese → English next, in a new run folder.
  QCOMPARE(direction->currentData().toString(), QString("vi-en"));
  QVERIFY(workspace.runDir().isEmpty());
  QVERIFY2(box->text().contains("Back-translated by") && box->text().contains("12 English sentences"),
           qPrintable(box->text()));
  // What the command line writes from the same model and text.
  const QString cli_out = tmp_.filePath("cli-back-translated");
  QProcess cli;
  cli.start(STUDIO_CLI_PATH, {"back-translate", "--model", run + "/best.pt", "--english", english, "--data",
                              data_, "--out", cli_out, "--device", "cpu"});
  QVERIFY(cli.waitForFinished(120000));
  QVERIFY2(cli.exitCode() == 0, cli.readAllStandardError().constData());
  for (const char* name : {"train.vi", "train.en", "dev.vi", "test.en"})
    QCOMPARE(test::readBytes((out + "/" + name).toStdString()),
             test::readBytes((cli_out + "/" + name).toStdString()));

  // A model of the usual direction, and no model at all: refused, named; nothing is written.
  const QString forward = tmp_.filePath("run-from-corpus-corrections-1/best.pt");
  QVERIFY2(QFile::exists(forward), "learningFromCorrectionsRunsARoundOnThem makes it");
  workspace.setDataDir(data_);
  box->setModelPath(forward);
  QTest::mouseClick(workspace.findChild<QPushButton*>("Back-translate"), Qt::LeftButton);
  QCOMPARE(errors.count(), 1);
  QVERIFY2(errors.last().first().toString().contains("translates Vietnamese to English") &&
               errors.last().first().toString().contains(QDir::toNativeSeparators(forward)),
           qPrintable(errors.last().first().toString()));
  QVERIFY(!workspace.isTraining());
  box->setModelPath("");
  QTest::mouseClick(workspace.findChild<QPushButton*>("Back-translate"), Qt::LeftButton);
  QCOMPARE(errors.count(), 2);
  QVERIFY(!QFileInfo::exists(out + "-2"));
}

void TestTrainingWorkspace::chartDownsamplesAndSmooths() {
  ui::MetricChart chart("Loss", "loss");
  const int line = chart.addSeries("train", Qt::blue);
  const int dots = chart.addSeries("dev", Qt::red, /*scatter=*/true);
  for (int i = 0; i < 100000; ++i) chart.addPoint(line, i, (i % 2) ? 1.0 : 3.0);
  chart.addPoint(dots, 10, 5.0);
  chart.replotNow();
  QCOMPARE(chart.pointCount(line), 100000);
  const auto* drawn = chart.graph(line)->data().data();
  QVERIFY2(drawn->size() <= 4001, qPrintable(QString::number(drawn->size())));
  QCOMPARE((drawn->constEnd() - 1)->key, 99999.0);  // the last point is always drawn

  const auto smooth = ui::MetricChart::smoothed({2.0, 2.0, 2.0});
  QVERIFY(std::abs(smooth[0] - 2.0) < 1e-12 && std::abs(smooth[2] - 2.0) < 1e-12);  // debiased: no pull to 0
  chart.setSmoothing(true);
  // Alternating 1 and 3 smooths towards 2; the scatter series stays as it is.
  const auto* smoothed = chart.graph(line)->data().data();
  QVERIFY(std::abs((smoothed->constEnd() - 1)->value - 2.0) < 0.2);
  QCOMPARE(chart.graph(dots)->data()->constBegin()->value, 5.0);
}

// The dev scores' first point, at the first evaluation's step, stands where it falls in training (as the
// loss chart's steps do), not in a range of a few steps around it.
void TestTrainingWorkspace::aChartsStepsStartAtZero() {
  ui::MetricChart chart("Dev BLEU and chrF", "score");
  const int bleu = chart.addSeries("BLEU", Qt::green, /*scatter=*/true);
  chart.addPoint(bleu, 500, 3.8);
  chart.replotNow();
  const QCPRange one = chart.plot()->xAxis->range();
  QVERIFY2(one.lower <= 0 && one.lower > -50 && one.upper >= 500 && one.upper < 550,
           qPrintable(QString("%1 to %2").arg(one.lower).arg(one.upper)));
  chart.addPoint(bleu, 1000, 9.0);
  chart.replotNow();
  const QCPRange two = chart.plot()->xAxis->range();
  QVERIFY2(two.lower <= 0 && two.upper >= 1000 && two.upper < 1100,
           qPrintable(QString("%1 to %2").arg(two.lower).arg(two.upper)));
}

// A chart's title sits beside its controls where the width holds both, else
// on a line of its own above them (never wrapped into a column of words);
// charts side by side choose alike, so that their plots line up.
void TestTrainingWorkspace::chartTitlesStayOnOneLineAndSideBySideChartsLineUp() {
  QWidget charts;
  auto* grid = new QGridLayout(&charts);
  auto* shortTitle = new ui::MetricChart("Loss", "loss", &charts);
  auto* longTitle = new ui::MetricChart("A much longer title of a chart", "score", &charts);
  grid->addWidget(shortTitle, 0, 0);
  grid->addWidget(longTitle, 0, 1);
  const auto titleOf = [](ui::MetricChart* chart) { return chart->findChild<QLabel*>(); };
  const auto logScaleOf = [](ui::MetricChart* chart) { return chart->findChild<QCheckBox*>(); };
  const auto rows = [&](ui::MetricChart* chart) {
    const int title = titleOf(chart)->mapTo(chart, QPoint()).y(),
              controls = logScaleOf(chart)->mapTo(chart, QPoint()).y();
    return controls > title + titleOf(chart)->height() / 2 ? 2 : 1;
  };
  charts.resize(1600, 500);
  charts.show();
  QVERIFY(QTest::qWaitForWindowExposed(&charts));
  QTRY_COMPARE(rows(longTitle), 1);
  QCOMPARE(rows(shortTitle), 1);
  QVERIFY(titleOf(longTitle)->height() < 2 * titleOf(longTitle)->fontMetrics().height());  // one line
  charts.resize(2 * logScaleOf(longTitle)->parentWidget()->sizeHint().width() + 140, 500);
  QTRY_COMPARE(rows(longTitle), 2);
  for (int i = 0; i < 5; ++i) {  // every layout request done
    QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
    QCoreApplication::processEvents();
  }
  QVERIFY(titleOf(shortTitle)->sizeHint().width() + logScaleOf(shortTitle)->parentWidget()->width() + 8 <
          shortTitle->width());
  QCOMPARE(rows(shortTitle), 2);  // its title would fit beside its controls, but its neighbour's does not
  QVERIFY(titleOf(longTitle)->height() < 2 * titleOf(longTitle)->fontMetrics().height());
  QCOMPARE(shortTitle->plot()->mapTo(&charts, QPoint()).y(), longTitle->plot()->mapTo(&charts, QPoint()).y());
}

// A compared run's legend name holds the settings it differs by and can be
// long: it is cut short with "…" to what the plot's width leaves it, the
// short names stay whole (they were squeezed to a letter), the CSV keeps it
// whole; a legend of one name only takes no row of the plot.
void TestTrainingWorkspace::aLongNameInTheLegendLeavesTheOthersWhole() {
  ui::MetricChart chart("Loss", "loss");
  chart.resize(420, 260);
  chart.show();
  QVERIFY(QTest::qWaitForWindowExposed(&chart));
  const int alone = chart.addSeries("train", Qt::blue);
  QCoreApplication::processEvents();
  const int plot_alone = chart.plot()->axisRect()->height();
  const QString long_name =
      "student: data distdata, model.decoder_layers 1, model.d_model 96, training.max_steps 3000, seed 2";
  chart.addSeries("dev", Qt::red);
  const int compared = chart.addSeries(long_name, Qt::green);
  chart.addPoint(compared, 1, 2.5);
  chart.resize(421, 260);  // a resize fits the names again
  QTRY_VERIFY(chart.plot()->graph(compared)->name() != long_name);
  QCOMPARE(chart.plot()->graph(alone)->name(), QString("train"));
  QCOMPARE(chart.plot()->graph(1)->name(), QString("dev"));
  QVERIFY(chart.plot()->graph(compared)->name().endsWith(QChar(0x2026)));
  QVERIFY(chart.plot()->graph(compared)->name().size() > 10);
  chart.plot()->replot();
  QVERIFY2(chart.plot()->legend->outerRect().width() <= chart.plot()->width(),
           qPrintable(QString("legend %1 px wide in a plot of %2")
                          .arg(chart.plot()->legend->outerRect().width())
                          .arg(chart.plot()->width())));
  QVERIFY(chart.plot()->axisRect()->height() < plot_alone);  // the legend took a row
  QTemporaryDir dir;
  QVERIFY(chart.saveCsv(dir.filePath("loss.csv")));
  QFile csv(dir.filePath("loss.csv"));
  QVERIFY(csv.open(QIODevice::ReadOnly));
  QVERIFY(csv.readAll().contains(long_name.toUtf8()));
  // Wide enough, nothing is cut.
  chart.resize(2400, 260);
  QTRY_COMPARE(chart.plot()->graph(compared)->name(), long_name);
  // Names that fit are never cut, the widest of them included (elidedText measures a pixel otherwise).
  ui::MetricChart scores("Dev BLEU and chrF", "score");
  scores.resize(360, 260);
  scores.show();
  QVERIFY(QTest::qWaitForWindowExposed(&scores));
  for (const QString name : {"BLEU", "chrF"}) scores.addSeries(name, Qt::green, true);
  scores.addSeries("BLEU, original dev", Qt::gray, true, /*legend=*/false);
  scores.addSeries("BLEU, domain.tsv", Qt::gray, true, /*legend=*/false);
  scores.resize(361, 260);
  QCoreApplication::processEvents();
  QCOMPARE(scores.plot()->graph(0)->name(), QString("BLEU"));
  QCOMPARE(scores.plot()->graph(1)->name(), QString("chrF"));
  chart.truncateSeries(1);  // one series: no legend, its row back to the plot
  QCoreApplication::processEvents();
  chart.resize(420, 260);
  QTRY_COMPARE(chart.plot()->axisRect()->height(), plot_alone);
}

void TestTrainingWorkspace::twoWorkersFromTheForm() {
  if (!model::distributedBuilt()) QSKIP("this build has no c10d Gloo (libgloo-dev was missing)");
  qputenv("STUDIO_WORKER_PROGRAM", STUDIO_CLI_PATH);
  ui::TrainingWorkspace workspace;
  workspace.show();
  workspace.setDataDir(data_);
  workspace.setRunDir(tmp_.filePath("two-workers"));
  useSmallModel(workspace, /*max_steps=*/6, /*eval_every=*/3);
  workspace.findChild<QSpinBox*>("Workers")->setValue(2);
  workspace.startTraining();
  QVERIFY(workspace.isTraining());
  QVERIFY(!workspace.findChild<QSpinBox*>("Workers")->isEnabled());
  QTRY_VERIFY_WITH_TIMEOUT(!workspace.isTraining(), 120000);
  // The log shows each worker; the charts got the (global) figures.
  auto* log = workspace.findChild<QPlainTextEdit*>("Log");
  QTRY_VERIFY_WITH_TIMEOUT(log->toPlainText().contains("worker 1: finished at step 6"), 30000);
  QVERIFY2(log->toPlainText().contains("Training on 2 workers"), qPrintable(log->toPlainText()));
  QVERIFY(workspace.lossChart()->pointCount(0) >= 1);
  QVERIFY(workspace.lossChart()->pointCount(1) >= 1);  // rank 0 evaluated
  // Opened again, the run resumes on the workers it trained on.
  ui::TrainingWorkspace reopened;
  QCOMPARE(reopened.findChild<QSpinBox*>("Workers")->value(), 1);
  QVERIFY(reopened.openRun(tmp_.filePath("two-workers")));
  QCOMPARE(reopened.findChild<QSpinBox*>("Workers")->value(), 2);
  qunsetenv("STUDIO_WORKER_PROGRAM");
}

// The starter's settings with a time budget, on its two workers: the
// session times them against one process first (the command-line program's
// train --time-workers), says both paces in the log and trains the faster
// way; the run's config.json says which.
void TestTrainingWorkspace::aBudgetedStarterTimesItsWorkersFirst() {
  if (QThread::idealThreadCount() < 2) QSKIP("one core: the starter trains on one worker, nothing to time");
  qputenv("STUDIO_WORKER_PROGRAM", STUDIO_CLI_PATH);
  ui::TrainingWorkspace workspace;
  workspace.show();
  workspace.setDataDir(data_);
  const QString run = tmp_.filePath("timed-workers");
  workspace.setRunDir(run);
  workspace.findChild<QComboBox*>("Preset")->setCurrentText("starter");
  useSmallModel(workspace, /*max_steps=*/12000, /*eval_every=*/100);
  workspace.findChild<QDoubleSpinBox*>("Time budget")->setValue(0.1);
  workspace.findChild<QSpinBox*>("Workers")->setValue(2);
  workspace.startTraining();
  QVERIFY(workspace.isTraining());
  QTRY_VERIFY_WITH_TIMEOUT(!workspace.isTraining(), 300000);
  auto* log = workspace.findChild<QPlainTextEdit*>("Log");
  const QString text = log->toPlainText();
  QVERIFY2(text.contains("timing 75 steps on 2 workers and 75 in one process..."), qPrintable(text));
  const auto said = QRegularExpression(
                        "2 workers of \\d+ threads?: ([0-9.]+) s a step; 1 process of \\d+ threads?: "
                        "([0-9.]+) s a step")
                        .match(text);
  QVERIFY2(said.hasMatch(), qPrintable(text));
  const bool one = text.contains("Training in one process of all the threads: it was the faster here.");
  QVERIFY2(one != text.contains("Training on 2 workers: they were the faster here."), qPrintable(text));
  // The faster of the two is trained; paces printed equal (rounded to the
  // millisecond) leave either choice the faster one.
  if (said.captured(1) != said.captured(2))
    QCOMPARE(one, said.captured(2).toDouble() < said.captured(1).toDouble());
  QFile config(run + "/config.json");
  QVERIFY(config.open(QIODevice::ReadOnly));
  QCOMPARE(QJsonDocument::fromJson(config.readAll()).object()["training"].toObject()["cpu_workers"].toInt(),
           one ? 1 : 2);
  QCOMPARE(workspace.findChild<QSpinBox*>("Workers")->value(), one ? 1 : 2);  // the form says how it trained

  // Stop while the workers are timed: the timing runs end, and the run stops as it would have at once.
  workspace.setRunDir(tmp_.filePath("timing-stopped"));
  workspace.findChild<QSpinBox*>("Workers")->setValue(2);
  log->clear();
  workspace.startTraining();
  // The command's own line: it hears a stop from then on.
  QTRY_VERIFY_WITH_TIMEOUT(
      log->toPlainText().contains("timing 75 steps on 2 workers and 75 in one process..."), 60000);
  workspace.findChild<QPushButton*>("Stop")->click();
  QTRY_VERIFY_WITH_TIMEOUT(!workspace.isTraining(), 120000);
  QVERIFY2(log->toPlainText().contains("stopped while timing the workers"), qPrintable(log->toPlainText()));
  QVERIFY2(!log->toPlainText().contains("Could not time"), qPrintable(log->toPlainText()));
  qunsetenv("STUDIO_WORKER_PROGRAM");
}

// A corpus whose Vietnamese is in Windows-1258: Prepare says which encoding
// it reads as (nothing written); with Encoding: Windows-1258 it is prepared,
// the splits in UTF-8, and the data summary says how the file was read.
void TestTrainingWorkspace::aCorpusBeforeUnicodeIsPreparedInTheEncodingChosen() {
  std::string tsv;
  for (int i = 0; i < 150; ++i) {
    size_t line = 0;
    char32_t character = 0;
    tsv += *model::utf8ToLegacy("Không thể lưu tập tin số " + std::to_string(i) + " vào thư mục này.",
                                model::LegacyEncoding::Windows1258, &line, &character) +
           "\tCould not save file number " + std::to_string(i) + " to this folder.\n";
  }
  const QString corpus = tmp_.filePath("cp1258.tsv"), prepared = tmp_.filePath("cp1258-prepared");
  std::ofstream(corpus.toStdString(), std::ios::binary) << tsv;
  ui::TrainingWorkspace workspace;
  workspace.setCorpus(corpus);
  QCOMPARE(workspace.dataDir(), prepared);
  QSignalSpy errors(&workspace, &ui::TrainingWorkspace::errorOccurred);
  auto* prepare = workspace.findChild<QPushButton*>("Prepare");
  QTest::mouseClick(prepare, Qt::LeftButton);
  QTRY_VERIFY_WITH_TIMEOUT(!errors.isEmpty(), 60000);
  const QString message = errors.first().first().toString();
  QVERIFY2(message.contains("reads as Windows-1258") && message.contains("Encoding"), qPrintable(message));
  QVERIFY(!QFile::exists(prepared + "/train.vi"));

  auto* encoding = workspace.findChild<QComboBox*>("Corpus encoding");
  QVERIFY(encoding);
  encoding->setCurrentIndex(encoding->findData("windows-1258"));
  QTRY_VERIFY(prepare->isEnabled());
  QTest::mouseClick(prepare, Qt::LeftButton);
  QTRY_VERIFY_WITH_TIMEOUT(
      workspace.findChild<QLabel*>("Data summary")->text().contains("read as Windows-1258"), 60000);
  QCOMPARE(errors.count(), 1);
  QFile train(prepared + "/train.vi");
  QVERIFY(train.open(QIODevice::ReadOnly));
  const QString first = QString::fromUtf8(train.readLine());
  QVERIFY2(first.startsWith(QStringLiteral("Không thể lưu tập tin số ")), qPrintable(first));
}

// A TMX file chosen as the corpus (its name says nothing of its format):
// prepared from its units, the summary says it was read as a memory and
// names, in words, the unit dropped for having no English and the one
// repeated (Keep repeated pairs is off), with their lines.
void TestTrainingWorkspace::aTranslationMemoryIsPreparedAndItsUnitsCounted() {
  std::string tmx = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<tmx version=\"1.4\"><header/><body>\n";
  tmx += "<tu><tuv xml:lang=\"vi-VN\"><seg>Chỉ tiếng Việt</seg></tuv></tu>\n";  // line 3
  for (int i = 0; i < 150; ++i)
    tmx += "<tu><tuv xml:lang=\"en-US\"><seg>Could not save file <ph x=\"1\">&lt;b&gt;</ph>number " +
           std::to_string(i) + "</seg></tuv><tuv xml:lang=\"vi-VN\"><seg>Không thể lưu tập tin số " +
           std::to_string(i) + "</seg></tuv></tu>\n";
  tmx +=
      "<tu><tuv xml:lang=\"vi\"><seg>Không thể lưu tập tin số 7</seg></tuv><tuv xml:lang=\"en\"><seg>Could "
      "not "
      "save file number 7</seg></tuv></tu>\n";  // line 154: the seventh unit again, once its code is out
  tmx += "</body></tmx>\n";
  const QString corpus = tmp_.filePath("memory.xml"), prepared = tmp_.filePath("memory-prepared");
  std::ofstream(corpus.toStdString(), std::ios::binary) << tmx;
  ui::TrainingWorkspace workspace;
  workspace.setCorpus(corpus);
  QCOMPARE(workspace.dataDir(), prepared);
  QSignalSpy errors(&workspace, &ui::TrainingWorkspace::errorOccurred);
  QTest::mouseClick(workspace.findChild<QPushButton*>("Prepare"), Qt::LeftButton);
  auto* summary = workspace.findChild<QLabel*>("Data summary");
  QTRY_VERIFY_WITH_TIMEOUT(summary->text().contains("SentencePiece vocabulary"), 60000);
  QVERIFY2(errors.isEmpty(), qPrintable(errors.isEmpty() ? QString() : errors.first().first().toString()));
  QVERIFY2(summary->text().contains("Read as a translation memory (TMX)"), qPrintable(summary->text()));
  QVERIFY2(summary->text().contains(
               "train: 150 pair(s) kept of 152 (dropped: repeated 1, e.g. line 154; no English 1, "
               "e.g. line 3)"),
           qPrintable(summary->text()));
  QFile train(prepared + "/train.en");
  QVERIFY(train.open(QIODevice::ReadOnly));
  const QString first = QString::fromUtf8(train.readLine());
  QVERIFY2(first.startsWith(QStringLiteral("Could not save file number ")), qPrintable(first));
}

// OPUS's moses download chosen as it is (Add files… offers zip files): its
// row says what in it is read, the data folder is named after it, and the
// pairs prepared are those of the two files inside it.
void TestTrainingWorkspace::anOpusZipIsPreparedAsItIs() {
  std::string vi, en;
  for (int i = 0; i < 150; ++i) {
    vi += "Đóng cửa sổ số " + std::to_string(i) + "\n";
    en += "Close window number " + std::to_string(i) + "\n";
  }
  const QString zip = tmp_.filePath("en-vi.txt.zip");
  test::writeZipFile(zip.toStdString(), {{"README", "OPUS"},
                                         {"LICENSE", "CC-BY"},
                                         {"KDE4.en-vi.en", en},
                                         {"KDE4.en-vi.ids", "x\n"},
                                         {"KDE4.en-vi.vi", vi}});
  QCOMPARE(app::corporaFromFiles({zip}), QStringList{zip});
  ui::TrainingWorkspace workspace;
  workspace.setCorpus(zip);
  QCOMPARE(workspace.dataDir(), tmp_.filePath("en-vi.txt-prepared"));
  auto* table = workspace.findChild<QTableWidget*>("Corpora");
  QCOMPARE(table->item(0, 1)->text(), QString("zip file: two aligned files"));
  QCOMPARE(table->item(0, 1)->toolTip(), QString("Reads KDE4.en-vi.vi + KDE4.en-vi.en in it"));
  QSignalSpy errors(&workspace, &ui::TrainingWorkspace::errorOccurred);
  QTest::mouseClick(workspace.findChild<QPushButton*>("Prepare"), Qt::LeftButton);
  auto* summary = workspace.findChild<QLabel*>("Data summary");
  QTRY_VERIFY_WITH_TIMEOUT(summary->text().contains("SentencePiece vocabulary"), 60000);
  QVERIFY2(errors.isEmpty(), qPrintable(errors.isEmpty() ? QString() : errors.first().first().toString()));
  QVERIFY2(summary->text().contains("150 pair(s) kept of 150"), qPrintable(summary->text()));
  QFile train(workspace.dataDir() + "/train.en");
  QVERIFY(train.open(QIODevice::ReadOnly));
  QVERIFY(QString::fromUtf8(train.readLine()).startsWith("Close window number "));

  // A zip file that holds no corpus says what it holds.
  const QString other = tmp_.filePath("pictures.zip");
  test::writeZipFile(other.toStdString(), {{"a.png", "x"}, {"b.png", "y"}});
  workspace.addCorpus(other);
  QCOMPARE(table->item(1, 1)->text(), QString("not readable"));
  QVERIFY2(table->item(1, 1)->toolTip().contains("holds no corpus that is read here") &&
               table->item(1, 1)->toolTip().contains("a.png, b.png"),
           qPrintable(table->item(1, 1)->toolTip()));
}

// Two corpora in the list, the second weighted 3: the data folder is named
// after both, what each reads as is shown before Prepare, and the summary
// gives each one's pairs and weight, a pair the second one repeats from the
// first, and the training split's size.
void TestTrainingWorkspace::severalCorporaArePreparedTogetherWithTheirWeights() {
  const QString general = tmp_.filePath("general.tsv"), domain = tmp_.filePath("domain.tsv");
  {
    std::ofstream a(general.toStdString()), b(domain.toStdString());
    for (int i = 0; i < 120; ++i) a << "Mở tập tin số " << i << "\tOpen file number " << i << "\n";
    for (int i = 0; i < 30; ++i) b << "In trang số " << i << "\tPrint page number " << i << "\n";
    b << "Mở tập tin số 5\tOpen file number 5\n";  // line 31: a pair of the first corpus
  }
  // Files chosen together in Add files…: a corpus each, or a pair of aligned files.
  QCOMPARE(app::corporaFromFiles({general, domain}), (QStringList{general, domain}));
  {
    std::ofstream(tmp_.filePath("x.vi").toStdString()) << "một\n";
    std::ofstream(tmp_.filePath("x.en").toStdString()) << "one\n";
    std::ofstream(tmp_.filePath("a.src").toStdString()) << "hai\n";
    std::ofstream(tmp_.filePath("a.tgt").toStdString()) << "two\n";
    std::ofstream(tmp_.filePath("memory.xml").toStdString())
        << "<?xml version=\"1.0\"?>\n<tmx version=\"1.4\"/>\n";
  }
  QCOMPARE(app::corporaFromFiles({tmp_.filePath("x.en"), tmp_.filePath("memory.xml"), tmp_.filePath("x.vi")}),
           (QStringList{tmp_.filePath("x.vi") + " + " + tmp_.filePath("x.en"), tmp_.filePath("memory.xml")}));
  QCOMPARE(app::corporaFromFiles({tmp_.filePath("a.src"), tmp_.filePath("a.tgt")}),
           (QStringList{tmp_.filePath("a.src") + " + " + tmp_.filePath("a.tgt")}));
  QCOMPARE(app::corporaFromFiles({tmp_.filePath("a.src"), tmp_.filePath("memory.xml")}),
           (QStringList{tmp_.filePath("a.src"), tmp_.filePath("memory.xml")}));
  // Packed with gzip (Debian's gzip program): NAME.vi.gz beside NAME.en.gz a pair, a packed TSV file a
  // corpus on its own, read as what it holds.
  QVERIFY2(!QStandardPaths::findExecutable("gzip").isEmpty(), "no gzip program");
  for (const char* name : {"x.vi", "x.en", "general.tsv", "domain.tsv"})
    QCOMPARE(QProcess::execute("gzip", {"-k", "-f", tmp_.filePath(name)}), 0);
  QCOMPARE(app::corporaFromFiles({tmp_.filePath("x.en.gz"), tmp_.filePath("x.vi.gz")}),
           (QStringList{tmp_.filePath("x.vi.gz") + " + " + tmp_.filePath("x.en.gz")}));
  QCOMPARE(app::corporaFromFiles({general + ".gz", domain + ".gz"}),
           (QStringList{general + ".gz", domain + ".gz"}));
  QCOMPARE(app::corpusKind(general + ".gz").name, QString("TSV file"));

  ui::TrainingWorkspace workspace;
  workspace.setCorpus(general);
  workspace.addCorpus(domain);
  auto* table = workspace.findChild<QTableWidget*>("Corpora");
  QVERIFY(table);
  QCOMPARE(table->rowCount(), 2);
  QCOMPARE(table->item(0, 1)->text(), QString("TSV file"));
  auto* weight = qobject_cast<QSpinBox*>(table->cellWidget(1, 2));
  QVERIFY(weight && weight->isEnabled());
  weight->setValue(3);
  QCOMPARE(workspace.dataDir(), tmp_.filePath("general-and-1-more-weighted-1-3-prepared"));
  QCOMPARE(workspace.corpus(), general + "; " + domain + QStringLiteral(" × 3"));

  // A corpus that is not there says so in its row.
  workspace.addCorpus(tmp_.filePath("missing.tsv"));
  QCOMPARE(table->item(2, 1)->text(), QString("not readable"));
  QVERIFY2(table->item(2, 1)->toolTip().contains("does not exist"), qPrintable(table->item(2, 1)->toolTip()));
  table->setCurrentCell(2, 0);
  QTest::mouseClick(workspace.findChild<QPushButton*>("Remove corpus"), Qt::LeftButton);
  QCOMPARE(table->rowCount(), 2);

  QSignalSpy errors(&workspace, &ui::TrainingWorkspace::errorOccurred);
  QTest::mouseClick(workspace.findChild<QPushButton*>("Prepare"), Qt::LeftButton);
  auto* summary = workspace.findChild<QLabel*>("Data summary");
  QTRY_VERIFY_WITH_TIMEOUT(summary->text().contains("SentencePiece vocabulary"), 60000);
  QVERIFY2(errors.isEmpty(), qPrintable(errors.isEmpty() ? QString() : errors.first().first().toString()));
  const QString text = summary->text();
  QVERIFY2(text.contains("domain.tsv (TSV, weight 3): "), qPrintable(text));
  QVERIFY2(text.contains("each trained on 3 times"), qPrintable(text));
  QVERIFY2(text.contains("(dropped: repeated 1, e.g. line 31)"), qPrintable(text));
  QVERIFY2(text.contains("(held out by hash from all the corpora)"), qPrintable(text));
  QFile train(workspace.dataDir() + "/train.vi");
  QVERIFY(train.open(QIODevice::ReadOnly));
  int lines = 0;
  QMap<QByteArray, int> domain_lines;  // each of the second corpus's training pairs, 3 times
  for (const QByteArray& line : train.readAll().split('\n')) {
    lines += !line.isEmpty();
    if (line.startsWith("In trang")) ++domain_lines[line];
  }
  QVERIFY(domain_lines.size() > 20);  // some were held out, by hash
  for (auto it = domain_lines.begin(); it != domain_lines.end(); ++it) QCOMPARE(it.value(), 3);
  QVERIFY2(text.contains(QString("Training split: %1 pairs an epoch").arg(lines)), qPrintable(text));

  // A short run on it: a dev BLEU curve for each corpus beside the whole dev's, also when the run is
  // opened again.
  workspace.setRunDir(tmp_.filePath("run-of-two-corpora"));
  useSmallModel(workspace, /*max_steps=*/4, /*eval_every=*/2);
  workspace.findChild<QSpinBox*>("Dev sentences")->setValue(6);
  workspace.startTraining();
  QTRY_VERIFY_WITH_TIMEOUT(!workspace.isTraining(), 120000);
  QVERIFY2(errors.isEmpty(), qPrintable(errors.isEmpty() ? QString() : errors.first().first().toString()));
  auto* bleu = workspace.bleuChart();
  QCOMPARE(bleu->seriesCount(), 5);  // BLEU, chrF, the original dev's, then general.tsv's and domain.tsv's
  QCOMPARE(bleu->seriesName(3), QString("BLEU, general.tsv"));
  QCOMPARE(bleu->seriesName(4), QString("BLEU, domain.tsv"));
  QCOMPARE(bleu->pointCount(3), 2);  // the evaluations at steps 2 and 4
  QCOMPARE(bleu->pointCount(4), 2);
  QVERIFY(workspace.findChild<QPlainTextEdit*>("Samples")->toPlainText().contains("dev of domain.tsv: BLEU"));
  ui::TrainingWorkspace reopened;
  QVERIFY(reopened.openRun(tmp_.filePath("run-of-two-corpora")));
  QCOMPARE(reopened.bleuChart()->seriesCount(), 5);
  QCOMPARE(reopened.bleuChart()->pointCount(4), 2);
  QCOMPARE(reopened.corpus(), general + "; " + domain + QStringLiteral(" × 3"));  // its corpora, weighed
  QCOMPARE(reopened.dataDir(), workspace.dataDir());                              // its data folder kept
}

STUDIO_TEST_MAIN_APP(TestTrainingWorkspace, QApplication)
#include "tst_trainingworkspace.moc"
