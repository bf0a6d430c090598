#pragma once

#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "model/Transformer.h"
#include "model/data/Tokenizer.h"
#include "model/decoding/AttentionSnapshot.h"
#include "model/decoding/Translator.h"
#include "model/explaining/TunedLens.h"

namespace studio::model {

// The decoder's prediction after each of its blocks (DecoderLens): every
// block's output of one sentence's full pass (AttentionMaps::
// decoder_block_outputs, [1, T, D] each, 3 a layer) through the stack's final
// norm and the output layer, as if the stack ended there. `next_ids` [T] are
// the pieces the positions were followed by (the translation's next piece;
// the end of sentence at the last); `top` likeliest are kept at each stage
// and position (at most the vocabulary). Throws std::invalid_argument when
// the outputs or ids do not fit each other or the model.
// With `tuned`, each block's states go through its maps first (the tuned
// lens; TunedLens.h), which must fit the model.
DecoderLens decoderLens(Transformer& model, const std::vector<torch::Tensor>& block_outputs,
                        const std::vector<int64_t>& next_ids, const data::Tokenizer& tokenizer, int64_t top,
                        const TunedLens* tuned = nullptr);

// The lens over many sentences: for each block, how often the piece that
// came next was already the likeliest there, its mean probability and its
// median rank, over every step of every lens given.
struct LensSummary {
  int64_t stages = 0, sentences = 0, steps = 0;
  std::vector<double> top1_share;        // [R], 0..1
  std::vector<double> mean_probability;  // [R]
  std::vector<double> median_rank;       // [R] (the mean of the middle two for an even count)
};
// Throws std::invalid_argument when the lenses have different numbers of
// stages; no lenses give an empty summary.
LensSummary summarizeLenses(const std::vector<DecoderLens>& lenses);

// The lens over training (a run's probe records, probes.rec): the lenses
// recorded at each step summed up as summarizeLenses does, in step order.
// `lenses` are (step, lens) pairs in any order; empty lenses are left out,
// and a step with none is not listed.
struct LensAtStep {
  int64_t step = 0;
  LensSummary summary;
};
std::vector<LensAtStep> lensOverTraining(const std::vector<std::pair<int64_t, const DecoderLens*>>& lenses);

// Each sentence translated (`options`, its best translation) and its lens
// taken, summed up. `stop`, when given, is asked between sentences: true
// ends early with the sentences done so far.
LensSummary lensOverSentences(const Translator& translator, const std::vector<std::string>& sentences,
                              const DecodingOptions& options, const std::function<bool()>& stop = {},
                              std::shared_ptr<const TunedLens> tuned = nullptr);

}  // namespace studio::model
