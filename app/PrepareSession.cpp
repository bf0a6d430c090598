#include "app/PrepareSession.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStandardPaths>
#include <QThread>

#include <sstream>

#include <nlohmann/json.hpp>

#include "model/data/Prepare.h"

namespace studio::app {

QString demoCorpusDir() {
  return QDir(QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation))
      .filePath("attention-studio/demo-corpus");
}

QString demoDataDir() {
  return QDir(QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation))
      .filePath("attention-studio/demo-data");
}

namespace {

bool isDemoCorpus(const QString& corpus) {
  return !corpus.isEmpty() && QFileInfo(corpus).absoluteFilePath() == QFileInfo(demoCorpusDir()).absoluteFilePath();
}

// A reason the corpus readers drop a pair for (model/data/Corpus.h), for people.
QString droppedReason(const QString& reason) {
  if (reason == QLatin1String("invalid_utf8")) return QObject::tr("not UTF-8");
  if (reason == QLatin1String("empty")) return QObject::tr("empty");
  if (reason == QLatin1String("too_long")) return QObject::tr("too long");
  if (reason == QLatin1String("length_ratio")) return QObject::tr("lengths too far apart");
  if (reason == QLatin1String("malformed")) return QObject::tr("malformed");
  if (reason == QLatin1String("no_vietnamese")) return QObject::tr("no Vietnamese");
  if (reason == QLatin1String("no_english")) return QObject::tr("no English");
  if (reason == QLatin1String("duplicate")) return QObject::tr("repeated");
  return reason;
}

}  // namespace

int vocabularySizeFor(const QString& corpus) {
  return isDemoCorpus(corpus) ? kDemoVocabularySize : PrepareRequest().vocabularySize;
}

QString defaultDataDirFor(const QString& corpus) {
  if (isDemoCorpus(corpus)) return demoDataDir();
  const QFileInfo info(corpus);
  return QDir(info.absolutePath()).filePath(info.completeBaseName() + "-prepared");
}

bool isPreparedDataDir(const QString& dir) {
  return !dir.isEmpty() && QFileInfo(QDir(dir).filePath("summary.json")).isFile() &&
         QFileInfo(QDir(dir).filePath("spm.model")).isFile();
}

QString describePreparedData(const QString& summary_json) {
  const auto summary = QJsonDocument::fromJson(summary_json.toUtf8()).object();
  QStringList lines;
  const auto read = summary["read"].toObject();
  if (summary["format"].toString() == QLatin1String("tmx"))
    lines << QObject::tr(
        "Read as a translation memory (TMX): a pair from each unit with a Vietnamese and an "
        "English variant");
  for (const QString& split : {QStringLiteral("train"), QStringLiteral("dev"), QStringLiteral("test")}) {
    const auto s = read[split].toObject();
    if (s.isEmpty()) continue;
    QStringList dropped;
    const auto reasons = s["dropped"].toObject();
    const auto first_lines = s["first_dropped_lines"].toObject();
    for (auto it = reasons.begin(); it != reasons.end(); ++it) {
      const auto where = first_lines[it.key()].toArray();
      dropped << (where.isEmpty()
                      ? QStringLiteral("%1 %2").arg(droppedReason(it.key())).arg(it.value().toInteger())
                      : QObject::tr("%1 %2, e.g. line %3")
                            .arg(droppedReason(it.key()))
                            .arg(it.value().toInteger())
                            .arg(where.first().toInteger()));
    }
    lines << QObject::tr("%1: %2 pairs kept of %3%4")
                 .arg(split)
                 .arg(s["kept"].toInteger())
                 .arg(s["read"].toInteger())
                 .arg(dropped.isEmpty()
                          ? QString()
                          : QObject::tr(" (dropped: %1)").arg(dropped.join(QStringLiteral("; "))));
    const auto decoded = s["decoded"].toObject();
    for (const auto& file : decoded["files"].toArray())
      lines << QObject::tr("  %1 read as %2")
                   .arg(QFileInfo(file.toString()).fileName(), decoded["encoding"].toString());
    if (s.contains("hint")) lines << "  " + s["hint"].toString();
  }
  const auto spm = summary["sentencepiece"].toObject();
  if (spm.contains("vocab_size")) lines << QObject::tr("SentencePiece vocabulary: %1").arg(spm["vocab_size"].toInt());
  const auto preview = summary["batching_preview"].toObject();
  if (preview.contains("padding_ratio"))
    lines << QObject::tr("Padding in %1-token batches: %2 %")
                 .arg(preview["max_tokens"].toInt())
                 .arg(100 * preview["padding_ratio"].toDouble(), 0, 'f', 1);
  return lines.join('\n');
}

PrepareSession::PrepareSession(QObject* parent) : QObject(parent) {}

PrepareSession::~PrepareSession() {
  if (thread_) {
    thread_->wait();
    delete thread_;
  }
}

bool PrepareSession::isRunning() const { return thread_ && thread_->isRunning(); }

void PrepareSession::start(const PrepareRequest& request) {
  if (isRunning()) {
    Q_EMIT failed(tr("A data preparation is already running."));
    return;
  }
  if (thread_) {
    thread_->wait();
    delete thread_;
    thread_ = nullptr;
  }
  thread_ = QThread::create([this, request]() {
    std::ostringstream log;
    try {
      data::PrepareOptions options;
      options.corpus = request.corpus.toStdString();
      options.src = request.source.toStdString();
      options.tgt = request.target.toStdString();
      if (!options.src.empty()) options.format = data::CorpusFormat::Parallel;
      options.out_dir = request.outDir.toStdString();
      options.tokenizer.vocab_size = request.vocabularySize;
      options.filter.dedupe = !request.keepDuplicates;
      options.spm_model = request.sentencePieceModel.toStdString();
      if (!request.encoding.isEmpty()) {
        options.filter.encoding = model::parseLegacyEncoding(request.encoding.toStdString());
        if (!options.filter.encoding)
          throw std::invalid_argument("unknown encoding '" + request.encoding.toStdString() + "'");
      }
      const auto summary = data::prepareData(options, log);
      Q_EMIT logText(QString::fromStdString(log.str()));
      Q_EMIT finished(request.outDir, QString::fromStdString(summary.dump()));
    } catch (const std::exception& e) {
      Q_EMIT logText(QString::fromStdString(log.str()));
      Q_EMIT failed(QString::fromUtf8(e.what()));
    }
  });
  thread_->start();
}

}  // namespace studio::app
