#include "model/decoding/SourceReliance.h"

#include <stdexcept>
#include <string>

#include <torch/nn/modules/normalization.h>

#include "model/FeedForward.h"
#include "model/Masks.h"
#include "model/MultiHeadAttention.h"
#include "model/decoding/WordAlignment.h"

namespace studio::model {

namespace {

using Modules = torch::OrderedDict<std::string, std::shared_ptr<torch::nn::Module>>;

// The registered sub-module `name` of the model, as its type.
template <typename Module>
Module& moduleOf(const Modules& modules, const std::string& name) {
  const auto* found = modules.find(name);
  if (!found) throw std::logic_error("source reliance: the model has no module '" + name + "'");
  return *(*found)->as<Module>();
}

// ALTI's contributions: transformed [T, N, D] (each input's part of each
// output), output [T, D] -> [T, N], each row normalized to sum 1.
torch::Tensor contributionsOf(const torch::Tensor& transformed, const torch::Tensor& output) {
  auto output_norm = output.abs().sum(-1, /*keepdim=*/true);                // [T, 1]
  auto distance = (output.unsqueeze(1) - transformed).abs().sum(-1);        // [T, N]
  auto c = (output_norm - distance).clamp_min(0.0);
  return c / c.sum(-1, /*keepdim=*/true).clamp_min(1e-12);
}

// The layer norm at each position as the linear map it is once that
// position's mean and deviation are fixed: parts [T, N, D] of z [T, D].
torch::Tensor linearizedNorm(torch::nn::LayerNormImpl& norm, const torch::Tensor& z, const torch::Tensor& parts) {
  const double eps = norm.options.eps();
  auto deviation = (z.var(-1, /*unbiased=*/false, /*keepdim=*/true) + eps).sqrt();  // [T, 1]
  auto centred = parts - parts.mean(-1, /*keepdim=*/true);
  return centred * norm.weight / deviation.unsqueeze(1);
}

// One attention block taken apart. `query` [T, D] reads `memory` [N, D]
// through `attention`; its output is added to `residual` [T, D].
struct Block {
  torch::Tensor output;  // [T, D] residual + attention (before a post-norm)
  torch::Tensor parts;   // [T, N, D] each memory position's share of `output`
};
Block takeApart(MultiHeadAttentionImpl& attention, const torch::Tensor& query, const torch::Tensor& memory,
                const torch::Tensor& residual, const torch::Tensor& mask) {
  torch::Tensor probs;
  auto out = attention.forward(query.unsqueeze(0), memory.unsqueeze(0), mask, &probs)[0];  // [T, D]
  auto values = attention.headValueOutputs(memory.unsqueeze(0))[0];                     // [H, N, D]
  auto parts = torch::einsum("hij,hjd->ijd", {probs[0], values});                         // [T, N, D]
  return {residual + out, parts};
}

// The contributions of a block's inputs to what leaves the block: its output
// itself (pre-norm) or, post-norm, `norm` of it, linearized. `parts` [T, N, D]
// take `output` [T, D] apart; `leaving` receives what leaves.
torch::Tensor contributionsThrough(torch::nn::LayerNormImpl& norm, bool pre, const torch::Tensor& output,
                                   const torch::Tensor& parts, torch::Tensor& leaving) {
  if (pre) {
    leaving = output;
    return contributionsOf(parts, output);
  }
  leaving = norm.forward(output);
  return contributionsOf(linearizedNorm(norm, output, parts), leaving);
}

// The feed-forward block after an attention block (left out of the rollout).
torch::Tensor feedForwardBlock(FeedForwardImpl& ffn, torch::nn::LayerNormImpl& norm, bool pre, const torch::Tensor& x) {
  return pre ? x + ffn.forward(norm.forward(x)) : norm.forward(x + ffn.forward(x));
}

}  // namespace

SourceReliance sourceReliance(Transformer& model, const torch::Tensor& src, const torch::Tensor& target_in) {
  if (src.dim() != 2 || src.size(0) != 1 || target_in.dim() != 2 || target_in.size(0) != 1)
    throw std::invalid_argument("source reliance takes one sentence: src [1, S] and target_in [1, T]");
  const auto& o = model->options();
  const bool pre = o.norm_position == NormPosition::Pre;
  const bool was_training = model->is_training();
  model->eval();
  torch::NoGradGuard no_grad;
  const int64_t S = src.size(1), T = target_in.size(1);
  const auto float_options = torch::TensorOptions().dtype(torch::kFloat).device(src.device());
  const auto modules = model->named_modules();

  // The encoder: R_enc [S, S], each output's mixture of source tokens.
  auto x = model->embed(src)[0].to(torch::kFloat);  // [S, D]
  auto source_mask = paddingMask(src, o.pad_id);
  auto r_enc = torch::eye(S, float_options);
  auto diagonal = torch::eye(S, float_options).unsqueeze(-1);  // [S, S, 1]
  for (int64_t l = 0; l < o.encoder_layers; ++l) {
    const std::string name = "encoder.layers." + std::to_string(l);
    auto& attention = moduleOf<MultiHeadAttentionImpl>(modules, name + ".self_attn");
    auto& norm1 = moduleOf<torch::nn::LayerNormImpl>(modules, name + ".norm1");
    auto& norm2 = moduleOf<torch::nn::LayerNormImpl>(modules, name + ".norm2");
    auto& ffn = moduleOf<FeedForwardImpl>(modules, name + ".ffn");
    auto h = pre ? norm1.forward(x) : x;
    auto block = takeApart(attention, h, h, x, source_mask);
    auto parts = block.parts + diagonal * x.unsqueeze(0);  // token i's residual joins its own part
    torch::Tensor y;
    r_enc = torch::matmul(contributionsThrough(norm1, pre, block.output, parts, y), r_enc);
    x = feedForwardBlock(ffn, norm2, pre, y);
  }
  auto memory = pre ? moduleOf<torch::nn::LayerNormImpl>(modules, "encoder.final_norm").forward(x) : x;

  // The decoder: R [T, S + T] over the source tokens, then the target inputs.
  auto r = torch::cat({torch::zeros({T, S}, float_options), torch::eye(T, float_options)}, /*dim=*/1);
  auto source_rows = torch::cat({r_enc, torch::zeros({S, T}, float_options)}, /*dim=*/1);  // [S, S + T]
  auto target_diagonal = torch::eye(T, float_options).unsqueeze(-1);
  auto self_mask = decoderSelfMask(target_in, o.pad_id);
  x = model->embed(target_in)[0].to(torch::kFloat);  // [T, D]
  for (int64_t l = 0; l < o.decoder_layers; ++l) {
    const std::string name = "decoder.layers." + std::to_string(l);
    auto& self_attention = moduleOf<MultiHeadAttentionImpl>(modules, name + ".self_attn");
    auto& cross_attention = moduleOf<MultiHeadAttentionImpl>(modules, name + ".cross_attn");
    auto& norm1 = moduleOf<torch::nn::LayerNormImpl>(modules, name + ".norm1");
    auto& norm2 = moduleOf<torch::nn::LayerNormImpl>(modules, name + ".norm2");
    auto& norm3 = moduleOf<torch::nn::LayerNormImpl>(modules, name + ".norm3");
    auto& ffn = moduleOf<FeedForwardImpl>(modules, name + ".ffn");

    // Self-attention mixes the target positions.
    auto h = pre ? norm1.forward(x) : x;
    auto block = takeApart(self_attention, h, h, x, self_mask);
    auto parts = block.parts + target_diagonal * x.unsqueeze(0);
    r = torch::matmul(contributionsThrough(norm1, pre, block.output, parts, x), r);

    // Cross-attention adds the encoder outputs beside the residual (the last input).
    auto q = pre ? norm2.forward(x) : x;
    block = takeApart(cross_attention, q, memory, x, source_mask);
    parts = torch::cat({block.parts, x.unsqueeze(1)}, /*dim=*/1);  // [T, S + 1, D]
    torch::Tensor y;
    const auto cross_contributions = contributionsThrough(norm2, pre, block.output, parts, y);
    x = feedForwardBlock(ffn, norm3, pre, y);
    auto from_source = cross_contributions.slice(/*dim=*/1, 0, S);  // [T, S]
    auto from_residual = cross_contributions.slice(/*dim=*/1, S);   // [T, 1]
    r = from_residual * r + torch::matmul(from_source, source_rows);
  }
  if (pre) x = moduleOf<torch::nn::LayerNormImpl>(modules, "decoder.final_norm").forward(x);
  if (was_training) model->train();

  SourceReliance result;
  result.contributions = r.to(torch::kCPU);
  auto share = result.contributions.slice(/*dim=*/1, 0, S).sum(-1).contiguous();
  result.source_share.assign(share.data_ptr<float>(), share.data_ptr<float>() + T);
  result.hidden = x.unsqueeze(0);
  return result;
}

std::vector<WordReliance> wordReliance(const Translator& translator, const std::string& sentence,
                                       const Translation& translation) {
  auto model = translator.modelHandle();
  const auto device = translator.device();
  std::vector<int64_t> target{model->options().bos_id};
  target.insert(target.end(), translation.ids.begin(), translation.ids.end());
  auto src = torch::tensor(translator.encodeSource(sentence), torch::kLong).unsqueeze(0).to(device);
  auto tgt = torch::tensor(target, torch::kLong).unsqueeze(0).to(device);
  const auto shares = sourceReliance(model, src, tgt).source_share;
  const auto grouped = piecesIntoWords(translation.pieces);
  std::vector<WordReliance> words;
  std::vector<int> pieces_in_word(grouped.words.size(), 0);
  for (const auto& word : grouped.words) words.push_back({word, 0.0f});
  for (size_t p = 0; p < translation.pieces.size(); ++p) {
    if (grouped.group[p] < 0) continue;
    words[size_t(grouped.group[p])].share += shares[p];
    ++pieces_in_word[size_t(grouped.group[p])];
  }
  for (size_t w = 0; w < words.size(); ++w) words[w].share /= float(pieces_in_word[w]);
  return words;
}

}  // namespace studio::model
