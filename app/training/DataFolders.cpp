#include "app/training/DataFolders.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStandardPaths>

#include "app/training/PrepareSession.h"
#include "model/data/Prepare.h"
#include "model/data/TmxFile.h"
#include "model/data/ToyTasks.h"
#include "model/data/ZipCorpus.h"

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
  return !corpus.isEmpty() &&
         QFileInfo(corpus).absoluteFilePath() == QFileInfo(demoCorpusDir()).absoluteFilePath();
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
  if (reason == QLatin1String("held_out")) return QObject::tr("in dev or test");
  return reason;
}

}  // namespace

static_assert(kMaxCorpusWeight == data::kMaxCorpusWeight);

CorpusEntry corpusEntry(const QString& text, int weight) {
  CorpusEntry entry;
  entry.weight = weight;
  if (text.contains(QLatin1String(" + "))) {
    entry.path = text.section(QLatin1String(" + "), 0, 0).trimmed();
    entry.target = text.section(QLatin1String(" + "), 1).trimmed();
  } else {
    entry.path = text.trimmed();
  }
  return entry;
}

namespace {

// A file that is a corpus on its own: a TMX file, or TSV (a TAB on its first line).
bool isCorpusOnItsOwn(const QString& path) {
  const std::string file = path.toStdString();
  if (data::isZipFile(file) || data::looksLikeTmx(file)) return true;
  const std::string head = data::corpusFileHead(file, 64 * 1024);  // its first lines unpacked
  return head.substr(0, head.find('\n')).find('\t') != std::string::npos;
}

// The file of the other language beside NAME.vi or NAME.en (packed or not:
// NAME.vi.gz beside NAME.en.gz); "" for other names.
QString otherLanguageFile(const QString& file, const QString& from, const QString& to) {
  const bool packed = file.endsWith(QLatin1String(".gz"));
  const QString name = packed ? file.chopped(3) : file;
  if (!name.endsWith(from)) return {};
  return name.chopped(from.size()) + to + (packed ? QStringLiteral(".gz") : QString());
}

}  // namespace

QStringList corporaFromFiles(const QStringList& files) {
  QStringList corpora, rest;
  for (const QString& file : files) {
    const QString vi = otherLanguageFile(file, ".en", ".vi"), en = otherLanguageFile(file, ".vi", ".en");
    if (!vi.isEmpty() && files.contains(vi)) continue;  // with its .vi
    if (!en.isEmpty() && files.contains(en))
      corpora << file + " + " + en;
    else
      rest << file;
  }
  if (corpora.isEmpty() && rest.size() == 2 && !isCorpusOnItsOwn(rest[0]) && !isCorpusOnItsOwn(rest[1]))
    return {rest[0] + " + " + rest[1]};
  return corpora + rest;
}

CorpusKind corpusKind(const QString& text) {
  const CorpusEntry entry = corpusEntry(text);
  data::CorpusSource source;
  if (entry.target.isEmpty()) {
    source.path = entry.path.toStdString();
  } else {
    source.src = entry.path.toStdString();
    source.tgt = entry.target.toStdString();
    if (!data::isCorpusFile(source.src) || !data::isCorpusFile(source.tgt))
      return {QObject::tr("not found"),
              QObject::tr("'%1' or '%2' is not a file").arg(entry.path, entry.target),
              {}};
  }
  try {
    const data::CorpusLocation where = data::locateCorpus(source);
    const QString inside = QString::fromStdString(where.inside_zip);
    const auto zipped = [&](const QString& kind) -> CorpusKind {
      if (inside.isEmpty()) return {kind, {}, {}};
      return {QObject::tr("zip file: %1").arg(kind), {}, inside};
    };
    switch (where.format) {
      case data::CorpusFormat::Split:
        if (const QString toy = toyTaskOf(entry.path); !toy.isEmpty())
          return {QObject::tr("toy task: %1").arg(toyTaskLabel(toy)), {}, {}};
        return zipped(isDemoCorpus(entry.path) ? QObject::tr("demo corpus")
                                               : QObject::tr("folder of splits"));
      case data::CorpusFormat::Iwslt:
        return zipped(QObject::tr("IWSLT'15 folder"));
      case data::CorpusFormat::Parallel:
        return zipped(QObject::tr("two aligned files"));
      case data::CorpusFormat::Tsv:
        return zipped(QObject::tr("TSV file"));
      case data::CorpusFormat::Tmx:
        return zipped(QObject::tr("translation memory (TMX)"));
      case data::CorpusFormat::Auto:
        break;
    }
  } catch (const std::exception& e) {
    return {QObject::tr("not readable"), QString::fromUtf8(e.what()), {}};
  }
  return {};
}

