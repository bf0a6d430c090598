#pragma once

#include <ATen/ATen.h>
#include <torch/nn/modules/linear.h>

namespace studio::model {

// A linear layer's output. torch::nn::Linear's forward is the C++ frontend's
// own: a matrix product, then the bias added in place (two kernels and two
// autograd nodes for inputs of more than two dimensions). ATen's linear folds
// the bias into one addmm. On a GPU, where a training step of this model's
// sizes is bound by kernel launches, that counts; the CPU keeps the module's
// arithmetic, which every CPU result of the project was measured and tested
// with.
inline torch::Tensor applyLinear(torch::nn::Linear& layer, const torch::Tensor& x) {
  return x.is_cuda() ? at::linear(x, layer->weight, layer->bias) : layer(x);
}

}  // namespace studio::model
