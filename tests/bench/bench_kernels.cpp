// attention-studio-kernel-bench: the inference engine's matrix products alone,
// float32 (our packed kernel and BLAS), int8 and bf16, for the shapes a
// decoding step multiplies: `rows` rows (beams of a batch) by a weight
// [out, in]. Prints GFLOP/s a product (2 · rows · in · out per call); "int8"
// and "bf16" are the kernels decoding chooses for those rows, and each int8
// kernel this CPU has (AVX2, AVX-VNNI, AVX512-VNNI, AMX) and each bf16 one
// (oneDNN, AVX512-BF16, AMX; not its float32 fallback) has a column of its own.
//
//   attention-studio-kernel-bench [--rows 1,4,32,128] [--shape IN:OUT,...] [--threads N] [--seconds S] [--json]
//
// The default shapes are the starter model's (128 -> 128, 128 -> 512,
// 512 -> 128, 128 -> 4000) and an iwslt-4layer's (512 -> 512, 512 -> 2048,
// 2048 -> 512, 512 -> 4000).

#include <chrono>
#include <cstdio>
#include <functional>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include <ATen/Parallel.h>
#include <nlohmann/json.hpp>

#include "model/inference/Bf16Linear.h"
#include "model/inference/Kernels.h"
#include "model/inference/PackedLinear.h"
#include "model/inference/QuantizedLinear.h"
#include "model/runtime/BlasKernels.h"
#include "model/runtime/Runtime.h"

using namespace studio::model;
using Clock = std::chrono::steady_clock;

namespace {

std::vector<int64_t> parseList(const std::string& text) {
  std::vector<int64_t> values;
  std::stringstream stream(text);
  for (std::string item; std::getline(stream, item, ',');) values.push_back(std::stoll(item));
  return values;
}

// Calls `product` until `seconds` have passed (at least 3 times, after one
// warm-up call) and returns the mean seconds a call.
double timeIt(double seconds, const std::function<void()>& product) {
  product();
  int64_t calls = 0;
  const auto start = Clock::now();
  double elapsed = 0;
  while (calls < 3 || elapsed < seconds) {
    product();
    ++calls;
    elapsed = std::chrono::duration<double>(Clock::now() - start).count();
  }
  return elapsed / double(calls);
}

}  // namespace

