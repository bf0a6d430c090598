#include "app/FineTuning.h"

#include <QJsonDocument>

#include <nlohmann/json.hpp>

#include "model/files/ModelFile.h"
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

}  // namespace studio::app
