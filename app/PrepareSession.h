#pragma once

#include <QObject>
#include <QString>

class QThread;

// The data preparation (reading a corpus, cleaning, splitting, training
// SentencePiece, encoding) on a worker thread, for the GUI.
namespace studio::app {

struct PrepareRequest {
  QString corpus;         // a folder (IWSLT'15 or split files) or a TSV file
  QString source, target; // or two line-aligned files (then corpus is empty)
  QString outDir;         // the data folder to write
  int vocabularySize = 8000;
  QString sentencePieceModel;  // encode with this one instead of training one (fine-tuning: the model's)
  // The 8-bit encoding that files which are not UTF-8 are read in:
  // "windows-1258" or "viscii" ("" = UTF-8 only; data::FilterOptions::encoding).
  QString encoding;
  bool keepDuplicates = false;  // a pair read again is kept, not dropped (data::FilterOptions::dedupe)
};

// Where the GUI keeps the offline demo corpus (scripts/demo-corpus builds
// it) and the data folder prepared from it.
QString demoCorpusDir();
QString demoDataDir();
// The SentencePiece vocabulary the GUI prepares a corpus with: 8,000 pieces,
// and 4,000 for the demo corpus (61,668 short pairs), whose starter model
// trains 1.3x faster with them at the same BLEU a step (README, "The starter model").
constexpr int kDemoVocabularySize = 4000;
int vocabularySizeFor(const QString& corpus);
// A data folder for a corpus: "<corpus>-prepared" beside it.
QString defaultDataDirFor(const QString& corpus);
// Whether `dir` holds a prepared data folder (summary.json and spm.model).
bool isPreparedDataDir(const QString& dir);

// The summary.json of a prepared folder in a few lines: pairs kept and
// dropped by reason for each split, vocabulary, padding of the batches.
QString describePreparedData(const QString& summary_json);

class PrepareSession : public QObject {
  Q_OBJECT

 public:
  explicit PrepareSession(QObject* parent = nullptr);
  ~PrepareSession() override;  // waits for a preparation in progress

  bool isRunning() const;

 public Q_SLOTS:
  void start(const studio::app::PrepareRequest& request);

 Q_SIGNALS:
  // The data folder, and its summary.json as text.
  void finished(const QString& dataDir, const QString& summaryJson);
  void failed(const QString& message);
  void logText(const QString& text);

 private:
  QThread* thread_ = nullptr;
};

}  // namespace studio::app
