// attention-studio-bench: training-step throughput of the Transformer on the
// CPU (or a GPU with --device), as target tokens per second and as achieved
// matmul FLOP/s against a large float matmul measured in the same run.
//
//   attention-studio-bench [--json] [--steps N] [--threads N] [--device D]
//                          [--configs base,small,starter] [--smoke] [--python] [--profile TRACE.json]
//                          [--attention fused|explicit] [--bf16]
//
// --bf16 runs the forward pass under bf16 autocast, as training with
// "mixed_precision" does on a CPU (scripts/bench-peers compares both
// precisions with PyTorch 2.x).
//
// --attention chooses the attention kernel (model/AttentionKernel.h; by
// default the fused one on GPUs only), to compare the two in one build.
//
// --python compares one configuration with PyTorch's Python API
// (the Python whose torch is the LibTorch built against: Debian's python3-torch,
// or the torch wheel's virtual environment in the CUDA flavour).

#include <chrono>
#include <cstdio>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>
#include <torch/csrc/autograd/profiler_legacy.h>
#include <torch/torch.h>

#include "model/AttentionKernel.h"
#include "model/Decoder.h"
#include "model/Transformer.h"
#include "model/runtime/BlasKernels.h"
#include "model/runtime/CpuBlockCache.h"
#include "model/runtime/Runtime.h"
#include "model/training/Loss.h"
#include "model/training/MixedPrecision.h"
#include "model/training/Optimizer.h"

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

// --profile FILE: where runConfig writes a trace of its steps ("" = none).
std::string g_profile_path;
// --bf16: the forward pass under bf16 autocast.
bool g_bf16 = false;

nlohmann::json runConfig(const BenchConfig& c, int steps, const torch::Device& device, double matmul) {
  model::CpuBlockCacheScope block_cache;  // as Trainer::run (STUDIO_CPU_BLOCK_CACHE=off to compare)
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
    model::LossResult loss;
    {
      model::AutocastScope autocast(g_bf16, device, torch::kBFloat16);
      loss = model::modelLoss(m, src, tgt_in, tgt_out, o.pad_id, 0.1, /*count_correct=*/false);  // as training
    }
    loss.loss.backward();
    model::adamStep(*adam);
  };
  step();  // warm-up: allocations, first-touch
  synchronize(device);
  const auto start = Clock::now();
  for (int i = 0; i < steps; ++i) step();
  synchronize(device);
  const double step_seconds = seconds(start, Clock::now()) / steps;
  const auto blocks = model::cpuBlockCacheStats();
  if (!g_profile_path.empty()) {
    // Two more steps under the autograd profiler: a Chrome trace of every op.
    torch::autograd::profiler::RecordProfile profile(g_profile_path);
    step();
    step();
  }

  const double target_tokens = double(c.batch * c.target_length);
  const double train_flops = 3.0 * forwardFlops(c);
  const double achieved = train_flops / step_seconds;
  return nlohmann::json{
      {"config", c.name},
      {"libtorch", TORCH_VERSION},
      {"device", device.str()},
      {"bf16", g_bf16},
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
      {"cpu_block_cache",
       {{"active", blocks.active},
        {"reused", blocks.reused},
        {"fresh", blocks.fresh},
        {"peak_mb", double(blocks.peak_bytes) / 1e6}}},
  };
}

