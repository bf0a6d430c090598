#pragma once

#include <cstdint>

#include "model/Transformer.h"

// An exponential moving average of the weights over the steps (Polyak
// averaging; Marian's exponential smoothing, fairseq's EMA): after each
// optimizer step t
//   average = d · average + (1 − d) · weights,   d = min(decay, (1 + t) / (10 + t))
// so that early on, when the weights move fast, the average follows them
// closely, and later it spans about 1 / (1 − decay) steps. The trainer
// evaluates, records probes and writes checkpoints with the average (what
// a translator reads), and trains on the weights (TrainingConfig::ema_decay).
namespace studio::model {

class WeightAverage {
 public:
  // The average starts as a copy of `model`'s weights, on its device.
  WeightAverage(const Transformer& model, double decay);

  // After optimizer step `step` (1 for the first).
  void update(const Transformer& model, int64_t step);

  // The average becomes a copy of `model`'s weights.
  void copyFrom(const Transformer& model);

  // The decay at step `step`.
  double decayAt(int64_t step) const;

  // The averaged model (in eval mode unless someone trains it).
  Transformer& model() { return average_; }

 private:
  double decay_;
  Transformer average_{nullptr};
};

}  // namespace studio::model
