#pragma once

#include <memory>
#include <string>
#include <vector>

#include <torch/optim/adam.h>

namespace studio::model {

// Adam with the paper's settings: beta1 0.9, beta2 0.98, epsilon 1e-9.
std::unique_ptr<torch::optim::Adam> makeAdam(const std::vector<torch::Tensor>& parameters,
                                             double learning_rate);

// Sets the learning rate of every parameter group.
void setLearningRate(torch::optim::Optimizer& optimizer, double learning_rate);

}  // namespace studio::model

namespace studio::model {

// A 64-bit checksum (hex) of Adam's state: every parameter's step count and
// moment tensors, in parameter order. Checkpoints store it so that a
// corrupted optimizer state is refused on resume, as corrupted weights are.
std::string adamStateChecksum(torch::optim::Adam& optimizer);

}  // namespace studio::model