QString shortCorpusName(const QString& corpus) {
  QStringList names;
  for (const QString& part : corpus.split(QLatin1String(" + ")))
    names << QFileInfo(part.trimmed()).fileName();
  return names.join(QLatin1String(" + "));
}

int vocabularySizeFor(const QString& corpus) {
  if (const auto toy = data::toyCorpusAt(corpus.toStdString()); toy && toy->vocab_size > 0)
    return toy->vocab_size;
  return isDemoCorpus(corpus) ? kDemoVocabularySize : PrepareRequest().vocabularySize;
}

QString sentencePieceTypeFor(const QList<CorpusEntry>& corpora) {
  const auto toy = corpora.size() == 1 && corpora[0].target.isEmpty()
                       ? data::toyCorpusAt(corpora[0].path.toStdString())
                       : std::nullopt;
  return QString::fromStdString(toy ? toy->model_type : "unigram");
}

QStringList toyTaskNames() {
  QStringList names;
  for (const auto& task : data::toyTasks()) names << QString::fromStdString(task.name);
  return names;
}

QString toyCorpusDir(const QString& task) {
  return QDir(QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation))
      .filePath("attention-studio/toy-corpora/" + task);
}

QString writeToyCorpus(const QString& task) {
  const QString dir = toyCorpusDir(task);
  if (toyTaskOf(dir) == task && QFileInfo(QDir(dir).filePath("train.vi")).isFile()) return dir;
  data::ToyCorpusOptions options;
  options.task = task.toStdString();
  data::writeToyCorpus(options, dir.toStdString());
  return dir;
}

QString toyTaskLabel(const QString& task) {
  if (task == QLatin1String("reverse")) return QObject::tr("Reverse letters");
  if (task == QLatin1String("copy")) return QObject::tr("Copy letters");
  if (task == QLatin1String("sort")) return QObject::tr("Sort letters");
  if (task == QLatin1String("phrases")) return QObject::tr("Vietnamese phrases");
  return task;
}

QString toyTaskDescription(const QString& task) {
  if (task == QLatin1String("reverse"))
    return QObject::tr("\"a c b\" becomes \"b c a\": the cross-attention forms an anti-diagonal.");
  if (task == QLatin1String("copy"))
    return QObject::tr("\"a c b\" stays \"a c b\": the cross-attention forms a diagonal.");
  if (task == QLatin1String("sort"))
    return QObject::tr("\"c a b\" becomes \"a b c\": each output letter finds where it stands in the input.");
  if (task == QLatin1String("phrases"))
    return QObject::tr(
        "\"tôi thấy hai con mèo đen này\" becomes \"I see these two black cats\": adjectives and "
        "this/that change places, verbs agree with their subject.");
  return {};
}

QString toyTaskOf(const QString& corpus) {
  const auto toy = data::toyCorpusAt(corpus.toStdString());
  return toy ? QString::fromStdString(toy->task) : QString();
}

int vocabularySizeFor(const QList<CorpusEntry>& corpora) {
  return corpora.size() == 1 && corpora[0].target.isEmpty() ? vocabularySizeFor(corpora[0].path)
                                                            : PrepareRequest().vocabularySize;
}

