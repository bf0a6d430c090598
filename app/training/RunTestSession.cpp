#include "app/training/RunTestSession.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>

#include <chrono>
#include <memory>

#include "app/training/DataFolders.h"
#include "app/translation/OpenModel.h"
#include "model/data/CorpusSources.h"
#include "model/data/Text.h"
#include "model/decoding/DecodingDevice.h"
#include "model/decoding/PairScoring.h"
#include "model/decoding/TextTranslation.h"
#include "model/decoding/Translator.h"
#include "model/evaluation/Bleu.h"
#include "model/evaluation/Significance.h"
#include "model/files/TextDocument.h"

namespace studio::app {

namespace {

// Lines translated between two looks at the stop flag.
constexpr size_t kChunkLines = 256;

}  // namespace

bool findTestSplit(const QString& run_dir, QString* source, QString* reference, QString* error) {
  QFile config(QDir(run_dir).filePath("config.json"));
  QString data;
  if (config.open(QIODevice::ReadOnly))
    data = QJsonDocument::fromJson(config.readAll()).object()["data"].toString();
  const QString vi = QDir(data).filePath("test.vi"), en = QDir(data).filePath("test.en");
  if (data.isEmpty() || !QFileInfo(vi).isFile() || !QFileInfo(en).isFile()) {
    if (error)
      *error = data.isEmpty()
                   ? RunTestSession::tr("The run folder %1 names no data folder.").arg(run_dir)
                   : RunTestSession::tr("The run's data folder %1 has no test split (test.vi and test.en).")
                         .arg(data);
    return false;
  }
  *source = vi;
  *reference = en;
  return true;
}

RunTestSession::RunTestSession(QObject* parent) : QObject(parent) { qRegisterMetaType<RunTestResult>(); }

RunTestSession::~RunTestSession() = default;  // the job stops and waits

bool RunTestSession::isRunning() const { return job_.isRunning(); }

void RunTestSession::stop() { job_.stop(); }

void RunTestSession::start(const QStringList& runs, const DecodeSettings& settings) {
  const bool started = job_.start([this, runs, settings](BackgroundJob::Control& job) {
    try {
      if (runs.isEmpty()) throw std::runtime_error(tr("Open a run first.").toStdString());
      RunTestResult result;
      QString error;
      if (!findTestSplit(runs.first(), &result.sourceFile, &result.referenceFile, &error))
        throw std::runtime_error(error.toStdString());
      // Read as `evaluate` reads them: an error names the file and line.
      const std::vector<std::string> src = model::readTextDocument(result.sourceFile.toStdString()).lines;
      const std::vector<std::string> ref = model::readTextDocument(result.referenceFile.toStdString()).lines;
      if (src.size() != ref.size() || src.empty())
        throw std::runtime_error(tr("%1 and %2 do not hold the same number of lines")
                                     .arg(result.sourceFile, result.referenceFile)
                                     .toStdString());
      result.lines = int(src.size());
      result.beam = settings.beam;
      // Each corpus's test lines, scored apart too.
      const auto slices =
          data::corpusSlicesOf(QFileInfo(result.sourceFile).absolutePath().toStdString(), "test", src.size());
      for (const auto& slice : slices)
        result.corpora << shortCorpusName(QString::fromStdString(slice.corpus));

      // The minimal pairs of the split (none when its references hold nothing the rules change).
      std::vector<std::string> src_words(src), ref_words(ref);
      for (auto& line : src_words) line = data::normalizeWhitespace(line);
      for (auto& line : ref_words) line = data::normalizeWhitespace(line);
      const auto pairs = model::makeMinimalPairs(src_words, ref_words, model::allMinimalPairKinds());
      std::vector<model::MinimalPairOutcome> first_outcomes;
      model::DecodingOptions options;
      options.beam_size = settings.beam;
      options.length_penalty = settings.alpha;
      options.max_length_ratio = settings.maxLengthRatio;
      // Each run's best model, on the device "auto" picks for them all (they may translate together).
      std::vector<std::string> best_models;
      for (const auto& run : runs) best_models.push_back(QDir(run).filePath("best.pt").toStdString());
      const auto device = model::decodingDevice("auto", best_models);
      model::BaselineComparison comparison(ref);  // each run's model against the first's
      const bool together = runs.size() > 1;      // the runs as one ensemble, after each alone
      const int total = int((runs.size() + (together ? 1 : 0)) * src.size());
      // Each run's best model, translating the test split into a row.
      auto test = [&](RunTestRow& row, const model::Translator& translator, int before, const QString& what) {
        std::vector<std::string> hypotheses;
        const auto started = std::chrono::steady_clock::now();
        for (size_t start = 0; start < src.size() && !job.stopRequested(); start += kChunkLines) {
          const std::vector<std::string> chunk(src.begin() + long(start),
                                               src.begin() + long(std::min(src.size(), start + kChunkLines)));
          for (const auto& t : model::translateTexts(translator, chunk, options))
            hypotheses.push_back(t.text());
          BackgroundJob::post(this, [this, done = int(before + hypotheses.size()), total, what] {
            Q_EMIT progress(done, total, what);
          });
        }
        if (hypotheses.size() < src.size()) return false;  // stopped
        row.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
        const model::BaselineComparison::Scores scores = comparison.add(hypotheses);
        row.bleu = scores.bleu;
        row.chrf = scores.chrf;
        row.ter = scores.ter;
        row.bleuCi = scores.bleu_ci;
        row.pValue = scores.p_value;
        row.sameAsFirst = int(scores.same_as_baseline);
        for (const auto& slice : slices) {
          const auto first = long(slice.first), last = long(slice.first + slice.count);
          row.bleuByCorpus << model::corpusBleu({hypotheses.begin() + first, hypotheses.begin() + last},
                                                {ref.begin() + first, ref.begin() + last})
                                  .score;
        }
        if (!pairs.empty()) {
          const auto outcomes = model::scoreMinimalPairs(translator, pairs);
          const auto tallies = model::tallyMinimalPairs(pairs, outcomes);
          row.minimalPairs = int(pairs.size());
          row.minimalShare = tallies.back().share();
          for (const auto& t : tallies)
            if (t.kind != "all")
              row.minimalKinds +=
                  QString("%1: %2 %\n").arg(QString::fromStdString(t.kind)).arg(100 * t.share(), 0, 'f', 1);
          row.minimalKinds = row.minimalKinds.trimmed();
          if (first_outcomes.empty())
            first_outcomes = outcomes;
          else
            row.minimalPValue = model::compareMinimalPairs(pairs, first_outcomes, outcomes).back().p;
        }
        result.rows << row;
        return true;
      };
      std::unique_ptr<model::Translator> first;  // the first run's, joined by the others' below
      for (int r = 0; r < runs.size() && !job.stopRequested(); ++r) {
        RunTestRow row;
        row.run = runs[r];
        row.model = QDir(runs[r]).filePath("best.pt");
        if (!QFileInfo(row.model).isFile())
          throw std::runtime_error(
              tr("The run folder %1 has no best.pt yet (it is written at the first evaluation).")
                  .arg(runs[r])
                  .toStdString());
        const QString name = QFileInfo(runs[r]).fileName();
        BackgroundJob::post(this,
                            [this, done = int(r * src.size()), total, what = tr("loading %1").arg(name)] {
                              Q_EMIT progress(done, total, what);
                            });
        auto translator = openTranslator(row.model.toStdString(), device);
        if (!test(row, translator, int(r * src.size()), tr("translating with %1").arg(name))) break;
        if (r == 0) first = std::make_unique<model::Translator>(std::move(translator));
      }
      // The runs together: their SentencePiece models must hold the same pieces.
      if (together && !job.stopRequested()) {
        RunTestRow row;
        row.together = true;
        row.model = result.rows.first().model;
        BackgroundJob::post(this, [this, done = int(runs.size() * src.size()), total] {
          Q_EMIT progress(done, total, tr("loading the runs together"));
        });
        // The first run's model and SentencePiece model, shared, with the others' models joined.
        model::Translator translator(first->modelHandle(), first->tokenizerHandle(), device);
        try {
          for (int r = 1; r < runs.size(); ++r) translator.addToEnsemble(result.rows[r].model.toStdString());
        } catch (const std::exception& e) {
          result.notTogether = QString::fromUtf8(e.what()).section('\n', 0, 0);
        }
        if (result.notTogether.isEmpty())
          test(row, translator, int(runs.size() * src.size()), tr("translating with the runs together"));
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
  if (!started) Q_EMIT failed(tr("The runs are being tested already."));
}

}  // namespace studio::app
