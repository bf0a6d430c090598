#include "model/inference/Int8Kernels.h"

#include "model/inference/AmxTiles.h"

#include <algorithm>
#include <cstring>
#include <stdexcept>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <cpuid.h>
#include <immintrin.h>
#define STUDIO_INT8_X86 1
#endif

namespace studio::model::inference::int8 {

namespace {

constexpr int64_t P = QuantizedLinear::kPanel;
static_assert(P == 32, "the kernels hold a panel in four AVX2 / two AVX-512 vectors / two AMX tiles");
static_assert(2 * QuantizedLinear::kWeightSteps * QuantizedLinear::kActivationSteps <= 32767,
              "vpmaddubsw's pairwise int16 sums must not saturate");

#ifdef STUDIO_INT8_X86

bool cpuHas(Int8Kernel kernel) {
  __builtin_cpu_init();
  switch (kernel) {
    case Int8Kernel::Avx2: return __builtin_cpu_supports("avx2");
    case Int8Kernel::AvxVnni: {
      unsigned a = 0, b = 0, c = 0, d = 0;
      // CPUID leaf 7, subleaf 1: EAX bit 4 is AVX-VNNI (its registers are AVX2's: no further OS check).
      return cpuHas(Int8Kernel::Avx2) && __get_cpuid_count(7, 1, &a, &b, &c, &d) && (a & (1u << 4));
    }
    case Int8Kernel::Avx512Vnni:
      // libgcc also asks the operating system whether it saves AVX-512's registers.
      return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
             __builtin_cpu_supports("avx512vnni");
    case Int8Kernel::Amx:
      // AMX CPUs have AVX512-VNNI: below 8 rows, decoding uses it.
      return cpuHas(Int8Kernel::Avx512Vnni) && amx::int8Available();
  }
  return false;
}

// The epilogue for one row: the same instructions whichever kernel made the
// sums (not inlined into the AVX-512 ones, where the compiler could fuse the
// multiply and the add: the kernels must agree to the bit).
__attribute__((target("avx2"), noinline)) void finishRow(const int32_t* sums, ActivationScale row, const Epilogue& how,
                                                        float* y, int64_t width) {
  const __m256i zero = _mm256_set1_epi32(row.zero);
  const __m256 x_scale = _mm256_set1_ps(row.scale);
  float values[P];
  float* out = width == P ? y : values;
  for (int v = 0; v < 4; ++v) {
    const __m256i column = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(how.column_sums + 8 * v));
    const __m256i raw = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(sums + 8 * v));
    const __m256i exact = _mm256_sub_epi32(raw, _mm256_mullo_epi32(zero, column));
    __m256 value =
        _mm256_mul_ps(_mm256_cvtepi32_ps(exact), _mm256_mul_ps(x_scale, _mm256_loadu_ps(how.scales + 8 * v)));
    if (how.bias) value = _mm256_add_ps(value, _mm256_loadu_ps(how.bias + 8 * v));
    _mm256_storeu_ps(out + 8 * v, value);
  }
  if (out == values) std::memcpy(y, values, size_t(width) * sizeof(float));
}

// R rows: four inputs a step, broadcast to every lane; vpmaddubsw multiplies
// the unsigned inputs by the signed weights and adds pairs into int16 (at
// most 2 · A · W: no saturation), vpmaddwd adds those pairs into int32.
template <int R>
__attribute__((target("avx2"))) void rowsAvx2(const PanelWork& work, int64_t first) {
  const __m256i ones = _mm256_set1_epi16(1);
  __m256i acc[R][4];
  for (int r = 0; r < R; ++r)
    for (int v = 0; v < 4; ++v) acc[r][v] = _mm256_setzero_si256();
  const uint8_t* x = work.x + first * work.x_stride;
  const int8_t* w = work.w;
  for (int64_t g = 0; g < work.groups; ++g, w += 4 * P) {
    __m256i xb[R];
    for (int r = 0; r < R; ++r) {
      int32_t four;
      std::memcpy(&four, x + r * work.x_stride + 4 * g, sizeof four);
      xb[r] = _mm256_set1_epi32(four);
    }
    for (int v = 0; v < 4; ++v) {
      const __m256i wv = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(w + 32 * v));
      for (int r = 0; r < R; ++r)
        acc[r][v] = _mm256_add_epi32(acc[r][v], _mm256_madd_epi16(_mm256_maddubs_epi16(xb[r], wv), ones));
    }
  }
  alignas(32) int32_t sums[P];
  for (int r = 0; r < R; ++r) {
    for (int v = 0; v < 4; ++v) _mm256_store_si256(reinterpret_cast<__m256i*>(sums + 8 * v), acc[r][v]);
    finishRow(sums, work.row_scales[first + r], work.how, work.y + (first + r) * work.y_stride, work.width);
  }
}

