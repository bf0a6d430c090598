#pragma once

#include <QList>
#include <QMetaType>
#include <QObject>
#include <QString>
#include <QStringList>

#include "app/BackgroundJob.h"
#include "app/translation/TranslationService.h"

// Runs tested side by side: each run's best model translates the first
// run's test split (as `evaluate` does: lines split into sentences), and
// then all of them together as an ensemble (when they can be), scored
// with BLEU, chrF and TER, BLEU's 95 % interval, and a paired bootstrap test of
// each run against the first (model/evaluation/Significance.h): is the
// difference between two runs more than chance? Also the minimal pairs the
// split gives, each run's share passed and McNemar's test against the first. On a worker thread; value
// types cross the thread boundary.
namespace studio::app {

struct RunTestRow {
  QString run;    // the run folder ("" for the runs together)
  QString model;  // the model that translated (best.pt; the first run's for the runs together)
  // The runs' best models translating together, an ensemble (DecodingOptions::ensemble).
  bool together = false;
  double bleu = 0, chrf = 0;
  double ter = 0;     // lower is better
  double bleuCi = 0;  // half the width of BLEU's 95 % interval
  // Paired bootstrap resampling against the first run: -1 for the first
  // run, and for a run whose translations are the first's.
  double pValue = -1;
  int sameAsFirst = 0;  // test lines translated exactly as the first run's model does
  QList<double> bleuByCorpus;  // BLEU of each of RunTestResult::corpora's lines alone
  // Minimal pairs made of the test split (evaluation/MinimalPairs.h): the share passed (-1: the rules
  // made none), each kind's share (a line each, for a tooltip), and McNemar's exact p of the pairs
  // this run alone or the first alone passed (-1 for the first run).
  int minimalPairs = 0;
  double minimalShare = -1;
  QString minimalKinds;
  double minimalPValue = -1;
  // Wall-clock seconds its model(s) took to translate the split here (loading not counted): what a
  // smaller student saves.
  double seconds = 0;
};

struct RunTestResult {
  QString sourceFile, referenceFile;  // the first run's test split
  int lines = 0;
  // The corpora whose test lines the split holds, when it was prepared from
  // several (data::corpusSlices; those with no test line left out), by name.
  QStringList corpora;
  int beam = 4;
  bool stopped = false;  // the rows hold the runs tested before the stop
  // Each run's row, then (unless stopped first) the runs together: an
  // ensemble of their best models, when they share one SentencePiece model.
  QList<RunTestRow> rows;
  QString notTogether;  // why the runs were not tested together ("" when they were, or stopped)
};

// The test split of a run's data folder (config.json's "data"): test.vi and
// test.en. False, with `error` saying what is missing, when there is none.
bool findTestSplit(const QString& run_dir, QString* source, QString* reference, QString* error);

class RunTestSession : public QObject {
  Q_OBJECT

 public:
  explicit RunTestSession(QObject* parent = nullptr);
  ~RunTestSession() override;  // stops a test and waits for it

  bool isRunning() const;

 public Q_SLOTS:
  // Tests `runs` (the first is the one the others are compared with) with
  // `settings`' beam, length penalty and length limit.
  void start(const QStringList& runs, const studio::app::DecodeSettings& settings);
  void stop();  // after the lines being translated

 Q_SIGNALS:
  void progress(int done, int total, const QString& what);
  void finished(const studio::app::RunTestResult& result);
  void failed(const QString& message);

 private:
  BackgroundJob job_{"run-test"};
};

}  // namespace studio::app

Q_DECLARE_METATYPE(studio::app::RunTestResult)
