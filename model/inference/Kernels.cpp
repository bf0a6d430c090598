#include "model/inference/Kernels.h"

#include <dlfcn.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include <ATen/ATen.h>
#include <ATen/Parallel.h>

#include "model/inference/CpuClones.h"

namespace studio::model::inference {

namespace {

// Fortran BLAS: column-major.
using Sgemm = void (*)(const char* transa, const char* transb, const int* m, const int* n, const int* k,
                       const float* alpha, const float* a, const int* lda, const float* b, const int* ldb,
                       const float* beta, float* c, const int* ldc);

Sgemm findSgemm() {
  // LibTorch's own BLAS, already loaded with it: Debian's libtorch links
  // libblas.so.3; PyPI's libtorch_cpu.so carries and exports MKL's sgemm_.
  static const Sgemm found = reinterpret_cast<Sgemm>(dlsym(RTLD_DEFAULT, "sgemm_"));
  return found;
}

}  // namespace

const char* linearBackend() { return findSgemm() ? "sgemm (BLAS)" : "LibTorch mm"; }

void linear(const float* x, int64_t rows, int64_t in, const float* w, int64_t out, const float* bias, float* y) {
  if (rows == 0) return;
  float beta = 0.0f;
  if (bias) {
    for (int64_t r = 0; r < rows; ++r) std::copy(bias, bias + out, y + r * out);
    beta = 1.0f;
  }
  if (const Sgemm sgemm = findSgemm()) {
    // Row-major y = x wᵀ is column-major yᵀ = w xᵀ: w (stored [out, in]) is
    // column-major wᵀ, transposed back; x is column-major xᵀ as it is.
    const int m = int(out), n = int(rows), k = int(in), lda = int(in), ldb = int(in), ldc = int(out);
    const float alpha = 1.0f;
    sgemm("T", "N", &m, &n, &k, &alpha, w, &lda, x, &ldb, &beta, y, &ldc);
    return;
  }
  auto xt = at::from_blob(const_cast<float*>(x), {rows, in}, at::kFloat);
  auto wt = at::from_blob(const_cast<float*>(w), {out, in}, at::kFloat);
  auto yt = at::from_blob(y, {rows, out}, at::kFloat);
  if (bias) yt.addmm_(xt, wt.t());
  else at::mm_out(yt, xt, wt.t());
}

namespace {

STUDIO_CLONES
void layerNormRows(const float* x, const float* residual, int64_t rows, int64_t width, const float* gain,
                   const float* bias, float eps, float* y) {
  for (int64_t r = 0; r < rows; ++r) {
    const float* a = x + r * width;
    const float* b = residual ? residual + r * width : nullptr;
    float* out = y + r * width;
    float sum = 0.0f;
    if (b) {
#pragma omp simd reduction(+ : sum)
      for (int64_t i = 0; i < width; ++i) {
        out[i] = a[i] + b[i];
        sum += out[i];
      }
    } else {
#pragma omp simd reduction(+ : sum)
      for (int64_t i = 0; i < width; ++i) {
        out[i] = a[i];
        sum += a[i];
      }
    }
    const float mean = sum / float(width);
    float squares = 0.0f;
#pragma omp simd reduction(+ : squares)
    for (int64_t i = 0; i < width; ++i) {
      const float d = out[i] - mean;
      squares += d * d;
    }
    const float inverse = 1.0f / std::sqrt(squares / float(width) + eps);
#pragma omp simd
    for (int64_t i = 0; i < width; ++i) out[i] = (out[i] - mean) * inverse * gain[i] + bias[i];
  }
}

}  // namespace

void layerNorm(const float* x, const float* residual, int64_t rows, int64_t width, const float* gain,
               const float* bias, float eps, float* y) {
  at::parallel_for(0, rows, std::max<int64_t>(1, 16384 / std::max<int64_t>(1, width)), [&](int64_t begin, int64_t end) {
    layerNormRows(x + begin * width, residual ? residual + begin * width : nullptr, end - begin, width, gain, bias,
                  eps, y + begin * width);
  });
}

STUDIO_CLONES
void addInPlace(float* x, const float* residual, int64_t count) {
#pragma omp simd
  for (int64_t i = 0; i < count; ++i) x[i] += residual[i];
}

STUDIO_CLONES
void reluInPlace(float* x, int64_t count) {
#pragma omp simd
  for (int64_t i = 0; i < count; ++i) x[i] = x[i] > 0.0f ? x[i] : 0.0f;
}

STUDIO_CLONES
void attendOneQuery(const float* q, const float* keys, const float* values, int64_t stride, int64_t count,
                    const int64_t* index, int64_t dh, float scale, float keep, float* scores, float* out) {
  if (keep == 0.0f) {  // a head switched off: its context is zero, nothing to compute
    std::fill(out, out + dh, 0.0f);
    return;
  }
  float scaled[1024];  // dh is at most d_model / heads; FastDecoder checks dh <= 1024
#pragma omp simd
  for (int64_t i = 0; i < dh; ++i) scaled[i] = q[i] * scale;
  auto key = [&](int64_t t) { return (index ? index[t] : t) * stride; };
  // Four keys at a time: four independent sums (one key's dot product is a
  // chain of dependent adds), each summed as one key alone would be.
  int64_t t = 0;
  for (; t + 4 <= count; t += 4) {
    const float *k0 = keys + key(t), *k1 = keys + key(t + 1), *k2 = keys + key(t + 2), *k3 = keys + key(t + 3);
    float s0 = 0.0f, s1 = 0.0f, s2 = 0.0f, s3 = 0.0f;
#pragma omp simd reduction(+ : s0, s1, s2, s3)
    for (int64_t i = 0; i < dh; ++i) {
      s0 += k0[i] * scaled[i];
      s1 += k1[i] * scaled[i];
      s2 += k2[i] * scaled[i];
      s3 += k3[i] * scaled[i];
    }
    scores[t] = s0, scores[t + 1] = s1, scores[t + 2] = s2, scores[t + 3] = s3;
  }
  for (; t < count; ++t) {
    const float* k = keys + key(t);
    float s = 0.0f;
#pragma omp simd reduction(+ : s)
    for (int64_t i = 0; i < dh; ++i) s += k[i] * scaled[i];
    scores[t] = s;
  }
  float best = -std::numeric_limits<float>::infinity();
  for (t = 0; t < count; ++t) best = std::max(best, scores[t]);
  std::fill(out, out + dh, 0.0f);
  if (best == -std::numeric_limits<float>::infinity()) return;  // no key to see (or a -inf score)
  float total = 0.0f;
  for (t = 0; t < count; ++t) {
    scores[t] = std::exp(scores[t] - best);
    total += scores[t];
  }
  for (t = 0; t < count; ++t) scores[t] /= total;
  // Four values at a time, added to each output in the keys' order.
  for (t = 0; t + 4 <= count; t += 4) {
    const float *v0 = values + key(t), *v1 = values + key(t + 1), *v2 = values + key(t + 2), *v3 = values + key(t + 3);
    const float p0 = scores[t], p1 = scores[t + 1], p2 = scores[t + 2], p3 = scores[t + 3];
#pragma omp simd
    for (int64_t i = 0; i < dh; ++i) {
      float o = out[i];
      o += p0 * v0[i];
      o += p1 * v1[i];
      o += p2 * v2[i];
      o += p3 * v3[i];
      out[i] = o;
    }
  }
  for (; t < count; ++t) {
    const float p = scores[t];
    const float* v = values + key(t);
#pragma omp simd
    for (int64_t i = 0; i < dh; ++i) out[i] += p * v[i];
  }
  if (keep != 1.0f) {
#pragma omp simd
    for (int64_t i = 0; i < dh; ++i) out[i] *= keep;
  }
}

STUDIO_CLONES
void attendOneQueryKeysTransposed(const float* q, const float* keys_t, const float* values, int64_t count,
                                  const uint8_t* blocked, int64_t dh, float scale, float keep, float* scores,
                                  float* out) {
  if (keep == 0.0f) {  // a head switched off
    std::fill(out, out + dh, 0.0f);
    return;
  }
#pragma omp simd
  for (int64_t t = 0; t < count; ++t) scores[t] = 0.0f;
  for (int64_t i = 0; i < dh; ++i) {
    const float v = q[i] * scale;
    const float* k = keys_t + i * count;
#pragma omp simd
    for (int64_t t = 0; t < count; ++t) scores[t] += v * k[t];
  }
  float best = -std::numeric_limits<float>::infinity();
  for (int64_t t = 0; t < count; ++t)
    if (!(blocked && blocked[t])) best = std::max(best, scores[t]);
  std::fill(out, out + dh, 0.0f);
  if (best == -std::numeric_limits<float>::infinity()) return;  // no key to see
  float total = 0.0f;
  for (int64_t t = 0; t < count; ++t) {
    scores[t] = blocked && blocked[t] ? 0.0f : std::exp(scores[t] - best);
    total += scores[t];
  }
  for (int64_t t = 0; t < count; ++t) {
    if (scores[t] == 0.0f) continue;
    const float p = scores[t] / total;
    const float* v = values + t * dh;
#pragma omp simd
    for (int64_t i = 0; i < dh; ++i) out[i] += p * v[i];
  }
  if (keep != 1.0f) {
#pragma omp simd
    for (int64_t i = 0; i < dh; ++i) out[i] *= keep;
  }
}

void transposeKeys(const float* rows, int64_t stride, int64_t key_offset, int64_t value_offset,
                   const std::vector<int64_t>& first, int64_t heads, int64_t dh, float* keys_t, float* values) {
  const int64_t D = heads * dh;
  for (size_t b = 0; b + 1 < first.size(); ++b) {
    const int64_t begin = first[b], count = first[b + 1] - first[b];
    for (int64_t h = 0; h < heads; ++h) {
      float* kt = keys_t + begin * D + h * count * dh;
      float* v = values + begin * D + h * count * dh;
      for (int64_t t = 0; t < count; ++t) {
        const float* row = rows + (begin + t) * stride + h * dh;
        for (int64_t i = 0; i < dh; ++i) kt[i * count + t] = row[key_offset + i];
        std::copy_n(row + value_offset, dh, v + t * dh);
      }
    }
  }
}

}  // namespace studio::model::inference
