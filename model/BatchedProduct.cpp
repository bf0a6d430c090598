#include "model/BatchedProduct.h"

#include <algorithm>
#include <cstdlib>
#include <string>
#include <vector>

#include <ATen/Parallel.h>
#include <torch/autograd.h>

#include "model/inference/CpuClones.h"

namespace studio::model {

namespace {

constexpr int64_t kWidth = 16;  // outputs a register block: two AVX2 vectors, one AVX-512 vector

// A view of one matrix: element (i, j) at data[i * rows + j * cols].
struct Strided {
  const float* data;
  int64_t rows, cols;
};

// R rows of C times every 16-wide block of packed B [k, padded]: the R x 16
// sums stay in registers while the k products are added in order.
template <int R>
inline __attribute__((always_inline)) void rowBlock(Strided a, int64_t i, const float* packed, int64_t k,
                                                    int64_t padded, int64_t p, float* c) {
  for (int64_t j0 = 0; j0 < padded; j0 += kWidth) {
    float acc[R][kWidth];
    for (int r = 0; r < R; ++r)
#pragma omp simd
      for (int64_t j = 0; j < kWidth; ++j) acc[r][j] = 0.0f;
    for (int64_t q = 0; q < k; ++q) {
      const float* b = packed + q * padded + j0;
      for (int r = 0; r < R; ++r) {
        const float v = a.data[(i + r) * a.rows + q * a.cols];
#pragma omp simd
        for (int64_t j = 0; j < kWidth; ++j) acc[r][j] += v * b[j];
      }
    }
    const int64_t width = std::min(kWidth, p - j0);
    for (int r = 0; r < R; ++r)
      for (int64_t j = 0; j < width; ++j) c[(i + r) * p + j0 + j] = acc[r][j];
  }
}

// C [m, p] (contiguous) = A [m, k] · B [k, p], B copied into `packed` [k,
// padded] first (zeros past p).
STUDIO_CLONES void productOne(Strided a, Strided b, int64_t m, int64_t k, int64_t p, std::vector<float>& packed,
                              float* c) {
  const int64_t padded = (p + kWidth - 1) / kWidth * kWidth;
  packed.assign(size_t(k * padded), 0.0f);
  for (int64_t q = 0; q < k; ++q)
    for (int64_t j = 0; j < p; ++j) packed[size_t(q * padded + j)] = b.data[q * b.rows + j * b.cols];
  int64_t i = 0;
  for (; i + 4 <= m; i += 4) rowBlock<4>(a, i, packed.data(), k, padded, p, c);
  switch (m - i) {
    case 3: rowBlock<3>(a, i, packed.data(), k, padded, p, c); break;
    case 2: rowBlock<2>(a, i, packed.data(), k, padded, p, c); break;
    case 1: rowBlock<1>(a, i, packed.data(), k, padded, p, c); break;
    default: break;
  }
}

bool ours(const torch::Tensor& a, const torch::Tensor& b) {
  // STUDIO_BATCHED_PRODUCT=bmm: torch::bmm everywhere (for measuring the two against each other).
  static const bool bmm_only = [] {
    const char* text = std::getenv("STUDIO_BATCHED_PRODUCT");
    return text && std::string(text) == "bmm";
  }();
  return !bmm_only && a.device().is_cpu() && b.device().is_cpu() && a.scalar_type() == torch::kFloat &&
         b.scalar_type() == torch::kFloat;
}

class BatchedProductFunction : public torch::autograd::Function<BatchedProductFunction> {
 public:
  static torch::Tensor forward(torch::autograd::AutogradContext* ctx, const torch::Tensor& a,
                               const torch::Tensor& b) {
    ctx->save_for_backward({a, b});
    auto out = torch::empty({a.size(0), a.size(1), b.size(2)}, a.options());
    batchedProductInto(a, b, out);
    return out;
  }

  static torch::autograd::variable_list backward(torch::autograd::AutogradContext* ctx,
                                                 torch::autograd::variable_list grad_outputs) {
    const auto saved = ctx->get_saved_variables();
    const auto& a = saved[0];
    const auto& b = saved[1];
    const auto& grad = grad_outputs[0];
    torch::Tensor grad_a, grad_b;
    if (ctx->needs_input_grad(0)) {
      grad_a = torch::empty(a.sizes(), a.options());
      batchedProductInto(grad, b.transpose(1, 2), grad_a);  // dA = dC · Bᵀ
    }
    if (ctx->needs_input_grad(1)) {
      grad_b = torch::empty(b.sizes(), b.options());
      batchedProductInto(a.transpose(1, 2), grad, grad_b);  // dB = Aᵀ · dC
    }
    return {grad_a, grad_b};
  }
};

}  // namespace

void batchedProductInto(const torch::Tensor& a, const torch::Tensor& b, torch::Tensor& out) {
  TORCH_CHECK(a.dim() == 3 && b.dim() == 3 && a.size(0) == b.size(0) && a.size(2) == b.size(1),
              "batchedProduct: expected [N, M, K] and [N, K, P], got ", a.sizes(), " and ", b.sizes());
  TORCH_CHECK(ours(a, b) && out.is_contiguous() && out.scalar_type() == torch::kFloat,
              "batchedProductInto: float32 CPU tensors and a contiguous result");
  const int64_t n = a.size(0), m = a.size(1), k = a.size(2), p = b.size(2);
  TORCH_CHECK(out.size(0) == n && out.size(1) == m && out.size(2) == p, "batchedProductInto: result of shape ",
              out.sizes(), ", not [", n, ", ", m, ", ", p, "]");
  if (n == 0 || m == 0 || p == 0) return;
  const float* a_data = a.data_ptr<float>();
  const float* b_data = b.data_ptr<float>();
  float* out_data = out.data_ptr<float>();
  const int64_t a_batch = a.stride(0), b_batch = b.stride(0);
  const Strided a_view{nullptr, a.stride(1), a.stride(2)};
  const Strided b_view{nullptr, b.stride(1), b.stride(2)};
  // Each thread ~32K multiply-adds at least.
  const int64_t grain = std::max<int64_t>(1, 32768 / std::max<int64_t>(1, m * k * p));
  at::parallel_for(0, n, grain, [&](int64_t first, int64_t last) {
    std::vector<float> packed;
    for (int64_t e = first; e < last; ++e) {
      Strided ae = a_view, be = b_view;
      ae.data = a_data + e * a_batch;
      be.data = b_data + e * b_batch;
      productOne(ae, be, m, k, p, packed, out_data + e * m * p);
    }
  });
}

torch::Tensor batchedProduct(const torch::Tensor& a, const torch::Tensor& b) {
  if (!ours(a, b)) return torch::bmm(a, b);
  return BatchedProductFunction::apply(a, b);  // batchedProductInto checks the shapes
}

}  // namespace studio::model
