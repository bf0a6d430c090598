#include "model/inference/PackedLinear.h"

#include <algorithm>
#include <cstdlib>
#include <string>

#include <ATen/Parallel.h>

#include "model/inference/CpuClones.h"
#include "model/inference/Kernels.h"

namespace studio::model::inference {

namespace {

constexpr int64_t P = PackedLinear::kPanel;

// R rows (R <= 4) times panels [first, last): each panel's P outputs of the R
// rows stay in registers while the panel is read once, front to back.
template <int R>
inline __attribute__((always_inline)) void panelsKernel(const float* x, int64_t in, const float* panels,
                                                        const float* bias, int64_t out, int64_t first,
                                                        int64_t last, float* y) {
  for (int64_t p = first; p < last; ++p) {
    const float* w = panels + p * in * P;
    const int64_t o = p * P, width = std::min(P, out - o);
    float acc[R][P];
    for (int r = 0; r < R; ++r)
#pragma omp simd
      for (int64_t j = 0; j < P; ++j) acc[r][j] = 0.0f;
    for (int64_t i = 0; i < in; ++i, w += P) {
      for (int r = 0; r < R; ++r) {
        const float v = x[r * in + i];
#pragma omp simd
        for (int64_t j = 0; j < P; ++j) acc[r][j] += v * w[j];
      }
    }
    for (int r = 0; r < R; ++r) {
      float* row = y + r * out + o;
      if (bias)
        for (int64_t j = 0; j < width; ++j) row[j] = acc[r][j] + bias[o + j];
      else
        for (int64_t j = 0; j < width; ++j) row[j] = acc[r][j];
    }
  }
}

STUDIO_CLONES void panels1(const float* x, int64_t in, const float* w, const float* b, int64_t out, int64_t first,
                           int64_t last, float* y) {
  panelsKernel<1>(x, in, w, b, out, first, last, y);
}
STUDIO_CLONES void panels2(const float* x, int64_t in, const float* w, const float* b, int64_t out, int64_t first,
                           int64_t last, float* y) {
  panelsKernel<2>(x, in, w, b, out, first, last, y);
}
STUDIO_CLONES void panels3(const float* x, int64_t in, const float* w, const float* b, int64_t out, int64_t first,
                           int64_t last, float* y) {
  panelsKernel<3>(x, in, w, b, out, first, last, y);
}
STUDIO_CLONES void panels4(const float* x, int64_t in, const float* w, const float* b, int64_t out, int64_t first,
                           int64_t last, float* y) {
  panelsKernel<4>(x, in, w, b, out, first, last, y);
}

int64_t initialSmallRows() {
  // STUDIO_PACKED_ROWS: for measuring where BLAS starts to win.
  if (const char* text = std::getenv("STUDIO_PACKED_ROWS")) return std::max(0L, std::strtol(text, nullptr, 10));
  return 512;
}

}  // namespace

int64_t PackedLinear::smallRows() {
  static const int64_t rows = initialSmallRows();
  return rows;
}

PackedLinear::PackedLinear(const float* weight, const float* bias, int64_t out, int64_t in)
    : weight_(weight), bias_(bias), in_(in), out_(out) {
  const int64_t count = (out + P - 1) / P;
  panels_.assign(size_t(count * in * P), 0.0f);
  for (int64_t p = 0; p < count; ++p)
    for (int64_t j = 0; j < P && p * P + j < out; ++j) {
      const float* source = weight + (p * P + j) * in;
      float* target = panels_.data() + p * in * P + j;
      for (int64_t i = 0; i < in; ++i) target[i * P] = source[i];
    }
}

void PackedLinear::apply(const float* x, int64_t rows, float* y) const {
  if (rows > smallRows()) {
    linear(x, rows, in_, weight_, out_, bias_, y);
    return;
  }
  const int64_t count = (out_ + P - 1) / P;
  // A panel is in * P multiply-adds a row; split when each thread gets ~64K.
  const int64_t grain = std::max<int64_t>(1, 65536 / std::max<int64_t>(1, in_ * P * rows));
  at::parallel_for(0, count, grain, [&](int64_t first, int64_t last) {
    // Panel by panel, every row of x through it while it is in the cache.
    for (int64_t p = first; p < last; ++p)
      for (int64_t r = 0; r < rows; r += 4) {
        const float* xr = x + r * in_;
        float* yr = y + r * out_;
        switch (std::min<int64_t>(4, rows - r)) {
          case 1: panels1(xr, in_, panels_.data(), bias_, out_, p, p + 1, yr); break;
          case 2: panels2(xr, in_, panels_.data(), bias_, out_, p, p + 1, yr); break;
          case 3: panels3(xr, in_, panels_.data(), bias_, out_, p, p + 1, yr); break;
          default: panels4(xr, in_, panels_.data(), bias_, out_, p, p + 1, yr); break;
        }
      }
  });
}

}  // namespace studio::model::inference
