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
