#pragma once

#include <QColor>
#include <QDateTime>
#include <QList>
#include <QMap>
#include <QWidget>

#include <optional>

#include "app/training/RunComparison.h"
#include "app/training/RunTestSession.h"

class QCheckBox;
class QLabel;
class QPushButton;
class QTimer;
class QTableWidget;

namespace studio::ui {

// Runs side by side: the runs compared with the workspace's own, a colour
// each (their curves are drawn in it on every chart), and their settings in
// a table, the ones that differ highlighted and first. "Test on the test
// split" translates this run's test split with each run's best model: the
// table's first rows then hold each run's test BLEU with its 95 % interval,
// its chrF, and whether its BLEU differs from this run's by more than chance,
// and a last column the runs' models translating together (an ensemble).
class RunComparisonPanel : public QWidget {
  Q_OBJECT

 public:
  explicit RunComparisonPanel(QWidget* parent = nullptr);

  void setCurrentRun(const QString& dir);  // the first column
  bool addRun(const QString& dir);         // false (errorOccurred) when it cannot be read
  void removeRun(int index);               // of runs()
  // Reads again each compared run whose metrics.jsonl changed since it was
  // read (a run still training, in another window or a terminal, grows on
  // the charts); runsChanged when one did. A run whose file can no longer
  // be read keeps what was read. Every two seconds while runs are compared.
  bool refresh();
  const QList<app::ComparedRun>& runs() const { return runs_; }
  QStringList differing() const;  // between the current run and the compared ones
  // The legend's words for runs()[index]: its name and what differs.
  QString legendName(int index) const;
  static QColor runColor(int index);
  QTableWidget* table() const { return table_; }
  // Tests this run and the compared ones (RunTestSession); testFinished or
  // errorOccurred when done. Stops a test running.
  void testRuns();
  const QMap<QString, app::RunTestRow>& testResults() const { return tested_; }  // by run folder
  const std::optional<app::RunTestRow>& togetherResult() const { return together_; }
  bool isTesting() const { return session_.isRunning(); }

 Q_SIGNALS:
  void runsChanged();
  void errorOccurred(const QString& message);
  void testFinished(const studio::app::RunTestResult& result);

 private:
  // What a run's metrics.jsonl was when it was read: a new size or time means read it again.
  struct FileStamp {
    qint64 size = -1;
    QDateTime modified;
    bool operator==(const FileStamp& other) const { return size == other.size && modified == other.modified; }
  };
  static FileStamp stampOf(const QString& dir);

  void fillTable();
  bool showsTest() const;         // the last test was against this run
  int fillTestRows(int columns);  // the test's rows at the top; how many
  void showTestResult(const app::RunTestResult& result);
  QList<app::ComparedRun> everyRun() const;

  app::ComparedRun current_;
  QList<app::ComparedRun> runs_;
  QList<FileStamp> stamps_;  // runs_'s, in the same order
  QTimer* poll_;
  QCheckBox* only_differences_;
  QTableWidget* table_;
  QPushButton* test_;
  QLabel* test_status_;
  app::RunTestSession session_;
  QMap<QString, app::RunTestRow> tested_;  // the last test's rows, by run folder
  std::optional<app::RunTestRow> together_;  // the last test's runs together, when they could be
  QString tested_against_;                 // the run the last test compared with
  QStringList tested_corpora_;             // the corpora of its test split, when several
};

}  // namespace studio::ui
