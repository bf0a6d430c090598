#pragma once

#include <cstdint>
#include <vector>

#include "model/Transformer.h"
#include "model/decoding/Decoding.h"

// Sampling instead of search (DecodingOptions::sampling; as fairseq's
// --sampling, Marian's --output-sampling and CTranslate2's sampling_topk):
// each of a sentence's `nbest` rows draws its next piece at random from the
// model's distribution — sharpened or flattened by the temperature, cut to
// the top k pieces and to the smallest set holding top_p of the probability —
// until it draws the end. A translation a row; a sentence's rows ranked by
// score as beam search ranks. Used to see what else the model would say, and
// for back-translation, where samples make better synthetic data than the
// beam's best (Edunov et al., 2018).
namespace studio::model {

// The distribution a row draws from, over `log_p` (a step's log-probabilities,
// V values): the temperature, then top k, then top p; pieces left out (and
// those at -inf) get 0. Writes V probabilities summing to 1 into `out`.
void samplingDistribution(const float* log_p, int64_t V, const DecodingOptions::Sampling& sampling,
                          std::vector<double>& out);

// Samples translations of src [B, S] (as beamSearch(): token ids padded with
// pad_id, on the model's device; the caller puts the model in eval()).
// Each sentence draws from a generator of its own, seeded with
// options.sampling.seed and its source ids, so its samples do not depend on
// the other sentences of the batch. The prefix, the minimum length and the
// maximum length apply as in beam search; padding and the start are never
// drawn; each piece's probability and the score are the model's (not the
// tempered or cut distribution's).
std::vector<std::vector<Hypothesis>> sampleTranslations(Transformer& model, const torch::Tensor& src,
                                                        const DecodingOptions& options);

}  // namespace studio::model
