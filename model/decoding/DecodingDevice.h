#pragma once

#include <string>
#include <vector>

#include <torch/types.h>

#include "model/TransformerOptions.h"

// Where a model translates when the device is "auto". A GPU runs LibTorch's
// modules, dozens of small kernel launches a step (67 for the starter's 2+2
// layers); the CPU runs the inference engine of our own. On an H200
// (2026-12-04, docs/benchmarks.md, "On a GPU") the GPU decoded a starter
// (d_model 128) 1.2 to 5.5 times slower than the engine did on 2 threads of
// the same kind of machine's Xeon, in every search and batch measured, and an
// iwslt-4layer-shaped model (d_model 512) about as fast one sentence at a
// time and 4 to 10 times faster 32 at a time.
namespace studio::model {

// Models narrower than this translate on the CPU under "auto".
inline constexpr int64_t kGpuDecodingMinWidth = 512;

// Whether "auto" translates `models` (one, or an ensemble's members, which
// share a device) on the CPU even where a GPU is present: when every one is
// narrower than kGpuDecodingMinWidth.
bool decodesFasterOnCpu(const std::vector<TransformerOptions>& models);

// The device to translate the model files `model_paths` on: `name` as
// resolveDevice() reads it ("cpu", "cuda", "cuda:N" are kept), except that
// "auto" where a GPU is present means the CPU for the models
// decodesFasterOnCpu() picks it for. Reads only the files' options; a file
// that cannot be read leaves the choice to resolveDevice() (loading it then
// says what is wrong). Throws DeviceError as resolveDevice() does.
torch::Device decodingDevice(const std::string& name, const std::vector<std::string>& model_paths);

}  // namespace studio::model
