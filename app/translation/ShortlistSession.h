#pragma once

#include <QMetaType>
#include <QObject>
#include <QString>

#include "app/BackgroundJob.h"
#include "app/translation/TranslationService.h"

// A vocabulary shortlist learnt in the app (model/decoding/Shortlist.h), as
// `attention-studio-cli shortlist --data DIR` learns one: from the training
// pairs of the data folder the model's run trained on, written to
// DIR/shortlist.txt, on a worker thread. Translate's and "Make it small and
// fast"'s Learn buttons start it.
namespace studio::app {

// The data folder a model's run trained on: config.json's "data" beside the
// model or one folder up (a checkpoint's run); "" when neither names one.
QString trainingDataOf(const QString& model_path);

// DIR/shortlist.txt of that data folder when it is there and fits the model (learnt with the
// SentencePiece model the model decodes with); "" otherwise.
QString learntShortlistFor(const QString& model_path);

struct LearnedShortlist {
  QString path;  // the shortlist written
  QString modelPath, dataDir;
  qint64 pairs = 0;  // training pairs learnt from
  double seconds = 0;
  int vocabulary = 0;  // the model's pieces
  // The dev split's references: the share of their pieces in their sentence's list, and a list's mean size.
  bool measured = false;  // false: the data folder has no dev split
  double covered = 0, meanSize = 0;
  int devSentences = 0;

  QString summary() const;  // one sentence for people, in the interface's language (without the path)
};

class ShortlistSession : public QObject {
  Q_OBJECT

 public:
  explicit ShortlistSession(QObject* parent = nullptr);
  ~ShortlistSession() override;  // waits for a learning under way

  bool isRunning() const;

 public Q_SLOTS:
  void start(const studio::app::ModelSource& model);

 Q_SIGNALS:
  // The steps: encoding the pairs (0 of N), then each of IBM Model 1's iterations.
  void progress(int done, int total);
  void learned(const studio::app::LearnedShortlist& shortlist);
  void failed(const QString& message);

 private:
  BackgroundJob job_{"shortlist"};
};

}  // namespace studio::app

Q_DECLARE_METATYPE(studio::app::LearnedShortlist)
