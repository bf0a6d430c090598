#include "app/explorer/PatchingSession.h"

#include <QElapsedTimer>

#include <cmath>

#include <nlohmann/json.hpp>

#include "app/SnapshotView.h"
#include "app/explorer/HeadRankingSession.h"
#include "app/translation/OpenModel.h"
#include "app/translation/TranslationReplies.h"
#include "model/data/Text.h"
#include "model/decoding/Translator.h"
#include "model/explaining/Patching.h"
#include "model/explaining/PatchingSummary.h"
#include "model/runtime/Runtime.h"

namespace studio::app {

namespace {

PatchedStatesView viewOf(const model::ActivationPatching& p, const model::PatchedStates& states) {
  PatchedStatesView view;
  for (const auto& row : states.rows) {
    view.parts << QString::fromStdString(row.part);
    view.layers << int(row.layer);
    view.heads << int(row.head);
  }
  view.positions = int(states.positions);
  for (int64_t what = -1; what < states.pieces; ++what)
    for (int64_t r = 0; r < states.rows_count(); ++r)
      for (int64_t c = 0; c <= states.positions; ++c) view.recovery << p.recovery(states, r, c, what);
  return view;
}

}  // namespace

QString blankedWord(const QString& sentence, int index, const std::function<int(const QString&)>& pieces_of) {
  QStringList words = sentence.simplified().split(' ', Qt::SkipEmptyParts);
  if (index < 0 || index >= words.size()) return sentence;
  QStringList blanks;
  for (int i = 0, n = pieces_of(words[index]); i < n; ++i) blanks << QStringLiteral("<unk>");
  words[index] = blanks.join(' ');
  return words.join(' ');
}

PatchingSession::PatchingSession(QObject* parent) : QObject(parent) {
  qRegisterMetaType<PatchingView>();
  qRegisterMetaType<PatchingSummaryView>();
}

void PatchingSession::stop() { job_.stop(); }

void PatchingSession::summarize(const PatchingSummaryRequest& request) {
  const bool started = job_.start([this, request](BackgroundJob::Control& job) {
    try {
      QElapsedTimer timer;
      timer.start();
      QString error;
      PatchingSummaryView view;
      view.modelPath = resolveModelSource(request.model, &error);
      if (view.modelPath.isEmpty()) throw std::runtime_error(error.toStdString());
      QString reference;
      const auto pairs = readSentencePairs(view.modelPath, &view.sourceFile, &reference, request.sentences);
      view.lines = int(pairs.sources.size());
      auto translator = openTranslator(view.modelPath.toStdString(), model::resolveDevice("auto"));
      model::PatchingOptions options;
      options.heads = request.heads;
      options.noising = request.noising;
      options.estimate = request.estimate;
      const int total = view.lines;
      const auto summary = model::summarizePatching(
          translator, pairs.sources, decodingOptions(request.settings), options,
          [&job] { return job.stopRequested(); },
          [this, total](int64_t done) {
            BackgroundJob::post(this, [this, done, total] { Q_EMIT progress(int(done), total); });
          });
      view.sentences = int(summary.sentences);
      view.words = int(summary.words);
      view.skipped = int(summary.skipped);
      view.noising = summary.noising;
      view.estimated = summary.estimated;
      view.stopped = job.stopRequested();
      for (const bool encoder : {true, false}) {
        auto& states = encoder ? view.encoder : view.decoder;
        for (const auto& row : encoder ? summary.encoder : summary.decoder) {
          states.parts << QString::fromStdString(row.site.part);
          states.layers << int(row.site.layer);
          states.heads << int(row.site.head);
          (encoder ? view.encoderAll : view.decoderAll) << row.all;
          (encoder ? view.encoderBest : view.decoderBest) << row.best;
          if (encoder) view.encoderAtWord << row.at_word;
        }
      }
      view.json = QByteArray::fromStdString(summary.toJson().dump(1));
      view.seconds = double(timer.elapsed()) / 1000.0;
      job.finish();
      BackgroundJob::post(this, [this, view] { Q_EMIT summarized(view); });
    } catch (const std::exception& e) {
      job.finish();
      BackgroundJob::post(this, [this, message = QString::fromUtf8(e.what()).section('\n', 0, 0)] {
        Q_EMIT failed(message);
      });
    }
  });
  if (!started) Q_EMIT failed(tr("A patching is under way already."));
}

PatchingSession::~PatchingSession() = default;  // the job waits

bool PatchingSession::isRunning() const { return job_.isRunning(); }

void PatchingSession::start(const PatchingRequest& request) {
  const bool started = job_.start([this, request](BackgroundJob::Control& job) {
    try {
      QElapsedTimer timer;
      timer.start();
      QString error;
      PatchingView view;
      view.modelPath = resolveModelSource(request.model, &error);
      if (view.modelPath.isEmpty()) throw std::runtime_error(error.toStdString());
      const std::string sentence = data::normalizeWhitespace(request.text.toStdString());
      if (sentence.empty())
        throw std::runtime_error(
            tr("Type a sentence to find which states carry its translation.").toStdString());
      auto translator = openTranslator(view.modelPath.toStdString(), model::resolveDevice("auto"));
      model::PatchingRequest engine;
      engine.decoding = decodingOptions(request.settings);
      engine.target = data::normalizeWhitespace(request.target.toStdString());
      engine.patching.heads = request.heads;
      engine.patching.noising = request.noising;
      engine.patching.estimate = request.estimate;
      engine.corrupted =
          request.blankWord >= 0
              ? blankedWord(QString::fromStdString(sentence), request.blankWord,
                            [&](const QString& word) {
                              return int(translator.tokenizer().encode(word.toStdString()).size());
                            })
                    .toStdString()
              : data::normalizeWhitespace(request.corrupted.toStdString());
      const auto p = model::patchActivations(translator, sentence, engine);
      view.source = QString::fromStdString(p.source_text);
      view.corrupted = QString::fromStdString(p.corrupted_text);
      view.translation = QString::fromStdString(p.translation);
      view.corruptedTranslation = QString::fromStdString(p.corrupted_translation);
      view.sourcePieces = toQStringList(p.source_pieces);
      view.corruptedPieces = toQStringList(p.corrupted_pieces);
      view.prefixPieces = toQStringList(p.prefix_pieces);
      view.predictedPieces = toQStringList(p.predicted_pieces);
      for (int64_t what = -1; what < int64_t(p.clean.size()); ++what) {
        view.clean << p.cleanLogProbability(what);
        view.corruptedLogProbabilities << p.corruptedLogProbability(what);
      }
      view.encoder = viewOf(p, p.encoder);
      view.decoder = viewOf(p, p.decoder);
      view.noising = p.noising;
      view.estimated = p.estimated;
      view.json = QByteArray::fromStdString(p.toJson().dump(1));
      view.seconds = double(timer.elapsed()) / 1000.0;
      job.finish();
      BackgroundJob::post(this, [this, view] { Q_EMIT finished(view); });
    } catch (const std::exception& e) {
      job.finish();
      BackgroundJob::post(this, [this, message = QString::fromUtf8(e.what())] { Q_EMIT failed(message); });
    }
  });
  if (!started) Q_EMIT failed(tr("A patching is under way already."));
}

}  // namespace studio::app
