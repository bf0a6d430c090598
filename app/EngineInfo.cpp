#include "app/EngineInfo.h"

#include "model/Runtime.h"

namespace studio::app {

int initializeEngine(int threads) { return model::configureThreads(threads); }

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
  info.summary = QString::fromStdString(model::describe(runtime)).trimmed();
  return info;
}

}  // namespace studio::app
