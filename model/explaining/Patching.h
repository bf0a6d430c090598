#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "model/Transformer.h"
#include "model/decoding/Translator.h"

// Activation patching (causal tracing: Vig et al., 2020; Meng et al., 2022):
// which of the model's states carry what a translation depends on. The
// model reads a sentence ("clean") and the same sentence with a word changed
// ("corrupted", as many pieces), both with the clean sentence's translation
// as the output. Then, one state at a time, the corrupted pass goes on with
// the clean pass's state at that place, and the translation's log-probability
// is measured again: a state that brings it back carries the difference.
// The other direction (noising) puts the corrupted pass's states into the
// clean one: a state that takes the probability away is where the change
// does its harm. (Heimersheim and Nanda, 2024, on reading both.)
namespace studio::model {

struct PatchingOptions {
  // Each attention head's output as well (the weighted sum of its values,
  // before the output projection mixes the heads): a row a head, after its
  // block's row.
  bool heads = false;
  // Noising: the pass reads the clean sentence and each state of the
  // corrupted reading is put in its place (default: denoising, the clean
  // pass's states into the corrupted reading).
  bool noising = false;
  // Attribution patching (Nanda, 2023; Syed et al., 2023): every patching
  // estimated at once to first order, (giving state - receiving state) ·
  // the gradient of each prediction's log-probability at the receiving
  // pass's state, one backward pass a prediction instead of a pass a site.
  // The numbers are estimates: exact where the model is linear between the
  // two states, off where it is not.
  bool estimate = false;
};

// One stack's patched states: a row a site, a column a position (the
// source's pieces, or the decoder's: <s> and the output pieces), and after
// them one column with every position of the row patched at once. The sites
// are the encoder's input, then each layer's self-attention output (before
// its residual connection), feed-forward output and the layer's output; the
// decoder's each layer's self-attention, cross-attention and feed-forward
// outputs and the layer's output; with PatchingOptions::heads, each
// attention block's heads after its row.
struct PatchedStates {
  struct Row {
    AttentionMaps::Site site = AttentionMaps::Site::EncoderInput;
    int64_t layer = 0;         // from 0
    std::string part;          // "embeddings", "self-attention", "cross-attention", "feed-forward" or "layer"
    int64_t head = -1;  // a head of the attention `part` (from 0; site …Heads), or -1: the whole state
    std::string name() const;  // "embeddings", "layer 1 self-attention", "layer 1 self-attention head 2", …
  };
  std::vector<Row> rows;
  int64_t rows_count() const { return int64_t(rows.size()); }
  int64_t positions = 0;  // the columns before "all"
  int64_t pieces = 0;     // T: the predictions measured
  // [row][position + 1][piece]: each predicted piece's log-probability in
  // the patched pass (the corrupted reading's, or noising the clean one's)
  // with that state patched (the last column: all the row's).
  std::vector<float> log_probabilities;

  float at(int64_t row, int64_t column, int64_t piece) const {
    return log_probabilities[size_t((row * (positions + 1) + column) * pieces + piece)];
  }
  // The sum over the predictions (piece -1) or one prediction's.
  double logProbability(int64_t row, int64_t column, int64_t piece = -1) const;
};

struct ActivationPatching {
  std::string source_text, corrupted_text, translation, corrupted_translation;
  std::vector<std::string> source_pieces, corrupted_pieces;  // S each, </s> last
  std::vector<std::string> prefix_pieces;     // T: <s> and the output pieces (the decoder's positions)
  std::vector<std::string> predicted_pieces;  // T: the output pieces and </s> (position t predicts these)
  std::vector<float> clean, corrupted;        // [T]: each prediction's log-probability in the two passes
  bool noising = false;                       // which way the states were put (PatchingOptions)
  bool estimated = false;                     // the log-probabilities are attribution patching's estimates
  PatchedStates encoder, decoder;

  // What patching a state gives back: (patched - corrupted) / (clean -
  // corrupted) of the translation's log-probability (piece -1) or of one
  // prediction's; 1 = all of the clean pass's, 0 = none. Noising, what it
  // takes away: (patched - clean) / (corrupted - clean), 1 = all that the
  // corruption took. NaN where the corruption changed it by less than
  // kLeastChange (nothing to give back or take).
  static constexpr double kLeastChange = 1e-3;
  double recovery(const PatchedStates& states, int64_t row, int64_t column, int64_t piece = -1) const;
  double cleanLogProbability(int64_t piece = -1) const;
  double corruptedLogProbability(int64_t piece = -1) const;

  // {"source_text", "corrupted_text", "translation", "corrupted_translation", "direction" ("denoising"
  //  or "noising"), "method" ("exact" or "attribution"), "source", "corrupted", "prefix", "predicted",
  //  "clean", "corrupted_log_probabilities", "encoder"/"decoder": {"rows", "columns", "log_probabilities"
  //  [row][column][piece], "recovery" [row][column] (null where undefined)}}.
  nlohmann::json toJson() const;
};

// The patching of one sentence pair's ids: source and corrupted [S] (the
// end of sentence last, as many ids, at least one different), output [T - 1]
// the translation's pieces without <s> and </s>. On the model's device, in
// eval mode; a pass a site (a head), its positions batched. Fills the
// log-probabilities (not the texts and pieces). Throws std::invalid_argument
// when the ids do not fit the model or each other.
ActivationPatching patchActivations(Transformer& model, const std::vector<int64_t>& source,
                                    const std::vector<int64_t>& corrupted, const std::vector<int64_t>& output,
                                    const PatchingOptions& options = {});

// What the exact patching and its estimate share: the ids checked (throwing
// std::invalid_argument as patchActivations does) and made rows [1, L] on the
// model's device (the decoder's input <s> + output, the predictions output +
// </s> [T]); the rows of each stack in order; and each prediction's
// log-probability in a batch of logits [B, T, V] -> [B, T] float32 on the CPU.
struct PatchingTensors {
  torch::Tensor source, corrupted, target_in, predicted;
  int64_t S = 0, T = 0;
};
PatchingTensors patchingTensors(Transformer& model, const std::vector<int64_t>& source,
                                const std::vector<int64_t>& corrupted, const std::vector<int64_t>& output);
void patchingRows(const TransformerOptions& model, const PatchingOptions& options,
                  std::vector<PatchedStates::Row>* encoder, std::vector<PatchedStates::Row>* decoder);
torch::Tensor predictionLogProbabilities(const torch::Tensor& logits, const torch::Tensor& predicted);

struct PatchingRequest {
  // The sentence with a word changed, as many pieces; a word "<unk>" stands
  // for the unknown piece (one a piece of the word it replaces).
  std::string corrupted;
  // The translation traced; empty: the model's own (searched with `decoding`).
  std::string target;
  DecodingOptions decoding;
  PatchingOptions patching;
};

// Translates `sentence` (or takes request.target) and patches. Throws
// std::invalid_argument naming what does not fit: the two sentences' piece
// counts (both spelt out), a corruption that changes nothing, a sentence
// longer than the model reads.
ActivationPatching patchActivations(const Translator& translator, const std::string& sentence,
                                    const PatchingRequest& request);

}  // namespace studio::model
