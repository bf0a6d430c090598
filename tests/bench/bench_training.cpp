// attention-studio-bench: training-step throughput of the Transformer on the
// CPU (or a GPU with --device), as target tokens per second and as achieved
// matmul FLOP/s against a large float matmul measured in the same run.
//
//   attention-studio-bench [--json] [--steps N] [--threads N] [--device D]
//                          [--configs base,small] [--smoke]

#include <chrono>
#include <cstdio>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>
#include <torch/torch.h>

#include "model/Loss.h"
#include "model/Optimizer.h"
#include "model/Runtime.h"
#include "model/Transformer.h"

using namespace studio;
using Clock = std::chrono::steady_clock;

namespace {

struct BenchConfig {
  std::string name;
  model::TransformerOptions options;
  int64_t batch;          // sentences
  int64_t source_length;  // tokens per source sentence
  int64_t target_length;  // tokens per target sentence (decoder input)
};

model::TransformerOptions makeOptions(int64_t layers, int64_t d, int64_t heads, int64_t ff, int64_t vocab) {
  model::TransformerOptions o;
  o.vocab_size = vocab;
  o.encoder_layers = o.decoder_layers = layers;
  o.d_model = d;
  o.heads = heads;
  o.d_ff = ff;
  o.dropout = 0.1;
  o.max_length = 256;
  return o;
}

double seconds(Clock::time_point a, Clock::time_point b) {
  return std::chrono::duration<double>(b - a).count();
}

void synchronize(const torch::Device& device) {
  if (device.is_cuda()) torch::cuda::synchronize();
}

// FLOP/s of an n x n float matmul (2 n^3 per product).
double matmulFlops(int64_t n, int reps, const torch::Device& device) {
  auto a = torch::randn({n, n}, torch::TensorOptions().device(device));
  auto b = torch::randn({n, n}, torch::TensorOptions().device(device));
  auto c = torch::mm(a, b);  // warm-up
  synchronize(device);
  const auto start = Clock::now();
  for (int i = 0; i < reps; ++i) c = torch::mm(a, b);
  synchronize(device);
  return 2.0 * double(n) * double(n) * double(n) * reps / seconds(start, Clock::now());
}

// Matmul FLOPs of one forward pass (multiply-add = 2); a training step is
// counted as three forward passes (the backward pass costs about two).
double forwardFlops(const BenchConfig& c) {
  const double D = double(c.options.d_model), F = double(c.options.d_ff), V = double(c.options.vocab_size);
  const double B = double(c.batch), S = double(c.source_length), T = double(c.target_length);
  const double Ns = B * S, Nt = B * T;
  const double encoder_layer = 2 * Ns * D * 3 * D     // q, k, v
                               + 2 * 2 * B * S * S * D  // scores and context
                               + 2 * Ns * D * D         // output projection
                               + 2 * 2 * Ns * D * F;    // feed-forward
  const double decoder_layer = 2 * Nt * D * 3 * D + 2 * 2 * B * T * T * D + 2 * Nt * D * D  // self
                               + 2 * Nt * D * D + 2 * Ns * D * 2 * D + 2 * 2 * B * T * S * D +
                               2 * Nt * D * D          // cross
                               + 2 * 2 * Nt * D * F;   // feed-forward
  return double(c.options.encoder_layers) * encoder_layer + double(c.options.decoder_layers) * decoder_layer +
         2 * Nt * D * V;  // tied output projection
}

nlohmann::json runConfig(const BenchConfig& c, int steps, const torch::Device& device, double matmul) {
  torch::manual_seed(1);
  model::Transformer m(c.options);
  m->to(device);
  m->train();
  auto adam = model::makeAdam(m->parameters(), 1e-4);
  auto long_options = torch::TensorOptions().dtype(torch::kLong).device(device);
  const auto& o = c.options;
  auto src = torch::randint(4, o.vocab_size, {c.batch, c.source_length}, long_options);
  auto tgt_in = torch::randint(4, o.vocab_size, {c.batch, c.target_length}, long_options);
  auto tgt_out = torch::randint(4, o.vocab_size, {c.batch, c.target_length}, long_options);

  auto step = [&]() {
    adam->zero_grad();
    auto logits = m(src, tgt_in);
    auto loss = model::labelSmoothedCrossEntropy(logits, tgt_out, o.pad_id, 0.1);
    loss.loss.backward();
    adam->step();
  };
  step();  // warm-up: allocations, first-touch
  synchronize(device);
  const auto start = Clock::now();
  for (int i = 0; i < steps; ++i) step();
  synchronize(device);
  const double step_seconds = seconds(start, Clock::now()) / steps;

  const double target_tokens = double(c.batch * c.target_length);
  const double train_flops = 3.0 * forwardFlops(c);
  const double achieved = train_flops / step_seconds;
  return nlohmann::json{
      {"config", c.name},
      {"device", device.str()},
      {"threads", at::get_num_threads()},
      {"parameters", m->parameterCount()},
      {"layers", std::to_string(o.encoder_layers) + "+" + std::to_string(o.decoder_layers)},
      {"d_model", o.d_model},
      {"heads", o.heads},
      {"d_ff", o.d_ff},
      {"vocab", o.vocab_size},
      {"batch_sentences", c.batch},
      {"target_tokens_per_batch", c.batch * c.target_length},
      {"source_tokens_per_batch", c.batch * c.source_length},
      {"steps", steps},
      {"step_seconds", step_seconds},
      {"tokens_per_s", target_tokens / step_seconds},
      {"train_gflop_per_step", train_flops / 1e9},
      {"achieved_gflops", achieved / 1e9},
      {"matmul_gflops", matmul / 1e9},
      {"flops_fraction", achieved / matmul},
  };
}

int usage(const char* why) {
  std::fprintf(stderr, "error: %s\nusage: attention-studio-bench [--json] [--steps N] [--threads N] "
                       "[--device auto|cpu|cuda] [--configs base,small] [--smoke]\n", why);
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  bool json = false, smoke = false;
  int steps = 3, threads = 0;
  std::string device_name = "cpu", configs = "base,small";
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    auto value = [&]() -> std::string { return i + 1 < argc ? argv[++i] : ""; };
    if (arg == "--json") json = true;
    else if (arg == "--smoke") smoke = true;
    else if (arg == "--steps") steps = std::atoi(value().c_str());
    else if (arg == "--threads") threads = std::atoi(value().c_str());
    else if (arg == "--device") device_name = value();
    else if (arg == "--configs") configs = value();
    else return usage(("unknown argument " + arg).c_str());
  }
  if (steps < 1) return usage("--steps must be at least 1");

