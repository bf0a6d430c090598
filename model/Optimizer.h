#pragma once

#include <memory>
#include <vector>

#include <torch/optim/adam.h>

namespace studio::model {

// Adam with the paper's settings: beta1 0.9, beta2 0.98, epsilon 1e-9.
std::unique_ptr<torch::optim::Adam> makeAdam(const std::vector<torch::Tensor>& parameters,
                                             double learning_rate);

// Sets the learning rate of every parameter group.
void setLearningRate(torch::optim::Optimizer& optimizer, double learning_rate);

}  // namespace studio::model
