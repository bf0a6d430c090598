#include "app/explorer/NeighboursSession.h"

#include <QDateTime>
#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>

#include <unordered_map>

#include <nlohmann/json.hpp>

#include "app/translation/OpenModel.h"
#include "model/data/EncodedCorpus.h"
#include "model/decoding/Translator.h"
#include "model/explaining/Neighbours.h"
#include "model/runtime/Runtime.h"
#include "model/training/FineTune.h"

namespace studio::app {

// The model, its piece ids and training pairs, and the index, kept between
// requests: another number of pairs or layer builds the index again alone.
struct NeighboursSession::Kept {
  QString model_key;  // model file, its time and size, data folder
  std::unique_ptr<model::Translator> translator;
  std::unordered_map<std::string, int> ids;  // piece -> id
  data::EncodedSplit train;
  QString index_key;  // model_key, pairs, layer
  model::StateIndex index;
};

namespace {

QList<QList<TrainingNeighbour>> listsOf(const nlohmann::json& lists) {
  QList<QList<TrainingNeighbour>> out;
  auto strings = [](const nlohmann::json& array) {
    QStringList list;
    for (const auto& s : array) list << QString::fromStdString(s.get<std::string>());
    return list;
  };
  for (const auto& list : lists) {
    QList<TrainingNeighbour> hits;
    for (const auto& hit : list)
      hits << TrainingNeighbour{hit["similarity"].get<double>(), hit["line"].get<int>(),
                                hit["copies"].get<int>(),        hit["position"].get<int>(),
                                strings(hit["source"]),          strings(hit["target"])};
    out << hits;
  }
  return out;
}

}  // namespace

NeighboursSession::NeighboursSession(QObject* parent) : QObject(parent), kept_(std::make_shared<Kept>()) {
  qRegisterMetaType<NeighboursRequest>();
  qRegisterMetaType<NeighboursView>();
}

NeighboursSession::~NeighboursSession() = default;  // the job stops and waits

bool NeighboursSession::isRunning() const { return job_.isRunning(); }

void NeighboursSession::stop() { job_.stop(); }

void NeighboursSession::start(const NeighboursRequest& request) {
  auto kept = kept_;
  const bool started = job_.start([this, request, kept](BackgroundJob::Control& job) {
    try {
      NeighboursView view;
      view.modelPath = request.modelPath;
      view.source = request.source;
      const QFileInfo model_file(request.modelPath);
      if (request.modelPath.isEmpty() || !model_file.exists())
        throw std::runtime_error(
            tr("Capture a sentence with a model first: a timelapse frame has no model to compare with.")
                .toStdString());
      view.dataDir = request.dataDir;
      if (view.dataDir.isEmpty())
        view.dataDir =
            QString::fromStdString(model::findModelOrigin(request.modelPath.toStdString()).data_dir);
      if (view.dataDir.isEmpty() || !QFileInfo::exists(QDir(view.dataDir).filePath("train.vi")) ||
          !QFileInfo::exists(QDir(view.dataDir).filePath("train.en")))
        throw std::runtime_error(
            tr("No training pairs: the model's run folder names no data folder with train.vi "
               "and train.en (%1).")
                .arg(view.dataDir.isEmpty() ? request.modelPath : view.dataDir)
                .toStdString());
      const QString model_key =
          QStringLiteral("%1|%2|%3|%4")
              .arg(request.modelPath, model_file.lastModified().toString(Qt::ISODateWithMs))
              .arg(model_file.size())
              .arg(view.dataDir);
      const QString index_key = model_key + QStringLiteral("|%1|%2").arg(request.pairs).arg(request.layer);
      if (kept->index_key != index_key) {
        kept->index_key.clear();
        kept->index = {};
        QElapsedTimer timer;
        timer.start();
        if (kept->model_key != model_key) {
          kept->model_key.clear();
          kept->translator = std::make_unique<model::Translator>(
              openTranslator(request.modelPath.toStdString(), model::resolveDevice("auto")));
          const auto& tokenizer = kept->translator->tokenizer();
          model::checkSameSentencePiece(tokenizer.path(), view.dataDir.toStdString());
          kept->ids.clear();
          for (int id = 0; id < tokenizer.vocabSize(); ++id) kept->ids.emplace(tokenizer.piece(id), id);
          kept->train = data::loadEncodedSplit(view.dataDir.toStdString(), "train", tokenizer);
          kept->model_key = model_key;
        }
        model::StateIndexOptions options;
        options.pairs = size_t(std::max(0, request.pairs));
        options.layer = request.layer;
        auto index = model::StateIndex::build(
            kept->translator->modelHandle(), kept->train, options, [this, &job](size_t done, size_t total) {
              BackgroundJob::post(this, [this, done, total] { Q_EMIT progress(int(done), int(total)); });
              return !job.stopRequested();
            });
        if (index.stopped())
          throw std::runtime_error(tr("Stopped before the training pairs were indexed.").toStdString());
        kept->index = std::move(index);
        kept->index_key = index_key;
        view.indexSeconds = double(timer.elapsed()) / 1000.0;
      }
      const auto& translator = *kept->translator;
      auto src = translator.encodeSource(request.source.toStdString());
      src.pop_back();  // </s>: the lists add it
      std::vector<int64_t> tgt;
      for (const auto& piece : request.outputPieces) {
        const auto it = kept->ids.find(piece.toStdString());
        if (it == kept->ids.end())
          throw std::runtime_error(
              tr("'%1' is not a piece of this model's vocabulary.").arg(piece).toStdString());
        tgt.push_back(it->second);
      }
      const auto piece = [&](int id) { return translator.tokenizer().piece(id); };
      const auto found =
          model::findNeighbours(translator.modelHandle(), kept->index, src, tgt, size_t(request.k), piece);
      const auto json = model::neighboursJson(kept->index, found, piece);
      for (const auto& p : found.source_pieces) view.sourcePieces << QString::fromStdString(p);
      for (const auto& p : found.output_pieces) view.outputPieces << QString::fromStdString(p);
      view.sourceNeighbours = listsOf(json["source_neighbours"]);
      view.outputNeighbours = listsOf(json["output_neighbours"]);
      view.pairsIndexed = int(kept->index.pairs().size());
      view.layer = int(kept->index.layer());
      view.distinctPairs = int(kept->index.distinctPairs());
      view.splitPairs = int(kept->index.splitPairs());
      auto document = json;
      document["data"] = view.dataDir.toStdString();
      view.json = QByteArray::fromStdString(document.dump(2) + "\n");
      job.finish();
      BackgroundJob::post(this, [this, view] { Q_EMIT finished(view); });
    } catch (const std::exception& e) {
      job.finish();
      BackgroundJob::post(this, [this, message = QString::fromUtf8(e.what()).section('\n', 0, 0)] {
        Q_EMIT failed(message);
      });
    }
  });
  if (!started) Q_EMIT failed(tr("Training examples are being looked up already."));
}

}  // namespace studio::app
