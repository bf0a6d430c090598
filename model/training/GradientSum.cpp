#include "model/training/GradientSum.h"

#include <chrono>

#include <torch/utils.h>

#include "model/training/Distributed.h"

namespace studio::model {

GradientSum::GradientSum(WorkerGroup& group, std::vector<torch::Tensor> parameters, int64_t bucket_bytes)
    : group_(group), parameters_(std::move(parameters)) {
  const size_t n = parameters_.size();
  bucket_of_.resize(n);
  slot_of_.resize(n);
  delivered_.assign(n, false);
  int64_t bytes = bucket_bytes;
  for (size_t k = 0; k < n; ++k) {
    const size_t i = n - 1 - k;  // the last layers' gradients come first
    const auto& p = parameters_[i];
    const bool same_type = !buckets_.empty() &&
                           p.scalar_type() == parameters_[buckets_.back().members.front()].scalar_type() &&
                           p.device() == parameters_[buckets_.back().members.front()].device();
    if (bytes >= bucket_bytes || !same_type) {
      buckets_.emplace_back();
      bytes = 0;
    }
    auto& bucket = buckets_.back();
    bucket_of_[i] = buckets_.size() - 1;
    slot_of_[i] = bucket.members.size();
    bucket.offsets.push_back(bucket.members.empty() ? 0 : bucket.offsets.back() + parameters_[bucket.members.back()].numel());
    bucket.members.push_back(i);
    bytes += p.numel() * int64_t(p.element_size());
  }
  for (auto& bucket : buckets_) {
    const auto& last = parameters_[bucket.members.back()];
    bucket.flat = torch::empty({bucket.offsets.back() + last.numel()}, last.options().requires_grad(false));
    bucket.missing = bucket.members.size();
  }
  for (size_t i = 0; i < n; ++i) {
    torch::Tensor parameter = parameters_[i];
    hooks_.push_back(parameter.register_hook([this, i](const torch::Tensor& gradient) {
      std::lock_guard<std::mutex> lock(mutex_);
      if (!armed_) return;
      deliver(i, gradient);
      startFullBuckets();
    }));
  }
}

GradientSum::~GradientSum() {
  for (size_t i = 0; i < hooks_.size(); ++i) {
    torch::Tensor parameter = parameters_[i];
    parameter.remove_hook(hooks_[i]);
  }
}

void GradientSum::arm() {
  std::lock_guard<std::mutex> lock(mutex_);
  armed_ = true;
}

void GradientSum::deliver(size_t i, const torch::Tensor& gradient) {
  if (delivered_[i]) return;
  torch::NoGradGuard no_grad;
  auto& bucket = buckets_[bucket_of_[i]];
  const auto& p = parameters_[i];
  auto slot = bucket.flat.narrow(0, bucket.offsets[slot_of_[i]], p.numel());
  // A hook sees the incoming gradient; the parameter's own (from earlier
  // passes of an accumulated step) is added to it afterwards.
  const auto& earlier = p.grad();
  if (gradient.defined() && earlier.defined())
    slot.copy_((earlier + gradient).reshape({-1}));
  else if (gradient.defined() || earlier.defined())
    slot.copy_((gradient.defined() ? gradient : earlier).reshape({-1}));
  else
    slot.zero_();
  delivered_[i] = true;
  --bucket.missing;
}

void GradientSum::startFullBuckets() {
  while (next_bucket_ < buckets_.size() && buckets_[next_bucket_].missing == 0) {
    group_.startSum(buckets_[next_bucket_].flat);
    if (armed_) ++early_;
    ++next_bucket_;
  }
}

void GradientSum::finish(std::vector<double>& extra) {
  const auto started = std::chrono::steady_clock::now();
  std::lock_guard<std::mutex> lock(mutex_);
  const int early = early_;
  armed_ = false;  // what follows is not the backward pass's doing
  for (size_t b = next_bucket_; b < buckets_.size(); ++b)
    for (size_t i : buckets_[b].members) deliver(i, torch::Tensor());
  startFullBuckets();
  auto numbers = torch::tensor(extra, torch::kDouble);
  group_.startSum(numbers);
  group_.waitForSums();
  {
    torch::NoGradGuard no_grad;
    for (size_t i = 0; i < parameters_.size(); ++i) {
      auto& bucket = buckets_[bucket_of_[i]];
      torch::Tensor parameter = parameters_[i];
      auto sum = bucket.flat.narrow(0, bucket.offsets[slot_of_[i]], parameter.numel()).view_as(parameter);
      if (parameter.grad().defined())
        parameter.mutable_grad().copy_(sum);
      else
        parameter.mutable_grad() = sum.clone();
    }
  }
  for (size_t i = 0; i < extra.size(); ++i) extra[i] = numbers[int64_t(i)].item<double>();
  for (auto& bucket : buckets_) bucket.missing = bucket.members.size();
  delivered_.assign(delivered_.size(), false);
  next_bucket_ = 0;
  early_ = 0;
  last_early_buckets_ = early;
  last_wait_seconds_ = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
}

}  // namespace studio::model
