#include "app/training/RunHistory.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cmath>

namespace studio::app {

namespace {

// A finite number, or 0 when the field is missing, not a number or not finite.
double number(const QJsonObject& record, const char* key) {
  const double value = record[QLatin1String(key)].toDouble();
  return std::isfinite(value) ? value : 0.0;
}

// Reads one line into `line` through `buffer` (kMaxMetricsLineBytes + 2
// bytes, allocated once: QIODevice::readLine(n) reads at most n - 1); false
// when the line was longer, after reading the rest of it piece by piece.
bool readBoundedLine(QIODevice& in, QByteArray& buffer, QByteArray& line) {
  auto readPiece = [&] {
    const qint64 n = in.readLine(buffer.data(), buffer.size());
    return QByteArrayView(buffer.constData(), n > 0 ? n : 0);
  };
  const QByteArrayView first = readPiece();
  line = first.toByteArray();
  if (first.size() <= kMaxMetricsLineBytes || first.endsWith('\n')) return true;
  while (!in.atEnd()) {
    const QByteArrayView rest = readPiece();
    if (rest.isEmpty() || rest.endsWith('\n')) break;
  }
  line.clear();
  return false;
}

}  // namespace

RunHistory readRunHistory(QIODevice& metrics) {
  RunHistory history;
  QByteArray buffer(kMaxMetricsLineBytes + 2, Qt::Uninitialized), line;
  while (!metrics.atEnd()) {
    if (!readBoundedLine(metrics, buffer, line)) {
      ++history.unreadableLines;
      continue;
    }
    line = line.trimmed();
    if (line.isEmpty()) continue;
    const QJsonObject record = QJsonDocument::fromJson(line).object();
    const double step = record["step"].toDouble(-1);
    // An empty object is a line torn by a crash, or no record at all.
    if (record.isEmpty() || !(step >= 0 && step <= kMaxMetricsStep)) {
      ++history.unreadableLines;
      continue;
    }
    const auto whole_step = static_cast<qint64>(step);
    history.lastStep = std::max(history.lastStep, whole_step);
    const QString type = record["type"].toString();
    if (type == QLatin1String("train")) {
      StepProgress p;
      p.step = whole_step;
      p.loss = number(record, "loss");
      p.learningRate = number(record, "lr");
      p.tokensPerSecond = number(record, "tokens_per_s");
      p.workers = std::max(1, record["workers"].toInt(1));
      history.steps.append(p);
    } else if (type == QLatin1String("eval")) {
      EvalReport report;
      report.step = whole_step;
      report.loss = number(record, "loss");
      report.perplexity = number(record, "perplexity");
      report.tokenAccuracy = number(record, "token_accuracy");
      report.bleu = number(record, "bleu");
      if (record.contains(QLatin1String("chrf"))) report.chrf = number(record, "chrf");
      if (record.contains(QLatin1String("original_bleu"))) {
        report.originalBleu = number(record, "original_bleu");
        report.originalChrf = number(record, "original_chrf");
      }
      for (const auto& value : record["bleu_by_corpus"].toArray()) {
        const auto corpus = value.toObject();
        if (corpus["corpus"].isString() && corpus["bleu"].isDouble())
          report.bleuByCorpus.append({corpus["corpus"].toString(), corpus["bleu"].toDouble()});
      }
      report.best = record["best"].toBool();
      for (const auto& value : record["samples"].toArray()) {
        const auto sample = value.toObject();
        report.samples.append({sample["source"].toString(), sample["reference"].toString(),
                               sample["hypothesis"].toString()});
      }
      history.evals.append(report);
    }
  }
  return history;
}

std::optional<RunHistory> readRunHistory(const QString& path, QString* error) {
  QFile metrics(path);
  if (!metrics.open(QIODevice::ReadOnly)) {
    if (error) *error = metrics.errorString();
    return std::nullopt;
  }
  return readRunHistory(metrics);
}

}  // namespace studio::app
