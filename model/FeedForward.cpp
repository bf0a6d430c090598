#include "model/FeedForward.h"

#include "model/LinearLayer.h"

namespace studio::model {

FeedForwardImpl::FeedForwardImpl(int64_t d_model, int64_t d_ff, double relu_dropout) {
  linear1_ = register_module("linear1", torch::nn::Linear(d_model, d_ff));
  linear2_ = register_module("linear2", torch::nn::Linear(d_ff, d_model));
  dropout_ = register_module("dropout", Dropout(relu_dropout));
}

torch::Tensor FeedForwardImpl::forward(const torch::Tensor& x) {
  return applyLinear(linear2_, dropout_(torch::relu(applyLinear(linear1_, x))));
}

torch::Tensor FeedForwardImpl::forwardRows(const torch::Tensor& x, const torch::Tensor& rows) {
  const auto d_model = x.size(-1);
  auto flat = x.reshape({-1, d_model});           // [B*T, D]
  auto picked = flat.index_select(/*dim=*/0, rows);  // [N, D]
  auto out = forward(picked);                      // [N, D]
  // In out's type, which autocast may have lowered (CUDA's autocast, unlike
  // the CPU's, does not promote index_copy's arguments to one type).
  return torch::zeros(flat.sizes(), out.options()).index_copy_(/*dim=*/0, rows, out).view(x.sizes());  // [B, T, D]
}

}  // namespace studio::model
