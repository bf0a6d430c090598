#include "model/training/Optimizer.h"

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

}  // namespace studio::model
