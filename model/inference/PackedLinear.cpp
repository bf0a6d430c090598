#include "model/inference/PackedLinear.h"

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <string>

#include <ATen/Parallel.h>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#define STUDIO_PACKED_AVX2 1
#endif

#include "model/inference/CpuClones.h"
#include "model/inference/Kernels.h"

namespace studio::model::inference {

namespace {

constexpr int64_t P = PackedLinear::kPanel;

constexpr int64_t S = PackedLinear::kStrip;

// R rows (R <= 4) times panels [first, last) of P outputs (P / S strips):
// each panel's P outputs of the R rows stay in registers while its strips
// are read once, front to back, side by side.
template <int R>
inline __attribute__((always_inline)) void panelsKernel(const float* x, int64_t in, const float* panels,
                                                        const float* bias, int64_t out, int64_t first,
                                                        int64_t last, float* y) {
  constexpr int K = int(P / S);
  for (int64_t p = first; p < last; ++p) {
    const float* w = panels + p * in * P;
    const int64_t o = p * P, width = std::min(P, out - o);
    float acc[R][P];
    for (int r = 0; r < R; ++r)
#pragma omp simd
      for (int64_t j = 0; j < P; ++j) acc[r][j] = 0.0f;
    for (int64_t i = 0; i < in; ++i) {
      for (int r = 0; r < R; ++r) {
        const float v = x[r * in + i];
        for (int k = 0; k < K; ++k) {
          const float* wk = w + k * in * S + i * S;
#pragma omp simd
          for (int64_t j = 0; j < S; ++j) acc[r][k * S + j] += v * wk[j];
        }
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

#ifdef STUDIO_PACKED_AVX2
// AVX2 has 16 vector registers: the generic kernel's 4 rows × 64 outputs
// (32 accumulators) spill there. This one keeps R rows × 8V outputs (R·V ≤
// 12 accumulators, the rest of the registers for the weights and the
// broadcast input) while it walks the inputs of V / 2 strips side by side.
// Each output is summed in the same order (inputs front to back, one fused
// multiply-add each, then the bias) as the generic kernel's AVX2 build.
template <int R, int V>
__attribute__((target("avx2,fma"))) void tileAvx2(const float* x, int64_t in, const float* w, const float* bias,
                                                  int64_t width, float* y, int64_t out) {
  static_assert(R * V <= 12 && V % 2 == 0, "accumulators must fit the registers");
  __m256 acc[R][V];
#pragma GCC unroll 12
  for (int r = 0; r < R; ++r)
#pragma GCC unroll 8
    for (int v = 0; v < V; ++v) acc[r][v] = _mm256_setzero_ps();
  for (int64_t i = 0; i < in; ++i, w += S) {
    __m256 wv[V];
#pragma GCC unroll 8
    for (int v = 0; v < V; ++v) wv[v] = _mm256_loadu_ps(w + (v / 2) * in * S + 8 * (v % 2));
#pragma GCC unroll 12
    for (int r = 0; r < R; ++r) {
      const __m256 xv = _mm256_broadcast_ss(x + r * in + i);
#pragma GCC unroll 8
      for (int v = 0; v < V; ++v) acc[r][v] = _mm256_fmadd_ps(xv, wv[v], acc[r][v]);
    }
  }
  // Through memory once at the end (a partial strip needs it anyway).
  alignas(32) float sums[R][8 * V];
#pragma GCC unroll 12
  for (int r = 0; r < R; ++r)
#pragma GCC unroll 8
    for (int v = 0; v < V; ++v) _mm256_store_ps(sums[r] + 8 * v, acc[r][v]);
  for (int r = 0; r < R; ++r) {
    float* row = y + r * out;
    if (bias)
      for (int64_t j = 0; j < width; ++j) row[j] = sums[r][j] + bias[j];
    else
      for (int64_t j = 0; j < width; ++j) row[j] = sums[r][j];
  }
}

// The last `left` (< K + 1) rows of a strip, one tile of exactly that many.
template <int V, int K>
void tailAvx2(int64_t left, const float* x, int64_t in, const float* strip, const float* bias, int64_t width,
              float* y, int64_t out) {
  if constexpr (K > 0) {
    if (left == K)
      tileAvx2<K, V>(x, in, strip, bias, width, y, out);
    else
      tailAvx2<V, K - 1>(left, x, in, strip, bias, width, y, out);
  }
}

// Rows [0, rows) of x through V / 2 strips (8V outputs) of a panel.
template <int V>
void stripAvx2(const float* x, int64_t rows, int64_t in, const float* strip, const float* bias, int64_t width,
               float* y, int64_t out) {
  constexpr int R = 12 / V;
  int64_t r = 0;
  for (; r + R <= rows; r += R) tileAvx2<R, V>(x + r * in, in, strip, bias, width, y + r * out, out);
  tailAvx2<V, R - 1>(rows - r, x + r * in, in, strip, bias, width, y + r * out, out);
}

// All rows through panel p: strips of 64 outputs for one row (8
// accumulators), 32 for two or three, 16 for more (6 rows a tile).
void panelAvx2(const float* x, int64_t rows, int64_t in, const float* panels, const float* bias, int64_t out,
               int64_t p, float* y) {
  const float* panel = panels + p * in * P;
  const int64_t o = p * P;
  const int64_t columns = rows == 1 ? 64 : rows <= 3 ? 32 : 16;
  for (int64_t c = 0; c < P && o + c < out; c += columns) {
    const float* b = bias ? bias + o + c : nullptr;
    const int64_t width = std::min(columns, out - o - c);
    const float* strips = panel + (c / S) * in * S;
    float* yc = y + o + c;
    if (columns == 64)
      stripAvx2<8>(x, rows, in, strips, b, width, yc, out);
    else if (columns == 32)
      stripAvx2<4>(x, rows, in, strips, b, width, yc, out);
    else
      stripAvx2<2>(x, rows, in, strips, b, width, yc, out);
  }
}

bool avx2TilesFit() {
  // CPUs with AVX-512 take the generic kernel's AVX-512 build (32 registers
  // hold its 16 accumulators); STUDIO_PACKED_AVX2=0 turns the tiles off and
  // =1 on where the CPU runs them (for measuring one against the other).
  __builtin_cpu_init();
  const bool can = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
  if (const char* text = std::getenv("STUDIO_PACKED_AVX2")) {
    if (std::string(text) == "0") return false;
    if (std::string(text) == "1") return can;
  }
  return can && !__builtin_cpu_supports("avx512f");
}
#endif

std::atomic<bool> prefer_generic{false};

bool useAvx2Tiles() {
#ifdef STUDIO_PACKED_AVX2
  static const bool fit = avx2TilesFit();
  return fit && !prefer_generic.load(std::memory_order_relaxed);
#else
  return false;
#endif
}

int64_t initialSmallRows() {
  // STUDIO_PACKED_ROWS: for measuring where BLAS starts to win.
  if (const char* text = std::getenv("STUDIO_PACKED_ROWS")) return std::max(0L, std::strtol(text, nullptr, 10));
  return 512;
}

}  // namespace

const char* PackedLinear::kernelName() { return useAvx2Tiles() ? "AVX2 tiles" : "generic"; }

void PackedLinear::preferGenericKernelForTesting(bool prefer) { prefer_generic.store(prefer); }

int64_t PackedLinear::smallRows() {
  static const int64_t rows = initialSmallRows();
  return rows;
}

PackedLinear::PackedLinear(const float* weight, const float* bias, int64_t out, int64_t in)
    : weight_(weight), bias_(bias), in_(in), out_(out) {
  const int64_t count = (out + P - 1) / P;
  panels_.assign(size_t(count * in * P), 0.0f);
  for (int64_t o = 0; o < out; ++o) {
    const float* source = weight + o * in;
    float* target = panels_.data() + (o / S) * in * S + o % S;
    for (int64_t i = 0; i < in; ++i) target[i * S] = source[i];
  }
}

void PackedLinear::apply(const float* x, int64_t rows, float* y) const {
  if (rows > smallRows()) {
    linear(x, rows, in_, weight_, out_, bias_, y);
    return;
  }
  const int64_t count = (out_ + P - 1) / P;
  // A panel is in * P multiply-adds a row; split once there are ~16K of them.
  // One row's products are bound by reading the weights, which on two cores
  // come in twice as fast: the starter's greedy decoding (d_model 128, every
  // product but the 128 x 128 ones split) went 1.06x as fast as at ~64K.
  const int64_t grain = std::max<int64_t>(1, 16384 / std::max<int64_t>(1, in_ * P * rows));
#ifdef STUDIO_PACKED_AVX2
  if (useAvx2Tiles()) {
    at::parallel_for(0, count, grain, [&](int64_t first, int64_t last) {
      for (int64_t p = first; p < last; ++p) panelAvx2(x, rows, in_, panels_.data(), bias_, out_, p, y);
    });
    return;
  }
#endif
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
