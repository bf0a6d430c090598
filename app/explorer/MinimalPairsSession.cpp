#include "app/explorer/MinimalPairsSession.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>

#include "app/training/FirstRun.h"
#include "app/translation/OpenModel.h"
#include "app/translation/ShortlistSession.h"
#include "model/data/Corpus.h"
#include "model/data/Text.h"
#include "model/decoding/PairScoring.h"
#include "model/decoding/Translator.h"
#include "model/evaluation/MinimalPairs.h"
#include "model/runtime/Runtime.h"
#include "model/training/Checkpoints.h"

namespace studio::app {

namespace {

// The test split of the data folder the model's run trained on, else its dev split.
void findSplit(const QString& model_path, MinimalPairsResult* result) {
  const QDir data(trainingDataOf(model_path));
  for (const char* split : {"test", "dev"}) {
    const QString vi = data.filePath(QString(split) + ".vi"), en = data.filePath(QString(split) + ".en");
    if (!data.path().isEmpty() && QFileInfo::exists(vi) && QFileInfo::exists(en)) {
      result->sourceFile = vi;
      result->referenceFile = en;
      return;
    }
  }
  throw std::runtime_error(
      QCoreApplication::translate(
          "studio::app::MinimalPairsSession",
          "No test sentences: the model's run folder names no data folder with test.vi and "
          "test.en (or dev.vi and dev.en). Read pairs from a file instead.")
          .toStdString());
}

std::vector<model::MinimalPair> pairsFor(MinimalPairsResult* result) {
  if (!result->pairsFile.isEmpty()) return model::readMinimalPairs(result->pairsFile.toStdString());
  findSplit(result->modelPath, result);
  auto sources = data::readLines(result->sourceFile.toStdString());
  auto references = data::readLines(result->referenceFile.toStdString());
  if (sources.size() != references.size())
    throw std::runtime_error(QString("'%1' has %2 lines but '%3' has %4")
                                 .arg(result->sourceFile)
                                 .arg(sources.size())
                                 .arg(result->referenceFile)
                                 .arg(references.size())
                                 .toStdString());
  for (auto& line : sources) line = data::normalizeWhitespace(line);
  for (auto& line : references) line = data::normalizeWhitespace(line);
  result->lines = int(sources.size());
  auto pairs = model::makeMinimalPairs(sources, references, model::allMinimalPairKinds());
  if (pairs.empty())
    throw std::runtime_error(QString("the rules made no minimal pair of '%1': no line has what they change")
                                 .arg(result->sourceFile)
                                 .toStdString());
  return pairs;
}

QList<MinimalPairTallyRow> tallyRows(const std::vector<model::MinimalPair>& pairs,
                                     const std::vector<model::MinimalPairOutcome>& outcomes) {
  QList<MinimalPairTallyRow> rows;
  for (const auto& t : model::tallyMinimalPairs(pairs, outcomes))
    rows << MinimalPairTallyRow{QString::fromStdString(t.kind),
                                int(t.pairs),
                                int(t.scored),
                                int(t.preferred),
                                t.share(),
                                t.low,
                                t.high,
                                t.mean_margin};
  return rows;
}

// The models the run of `model_path` kept, oldest first; an error that says how to keep them when there are
// none.
std::vector<std::pair<int64_t, std::string>> keptModels(const QString& model_path) {
  const QString run = runDirOf(model_path);
  const auto kept =
      run.isEmpty() ? decltype(model::listKeptModels("")){} : model::listKeptModels(run.toStdString());
  if (kept.empty())
    throw std::runtime_error(
        QCoreApplication::translate(
            "studio::app::MinimalPairsSession",
            "This model's run kept no models to test over training: train it with Keep models "
            "every N evaluations (keep_models_every).")
            .toStdString());
  return kept;
}

}  // namespace

MinimalPairsSession::MinimalPairsSession(QObject* parent) : QObject(parent) {
  qRegisterMetaType<MinimalPairsResult>();
}

MinimalPairsSession::~MinimalPairsSession() = default;  // the job stops and waits

bool MinimalPairsSession::isRunning() const { return job_.isRunning(); }

void MinimalPairsSession::stop() { job_.stop(); }

void MinimalPairsSession::start(const MinimalPairsRequest& request) {
  const bool started = job_.start([this, request](BackgroundJob::Control& job) {
    try {
      QElapsedTimer timer;
      timer.start();
      MinimalPairsResult result;
      QString error;
      result.modelPath = resolveModelSource(request.model, &error);
      if (result.modelPath.isEmpty()) throw std::runtime_error(error.toStdString());
      result.pairsFile = request.pairsFile;
      auto pairs = pairsFor(&result);
      const auto kept = request.overTraining ? keptModels(result.modelPath)
                                             : std::vector<std::pair<int64_t, std::string>>{};
      const auto device = model::resolveDevice("auto");
      const int total = int(pairs.size() * (1 + kept.size()));
      int done = 0;
      const auto advance = [&](size_t pairs_done) {
        done += int(pairs_done);
        BackgroundJob::post(this, [this, done, total] { Q_EMIT progress(done, total); });
      };
      const auto translator = openTranslator(result.modelPath.toStdString(), device);
      // In chunks, so that Stop and the progress bar are heard between them.
      constexpr size_t kChunk = 256;
      std::vector<model::MinimalPairOutcome> outcomes;
      for (size_t begin = 0; begin < pairs.size() && !job.stopRequested(); begin += kChunk) {
        const std::vector<model::MinimalPair> chunk(
            pairs.begin() + long(begin), pairs.begin() + long(std::min(pairs.size(), begin + kChunk)));
        const auto scored = model::scoreMinimalPairs(translator, chunk);
        outcomes.insert(outcomes.end(), scored.begin(), scored.end());
        advance(chunk.size());
      }
      result.stopped = outcomes.size() < pairs.size();
      pairs.resize(outcomes.size());
      if (!pairs.empty()) result.tallies = tallyRows(pairs, outcomes);
      for (size_t i = 0; i < pairs.size(); ++i) {
        const auto& p = pairs[i];
        const auto& o = outcomes[i];
        result.pairs << MinimalPairRow{int(p.line),
                                       QString::fromStdString(p.kind),
                                       QString::fromStdString(p.source),
                                       QString::fromStdString(p.right),
                                       QString::fromStdString(p.wrong),
                                       QString::fromStdString(p.change),
                                       o.scored,
                                       QString::fromStdString(o.why),
                                       o.right,
                                       o.wrong};
      }
      // Each kept model scores every pair at once: Stop is heard between models.
      for (const auto& [step, path] : kept) {
        if (job.stopRequested()) {
          result.stopped = true;
          break;
        }
        const auto earlier = openTranslator(path, device);
        result.steps << MinimalPairsStep{step, QString::fromStdString(path),
                                         tallyRows(pairs, model::scoreMinimalPairs(earlier, pairs))};
        advance(pairs.size());
      }
      result.seconds = double(timer.elapsed()) / 1000.0;
      job.finish();
      BackgroundJob::post(this, [this, result] { Q_EMIT finished(result); });
    } catch (const std::exception& e) {
      job.finish();
      BackgroundJob::post(this, [this, message = QString::fromUtf8(e.what()).section('\n', 0, 0)] {
        Q_EMIT failed(message);
      });
    }
  });
  if (!started) Q_EMIT failed(tr("The minimal pairs are being measured already."));
}

}  // namespace studio::app
