#include "model/training/SpeedProbe.h"

#include <algorithm>
#include <chrono>
#include <thread>

#include <ATen/Parallel.h>
#include <torch/cuda.h>
#include <torch/nn/utils/clip_grad.h>

#include "model/Transformer.h"
#include "model/data/Batching.h"
#include "model/decoding/Decoding.h"
#include "model/runtime/Runtime.h"
#include "model/training/Distributed.h"
#include "model/training/Loss.h"
#include "model/training/MixedPrecision.h"
#include "model/training/Optimizer.h"
#include "model/training/TimeBudget.h"
#include "model/training/Seconds.h"

namespace studio::model {

SpeedEstimate estimateTrainingSpeed(const TrainingConfig& config, int64_t vocab_size, const torch::Device& device,
                                    int64_t steps, int64_t length, int64_t dev_pairs) {
  SpeedEstimate out;
  auto options = config.model;
  options.vocab_size = vocab_size;
  length = std::clamp<int64_t>(length, 2, options.max_length - 1);
  steps = std::max<int64_t>(1, steps);
  const bool amp = mixedPrecisionEnabled(config.mixed_precision, config.mixed_precision_dtype, device);
  const auto dtype = mixedPrecisionType(config.mixed_precision_dtype, device);
  out.precision = amp ? (dtype == torch::kHalf ? "fp16" : "bf16") : "fp32";

  const int cores = int(std::max(1u, std::thread::hardware_concurrency()));
  out.workers = defaultWorkerCount(int(config.cpu_workers), device, cores);
  struct ThreadsBack {  // the process's thread count, as it was, on every way out
    int threads = at::get_num_threads();
    ~ThreadsBack() { at::set_num_threads(threads); }
  } threads_back;
  if (out.workers > 1) configureThreads(std::max(1, cores / out.workers));

  torch::manual_seed(config.seed);
  Transformer model(options);
  model->to(device);
  model->train();
  auto optimizer = makeAdam(model->parameters(), 1e-4);
  const int64_t batch =
      std::max<int64_t>(1, config.max_tokens / data::exampleCost(length, length) / int64_t(out.workers));
  auto random = [&](int64_t rows, int64_t columns) {
    return torch::randint(4, vocab_size, {rows, columns}, torch::kLong).to(device);
  };
  const auto src = random(batch, length + 1), target_in = random(batch, length + 1), target_out = random(batch, length + 1);
  auto step = [&] {
    optimizer->zero_grad();
    {
      AutocastScope autocast(amp, device, dtype);
      auto loss = modelLoss(model, src, target_in, target_out, options.pad_id, config.label_smoothing,
                            /*count_correct=*/false);
      (loss.loss / double(config.accumulate_steps)).backward();
    }
    if (config.clip_norm > 0) torch::nn::utils::clip_grad_norm_(model->parameters(), config.clip_norm);
    adamStep(*optimizer);
  };
  step();  // warm-up: allocations, oneDNN's kernel choice
  const auto started = std::chrono::steady_clock::now();
  for (int64_t i = 0; i < steps; ++i)
    for (int64_t a = 0; a < config.accumulate_steps; ++a) step();
  if (device.is_cuda()) torch::cuda::synchronize();
  out.step_seconds = secondsSince(started) / double(steps);

  if (config.evaluate) {
    // Dev loss: a forward pass (about a third of a step) a batch of dev pairs.
    const double loss_seconds =
        out.step_seconds / double(config.accumulate_steps) / 3.0 * double(dev_pairs) / double(batch);
    // Greedy translations: timed on up to 64 sentences, `length` tokens each.
    torch::NoGradGuard no_grad;
    model->eval();
    const int64_t sentences = config.eval_sentences > 0 ? config.eval_sentences : dev_pairs;
    const int64_t sample = std::min<int64_t>(64, sentences);
    DecodingOptions greedy;
    greedy.beam_size = config.eval_beam;
    greedy.max_length_ratio = 1.0;
    greedy.max_length_extra = 0;
    const auto decode_started = std::chrono::steady_clock::now();
    beamSearch(model, random(sample, length), greedy);
    const double decode_seconds = secondsSince(decode_started) * double(sentences) / double(sample);
    out.evaluation_seconds = loss_seconds + decode_seconds;
  }
  // A step with its share of the evaluations; a time budget holds as many as fit.
  const double evaluation_share = config.evaluate ? out.evaluation_seconds / double(std::max<int64_t>(1, config.eval_every)) : 0.0;
  out.steps = config.max_steps;
  if (config.time_budget_minutes > 0) {
    const TimeBudget budget(config.time_budget_minutes, config.max_steps);
    out.steps = std::clamp<int64_t>(int64_t(budget.seconds() / (out.step_seconds + evaluation_share)), 1, config.max_steps);
  }
  const int64_t evaluations = config.evaluate ? out.steps / std::max<int64_t>(1, config.eval_every) : 0;
  out.run_seconds = out.step_seconds * double(out.steps) + out.evaluation_seconds * double(evaluations);
  return out;
}

}  // namespace studio::model
