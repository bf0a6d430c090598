#pragma once

#include <QColor>
#include <QDateTime>
#include <QList>
#include <QWidget>

#include "app/RunComparison.h"

class QCheckBox;
class QTimer;
class QTableWidget;

namespace studio::ui {

// Runs side by side: the runs compared with the workspace's own, a colour
// each (their curves are drawn in it on every chart), and their settings in
// a table, the ones that differ highlighted and first.
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

 Q_SIGNALS:
  void runsChanged();
  void errorOccurred(const QString& message);

 private:
  // What a run's metrics.jsonl was when it was read: a new size or time means read it again.
  struct FileStamp {
    qint64 size = -1;
    QDateTime modified;
    bool operator==(const FileStamp& other) const { return size == other.size && modified == other.modified; }
  };
  static FileStamp stampOf(const QString& dir);

  void fillTable();
  QList<app::ComparedRun> everyRun() const;

  app::ComparedRun current_;
  QList<app::ComparedRun> runs_;
  QList<FileStamp> stamps_;  // runs_'s, in the same order
  QTimer* poll_;
  QCheckBox* only_differences_;
  QTableWidget* table_;
};

}  // namespace studio::ui
