#include "model/Encoder.h"

#include "model/LayerNorm.h"

namespace studio::model {

EncoderLayerImpl::EncoderLayerImpl(const TransformerOptions& o)
    : pre_norm_(o.norm_position == NormPosition::Pre) {
  self_attn_ = register_module(
      "self_attn", MultiHeadAttention(o.d_model, o.heads, o.attention_dropout,
                                      MultiHeadAttentionImpl::Kind::Self));
  ffn_ = register_module("ffn", FeedForward(o.d_model, o.d_ff, o.relu_dropout));
  norm1_ = register_module("norm1", makeLayerNorm(o.d_model));
  norm2_ = register_module("norm2", makeLayerNorm(o.d_model));
  dropout_ = register_module("dropout", Dropout(o.dropout));
}

torch::Tensor EncoderLayerImpl::feedForward(const torch::Tensor& x, const torch::Tensor& rows) {
  return rows.defined() ? ffn_->forwardRows(x, rows) : ffn_(x);
}

torch::Tensor EncoderLayerImpl::forward(torch::Tensor x, const AttentionMask& mask,
                                        const torch::Tensor& ffn_rows, torch::Tensor* probs,
                                        AttentionVectors* vectors, const AttentionMaps::StatePatch* patch,
                                        int64_t layer) {
  using Site = AttentionMaps::Site;
  auto at = [patch, layer](Site site, torch::Tensor out) { return patch ? (*patch)(site, layer, out) : out; };
  AttentionMaps::HeadsPatch heads;
  if (patch)
    heads = [patch, layer](const torch::Tensor& h) {
      return (*patch)(Site::EncoderSelfAttentionHeads, layer, h);
    };
  const auto* heads_patch = patch ? &heads : nullptr;
  if (pre_norm_) {
    auto h = norm1_(x);
    x = x + dropout_(at(Site::EncoderSelfAttention, self_attn_(h, h, mask, probs, vectors, heads_patch)));
    x = x + dropout_(at(Site::EncoderFeedForward, feedForward(norm2_(x), ffn_rows)));
    return x;
  }
  x = norm1_(x +
             dropout_(at(Site::EncoderSelfAttention, self_attn_(x, x, mask, probs, vectors, heads_patch))));
  x = norm2_(x + dropout_(at(Site::EncoderFeedForward, feedForward(x, ffn_rows))));
  return x;
}

EncoderImpl::EncoderImpl(const TransformerOptions& o) {
  layers_ = register_module("layers", torch::nn::ModuleList());
  for (int64_t i = 0; i < o.encoder_layers; ++i) layers_->push_back(EncoderLayer(o));
  if (o.norm_position == NormPosition::Pre)
    final_norm_ = register_module("final_norm", makeLayerNorm(o.d_model));
}

torch::Tensor EncoderImpl::forward(torch::Tensor x, const torch::Tensor& mask,
                                   const torch::Tensor& ffn_rows, AttentionMaps* maps) {
  const AttentionMask shared(mask);  // one for every layer
  const AttentionMaps::StatePatch* patch = maps && maps->patch ? &maps->patch : nullptr;
  if (patch) x = (*patch)(AttentionMaps::Site::EncoderInput, 0, x);
  int64_t layer = 0;
  for (const auto& module : *layers_) {
    torch::Tensor probs;
    AttentionVectors vectors;
    const bool with_vectors = maps && maps->vectors;
    const bool with_weights = maps && maps->weights;
    x = module->as<EncoderLayer>()->forward(x, shared, ffn_rows, with_weights ? &probs : nullptr,
                                            with_vectors ? &vectors : nullptr, patch, layer);
    if (patch) x = (*patch)(AttentionMaps::Site::EncoderLayer, layer, x);
    ++layer;
    if (with_weights) maps->encoder_self.push_back(probs);
    if (with_vectors) maps->encoder_self_vectors.push_back(vectors);
    if (maps && maps->layer_outputs) maps->encoder_layer_outputs.push_back(x.detach());
  }
  return final_norm_ ? final_norm_(x) : x;
}

}  // namespace studio::model
