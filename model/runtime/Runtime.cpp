#include "model/runtime/Runtime.h"

#include "model/inference/Bf16Linear.h"
#include "model/inference/QuantizedLinear.h"
#include "model/runtime/BlasKernels.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <regex>
#include <sstream>
#include <stdexcept>
#include <thread>
#include <utility>

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif
#ifdef __linux__
#include <dlfcn.h>
#endif

#include <ATen/Context.h>
#include <ATen/Parallel.h>
#include <ATen/Version.h>
#include <ATen/detail/CUDAHooksInterface.h>
#include <torch/cuda.h>
#include <torch/version.h>

namespace studio::model {

int configureThreads(int requested) {
  int threads = requested;
  if (threads <= 0) threads = static_cast<int>(std::thread::hardware_concurrency());
  if (threads <= 0) threads = 1;
  at::set_num_threads(threads);
  return at::get_num_threads();
}

namespace {

// The oneDNN cache capacity the environment asks for, and the variable that does ("" and null: none).
std::pair<std::string, const char*> askedOneDnnCache() {
  for (const char* name : {"ONEDNN_PRIMITIVE_CACHE_CAPACITY", "DNNL_PRIMITIVE_CACHE_CAPACITY"})
    if (const char* set = std::getenv(name)) return {set, name};
  return {"", nullptr};
}

}  // namespace

void configureOneDnnPrimitiveCache() {
  if (askedOneDnnCache().second) return;
  const std::string capacity = std::to_string(kOneDnnPrimitiveCache);
#ifdef _WIN32
  _putenv_s("ONEDNN_PRIMITIVE_CACHE_CAPACITY", capacity.c_str());
#else
  setenv("ONEDNN_PRIMITIVE_CACHE_CAPACITY", capacity.c_str(), 0);
#endif
}

bool cudaBuilt() {
  // hasCUDA() means "a GPU is usable" from LibTorch 2.x on; the CUDA runtime
  // is there in every CUDA build, GPU or not.
  return at::detail::getCUDAHooks().hasCUDART();
}

std::vector<std::string> availableDevices() {
  std::vector<std::string> names{"cpu"};
  const int gpus = torch::cuda::is_available() ? static_cast<int>(torch::cuda::device_count()) : 0;
  for (int i = 0; i < gpus; ++i) names.push_back("cuda:" + std::to_string(i));
  return names;
}

torch::Device resolveDevice(const std::string& name) {
  if (name == "auto" || name.empty())
    return torch::cuda::is_available() ? torch::Device(torch::kCUDA, 0) : torch::Device(torch::kCPU);
  if (name == "cpu") return torch::Device(torch::kCPU);
  auto existing = [] {
    std::string list;
    for (const auto& device : availableDevices()) list += (list.empty() ? "" : ", ") + device;
    return "the devices here: " + list;
  };
  static const std::regex cuda_pattern("cuda(:([0-9]{1,3}))?");
  std::smatch match;
  if (std::regex_match(name, match, cuda_pattern)) {
    if (!torch::cuda::is_available())
      throw DeviceError("device '" + name + "' asked for, but " +
                        std::string(cudaBuilt() ? "no GPU is usable (no NVIDIA driver or GPU found)"
                                                  : "this is a CPU build of LibTorch, without CUDA") +
                        "; " + existing());
    const int index = match[2].matched ? std::stoi(match[2].str()) : 0;
    if (index >= static_cast<int>(torch::cuda::device_count()))
      throw DeviceError("device '" + name + "' does not exist; " + existing());
    return torch::Device(torch::kCUDA, static_cast<c10::DeviceIndex>(index));
  }
  throw DeviceError("device must be auto, cpu, cuda or cuda:N, got '" + name + "'; " + existing());
}

namespace {
// The BLAS shared object this process mapped, resolved through Debian's
// alternatives symlinks (libblas.so.3 -> .../openblas-openmp/libblas.so.3).
std::string loadedBlas() {
  std::ifstream maps("/proc/self/maps");
  std::string line;
  while (std::getline(maps, line)) {
    auto slash = line.find('/');
    if (slash == std::string::npos) continue;
    std::string path = line.substr(slash);
    const auto file = std::filesystem::path(path).filename().string();
    if (file.rfind("libblas", 0) == 0 || file.rfind("libopenblas", 0) == 0 ||
        file.rfind("libmkl", 0) == 0) {
      std::error_code ec;
      auto real = std::filesystem::canonical(path, ec);
      return ec ? path : real.string();
    }
  }
  // None mapped: LibTorch carries its BLAS inside (PyPI's wheels link MKL statically).
  const std::string config = at::show_config();
  static const std::regex blas_info("BLAS_INFO=([A-Za-z0-9_]+)");
  std::smatch match;
  if (std::regex_search(config, match, blas_info)) return match[1].str() + " (inside LibTorch)";
  return "unknown";
}
}  // namespace

std::vector<GpuInfo> cudaGpus() {
  std::vector<GpuInfo> gpus;
#ifdef __linux__
  if (!torch::cuda::is_available()) return gpus;
  // The driver API, by name: CUresult is an int, CUdevice an int.
  void* driver = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!driver) return gpus;
  using Init = int (*)(unsigned);
  using Count = int (*)(int*);
  using Get = int (*)(int*, int);
  using Name = int (*)(char*, int, int);
  using Attribute = int (*)(int*, int, int);
  using TotalMemory = int (*)(size_t*, int);
  auto init = reinterpret_cast<Init>(dlsym(driver, "cuInit"));
  auto count = reinterpret_cast<Count>(dlsym(driver, "cuDeviceGetCount"));
  auto get = reinterpret_cast<Get>(dlsym(driver, "cuDeviceGet"));
  auto name = reinterpret_cast<Name>(dlsym(driver, "cuDeviceGetName"));
  auto attribute = reinterpret_cast<Attribute>(dlsym(driver, "cuDeviceGetAttribute"));
  auto total_memory = reinterpret_cast<TotalMemory>(dlsym(driver, "cuDeviceTotalMem_v2"));
  int n = 0;
  if (init && count && get && name && attribute && init(0) == 0 && count(&n) == 0) {
    constexpr int kComputeCapabilityMajor = 75, kComputeCapabilityMinor = 76;  // CUdevice_attribute
    for (int i = 0; i < n; ++i) {
      int device = 0;
      char text[256] = {};
      GpuInfo gpu;
      if (get(&device, i) != 0) continue;
      if (name(text, int(sizeof text) - 1, device) == 0) gpu.name = text;
      attribute(&gpu.major, kComputeCapabilityMajor, device);
      attribute(&gpu.minor, kComputeCapabilityMinor, device);
      size_t bytes = 0;
      if (total_memory && total_memory(&bytes, device) == 0) gpu.memory_bytes = int64_t(bytes);
      gpus.push_back(gpu);
    }
  }
  dlclose(driver);
#endif
  return gpus;
}

