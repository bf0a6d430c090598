#pragma once

#include <QObject>
#include <QString>
#include <QStringList>

#include "app/BackgroundJob.h"

// Back-translation in the Training workspace (model/training/BackTranslation.h):
// a model trained English → Vietnamese translates English text, and the new
// model trains on the data folder written from the data folder's pairs and
// those synthetic ones. Qt types only, for the GUI.
namespace studio::app {

// A back-translated data folder's backtranslation.json, for people.
struct BackTranslationRecord {
  bool valid = false;        // the folder is a whole back-translated data folder
  QString model;             // the English-to-Vietnamese model's file
  QString data;              // the data folder whose pairs it holds
  qint64 translated = 0;     // English sentences translated
  qint64 leftOut = 0;        // English lines left out before translation (blank, repeated, a pair's)
  qint64 syntheticKept = 0;  // synthetic pairs prepare kept
  qint64 realKept = 0;       // the data folder's training pairs kept
  double seconds = 0;
};
BackTranslationRecord readBackTranslation(const QString& dir);
// "Back-translated by MODEL: 43,979 English sentences in 108 s (24 lines left out); 43,870 synthetic
// pairs kept beside 61,668 of the data folder's."
QString describeBackTranslation(const BackTranslationRecord& record);

// What a model file says of its direction: "" when it translates English to
// Vietnamese (it can back-translate), else why it cannot (a model of the
// usual direction, a file that does not read).
QString whyNotEnglishToVietnamese(const QString& model_path);

// Where `model_path` back-translates into `data_dir`'s pairs:
// "<data>-back-translated-by-<model's run>" beside it, or the first of
// "…-2", "…-3" that is free.
QString backTranslatedDataDirFor(const QString& data_dir, const QString& model_path);

struct BackTranslateRequest {
  QString model;        // trained English → Vietnamese
  QStringList english;  // English text files, a sentence a line
  QString dataDir;      // prepared: its pairs stay
  QString outDir;       // written whole, or not at all
  QString device = QStringLiteral("auto");
  int beam = 4;
};

class BackTranslateSession : public QObject {
  Q_OBJECT

 public:
  explicit BackTranslateSession(QObject* parent = nullptr);
  ~BackTranslateSession() override;  // stops a back-translation and waits for it

  bool isRunning() const;

 public Q_SLOTS:
  void start(const studio::app::BackTranslateRequest& request);
  // After the sentences being translated; nothing is left on the disk.
  void stop();

 Q_SIGNALS:
  void progress(qint64 done, qint64 total);  // English sentences translated
  void logText(const QString& text);
  void finished(const QString& outDir);
  void stopped();
  void failed(const QString& message);

 private:
  BackgroundJob job_{"back-translate"};
};

}  // namespace studio::app
