#include "model/inference/Bf16Linear.h"

#include <algorithm>
#include <atomic>
#include <cstring>
#include <stdexcept>

#include <ATen/Parallel.h>
#include <torch/torch.h>

#include "model/inference/AmxTiles.h"
#include "model/runtime/Runtime.h"

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#define STUDIO_BF16_KERNEL 1
#endif

namespace studio::model::inference {

namespace {

std::atomic<bool> keep_every_kernel{false};

constexpr int64_t B = Bf16Linear::kBlock;
constexpr int64_t kTileRows = 16;     // rows an AMX tile holds
constexpr int64_t kAmxRows = 32;      // rows a pass of the AMX kernel: two tiles
constexpr int64_t kAvx512Rows = 4;    // rows a pass of the AVX512-BF16 kernel

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

bool hasAvx512Bf16() {
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

bool hasAmxBf16() {
#ifdef STUDIO_BF16_KERNEL
  // Every CPU with AMX has AVX512-BF16, whose conversions both kernels use.
  static const bool has = hasAvx512Bf16() && amx::bf16Available();
  return has;
#else
  return false;
#endif
}

bool available(Bf16Kernel kernel) {
  switch (kernel) {
    case Bf16Kernel::Float: return true;
    case Bf16Kernel::OneDnn: return hasBf16Instructions();
    case Bf16Kernel::Avx512Bf16: return hasAvx512Bf16();
    case Bf16Kernel::Amx: return hasAmxBf16();
  }
  return false;
}

// A row's sums rounded to bf16 (as autocast's), the bias added in float32.
void finishRow(const float* sums, const float* bias, int64_t width, float* y) {
  for (int64_t j = 0; j < width; ++j) y[j] = roundToBf16(sums[j]) + (bias ? bias[j] : 0.0f);
}

#ifdef STUDIO_BF16_KERNEL
// Rows of x rounded to bf16 (vcvtneps2bf16: to nearest even, as toBf16(),
// but tiny numbers below bf16's normal range become zero), two inputs a
// 32-bit word, `stride` words a row; the words past `in` are left as they are.
__attribute__((target("avx512f,avx512bw,avx512bf16"))) void packRows(const float* x, int64_t rows, int64_t in,
                                                                     int64_t stride, uint32_t* xs) {
  for (int64_t r = 0; r < rows; ++r) {
    const float* xr = x + r * in;
    auto* out = reinterpret_cast<uint16_t*>(xs + r * stride);
    int64_t i = 0;
    for (; i + 16 <= in; i += 16)
      _mm256_storeu_si256(reinterpret_cast<__m256i*>(out + i), (__m256i)_mm512_cvtneps_pbh(_mm512_loadu_ps(xr + i)));
    if (i < in) {
      alignas(32) uint16_t tail[16];
      const __mmask16 mask = __mmask16((1u << (in - i)) - 1);
      _mm256_store_si256(reinterpret_cast<__m256i*>(tail), (__m256i)_mm512_cvtneps_pbh(_mm512_maskz_loadu_ps(mask, xr + i)));
      std::memcpy(out + i, tail, size_t(in - i) * sizeof(uint16_t));
    }
  }
}

// Up to 16 rows of a block's sums (kBlock a row) into y: each rounded to bf16
// (vcvtneps2bf16) and widened back, the bias added in float32, `width` outputs.
__attribute__((target("avx512f,avx512bw,avx512bf16"))) void finishRows(const float (*sums)[Bf16Linear::kBlock],
                                                                       int64_t m, const float* bias, int64_t width,
                                                                       float* y, int64_t y_stride) {
  for (int64_t r = 0; r < m; ++r)
    for (int64_t v = 0; v < width; v += 16) {
      const __mmask16 mask = width - v >= 16 ? __mmask16(0xffff) : __mmask16((1u << (width - v)) - 1);
      const __m256i rounded = (__m256i)_mm512_cvtneps_pbh(_mm512_load_ps(sums[r] + v));
      // (maskz forms: GCC 12 warns about the plain ones' undefined pass-through vector.)
      const __m512i widened = _mm512_maskz_cvtepu16_epi32(0xffff, rounded);
      __m512 value = _mm512_castsi512_ps(_mm512_maskz_slli_epi32(0xffff, widened, 16));
      if (bias) value = _mm512_add_ps(value, _mm512_maskz_loadu_ps(mask, bias + v));
      _mm512_mask_storeu_ps(y + r * y_stride + v, mask, value);
    }
}

// R rows (R <= 4) times one block of B = 64 outputs: vdpbf16ps adds two
// products of bf16 pairs into each of 16 float32 sums a vector; the R x 4
// vectors of sums stay in registers while the block is read once. `x` holds
// each row's inputs as bf16 pairs (one 32-bit word a pair), `stride` words a row.
template <int R>
__attribute__((target("avx512f,avx512bw,avx512bf16"))) void rowsAvx512(const uint32_t* x, int64_t stride,
                                                                       int64_t pairs, const uint16_t* w,
                                                                       float (*sums)[B]) {
  __m512 acc[R][4];
  for (int r = 0; r < R; ++r)
    for (int v = 0; v < 4; ++v) acc[r][v] = _mm512_setzero_ps();
  for (int64_t i = 0; i < pairs; ++i, w += 2 * B) {
    __m512i wv[4];
    for (int v = 0; v < 4; ++v) wv[v] = _mm512_loadu_si512(w + 32 * v);
    for (int r = 0; r < R; ++r) {
      const __m512i xv = _mm512_set1_epi32(int(x[r * stride + i]));
      for (int v = 0; v < 4; ++v) acc[r][v] = _mm512_dpbf16_ps(acc[r][v], (__m512bh)wv[v], (__m512bh)xv);
    }
  }
  for (int r = 0; r < R; ++r)
    for (int v = 0; v < 4; ++v) _mm512_storeu_ps(sums[r] + 16 * v, acc[r][v]);
}

// Up to 16 rows times one block: for each 16 pairs (32 inputs), C_v += A · B_v
// for the block's four groups of 16 outputs, A the rows' pairs (tile 4), B_v
// 16 pairs of 16 outputs as the block lies (4 · B bytes a row apart; tiles 5
// to 7 in turn), C_v in tiles 0 to 3. `pairs` is a multiple of 16 (zeros past in).
__attribute__((target("avx512f,avx512bw,amx-tile,amx-bf16"))) void rowsAmx(const uint32_t* x, int64_t stride,
                                                                          int64_t pairs, const uint16_t* w,
                                                                          int m, float (*sums)[B]) {
  amx::TileConfig config;
  for (int t : {0, 1, 2, 3, 4}) config.set(t, m, 64);
  for (int t : {5, 6, 7}) config.set(t, int(Bf16Linear::kPairStep), 64);
  _tile_loadconfig(&config);
  _tile_zero(0);
  _tile_zero(1);
  _tile_zero(2);
  _tile_zero(3);
  constexpr int64_t kRowBytes = 4 * B;
  for (int64_t i = 0; i < pairs; i += Bf16Linear::kPairStep, w += Bf16Linear::kPairStep * 2 * B) {
    _tile_loadd(4, x + i, stride * 4);
    _tile_loadd(5, w, kRowBytes);
    _tile_dpbf16ps(0, 4, 5);
    _tile_loadd(6, w + 32, kRowBytes);
    _tile_dpbf16ps(1, 4, 6);
    _tile_loadd(7, w + 64, kRowBytes);
    _tile_dpbf16ps(2, 4, 7);
    _tile_loadd(5, w + 96, kRowBytes);
    _tile_dpbf16ps(3, 4, 5);
  }
  _tile_stored(0, &sums[0][0], B * sizeof(float));
  _tile_stored(1, &sums[0][16], B * sizeof(float));
  _tile_stored(2, &sums[0][32], B * sizeof(float));
  _tile_stored(3, &sums[0][48], B * sizeof(float));
  _tile_release();
}

// 17 to 32 rows times one block, in two halves of 32 outputs: C += A · B for
// the rows' two tiles (4: rows 0-15, 5: the rest) and the half's two groups
// of 16 outputs (6, 7), sums in tiles 0-1 (first rows) and 2-3 (the rest).
// Each weight tile serves both row tiles: half the weight loads of two passes
// of rowsAmx().
__attribute__((target("avx512f,avx512bw,amx-tile,amx-bf16"))) void rowsAmxTwoTiles(const uint32_t* x, int64_t stride,
                                                                                  int64_t pairs, const uint16_t* w,
                                                                                  int m, float (*sums)[B]) {
  const int rest = m - int(kTileRows);
  amx::TileConfig config;
  for (int t : {0, 1, 4, 6, 7}) config.set(t, int(kTileRows), 64);
  for (int t : {2, 3, 5}) config.set(t, rest, 64);
  _tile_loadconfig(&config);
  constexpr int64_t kRowBytes = 4 * B;
  const uint32_t* x_rest = x + kTileRows * stride;
  for (int half = 0; half < 2; ++half) {
    _tile_zero(0);
    _tile_zero(1);
    _tile_zero(2);
    _tile_zero(3);
    const uint16_t* wh = w + 64 * half;  // the half's first group of 16 outputs, two bf16 each
    for (int64_t i = 0; i < pairs; i += Bf16Linear::kPairStep, wh += Bf16Linear::kPairStep * 2 * B) {
      _tile_loadd(4, x + i, stride * 4);
      _tile_loadd(6, wh, kRowBytes);
      _tile_dpbf16ps(0, 4, 6);
      _tile_loadd(5, x_rest + i, stride * 4);
      _tile_dpbf16ps(2, 5, 6);
      _tile_loadd(7, wh + 32, kRowBytes);
      _tile_dpbf16ps(1, 4, 7);
      _tile_dpbf16ps(3, 5, 7);
    }
    _tile_stored(0, &sums[0][32 * half], B * sizeof(float));
    _tile_stored(1, &sums[0][32 * half + 16], B * sizeof(float));
    _tile_stored(2, &sums[kTileRows][32 * half], B * sizeof(float));
    _tile_stored(3, &sums[kTileRows][32 * half + 16], B * sizeof(float));
  }
  _tile_release();
}
#endif

}  // namespace

const char* bf16KernelName(Bf16Kernel kernel) {
  switch (kernel) {
    case Bf16Kernel::Float: return "float32";
    case Bf16Kernel::OneDnn: return "oneDNN";
    case Bf16Kernel::Avx512Bf16: return "AVX512-BF16";
    case Bf16Kernel::Amx: return "AMX";
  }
  return "?";
}

std::vector<Bf16Kernel> bf16KernelsHere() {
  std::vector<Bf16Kernel> here;
  for (auto kernel : {Bf16Kernel::Float, Bf16Kernel::OneDnn, Bf16Kernel::Avx512Bf16, Bf16Kernel::Amx})
    if (available(kernel)) here.push_back(kernel);
  return here;
}

// (hasAmxBf16() implies AVX512-BF16.)
Bf16Kernel bf16KernelFor(int64_t rows) {
  if (hasAmxBf16()) return rows >= kBf16AmxFromRows ? Bf16Kernel::Amx : Bf16Kernel::Avx512Bf16;
  if (hasAvx512Bf16() && rows <= kBf16Avx512MaxRows) return Bf16Kernel::Avx512Bf16;
  return hasBf16Instructions() ? Bf16Kernel::OneDnn : Bf16Kernel::Float;
}

std::string bf16KernelsDescription() {
  if (hasAmxBf16()) return "AMX (from " + std::to_string(kBf16AmxFromRows) + " rows), AVX512-BF16";
  if (hasAvx512Bf16()) return "AVX512-BF16 (to " + std::to_string(kBf16Avx512MaxRows) + " rows), oneDNN";
  return hasBf16Instructions() ? "oneDNN" : "";
}

void Bf16Linear::keepEveryKernelForTesting(bool keep) { keep_every_kernel = keep; }

Bf16Linear::Bf16Linear(const float* weight, const float* bias, int64_t out, int64_t in)
    : in_(in),
      out_(out),
      pairs_((in + 1) / 2),
      padded_pairs_((pairs_ + kPairStep - 1) / kPairStep * kPairStep),
      bias_(bias) {
  // The float32 kernel's copy only where it runs (no bf16 instructions, or a
  // test asking for it): elsewhere it would triple the weights' memory.
  if (!hasBf16Instructions() || keep_every_kernel.load()) {
    auto rounded = std::make_shared<std::vector<float>>(size_t(out * in));
    for (int64_t i = 0; i < out * in; ++i) (*rounded)[size_t(i)] = roundToBf16(weight[i]);
    kernel_ = std::make_shared<const PackedLinear>(rounded->data(), nullptr, out, in);
    rounded_ = std::move(rounded);
  }
  // oneDNN's operand only where apply() may take it (past kBf16Avx512MaxRows without AMX).
  if (hasBf16Instructions() && (!hasAmxBf16() || keep_every_kernel.load()))
    weight_t_ = torch::from_blob(const_cast<float*>(weight), {out, in}).t().to(torch::kBFloat16).contiguous();
  if (hasAvx512Bf16() || hasAmxBf16()) {
    // Block b, pair i, output j holds (w[b*B + j][2i], w[b*B + j][2i + 1]); zeros past `out` and `in`.
    const int64_t blocks = (out + B - 1) / B;
    auto packed = std::make_shared<std::vector<uint16_t>>(size_t(blocks * padded_pairs_ * 2 * B), uint16_t(0));
    for (int64_t j = 0; j < out; ++j)
      for (int64_t i = 0; i < in; ++i)
        (*packed)[size_t(((j / B) * padded_pairs_ + i / 2) * 2 * B + (j % B) * 2 + i % 2)] = toBf16(weight[j * in + i]);
    blocks_ = std::move(packed);
  }
}

void Bf16Linear::applyWith(Bf16Kernel kernel, const float* x, int64_t rows, float* y) const {
  if (!available(kernel))
    throw std::invalid_argument(std::string("bf16: the ") + bf16KernelName(kernel) + " kernel does not run on this CPU");
  // The roundings in and out are plain loops: at a decoding step's few rows
  // they cost less than LibTorch's conversions.
  switch (kernel) {
    case Bf16Kernel::Avx512Bf16:
    case Bf16Kernel::Amx: applyBlocks(kernel, x, rows, y); return;
    case Bf16Kernel::OneDnn: {
      if (!weight_t_.defined()) throw std::invalid_argument("bf16: this product was made without oneDNN's operand");
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
        for (int64_t j = 0; j < out_; ++j)
          y[r * out_ + j] = fromBf16(sums[r * out_ + j]) + (bias_ ? bias_[j] : 0.0f);
      return;
    }
    case Bf16Kernel::Float: {
      if (!kernel_) throw std::invalid_argument("bf16: this product was made without its float32 kernel");
      thread_local std::vector<float> xs;
      xs.resize(size_t(rows * in_));
      for (int64_t i = 0; i < rows * in_; ++i) xs[size_t(i)] = roundToBf16(x[i]);
      kernel_->apply(xs.data(), rows, y);
      for (int64_t r = 0; r < rows; ++r) finishRow(y + r * out_, bias_, out_, y + r * out_);
      return;
    }
  }
}

void Bf16Linear::applyBlocks(Bf16Kernel kernel, const float* x, int64_t rows, float* y) const {
#ifdef STUDIO_BF16_KERNEL
  // Each row's inputs as bf16 pairs, zeros up to padded_pairs_ (AMX reads whole tiles).
  thread_local std::vector<uint32_t> xs;
  xs.assign(size_t(rows * padded_pairs_), 0u);
  packRows(x, rows, in_, padded_pairs_, xs.data());
  const uint32_t* xp = xs.data();
  const uint16_t* packed = blocks_->data();
  const bool amx = kernel == Bf16Kernel::Amx;
  const int64_t step = amx ? kAmxRows : kAvx512Rows;
  const int64_t blocks = (out_ + B - 1) / B, chunks = (rows + step - 1) / step;
  // A task is one block for one chunk of rows (up to 32 for AMX, 4 for
  // AVX512-BF16), chunks of a block side by side; split when each thread
  // gets ~64K multiply-adds (counted with the rows a chunk has, not those it
  // could hold: at a few rows, a thread a block costs more than it gives).
  const int64_t grain = std::max<int64_t>(1, 65536 / std::max<int64_t>(1, in_ * B * std::min(step, rows)));
  at::parallel_for(0, blocks * chunks, grain, [&](int64_t first, int64_t last) {
    alignas(64) float sums[kAmxRows][B];
    for (int64_t t = first; t < last; ++t) {
      const int64_t b = t / chunks, r0 = (t % chunks) * step, m = std::min(step, rows - r0);
      const uint16_t* w = packed + b * padded_pairs_ * 2 * B;
      const uint32_t* xr = xp + r0 * padded_pairs_;
      if (amx && m > kTileRows) {
        rowsAmxTwoTiles(xr, padded_pairs_, padded_pairs_, w, int(m), sums);
      } else if (amx) {
        rowsAmx(xr, padded_pairs_, padded_pairs_, w, int(m), sums);
      } else {
        switch (m) {
          case 1: rowsAvx512<1>(xr, padded_pairs_, pairs_, w, sums); break;
          case 2: rowsAvx512<2>(xr, padded_pairs_, pairs_, w, sums); break;
          case 3: rowsAvx512<3>(xr, padded_pairs_, pairs_, w, sums); break;
          default: rowsAvx512<4>(xr, padded_pairs_, pairs_, w, sums); break;
        }
      }
      const int64_t o = b * B;
      finishRows(sums, m, bias_ ? bias_ + o : nullptr, std::min(B, out_ - o), y + r0 * out_ + o, out_);
    }
  });
#else
  (void)kernel, (void)x, (void)rows, (void)y;
  throw std::logic_error("bf16: no kernel of our own on this architecture");
#endif
}

}  // namespace studio::model::inference
