#pragma once

#include <torch/types.h>

// Automatic mixed precision for training: matrix products in bf16 or fp16
// under LibTorch's autocast, with dynamic loss scaling for fp16.
namespace studio::model {

// Enables autocast for `device`'s type with `dtype` while alive (nested
// uses are fine); restores the previous state when destroyed.
class AutocastScope {
 public:
  AutocastScope(bool enabled, const torch::Device& device, torch::ScalarType dtype);
  ~AutocastScope();
  AutocastScope(const AutocastScope&) = delete;
  AutocastScope& operator=(const AutocastScope&) = delete;

 private:
  bool enabled_;
  bool cuda_;
  bool previous_;
  torch::ScalarType previous_dtype_;
};

// Dynamic loss scaling for fp16 (as PyTorch's GradScaler): the loss is
// multiplied by scale() before backward; step() unscales the gradients, and
// when any is infinite or NaN skips the update and halves the scale, else
// grows it by 2 after `growth_interval` good steps.
class LossScaler {
 public:
  explicit LossScaler(bool enabled, double initial_scale = 65536.0, int64_t growth_interval = 2000);

  bool enabled() const { return enabled_; }
  double scale() const { return enabled_ ? scale_ : 1.0; }

  // After backward(): unscales the gradients in place. Returns false when
  // they hold an inf/NaN (the caller skips the optimizer step).
  bool unscaleAndCheck(const std::vector<torch::Tensor>& parameters);
  // After the step (or the skip): adjusts the scale.
  void update(bool step_was_good);

  // State for checkpoints.
  double rawScale() const { return scale_; }
  int64_t goodSteps() const { return good_steps_; }
  void restore(double scale, int64_t good_steps) { scale_ = scale, good_steps_ = good_steps; }

 private:
  bool enabled_;
  double scale_;
  int64_t growth_interval_;
  int64_t good_steps_ = 0;
};

}  // namespace studio::model