std::string cpuBf16Instructions() {
  std::string found;
#if defined(__x86_64__) || defined(__i386__)
  unsigned a = 0, b = 0, c = 0, d = 0;
  // CPUID leaf 7, subleaf 1: EAX bit 5 is AVX512_BF16; subleaf 0: EDX bit 22 is AMX-BF16.
  if (__get_cpuid_count(7, 1, &a, &b, &c, &d) && (a & (1u << 5))) found = "AVX512-BF16";
  if (__get_cpuid_count(7, 0, &a, &b, &c, &d) && (d & (1u << 22))) found += std::string(found.empty() ? "" : ", ") + "AMX-BF16";
#endif
  return found;
}

bool mixedPrecisionEnabled(bool requested, const std::string& name, const torch::Device& device) {
  if (!requested) return false;
  if (name != "auto" || device.is_cuda()) return true;
  static const bool native = !cpuBf16Instructions().empty();
  return native;
}

torch::ScalarType mixedPrecisionType(const std::string& name, const torch::Device& device) {
  if (name == "bf16") return torch::kBFloat16;
  if (name == "fp16") return torch::kHalf;
  if (name != "auto") throw std::invalid_argument("mixed precision type must be auto, bf16 or fp16, got '" + name + "'");
  if (!device.is_cuda()) return torch::kBFloat16;
  const auto gpus = cudaGpus();
  const size_t index = device.has_index() ? size_t(device.index()) : 0;
  return index < gpus.size() && gpus[index].major >= 8 ? torch::kBFloat16 : torch::kHalf;
}

