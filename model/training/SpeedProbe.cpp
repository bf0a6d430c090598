#include "model/training/SpeedProbe.h"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <thread>
#include <vector>

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
#include "model/training/Seconds.h"
#include "model/training/TimeBudget.h"

namespace studio::model {

namespace {

// Steps like the run's: the model (the seed's weights), Adam, and a batch of
// `rows` random sentences `length` pieces long.
class StepProbe {
 public:
  StepProbe(const TrainingConfig& config, const TransformerOptions& options, const torch::Device& device,
            bool amp, torch::ScalarType dtype, int64_t rows, int64_t length)
      : config_(config), options_(options), device_(device), amp_(amp), dtype_(dtype), model_(options) {
    model_->to(device);
    model_->train();
    optimizer_ = makeAdam(model_->parameters(), 1e-4);
    auto random = [&] {
      return torch::randint(4, options.vocab_size, {rows, length + 1}, torch::kLong).to(device);
    };
    src_ = random();
    target_in_ = random();
    target_out_ = random();
  }

  void step() {
    for (int64_t a = 0; a < config_.accumulate_steps; ++a) {
      optimizer_->zero_grad();
      {
        AutocastScope autocast(amp_, device_, dtype_);
        auto loss = modelLoss(model_, src_, target_in_, target_out_, options_.pad_id, config_.label_smoothing,
                              /*count_correct=*/false);
        (loss.loss / double(config_.accumulate_steps)).backward();
      }
      if (config_.clip_norm > 0) torch::nn::utils::clip_grad_norm_(model_->parameters(), config_.clip_norm);
      adamStep(*optimizer_);
    }
  }

  Transformer& model() { return model_; }

 private:
  const TrainingConfig& config_;
  const TransformerOptions& options_;
  torch::Device device_;
  bool amp_;
  torch::ScalarType dtype_;
  Transformer model_;
  std::unique_ptr<torch::optim::Adam> optimizer_;
  torch::Tensor src_, target_in_, target_out_;
};

// Lets `count` threads go on together: each waits in arrive() until all have
// come (C++17 has neither std::latch nor std::barrier). Used once.
class Rendezvous {
 public:
  explicit Rendezvous(int count) : waiting_(count) {}
  void arrive() {
    std::unique_lock<std::mutex> lock(mutex_);
    if (--waiting_ == 0)
      all_.notify_all();
    else
      all_.wait(lock, [this] { return waiting_ == 0; });
  }

