#include "app/explorer/EmbeddingSession.h"

#include <QFileInfo>

#include <ATen/Parallel.h>

#include "app/translation/OpenModel.h"
#include "model/decoding/Translator.h"
#include "model/explaining/EmbeddingMap.h"

namespace studio::app {

QList<QPair<int, double>> nearestPieces(const EmbeddingView& view, int id, int k) {
  QList<QPair<int, double>> out;
  if (!view.map || id < 0 || id >= view.pieces.size()) return out;
  for (const auto& n : model::nearestPieces(*view.map, id, k)) out.append({int(n.id), n.cosine});
  return out;
}

namespace {

PieceLayoutView layoutView(const model::PieceLayout& layout) {
  PieceLayoutView view;
  for (const auto& point : layout.points) {
    view.x << point[0];
    view.y << point[1];
  }
  view.neighbourhoodKept = layout.neighbourhood_kept;
  view.perplexity = layout.perplexity;
  return view;
}

}  // namespace

EmbeddingSession::EmbeddingSession(QObject* parent) : QObject(parent) {
  qRegisterMetaType<EmbeddingView>();
  qRegisterMetaType<PieceLayoutView>();
}

EmbeddingSession::~EmbeddingSession() = default;  // the job waits

bool EmbeddingSession::isRunning() const { return job_.isRunning(); }

void EmbeddingSession::start(const QString& modelPath) {
  const bool started = job_.start([this, modelPath](BackgroundJob::Control& job) {
    try {
      if (modelPath.isEmpty() || !QFileInfo::exists(modelPath))
        throw std::runtime_error(
            tr("Capture a sentence with a model first: a timelapse frame has no model file to map.")
                .toStdString());
      // On the CPU: the matrix is small, and a GPU's memory stays the translation's.
      auto translator = openTranslator(modelPath.toStdString(), torch::kCPU);
      auto map = std::make_shared<model::EmbeddingMap>(
          model::embeddingMap(translator.model(), translator.tokenizer()));
      EmbeddingView view;
      view.modelPath = modelPath;
      view.dimensions = int(map->dimensions);
      view.explained[0] = map->explained[0];
      view.explained[1] = map->explained[1];
      for (const auto& p : map->points) {
        view.pieces << QString::fromStdString(p.piece);
        view.scripts << int(p.script);
      }
      view.principal = layoutView(model::principalLayout(*map));
      view.map = std::move(map);
      job.finish();
      QMetaObject::invokeMethod(
          this, [this, view] { Q_EMIT finished(view); }, Qt::QueuedConnection);
    } catch (const std::exception& e) {
      job.finish();
      QMetaObject::invokeMethod(
          this, [this, message = QString::fromUtf8(e.what()).section('\n', 0, 0)] { Q_EMIT failed(message); },
          Qt::QueuedConnection);
    }
  });
  if (!started) Q_EMIT failed(tr("The embeddings are being mapped already."));
}

void EmbeddingSession::layOut(const EmbeddingView& view) {
  const bool started = job_.start([this, view](BackgroundJob::Control& job) {
    try {
      if (!view.map) throw std::runtime_error(tr("Map the embeddings first.").toStdString());
      model::TsneOptions options;
      options.threads = at::get_num_threads();
      const auto layout = model::tsnePieceLayout(*view.map, options, [this, &job, &options](int iteration) {
        BackgroundJob::post(
            this, [this, iteration, total = options.iterations] { Q_EMIT layingOut(iteration, total); });
        return !job.stopRequested();
      });
      job.finish();
      // Stopped: an empty layout says so.
      BackgroundJob::post(
          this, [this, path = view.modelPath, tsne = layoutView(layout)] { Q_EMIT laidOut(path, tsne); });
    } catch (const std::exception& e) {
      job.finish();
      BackgroundJob::post(this, [this, message = QString::fromUtf8(e.what()).section('\n', 0, 0)] {
        Q_EMIT failed(message);
      });
    }
  });
  if (!started) Q_EMIT failed(tr("The embeddings are being mapped already."));
}

}  // namespace studio::app