// R rows, AVX-VNNI: AVX2's registers, vpdpbusd's single multiply-add.
template <int R>
__attribute__((target("avx2,avxvnni"))) void rowsAvxVnni(const PanelWork& work, int64_t first) {
  __m256i acc[R][4];
  for (int r = 0; r < R; ++r)
    for (int v = 0; v < 4; ++v) acc[r][v] = _mm256_setzero_si256();
  const uint8_t* x = work.x + first * work.x_stride;
  const int8_t* w = work.w;
  for (int64_t g = 0; g < work.groups; ++g, w += 4 * P) {
    __m256i xb[R];
    for (int r = 0; r < R; ++r) {
      int32_t four;
      std::memcpy(&four, x + r * work.x_stride + 4 * g, sizeof four);
      xb[r] = _mm256_set1_epi32(four);
    }
    for (int v = 0; v < 4; ++v) {
      const __m256i wv = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(w + 32 * v));
      for (int r = 0; r < R; ++r) acc[r][v] = _mm256_dpbusd_avx_epi32(acc[r][v], xb[r], wv);
    }
  }
  alignas(32) int32_t sums[P];
  for (int r = 0; r < R; ++r) {
    for (int v = 0; v < 4; ++v) _mm256_store_si256(reinterpret_cast<__m256i*>(sums + 8 * v), acc[r][v]);
    finishRow(sums, work.row_scales[first + r], work.how, work.y + (first + r) * work.y_stride, work.width);
  }
}

// R rows: vpdpbusd multiplies four unsigned inputs by four signed weights
// and adds the four products into each int32 lane, in one instruction.
template <int R>
__attribute__((target("avx2,avx512f,avx512bw,avx512vnni"))) void rowsAvx512Vnni(const PanelWork& work, int64_t first) {
  __m512i acc[R][2];
  for (int r = 0; r < R; ++r) acc[r][0] = acc[r][1] = _mm512_setzero_si512();
  const uint8_t* x = work.x + first * work.x_stride;
  const int8_t* w = work.w;
  for (int64_t g = 0; g < work.groups; ++g, w += 4 * P) {
    const __m512i w0 = _mm512_loadu_si512(w), w1 = _mm512_loadu_si512(w + 64);
    for (int r = 0; r < R; ++r) {
      int32_t four;
      std::memcpy(&four, x + r * work.x_stride + 4 * g, sizeof four);
      const __m512i xb = _mm512_set1_epi32(four);
      acc[r][0] = _mm512_dpbusd_epi32(acc[r][0], xb, w0);
      acc[r][1] = _mm512_dpbusd_epi32(acc[r][1], xb, w1);
    }
  }
  alignas(64) int32_t sums[P];
  for (int r = 0; r < R; ++r) {
    _mm512_store_si512(sums, acc[r][0]);
    _mm512_store_si512(sums + 16, acc[r][1]);
    finishRow(sums, work.row_scales[first + r], work.how, work.y + (first + r) * work.y_stride, work.width);
  }
}

