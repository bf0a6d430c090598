#pragma once

#include <memory>
#include <vector>

#include "model/Transformer.h"
#include "model/decoding/Glossary.h"
#include "model/decoding/HeadMask.h"
#include "model/decoding/Verbatim.h"

// Beam search over the Transformer, in inference mode, with or without the
// key/value cache (decoding lives outside the modules).
namespace studio::model {

class Shortlist;

struct DecodingOptions {
  int64_t beam_size = 4;          // 1 is greedy search
  double length_penalty = 0.6;    // GNMT alpha: score = log P / ((5 + |Y|) / 6)^alpha; 0 = none
  double max_length_ratio = 1.5;  // at most ratio * source length + extra output tokens
  int64_t max_length_extra = 10;
  int64_t nbest = 1;              // hypotheses returned a sentence (at most beam_size)
  // No end before this many output tokens: 1 (as fairseq's and CTranslate2's
  // defaults) keeps an empty translation from winning, which it can without
  // length normalization; 0 allows it.
  int64_t min_length = 1;
  // No end before this share of the source's pieces either (fairseq's
  // min_len_a): a weak model's beam can prefer ending early ("-Q, --no" for a
  // whole option's description). 0.3: in the demo corpus's training pairs
  // fewer than 1 % of English sides have under 0.33 of the Vietnamese
  // side's pieces. 0 = off.
  double min_length_ratio = 0.3;
  // How the end is kept out before the minimum length. AfterSoftmax (as
  // fairseq): the end's probability becomes 0 and the other pieces keep
  // theirs, so the step's probabilities sum to less than 1. BeforeSoftmax (as
  // CTranslate2, which removes the end from the logits): the other pieces'
  // probabilities are scaled up to sum to 1. Greedy search picks the same
  // piece either way; beams are scored differently. Not in constrained search
  // (glossaries), which always works as AfterSoftmax.
  enum class EndBlock { AfterSoftmax, BeforeSoftmax };
  EndBlock end_block = EndBlock::AfterSoftmax;
  bool use_cache = true;          // incremental decoding with cached keys/values
  // Which code runs the decoder's steps: Auto takes the inference engine
  // (inference/FastDecoder.h) where it can run (the CPU, a float32 model,
  // with the cache) and LibTorch's modules elsewhere; LibTorch always takes
  // the modules (the reference the engine is tested against).
  enum class Engine { Auto, LibTorch };
  Engine engine = Engine::Auto;
  HeadMask head_mask;             // heads switched off while decoding (decoding/HeadMask.h)
  // Output tokens forced at the start ("what if it had said ..."): every
  // hypothesis begins with them, scored with the model's own probabilities.
  std::vector<int64_t> prefix;
  // Matrix products in bf16: on the CPU the engine's products with bf16
  // weights (inference/Bf16Linear.h), elsewhere under autocast
  // (Translator::translate). Faster on CPUs with AMX or AVX512-BF16 and on
  // GPUs, slower on other CPUs; scores stay float32.
  bool bf16 = false;
  // The products' weights in int8 (inference/QuantizedLinear.h: per output
  // channel, activations quantized as they come): on the CPU inference
  // engine only, so not with bf16, without the cache or with the LibTorch
  // engine; refused on a CPU without the kernel (no AVX2).
  bool int8 = false;
  // Terms each translation must contain when their source occurs in the
  // sentence (Translator::translate decodes those sentences with
  // constrainedSearch(), ConstrainedSearch.h). Null: none.
  std::shared_ptr<const Glossary> glossary;
  // Text kept as typed: a set of VerbatimKind bits (Verbatim.h). Each
  // sentence whose translation lost a span of these kinds (an address, a
  // placeholder, a number, …) is decoded again by Translator::translate with
  // every span as a term, and the spans' own text written where they landed.
  // 0: none.
  unsigned verbatim = 0;
  // A vocabulary shortlist (Shortlist.h): each batch's output layer and
  // softmax over the pieces likely for its sentences (plus the end, the
  // prefix and glossary terms); every other piece gets probability 0. The
  // probabilities are normalized over the list. Null: the whole vocabulary.
  std::shared_ptr<const Shortlist> shortlist;
  // More models decoding with this one, an ensemble (as fairseq's, Marian's
  // and OpenNMT's): at each step the next piece's probability is the mean of
  // every model's (this one's and these), so the ensemble's distribution
  // still sums to 1. They must share the vocabulary and special ids (one
  // SentencePiece model; checkEnsemble()); each runs on its own engine with
  // the same precision, cache and shortlist. Not with a head mask (it names
  // one model's heads). Empty: this model alone.
  std::vector<Transformer> ensemble;
  // Each model's weight in the ensemble's mean (as Marian's --weights): this
  // model's first, then the members'; positive, normalized by their sum.
  // Empty: equal weights.
  std::vector<double> ensemble_weights;
  // Sampling instead of beam search (Sampling.h): `nbest` samples a
  // sentence, each drawing its pieces from the model's distribution;
  // beam_size is then unused. Not with a glossary or verbatim text (their
  // terms need the search).
  struct Sampling {
    bool on = false;
    int64_t top_k = 0;         // draw among the k likeliest pieces (0 = all)
    double top_p = 1.0;        // ... the smallest set of them holding this share of the probability (1 = all)
    double temperature = 1.0;  // log-probabilities divided by it: below 1 sharper, above 1 flatter
    uint64_t seed = 0;
  };
  Sampling sampling;

