#pragma once

#include <functional>
#include <string>
#include <vector>

#include "model/data/Batching.h"
#include "model/decoding/HeadMask.h"
#include "model/decoding/Translator.h"

// What each attention head is worth: the model's BLEU and loss on a set of
// sentences with every head on, then with each head alone switched off
// (Michel et al. 2019, "Are Sixteen Heads Really Better than One?", measured
// the same way on BLEU). And the pruning curve: heads switched off one by
// one, the least important first, BLEU and loss after each.
namespace studio::model {

struct HeadEffect {
  HeadRef head;
  double bleu = 0, loss = 0;    // with this head off
  double bleu_drop = 0;         // BLEU with every head on minus `bleu`
  double loss_rise = 0;         // `loss` minus the loss with every head on
};

struct HeadImportance {
  double bleu = 0, loss = 0;      // every head on
  size_t sentences = 0;
  std::vector<HeadEffect> heads;  // most important first (BLEU drop, then loss rise)
  bool stopped = false;           // `progress` asked to stop: `heads` holds those done
};

struct PruningPoint {
  int64_t heads_left = 0;
  HeadMask off;  // the heads off at this point
  double bleu = 0, loss = 0;
};

// Every head of `translator`'s model, each alone off. BLEU is corpus BLEU of
// the translations (decoding `options`) against `references`; loss is the
// mean cross-entropy per reference token, teacher-forced (no smoothing).
// `progress(done, total)` after each measurement; returning false stops.
HeadImportance rankHeads(Translator& translator, const std::vector<std::string>& sources,
                         const std::vector<std::string>& references, const DecodingOptions& options,
                         const std::function<bool(size_t, size_t)>& progress = nullptr);

// The order heads are pruned in: the ranking's from its end (the least
// important first), leaving each (kind, layer) at least one head.
std::vector<HeadRef> pruningOrder(const HeadImportance& ranking, const TransformerOptions& options);

// Switches off the heads of `pruningOrder(ranking)` one by one from its end (the least
// important first) and measures after each: heads_left from all to 1 a kind
// and layer at the least (a layer keeps at least one head of each kind).
std::vector<PruningPoint> pruningCurve(Translator& translator, const std::vector<std::string>& sources,
                                       const std::vector<std::string>& references, const DecodingOptions& options,
                                       const HeadImportance& ranking,
                                       const std::function<bool(size_t, size_t)>& progress = nullptr);

// The mean teacher-forced cross-entropy per reference token (EOS included)
// with `mask`'s heads off.
double referenceLoss(Translator& translator, const std::vector<std::string>& sources,
                     const std::vector<std::string>& references, const HeadMask& mask);

// The same loss measured under one mask after another (what the ranking and
// the pruning curve do): the pairs tokenized once and batched by length, and
// the encoder's output with every encoder head on kept (up to 256 MB) for the
// masks that leave the encoder whole. For one model whose weights stay as
// they are while it is used. Throws std::invalid_argument for unaligned or
// no sentences.
class ReferenceLoss {
 public:
  ReferenceLoss(Translator& translator, const std::vector<std::string>& sources,
                const std::vector<std::string>& references);
  double operator()(const HeadMask& mask);

 private:
  Translator& translator_;
  std::vector<data::BatchTensors> batches_;  // on the translator's device
  std::vector<torch::Tensor> memories_;      // the whole encoder's output a batch, once measured
  bool keep_memories_ = false;
};

}  // namespace studio::model
