#pragma once

#include <vector>

#include "model/Transformer.h"
#include "model/decoding/Translator.h"

// How much each prediction drew on the source sentence rather than on the
// target words before it: ALTI+ (Ferrando, Gállego, Alastruey, Escolano and
// Costa-jussà, "Towards Opening the Black Box of Neural Machine
// Translation: Source and Target Interpretations of the Transformer",
// EMNLP 2022). Dale et al. (ACL 2023) found a low total source contribution
// to be a strong sign of hallucination, so low values flag words the model
// made up from its own prefix.
//
// The method, as implemented here. Every attention block's output y_i (after
// the residual and, post-norm, the layer norm, linearized at position i by
// its own mean and deviation) is taken apart into one vector per input
// token, T_i(x_j): attention-weighted value projections, plus the residual
// for the token itself (the biases are left out). An input's contribution is
// max(0, |y_i|_1 - |y_i - T_i(x_j)|_1), normalized to sum 1 over the inputs.
// The encoder's blocks are rolled out (products of these matrices) into
// each encoder output's mixture of source tokens; in the decoder the
// self-attention blocks mix target positions and each cross-attention block
// adds, beside the residual, the encoder outputs with their source mixture.
// The feed-forward blocks are position-wise and left out, as in ALTI.
namespace studio::model {

struct SourceReliance {
  // One a decoder position (BOS + target pieces): the share of source
  // tokens, 0..1, in the representation that predicts the next piece.
  std::vector<float> source_share;
  // [T, S + T] the rolled-out contributions: columns are the source tokens
  // (EOS included), then the decoder's input tokens; each row sums to 1.
  torch::Tensor contributions;
  // [1, T, D] the decoder output computed on the way, equal to decode()'s.
  torch::Tensor hidden;
};

// src [1, S] (no padding) and target_in [1, T] (BOS + pieces), on the
// model's device. Runs without gradients in eval mode (the model's mode is
// restored); heads switched off by a ScopedHeadMask stay off.
SourceReliance sourceReliance(Transformer& model, const torch::Tensor& src, const torch::Tensor& target_in);

// The same for a sentence and its translation, as words: pieces are joined
// at SentencePiece's word boundaries and a word's share is the mean of its
// pieces'; the end of sentence is left out.
struct WordReliance {
  std::string word;
  float share = 0;
};
std::vector<WordReliance> wordReliance(const Translator& translator, const std::string& sentence,
                                       const Translation& translation);

}  // namespace studio::model
