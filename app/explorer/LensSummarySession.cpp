#include "app/explorer/LensSummarySession.h"

#include <QFileInfo>

#include "app/explorer/HeadRankingSession.h"
#include "app/translation/OpenModel.h"
#include "model/decoding/Translator.h"
#include "model/explaining/LogitLens.h"
#include "model/explaining/TunedLens.h"

namespace studio::app {

LensSummarySession::LensSummarySession(QObject* parent) : QObject(parent) {
  qRegisterMetaType<LensSummaryView>();
}

LensSummarySession::~LensSummarySession() = default;  // the job waits

bool LensSummarySession::isRunning() const { return job_.isRunning(); }

void LensSummarySession::stop() { job_.stop(); }

void LensSummarySession::start(const QString& modelPath, int sentences, bool tuned) {
  const bool started = job_.start([this, modelPath, sentences, tuned](BackgroundJob::Control& job) {
    try {
      if (modelPath.isEmpty() || !QFileInfo::exists(modelPath))
        throw std::runtime_error(
            tr("Explore a sentence with a model first: a timelapse frame has no model file.").toStdString());
      LensSummaryView view;
      view.modelPath = modelPath;
      QString reference;
      const auto pairs = readSentencePairs(modelPath, &view.sourceFile, &reference, sentences);
      // On the CPU: a GPU's memory stays the translation's (200 sentences of the starter: about a second).
      auto translator = openTranslator(modelPath.toStdString(), torch::kCPU);
      std::shared_ptr<const model::TunedLens> lens;
      if (tuned) {
        const std::string path = model::tunedLensPathBeside(modelPath.toStdString());
        auto loaded = std::make_shared<model::TunedLens>(model::loadTunedLens(path));
        auto handle = translator.modelHandle();
        model::checkTunedLensFits(*loaded, handle, path);
        lens = loaded;
      }
      view.tuned = lens != nullptr;
      model::DecodingOptions options;  // beam 4, as the CLI's default
      const auto summary = model::lensOverSentences(
          translator, pairs.sources, options, [&job] { return job.stopRequested(); }, lens);
      view.sentences = int(summary.sentences);
      view.steps = int(summary.steps);
      view.stopped = summary.sentences < int64_t(pairs.sources.size());
      for (int64_t r = 0; r < summary.stages; ++r) {
        view.top1Share << summary.top1_share[size_t(r)];
        view.meanProbability << summary.mean_probability[size_t(r)];
        view.medianRank << summary.median_rank[size_t(r)];
      }
      job.finish();
      BackgroundJob::post(this, [this, view] { Q_EMIT finished(view); });
    } catch (const std::exception& e) {
      job.finish();
      BackgroundJob::post(this, [this, message = QString::fromUtf8(e.what()).section('\n', 0, 0)] {
        Q_EMIT failed(message);
      });
    }
  });
  if (!started) Q_EMIT failed(tr("The dev sentences' lens is being summed up already."));
}

}  // namespace studio::app
