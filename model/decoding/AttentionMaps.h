#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include <torch/types.h>

namespace studio::model {

// The projected queries and keys of one attention block, each [B, H, T, Dh],
// detached: what its weights are made of. A weight is the softmax, over the
// keys its query may see, of query · key / sqrt(Dh).
struct AttentionVectors {
  torch::Tensor queries, keys;
};

// Attention probabilities of every layer and head, filled only when a caller
// asks for them (a non-null pointer through encode()/decode()); the training
// path passes nullptr and pays nothing. Each entry is detached, [B, H, Tq, Tk].
struct AttentionMaps {
  std::vector<torch::Tensor> encoder_self;  // per encoder layer, [B, H, S, S]
  std::vector<torch::Tensor> decoder_self;  // per decoder layer, [B, H, T, T]
  std::vector<torch::Tensor> cross;         // per decoder layer, [B, H, T, S]
  // Set `vectors` before the pass for each block's queries and keys too
  // (full passes only: a decoding step leaves them empty).
  bool vectors = false;
  std::vector<AttentionVectors> encoder_self_vectors, decoder_self_vectors, cross_vectors;
  // Set `layer_outputs` for each layer's output too, [B, S|T, D], detached
  // (before a pre-norm stack's final norm; full passes only); clear
  // `weights` when those are all that is wanted (the lists above stay empty).
  bool layer_outputs = false;
  bool weights = true;
  std::vector<torch::Tensor> encoder_layer_outputs, decoder_layer_outputs;
  // Set `block_outputs` for the output of each decoder layer's three blocks
  // too (self-attention, cross-attention, feed-forward: 3 a layer, in that
  // order), [B, T, D], detached; a pre-norm stack's without its final norm
  // (full passes only).
  bool block_outputs = false;
  std::vector<torch::Tensor> decoder_block_outputs;
  // Set `patch` to change states as a full pass goes (activation patching,
  // explaining/Patching.h): it is handed each state below, [B, S|T, D] (the
  // heads' outputs [B, H, S|T, Dh]), and the pass goes on with what it
  // returns (the lists above record that).
  enum class Site {
    EncoderInput,          // the embedded source (layer 0)
    EncoderSelfAttention,  // a layer's self-attention output, before its residual connection
    EncoderFeedForward,    // a layer's feed-forward output, likewise
    EncoderLayer,          // a layer's output (before a pre-norm stack's final norm)
    DecoderSelfAttention,  // as the encoder's, and the cross-attention output
    DecoderCrossAttention,
    DecoderFeedForward,
    DecoderLayer,
    // Each head's output of an attention block before the output projection
    // mixes them (the weighted sum of its values), [B, H, S|T, Dh]: what the
    // block's output is made of, one head at a time.
    EncoderSelfAttentionHeads,
    DecoderSelfAttentionHeads,
    DecoderCrossAttentionHeads,
  };
  using StatePatch = std::function<torch::Tensor(Site, int64_t layer, const torch::Tensor& state)>;
  StatePatch patch;
  // Set `attached_cross_layer` to a decoder layer for its cross-attention
  // probabilities [B, H, T, S] in `attached_cross`, not detached (a loss over
  // them: guided alignment, training/GuidedAlignment.h); full passes only.
  int64_t attached_cross_layer = -1;
  torch::Tensor attached_cross;
  // One attention block's part of `patch`: its heads' outputs (Site::…Heads).
  using HeadsPatch = std::function<torch::Tensor(const torch::Tensor& heads)>;
};

}  // namespace studio::model
