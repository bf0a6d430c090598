#include "model/Transformer.h"

#include <cmath>
#include <stdexcept>

#include <torch/nn/functional/linear.h>
#include <torch/nn/init.h>

#include "model/Masks.h"

namespace studio::model {

namespace {
bool endsWith(const std::string& text, const std::string& suffix) {
  return text.size() >= suffix.size() &&
         text.compare(text.size() - suffix.size(), suffix.size(), suffix) == 0;
}
}  // namespace

TransformerImpl::TransformerImpl(const TransformerOptions& options)
    : options_((options.validate(), options)),
      embedding_scale_(std::sqrt(static_cast<double>(options.d_model))) {
  embedding_ = register_module("embedding", torch::nn::Embedding(options_.vocab_size, options_.d_model));
  positional_ = register_module(
      "positional", PositionalEncoding(options_.d_model, options_.max_length,
                                       options_.learnable_position_scale));
  dropout_ = register_module("dropout", Dropout(options_.dropout));
  encoder_ = register_module("encoder", Encoder(options_));
  decoder_ = register_module("decoder", Decoder(options_));
  resetParameters();
}

void TransformerImpl::resetParameters() {
  torch::NoGradGuard no_grad;
  for (auto& item : named_parameters(/*recurse=*/true)) {
    const std::string& name = item.key();
    torch::Tensor& p = item.value();
    if (endsWith(name, "qkv_proj.weight")) {
      for (auto block : p.chunk(3, /*dim=*/0)) torch::nn::init::xavier_uniform_(block);
    } else if (endsWith(name, "kv_proj.weight")) {
      for (auto block : p.chunk(2, /*dim=*/0)) torch::nn::init::xavier_uniform_(block);
    } else if (p.dim() > 1) {
      torch::nn::init::xavier_uniform_(p);
    } else if (endsWith(name, ".bias")) {
      p.zero_();
    } else if (endsWith(name, ".weight")) {  // LayerNorm gains
      p.fill_(1.0);
    }
  }
}

int64_t TransformerImpl::parameterCount() const {
  int64_t count = 0;
  for (const auto& p : parameters()) count += p.numel();
  return count;
}

torch::Tensor TransformerImpl::ffnRows(const torch::Tensor& tokens) const {
  // On a GPU the gather is not worth it: finding the rows waits for the GPU
  // (nonzero), and the rows saved cost it less than the launches.
  if (!options_.skip_padding_in_ffn || tokens.is_cuda()) return {};
  auto rows = nonPaddingIndex(tokens, options_.pad_id);
  if (rows.numel() == tokens.numel()) return {};  // no padding: skip the gather
  return rows;
}

torch::Tensor TransformerImpl::embed(const torch::Tensor& tokens, int64_t position_offset) {
  return scaleAndPlace(embedding_(tokens), position_offset);
}

torch::Tensor TransformerImpl::scaleAndPlace(const torch::Tensor& vectors, int64_t position_offset) {
  auto x = vectors * embedding_scale_;  // [B, T, D]
  return dropout_(positional_(x, position_offset));
}

torch::Tensor TransformerImpl::encodeVectors(const torch::Tensor& src_vectors, const torch::Tensor& src) {
  return encoder_(scaleAndPlace(src_vectors, 0), paddingMask(src, options_.pad_id), ffnRows(src));
}

torch::Tensor TransformerImpl::decodeVectors(const torch::Tensor& target_vectors, const torch::Tensor& target_in,
                                             const torch::Tensor& memory, const torch::Tensor& src) {
  auto self_mask = decoderSelfMask(target_in, options_.pad_id);
  auto cross_mask = paddingMask(src, options_.pad_id);
  return decoder_(scaleAndPlace(target_vectors, 0), memory, self_mask, cross_mask, ffnRows(target_in));
}

torch::Tensor TransformerImpl::encode(const torch::Tensor& src, AttentionMaps* maps) {
  auto mask = paddingMask(src, options_.pad_id);  // [B, 1, 1, S]
  return encoder_(embed(src), mask, ffnRows(src), maps);
}

torch::Tensor TransformerImpl::decode(const torch::Tensor& target_in, const torch::Tensor& memory,
                                      const torch::Tensor& src, AttentionMaps* maps) {
  auto self_mask = decoderSelfMask(target_in, options_.pad_id);  // [B, 1, T, T]
  auto cross_mask = paddingMask(src, options_.pad_id);           // [B, 1, 1, S]
  return decoder_(embed(target_in), memory, self_mask, cross_mask, ffnRows(target_in), maps);
}

torch::Tensor TransformerImpl::decodeStep(const torch::Tensor& tokens, const torch::Tensor& memory,
                                          const torch::Tensor& src, DecoderCache& cache, AttentionMaps* maps) {
  auto x = embed(tokens.unsqueeze(1), /*position_offset=*/cache.length);  // [N, 1, D]
  auto cross_mask = paddingMask(src, options_.pad_id);                    // [N, 1, 1, S]
  return decoder_->step(x, memory, cross_mask, cache, maps).squeeze(1);   // [N, D]
}

torch::Tensor TransformerImpl::project(const torch::Tensor& hidden) {
  return torch::nn::functional::linear(hidden, embedding_->weight);  // [.., V]
}

torch::Tensor TransformerImpl::forward(const torch::Tensor& src, const torch::Tensor& target_in,
                                       AttentionMaps* maps) {
  auto memory = encode(src, maps);
  return project(decode(target_in, memory, src, maps));
}

void copyWeights(const Transformer& from, Transformer& to) {
  torch::NoGradGuard no_grad;
  const auto source = from->parameters();
  auto target = to->parameters();
  if (source.size() != target.size()) throw std::logic_error("copyWeights: models of different shapes");
  for (size_t i = 0; i < target.size(); ++i) target[i].copy_(source[i]);
  const auto source_buffers = from->buffers();
  auto target_buffers = to->buffers();
  for (size_t i = 0; i < target_buffers.size() && i < source_buffers.size(); ++i)
    target_buffers[i].copy_(source_buffers[i]);
}

Transformer copyOf(const Transformer& model) {
  Transformer copy(model->options());
  copy->to(model->embeddingWeight().device());
  copyWeights(model, copy);
  copy->eval();
  return copy;
}

}  // namespace studio::model
