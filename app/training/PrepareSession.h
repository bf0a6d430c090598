#pragma once

#include <QObject>
#include <QString>

#include "app/BackgroundJob.h"
#include "app/training/DataFolders.h"

// The data preparation (reading a corpus, cleaning, splitting, training
// SentencePiece, encoding) on a worker thread, for the GUI. Its signals are
// emitted on the thread the object lives in.
namespace studio::app {

struct PrepareRequest {
  QList<CorpusEntry> corpora;  // one or several
  QString outDir;         // the data folder to write
  int vocabularySize = 8000;
  QString sentencePieceType = "unigram";  // or "bpe" (a toy corpus's)
  QString sentencePieceModel;  // encode with this one instead of training one (fine-tuning: the model's)
  // The 8-bit encoding that files which are not UTF-8 are read in:
  // "windows-1258" or "viscii" ("" = UTF-8 only; data::FilterOptions::encoding).
  QString encoding;
  bool keepDuplicates = false;  // a pair read again is kept, not dropped (data::FilterOptions::dedupe)
};

class PrepareSession : public QObject {
  Q_OBJECT

 public:
  explicit PrepareSession(QObject* parent = nullptr);
  ~PrepareSession() override;  // stops a preparation and waits for it

  bool isRunning() const;

 public Q_SLOTS:
  void start(const studio::app::PrepareRequest& request);
  // Within a tenth of a second while SentencePiece learns (its child process
  // is ended), else at the preparation's next step: nothing of it is left, a
  // folder prepared before stays.
  void stop();

 Q_SIGNALS:
  // The data folder, and its summary.json as text.
  void finished(const QString& dataDir, const QString& summaryJson);
  void stopped();
  void failed(const QString& message);
  // Lines of the preparation's log, as they are written.
  void logText(const QString& text);

 private:
  BackgroundJob job_{"prepare"};
};

}  // namespace studio::app