  // Rows a sentence holds while decoding: the beam, or the samples.
  int64_t rowsPerSentence() const { return sampling.on ? nbest : beam_size; }
  void validate() const;  // throws std::invalid_argument naming the field
};

struct Hypothesis {
  std::vector<int64_t> tokens;       // without BOS and EOS
  std::vector<float> probabilities;  // one a token, EOS's last when finished
  double log_probability = 0.0;      // sum of log probabilities, EOS included
  double score = 0.0;                // log_probability / length penalty
  bool finished = false;             // ended with EOS (else cut at the maximum length)
};

// The search as it went, for the beam explorer: every candidate of every
// step that reached the top 2K, kept, pruned or finished, linked to the
// node it extends (node 0 is BOS).
struct BeamNode {
  enum class Fate { Root, Kept, Pruned, Finished };
  int64_t parent = -1;  // index into the nodes; -1 for the root
  int64_t step = 0;     // 0 = the root, 1 = the first output token
  int64_t token = -1;
  float probability = 1.0f;  // P(token | parent's prefix)
  double log_probability = 0.0;  // of the whole prefix, this token included
  Fate fate = Fate::Root;
};
using BeamTrace = std::vector<BeamNode>;

// Translates src [B, S] (token ids, padded with pad_id, on the model's
// device). Returns for each sentence its n-best list, best first. The caller
// puts the model in eval().
// With `traces`, fills one BeamTrace a sentence.
std::vector<std::vector<Hypothesis>> beamSearch(Transformer& model, const torch::Tensor& src,
                                                const DecodingOptions& options,
                                                std::vector<BeamTrace>* traces = nullptr);

// Each sentence's output length limits: at most `max` output tokens (the
// end included), no end before `min`. Throws std::invalid_argument when the
// prefix holds a token that is no output piece of the model.
struct OutputLengthLimits {
  std::vector<int64_t> max, min;
};
OutputLengthLimits outputLengthLimits(const Transformer& model, const torch::Tensor& src,
                                      const DecodingOptions& options);

// GNMT's length penalty ((5 + length) / 6)^alpha; 1 for alpha 0.
double lengthPenalty(double alpha, size_t length);

// The maximum output length for a source of `source_length` tokens.
int64_t maxOutputLength(const DecodingOptions& options, int64_t source_length, int64_t model_max_length);

// Throws std::invalid_argument naming the member (1 = the first of
// `members`) and the field where an ensemble member does not fit `model`:
// vocabulary size, special ids, device.
void checkEnsemble(const Transformer& model, const std::vector<Transformer>& members);

// The positions every model of an ensemble has: the smallest max_length of
// `model` and `members`.
int64_t decodingMaxLength(const Transformer& model, const std::vector<Transformer>& members);

// An ensemble's distribution from its models' log-probabilities (tensors of
// one shape): the log of the mean of their probabilities, -inf where every
// model has -inf. With `weights` (one a model, positive), the weighted mean:
// sum of w_i p_i / sum of w_i.
torch::Tensor meanOfProbabilities(const std::vector<torch::Tensor>& log_probabilities,
                                  const std::vector<double>& weights = {});

}  // namespace studio::model