namespace {

// 13000 -> "13.0"; 90102 (cuDNN 9) -> "9.1.2".
std::string cudaVersionText(long version) {
  return std::to_string(version / 1000) + "." + std::to_string(version % 1000 / 10);
}
std::string cudnnVersionText(long version) {
  if (version >= 90000)  // 9.x: major * 10000 + minor * 100 + patch
    return std::to_string(version / 10000) + "." + std::to_string(version / 100 % 100) + "." +
           std::to_string(version % 100);
  return std::to_string(version / 1000) + "." + std::to_string(version / 100 % 10) + "." + std::to_string(version % 100);
}

// NVML (libnvidia-ml, which every NVIDIA driver installs) asked for the
// driver's version: for machines whose /proc has no driver file (containers,
// virtual machines; seen on an H100 virtual machine).
std::string nvmlDriverVersion() {
#ifdef __linux__
  void* nvml = dlopen("libnvidia-ml.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!nvml) return "";
  using Call = int (*)();
  using Version = int (*)(char*, unsigned);
  auto init = reinterpret_cast<Call>(dlsym(nvml, "nvmlInit_v2"));
  auto shutdown = reinterpret_cast<Call>(dlsym(nvml, "nvmlShutdown"));
  auto get = reinterpret_cast<Version>(dlsym(nvml, "nvmlSystemGetDriverVersion"));
  char buffer[96] = {};  // NVML asks for 80
  bool ok = false;
  if (init && shutdown && get && init() == 0) {
    ok = get(buffer, sizeof buffer - 1) == 0;
    shutdown();
  }
  dlclose(nvml);
  return ok ? std::string(buffer) : "";
#else
  return "";
#endif
}

// The kernel module's version line: "NVRM version: NVIDIA UNIX x86_64 Kernel Module  580.65.06  ...",
// else NVML's answer.
std::string nvidiaDriverVersion() {
  std::ifstream in("/proc/driver/nvidia/version");
  std::string line;
  if (in && std::getline(in, line)) {
    static const std::regex version("Kernel Module\\s+([0-9.]+)");
    std::smatch match;
    if (std::regex_search(line, match, version)) return match[1].str();
  }
  return nvmlDriverVersion();
}

// The newest CUDA the installed driver supports, asked of libcuda ("" without one).
std::string driverCudaVersion() {
#ifdef __linux__
  void* driver = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!driver) return "";
  using Version = int (*)(int*);
  auto get = reinterpret_cast<Version>(dlsym(driver, "cuDriverGetVersion"));
  int version = 0;
  const bool ok = get && get(&version) == 0 && version > 0;
  dlclose(driver);
  return ok ? cudaVersionText(version) : "";
#else
  return "";
#endif
}

}  // namespace