QString defaultDataDirFor(const QString& corpus) {
  if (isDemoCorpus(corpus)) return demoDataDir();
  const QFileInfo info(corpus);
  return QDir(info.absolutePath()).filePath(info.completeBaseName() + "-prepared");
}

QString defaultDataDirFor(const QList<CorpusEntry>& corpora) {
  if (corpora.isEmpty()) return {};
  if (corpora.size() == 1) return defaultDataDirFor(corpora[0].path);
  const QFileInfo info(corpora[0].path);
  QString name = info.completeBaseName() + QStringLiteral("-and-%1-more").arg(corpora.size() - 1);
  QStringList weights;
  bool weighted = false;
  for (const auto& c : corpora) {
    weights << QString::number(c.weight);
    weighted = weighted || c.weight != 1;
  }
  if (weighted) name += "-weighted-" + weights.join('-');
  return QDir(info.absolutePath()).filePath(name + "-prepared");
}

QList<CorpusEntry> preparedCorpora(const QString& data_dir) {
  QString dir = data_dir;
  QJsonObject summary;
  for (int hop = 0;; ++hop) {
    QFile file(QDir(dir).filePath("summary.json"));
    if (dir.isEmpty() || !file.open(QIODevice::ReadOnly)) return {};
    summary = QJsonDocument::fromJson(file.readAll()).object();
    // A distilled folder (distill, Learn from): its sentences came from the folder the teacher
    // translated, whose corpora they are (followed a few folders back at most).
    const QString from = summary["distillation"].toObject()["data"].toString();
    if (from.isEmpty() || hop == 4 || QFileInfo(from) == QFileInfo(dir)) break;
    dir = from;
  }
  QList<CorpusEntry> corpora;
  for (const auto& value : summary["corpora"].toArray()) {
    const auto c = value.toObject();
    const int weight = std::max(1, c["weight"].toInt(1));
    if (c["path"].isString()) {  // where it is, whatever the folder the app runs in
      corpora << CorpusEntry{c["path"].toString(), QString(), weight};
    } else if (c["src"].isString() && c["tgt"].isString()) {
      corpora << CorpusEntry{c["src"].toString(), c["tgt"].toString(), weight};
    } else if (c["corpus"].isString()) {  // a folder prepared before the paths were written
      corpora << corpusEntry(c["corpus"].toString(), weight);
    }
  }
  if (corpora.isEmpty() && summary["corpus"].isString() && !summary["corpus"].toString().isEmpty())
    corpora << corpusEntry(summary["corpus"].toString());  // a folder prepared before the corpora were listed
  return corpora;
}

bool isPreparedDataDir(const QString& dir) {
  return !dir.isEmpty() && QFileInfo(QDir(dir).filePath("summary.json")).isFile() &&
         QFileInfo(QDir(dir).filePath("spm.model")).isFile();
}

namespace {

// One corpus's read summaries (summary.json's "read"): a line a split, its
// pairs kept and dropped by reason, indented by `indent`.
void describeReads(const QJsonObject& read, const QString& indent, QStringList& lines) {
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
    lines << indent + QObject::tr("%1: %n pair(s) kept of %2%3", "", int(s["kept"].toInteger()))
                          .arg(split)
                          .arg(s["read"].toInteger())
                          .arg(dropped.isEmpty()
                                   ? QString()
                                   : QObject::tr(" (dropped: %1)").arg(dropped.join(QStringLiteral("; "))));
    const auto decoded = s["decoded"].toObject();
    for (const auto& file : decoded["files"].toArray())
      lines << indent + QObject::tr("  %1 read as %2")
                            .arg(QFileInfo(file.toString()).fileName(), decoded["encoding"].toString());
    if (s.contains("hint")) lines << indent + "  " + s["hint"].toString();
  }
}

