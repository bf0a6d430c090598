#pragma once

#include <QJsonObject>
#include <QMap>
#include <QWidget>

#include "app/training/BackTranslateSession.h"
#include "app/training/DistillSession.h"
#include "app/training/PrepareSession.h"
#include "app/training/TrainingSession.h"

class QBoxLayout;
class QCheckBox;
class QComboBox;
class QFormLayout;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;
class QScrollArea;
class QSpinBox;
class QTabWidget;

namespace studio::ui {

class CorpusList;
class BackTranslationBox;
class FineTuneBox;
class FirstRunPanel;
class RunFinishedPanel;
class MetricChart;
class RunComparisonPanel;
class TeacherBox;
class TrainingSettingsForm;

// The Training workspace: data and run folders, a preset and its main
// hyperparameters, Start / Stop / Resume, live charts of loss, BLEU,
// learning rate and speed, a progress bar with an ETA, the evaluations'
// sample translations and a log.
class TrainingWorkspace : public QWidget {
  Q_OBJECT

 public:
  explicit TrainingWorkspace(QWidget* parent = nullptr);
  ~TrainingWorkspace() override;

  bool isTraining() const;
  bool isPreparing() const { return prepare_.isRunning(); }
  void setDataDir(const QString& dir);
  // The corpus to prepare (folder, TSV or TMX file, or "SOURCE + TARGET"
  // files), or one more (with its weight); Start prepares them first when the
  // data folder is not prepared yet.
  void setCorpus(const QString& corpus);
  void addCorpus(const QString& corpus, int weight = 1);
  QString corpus() const;  // the corpora for people: "A; B × 3"
  void setRunDir(const QString& dir);
  QString dataDir() const;
  QString runDir() const;
  // Stops a running training and waits for its checkpoint (window closing).
  void stopAndWait();
  // Shows a finished or stopped run's whole history from its metrics.jsonl
  // and sets the run folder to it. Returns false (and reports) when the
  // folder holds no readable metrics.
  bool openRun(const QString& dir);

  MetricChart* lossChart() const { return loss_chart_; }
  MetricChart* bleuChart() const { return bleu_chart_; }
  // Runs side by side: their curves on these charts, their settings compared.
  RunComparisonPanel* comparison() const { return comparison_; }
  bool compareWith(const QString& run_dir);
  // Marks `step` on every chart (the step the attention timelapse shows).
  void setViewedStep(qint64 step);
  // The guided first run (shown while there is no run yet).
  FirstRunPanel* firstRun() const { return first_run_; }
  RunFinishedPanel* runFinished() const { return run_finished_; }
  TeacherBox* teacher() const { return teacher_; }
  bool isDistilling() const { return distill_.isRunning(); }
  BackTranslationBox* backTranslation() const { return back_translation_; }
  bool isBackTranslating() const { return back_translate_.isRunning(); }
  // Trains the starter preset on the demo corpus into `run_dir`, preparing
  // the demo data first when needed (what the first-run button does).
  void startStarterRun(const QString& run_dir);
  // A toy task (app::toyTaskNames) as the corpus: writes its corpus when it is
  // not there yet, chooses the toy preset and one worker, a new model (no
  // model continued, no teacher), and a new run folder (toy-TASK-…). False (and reported) when the corpus
  // could not be written.
  bool chooseToyTask(const QString& task);
  // Trains the toy preset on a toy task into `run_dir`, preparing it first
  // (the first-run panel's toy button).
  void startToyRun(const QString& task, const QString& run_dir);
  // Shortens the starter's and the toy's first runs to `steps` (0: the preset's), for tests.
  void setStarterMaxSteps(qint64 steps) { starter_max_steps_ = steps; }
  // Fields of the starter's configuration the first-run button changes (its
  // JSON keys, e.g. a time budget of one minute for a test of the journey).
  void setStarterOverrides(const QJsonObject& training) { starter_overrides_ = training; }

 public Q_SLOTS:
  void startTraining();
  // A round of learning from the corrections kept for `model_path`
  // (app::prepareCorrectionsRound): fine-tuning on them, started at once.
  void startCorrectionsRound(const QString& model_path);
  void resumeTraining();
  void prepareData();
  // Has the teacher (Learn from) translate the data folder's training split
  // into the distilled data folder, preparing the data folder first when needed.
  void distilData();
  // "Train a smaller student from it": the run's best model as the teacher,
  // its data folder, a run folder beside it, and the student's shape.
  void trainStudentOf(const QString& run_dir);
  // More pairs from English text: the English → Vietnamese model translates the English files into a
  // back-translated data folder beside the data folder, which becomes the form's data folder.
  void backTranslate();
  // The finished panel's "Back-translate with it": the run's best model in More pairs from English text,
  // the data folder it learnt from, the box in view.
  void backTranslateWith(const QString& run_dir);
  void stopTraining();

