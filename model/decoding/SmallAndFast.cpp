#include "model/decoding/SmallAndFast.h"

#include <algorithm>
#include <chrono>
#include <stdexcept>

#include "model/evaluation/Bleu.h"
#include "model/evaluation/Chrf.h"
#include "model/inference/PackedModel.h"
#include "model/runtime/Runtime.h"

namespace studio::model {

std::vector<SpeedVariant> smallAndFastVariants(const TransformerOptions& options, bool have_shortlist,
                                               const HeadImportance* ranking) {
  return smallAndFastVariants(options, have_shortlist, ranking, !cpuBf16Instructions().empty());
}

std::vector<SpeedVariant> smallAndFastVariants(const TransformerOptions& options, bool have_shortlist,
                                               const HeadImportance* ranking, bool bf16) {
  std::vector<SpeedVariant> variants{{"float32", false, false, false, {}}, {"int8", true, false, false, {}}};
  if (bf16) variants.push_back({"bf16", false, true, false, {}});
  if (have_shortlist) {
    variants.push_back({"float32 + shortlist", false, false, true, {}});
    variants.push_back({"int8 + shortlist", true, false, true, {}});
    if (bf16) variants.push_back({"bf16 + shortlist", false, true, true, {}});
  }
  if (ranking && !ranking->heads.empty()) {
    const auto order = pruningOrder(*ranking, options);
    const size_t all = size_t((options.encoder_layers + 2 * options.decoder_layers) * options.heads);
    SpeedVariant fastest = have_shortlist ? SpeedVariant{"int8 + shortlist", true, false, true, {}}
                                          : SpeedVariant{"int8", true, false, false, {}};
    for (const size_t count : {all / 4, all / 2}) {
      const size_t n = std::min(count, order.size());
      if (n == 0 || (variants.back().pruned.off.size() == n)) continue;
      SpeedVariant v = fastest;
      v.pruned.off.assign(order.begin(), order.begin() + std::ptrdiff_t(n));
      v.name = fastest.name + ", " + std::to_string(n) + " heads pruned";
      variants.push_back(v);
    }
  }
  return variants;
}

std::vector<SpeedPoint> measureVariants(Translator& translator, const std::vector<std::string>& sources,
                                        const std::vector<std::string>& references, const DecodingOptions& options,
                                        std::shared_ptr<const Shortlist> shortlist,
                                        const std::vector<SpeedVariant>& variants,
                                        const std::function<bool(size_t, size_t)>& progress, int runs) {
  if (sources.size() != references.size())
    throw std::invalid_argument(std::to_string(sources.size()) + " sources but " + std::to_string(references.size()) +
                                " references");
  if (sources.empty()) throw std::invalid_argument("no sentences to measure on");
  if (runs < 1) throw std::invalid_argument("runs must be at least 1");
  for (const auto& v : variants) {
    if (v.shortlist && !shortlist) throw std::invalid_argument("'" + v.name + "' needs a shortlist and none was given");
    v.pruned.validate(translator.model()->options());
  }
  const std::vector<std::string> warm_up(sources.begin(), sources.begin() + std::ptrdiff_t(std::min<size_t>(8, sources.size())));
  std::vector<SpeedPoint> points;
  std::vector<std::string> first;
  for (const auto& v : variants) {
    DecodingOptions o = options;
    o.nbest = 1;
    o.int8 = v.int8;
    o.bf16 = v.bf16;
    o.shortlist = v.shortlist ? shortlist : nullptr;
    o.head_mask = v.pruned;
    translator.translate(warm_up, o);  // packs the weights in this precision, warms the caches
    // The fastest of `runs` decodings: a shared machine's pauses only ever add time.
    SpeedPoint p;
    std::vector<std::vector<Translation>> results;
    for (int run = 0; run < runs; ++run) {
      const auto started = std::chrono::steady_clock::now();
      results = translator.translate(sources, o);
      const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
      p.seconds = run == 0 ? seconds : std::min(p.seconds, seconds);
    }
    p.variant = v;
    std::vector<std::string> hypotheses;
    for (const auto& list : results) {
      hypotheses.push_back(list.empty() ? std::string() : list[0].text);
      p.pieces += list.empty() ? 0 : list[0].pieces.size() + 1;  // with EOS, as decode-bench counts
    }
    p.sentences = sources.size();
    p.bleu = corpusBleu(hypotheses, references).score;
    p.chrf = corpusChrf(hypotheses, references).score;
    if (first.empty()) first = hypotheses;
    for (size_t i = 0; i < hypotheses.size(); ++i) p.same_as_float32 += hypotheses[i] == first[i] ? 1 : 0;
    p.sentences_per_second = double(p.sentences) / std::max(p.seconds, 1e-9);
    p.pieces_per_second = double(p.pieces) / std::max(p.seconds, 1e-9);
    if (translator.device().is_cpu())
      p.weight_bytes = inference::packedModel(translator.modelHandle(),
                                              v.int8   ? inference::WeightPrecision::Int8
                                              : v.bf16 ? inference::WeightPrecision::BFloat16
                                                       : inference::WeightPrecision::Float32)
                           ->packedBytes();
    points.push_back(std::move(p));
    if (progress && !progress(points.size(), variants.size())) break;
  }
  return points;
}

}  // namespace studio::model
