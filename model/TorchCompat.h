#pragma once

// Every difference between the two LibTorch releases we build against lives
// here: Debian's 1.13 (the default, CPU) and 2.x from PyPI's torch wheel or
// the official archive (CUDA). Code elsewhere calls these and never tests
// TORCH_VERSION itself.

#include <sstream>
#include <string>
#include <type_traits>

#include <optional>

#include <ATen/ATen.h>
#include <ATen/autocast_mode.h>
#include <ATen/core/Tensor.h>
#include <torch/version.h>

#define STUDIO_TORCH_AT_LEAST(major, minor) \
  (TORCH_VERSION_MAJOR > (major) || (TORCH_VERSION_MAJOR == (major) && TORCH_VERSION_MINOR >= (minor)))

namespace studio::model::compat {

// Autocast state per device type. LibTorch 2.4 replaced the per-device
// functions (set_enabled, set_cpu_enabled, get_autocast_gpu_dtype, ...) by
// ones that take the device type; the old names warn from 2.4 on.
inline bool autocastEnabled(bool cuda) {
#if STUDIO_TORCH_AT_LEAST(2, 4)
  return at::autocast::is_autocast_enabled(cuda ? at::kCUDA : at::kCPU);
#else
  return cuda ? at::autocast::is_enabled() : at::autocast::is_cpu_enabled();
#endif
}

inline c10::ScalarType autocastDtype(bool cuda) {
#if STUDIO_TORCH_AT_LEAST(2, 4)
  return at::autocast::get_autocast_dtype(cuda ? at::kCUDA : at::kCPU);
#else
  return cuda ? at::autocast::get_autocast_gpu_dtype() : at::autocast::get_autocast_cpu_dtype();
#endif
}

inline void setAutocast(bool cuda, bool enabled, c10::ScalarType dtype) {
#if STUDIO_TORCH_AT_LEAST(2, 4)
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

// The key of a parameter's entry in an optimizer's state(): 1.13 keys it by
// the address of the parameter's TensorImpl printed as text, 2.x by the
// address itself. `StateMap` is the type of optimizer.state().
template <typename StateMap>
typename StateMap::key_type optimizerStateKey(const at::Tensor& parameter) {
  using Key = typename StateMap::key_type;
  void* impl = parameter.unsafeGetTensorImpl();
  if constexpr (std::is_same_v<Key, std::string>) {
    std::ostringstream text;  // as c10::guts::to_string(void*) printed it
    text << impl;
    return text.str();
  } else {
    return impl;
  }
}

// LibTorch's fused attention: softmax(q kᵀ · scale, where `allowed`) v for
// q [B, H, Tq, D], k and v [B, H, Tk, D]; `allowed` is boolean (true = may
// attend), broadcastable to [B, H, Tq, Tk], or undefined. 2.1 added `scale`.
inline constexpr bool kFusedAttention = STUDIO_TORCH_AT_LEAST(2, 1);

inline at::Tensor fusedAttention(const at::Tensor& q, const at::Tensor& k, const at::Tensor& v,
                                 const at::Tensor& allowed, double dropout, double scale) {
#if STUDIO_TORCH_AT_LEAST(2, 1)
  std::optional<at::Tensor> mask;
  if (allowed.defined()) mask = allowed;
  return at::scaled_dot_product_attention(q, k, v, mask, dropout, /*is_causal=*/false, scale);
#else
  (void)q, (void)k, (void)v, (void)allowed, (void)dropout, (void)scale;
  TORCH_CHECK(false, "this LibTorch has no fused attention (2.1 or newer has)");
  return {};
#endif
}

}  // namespace studio::model::compat
