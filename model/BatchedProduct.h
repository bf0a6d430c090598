#pragma once

#include <torch/types.h>

namespace studio::model {

// torch::bmm(a, b) with autograd: a [N, M, K], b [N, K, P] -> [N, M, P].
//
// Float32 tensors on the CPU go through a kernel of our own: the N small
// products (attention's, one a head and sentence: 25 x 64 x 25 on the small
// training configuration) split among LibTorch's threads, each a
// register-blocked loop over b packed once. LibTorch 1.13's CPU bmm instead
// calls BLAS once a matrix, one after another, with a select and a dispatch
// for each: on the small configuration's training step 640 products a call,
// 19 % of the step. Any strides (a transposed view is read as it is, not
// copied); the result is contiguous. Each product is summed by one thread in
// a fixed order, so the numbers do not depend on the thread count. Other
// devices and types take torch::bmm.
torch::Tensor batchedProduct(const torch::Tensor& a, const torch::Tensor& b);

// The same without autograd, into `out` [N, M, P] (contiguous, float32, CPU).
void batchedProductInto(const torch::Tensor& a, const torch::Tensor& b, torch::Tensor& out);

}  // namespace studio::model
