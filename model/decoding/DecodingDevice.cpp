#include "model/decoding/DecodingDevice.h"

#include "model/files/ModelFile.h"
#include "model/runtime/Runtime.h"

namespace studio::model {

bool decodesFasterOnCpu(const std::vector<TransformerOptions>& models) {
  if (models.empty()) return false;
  for (const auto& options : models)
    if (options.d_model >= kGpuDecodingMinWidth) return false;
  return true;
}

torch::Device decodingDevice(const std::string& name, const std::vector<std::string>& model_paths) {
  const torch::Device resolved = resolveDevice(name);
  if (name != "auto" || resolved.is_cpu()) return resolved;
  std::vector<TransformerOptions> models;
  try {
    for (const auto& path : model_paths) models.push_back(readModelOptions(path));
  } catch (const std::exception&) {
    return resolved;
  }
  return decodesFasterOnCpu(models) ? torch::Device(torch::kCPU) : resolved;
}

}  // namespace studio::model
