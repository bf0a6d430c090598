#include "model/decoding/HeadImportance.h"

#include <algorithm>
#include <map>
#include <stdexcept>

#include "model/data/Batching.h"
#include "model/evaluation/Bleu.h"
#include "model/runtime/CpuBlockCache.h"
#include "model/training/Loss.h"

namespace studio::model {

namespace {

double bleuOf(Translator& translator, const std::vector<std::string>& sources,
              const std::vector<std::string>& references, const DecodingOptions& options) {
  const auto results = translator.translate(sources, options);
  std::vector<std::string> hypotheses;
  for (const auto& list : results) hypotheses.push_back(list.empty() ? std::string() : list[0].text);
  return corpusBleu(hypotheses, references).score;
}

std::vector<HeadRef> everyHead(const TransformerOptions& o) {
  std::vector<HeadRef> heads;
  for (int64_t l = 0; l < o.encoder_layers; ++l)
    for (int64_t h = 0; h < o.heads; ++h) heads.push_back({AttentionKind::EncoderSelf, l, h});
  for (int64_t l = 0; l < o.decoder_layers; ++l)
    for (int64_t h = 0; h < o.heads; ++h) heads.push_back({AttentionKind::DecoderSelf, l, h});
  for (int64_t l = 0; l < o.decoder_layers; ++l)
    for (int64_t h = 0; h < o.heads; ++h) heads.push_back({AttentionKind::Cross, l, h});
  return heads;
}

void requireAligned(const std::vector<std::string>& sources, const std::vector<std::string>& references) {
  if (sources.size() != references.size())
    throw std::invalid_argument(std::to_string(sources.size()) + " sources but " + std::to_string(references.size()) +
                                " references");
  if (sources.empty()) throw std::invalid_argument("no sentences to measure on");
}

}  // namespace

ReferenceLoss::ReferenceLoss(Translator& translator, const std::vector<std::string>& sources,
                             const std::vector<std::string>& references)
    : translator_(translator) {
  requireAligned(sources, references);
  const auto& o = translator.model()->options();
  const auto limit = size_t(std::max<int64_t>(1, o.max_length - 1));
  data::EncodedSplit split;
  for (size_t i = 0; i < sources.size(); ++i) {
    auto src = translator.tokenizer().encode(sources[i]), tgt = translator.tokenizer().encode(references[i]);
    if (src.size() > limit) src.resize(limit);
    if (tgt.size() > limit) tgt.resize(limit);
    split.add(src, tgt);
  }
  // Batches of similar lengths (less padding): up to 32 pairs and about
  // 2,048 padded target tokens, the logits' rows.
  std::vector<size_t> order(split.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    return std::make_pair(split.srcLength(a), split.tgtLength(a)) <
           std::make_pair(split.srcLength(b), split.tgtLength(b));
  });
  constexpr size_t kPairs = 32;
  constexpr int64_t kTargetTokens = 2048;
  const auto& device = translator.device();
  int64_t memory_elements = 0;
  for (size_t start = 0; start < order.size();) {
    std::vector<size_t> indices;
    int64_t longest = 0;
    for (; start < order.size() && indices.size() < kPairs; ++start) {
      const int64_t length = std::max(longest, split.tgtLength(order[start]) + 1);
      if (!indices.empty() && length * int64_t(indices.size() + 1) > kTargetTokens) break;
      longest = length;
      indices.push_back(order[start]);
    }
    auto batch = data::makeBatchTensors(split, indices, o.pad_id, o.bos_id, o.eos_id);
    batch.src = batch.src.to(device);
    batch.target_in = batch.target_in.to(device);
    batch.target_out = batch.target_out.to(device);
    memory_elements += batch.src.numel() * o.d_model;
    batches_.push_back(std::move(batch));
  }
  keep_memories_ = memory_elements * int64_t(sizeof(float)) <= (int64_t(256) << 20);
}

