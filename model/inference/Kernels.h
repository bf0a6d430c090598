#pragma once

#include <cstdint>
#include <vector>

// The small loops of a decoding step, on plain float arrays (row-major), for
// the inference engine (FastDecoder.h). Each is written to give what the
// LibTorch modules give for the same inputs, to float rounding: the same
// operations in the same order wherever the order matters for rounding
// (the query scaled before the dot product, max-subtracted softmax, biased
// variance in the layer norm).
namespace studio::model::inference {

// y[rows, out] = x[rows, in] · w[out, in]ᵀ + bias[out] (bias may be null).
// `w` is a Linear module's weight as it is stored. Calls the BLAS sgemm that
// LibTorch itself links (OpenBLAS in Debian's build, MKL in PyPI's), found
// when first used; LibTorch's matmul when there is none.
void linear(const float* x, int64_t rows, int64_t in, const float* w, int64_t out, const float* bias, float* y);

// Which matrix product linear() runs: "sgemm (BLAS)" or "LibTorch mm".
const char* linearBackend();

// y = LayerNorm(x (+ residual)) row by row over `width`: (v - mean) /
// sqrt(var + eps) * gain + bias, var biased, as torch.nn.LayerNorm. `y` may
// be `x` or `residual`. `residual` may be null.
void layerNorm(const float* x, const float* residual, int64_t rows, int64_t width, const float* gain,
               const float* bias, float eps, float* y);

// x += residual, elementwise over `count` floats.
void addInPlace(float* x, const float* residual, int64_t count);

// x = max(x, 0) over `count` floats.
void reluInPlace(float* x, int64_t count);

// Attention of one query over `count` keys: out[dh] = sum_t p_t v_t with
// p = softmax((q * scale) · k_t); key t is at keys + index[t] * stride and
// its value at values + index[t] * stride (index null: t). `scores` is
// scratch of `count` floats. `keep` scales the result (0: a head switched
// off, nothing is computed).
void attendOneQuery(const float* q, const float* keys, const float* values, int64_t stride, int64_t count,
                    const int64_t* index, int64_t dh, float scale, float keep, float* scores, float* out);

// The same over keys stored transposed, keys_t [dh, count] (a row of
// `count` floats a dimension), and values [count, dh]: the scores of all
// keys are built one dimension at a time, in vector registers across keys
// (for cross-attention, where every beam of a sentence reads the same keys).
void attendOneQueryKeysTransposed(const float* q, const float* keys_t, const float* values, int64_t count,
                                  const uint8_t* blocked, int64_t dh, float scale, float keep, float* scores,
                                  float* out);

// Keys and values of packed rows (`stride` floats a row; keys at
// `key_offset`, values at `value_offset`) in the layout that
// attendOneQueryKeysTransposed() reads, sentence by sentence: sentence b
// owns rows first[b] .. first[b + 1] (count c) and the block of c * heads *
// dh floats from first[b] * heads * dh on, head h's part at h * c * dh:
// keys_t [dh, c], values [c, dh].
void transposeKeys(const float* rows, int64_t stride, int64_t key_offset, int64_t value_offset,
                   const std::vector<int64_t>& first, int64_t heads, int64_t dh, float* keys_t, float* values);

}  // namespace studio::model::inference
