#pragma once

#include <QList>
#include <QMetaType>
#include <QObject>
#include <QString>

#include <memory>
#include <string>
#include <vector>

#include "app/BackgroundJob.h"
#include "app/translation/TranslationService.h"

namespace studio::model {
struct HeadImportance;  // model/decoding/HeadImportance.h (no torch in this header: ui/ includes it)
}

// "Rank heads" for the GUI: the engine's head importance (each head alone
// switched off, on a number of dev sentences) on a worker thread, with
// progress and Stop. Value types only cross the thread boundary.
namespace studio::app {

struct HeadRankingRequest {
  ModelSource model;
  // Sentences and references, line-aligned. Empty: the dev split of the
  // data folder the model's run was trained on (config.json's "data").
  QString sourceFile, referenceFile;
  int sentences = 200;  // the first N (0 = all)
  DecodeSettings settings;
  bool prune = false;  // then also the pruning curve (the least important heads off one by one)
};

struct RankedHead {
  AttentionView::Kind kind = AttentionView::Kind::EncoderSelf;
  int layer = 0, head = 0;  // from 0
  double bleu = 0, loss = 0, bleuDrop = 0, lossRise = 0;
};

struct PruningStep {
  int headsLeft = 0;
  double bleu = 0, loss = 0;
};

struct HeadRanking {
  QString modelPath, sourceFile, referenceFile;
  int sentences = 0;
  double bleu = 0, loss = 0, seconds = 0;
  bool stopped = false;
  QList<RankedHead> heads;  // most important first
  QList<PruningStep> pruning;  // with HeadRankingRequest::prune: every head on first, then one fewer each
  QString savedTo;          // head-importance.json in the run folder, when there is one
};

// The engine's ranking (model::rankHeads) of the model at `model_path` on
// the sentences of `source` and `reference` as a HeadRanking (the seconds
// and the pruning curve are the caller's).
HeadRanking headRankingFrom(const model::HeadImportance& result, const QString& model_path, const QString& source,
                            const QString& reference);

// Writes `ranking` as head-importance.json in the run folder of its model
// (beside config.json, one folder above checkpoints/), replacing one there;
// returns its path, or "" when the model is not in a run folder. Read back by
// the Attention workspace's head roles and "Make it small and fast".
QString saveHeadRanking(const HeadRanking& ranking);

// The dev files a model's run was trained on: DIR/dev.vi and DIR/dev.en of
// config.json's "data", beside the model or one folder up. False when none.
bool findDevSplit(const QString& model_path, QString* source, QString* reference);

// The sentences a model is measured on: the first `limit` (0 = all) lines of
// *source and *reference, or, with *source empty, of the dev split of the
// model's run (findDevSplit; the paths are filled in). The sources'
// whitespace is normalized. Throws std::runtime_error naming the files:
// none found, unreadable, of different lengths, empty.
struct SentencePairs {
  std::vector<std::string> sources, references;
};
SentencePairs readSentencePairs(const QString& model_path, QString* source, QString* reference, int limit);

class HeadRankingSession : public QObject {
  Q_OBJECT

 public:
  explicit HeadRankingSession(QObject* parent = nullptr);
  ~HeadRankingSession() override;  // stops a ranking and waits for it

  bool isRunning() const;

 public Q_SLOTS:
  void start(const studio::app::HeadRankingRequest& request);
  void stop();  // after the head being measured

 Q_SIGNALS:
  void progress(int done, int total);
  void finished(const studio::app::HeadRanking& ranking);
  void failed(const QString& message);

 private:
  BackgroundJob job_{"head-ranking"};
};

}  // namespace studio::app

Q_DECLARE_METATYPE(studio::app::HeadRanking)
