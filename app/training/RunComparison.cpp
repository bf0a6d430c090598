#include "app/training/RunComparison.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>

#include <algorithm>
#include <set>

#include <nlohmann/json.hpp>

#include "model/training/TrainingConfig.h"

namespace studio::app {

namespace {

void flatten(const QJsonObject& object, const QString& prefix, QMap<QString, QString>& out) {
  for (auto it = object.begin(); it != object.end(); ++it) {
    const QString key = prefix.isEmpty() ? it.key() : prefix + "." + it.key();
    const QJsonValue& v = it.value();
    if (v.isObject()) {
      flatten(v.toObject(), key, out);
    } else if (v.isArray()) {
      out[key] = QString::fromUtf8(QJsonDocument(v.toArray()).toJson(QJsonDocument::Compact));
    } else if (v.isBool()) {
      out[key] = v.toBool() ? "true" : "false";
    } else if (v.isDouble()) {
      out[key] = QString::number(v.toDouble(), 'g', 10);
    } else {
      out[key] = v.toVariant().toString();
    }
  }
}

}  // namespace

QMap<QString, QString> flattenSettings(const QJsonObject& training) {
  QMap<QString, QString> out;
  flatten(training, {}, out);
  return out;
}

std::optional<ComparedRun> readComparedRun(const QString& dir, QString* error) {
  QString why;
  auto history = readRunHistory(QDir(dir).filePath("metrics.jsonl"), &why);
  if (!history) {
    if (error) *error = QObject::tr("'%1' cannot be compared: %2").arg(dir, why);
    return std::nullopt;
  }
  ComparedRun run;
  run.dir = QFileInfo(dir).absoluteFilePath();
  run.name = QFileInfo(run.dir).fileName();
  run.history = *history;
  QFile config(QDir(dir).filePath("config.json"));
  if (config.open(QIODevice::ReadOnly)) {
    QJsonParseError parse;
    const auto json = QJsonDocument::fromJson(config.readAll(), &parse);
    if (parse.error != QJsonParseError::NoError) {
      if (error) *error = QObject::tr("'%1': %2").arg(config.fileName(), parse.errorString());
      return std::nullopt;
    }
    // Through the engine: settings a run's version did not write yet take
    // their defaults, so that they do not show as differences.
    QJsonObject training = json.object()["training"].toObject();
    try {
      const auto config = model::trainingConfigFromJson(
          nlohmann::json::parse(QJsonDocument(training).toJson(QJsonDocument::Compact).toStdString()));
      training = QJsonDocument::fromJson(QByteArray::fromStdString(model::toJson(config).dump())).object();
    } catch (const std::exception&) {
      // Kept as written: a configuration this build cannot read is still worth showing.
    }
    run.settings = flattenSettings(training);
    // The data folder it trained on, by name: a student beside its teacher, a corpus beside another.
    const QString data = json.object()["data"].toString();
    if (!data.isEmpty()) run.settings["data"] = QFileInfo(data).fileName();
  }
  return run;
}

namespace {
// The settings a reader looks at first, in this order; the rest follow sorted.
int priority(const QString& key) {
  static const QStringList first{"data",          "model.encoder_layers", "model.decoder_layers",
                                 "model.d_model", "model.heads",          "model.d_ff",
                                 "schedule",      "learning_rate",        "noam_factor",
                                 "warmup_steps",  "max_tokens",           "label_smoothing",
                                 "subword_alpha", "mixed_precision",      "model.dropout",
                                 "max_steps"};
  const auto at = first.indexOf(key);
  return at < 0 ? int(first.size()) : int(at);
}
}  // namespace

QStringList differingSettings(const QList<ComparedRun>& runs) {
  std::set<QString> keys;
  for (const auto& r : runs)
    for (auto it = r.settings.begin(); it != r.settings.end(); ++it) keys.insert(it.key());
  QStringList out;
  for (const QString& key : keys) {
    bool same = true;
    for (const auto& r : runs) same = same && r.settings.contains(key) && r.settings[key] == runs.first().settings.value(key);
    if (!same) out << key;
  }
  std::stable_sort(out.begin(), out.end(), [](const QString& a, const QString& b) { return priority(a) < priority(b); });
  return out;
}

QString describeDifferences(const ComparedRun& run, const ComparedRun& reference, int limit) {
  QStringList parts;
  for (const QString& key : differingSettings({reference, run})) {
    if (parts.size() == limit) {
      parts << QStringLiteral("…");
      break;
    }
    const QString name = key.startsWith("model.") ? key.mid(6) : key;
    parts << QStringLiteral("%1 %2").arg(name, run.settings.value(key, QObject::tr("(none)")));
  }
  return parts.isEmpty() ? QObject::tr("same settings") : parts.join(", ");
}

}  // namespace studio::app
