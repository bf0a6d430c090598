#include "app/translation/SmallAndFastSession.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include "app/explorer/HeadRankingSession.h"
#include "app/translation/OpenModel.h"
#include "model/decoding/SmallAndFast.h"
#include "model/files/Hash.h"
#include "model/files/ModelExport.h"
#include "model/training/Distillation.h"

namespace studio::app {

namespace {

// head-importance.json's heads, most important first, as the engine's ranking.
model::HeadImportance readRanking(const QString& path) {
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly)) throw std::runtime_error(QString("cannot read '%1'").arg(path).toStdString());
  const auto json = QJsonDocument::fromJson(file.readAll()).object();
  model::HeadImportance ranking;
  ranking.bleu = json["bleu"].toDouble();
  for (const auto& item : json["heads"].toArray()) {
    const auto h = item.toObject();
    const auto ref = QString("%1:%2:%3").arg(h["kind"].toString()).arg(h["layer"].toInt()).arg(h["head"].toInt());
    try {
      model::HeadEffect effect;
      effect.head = model::HeadMask::parse(ref.toStdString()).off.at(0);
      effect.bleu_drop = h["bleu_drop"].toDouble();
      ranking.heads.push_back(effect);
    } catch (const std::exception& e) {
      throw std::runtime_error(QString("'%1': %2").arg(path, QString::fromUtf8(e.what())).toStdString());
    }
  }
  return ranking;
}

}  // namespace

QString savedRankingFor(const QString& model_path) {
  QDir dir = QFileInfo(model_path).dir();
  if (dir.dirName() == "checkpoints") dir.cdUp();
  const QString path = dir.filePath("head-importance.json");
  if (!QFileInfo::exists(path)) return {};
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly)) return {};
  const auto json = QJsonDocument::fromJson(file.readAll()).object();
  // The ranking of this model, complete.
  if (json["stopped"].toBool() || QFileInfo(json["model"].toString()) != QFileInfo(model_path)) return {};
  return path;
}

SmallAndFastSession::SmallAndFastSession(QObject* parent) : QObject(parent) {
  qRegisterMetaType<SmallAndFastResult>();
  qRegisterMetaType<ExportedWay>();
  qRegisterMetaType<SpeedRow>();
}

SmallAndFastSession::~SmallAndFastSession() = default;  // the job stops and waits

bool SmallAndFastSession::isRunning() const { return job_.isRunning(); }

void SmallAndFastSession::stop() { job_.stop(); }