RuntimeInfo runtimeInfo() {
  RuntimeInfo info;
  info.torch_version = TORCH_VERSION;
  info.cuda_built = cudaBuilt();
  info.build_kind = info.cuda_built ? "CUDA" : "CPU";
  if (info.cuda_built) {
    // The hooks answer from what LibTorch was built with: no GPU needed.
    try {
      info.cuda_runtime = cudaVersionText(at::detail::getCUDAHooks().versionCUDART());
    } catch (const std::exception&) {
    }
    try {
      if (at::detail::getCUDAHooks().compiledWithCuDNN())
        info.cudnn = cudnnVersionText(at::detail::getCUDAHooks().versionCuDNN());
    } catch (const std::exception&) {
    }
  }
  info.driver = nvidiaDriverVersion();
  info.driver_cuda = driverCudaVersion();
  info.cuda_available = torch::cuda::is_available();
  info.cuda_devices = info.cuda_available ? static_cast<int>(torch::cuda::device_count()) : 0;
  info.threads = at::get_num_threads();
  info.hardware_threads = static_cast<int>(std::thread::hardware_concurrency());
  info.blas = loadedBlas();
  if (const std::string kernels = describeOpenBlasCore(); !kernels.empty()) info.blas += ", " + kernels;
  info.cpu_bf16 = cpuBf16Instructions();
  info.cpu_int8 = inference::int8KernelsDescription();
  info.cpu_bf16_kernels = inference::bf16KernelsDescription();
  info.gpus = cudaGpus();
#ifdef __linux__
  using CacheCapacity = int (*)(int*);  // dnnl_status_t dnnl_get_primitive_cache_capacity(int*)
  if (auto get = reinterpret_cast<CacheCapacity>(dlsym(RTLD_DEFAULT, "dnnl_get_primitive_cache_capacity"))) {
    int capacity = -1;
    if (get(&capacity) == 0 && capacity >= 0) info.onednn_cache = std::to_string(capacity) + " primitives";
  }
#endif
  if (const auto [asked, name] = askedOneDnnCache(); info.onednn_cache.empty() && name)
    info.onednn_cache = asked + " primitives (" + name + "; this LibTorch does not say)";
  return info;
}

std::string describe(const RuntimeInfo& info) {
  std::ostringstream out;
  out << "Build: " << info.build_kind << " (LibTorch " << info.torch_version;
  if (!info.cuda_runtime.empty()) out << ", CUDA runtime " << info.cuda_runtime;
  if (!info.cudnn.empty()) out << ", cuDNN " << info.cudnn;
  out << ")\n"
      << "CUDA: " << (info.cuda_available ? "available, " + std::to_string(info.cuda_devices) + " GPU(s)"
                                          : info.cuda_built ? "built in, no GPU found" : "not in this build")
      << "\n";
  if (!info.driver.empty() || !info.driver_cuda.empty())
    out << "NVIDIA driver: " << (info.driver.empty() ? "unknown" : info.driver)
        << (info.driver_cuda.empty() ? "" : " (CUDA " + info.driver_cuda + ")") << "\n";
  else if (info.cuda_built)
    out << "NVIDIA driver: none found\n";
  for (size_t i = 0; i < info.gpus.size(); ++i) {
    out << "GPU " << i << ": " << info.gpus[i].name << " (compute capability " << info.gpus[i].major << "."
        << info.gpus[i].minor;
    if (info.gpus[i].memory_bytes > 0)
      out << ", " << std::fixed << std::setprecision(1) << double(info.gpus[i].memory_bytes) / double(1ll << 30)
          << " GiB" << std::defaultfloat;
    out << ")\n";
  }
  out << "CPU threads: " << info.threads << " of " << info.hardware_threads << "\n"
      << "BLAS: " << info.blas << "\n"
      << "CPU bf16 instructions: "
      << (info.cpu_bf16.empty() ? "none (mixed precision \"auto\" trains in fp32 on the CPU)"
                                : info.cpu_bf16 + " (mixed precision \"auto\" trains in bf16 on the CPU)")
      << "\n"
      << "int8 decoding kernels: "
      << (info.cpu_int8.empty() ? "none (int8 needs AVX2)" : info.cpu_int8) << "\n"
      << "bf16 decoding kernels: "
      << (info.cpu_bf16_kernels.empty() ? "none (bf16 decoding needs AMX or AVX512-BF16)" : info.cpu_bf16_kernels)
      << "\n";
  if (!info.onednn_cache.empty()) out << "oneDNN primitive cache: " << info.onednn_cache << "\n";
  return out.str();
}

}  // namespace studio::model