 Q_SIGNALS:
  void runningChanged(bool running);
  void runDirChanged(const QString& dir);
  void stepClicked(qint64 step);  // a click on a chart
  // "Open step N's model" from a chart's menu: in Translate, or its attention.
  void openModelRequested(const QString& path, qint64 step, bool attention);
  // The finished run's "Translate with it" / "Look inside it".
  void useRunRequested(const QString& runDir, bool attention);
  void errorOccurred(const QString& message);

 private:
  void begin(bool resume);
  // The first-run buttons' runs (starter, toy) shortened to starter_max_steps_ when set (tests).
  void shortenFirstRun();
  void onStartingModelChanged(const QJsonObject& settings);
  void onTeacherChanged(const QJsonObject& student_settings);
  void onDistilled(const QString& dir);
  void onDistillProgress(qint64 done, qint64 total);
  // More pairs from English text, at the end of `layout`, and its session's signals
  // (TrainingWorkspaceBackTranslation.cpp).
  void addBackTranslation(QWidget* form, QBoxLayout* layout);
  void onBackTranslated(const QString& dir);
  QString dataDirFor(const QList<app::CorpusEntry>& corpora) const;  // where Prepare writes those corpora
  void setRunning(bool running);
  void onStep(const studio::app::StepProgress& p);
  void onEval(const studio::app::EvalReport& r);
  void showEval(const studio::app::EvalReport& r, bool log);
  void onFinished(const studio::app::FinishedReport& r);
  void onFailed(const QString& message);
  void appendLog(const QString& line);
  void connectPreparation();  // TrainingWorkspaceData.cpp
  void onPrepared(const QString& dir, const QString& summary_json);
  void offerModelAt(MetricChart* chart, double step);
  void drawComparedRuns();
  void showDataSummary();
  // A prepared data folder with the corpora it was prepared from in the list.
  void showPreparedData(const QString& dir);

  FirstRunPanel* first_run_;
  RunFinishedPanel* run_finished_;
  TrainingSettingsForm* settings_;
  FineTuneBox* fine_tune_;
  TeacherBox* teacher_ = nullptr;
  app::DistillSession distill_;
  bool distil_after_prepare_ = false;  // Distil: the data folder is prepared first
  bool start_after_distil_ = false;    // Start: the teacher translates first
  double distill_started_ = 0;         // seconds since the epoch, for the ETA
  BackTranslationBox* back_translation_ = nullptr;
  app::BackTranslateSession back_translate_;
  qint64 starter_max_steps_ = 0;
  QJsonObject starter_overrides_;
  app::TrainingSession session_;
  app::PrepareSession prepare_;
  bool start_after_prepare_ = false;
  CorpusList* corpus_;
  QPushButton* prepare_button_;
  QComboBox* encoding_;  // what a corpus file that is not UTF-8 is read in
  QCheckBox* keep_duplicates_;  // repeated pairs kept (else dropped and counted)
  QLabel* data_summary_;
  QLineEdit* data_dir_;
  QLineEdit* run_dir_;
  QComboBox* device_;
  QSpinBox* workers_;
  QPushButton* start_;
  QPushButton* stop_;
  QPushButton* resume_;
  QProgressBar* progress_;
  QLabel* status_;
  MetricChart* loss_chart_;
  MetricChart* bleu_chart_;
  MetricChart* lr_chart_;
  MetricChart* speed_chart_;
  QPlainTextEdit* samples_;
  QPlainTextEdit* log_;
  RunComparisonPanel* comparison_;
  QTabWidget* texts_;
  QScrollArea* form_scroll_ = nullptr;
  int train_loss_ = 0, dev_loss_ = 0, bleu_ = 0, chrf_ = 0, original_bleu_ = 0, lr_ = 0, speed_ = 0;
  // A data folder of several corpora: a dev BLEU series for each, by corpus
  // (added as they appear, before the compared runs' series).
  QMap<QString, int> corpus_bleu_;
  int corpusBleuSeries(const QString& corpus);
  // A fine-tune's BLEU on the original data's dev split at each evaluation, and the last best one's step:
  // what it forgot, said when the run ends.
  QMap<qint64, double> original_bleu_at_;
  qint64 last_best_step_ = -1;
  // A round of learning from corrections (startCorrectionsRound): how many, and at each evaluation how
  // many of them came out as written.
  int corrections_round_ = 0;
  QMap<qint64, int> as_written_at_;
  bool running_ = false;
};

}  // namespace studio::ui
