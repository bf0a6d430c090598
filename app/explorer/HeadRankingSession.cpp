#include "app/explorer/HeadRankingSession.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include "app/translation/OpenModel.h"
#include "app/translation/ShortlistSession.h"
#include "model/data/Text.h"
#include "model/decoding/DecodingDevice.h"
#include "model/decoding/HeadImportance.h"
#include "model/decoding/Translator.h"
#include "model/files/AtomicFile.h"

namespace studio::app {

namespace {

QStringList readLines(const QString& path, int limit) {
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly | QIODevice::Text))
    throw std::runtime_error(QString("cannot read '%1': %2").arg(path, file.errorString()).toStdString());
  QStringList lines;
  while (!file.atEnd() && (limit <= 0 || lines.size() < limit)) {
    QString line = QString::fromUtf8(file.readLine());
    while (line.endsWith('\n') || line.endsWith('\r')) line.chop(1);
    lines << line;
  }
  return lines;
}

AttentionView::Kind viewKind(model::AttentionKind kind) {
  return kind == model::AttentionKind::EncoderSelf   ? AttentionView::Kind::EncoderSelf
         : kind == model::AttentionKind::DecoderSelf ? AttentionView::Kind::DecoderSelf
                                                     : AttentionView::Kind::Cross;
}

QString kindName(AttentionView::Kind kind) {
  return kind == AttentionView::Kind::EncoderSelf ? "enc" : kind == AttentionView::Kind::DecoderSelf ? "dec" : "cross";
}

}  // namespace

HeadRanking headRankingFrom(const model::HeadImportance& result, const QString& model_path, const QString& source,
                            const QString& reference) {
  HeadRanking ranking;
  ranking.modelPath = model_path;
  ranking.sourceFile = source;
  ranking.referenceFile = reference;
  ranking.sentences = int(result.sentences);
  ranking.bleu = result.bleu;
  ranking.loss = result.loss;
  ranking.stopped = result.stopped;
  for (const auto& h : result.heads)
    ranking.heads << RankedHead{viewKind(h.head.kind), int(h.head.layer), int(h.head.head),
                                h.bleu,                h.loss,           h.bleu_drop, h.loss_rise};
  return ranking;
}

QString saveHeadRanking(const HeadRanking& r) {
  QDir dir = QFileInfo(r.modelPath).dir();
  if (dir.dirName() == "checkpoints") dir.cdUp();
  if (!QFileInfo::exists(dir.filePath("config.json"))) return {};
  QJsonArray heads;
  for (const auto& h : r.heads)
    heads.append(QJsonObject{{"kind", kindName(h.kind)}, {"layer", h.layer}, {"head", h.head}, {"bleu", h.bleu},
                             {"loss", h.loss}, {"bleu_drop", h.bleuDrop}, {"loss_rise", h.lossRise}});
  const QJsonObject json{{"model", r.modelPath}, {"source", r.sourceFile}, {"reference", r.referenceFile},
                         {"sentences", r.sentences}, {"bleu", r.bleu}, {"loss", r.loss}, {"seconds", r.seconds},
                         {"stopped", r.stopped}, {"heads", heads}};
  QJsonObject with_pruning = json;
  if (!r.pruning.isEmpty()) {
    QJsonArray pruning;
    for (const auto& p : r.pruning)
      pruning.append(QJsonObject{{"heads_left", p.headsLeft}, {"bleu", p.bleu}, {"loss", p.loss}});
    with_pruning["pruning"] = pruning;
  }
  const QString path = dir.filePath("head-importance.json");
  model::writeFileAtomically(path.toStdString(), QJsonDocument(with_pruning).toJson().toStdString());
  return path;
}

bool findDevSplit(const QString& model_path, QString* source, QString* reference) {
  const QString data = trainingDataOf(model_path);
  const QString vi = QDir(data).filePath("dev.vi"), en = QDir(data).filePath("dev.en");
  if (data.isEmpty() || !QFileInfo::exists(vi) || !QFileInfo::exists(en)) return false;
  *source = vi;
  *reference = en;
  return true;
}