// Up to 16 rows: for each 64 inputs (16 groups), C += A · B with A the rows'
// 64 bytes and B 16 groups of 16 outputs × 4 bytes, which is how the panel
// lies (its rows 4 · P bytes apart). The configuration is loaded every call:
// another library on this thread (oneDNN) may have changed it.
__attribute__((target("avx2,avx512f,avx512bw,avx512vnni,amx-tile,amx-int8"))) void blockAmx(const PanelWork& work,
                                                                                           int64_t first, int m) {
  // Tiles 0 and 1 hold the sums of the panel's two halves (16 outputs each),
  // tile 2 the rows' bytes, tiles 4 and 5 the two halves' weights.
  amx::TileConfig config;
  for (int t : {0, 1, 2}) config.set(t, m, 64);
  for (int t : {4, 5}) config.set(t, int(kGroupBlock), 64);
  _tile_loadconfig(&config);
  _tile_zero(0);
  _tile_zero(1);
  const uint8_t* x = work.x + first * work.x_stride;
  for (int64_t g = 0; g < work.groups; g += kGroupBlock) {
    const int8_t* w = work.w + g * 4 * P;
    _tile_loadd(2, x + 4 * g, work.x_stride);
    _tile_loadd(4, w, 4 * P);
    _tile_loadd(5, w + 64, 4 * P);
    _tile_dpbusd(0, 2, 4);
    _tile_dpbusd(1, 2, 5);
  }
  alignas(64) int32_t sums[16][P];
  _tile_stored(0, &sums[0][0], P * sizeof(int32_t));
  _tile_stored(1, &sums[0][16], P * sizeof(int32_t));
  _tile_release();
  for (int r = 0; r < m; ++r)
    finishRow(sums[r], work.row_scales[first + r], work.how, work.y + (first + r) * work.y_stride, work.width);
}

#endif

}  // namespace

bool available(Int8Kernel kernel) {
#ifdef STUDIO_INT8_X86
  static const bool avx2 = cpuHas(Int8Kernel::Avx2), avx_vnni = cpuHas(Int8Kernel::AvxVnni),
                    avx512_vnni = cpuHas(Int8Kernel::Avx512Vnni), amx = cpuHas(Int8Kernel::Amx);
  switch (kernel) {
    case Int8Kernel::Avx2: return avx2;
    case Int8Kernel::AvxVnni: return avx_vnni;
    case Int8Kernel::Avx512Vnni: return avx512_vnni;
    case Int8Kernel::Amx: return amx;
  }
#else
  (void)kernel;
#endif
  return false;
}

#ifdef STUDIO_INT8_X86
void panelAvx2(const PanelWork& work) {
  int64_t r = 0;
  for (; r + 2 <= work.rows; r += 2) rowsAvx2<2>(work, r);
  if (r < work.rows) rowsAvx2<1>(work, r);
}

void panelAvxVnni(const PanelWork& work) {
  int64_t r = 0;
  for (; r + 2 <= work.rows; r += 2) rowsAvxVnni<2>(work, r);
  if (r < work.rows) rowsAvxVnni<1>(work, r);
}

void panelAvx512Vnni(const PanelWork& work) {
  int64_t r = 0;
  for (; r + 4 <= work.rows; r += 4) rowsAvx512Vnni<4>(work, r);
  switch (work.rows - r) {
    case 3: rowsAvx512Vnni<3>(work, r); break;
    case 2: rowsAvx512Vnni<2>(work, r); break;
    case 1: rowsAvx512Vnni<1>(work, r); break;
    default: break;
  }
}

void panelAmx(const PanelWork& work) {
  for (int64_t r = 0; r < work.rows; r += 16) blockAmx(work, r, int(std::min<int64_t>(16, work.rows - r)));
}
#else
// Never called: available() says no kernel runs here, and QuantizedLinear refuses to be made.
void panelAvx2(const PanelWork&) { throw std::logic_error("int8: no AVX2 kernel on this architecture"); }
void panelAvxVnni(const PanelWork&) { throw std::logic_error("int8: no AVX-VNNI kernel on this architecture"); }
void panelAvx512Vnni(const PanelWork&) { throw std::logic_error("int8: no AVX512-VNNI kernel on this architecture"); }
void panelAmx(const PanelWork&) { throw std::logic_error("int8: no AMX kernel on this architecture"); }
#endif

}  // namespace studio::model::inference::int8
