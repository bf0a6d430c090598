#pragma once

#include <cstdint>

#include "model/inference/QuantizedLinear.h"

// The int8 product's kernels (QuantizedLinear.h holds the numbers they
// multiply): each one computes, for some rows of unsigned activation bytes and
// one panel of kPanel outputs, the exact int32 sums Σ_i x[r][i] · w[j][i], and
// hands them to the same epilogue, so every kernel gives the same floats.
//   AVX2         vpmaddubsw + vpmaddwd, up to 2 rows a pass;
//   AVX-VNNI     vpdpbusd on 256-bit vectors (CPUs with VNNI but not AVX-512), up to 2 rows a pass;
//   AVX512-VNNI  vpdpbusd on 512-bit vectors, up to 4 rows a pass;
//   AMX          TDPBUSD on tiles of up to 16 rows × 64 inputs.
// The panel layout ([groups][kPanel][4] bytes, groups a multiple of
// kGroupBlock) is at once AMX's B-tile layout: 16 groups of a panel's 16
// outputs are one tile, 128 bytes a row apart.
namespace studio::model::inference::int8 {

constexpr int64_t kGroupBlock = 16;  // groups (of 4 inputs) an AMX tile takes: inputs padded to 64

// Where int8KernelFor() switches (kernel bench, Xeon with AMX, 2 and 16
// threads): below 8 rows a tile's fixed cost shows; at 1-3 rows the 512-bit
// kernel was no faster than the 256-bit ones (memory-bound: one pass over the weights).
constexpr int64_t kAmxFromRows = 8;
constexpr int64_t kAvx512VnniFromRows = 4;

// Whether this CPU (and its operating system) can run the kernel.
bool available(Int8Kernel kernel);

// What a panel's sums become: y = (Σ q_x q_w - zero · Σ q_w) · x_scale ·
// w_scale + bias, for P outputs of one row (`width` of them written).
struct Epilogue {
  const int32_t* column_sums;  // kPanel each, zeros past out
  const float* scales;
  const float* bias;  // null: none
};

// One panel for `rows` rows: x is rows × x_stride bytes (x_stride =
// 4 · groups), w the panel's groups × kPanel × 4 bytes, y rows × y_stride
// floats of which the panel's `width` are written.
struct PanelWork {
  const uint8_t* x;
  int64_t x_stride;
  const ActivationScale* row_scales;
  int64_t rows;
  const int8_t* w;
  int64_t groups;
  Epilogue how;
  float* y;
  int64_t y_stride;
  int64_t width;
};

void panelAvx2(const PanelWork& work);
void panelAvxVnni(const PanelWork& work);
void panelAvx512Vnni(const PanelWork& work);
void panelAmx(const PanelWork& work);

}  // namespace studio::model::inference::int8