SentencePairs readSentencePairs(const QString& model_path, QString* source, QString* reference, int limit) {
  if (source->isEmpty() && !findDevSplit(model_path, source, reference))
    throw std::runtime_error(QCoreApplication::translate("studio::app::HeadRankingSession",
                                                         "No dev sentences: the model's run folder names no data "
                                                         "folder with dev.vi and dev.en. Choose the files.")
                                 .toStdString());
  const QStringList sources = readLines(*source, limit), references = readLines(*reference, limit);
  if (sources.size() != references.size() || sources.isEmpty())
    throw std::runtime_error(
        QString("'%1' and '%2' do not hold the same number of lines").arg(*source, *reference).toStdString());
  SentencePairs pairs;
  for (const auto& s : sources) pairs.sources.push_back(data::normalizeWhitespace(s.toStdString()));
  for (const auto& r : references) pairs.references.push_back(r.toStdString());
  return pairs;
}

HeadRankingSession::HeadRankingSession(QObject* parent) : QObject(parent) { qRegisterMetaType<HeadRanking>(); }

HeadRankingSession::~HeadRankingSession() = default;  // the job stops and waits

bool HeadRankingSession::isRunning() const { return job_.isRunning(); }

void HeadRankingSession::stop() { job_.stop(); }

void HeadRankingSession::start(const HeadRankingRequest& request) {
  const bool started = job_.start([this, request](BackgroundJob::Control& job) {
    try {
      QElapsedTimer timer;
      timer.start();
      QString error;
      HeadRanking ranking;
      ranking.modelPath = resolveModelSource(request.model, &error);
      if (ranking.modelPath.isEmpty()) throw std::runtime_error(error.toStdString());
      ranking.sourceFile = request.sourceFile;
      ranking.referenceFile = request.referenceFile;
      const auto pairs = readSentencePairs(ranking.modelPath, &ranking.sourceFile, &ranking.referenceFile,
                                           request.sentences);
      const auto& src = pairs.sources;
      const auto& ref = pairs.references;
      auto translator = openTranslator(ranking.modelPath.toStdString(),
                                       model::decodingDevice("auto", {ranking.modelPath.toStdString()}));
      model::DecodingOptions options;
      options.beam_size = request.settings.beam;
      options.length_penalty = request.settings.alpha;
      options.max_length_ratio = request.settings.maxLengthRatio;
      const auto result =
          model::rankHeads(translator, src, ref, options, [this, &job](size_t done, size_t total) {
            BackgroundJob::post(this, [this, done, total] { Q_EMIT progress(int(done), int(total)); });
            return !job.stopRequested();
          });
      ranking = headRankingFrom(result, ranking.modelPath, ranking.sourceFile, ranking.referenceFile);
      if (request.prune && !result.stopped) {
        const auto curve = model::pruningCurve(
            translator, src, ref, options, result, [this, &job](size_t done, size_t total) {
              BackgroundJob::post(this, [this, done, total] { Q_EMIT progress(int(done), int(total)); });
              return !job.stopRequested();
            });
        for (const auto& p : curve) ranking.pruning << PruningStep{int(p.heads_left), p.bleu, p.loss};
        ranking.stopped = job.stopRequested();
      }
      ranking.seconds = double(timer.elapsed()) / 1000.0;
      ranking.savedTo = saveHeadRanking(ranking);
      job.finish();
      BackgroundJob::post(this, [this, ranking] { Q_EMIT finished(ranking); });
    } catch (const std::exception& e) {
      job.finish();
      BackgroundJob::post(this, [this, message = QString::fromUtf8(e.what()).section('\n', 0, 0)] {
        Q_EMIT failed(message);
      });
    }
  });
  if (!started) Q_EMIT failed(tr("Heads are being ranked already."));
}

}  // namespace studio::app