// One training step and a 30-step greedy decode of the same configuration,
// ours (decoding with the key/value cache) and PyTorch's Python API
// (torch_reference.py, nn.Transformer, which recomputes the prefix).
nlohmann::json comparePython(const torch::Device& device) {
  const nlohmann::json c{{"vocab", 8000}, {"d_model", 256}, {"heads", 4}, {"layers", 3}, {"d_ff", 1024},
                         {"batch", 64},   {"src_len", 28},  {"tgt_len", 25}, {"decode_sentences", 32},
                         {"decode_src_len", 20}, {"decode_steps", 30}, {"threads", at::get_num_threads()},
                         {"steps", 5}};
  auto o = makeOptions(3, 256, 4, 1024, 8000);
  o.attention_dropout = o.relu_dropout = 0.1;  // nn.Transformer's dropout applies in all three places
  BenchConfig config{"python-compare", o, 64, 28, 25};
  auto ours = runConfig(config, 5, device, 1.0);

  torch::manual_seed(1);
  model::Transformer m(o);
  m->to(device);
  m->eval();
  auto src = torch::randint(4, o.vocab_size, {32, 20}, torch::TensorOptions().dtype(torch::kLong).device(device));
  double decode_seconds = 0;
  {
    torch::NoGradGuard no_grad;
    const auto start = Clock::now();
    auto memory = m->encode(src);
    model::DecoderCache cache;
    auto last = torch::full({32}, o.bos_id, torch::TensorOptions().dtype(torch::kLong).device(device));
    for (int step = 0; step < 30; ++step) last = m->project(m->decodeStep(last, memory, src, cache)).argmax(-1);
    synchronize(device);
    decode_seconds = seconds(start, Clock::now());
  }

  const std::string command = std::string("'") + STUDIO_TORCH_PYTHON + "' '" + STUDIO_TORCH_REFERENCE_SCRIPT + "' --config '" +
                              c.dump() + "' 2>&1";
  std::string output;
  if (FILE* pipe = popen(command.c_str(), "r")) {
    char buffer[4096];
    while (size_t n = fread(buffer, 1, sizeof buffer, pipe)) output.append(buffer, n);
    const int status = pclose(pipe);
    if (status != 0) throw std::runtime_error("the PyTorch reference failed: " + output);
  } else {
    throw std::runtime_error(std::string("cannot run ") + STUDIO_TORCH_PYTHON);
  }
  const auto python = nlohmann::json::parse(output.substr(output.find('{')));
  const double python_train = python["train_step_seconds"].get<double>();
  const double python_decode = python["decode_seconds"].get<double>();
  return {{"config", "python-compare"},
          {"pytorch", python["torch"]},
          {"threads", at::get_num_threads()},
          {"tokens_per_s", ours["tokens_per_s"]},
          {"flops_fraction", ours["flops_fraction"]},
          {"train_step_seconds", ours["step_seconds"]},
          {"python_train_step_seconds", python_train},
          {"train_speedup_over_python", python_train / ours["step_seconds"].get<double>()},
          {"decode_seconds", decode_seconds},
          {"python_decode_seconds", python_decode},
          {"decode_speedup_over_python", python_decode / decode_seconds}};
}

int usage(const char* why) {
  std::fprintf(stderr, "error: %s\nusage: attention-studio-bench [--json] [--steps N] [--threads N] "
                       "[--device auto|cpu|cuda] [--configs base,small,starter] [--smoke] [--python] [--profile TRACE.json] [--bf16] "
                       "[--attention fused|explicit]\n", why);
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  studio::model::startAgainWithKnownBlasKernels(argv);  // measured on the kernels the programs use
  bool json = false, smoke = false, python = false;
  int steps = 3, threads = 0;
  std::string device_name = "cpu", configs = "base,small";
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    auto value = [&]() -> std::string { return i + 1 < argc ? argv[++i] : ""; };
    if (arg == "--json") json = true;
    else if (arg == "--smoke") smoke = true;
    else if (arg == "--python") python = true;
    else if (arg == "--steps") steps = std::atoi(value().c_str());
    else if (arg == "--threads") threads = std::atoi(value().c_str());
    else if (arg == "--device") device_name = value();
    else if (arg == "--configs") configs = value();
    else if (arg == "--profile") g_profile_path = value();
    else if (arg == "--bf16") g_bf16 = true;
    else if (arg == "--attention") {
      const std::string kind = value();
      if (kind != "fused" && kind != "explicit") return usage("--attention takes fused or explicit");
      model::setFusedAttention(kind == "fused" ? model::FusedAttention::Always : model::FusedAttention::Never);
    }
    else return usage(("unknown argument " + arg).c_str());
  }
  if (steps < 1) return usage("--steps must be at least 1");

  try {
    model::configureThreads(threads);
    const auto device = model::resolveDevice(device_name);
    if (python) {
      const auto r = comparePython(device);
      if (json) {
        std::cout << r.dump() << std::endl;
      } else {
        std::printf("training step: ours %.3f s, PyTorch (Python) %.3f s -> ours %.2fx as fast\n",
                    r["train_step_seconds"].get<double>(), r["python_train_step_seconds"].get<double>(),
                    r["train_speedup_over_python"].get<double>());
        std::printf("greedy decode, 32 sentences x 30 steps: ours (cached) %.3f s, PyTorch nn.Transformer %.3f s "
                    "-> ours %.2fx as fast\n",
                    r["decode_seconds"].get<double>(), r["python_decode_seconds"].get<double>(),
                    r["decode_speedup_over_python"].get<double>());
      }
      return 0;
    }

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
      // The starter preset's shape on the 4,000-piece demo vocabulary, on 120
      // short sentences (9 source and 8 target pieces; one worker's 1,024-token
      // batch holds about 100 such sentences).
      all.push_back({"starter", makeOptions(2, 128, 4, 512, 4000), 120, 9, 8});
    }
    const double matmul = smoke ? matmulFlops(256, 3, device) : matmulFlops(2048, 10, device);
    if (!json) {
      std::printf("%s", model::describe(model::runtimeInfo()).c_str());
      std::printf("float matmul: %.1f GFLOP/s\n", matmul / 1e9);
      std::printf("attention: %s\n", model::usesFusedAttention(device.is_cuda())
                                          ? "fused (scaled_dot_product_attention)"
                                          : "explicit (softmax(q k^T) v)");
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
