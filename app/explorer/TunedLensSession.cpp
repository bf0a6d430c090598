#include "app/explorer/TunedLensSession.h"

#include <QElapsedTimer>
#include <QFileInfo>

#include <algorithm>

#include "app/translation/OpenModel.h"
#include "model/data/EncodedCorpus.h"
#include "model/decoding/Translator.h"
#include "model/explaining/TunedLens.h"
#include "model/training/FineTune.h"

namespace studio::app {

TunedLensSession::TunedLensSession(QObject* parent) : QObject(parent) { qRegisterMetaType<TunedLensView>(); }

TunedLensSession::~TunedLensSession() = default;  // the job waits

bool TunedLensSession::isRunning() const { return job_.isRunning(); }

void TunedLensSession::stop() { job_.stop(); }

QString TunedLensSession::pathFor(const QString& modelPath) {
  return QString::fromStdString(model::tunedLensPathBeside(modelPath.toStdString()));
}

void TunedLensSession::start(const QString& modelPath, int steps) {
  const bool started = job_.start([this, modelPath, steps](BackgroundJob::Control& job) {
    try {
      if (modelPath.isEmpty() || !QFileInfo(modelPath).isFile())
        throw std::runtime_error(
            tr("Explore a sentence with a model first: a timelapse frame has no model file.").toStdString());
      QElapsedTimer timer;
      timer.start();
      TunedLensView view;
      view.modelPath = modelPath;
      view.path = pathFor(modelPath);
      const std::string data_dir = model::findModelOrigin(modelPath.toStdString()).data_dir;
      if (data_dir.empty())
        throw std::runtime_error(
            tr("No data folder is known for %1 (no run folder's config.json beside it, or "
               "its data folder is gone): attention-studio-cli tuned-lens --data DIR trains "
               "one from any.")
                .arg(modelPath)
                .toStdString());
      view.dataDir = QString::fromStdString(data_dir);
      // On the CPU, as the dev summary: a GPU's memory stays the translation's.
      auto translator = openTranslator(modelPath.toStdString(), torch::kCPU);
      model::checkSameSentencePiece(translator.tokenizer().path(), data_dir);
      const auto train =
          model::lensPairsOf(data::loadEncodedSplit(data_dir, "train", translator.tokenizer()), 5000);
      const auto dev =
          model::lensPairsOf(data::loadEncodedSplit(data_dir, "dev", translator.tokenizer()), 200);
      model::TunedLensOptions options;
      options.steps = steps;
      auto handle = translator.modelHandle();
      const auto lens = model::trainTunedLens(
          handle, QFileInfo(modelPath).fileName().toStdString(), train, dev, options,
          [this](int64_t step, int64_t total, double) {
            if (step % 10 == 0 || step == total)
              BackgroundJob::post(this, [this, step, total] { Q_EMIT progress(int(step), int(total)); });
          },
          [&job] { return job.stopRequested(); });
      model::saveTunedLens(lens, view.path.toStdString());
      view.steps = int(lens.steps);
      view.stopped = lens.steps < steps;
      view.pairs = int(lens.pairs);
      view.heldOutPositions = int(lens.held_out_positions);
      view.klBefore = QVector<double>(lens.kl_before.begin(), lens.kl_before.end());
      view.klAfter = QVector<double>(lens.kl_after.begin(), lens.kl_after.end());
      for (int64_t r : lens.logit_blocks) view.logitBlocks << int(r);
      view.seconds = double(timer.elapsed()) / 1000.0;
      job.finish();
      BackgroundJob::post(this, [this, view] { Q_EMIT finished(view); });
    } catch (const std::exception& e) {
      job.finish();
      BackgroundJob::post(this, [this, message = QString::fromUtf8(e.what()).section('\n', 0, 0)] {
        Q_EMIT failed(message);
      });
    }
  });
  if (!started) Q_EMIT failed(tr("A tuned lens is being trained already."));
}

}  // namespace studio::app
