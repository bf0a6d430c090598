#include "model/inference/Bf16Linear.h"

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <cstring>

#include <ATen/Parallel.h>
#include <torch/torch.h>

#include "model/runtime/Runtime.h"

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#define STUDIO_BF16_KERNEL 1
#endif

namespace studio::model::inference {

namespace {

std::atomic<bool> prefer_float_kernel{false};

constexpr int64_t B = Bf16Linear::kBlock;

// float32 to bf16, rounding to nearest even, as LibTorch's conversion (NaN stays NaN).
inline uint16_t toBf16(float v) {
  uint32_t bits;
  std::memcpy(&bits, &v, sizeof bits);
  if ((bits & 0x7fffffffu) > 0x7f800000u) return uint16_t((bits >> 16) | 0x40u);
  bits += 0x7fffu + ((bits >> 16) & 1u);
  return uint16_t(bits >> 16);
}

inline float fromBf16(uint16_t h) {
  const uint32_t bits = uint32_t(h) << 16;
  float v;
  std::memcpy(&v, &bits, sizeof v);
  return v;
}

inline float roundToBf16(float v) { return fromBf16(toBf16(v)); }

bool hasBf16Instructions() {
  static const bool has = !cpuBf16Instructions().empty();
  return has;
}

bool hasBf16DotProduct() {
#ifdef STUDIO_BF16_KERNEL
  static const bool has = [] {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx512bf16") && __builtin_cpu_supports("avx512bw");
  }();
  return has;
#else
  return false;
#endif
}

int64_t initialSmallRows() {
  // STUDIO_BF16_ROWS: for measuring where oneDNN starts to win.
  if (const char* text = std::getenv("STUDIO_BF16_ROWS")) return std::max(0L, std::strtol(text, nullptr, 10));
  return 64;
}

#ifdef STUDIO_BF16_KERNEL
// R rows (R <= 4) times blocks [first, last) of B = 64 outputs: vdpbf16ps
// adds two products of bf16 pairs into each of 16 float32 sums a vector; the
// R x 4 vectors of sums stay in registers while the block is read once.
// `x` holds each row's inputs as bf16 pairs (one 32-bit word a pair).
template <int R>
__attribute__((target("avx512f,avx512bw,avx512bf16"))) void blocksKernel(const uint32_t* x, int64_t pairs,
                                                                          const uint16_t* packed, int64_t out,
                                                                          int64_t first, int64_t last, float* y) {
  for (int64_t b = first; b < last; ++b) {
    const uint16_t* w = packed + b * pairs * 2 * B;
    __m512 acc[R][4];
    for (int r = 0; r < R; ++r)
      for (int v = 0; v < 4; ++v) acc[r][v] = _mm512_setzero_ps();
    for (int64_t i = 0; i < pairs; ++i, w += 2 * B) {
      __m512i wv[4];
      for (int v = 0; v < 4; ++v) wv[v] = _mm512_loadu_si512(w + 32 * v);
      for (int r = 0; r < R; ++r) {
        const __m512i xv = _mm512_set1_epi32(int(x[r * pairs + i]));
        for (int v = 0; v < 4; ++v) acc[r][v] = _mm512_dpbf16_ps(acc[r][v], (__m512bh)wv[v], (__m512bh)xv);
      }
    }
    const int64_t o = b * B, width = std::min(B, out - o);
    for (int r = 0; r < R; ++r) {
      alignas(64) float sums[B];
      for (int v = 0; v < 4; ++v) _mm512_store_ps(sums + 16 * v, acc[r][v]);
      std::copy(sums, sums + width, y + r * out + o);
    }
  }
}
#endif

}  // namespace

void Bf16Linear::preferFloatKernelForTesting(bool prefer) { prefer_float_kernel = prefer; }

void Bf16Linear::roundAndAddBias(int64_t rows, float* y) const {
  for (int64_t r = 0; r < rows; ++r)
    for (int64_t j = 0; j < out_; ++j) y[r * out_ + j] = roundToBf16(y[r * out_ + j]) + (bias_ ? bias_[j] : 0.0f);
}

int64_t Bf16Linear::smallRows() {
  static const int64_t rows = initialSmallRows();
  return rows;
}

Bf16Linear::Bf16Linear(const float* weight, const float* bias, int64_t out, int64_t in)
    : in_(in), out_(out), bias_(bias) {
  // The float32 kernel's copy only where it runs (no bf16 instructions, or a
  // test asking for it): elsewhere it would triple the weights' memory.
  if (!hasBf16Instructions() || prefer_float_kernel.load()) {
    auto rounded = std::make_shared<std::vector<float>>(size_t(out * in));
    for (int64_t i = 0; i < out * in; ++i) (*rounded)[size_t(i)] = roundToBf16(weight[i]);
    kernel_ = std::make_shared<const PackedLinear>(rounded->data(), nullptr, out, in);
    rounded_ = std::move(rounded);
  }
  if (hasBf16Instructions())
    weight_t_ = torch::from_blob(const_cast<float*>(weight), {out, in}).t().to(torch::kBFloat16).contiguous();
  if (hasBf16DotProduct()) {
    // [ceil(out / B)][pairs][B outputs][2]: block b, pair i, output j holds
    // (w[b*B + j][2i], w[b*B + j][2i + 1]); zeros past `out` and `in`.
    const int64_t blocks = (out + B - 1) / B, pairs = (in + 1) / 2;
    auto packed = std::make_shared<std::vector<uint16_t>>(size_t(blocks * pairs * 2 * B), uint16_t(0));
    for (int64_t j = 0; j < out; ++j)
      for (int64_t i = 0; i < in; ++i)
        (*packed)[size_t(((j / B) * pairs + i / 2) * 2 * B + (j % B) * 2 + i % 2)] = toBf16(weight[j * in + i]);
    blocks_ = std::move(packed);
  }
}

void Bf16Linear::apply(const float* x, int64_t rows, float* y) const {
  // The roundings in and out are plain loops: at a decoding step's few rows
  // they cost less than LibTorch's conversions.
  const bool native = !prefer_float_kernel.load();
#ifdef STUDIO_BF16_KERNEL
  if (native && blocks_ && rows <= smallRows()) {
    const int64_t pairs = (in_ + 1) / 2, blocks = (out_ + B - 1) / B;
    thread_local std::vector<uint32_t> xs;
    xs.assign(size_t(rows * pairs), 0u);
    for (int64_t r = 0; r < rows; ++r)
      for (int64_t i = 0; i < in_; ++i)
        xs[size_t(r * pairs + i / 2)] |= uint32_t(toBf16(x[r * in_ + i])) << (16 * (i % 2));
    const uint32_t* xp = xs.data();
    const uint16_t* packed = blocks_->data();
    const int64_t grain = std::max<int64_t>(1, 65536 / std::max<int64_t>(1, in_ * B * rows));
    at::parallel_for(0, blocks, grain, [&](int64_t first, int64_t last) {
      for (int64_t b = first; b < last; ++b)
        for (int64_t r = 0; r < rows; r += 4) {
          const uint32_t* xr = xp + r * pairs;
          float* yr = y + r * out_;
          switch (std::min<int64_t>(4, rows - r)) {
            case 1: blocksKernel<1>(xr, pairs, packed, out_, b, b + 1, yr); break;
            case 2: blocksKernel<2>(xr, pairs, packed, out_, b, b + 1, yr); break;
            case 3: blocksKernel<3>(xr, pairs, packed, out_, b, b + 1, yr); break;
            default: blocksKernel<4>(xr, pairs, packed, out_, b, b + 1, yr); break;
          }
        }
    });
    roundAndAddBias(rows, y);
    return;
  }
#endif
  if (weight_t_.defined() && (native || !kernel_)) {
    // oneDNN's product (AMX or AVX512-BF16) into a buffer each thread keeps.
    thread_local std::vector<uint16_t> xs, ys;
    xs.resize(size_t(rows * in_));
    ys.resize(size_t(rows * out_));
    for (int64_t i = 0; i < rows * in_; ++i) xs[size_t(i)] = toBf16(x[i]);
    const auto a = torch::from_blob(xs.data(), {rows, in_}, torch::kBFloat16);
    auto c = torch::from_blob(ys.data(), {rows, out_}, torch::kBFloat16);
    torch::mm_out(c, a, weight_t_);
    const uint16_t* sums = ys.data();
    for (int64_t r = 0; r < rows; ++r)
      for (int64_t j = 0; j < out_; ++j) y[r * out_ + j] = fromBf16(sums[r * out_ + j]) + (bias_ ? bias_[j] : 0.0f);
    return;
  }
  thread_local std::vector<float> xs;
  xs.resize(size_t(rows * in_));
  for (int64_t i = 0; i < rows * in_; ++i) xs[size_t(i)] = roundToBf16(x[i]);
  kernel_->apply(xs.data(), rows, y);
  roundAndAddBias(rows, y);
}

}  // namespace studio::model::inference
