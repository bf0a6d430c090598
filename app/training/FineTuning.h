#pragma once

#include <QJsonObject>
#include <QString>

// Fine-tuning a trained model (model/training/FineTune.h), in Qt types for
// the Training workspace's "Continue from a model…".
namespace studio::app {

struct FineTuneSource {
  QString modelPath;     // absolute
  QString spmPath;       // its SentencePiece model: the new corpus is prepared with it
  QString runDir;        // the run folder that wrote it ("" when unknown)
  QString originalData;  // the data folder that run trained on ("" when unknown or gone)
  QJsonObject settings;  // the fine-tuning settings with the model's own options, as a TrainingConfig's JSON
  QString error;         // why the file cannot be fine-tuned ("" when it can)
};

// Reads what a model file brings: never throws, `error` says what is wrong.
FineTuneSource describeFineTuneSource(const QString& model_path);

// The default share of replayed original pairs.
double defaultReplayShare();

}  // namespace studio::app

namespace studio::app {

// Corrections made in Translate (model/training/Corrections.h), kept in the
// corrections.tsv of the model's run folder.
struct KeptCorrection {
  QString file;   // where it was kept
  int count = 0;  // corrections the file holds now
  QString error;  // why it could not be kept ("" when it was)
};
KeptCorrection keepCorrection(const QString& model_path, const QString& source, const QString& corrected,
                              const QString& before);
// How many corrections the model's run folder holds (0 when none or unreadable).
int correctionsCount(const QString& model_path);
// Writes the corrections kept for the model as a TMX translation memory to
// `out` (model::exportCorrectionsTmx): how many, or why not.
struct ExportedCorrections {
  int count = 0;
  QString error;
};
ExportedCorrections exportCorrectionsTmx(const QString& model_path, const QString& out);

// A round of learning from them, for the Training workspace: the data folder
// written from the corrections, a new run folder beside the model's run, the
// original data, and the settings (TrainingConfig JSON).
struct CorrectionsRound {
  QString dataDir, runDir, originalData;
  double replayShare = 0;
  QJsonObject settings;
  int corrections = 0;
  int earlier = 0;  // of them, kept for the models it was fine-tuned from (model::correctionsWithLineage)
  QString error;
};
CorrectionsRound prepareCorrectionsRound(const QString& model_path);

}  // namespace studio::app
