#include "model/Decoder.h"

#include "model/LayerNorm.h"

namespace studio::model {

DecoderLayerImpl::DecoderLayerImpl(const TransformerOptions& o)
    : pre_norm_(o.norm_position == NormPosition::Pre) {
  self_attn_ = register_module(
      "self_attn", MultiHeadAttention(o.d_model, o.heads, o.attention_dropout,
                                      MultiHeadAttentionImpl::Kind::Self));
  cross_attn_ = register_module(
      "cross_attn", MultiHeadAttention(o.d_model, o.heads, o.attention_dropout,
                                       MultiHeadAttentionImpl::Kind::Cross));
  ffn_ = register_module("ffn", FeedForward(o.d_model, o.d_ff, o.relu_dropout));
  norm1_ = register_module("norm1", makeLayerNorm(o.d_model));
  norm2_ = register_module("norm2", makeLayerNorm(o.d_model));
  norm3_ = register_module("norm3", makeLayerNorm(o.d_model));
  dropout_ = register_module("dropout", Dropout(o.dropout));
}

torch::Tensor DecoderLayerImpl::feedForward(const torch::Tensor& x, const torch::Tensor& rows) {
  return rows.defined() ? ffn_->forwardRows(x, rows) : ffn_(x);
}

torch::Tensor DecoderLayerImpl::forward(torch::Tensor x, const torch::Tensor& memory,
                                        const AttentionMask& self_mask, const AttentionMask& cross_mask,
                                        const torch::Tensor& ffn_rows, torch::Tensor* self_probs,
                                        torch::Tensor* cross_probs, AttentionVectors* self_vectors,
                                        AttentionVectors* cross_vectors,
                                        std::vector<torch::Tensor>* block_outputs,
                                        const AttentionMaps::StatePatch* patch, int64_t layer,
                                        bool cross_probs_in_graph) {
  using Site = AttentionMaps::Site;
  auto at = [patch, layer](Site site, torch::Tensor out) { return patch ? (*patch)(site, layer, out) : out; };
  auto keep = [block_outputs](const torch::Tensor& out) {
    if (block_outputs) block_outputs->push_back(out.detach());
  };
  AttentionMaps::HeadsPatch self_heads, cross_heads;
  if (patch) {
    self_heads = [patch, layer](const torch::Tensor& h) {
      return (*patch)(Site::DecoderSelfAttentionHeads, layer, h);
    };
    cross_heads = [patch, layer](const torch::Tensor& h) {
      return (*patch)(Site::DecoderCrossAttentionHeads, layer, h);
    };
  }
  const auto* self_patch = patch ? &self_heads : nullptr;
  const auto* cross_patch = patch ? &cross_heads : nullptr;
  if (pre_norm_) {
    auto h = norm1_(x);
    x = x + dropout_(at(Site::DecoderSelfAttention,
                        self_attn_(h, h, self_mask, self_probs, self_vectors, self_patch)));
    keep(x);
    x = x + dropout_(at(Site::DecoderCrossAttention,
                        cross_attn_(norm2_(x), memory, cross_mask, cross_probs, cross_vectors, cross_patch,
                                    cross_probs_in_graph)));
    keep(x);
    x = at(Site::DecoderLayer, x + dropout_(at(Site::DecoderFeedForward, feedForward(norm3_(x), ffn_rows))));
    keep(x);
    return x;
  }
  x = norm1_(x + dropout_(at(Site::DecoderSelfAttention,
                             self_attn_(x, x, self_mask, self_probs, self_vectors, self_patch))));
  keep(x);
  x = norm2_(x + dropout_(at(Site::DecoderCrossAttention,
                             cross_attn_(x, memory, cross_mask, cross_probs, cross_vectors, cross_patch,
                                         cross_probs_in_graph))));
  keep(x);
  x = at(Site::DecoderLayer, norm3_(x + dropout_(at(Site::DecoderFeedForward, feedForward(x, ffn_rows)))));
  keep(x);
  return x;
}

torch::Tensor DecoderLayerImpl::cachedSelfAttention(const torch::Tensor& h, LayerCache& cache,
                                                    torch::Tensor* probs) {
  auto [q, k, v] = self_attn_->selfProjections(h);  // each [N, H, 1, Dh]
  cache.self_keys = cache.self_keys.defined() ? torch::cat({cache.self_keys, k}, /*dim=*/2) : k;
  cache.self_values = cache.self_values.defined() ? torch::cat({cache.self_values, v}, /*dim=*/2) : v;
  // Every cached key is at or before this position: no causal mask needed.
  return self_attn_->attendProjected(q, cache.self_keys, cache.self_values, torch::Tensor(), probs);
}

torch::Tensor DecoderLayerImpl::cachedCrossAttention(const torch::Tensor& h, const torch::Tensor& memory,
                                                     const AttentionMask& mask, LayerCache& cache,
                                                     torch::Tensor* probs) {
  if (!cache.cross_keys.defined()) std::tie(cache.cross_keys, cache.cross_values) = cross_attn_->keysValues(memory);
  return cross_attn_->attend(h, cache.cross_keys, cache.cross_values, mask, probs);
}

torch::Tensor DecoderLayerImpl::step(torch::Tensor x, const torch::Tensor& memory, const AttentionMask& cross_mask,
                                     LayerCache& cache, torch::Tensor* self_probs, torch::Tensor* cross_probs) {
  if (pre_norm_) {
    x = x + dropout_(cachedSelfAttention(norm1_(x), cache, self_probs));
    x = x + dropout_(cachedCrossAttention(norm2_(x), memory, cross_mask, cache, cross_probs));
    x = x + dropout_(ffn_(norm3_(x)));
    return x;
  }
  x = norm1_(x + dropout_(cachedSelfAttention(x, cache, self_probs)));
  x = norm2_(x + dropout_(cachedCrossAttention(x, memory, cross_mask, cache, cross_probs)));
  x = norm3_(x + dropout_(ffn_(x)));
  return x;
}

void DecoderCache::reorder(const torch::Tensor& index, const torch::Tensor& cross_index) {
  for (auto& layer : layers) {
    for (torch::Tensor* t : {&layer.self_keys, &layer.self_values})
      if (t->defined()) *t = t->index_select(/*dim=*/0, index);
    if (!cross_index.defined()) continue;
    for (torch::Tensor* t : {&layer.cross_keys, &layer.cross_values})
      if (t->defined()) *t = t->index_select(/*dim=*/0, cross_index);
  }
}

torch::Tensor DecoderImpl::step(torch::Tensor x, const torch::Tensor& memory, const torch::Tensor& cross_mask,
                                DecoderCache& cache, AttentionMaps* maps) {
  if (cache.layers.size() != layers_->size()) cache.layers.resize(layers_->size());
  const AttentionMask shared_cross(cross_mask);  // one for every layer
  size_t i = 0;
  for (const auto& module : *layers_) {
    torch::Tensor self_probs, cross_probs;
    x = module->as<DecoderLayer>()->step(x, memory, shared_cross, cache.layers[i++], maps ? &self_probs : nullptr,
                                          maps ? &cross_probs : nullptr);
    if (maps) {
      maps->decoder_self.push_back(self_probs);
      maps->cross.push_back(cross_probs);
    }
  }
  ++cache.length;
  return final_norm_ ? final_norm_(x) : x;
}

DecoderImpl::DecoderImpl(const TransformerOptions& o) {
  layers_ = register_module("layers", torch::nn::ModuleList());
  for (int64_t i = 0; i < o.decoder_layers; ++i) layers_->push_back(DecoderLayer(o));
  if (o.norm_position == NormPosition::Pre)
    final_norm_ = register_module("final_norm", makeLayerNorm(o.d_model));
}

torch::Tensor DecoderImpl::forward(torch::Tensor x, const torch::Tensor& memory,
                                   const torch::Tensor& self_mask, const torch::Tensor& cross_mask,
                                   const torch::Tensor& ffn_rows, AttentionMaps* maps) {
  const AttentionMask shared_self(self_mask), shared_cross(cross_mask);  // one each for every layer
  int64_t layer = 0;
  for (const auto& module : *layers_) {
    torch::Tensor self_probs, cross_probs;
    AttentionVectors self_vectors, cross_vectors;
    const bool with_vectors = maps && maps->vectors;
    const bool with_weights = maps && maps->weights;
    const bool attached = maps && maps->attached_cross_layer == layer;
    x = module->as<DecoderLayer>()->forward(
        x, memory, shared_self, shared_cross, ffn_rows, with_weights ? &self_probs : nullptr,
        with_weights || attached ? &cross_probs : nullptr, with_vectors ? &self_vectors : nullptr,
        with_vectors ? &cross_vectors : nullptr,
        maps && maps->block_outputs ? &maps->decoder_block_outputs : nullptr,
        maps && maps->patch ? &maps->patch : nullptr, layer, attached);
    ++layer;
    if (attached) maps->attached_cross = cross_probs;
    if (with_weights) {
      maps->decoder_self.push_back(self_probs);
      maps->cross.push_back(attached ? cross_probs.detach() : cross_probs);
    }
    if (with_vectors) {
      maps->decoder_self_vectors.push_back(self_vectors);
      maps->cross_vectors.push_back(cross_vectors);
    }
    if (maps && maps->layer_outputs) maps->decoder_layer_outputs.push_back(x.detach());
  }
  return final_norm_ ? final_norm_(x) : x;
}

}  // namespace studio::model
