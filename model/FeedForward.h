#pragma once

#include <torch/nn/module.h>
#include <torch/nn/modules/dropout.h>

#include "model/Dropout.h"
#include <torch/nn/modules/linear.h>

namespace studio::model {

// Position-wise feed-forward: W2 · dropout(relu(W1 · x + b1)) + b2 (section 3.3).
class FeedForwardImpl : public torch::nn::Module {
 public:
  FeedForwardImpl(int64_t d_model, int64_t d_ff, double relu_dropout);

  // x [B, T, D] -> [B, T, D], every position.
  torch::Tensor forward(const torch::Tensor& x);

  // Only the rows of x.view(B*T, D) listed in `rows` ([N] int64) are computed;
  // the others come back as zeros. Equal to forward() on those rows, and
  // cheaper when a batch carries padding.
  torch::Tensor forwardRows(const torch::Tensor& x, const torch::Tensor& rows);

 private:
  torch::nn::Linear linear1_{nullptr};
  torch::nn::Linear linear2_{nullptr};
  Dropout dropout_{nullptr};
};
TORCH_MODULE(FeedForward);

}  // namespace studio::model