int main(int argc, char** argv) {
  studio::model::startAgainWithKnownBlasKernels(argv);  // measured on the kernels the programs use
  std::vector<int64_t> rows_list = {1, 4, 32, 128};
  std::vector<std::pair<int64_t, int64_t>> shapes = {{128, 128}, {128, 512}, {512, 128}, {128, 4000},
                                                     {512, 512}, {512, 2048}, {2048, 512}, {512, 4000}};
  int threads = 0;
  double seconds = 0.3;
  bool json = false;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    auto value = [&]() -> std::string { return i + 1 < argc ? argv[++i] : ""; };
    if (arg == "--rows") {
      rows_list = parseList(value());
    } else if (arg == "--shape") {
      shapes.clear();
      std::stringstream stream(value());
      for (std::string item; std::getline(stream, item, ',');) {
        const auto colon = item.find(':');
        if (colon == std::string::npos) {
          std::fprintf(stderr, "--shape: expected IN:OUT, got '%s'\n", item.c_str());
          return 2;
        }
        shapes.emplace_back(std::stoll(item.substr(0, colon)), std::stoll(item.substr(colon + 1)));
      }
    } else if (arg == "--threads") {
      threads = std::stoi(value());
    } else if (arg == "--seconds") {
      seconds = std::stod(value());
    } else if (arg == "--json") {
      json = true;
    } else {
      std::fprintf(stderr,
                   "usage: attention-studio-kernel-bench [--rows 1,4,32,128] [--shape IN:OUT,...] [--threads N] "
                   "[--seconds S] [--json]\n");
      return 2;
    }
  }
  configureThreads(threads);
  const bool int8 = inference::int8Unsupported().empty();
  const auto int8_kernels = inference::int8KernelsHere();
  std::vector<inference::Bf16Kernel> bf16_kernels;
  for (auto kernel : inference::bf16KernelsHere())
    if (kernel != inference::Bf16Kernel::Float) bf16_kernels.push_back(kernel);
  if (!json) {
    std::printf("%-6s %-12s %12s %12s %12s %12s", "rows", "in -> out", "packed f32", "BLAS f32", "int8", "bf16");
    for (auto kernel : int8_kernels)
      std::printf(" %12s", (std::string("i8 ") + inference::int8KernelName(kernel)).c_str());
    for (auto kernel : bf16_kernels)
      std::printf(" %12s", (std::string("bf16 ") + inference::bf16KernelName(kernel)).c_str());
    std::printf("   (GFLOP/s, %d threads, BLAS: %s)\n", at::get_num_threads(), inference::linearBackend());
  }
  std::mt19937 rng(7);
  std::normal_distribution<float> normal(0.0f, 1.0f);
  for (const auto& [in, out] : shapes) {
    std::vector<float> weight(static_cast<size_t>(in * out)), bias(static_cast<size_t>(out));
    for (auto& v : weight) v = normal(rng);
    for (auto& v : bias) v = normal(rng);
    const inference::PackedLinear packed(weight.data(), bias.data(), out, in);
    inference::Bf16Linear::keepEveryKernelForTesting(true);  // a column for each kernel
    const inference::Bf16Linear bf16(weight.data(), bias.data(), out, in);
    inference::Bf16Linear::keepEveryKernelForTesting(false);
    std::unique_ptr<inference::QuantizedLinear> quantized;
    if (int8) quantized = std::make_unique<inference::QuantizedLinear>(weight.data(), bias.data(), out, in);
    for (const int64_t rows : rows_list) {
      std::vector<float> x(static_cast<size_t>(rows * in)), y(static_cast<size_t>(rows * out));
      for (auto& v : x) v = normal(rng);
      const double flops = 2.0 * double(rows * in * out);
      auto rate = [&](const std::function<void()>& product) { return flops / timeIt(seconds, product) / 1e9; };
      const double packed_rate = rate([&] { packed.apply(x.data(), rows, y.data()); });
      const double blas_rate =
          rate([&] { inference::linear(x.data(), rows, in, weight.data(), out, bias.data(), y.data()); });
      const double int8_rate = quantized ? rate([&] { quantized->apply(x.data(), rows, y.data()); }) : 0.0;
      const double bf16_rate = rate([&] { bf16.apply(x.data(), rows, y.data()); });
      nlohmann::json by_kernel = nlohmann::json::object();
      for (auto kernel : int8_kernels)
        by_kernel[inference::int8KernelName(kernel)] =
            rate([&] { quantized->applyWith(kernel, x.data(), rows, y.data()); });
      nlohmann::json by_bf16_kernel = nlohmann::json::object();
      for (auto kernel : bf16_kernels)
        by_bf16_kernel[inference::bf16KernelName(kernel)] =
            rate([&] { bf16.applyWith(kernel, x.data(), rows, y.data()); });
      if (json) {
        std::printf("%s\n", nlohmann::json{{"rows", rows},
                                           {"in", in},
                                           {"out", out},
                                           {"packed_gflops", packed_rate},
                                           {"blas_gflops", blas_rate},
                                           {"int8_gflops", int8_rate},
                                           {"bf16_gflops", bf16_rate},
                                           {"int8_kernel",
                                            int8 ? inference::int8KernelName(inference::int8KernelFor(rows)) : ""},
                                           {"int8_kernel_gflops", by_kernel},
                                           {"bf16_kernel", inference::bf16KernelName(inference::bf16KernelFor(rows))},
                                           {"bf16_kernel_gflops", by_bf16_kernel},
                                           {"threads", at::get_num_threads()}}
                                .dump()
                                .c_str());
      } else {
        std::printf("%-6lld %5lld->%-5lld %12.1f %12.1f %12.1f %12.1f", (long long)rows, (long long)in,
                    (long long)out, packed_rate, blas_rate, int8_rate, bf16_rate);
        for (auto kernel : int8_kernels)
          std::printf(" %12.1f", by_kernel[inference::int8KernelName(kernel)].get<double>());
        for (auto kernel : bf16_kernels)
          std::printf(" %12.1f", by_bf16_kernel[inference::bf16KernelName(kernel)].get<double>());
        std::printf("\n");
      }
    }
  }
  return 0;
}
