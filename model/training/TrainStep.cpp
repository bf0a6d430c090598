#include "model/training/TrainStep.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "model/data/Batching.h"
#include "model/training/Distributed.h"
#include "model/training/GuidedAlignment.h"
#include "model/training/Loss.h"
#include "model/training/MixedPrecision.h"

namespace studio::model {

namespace {

// Running out of memory is the batch's doing: say which and what to lower.
std::runtime_error outOfMemory(const torch::Device& device, int64_t step, const torch::Tensor& src,
                               const torch::Tensor& tgt, int64_t max_tokens, const std::string& last_checkpoint) {
  return std::runtime_error(
      "out of memory on " + device.str() + " at step " + std::to_string(step) + " (a batch of " +
      std::to_string(src.size(0)) + " sentence pairs, sources of " + std::to_string(src.size(1)) +
      " tokens and targets of " + std::to_string(tgt.size(1)) + " with padding): lower max_tokens (now " +
      std::to_string(max_tokens) + ") and raise accumulate_steps to keep the batch, or turn on mixed precision, " +
      "or choose a smaller model; the last checkpoint is " + (last_checkpoint.empty() ? "none" : last_checkpoint));
}

}  // namespace

StepSums forwardBackward(Transformer& model, BatchStream& batches, TrainerState& state,
                         const TrainingConfig& config, const torch::Device& device, const WorkerShare& share,
                         const Precision& precision, const std::string& last_checkpoint,
                         const std::function<void()>& last_backward_starts) {
  StepSums sums;
  const auto& m = config.model;
  const bool guided = config.guided_alignment > 0 && m.alignment_layer >= 0;
  for (int64_t a = 0; a < config.accumulate_steps; ++a) {
    const auto rows = batches.next(state);
    if (rows.empty()) {
      sums.epochs_done = true;
      break;
    }
    const auto mine = shareOfBatch(rows, share.rank, share.workers);
    if (mine.empty()) continue;  // a batch of fewer pairs than workers
    const int64_t batch_tokens = targetTokens(batches.split(), rows);
    auto t = data::makeBatchTensors(batches.split(), mine, m.pad_id, m.bos_id, m.eos_id);
    LossResult out;
    try {
      AutocastScope autocast(precision.autocast, device, precision.dtype);
      AttentionMaps maps;
      maps.weights = false;
      maps.attached_cross_layer = guided ? m.alignment_layer : -1;
      out = modelLoss(model, t.src.to(device), t.target_in.to(device), t.target_out.to(device), m.pad_id,
                      config.label_smoothing, /*count_correct=*/false, {}, guided ? &maps : nullptr);
      auto loss = out.loss;
      if (guided) {
        const auto& d = batches.data();
        const auto targets = alignmentTargets(batches.split(), mine, d.alignments.links, *d.words,
                                              t.target_in.size(1), t.src.size(1));
        // The first head's weights; a piece's share as the translation's loss takes it.
        const auto alignment = guidedAlignmentLoss(maps.attached_cross.select(1, 0), targets) /
                               double(std::max<int64_t>(1, out.tokens));
        sums.alignment += alignment.item<double>() * double(out.tokens);
        loss = loss + config.guided_alignment * alignment;
      }
      const double weight = double(out.tokens) / double(batch_tokens);  // exactly 1 for one worker
      if (a == config.accumulate_steps - 1 && last_backward_starts) last_backward_starts();
      (loss * (weight * precision.loss_scale / double(config.accumulate_steps))).backward();
    } catch (const c10::OutOfMemoryError&) {
      throw outOfMemory(device, state.step + 1, t.src, t.target_in, config.max_tokens, last_checkpoint);
    } catch (const std::bad_alloc&) {
      throw outOfMemory(device, state.step + 1, t.src, t.target_in, config.max_tokens, last_checkpoint);
    }
    const double value = out.loss.item<double>();
    if (!std::isfinite(value))
      throw std::runtime_error("the loss became " + std::string(std::isnan(value) ? "NaN" : "infinite") +
                               " at step " + std::to_string(state.step + 1) + "; the last good checkpoint is " +
                               (last_checkpoint.empty() ? std::string("none") : last_checkpoint) +
                               " (try a lower learning rate or a longer warmup)");
    sums.loss += value * double(out.tokens);
    sums.nll += out.nll_sum.item<double>();
    sums.tokens += out.tokens;
  }
  return sums;
}

}  // namespace studio::model
