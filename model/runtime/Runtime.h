#pragma once

#include <stdexcept>
#include <cstdint>
#include <string>
#include <vector>

#include <torch/types.h>

namespace studio::model {

// Sets LibTorch's intra-op thread count: `requested` > 0 as given, otherwise
// the machine's hardware threads. Returns the count in effect.
int configureThreads(int requested = 0);

// oneDNN (LibTorch's matrix products on the CPU, bf16 on AMX among them)
// keeps the primitives it has made, one a shape, 1,024 of them by default. A
// run's batches have hundreds of shapes (tokens a batch, lengths), so the
// default cache is emptied and filled again all the time, each primitive
// made again in milliseconds: 1,198 made in the starter's first 100 steps,
// 3,230 by step 800. Raises it to kOneDnnPrimitiveCache unless the user set
// ONEDNN_PRIMITIVE_CACHE_CAPACITY (or DNNL_...); oneDNN reads it when it
// makes its first primitive, so this runs before (runtimeInfo() says the value in effect).
constexpr int kOneDnnPrimitiveCache = 4096;
void configureOneDnnPrimitiveCache();

// A device that does not exist here, or a name that is none; the message
// lists the devices there are. The CLI reports it as a usage error.
class DeviceError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

// Whether this LibTorch was built with CUDA (whether or not a GPU is there).
bool cudaBuilt();

// "cpu", then "cuda:0", "cuda:1", ... for every usable GPU.
std::vector<std::string> availableDevices();

// "auto" (CUDA when this LibTorch has it and a GPU is present, else CPU),
// "cpu", "cuda" or "cuda:N". Throws DeviceError for anything else, and when
// CUDA or that GPU is asked for but not there.
torch::Device resolveDevice(const std::string& name);

// One GPU as the NVIDIA driver describes it.
struct GpuInfo {
  std::string name;
  int major = 0, minor = 0;  // compute capability
  int64_t memory_bytes = 0;  // total
};

// The GPUs, asked of the driver (libcuda.so.1, opened at run time: no CUDA
// headers or link needed). Empty when LibTorch has no usable CUDA or the
// driver cannot be asked.
std::vector<GpuInfo> cudaGpus();

// The bf16 instructions of this CPU, asked of cpuid: "AVX512-BF16",
// "AMX-BF16", both joined by ", ", or "" (none, or not an x86 CPU). With
// them oneDNN multiplies bf16 matrices several times faster than fp32;
// without them bf16 is emulated and slower.
std::string cpuBf16Instructions();

// Whether a run asking for mixed precision (`requested`) with type `name`
// gets it on `device`: always for "bf16" and "fp16", and for "auto" on a
// CPU only when the CPU has bf16 instructions (else it trains in fp32).
bool mixedPrecisionEnabled(bool requested, const std::string& name, const torch::Device& device);

// The autocast type for mixed precision: "bf16" or "fp16" as asked, or for
// "auto" bf16 on the CPU and on GPUs that compute in it natively (compute
// capability 8.0, Ampere, and newer), else fp16 (with loss scaling).
torch::ScalarType mixedPrecisionType(const std::string& name, const torch::Device& device);

struct RuntimeInfo {
  std::string torch_version;   // e.g. "1.13.1"
  std::string build_kind;      // "CPU" or "CUDA": what this program was built against
  bool cuda_built = false;     // this LibTorch was built with CUDA
  std::string cuda_runtime;    // the CUDA runtime LibTorch was built with, e.g. "13.0" ("" without)
  std::string cudnn;           // cuDNN's version, e.g. "9.10.2" ("" without)
  std::string driver;          // the NVIDIA driver's version ("" when there is none)
  std::string driver_cuda;     // the newest CUDA the driver supports, e.g. "13.0"
  bool cuda_available = false; // ... and a GPU is usable now
  int cuda_devices = 0;
  int threads = 0;             // intra-op threads in effect
  int hardware_threads = 0;
  std::string blas;            // the BLAS library loaded (best effort)
  std::string cpu_bf16;        // cpuBf16Instructions(): "" when the CPU has none
  std::string cpu_int8;        // the int8 kernels this CPU runs, best first ("" when none)
  std::string cpu_bf16_kernels;  // the bf16 decoding kernels, best first ("" without bf16 instructions)
  // oneDNN's primitive cache as oneDNN says it (Debian's libdnnl), else as
  // ONEDNN_PRIMITIVE_CACHE_CAPACITY asks ("" when neither says).
  std::string onednn_cache;
  std::vector<GpuInfo> gpus;   // what the NVIDIA driver reports (empty without CUDA)
};

RuntimeInfo runtimeInfo();

// One line per fact, for --version and the About dialog.
std::string describe(const RuntimeInfo& info);

}  // namespace studio::model
