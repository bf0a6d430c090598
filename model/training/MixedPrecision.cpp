#include "model/training/MixedPrecision.h"

#include <ATen/autocast_mode.h>
#include <torch/version.h>

namespace studio::model {

// LibTorch 2.4 replaced the per-device autocast setters with ones that take
// the device type; 1.13 has only the old ones.
#if TORCH_VERSION_MAJOR > 2 || (TORCH_VERSION_MAJOR == 2 && TORCH_VERSION_MINOR >= 4)
#define STUDIO_AUTOCAST_BY_DEVICE 1
#endif

namespace {
bool autocastEnabled(bool cuda) {
#ifdef STUDIO_AUTOCAST_BY_DEVICE
  return at::autocast::is_autocast_enabled(cuda ? at::kCUDA : at::kCPU);
#else
  return cuda ? at::autocast::is_enabled() : at::autocast::is_cpu_enabled();
#endif
}
torch::ScalarType autocastDtype(bool cuda) {
#ifdef STUDIO_AUTOCAST_BY_DEVICE
  return at::autocast::get_autocast_dtype(cuda ? at::kCUDA : at::kCPU);
#else
  return cuda ? at::autocast::get_autocast_gpu_dtype() : at::autocast::get_autocast_cpu_dtype();
#endif
}
void setAutocast(bool cuda, bool enabled, torch::ScalarType dtype) {
#ifdef STUDIO_AUTOCAST_BY_DEVICE
  const auto type = cuda ? at::kCUDA : at::kCPU;
  at::autocast::set_autocast_enabled(type, enabled);
  at::autocast::set_autocast_dtype(type, dtype);
#else
  if (cuda) {
    at::autocast::set_enabled(enabled);
    at::autocast::set_autocast_gpu_dtype(dtype);
  } else {
    at::autocast::set_cpu_enabled(enabled);
    at::autocast::set_autocast_cpu_dtype(dtype);
  }
#endif
}
}  // namespace

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