void SmallAndFastSession::start(const SmallAndFastRequest& request) {
  const bool started = job_.start([this, request](BackgroundJob::Control& job) {
    try {
      SmallAndFastResult result;
      QString error;
      result.modelPath = resolveModelSource(request.model, &error);
      if (result.modelPath.isEmpty()) throw std::runtime_error(error.toStdString());
      result.sourceFile = request.sourceFile;
      result.referenceFile = request.referenceFile;
      const auto pairs = readSentencePairs(result.modelPath, &result.sourceFile, &result.referenceFile,
                                           request.sentences);
      const auto& src = pairs.sources;
      const auto& ref = pairs.references;
      // The CPU: the ways are measured where int8 and the shortlist's engine run.
      auto translator = openTranslator(result.modelPath.toStdString(), torch::kCPU);
      model::DecodingOptions options;
      options.beam_size = request.settings.beam;
      options.length_penalty = request.settings.alpha;
      options.max_length_ratio = request.settings.maxLengthRatio;
      result.beam = request.settings.beam;
      std::shared_ptr<const model::Shortlist> shortlist;
      if (!request.shortlist.isEmpty()) {
        result.shortlist = request.shortlist;
        shortlist = std::make_shared<const model::Shortlist>(model::readShortlist(request.shortlist.toStdString()));
        shortlist->checkFits(translator.model()->options().vocab_size,
                             model::hashFile(translator.tokenizer().path()), request.shortlist.toStdString());
      }
      model::HeadImportance ranking;
      const QString saved_ranking = request.rankHeads ? QString() : savedRankingFor(result.modelPath);
      const bool pruned_ways = request.rankHeads || !saved_ranking.isEmpty();
      if (request.rankHeads) {
        QElapsedTimer ranking_timer;
        ranking_timer.start();
        ranking = model::rankHeads(translator, src, ref, options, [&](size_t done, size_t total) {
          BackgroundJob::post(
              this, [this, done, total] { Q_EMIT progress(int(done), int(total), tr("ranking the heads")); });
          return !job.stopRequested();
        });
        result.rankingFrom = tr("ranked now");
        if (!ranking.stopped) {
          // Kept, as the Attention workspace's Rank heads keeps its ranking.
          HeadRanking saved = headRankingFrom(ranking, result.modelPath, result.sourceFile, result.referenceFile);
          saved.seconds = double(ranking_timer.elapsed()) / 1000.0;
          result.rankingSavedTo = saveHeadRanking(saved);
        }
      } else if (pruned_ways) {
        result.rankingFrom = saved_ranking;
        ranking = readRanking(saved_ranking);
      }
      if (!job.stopRequested()) {
        auto variants = model::smallAndFastVariants(translator.model()->options(), bool(shortlist),
                                                    pruned_ways ? &ranking : nullptr);
        // Its students (runs beside its run that trained on its translations), in each precision.
        std::vector<std::pair<std::string, std::string>> students;
        for (const auto& s : model::findStudents(result.modelPath.toStdString())) {
          students.emplace_back(s.name, s.model);
          result.students << QString::fromStdString(s.run_dir);
        }
        const auto student_ways = model::studentVariants(variants, students);
        variants.insert(variants.end(), student_ways.begin(), student_ways.end());
        BackgroundJob::post(this, [this, ways = int(variants.size())] {
          Q_EMIT progress(0, ways, tr("measuring the ways"));
        });
        const auto points = model::measureVariants(
            translator, src, ref, options, shortlist, variants, [&](size_t done, size_t total) {
              BackgroundJob::post(this, [this, done, total] {
                Q_EMIT progress(int(done), int(total), tr("measuring the ways"));
              });
              return !job.stopRequested();
            });
        for (const auto& p : points) {
          SpeedRow row;
          row.name = QString::fromStdString(p.variant.name);
          row.int8 = p.variant.int8;
          row.bf16 = p.variant.bf16;
          row.shortlist = p.variant.shortlist;
          row.prunedHeads = QString::fromStdString(p.variant.pruned.toString());
          row.model = QString::fromStdString(p.variant.model);
          row.bleu = p.bleu;
          row.chrf = p.chrf;
          row.bleuCi = p.bleu_ci;
          row.pValue = p.p_value;
          row.sameAsFloat32 = int(p.same_as_float32);
          row.sentences = int(p.sentences);
          row.seconds = p.seconds;
          row.sentencesPerSecond = p.sentences_per_second;
          row.piecesPerSecond = p.pieces_per_second;
          row.weightBytes = qint64(p.weight_bytes);
          result.rows << row;
        }
      }
      result.stopped = job.stopRequested();
      job.finish();
      BackgroundJob::post(this, [this, result] { Q_EMIT finished(result); });
    } catch (const std::exception& e) {
      job.finish();
      BackgroundJob::post(this, [this, message = QString::fromUtf8(e.what()).section('\n', 0, 0)] {
        Q_EMIT failed(message);
      });
    }
  });
  if (!started) Q_EMIT failed(tr("A measurement is running already."));
}

void SmallAndFastSession::save(const QString& model_path, const SpeedRow& row, const QString& shortlist,
                               const QString& folder) {
  const bool started = job_.start([this, model_path, row, shortlist, folder](BackgroundJob::Control& job) {
    try {
      model::ExportChoice choice;
      choice.int8 = row.int8;
      choice.bf16 = row.bf16;
      choice.pruned = model::HeadMask::parse(row.prunedHeads.toStdString());
      if (row.shortlist) choice.shortlist = shortlist.toStdString();
      const QString model = row.model.isEmpty() ? model_path : row.model;
      const auto out = model::exportModel(model.toStdString(), "", choice, folder.toStdString());
      ExportedWay way;
      way.folder = folder;
      way.model = QString::fromStdString(out.model);
      way.shortlist = QString::fromStdString(out.shortlist);
      way.ctranslate2 = QString::fromStdString(out.ctranslate2);
      way.command = QString::fromStdString(out.command);
      way.int8 = row.int8;
      way.bf16 = row.bf16;
      job.finish();
      BackgroundJob::post(this, [this, way] { Q_EMIT saved(way); });
    } catch (const std::exception& e) {
      job.finish();
      BackgroundJob::post(this, [this, message = QString::fromUtf8(e.what()).section('\n', 0, 0)] {
        Q_EMIT failed(message);
      });
    }
  });
  if (!started) Q_EMIT failed(tr("A measurement is running already."));
}

}  // namespace studio::app
