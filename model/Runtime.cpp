#include "model/Runtime.h"

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <stdexcept>
#include <thread>

#ifdef __linux__
#include <dlfcn.h>
#endif

#include <ATen/Context.h>
#include <ATen/Parallel.h>
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

torch::Device resolveDevice(const std::string& name) {
  if (name == "auto" || name.empty())
    return torch::cuda::is_available() ? torch::Device(torch::kCUDA, 0) : torch::Device(torch::kCPU);
  if (name == "cpu") return torch::Device(torch::kCPU);
  static const std::regex cuda_pattern("cuda(:([0-9]+))?");
  std::smatch match;
  if (std::regex_match(name, match, cuda_pattern)) {
    if (!torch::cuda::is_available())
      throw std::runtime_error("device 'cuda' asked for, but " +
                               std::string(at::hasCUDA() ? "no GPU is usable"
                                                         : "this LibTorch was built without CUDA"));
    const int index = match[2].matched ? std::stoi(match[2].str()) : 0;
    if (index >= static_cast<int>(torch::cuda::device_count()))
      throw std::runtime_error("device '" + name + "' does not exist (" +
                               std::to_string(torch::cuda::device_count()) + " GPU(s))");
    return torch::Device(torch::kCUDA, static_cast<c10::DeviceIndex>(index));
  }
  throw std::invalid_argument("device must be auto, cpu, cuda or cuda:N, got '" + name + "'");
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
  auto init = reinterpret_cast<Init>(dlsym(driver, "cuInit"));
  auto count = reinterpret_cast<Count>(dlsym(driver, "cuDeviceGetCount"));
  auto get = reinterpret_cast<Get>(dlsym(driver, "cuDeviceGet"));
  auto name = reinterpret_cast<Name>(dlsym(driver, "cuDeviceGetName"));
  auto attribute = reinterpret_cast<Attribute>(dlsym(driver, "cuDeviceGetAttribute"));
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
      gpus.push_back(gpu);
    }
  }
  dlclose(driver);
#endif
  return gpus;
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

RuntimeInfo runtimeInfo() {
  RuntimeInfo info;
  info.torch_version = TORCH_VERSION;
  info.cuda_built = at::hasCUDA();
  info.cuda_available = torch::cuda::is_available();
  info.cuda_devices = info.cuda_available ? static_cast<int>(torch::cuda::device_count()) : 0;
  info.threads = at::get_num_threads();
  info.hardware_threads = static_cast<int>(std::thread::hardware_concurrency());
  info.blas = loadedBlas();
  info.gpus = cudaGpus();
  return info;
}

std::string describe(const RuntimeInfo& info) {
  std::ostringstream out;
  out << "LibTorch " << info.torch_version << "\n"
      << "CUDA: " << (info.cuda_available ? "available, " + std::to_string(info.cuda_devices) + " GPU(s)"
                                          : info.cuda_built ? "built in, no GPU found" : "not in this build")
      << "\n";
  for (size_t i = 0; i < info.gpus.size(); ++i)
    out << "GPU " << i << ": " << info.gpus[i].name << " (compute capability " << info.gpus[i].major << "."
        << info.gpus[i].minor << ")\n";
  out << "CPU threads: " << info.threads << " of " << info.hardware_threads << "\n"
      << "BLAS: " << info.blas << "\n";
  return out.str();
}

}  // namespace studio::model
