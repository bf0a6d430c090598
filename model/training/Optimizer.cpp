#include "model/training/Optimizer.h"

#include <cmath>
#include <map>

#include <ATen/ATen.h>
#include <torch/utils.h>

#include "model/TorchCompat.h"
#include "model/files/Hash.h"

namespace studio::model {

std::unique_ptr<torch::optim::Adam> makeAdam(const std::vector<torch::Tensor>& parameters,
                                             double learning_rate) {
  auto options = torch::optim::AdamOptions(learning_rate)
                     .betas(std::make_tuple(0.9, 0.98))
                     .eps(1e-9)
                     .weight_decay(0.0);
  return std::make_unique<torch::optim::Adam>(parameters, options);
}

void setLearningRate(torch::optim::Optimizer& optimizer, double learning_rate) {
  for (auto& group : optimizer.param_groups())
    group.options().set_lr(learning_rate);
}

void adamStep(torch::optim::Adam& optimizer) {
  const auto& groups = optimizer.param_groups();
  const bool gpu = !groups.empty() && !groups.front().params().empty() && groups.front().params().front().is_cuda();
  if (gpu)
    multiTensorAdamStep(optimizer);
  else
    optimizer.step();
}

void multiTensorAdamStep(torch::optim::Adam& optimizer) {
  for (auto& group : optimizer.param_groups()) {
    const auto& o = static_cast<const torch::optim::AdamOptions&>(group.options());
    if (o.amsgrad() || o.weight_decay() != 0.0) {
      optimizer.step();
      return;
    }
  }
  torch::NoGradGuard no_grad;
  auto& states = optimizer.state();
  using States = std::decay_t<decltype(states)>;
  for (auto& group : optimizer.param_groups()) {
    const auto& o = static_cast<const torch::optim::AdamOptions&>(group.options());
    const double beta1 = std::get<0>(o.betas()), beta2 = std::get<1>(o.betas());
    struct Bucket {
      std::vector<torch::Tensor> params, grads, exp_avgs, exp_avg_sqs;
    };
    std::map<int64_t, Bucket> by_step;  // parameters that have taken as many steps (normally all)
    for (auto& p : group.params()) {
      if (!p.grad().defined()) continue;
      auto& slot = states[compat::optimizerStateKey<States>(p)];
      if (!slot) {  // a first step: zero moments, as LibTorch starts them
        auto fresh = std::make_unique<torch::optim::AdamParamState>();
        fresh->step(0);
        fresh->exp_avg(torch::zeros_like(p, torch::MemoryFormat::Preserve));
        fresh->exp_avg_sq(torch::zeros_like(p, torch::MemoryFormat::Preserve));
        slot = std::move(fresh);
      }
      auto& state = static_cast<torch::optim::AdamParamState&>(*slot);
      state.step(state.step() + 1);
      auto& bucket = by_step[state.step()];
      bucket.params.push_back(p);
      bucket.grads.push_back(p.grad());
      bucket.exp_avgs.push_back(state.exp_avg());
      bucket.exp_avg_sqs.push_back(state.exp_avg_sq());
    }
    for (auto& [step, b] : by_step) {
      const double correction1 = 1 - std::pow(beta1, double(step));
      const double correction2 = 1 - std::pow(beta2, double(step));
      at::_foreach_mul_(b.exp_avgs, beta1);
      at::_foreach_add_(b.exp_avgs, b.grads, 1 - beta1);
      at::_foreach_mul_(b.exp_avg_sqs, beta2);
      at::_foreach_addcmul_(b.exp_avg_sqs, b.grads, b.grads, 1 - beta2);
      auto denominators = at::_foreach_sqrt(b.exp_avg_sqs);
      at::_foreach_div_(denominators, std::sqrt(correction2));
      at::_foreach_add_(denominators, o.eps());
      at::_foreach_addcdiv_(b.params, b.exp_avgs, denominators, -o.lr() / correction1);
    }
  }
}

}  // namespace studio::model

namespace studio::model {

std::string adamStateChecksum(torch::optim::Adam& optimizer) {
  Hash64 sum;
  auto add = [&sum](const torch::Tensor& t) {
    if (!t.defined()) return;
    auto cpu = t.detach().to(torch::kCPU).contiguous();
    sum.add(cpu.data_ptr(), size_t(cpu.numel()) * cpu.element_size());
  };
  auto& states = optimizer.state();
  for (auto& group : optimizer.param_groups())
    for (auto& p : group.params()) {
      auto found = states.find(compat::optimizerStateKey<std::decay_t<decltype(states)>>(p));
      if (found == states.end()) {
        sum.add("-");
        continue;
      }
      auto& s = static_cast<torch::optim::AdamParamState&>(*found->second);
      const int64_t step = s.step();
      sum.add(&step, sizeof step);
      add(s.exp_avg());
      add(s.exp_avg_sq());
      add(s.max_exp_avg_sq());
    }
  return sum.hex();
}

void moveAdamState(torch::optim::Adam& optimizer, const torch::Device& device) {
  auto& states = optimizer.state();
  for (auto& group : optimizer.param_groups())
    for (auto& p : group.params()) {
      auto found = states.find(compat::optimizerStateKey<std::decay_t<decltype(states)>>(p));
      if (found == states.end()) continue;
      auto& s = static_cast<torch::optim::AdamParamState&>(*found->second);
      s.exp_avg(s.exp_avg().to(device));
      s.exp_avg_sq(s.exp_avg_sq().to(device));
      if (s.max_exp_avg_sq().defined()) s.max_exp_avg_sq(s.max_exp_avg_sq().to(device));
    }
}

}  // namespace studio::model
