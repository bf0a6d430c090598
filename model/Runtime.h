#pragma once

#include <string>
#include <vector>

#include <torch/types.h>

namespace studio::model {

// Sets LibTorch's intra-op thread count: `requested` > 0 as given, otherwise
// the machine's hardware threads. Returns the count in effect.
int configureThreads(int requested = 0);

// "auto" (CUDA when this LibTorch has it and a GPU is present, else CPU),
// "cpu", "cuda" or "cuda:N". Throws std::invalid_argument for anything else
// and std::runtime_error when CUDA is asked for but not available.
torch::Device resolveDevice(const std::string& name);

// One GPU as the NVIDIA driver describes it.
struct GpuInfo {
  std::string name;
  int major = 0, minor = 0;  // compute capability
};

// The GPUs, asked of the driver (libcuda.so.1, opened at run time: no CUDA
// headers or link needed). Empty when LibTorch has no usable CUDA or the
// driver cannot be asked.
std::vector<GpuInfo> cudaGpus();

// The autocast type for mixed precision: "bf16" or "fp16" as asked, or for
// "auto" bf16 on the CPU and on GPUs that compute in it natively (compute
// capability 8.0, Ampere, and newer), else fp16 (with loss scaling).
torch::ScalarType mixedPrecisionType(const std::string& name, const torch::Device& device);

struct RuntimeInfo {
  std::string torch_version;   // e.g. "1.13.1"
  bool cuda_built = false;     // this LibTorch was built with CUDA
  bool cuda_available = false; // ... and a GPU is usable now
  int cuda_devices = 0;
  int threads = 0;             // intra-op threads in effect
  int hardware_threads = 0;
  std::string blas;            // the BLAS library loaded (best effort)
  std::vector<GpuInfo> gpus;   // what the NVIDIA driver reports (empty without CUDA)
};

RuntimeInfo runtimeInfo();

// One line per fact, for --version and the About dialog.
std::string describe(const RuntimeInfo& info);

}  // namespace studio::model
