#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "model/Transformer.h"
#include "model/decoding/HeadMask.h"
#include "model/inference/PackedModel.h"

// The inference engine's decoder step on the CPU: what Transformer::
// decodeStep() + project() + log_softmax compute, without LibTorch's
// operators in the loop. Each layer's step is a handful of matrix products
// (PackedLinear.h) and plain loops for the rest (attention over the cache, norms, residuals), into buffers
// allocated when a batch starts and reused at every step. The keys and values
// of cross-attention are computed once a sentence, not once a beam. The
// self-attention cache is shared along the beams' histories: each position
// holds one key and value per row that reached it, and a row keeps, per
// position, which of those is its own, so a beam that splits copies that
// list, never the keys. The weights are packed once a model (PackedModel.h).
//
// Same results as the LibTorch path to float rounding (tests: identical
// translations); training and attention capture stay on LibTorch.
namespace studio::model::inference {

class FastDecoder {
 public:
  // Whether this model can decode here: on the CPU, float32, in eval mode
  // (no dropout). The caller falls back to the LibTorch path otherwise.
  static bool supports(TransformerImpl& model);

  // Heads switched off in `mask` (decoder self- and cross-attention; the
  // encoder's are the caller's, in encode()) add nothing, as ScopedHeadMask.
  // `precision`: the products' weights (PackedModel.h); int8 throws
  // std::runtime_error where the CPU has no kernel for it.
  explicit FastDecoder(Transformer model, const HeadMask& mask = {},
                       WeightPrecision precision = WeightPrecision::Float32);

  // A new batch: memory [B, S, D] (the encoder's output, float, CPU), src
  // [B, S] (its pads are blocked keys), `rows_per_sentence` rows each, row
  // r for sentence r / rows_per_sentence; reorder() may make that up to
  // `most_rows_per_sentence` (the beam).
  // `expected_steps` (a hint): room for that many positions is made at once.
  void start(const torch::Tensor& memory, const torch::Tensor& src, int64_t rows_per_sentence,
             int64_t most_rows_per_sentence = 1, int64_t expected_steps = 16);

  // Computes the output layer and its softmax over these pieces alone
  // (sorted ids, a vocabulary shortlist) until the next start(); the other
  // pieces read -inf. Empty: the whole vocabulary (what start() sets).
  void restrictOutput(const std::vector<int64_t>& pieces);

  // Feeds each row its next token (at position steps()) and returns the
  // log-probabilities of the token after it: [rows, V], a view of a buffer
  // that the next call overwrites.
  torch::Tensor step(const std::vector<int64_t>& tokens);

  // The next layout: row i continues row origin[i] of the current one (its
  // cache) and belongs to sentence sentence[i] of the batch start() was given.
  void reorder(const std::vector<int64_t>& origin, const std::vector<int64_t>& sentence);

  int64_t rows() const { return rows_; }
  int64_t steps() const { return steps_; }

 private:
  struct Layer {
    // The heads computed (PackedModel.h, AttentionHeads: the pruned ones are
    // not) and their queries' width; a factor each (0: masked or silent).
    int64_t self_heads = 0, cross_heads = 0, self_width = 0, cross_width = 0;
    std::vector<float> self_keep, cross_keep;
    // The source's keys and values, pads left out (Kernels.h, transposeKeys()).
    std::vector<float> cross_keys_t, cross_values;
    // [capacity, slots, 2 self_width]: at each position, the key then the
    // value of each row that was there (row r of that step in slot r); not
    // zeroed (a page is touched when a position is written).
    std::unique_ptr<float[]> cache;
  };

  void attendSelf(Layer& layer, const float* qkv, float* context);
  void attendCross(Layer& layer, const float* queries, float* context);
  void growCache(int64_t needed);

  Transformer model_;  // keeps the weights alive
  std::shared_ptr<const PackedModel> weights_;
  int64_t d_ = 0, dh_ = 0, ff_ = 0, vocab_ = 0, max_positions_ = 0, pad_id_ = 0;
  bool pre_norm_ = false;
  float eps_ = 1e-5f, embedding_scale_ = 1.0f;
  std::vector<Layer> layers_;

  int64_t sentences_ = 0, source_length_ = 0, rows_ = 0, steps_ = 0, capacity_ = 0;
  std::vector<int64_t> first_;          // [B + 1]: sentence b's source pieces are first_[b] .. first_[b + 1]
  std::vector<int64_t> row_sentence_;   // [rows]
  int64_t slots_ = 0;                   // the most rows there may be: a position's room in the cache
  // [slots, capacity]: row r's key at position t is the cache's entry
  // history_[r * capacity + t] (position * slots + slot); history_next_ is
  // reorder()'s scratch.
  std::vector<int64_t> history_, history_next_;
  std::vector<float> x_, h_, qkv_, context_, projected_, ffn_, logits_, logp_, scores_;
  // The shortlist: its pieces, their embedding rows [C, D] and that product
  // (in the model's precision); listed_logp_ [rows, C] before the scatter
  // into logp_, whose other columns stay -inf.
  std::vector<int64_t> output_pieces_;
  std::vector<float> output_rows_, listed_logp_;
  std::unique_ptr<Product> listed_output_;
};

}  // namespace studio::model::inference
