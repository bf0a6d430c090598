#pragma once

#include <string>
#include <vector>

#include "model/Transformer.h"

// Why the model predicted each piece of a translation: one score for each
// input (the source pieces, then the target prefix) of each prediction, by
// one of five methods side by side:
//
//   attention  the attention weights of one layer and head (or their mean):
//              cross-attention over the source, decoder self-attention over
//              the prefix (each part sums to 1 on its own);
//   rollout    attention rollout (Abnar and Zuidema, ACL 2020): each block's
//              heads averaged, its residual added as 0.5 A + 0.5 I, the
//              blocks multiplied through the encoder and the decoder as
//              SourceReliance.h rolls ALTI+ out; rows sum to 1;
//   alti       ALTI+ (SourceReliance.h); rows sum to 1;
//   grad       gradient x input: for each input's token vector e_j (a row
//              of the embedding matrix), the L2 norm over its dimensions of
//              d f / d e_j * e_j, f the predicted piece's log-probability
//              (unsigned, as inseq aggregates it; with signed_gradient the
//              plain sum d f / d e_j . e_j, the first-order Taylor term,
//              which sums to the derivative of f along the inputs);
//   ig         integrated gradients (Sundararajan, Taly and Yan, ICML 2017)
//              from a baseline with the padding token's vector in place of
//              every piece (<s> and </s> kept, so they score 0), a midpoint
//              Riemann sum of `steps` points: the scores add up to
//              f(input) - f(baseline) up to a gap, which is reported.
//
// The first three explain the model's mixing of its inputs, whatever it
// predicts; the gradient methods explain one output, and can explain a
// contrast instead: f = log P(predicted) - log P(alternative) at one
// position ("why 'file' rather than 'folder'?").
namespace studio::model {

enum class AttributionMethod { Attention, Rollout, Alti, Gradient, IntegratedGradients };

// "attention", "rollout", "alti", "grad", "ig"; parse throws
// std::invalid_argument naming the accepted words.
std::string methodName(AttributionMethod method);
AttributionMethod parseMethod(const std::string& name);
const std::vector<AttributionMethod>& allMethods();
bool explainsAnOutput(AttributionMethod method);  // grad and ig: can be contrastive

struct AttributionOptions {
  AttributionMethod method = AttributionMethod::IntegratedGradients;
  int64_t layer = -1;  // attention: the decoder layer (from 0); -1 = the last; -2 = the mean of all
  int64_t head = -1;   // attention: the head (from 0); -1 = the mean of the heads
  int64_t steps = 32;  // ig: points of the Riemann sum
  bool signed_gradient = false;  // grad: the signed sum over the dimensions, not the L2 norm
  // A contrast: at row `contrast_row`, f = log P(target) - log P(contrast_token).
  int64_t contrast_row = -1;
  int64_t contrast_token = -1;
  void validate(const TransformerOptions& model) const;  // throws std::invalid_argument naming the field
};

struct Attribution {
  // [T, S + T] on the CPU: row t explains the prediction made after the
  // prefix target_in[0..t] (the piece target_in[t + 1], or EOS at the last
  // row); the columns are the S source tokens, then the T prefix tokens
  // (a prediction's later prefix tokens score 0: the decoder never saw them).
  torch::Tensor scores;
  // Each row's predicted token's probability, [T].
  std::vector<float> probabilities;
  // ig only, a row each: f(input) - f(baseline), and that minus the sum of
  // the row's scores (the completeness gap; 0 for the exact integral).
  std::vector<float> delta, gap;
};

// src [1, S] (no padding; pieces + EOS) and target_in [1, T] (BOS +
// pieces) on the model's device; `predicted` [T] the token each row
// explains (target_in shifted left, then EOS). Runs in eval mode (restored
// after); gradients only where the method needs them; heads switched off
// by a ScopedHeadMask stay off.
Attribution attribute(Transformer& model, const torch::Tensor& src, const torch::Tensor& target_in,
                      const std::vector<int64_t>& predicted, const AttributionOptions& options);

// The log-probability of each row's predicted token [B, T] for a batch of
// sources [B, S] (padding allowed) with the same prefix target_in [1, T]:
// what the deletion and insertion curves measure (Faithfulness.h).
torch::Tensor predictedLogProbabilities(Transformer& model, const torch::Tensor& src, const torch::Tensor& target_in,
                                        const std::vector<int64_t>& predicted);
// The same at one row a source: `rows` [B] -> [B]. Projects only those rows
// onto the vocabulary.
torch::Tensor predictedLogProbabilities(Transformer& model, const torch::Tensor& src, const torch::Tensor& target_in,
                                        const std::vector<int64_t>& predicted, const std::vector<int64_t>& rows);

}  // namespace studio::model
