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

// One Adam step: LibTorch's own on the CPU; on a GPU the same arithmetic
// over all parameters at once (multiTensorAdamStep), since LibTorch's C++
// Adam launches about ten kernels a parameter (a profile of a 6+6-layer
// model's training step on an H100 showed the optimizer's per-parameter ops
// as a large part of the step).
void adamStep(torch::optim::Adam& optimizer);

// Adam's step as LibTorch's C++ Adam computes it (weight decay, AMSGrad:
// falls back to that), with ATen's multi-tensor ops (_foreach_*): a few
// kernels for all parameters of one step count. Its state is the
// optimizer's own, so checkpoints do not change.
void multiTensorAdamStep(torch::optim::Adam& optimizer);

}  // namespace studio::model

namespace studio::model {

// A 64-bit checksum (hex) of Adam's state: every parameter's step count and
// moment tensors, in parameter order. Checkpoints store it so that a
// corrupted optimizer state is refused on resume, as corrupted weights are.
std::string adamStateChecksum(torch::optim::Adam& optimizer);

// Moves Adam's moment tensors to `device` (the parameters'): a checkpoint's
// state is read onto the CPU, whatever device it was written from.
void moveAdamState(torch::optim::Adam& optimizer, const torch::Device& device);

}  // namespace studio::model
