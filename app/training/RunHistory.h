#pragma once

#include <QIODevice>
#include <QList>
#include <QString>

#include <optional>

#include "app/training/TrainingSession.h"

// What a run folder's metrics.jsonl says happened: the training records and
// the evaluations, for the charts of an opened run. The file may come from a
// crash (a torn last line) or from a stranger: lines that are not a record are
// counted, not shown, and nothing read is trusted for a size.
namespace studio::app {

struct RunHistory {
  QList<StepProgress> steps;  // "type": "train" records, in file order
  QList<EvalReport> evals;    // "type": "eval" records, in file order
  qint64 lastStep = 0;        // the highest step of any record
  int unreadableLines = 0;    // torn, not JSON, not an object, or a step out of range
};

// Lines longer than this are skipped (counted unreadable) without being held
// in memory whole; a real record is a few kilobytes with its samples.
inline constexpr qint64 kMaxMetricsLineBytes = 1 << 20;
// Steps beyond this are not a step a run could have reached.
inline constexpr double kMaxMetricsStep = 1e15;

RunHistory readRunHistory(QIODevice& metrics);

// Opens `path` (a metrics.jsonl); nullopt with `error` set when it cannot.
std::optional<RunHistory> readRunHistory(const QString& path, QString* error);

}  // namespace studio::app
