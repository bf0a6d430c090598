#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include <torch/types.h>
#include <nlohmann/json_fwd.hpp>

#include "model/Transformer.h"
#include "model/data/EncodedCorpus.h"

// An explanation by examples (the neighbourhood view of Seq2Seq-Vis,
// Strobelt et al. 2018): for each piece of a sentence and of its
// translation, the training pairs in which the model was in the most
// similar state. A source piece's state is the encoder's output at it (what
// cross-attention reads); an output piece's is the decoder's last hidden
// state at the step that predicts it (what the output layer turns into its
// probability). States are compared by cosine similarity.
namespace studio::model {

enum class StateSide { Source, Target };

struct StateIndexOptions {
  // Whose states: -1 the model's (the encoder's and decoder's outputs, a
  // pre-norm stack's final norm included); L the output of layer L (from 0)
  // of both stacks, before any final norm.
  int64_t layer = -1;
  // Distinct pairs indexed, evenly spaced over the split (0 = every one).
  size_t pairs = 5000;
  int64_t batch_tokens = 4096;  // padded tokens a forward batch
};

// One pair of the index. Pieces past the model's max_length - 1 are left
// out (as in training); `src`/`tgt` hold what was indexed.
struct IndexedPair {
  size_t line = 0;                // the pair's first occurrence in the split, from 0
  size_t copies = 1;              // how often the same pair occurs in the split
  std::vector<int32_t> src, tgt;  // ids, no BOS/EOS
};

struct StateNeighbour {
  size_t pair = 0;  // into StateIndex::pairs()
  // Source: the piece (== src.size(): its </s>). Target: the piece the state
  // predicts (== tgt.size(): its </s>).
  int64_t position = 0;
  float similarity = 0;  // cosine, -1..1
};

// One pair's states: source [S + 1, D] (its pieces and </s>), target
// [T + 1, D] (the states predicting its pieces and </s>), on the CPU.
struct SentenceStates {
  torch::Tensor source, target;
};

// `model`'s states for source and target ids (no BOS/EOS) at `layer` (as
// StateIndexOptions::layer), without gradients and in eval mode (the
// model's mode is restored). Throws std::invalid_argument when either is
// longer than max_length - 1 pieces, or for a layer the model lacks.
SentenceStates sentenceStates(Transformer model, const std::vector<int64_t>& src,
                              const std::vector<int64_t>& tgt, int64_t layer = -1);

class StateIndex {
 public:
  // Indexes the distinct pairs of `split` (options.pairs of them, evenly
  // spaced) with `model`, a batch at a time; `progress(pairs done, total)`
  // after each, and returning false stops (stopped() then says so, and the
  // index holds nothing). Throws std::invalid_argument for an empty split.
  static StateIndex build(Transformer model, const data::EncodedSplit& split,
                          const StateIndexOptions& options = {},
                          const std::function<bool(size_t, size_t)>& progress = nullptr);

  // For each row of `states` [n, D]: the `k` nearest indexed states of
  // `side`, the most similar first (ties: the earlier pair and position).
  std::vector<std::vector<StateNeighbour>> nearest(StateSide side, const torch::Tensor& states,
                                                   size_t k) const;

  const std::vector<IndexedPair>& pairs() const { return pairs_; }
  size_t distinctPairs() const { return distinct_; }  // in the whole split
  size_t splitPairs() const { return split_size_; }
  int64_t states(StateSide side) const;
  int64_t dModel() const { return d_model_; }
  int64_t layer() const { return layer_; }  // as built (StateIndexOptions::layer)
  bool stopped() const { return stopped_; }

 private:
  std::vector<IndexedPair> pairs_;
  torch::Tensor source_, target_;  // [rows, D], unit rows
  std::vector<int32_t> source_pair_, source_position_, target_pair_, target_position_;
  size_t distinct_ = 0, split_size_ = 0;
  int64_t d_model_ = 0, layer_ = -1;
  bool stopped_ = false;
};

// A sentence's neighbours on both sides, as `neighbours` prints them.
struct SentenceNeighbours {
  std::vector<std::string> source_pieces;                   // its pieces and </s>
  std::vector<std::string> output_pieces;                   // the translation's pieces and </s>
  std::vector<std::vector<StateNeighbour>> source, target;  // one list a piece
};

// The states of `src`/`tgt` under `model` (at the index's layer) and their `k` nearest in `index`
// (built with the same model). `piece(id)` names the pieces.
SentenceNeighbours findNeighbours(Transformer model, const StateIndex& index, const std::vector<int64_t>& src,
                                  const std::vector<int64_t>& tgt, size_t k,
                                  const std::function<std::string(int)>& piece);

// {"layer" (-1: the model's outputs), "pairs_indexed", "distinct_pairs", "split_pairs", "source_states",
//  "output_states", "source": [pieces],
//  "output": [pieces], "source_neighbours"/"output_neighbours": a list a
//  piece of {"similarity", "line" (from 1), "copies", "position",
//  "piece", "source": [pieces], "target": [pieces]}}.
nlohmann::json neighboursJson(const StateIndex& index, const SentenceNeighbours& found,
                              const std::function<std::string(int)>& piece);

}  // namespace studio::model