// summary.json's name of a corpus format, for people.
QString formatName(const QString& format) {
  if (format == QLatin1String("tsv")) return QStringLiteral("TSV");
  if (format == QLatin1String("tmx")) return QStringLiteral("TMX");
  if (format == QLatin1String("iwslt")) return QStringLiteral("IWSLT'15");
  if (format == QLatin1String("split")) return QObject::tr("folder of splits");
  if (format == QLatin1String("parallel")) return QObject::tr("two aligned files");
  return format;
}

}  // namespace

QString describePreparedData(const QString& summary_json) {
  const auto summary = QJsonDocument::fromJson(summary_json.toUtf8()).object();
  QStringList lines;
  const auto corpora = summary["corpora"].toArray();
  if (corpora.size() > 1) {
    // Several corpora: each one's reading, then what the training split holds.
    qint64 trained = 0;
    for (const auto& value : corpora) {
      const auto c = value.toObject();
      const qint64 pairs = c["train_pairs"].toInteger(), weight = c["weight"].toInteger(1);
      trained += pairs * weight;
      lines << (weight > 1
                    ? QObject::tr("%1 (%2, weight %3): %4 training pairs, each trained on %3 times")
                          .arg(shortCorpusName(c["corpus"].toString()), formatName(c["format"].toString()))
                          .arg(weight)
                          .arg(pairs)
                    : QObject::tr("%1 (%2): %3 training pairs")
                          .arg(shortCorpusName(c["corpus"].toString()), formatName(c["format"].toString()))
                          .arg(pairs));
      describeReads(c["read"].toObject(), QStringLiteral("  "), lines);
    }
    lines << QObject::tr("Training split: %1 pairs an epoch; dev %2, test %3%4")
                 .arg(trained)
                 .arg(summary["splits"].toObject()["dev"].toObject()["pairs"].toInteger())
                 .arg(summary["splits"].toObject()["test"].toObject()["pairs"].toInteger())
                 .arg(summary["held_out_by_hash"].toBool()
                          ? QObject::tr(" (held out by hash from all the corpora)")
                          : QString());
  } else {
    if (summary["format"].toString() == QLatin1String("tmx"))
      lines << QObject::tr(
          "Read as a translation memory (TMX): a pair from each unit with a Vietnamese and an "
          "English variant");
    describeReads(summary["read"].toObject(), QString(), lines);
    // What the reading left in each split (a corpus without its own dev and test gives them up by hash).
    const auto splits = summary["splits"].toObject();
    if (splits.contains("train"))
      lines << QObject::tr("Splits: %1 pairs for training, dev %2, test %3%4")
                   .arg(splits["train"].toObject()["pairs"].toInteger())
                   .arg(splits["dev"].toObject()["pairs"].toInteger())
                   .arg(splits["test"].toObject()["pairs"].toInteger())
                   .arg(summary["held_out_by_hash"].toBool() ? QObject::tr(" (held out by hash)")
                                                             : QString());
  }
  for (const auto& warning : summary["warnings"].toArray())
    lines << QObject::tr("Warning: %1").arg(warning.toString());
  const auto spm = summary["sentencepiece"].toObject();
  if (spm.contains("vocab_size"))
    lines << (spm["model_type"].toString() == QLatin1String("bpe")
                  ? QObject::tr("SentencePiece vocabulary: %1 (BPE)").arg(spm["vocab_size"].toInt())
                  : QObject::tr("SentencePiece vocabulary: %1").arg(spm["vocab_size"].toInt()));
  const auto preview = summary["batching_preview"].toObject();
  if (preview.contains("padding_ratio"))
    lines << QObject::tr("Padding in %1-token batches: %2 %")
                 .arg(preview["max_tokens"].toInt())
                 .arg(100 * preview["padding_ratio"].toDouble(), 0, 'f', 1);
  return lines.join('\n');
}

}  // namespace studio::app