  try {
    model::configureThreads(threads);
    const auto device = model::resolveDevice(device_name);

    std::vector<BenchConfig> all;
    if (smoke) {
      all.push_back({"smoke", makeOptions(1, 32, 4, 64, 100), 4, 6, 5});
      steps = 1;
    } else {
      // Transformer-base (the paper): 6+6 layers, d_model 512, 8 heads, d_ff 2048;
      // 160 sentences x 25 target tokens = 4,000 target tokens a batch.
      all.push_back({"base", makeOptions(6, 512, 8, 2048, 8000), 160, 28, 25});
      // A small model of the size that trains on a CPU in minutes.
      all.push_back({"small", makeOptions(3, 256, 4, 1024, 8000), 160, 28, 25});
    }
    const double matmul = smoke ? matmulFlops(256, 3, device) : matmulFlops(2048, 10, device);
    if (!json) {
      std::printf("%s", model::describe(model::runtimeInfo()).c_str());
      std::printf("float matmul: %.1f GFLOP/s\n", matmul / 1e9);
    }
    for (const auto& c : all) {
      if (configs.find(c.name) == std::string::npos && !smoke) continue;
      auto result = runConfig(c, steps, device, matmul);
      if (json) {
        std::cout << result.dump() << std::endl;
      } else {
        std::printf("%-6s %s params, %lld target tokens/batch: %.3f s/step, %.0f tokens/s, "
                    "%.1f GFLOP/s = %.1f %% of matmul\n",
                    c.name.c_str(), std::to_string(result["parameters"].get<int64_t>()).c_str(),
                    static_cast<long long>(result["target_tokens_per_batch"].get<int64_t>()),
                    result["step_seconds"].get<double>(), result["tokens_per_s"].get<double>(),
                    result["achieved_gflops"].get<double>(), 100.0 * result["flops_fraction"].get<double>());
      }
    }
  } catch (const std::exception& e) {
    std::string message = e.what();
    std::fprintf(stderr, "error: %s\n", message.substr(0, message.find('\n')).c_str());
    return 1;
  }
  return 0;
}
