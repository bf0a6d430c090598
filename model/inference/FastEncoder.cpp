#include "model/inference/FastEncoder.h"

#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

#include <ATen/Parallel.h>

#include "model/inference/Kernels.h"
#include "model/inference/PackedModel.h"

namespace studio::model::inference {

torch::Tensor encode(const Transformer& model, const torch::Tensor& src, const HeadMask& mask,
                     WeightPrecision precision) {
  const auto& o = model->options();
  mask.validate(o);
  const auto weights = packedModel(model, precision);
  const auto ids_tensor = src.to(torch::kCPU, torch::kLong).contiguous();
  const int64_t B = ids_tensor.size(0), S = ids_tensor.size(1), D = o.d_model, dh = o.headDim();
  if (S > o.max_length)
    throw std::length_error("sequence of " + std::to_string(S) + " positions is longer than the model's max_length (" +
                            std::to_string(o.max_length) + ")");
  const int64_t* ids = ids_tensor.data_ptr<int64_t>();
  // Only the source's pieces are computed, packed sentence after sentence
  // (pads are masked keys, and their own rows are never read).
  std::vector<int64_t> position;             // [M]: b * S + s of each computed row
  std::vector<int64_t> first(size_t(B) + 1);  // sentence b's rows: first[b] .. first[b + 1]
  for (int64_t b = 0; b < B; ++b) {
    first[size_t(b)] = int64_t(position.size());
    for (int64_t s = 0; s < S; ++s)
      if (ids[b * S + s] != o.pad_id) position.push_back(b * S + s);
  }
  first[size_t(B)] = int64_t(position.size());
  const auto M = int64_t(position.size());

  const float scale_embedding = float(std::sqrt(double(D)));
  std::vector<float> x(size_t(M * D));
  for (int64_t m = 0; m < M; ++m) {
    const int64_t token = ids[position[size_t(m)]];
    if (token < 0 || token >= o.vocab_size)
      throw std::out_of_range("token id " + std::to_string(token) + " out of range");
    const float* e = weights->embedding + token * D;
    const float* pe = weights->positions + (position[size_t(m)] % S) * D;
    for (int64_t j = 0; j < D; ++j) x[size_t(m * D + j)] = e[j] * scale_embedding + pe[j] * weights->position_scale;
  }

  const bool pre_norm = o.norm_position == NormPosition::Pre;
  const float eps = 1e-5f, scale = float(1.0 / std::sqrt(double(dh)));
  std::vector<float> h(size_t(M * D)), qkv(size_t(M * 3 * D)), context(size_t(M * D)), projected(size_t(M * D)),
      ffn(size_t(M * o.d_ff)), keys_t(size_t(M * D)), values(size_t(M * D));
  for (size_t l = 0; l < weights->encoder.size(); ++l) {
    const auto& w = weights->encoder[l];
    // The heads computed (the pruned ones are not, HeadPruning.h) and a factor each: 0 for those masked.
    const int64_t heads = w.heads.count(), width = w.heads.width(dh);
    std::vector<float> keep(size_t(heads), 1.0f);
    for (int64_t i = 0; i < heads; ++i) {
      const int64_t head = w.heads.computed[size_t(i)];
      if (mask.isOff(AttentionKind::EncoderSelf, int64_t(l), head) || w.heads.silent[size_t(head)]) keep[size_t(i)] = 0.0f;
    }

    const float* in = x.data();
    if (pre_norm) {
      layerNorm(x.data(), nullptr, M, D, w.norm1_g, w.norm1_b, eps, h.data());
      in = h.data();
    }
    w.qkv.apply(in, M, qkv.data());  // [M, 3 width]
    transposeKeys(qkv.data(), 3 * width, width, 2 * width, first, heads, dh, keys_t.data(), values.data());
    at::parallel_for(0, M, std::max<int64_t>(1, 32768 / std::max<int64_t>(1, heads * S * dh)), [&](int64_t begin, int64_t end) {
      std::vector<float> scores(static_cast<size_t>(S));
      int64_t b = 0;
      for (int64_t m = begin; m < end; ++m) {
        while (first[size_t(b) + 1] <= m) ++b;
        const int64_t count = first[size_t(b) + 1] - first[size_t(b)];
        for (int64_t i = 0; i < heads; ++i) {
          const int64_t block = first[size_t(b)] * width + i * count * dh;
          attendOneQueryKeysTransposed(qkv.data() + m * 3 * width + i * dh, keys_t.data() + block,
                                       values.data() + block, count, nullptr, dh, scale, keep[size_t(i)],
                                       scores.data(), context.data() + m * width + i * dh);
        }
      }
    });
    w.out.apply(context.data(), M, projected.data());
    if (pre_norm) addInPlace(x.data(), projected.data(), M * D);
    else layerNorm(x.data(), projected.data(), M, D, w.norm1_g, w.norm1_b, eps, x.data());

    in = x.data();
    if (pre_norm) {
      layerNorm(x.data(), nullptr, M, D, w.norm2_g, w.norm2_b, eps, h.data());
      in = h.data();
    }
    w.ffn1.apply(in, M, ffn.data());
    reluInPlace(ffn.data(), M * o.d_ff);
    w.ffn2.apply(ffn.data(), M, projected.data());
    if (pre_norm) addInPlace(x.data(), projected.data(), M * D);
    else layerNorm(x.data(), projected.data(), M, D, w.norm2_g, w.norm2_b, eps, x.data());
  }
  if (pre_norm)
    layerNorm(x.data(), nullptr, M, D, weights->encoder_final_g, weights->encoder_final_b, eps, x.data());
  auto memory = torch::zeros({B, S, D}, torch::kFloat);
  float* out = memory.data_ptr<float>();
  for (int64_t m = 0; m < M; ++m) std::copy_n(x.data() + m * D, D, out + position[size_t(m)] * D);
  return memory;
}

}  // namespace studio::model::inference
