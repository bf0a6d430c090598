#include "model/Optimizer.h"

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