double ReferenceLoss::operator()(const HeadMask& mask) {
  auto model = translator_.modelHandle();
  torch::NoGradGuard no_grad;
  const CpuBlockCacheScope reuse_blocks;  // the logits' blocks, batch after batch
  const ScopedHeadMask scoped(model, mask);
  const bool whole_encoder = std::none_of(mask.off.begin(), mask.off.end(), [](const HeadRef& h) {
    return h.kind == AttentionKind::EncoderSelf;
  });
  const bool reuse = keep_memories_ && whole_encoder;
  if (reuse && memories_.empty())
    for (const auto& batch : batches_) memories_.push_back(model->encode(batch.src));
  const int64_t pad = model->options().pad_id;
  double nll = 0;
  int64_t tokens = 0;
  for (size_t i = 0; i < batches_.size(); ++i) {
    const auto& batch = batches_[i];
    const auto result = modelLoss(model, batch.src, batch.target_in, batch.target_out, pad, /*epsilon=*/0.0,
                                  /*count_correct=*/false, reuse ? memories_[i] : torch::Tensor());
    nll += result.nll_sum.item<double>();
    tokens += result.tokens;
  }
  return tokens ? nll / double(tokens) : 0.0;
}

double referenceLoss(Translator& translator, const std::vector<std::string>& sources,
                     const std::vector<std::string>& references, const HeadMask& mask) {
  return ReferenceLoss(translator, sources, references)(mask);
}

HeadImportance rankHeads(Translator& translator, const std::vector<std::string>& sources,
                         const std::vector<std::string>& references, const DecodingOptions& options,
                         const std::function<bool(size_t, size_t)>& progress) {
  requireAligned(sources, references);
  const auto heads = everyHead(translator.model()->options());
  const size_t total = heads.size() + 1;
  HeadImportance result;
  result.sentences = sources.size();
  DecodingOptions base = options;
  base.nbest = 1;
  base.head_mask = {};
  result.bleu = bleuOf(translator, sources, references, base);
  ReferenceLoss loss_of(translator, sources, references);
  result.loss = loss_of({});
  if (progress && !progress(1, total)) {
    result.stopped = true;
    return result;
  }
  for (size_t i = 0; i < heads.size(); ++i) {
    DecodingOptions one = base;
    one.head_mask.off = {heads[i]};
    HeadEffect effect;
    effect.head = heads[i];
    effect.bleu = bleuOf(translator, sources, references, one);
    effect.loss = loss_of(one.head_mask);
    effect.bleu_drop = result.bleu - effect.bleu;
    effect.loss_rise = effect.loss - result.loss;
    result.heads.push_back(effect);
    if (progress && !progress(i + 2, total)) {
      result.stopped = true;
      break;
    }
  }
  std::stable_sort(result.heads.begin(), result.heads.end(), [](const HeadEffect& a, const HeadEffect& b) {
    if (a.bleu_drop != b.bleu_drop) return a.bleu_drop > b.bleu_drop;
    return a.loss_rise > b.loss_rise;
  });
  return result;
}

std::vector<HeadRef> pruningOrder(const HeadImportance& ranking, const TransformerOptions& o) {
  // Heads on, per (kind, layer): the last head of a layer stays.
  std::map<std::pair<int, int64_t>, int64_t> on;
  std::vector<HeadRef> order;
  for (auto it = ranking.heads.rbegin(); it != ranking.heads.rend(); ++it) {
    const auto key = std::make_pair(int(it->head.kind), it->head.layer);
    if (!on.count(key)) on[key] = o.heads;
    if (on[key] <= 1) continue;
    --on[key];
    order.push_back(it->head);
  }
  return order;
}

std::vector<PruningPoint> pruningCurve(Translator& translator, const std::vector<std::string>& sources,
                                       const std::vector<std::string>& references, const DecodingOptions& options,
                                       const HeadImportance& ranking,
                                       const std::function<bool(size_t, size_t)>& progress) {
  const auto& o = translator.model()->options();
  const int64_t all = (o.encoder_layers + 2 * o.decoder_layers) * o.heads;
  std::vector<PruningPoint> curve{{all, {}, ranking.bleu, ranking.loss}};
  const auto order = pruningOrder(ranking, o);
  ReferenceLoss loss_of(translator, sources, references);
  HeadMask off;
  for (size_t done = 0; done < order.size(); ++done) {
    off.off.push_back(order[done]);
    DecodingOptions masked = options;
    masked.nbest = 1;
    masked.head_mask = off;
    PruningPoint point;
    point.heads_left = all - int64_t(off.off.size());
    point.off = off;
    point.bleu = bleuOf(translator, sources, references, masked);
    point.loss = loss_of(off);
    curve.push_back(point);
    if (progress && !progress(done + 1, order.size())) break;
  }
  return curve;
}

}  // namespace studio::model
