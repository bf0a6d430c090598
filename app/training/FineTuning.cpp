#include "app/training/FineTuning.h"

#include <set>

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>

#include <nlohmann/json.hpp>

#include "model/files/ModelFile.h"
#include "model/training/Corrections.h"
#include "model/training/FineTune.h"

namespace studio::app {

FineTuneSource describeFineTuneSource(const QString& model_path) {
  FineTuneSource source;
  source.modelPath = model_path;
  try {
    const auto origin = model::findModelOrigin(model_path.toStdString());
    source.modelPath = QString::fromStdString(origin.model_path);
    source.spmPath = QString::fromStdString(origin.spm_path);
    source.runDir = QString::fromStdString(origin.run_dir);
    source.originalData = QString::fromStdString(origin.data_dir);
    auto config = model::fineTuningPreset();
    config.init_from = origin.model_path;
    model::adoptModelOptions(config);
    source.settings = QJsonDocument::fromJson(QByteArray::fromStdString(model::toJson(config).dump())).object();
  } catch (const std::exception& e) {
    source.error = QString::fromUtf8(e.what());
  }
  return source;
}

double defaultReplayShare() { return model::kDefaultReplayShare; }

KeptCorrection keepCorrection(const QString& model_path, const QString& source, const QString& corrected,
                              const QString& before) {
  KeptCorrection kept;
  kept.file = QString::fromStdString(model::correctionsFileFor(model_path.toStdString()));
  try {
    kept.count = int(model::appendCorrection(kept.file.toStdString(),
                                             {source.toStdString(), corrected.toStdString(), before.toStdString(), 0}));
  } catch (const std::exception& e) {
    kept.error = QString::fromUtf8(e.what());
  }
  return kept;
}

int correctionsCount(const QString& model_path) {
  try {
    return int(model::readCorrections(model::correctionsFileFor(model_path.toStdString())).size());
  } catch (const std::exception&) {
    return 0;
  }
}

ExportedCorrections exportCorrectionsTmx(const QString& model_path, const QString& out) {
  ExportedCorrections exported;
  try {
    exported.count = int(model::exportCorrectionsTmx(model::correctionsFileFor(model_path.toStdString()),
                                                     out.toStdString(),
                                                     QCoreApplication::applicationVersion().toStdString()));
  } catch (const std::exception& e) {
    exported.error = QString::fromUtf8(e.what());
  }
  return exported;
}

CorrectionsRound prepareCorrectionsRound(const QString& model_path) {
  CorrectionsRound round;
  try {
    const auto origin = model::findModelOrigin(model_path.toStdString());
    const auto corrections = model::correctionsWithLineage(origin.model_path);
    if (corrections.empty()) throw std::runtime_error("no corrections are kept for this model yet");
    round.corrections = int(corrections.size());
    const std::string own = model::correctionsFileFor(origin.model_path);
    std::set<std::string> own_sources;
    for (const auto& c : model::readCorrections(own)) own_sources.insert(c.source);
    for (const auto& c : corrections) round.earlier += own_sources.count(c.source) == 0 ? 1 : 0;
    // A run folder beside the model's run: <run>-corrections-N, the first N not there yet.
    const QString run = QString::fromStdString(origin.run_dir.empty() ? QFileInfo(model_path).absolutePath().toStdString()
                                                                      : origin.run_dir);
    int n = 1;
    while (QFileInfo::exists(QStringLiteral("%1-corrections-%2").arg(run).arg(n))) ++n;
    round.runDir = QStringLiteral("%1-corrections-%2").arg(run).arg(n);
    round.dataDir = round.runDir + "-data";
    model::writeCorrectionsData(corrections, origin.spm_path, round.dataDir.toStdString());
    auto config = model::correctionsLearningConfig(origin.model_path, origin.data_dir);
    model::adoptModelOptions(config);
    config.eval_samples = int64_t(corrections.size());  // every corrected sentence, before and after
    round.originalData = QString::fromStdString(config.original_data);
    round.replayShare = config.replay_share;
    round.settings = QJsonDocument::fromJson(QByteArray::fromStdString(model::toJson(config).dump())).object();
  } catch (const std::exception& e) {
    round.error = QString::fromUtf8(e.what());
  }
  return round;
}

}  // namespace studio::app
