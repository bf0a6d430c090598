#include "model/runtime/Doctor.h"

#include <chrono>
#include <cstdio>
#include <sstream>

#include <nlohmann/json.hpp>
#include <torch/cuda.h>
#include <torch/torch.h>

namespace studio::model {

namespace {

using Clock = std::chrono::steady_clock;

void synchronize(const torch::Device& device) {
  if (device.is_cuda()) torch::cuda::synchronize(device.index());
}

MatmulSpeed timeMatmul(const torch::Device& device, torch::ScalarType dtype, int64_t n, double seconds) {
  MatmulSpeed speed;
  speed.device = device.str();
  speed.dtype = dtype == torch::kBFloat16 ? "bf16" : "fp32";
  speed.size = n;
  try {
    torch::NoGradGuard no_grad;
    const auto options = torch::TensorOptions().device(device).dtype(dtype);
    auto a = torch::randn({n, n}, options), b = torch::randn({n, n}, options);
    auto c = torch::matmul(a, b);  // warm-up: kernels chosen, memory allocated
    synchronize(device);
    const auto start = Clock::now();
    double elapsed = 0;
    while (elapsed < seconds) {
      c = torch::matmul(a, b);
      ++speed.runs;
      if (speed.runs % 8 == 0 || !device.is_cuda()) synchronize(device);
      elapsed = std::chrono::duration<double>(Clock::now() - start).count();
    }
    synchronize(device);
    speed.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    speed.gflops = 2.0 * double(n) * double(n) * double(n) * double(speed.runs) / speed.seconds / 1e9;
  } catch (const std::exception& e) {
    const std::string message = e.what();
    speed.error = message.substr(0, message.find('\n'));
  }
  return speed;
}

}  // namespace

std::vector<MatmulSpeed> measureMatmul(double seconds) {
  std::vector<MatmulSpeed> speeds;
  for (const auto& name : availableDevices()) {
    const torch::Device device(name);
    // Big enough to keep a GPU busy; the CPU's products take long enough at 1024.
    const int64_t n = device.is_cuda() ? 8192 : 1024;
    speeds.push_back(timeMatmul(device, torch::kFloat, n, seconds / 2));
    speeds.push_back(timeMatmul(device, torch::kBFloat16, n, seconds / 2));
  }
  return speeds;
}

std::string doctorReport(const RuntimeInfo& info, const std::vector<MatmulSpeed>& speeds) {
  std::ostringstream out;
  out << describe(info);
  for (const auto& s : speeds) {
    char line[256];
    if (s.error.empty())
      std::snprintf(line, sizeof line, "matmul %s %s %lldx%lld: %.1f GFLOP/s (%lld products in %.2f s)\n",
                    s.device.c_str(), s.dtype.c_str(), static_cast<long long>(s.size), static_cast<long long>(s.size),
                    s.gflops, static_cast<long long>(s.runs), s.seconds);
    else
      std::snprintf(line, sizeof line, "matmul %s %s: failed: %s\n", s.device.c_str(), s.dtype.c_str(),
                    s.error.c_str());
    out << line;
  }
  return out.str();
}

nlohmann::json doctorJson(const RuntimeInfo& info, const std::vector<MatmulSpeed>& speeds) {
  nlohmann::json gpus = nlohmann::json::array();
  for (const auto& g : info.gpus)
    gpus.push_back({{"name", g.name},
                    {"compute_capability", std::to_string(g.major) + "." + std::to_string(g.minor)},
                    {"memory_bytes", g.memory_bytes}});
  nlohmann::json matmul = nlohmann::json::array();
  for (const auto& s : speeds) {
    nlohmann::json item{{"device", s.device}, {"dtype", s.dtype}, {"size", s.size}};
    if (s.error.empty()) {
      item["gflops"] = s.gflops;
      item["runs"] = s.runs;
      item["seconds"] = s.seconds;
    } else {
      item["error"] = s.error;
    }
    matmul.push_back(item);
  }
  return {{"build", info.build_kind},
          {"libtorch", info.torch_version},
          {"cuda_runtime", info.cuda_runtime},
          {"cudnn", info.cudnn},
          {"driver", info.driver},
          {"driver_cuda", info.driver_cuda},
          {"cuda_available", info.cuda_available},
          {"gpus", gpus},
          {"threads", info.threads},
          {"hardware_threads", info.hardware_threads},
          {"blas", info.blas},
          {"cpu_bf16", info.cpu_bf16},
          {"cpu_int8", info.cpu_int8},
          {"cpu_bf16_kernels", info.cpu_bf16_kernels},
          {"matmul", matmul}};
}

}  // namespace studio::model