 private:
  std::mutex mutex_;
  std::condition_variable all_;
  int waiting_;
};

}  // namespace

SpeedEstimate estimateTrainingSpeed(const TrainingConfig& config, int64_t vocab_size,
                                    const torch::Device& device, int64_t steps, int64_t length,
                                    int64_t dev_pairs) {
  SpeedEstimate out;
  auto options = config.model;
  options.vocab_size = vocab_size;
  length = std::clamp<int64_t>(length, 2, options.max_length - 1);
  steps = std::max<int64_t>(1, steps);
  const bool amp = mixedPrecisionEnabled(config.mixed_precision, config.mixed_precision_dtype, device);
  const auto dtype = mixedPrecisionType(config.mixed_precision_dtype, device);
  out.precision = amp ? (dtype == torch::kHalf ? "fp16" : "bf16") : "fp32";

  const int cores = int(std::max(1u, std::thread::hardware_concurrency()));
  const int workers = defaultWorkerCount(int(config.cpu_workers), device, cores);
  struct ThreadsBack {  // the process's thread count, as it was, on every way out
    int threads = at::get_num_threads();
    ~ThreadsBack() { at::set_num_threads(threads); }
  } threads_back;

  torch::manual_seed(config.seed);
  const int64_t rows = std::max<int64_t>(1, config.max_tokens / data::exampleCost(length, length));
  // One process of all the threads: its steps timed after a warm-up step
  // (allocations, oneDNN's kernel choice); its model is the evaluation's.
  StepProbe whole(config, options, device, amp, dtype, rows, length);
  whole.step();
  auto started = std::chrono::steady_clock::now();
  for (int64_t i = 0; i < steps; ++i) whole.step();
  if (device.is_cuda()) torch::cuda::synchronize();
  out.step_seconds = secondsSince(started) / double(steps);
  out.workers = 1;
  out.workers_timed = workers;
  if (workers > 1) {
    // Several CPU workers, as the run starts them: each its share of the
    // batch on cores/N threads, all at once (they share the memory and the
    // caches, as the processes do), timed from the first to start to the
    // last to end. The gradient sum is not in it. A budgeted run times both
    // ways itself and trains the faster (TrainingSession), so the estimate
    // does too.
    std::vector<std::unique_ptr<StepProbe>> shares;
    for (int w = 0; w < workers; ++w)
      shares.push_back(std::make_unique<StepProbe>(config, options, device, amp, dtype,
                                                   std::max<int64_t>(1, rows / workers), length));
    Rendezvous together(workers);
    std::vector<std::thread> threads;
    std::vector<std::string> errors(static_cast<size_t>(workers));
    std::chrono::steady_clock::time_point all_started;
    for (int w = 0; w < workers; ++w)
      threads.emplace_back([&, w] {
        auto& share = *shares[size_t(w)];
        auto& error = errors[size_t(w)];
        try {
          at::set_num_threads(std::max(1, cores / workers));
          share.step();  // warm-up
        } catch (const std::exception& e) {
          error = e.what();
        }
        together.arrive();  // after a failed warm-up too: the others wait for every thread
        if (!error.empty()) return;
        if (w == 0) all_started = std::chrono::steady_clock::now();
        try {
          for (int64_t i = 0; i < steps; ++i) share.step();
        } catch (const std::exception& e) {
          error = e.what();
        }
      });
    for (auto& t : threads) t.join();
    for (const auto& error : errors)
      if (!error.empty()) throw std::runtime_error(error);
    const double share_seconds = secondsSince(all_started) / double(steps);
    if (share_seconds < out.step_seconds) {
      out.step_seconds = share_seconds;
      out.workers = workers;
    }
  }
  // The evaluation as the chosen way runs it: a worker's share of the dev
  // pairs on its threads, or all of them on all.
  at::set_num_threads(out.workers > 1 ? std::max(1, cores / out.workers) : threads_back.threads);
  auto& model = whole.model();
  const int64_t batch = std::max<int64_t>(1, rows / out.workers);

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
    beamSearch(model, torch::randint(4, vocab_size, {sample, length}, torch::kLong).to(device), greedy);
    const double decode_seconds = secondsSince(decode_started) * double(sentences) / double(sample);
    out.evaluation_seconds = loss_seconds + decode_seconds;
    // The end: best.pt and the last checkpoint translate every dev pair (FinalChoice.h).
    out.final_choice_seconds = 2.0 * decode_seconds * double(dev_pairs) / double(sentences);
  }
  // A step with its share of the evaluations; a time budget holds as many as fit.
  const double evaluation_share =
      config.evaluate ? out.evaluation_seconds / double(std::max<int64_t>(1, config.eval_every)) : 0.0;
  out.steps = config.max_steps;
  if (config.time_budget_minutes > 0) {
    const TimeBudget budget(config.time_budget_minutes, config.max_steps);
    out.steps = std::clamp<int64_t>(
        int64_t((budget.seconds() - out.final_choice_seconds) / (out.step_seconds + evaluation_share)), 1,
        config.max_steps);
  }
  const int64_t evaluations = config.evaluate ? out.steps / std::max<int64_t>(1, config.eval_every) : 0;
  out.run_seconds = out.step_seconds * double(out.steps) + out.evaluation_seconds * double(evaluations) +
                    out.final_choice_seconds;
  return out;
}

}  // namespace studio::model
