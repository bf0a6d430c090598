#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include <torch/types.h>

#include "model/data/EncodedCorpus.h"
#include "model/data/Tokenizer.h"
#include "model/data/WordAligner.h"
#include "model/decoding/WordAlignment.h"

// Guided alignment (Garg et al., 2019, "Jointly Learning to Align and
// Translate with Transformer Models"; Marian's --guided-alignment, fairseq's
// transformer_align): the first head of one decoder layer's cross-attention
// is trained, beside the translation, to put its weight where word alignments
// learnt from the training pairs (data/WordAligner.h) link the word being
// predicted. Decoding then reads that head for word alignments, kept tags and
// formatting (decoding/WordAlignment.h).
namespace studio::model {

// An id sequence's words as piecesIntoWords finds them in typed text (the
// same words a split at spaces finds, the words decoding aligns).
class PieceWordSplitter {
 public:
  explicit PieceWordSplitter(const data::Tokenizer& tokenizer);
  PieceWords words(const int32_t* ids, int64_t count) const;

 private:
  std::vector<std::string> pieces_;
};

struct TrainingAlignments {
  std::vector<data::WordLinks> links;  // one a training pair (empty: no link learnt)
  data::DirectionFit forward, backward;
  size_t linked_pairs = 0;  // pairs with at least one link
  size_t link_count = 0;
};

// Learns word alignments of every pair of `train` (data/WordAligner.h),
// the words as `words` makes them of each side's pieces. `progress` as
// alignCorpus's (a false return: an empty result).
TrainingAlignments alignTrainingPairs(const data::EncodedSplit& train, const PieceWordSplitter& words,
                                      const data::WordAlignerOptions& options = {},
                                      const std::function<bool(int, int)>& progress = {});

// The alignment targets of a batch of `rows` of `split` (as
// data::makeBatchTensors lays them out, [B, T, S] with T and S its
// lengths): row t of pair b, the step that predicts target piece t, spreads
// 1 evenly over the source pieces of the words linked to piece t's word;
// the rows of unlinked pieces, of the end of sentence and of padding are
// zero. `links` are indexed by the rows' numbers.
torch::Tensor alignmentTargets(const data::EncodedSplit& split, const std::vector<size_t>& rows,
                               const std::vector<data::WordLinks>& links, const PieceWordSplitter& words,
                               int64_t target_length, int64_t source_length);

// -sum(targets * log(attention + 1e-6)) (the cross-entropy of Marian and
// fairseq), attention [B, T, S] the alignment head's weights, summed over
// every linked row (divide by the batch's target pieces as the translation's
// loss is).
torch::Tensor guidedAlignmentLoss(const torch::Tensor& attention, const torch::Tensor& targets);

// The decoder layer whose first cross-attention head a guided run trains
// when none is chosen: the last but one in a decoder of 4 layers or more
// (Garg et al.'s choice for 6), else the last (on the starter's 2 layers the
// last aligned better, docs/training.md).
int64_t defaultAlignmentLayer(int64_t decoder_layers);

}  // namespace studio::model
