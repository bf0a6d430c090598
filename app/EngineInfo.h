#pragma once

#include <QJsonArray>
#include <QJsonObject>
#include <QPair>
#include <QString>
#include <QStringList>

namespace studio::app {

// What the engine runs on, in Qt types, for the GUI and the CLI's --version.
struct EngineInfo {
  // One line: where training and translation run, e.g. "CPU, 2 threads".
  QString deviceLine() const;

  QString torchVersion;
  bool cudaBuilt = false;
  bool cudaAvailable = false;
  int cudaDevices = 0;
  int threads = 0;
  int hardwareThreads = 0;
  QString blas;
  QStringList gpus;  // "NVIDIA H100 80GB HBM3 (8.0)", one a GPU
  QString sentencePieceVersion;  // the SentencePiece this build was compiled against
  QString buildKind;             // "CPU" or "CUDA": the LibTorch this build links
  // Empty where int8 decoding can run on this CPU; else why not (no AVX2).
  QString int8Unsupported;
  // The int8 kernels this CPU runs, best first ("AMX (from 8 rows), AVX512-VNNI (from 4 rows), AVX-VNNI, AVX2").
  QString int8Kernels;
  // The CPU's bf16 instructions ("AMX-BF16, AVX512-BF16"), empty where it has
  // none: bf16 decoding is offered where they are (slower than float32 elsewhere).
  QString cpuBf16;
  // The bf16 decoding kernels, best first ("AMX (from 4 rows), AVX512-BF16"); empty where cpuBf16 is.
  QString bf16Kernels;
  QString summary;  // several lines, human readable
};

// Sets the engine's CPU thread count (0 = every hardware thread) and returns
// the count in effect. Both executables call it once at start.
int initializeEngine(int threads = 0);

EngineInfo engineInfo();

// The engine's training presets (tiny, iwslt-4layer, ...), and one as the
// JSON object of its TrainingConfig (empty for an unknown name).
QStringList trainingPresetNames();
QJsonObject trainingPresetJson(const QString& name);
// The preset a run's training configuration (config.json's "training") is
// nearest to: the fewest settings that differ, leaving out those a run sets
// for itself (steps, evaluations, probes, data, device, workers, seed,
// fine-tuning). "" when `training` is empty.
QString closestTrainingPreset(const QJsonObject& training);

// What keep_models_every in `config_json` (a TrainingConfig's JSON, over the
// defaults) keeps for a vocabulary of `vocab_size`: files and bytes.
// Both 0 when it is off or the JSON is not a configuration.
QPair<qint64, qint64> keptModelsEstimate(const QString& config_json, qint64 vocab_size);

// Probe sentences typed one a line ("SOURCE ||| REFERENCE", "SOURCE<TAB>REFERENCE"
// or "SOURCE"; blank lines and lines starting with '#' skipped) as the
// configuration's "probes" array. An empty array with `error` naming the line
// when one has no source.
QJsonArray probesJson(const QString& lines, QString* error);

}  // namespace studio::app
