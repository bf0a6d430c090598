#pragma once

#include <QJsonObject>
#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>

#include <optional>

#include "app/training/RunHistory.h"

// Runs side by side: each run's history and configuration, and which
// settings differ between them.
namespace studio::app {

struct ComparedRun {
  QString dir;
  QString name;                    // the folder's name
  RunHistory history;              // metrics.jsonl
  QMap<QString, QString> settings;  // config.json's "training", flattened: "model.d_model" -> "128"
};

// Reads a run folder's metrics.jsonl and config.json; nullopt with `error`
// naming what is missing.
std::optional<ComparedRun> readComparedRun(const QString& dir, QString* error);

// {"model": {"d_model": 128}, "probes": [...]} -> {"model.d_model": "128", "probes": "[...]"}.
QMap<QString, QString> flattenSettings(const QJsonObject& training);

// The settings whose values are not the same in every run (a setting a
// run lacks counts as different): the model's shape and the optimisation
// first, then the rest by name.
QStringList differingSettings(const QList<ComparedRun>& runs);

// What sets `run` apart from `reference`, for a legend: "schedule cosine,
// learning_rate 0.002, …" (at most `limit` settings, in the order of
// differingSettings); "same settings" when nothing differs.
QString describeDifferences(const ComparedRun& run, const ComparedRun& reference, int limit = 2);

}  // namespace studio::app
