#include "app/EngineInfo.h"

#include <QJsonDocument>
#include <QObject>
#include <QSet>

#include <climits>

#include <nlohmann/json.hpp>

#include "model/inference/QuantizedLinear.h"
#include "model/runtime/Runtime.h"
#include "model/training/Probes.h"
#include "model/training/TrainingConfig.h"

namespace studio::app {

int initializeEngine(int threads) {
  model::configureOneDnnPrimitiveCache();
  return model::configureThreads(threads);
}

EngineInfo engineInfo() {
  const auto runtime = model::runtimeInfo();
  EngineInfo info;
  info.torchVersion = QString::fromStdString(runtime.torch_version);
  info.cudaBuilt = runtime.cuda_built;
  info.cudaAvailable = runtime.cuda_available;
  info.cudaDevices = runtime.cuda_devices;
  info.threads = runtime.threads;
  info.hardwareThreads = runtime.hardware_threads;
  info.blas = QString::fromStdString(runtime.blas);
  info.sentencePieceVersion = QStringLiteral(STUDIO_SENTENCEPIECE_VERSION);
  info.buildKind = runtime.cuda_built ? QStringLiteral("CUDA") : QStringLiteral("CPU");
  info.int8Unsupported = QString::fromStdString(model::inference::int8Unsupported());
  info.int8Kernels = QString::fromStdString(runtime.cpu_int8);
  info.cpuBf16 = QString::fromStdString(runtime.cpu_bf16);
  info.bf16Kernels = QString::fromStdString(runtime.cpu_bf16_kernels);
  for (const auto& gpu : runtime.gpus)
    info.gpus << QString("%1 (%2.%3)").arg(QString::fromStdString(gpu.name)).arg(gpu.major).arg(gpu.minor);
  info.summary = QString::fromStdString(model::describe(runtime)).trimmed();
  return info;
}

QString EngineInfo::deviceLine() const {
  if (cudaAvailable)
    return gpus.isEmpty() ? QObject::tr("CUDA, %n GPU(s)", nullptr, cudaDevices)
                          : QObject::tr("CUDA: %1").arg(gpus.join(", "));
  return QObject::tr("CPU, %n thread(s)%1", nullptr, threads)
      .arg(cudaBuilt ? QObject::tr(" (no usable GPU found)") : QObject::tr(" (this build has no CUDA)"));
}

QStringList trainingPresetNames() {
  QStringList names;
  for (const auto& name : model::trainingPresetNames()) names << QString::fromStdString(name);
  return names;
}

QJsonObject trainingPresetJson(const QString& name) {
  try {
    const auto json = model::toJson(model::trainingPreset(name.toStdString())).dump();
    return QJsonDocument::fromJson(QByteArray::fromStdString(json)).object();
  } catch (const std::invalid_argument&) {
    return {};
  }
}

namespace {

// Settings of `a` and `b` that differ (objects compared setting by setting).
int differences(const QJsonObject& a, const QJsonObject& b, const QSet<QString>& ignored) {
  QSet<QString> keys;
  for (auto it = a.begin(); it != a.end(); ++it) keys.insert(it.key());
  for (auto it = b.begin(); it != b.end(); ++it) keys.insert(it.key());
  int count = 0;
  for (const auto& key : keys) {
    if (ignored.contains(key)) continue;
    const QJsonValue x = a.value(key), y = b.value(key);
    if (x.isObject() && y.isObject())
      count += differences(x.toObject(), y.toObject(), {});
    else if (x != y)
      ++count;
  }
  return count;
}

}  // namespace

QString closestTrainingPreset(const QJsonObject& training) {
  if (training.isEmpty()) return {};
  static const QSet<QString> ignored{"max_steps",    "max_epochs",         "eval_every",     "eval_sentences",
                                     "probes",       "probe_every",        "device",         "cpu_workers",
                                     "seed",         "init_from",          "init_optimizer", "original_data",
                                     "replay_share", "time_budget_minutes"};
  QString best;
  int fewest = INT_MAX;
  for (const auto& name : trainingPresetNames()) {
    const int count = differences(training, trainingPresetJson(name), ignored);
    if (count < fewest) {
      fewest = count;
      best = name;
    }
  }
  return best;
}

QPair<qint64, qint64> keptModelsEstimate(const QString& config_json, qint64 vocab_size) {
  try {
    auto config = model::trainingConfigFromJson(nlohmann::json::parse(config_json.toStdString()));
    config.model.vocab_size = vocab_size;
    const auto estimate = model::keptModelsEstimate(config);
    return {estimate.files, estimate.bytes};
  } catch (const std::exception&) {
    return {0, 0};
  }
}

QJsonArray probesJson(const QString& lines, QString* error) {
  QJsonArray probes;
  const QStringList all = lines.split('\n');
  for (int i = 0; i < all.size(); ++i) {
    const QString line = all[i].trimmed();
    if (line.isEmpty() || line.startsWith('#')) continue;
    try {
      const auto probe = model::parseProbe(all[i].toStdString());
      probes.append(QJsonObject{{"source", QString::fromStdString(probe.source)},
                                {"reference", QString::fromStdString(probe.reference)}});
    } catch (const std::invalid_argument& e) {
      if (error) *error = QObject::tr("Probe sentences, line %1: %2").arg(i + 1).arg(QString::fromStdString(e.what()));
      return {};
    }
  }
  return probes;
}

}  // namespace studio::app
