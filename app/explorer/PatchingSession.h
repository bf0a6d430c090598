#pragma once

#include <QByteArray>
#include <QMetaType>
#include <QObject>
#include <QString>
#include <QStringList>
#include <QVector>

#include <functional>

#include "app/BackgroundJob.h"
#include "app/translation/TranslationService.h"

// Activation patching for the GUI (the engine's explaining/Patching.h; the
// CLI's `patch` prints the same): which of the model's states carry what the
// translation of a sentence depends on, measured against the sentence with a
// word changed or blanked, on a worker thread. Value types only cross the
// thread boundary.
namespace studio::app {

struct PatchingRequest {
  ModelSource model;
  QString text;       // the sentence
  QString corrupted;  // the sentence with a word changed (as many pieces; "<unk>" one unknown piece)
  // Or, when >= 0, the sentence with its word `blankWord` (from 0, words split at spaces) blanked: each of
  // its pieces the unknown piece (corrupted is then ignored).
  int blankWord = -1;
  QString target;  // the translation traced ("" = the model's own, decoded with `settings`)
  DecodeSettings settings;
  bool heads = false;    // each attention head's output too (a row a head, after its block's)
  bool noising = false;  // the changed reading's states put into the sentence's pass (what each takes away)
  bool estimate = false;  // estimated by gradients (attribution patching), not measured
};

struct PatchedStatesView {
  QStringList
      parts;  // a row each: "embeddings", "self-attention", "cross-attention", "feed-forward", "layer"
  QVector<int> layers;  // a row each, from 0
  QVector<int> heads;   // a row each: the attention head (from 0), or -1 for the whole state
  int positions = 0;    // columns before "all"
  // [what][row][column], what 0 the whole translation and 1 + t the prediction t; columns the positions then
  // "all": what patching the state gives back, (patched - corrupted) / (clean - corrupted) (noising, what it
  // takes away: (patched - clean) / (corrupted - clean)); NaN where the corruption changed it by too little
  // to tell.
  QVector<double> recovery;
  double at(int what, int row, int column) const {
    return recovery[(qsizetype(what) * parts.size() + row) * (positions + 1) + column];
  }
  int rows() const { return int(parts.size()); }
};

struct PatchingView {
  QString modelPath, source, corrupted, translation, corruptedTranslation;
  QStringList sourcePieces, corruptedPieces;  // S each, "</s>" last
  QStringList prefixPieces;                   // the decoder's positions: "<s>" and the output pieces
  QStringList predictedPieces;                // the output pieces and "</s>"
  QVector<double> clean,
      corruptedLogProbabilities;  // [1 + T]: the whole translation's, then each prediction's
  PatchedStatesView encoder, decoder;
  bool noising = false;    // what each state takes away (the changed reading's put in), not gives back
  bool estimated = false;  // attribution patching's estimates
  QByteArray json;  // what `attention-studio-cli patch --json` prints
  double seconds = 0;
  bool isEmpty() const { return sourcePieces.isEmpty(); }
};

// Every word of the first sentences of the model's run's dev split blanked in
// turn, what each state gives back averaged (model::summarizePatching; the
// CLI's `patch --file`).
struct PatchingSummaryRequest {
  ModelSource model;
  int sentences = 50;  // the dev split's first lines (0 = all)
  DecodeSettings settings;
  bool heads = false;
  bool noising = false;
  bool estimate = false;
};

struct PatchingSummaryView {
  QString modelPath, sourceFile;
  int lines = 0;                              // the dev lines read
  int sentences = 0, words = 0, skipped = 0;  // as model::PatchingSummary's
  bool noising = false;
  bool estimated = false;
  bool stopped = false;  // ended early: the sentences done so far
  // A row a site (as PatchedStatesView's rows), and its means: every position at once, its best one and
  // (encoder) the best of the blanked word's own pieces. Empty when no word was measured.
  PatchedStatesView encoder, decoder;
  QVector<double> encoderAll, encoderBest, encoderAtWord, decoderAll, decoderBest;
  QByteArray json;  // what `attention-studio-cli patch --file … --json` prints
  double seconds = 0;
  bool isEmpty() const { return modelPath.isEmpty(); }
};

class PatchingSession : public QObject {
  Q_OBJECT

 public:
  explicit PatchingSession(QObject* parent = nullptr);
  ~PatchingSession() override;  // waits for a patching under way

  bool isRunning() const;

 public Q_SLOTS:
  void start(const studio::app::PatchingRequest& request);
  // The dev sentences' summary (progress after each sentence, summarized() at the end or stop()).
  void summarize(const studio::app::PatchingSummaryRequest& request);
  void stop();

 Q_SIGNALS:
  void finished(const studio::app::PatchingView& view);
  void progress(int done, int total);
  void summarized(const studio::app::PatchingSummaryView& view);
  void failed(const QString& message);

 private:
  BackgroundJob job_{"patching"};
};

// The sentence with word `index` (split at spaces) replaced by "<unk>" once for each of the pieces
// `pieces_of` gives it; the sentence itself when there is no such word.
QString blankedWord(const QString& sentence, int index, const std::function<int(const QString&)>& pieces_of);

}  // namespace studio::app

Q_DECLARE_METATYPE(studio::app::PatchingView)
Q_DECLARE_METATYPE(studio::app::PatchingSummaryView)
