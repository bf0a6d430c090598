#include "model/training/MixedPrecision.h"

#include <ATen/autocast_mode.h>

#include "model/TorchCompat.h"

namespace studio::model {

using compat::autocastDtype;
using compat::autocastEnabled;
using compat::setAutocast;

AutocastScope::AutocastScope(bool enabled, const torch::Device& device, torch::ScalarType dtype)
    : enabled_(enabled), cuda_(device.is_cuda()), previous_(false), previous_dtype_(torch::kFloat) {
  if (!enabled_) return;
  previous_ = autocastEnabled(cuda_);
  previous_dtype_ = autocastDtype(cuda_);
  setAutocast(cuda_, true, dtype);
  at::autocast::increment_nesting();
}

AutocastScope::~AutocastScope() {
  if (!enabled_) return;
  if (at::autocast::decrement_nesting() == 0) at::autocast::clear_cache();
  setAutocast(cuda_, previous_, previous_dtype_);
}

LossScaler::LossScaler(bool enabled, double initial_scale, int64_t growth_interval)
    : enabled_(enabled), scale_(initial_scale), growth_interval_(growth_interval) {}

bool LossScaler::unscaleAndCheck(const std::vector<torch::Tensor>& parameters) {
  if (!enabled_) return true;
  torch::NoGradGuard no_grad;
  bool finite = true;
  const double inverse = 1.0 / scale_;
  for (const auto& p : parameters) {
    auto grad = p.grad();
    if (!grad.defined()) continue;
    grad.mul_(inverse);
    if (finite && !torch::isfinite(grad).all().item<bool>()) finite = false;
  }
  return finite;
}

void LossScaler::update(bool step_was_good) {
  if (!enabled_) return;
  if (!step_was_good) {
    scale_ = std::max(1.0, scale_ * 0.5);
    good_steps_ = 0;
  } else if (++good_steps_ >= growth_interval_) {
    scale_ *= 2.0;
    good_steps_ = 0;
  }
}

}  // namespace studio::model
