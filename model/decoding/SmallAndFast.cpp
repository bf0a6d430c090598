#include "model/decoding/SmallAndFast.h"

#include <algorithm>
#include <chrono>
#include <memory>
#include <stdexcept>

#include "model/decoding/HeadMask.h"
#include "model/evaluation/Significance.h"
#include "model/inference/PackedModel.h"
#include "model/inference/QuantizedLinear.h"
#include "model/runtime/Runtime.h"

namespace studio::model {

namespace {

// A translator over a copy of the model with `heads` pruned for good (their
// output-projection columns zero), as `export --prune-heads` saves it: the
// engine leaves those heads out of its products, so the speed and weights
// measured are the saved model's.
std::unique_ptr<Translator> prunedCopy(const Translator& translator, const HeadMask& heads) {
  Transformer copy = copyOf(translator.modelHandle());
  pruneHeads(copy, heads);
  return std::make_unique<Translator>(copy, translator.tokenizerHandle(), translator.device());
}

}  // namespace

std::vector<SpeedVariant> smallAndFastVariants(const TransformerOptions& options, bool have_shortlist,
                                               const HeadImportance* ranking) {
  return smallAndFastVariants(options, have_shortlist, ranking, inference::int8Unsupported().empty(),
                              !cpuBf16Instructions().empty());
}

std::vector<SpeedVariant> smallAndFastVariants(const TransformerOptions& options, bool have_shortlist,
                                               const HeadImportance* ranking, bool int8, bool bf16) {
  std::vector<SpeedVariant> plain{{"float32", false, false, false, {}, {}}};
  if (int8) plain.push_back({"int8", true, false, false, {}, {}});
  if (bf16) plain.push_back({"bf16", false, true, false, {}, {}});
  std::vector<SpeedVariant> variants = plain;
  if (have_shortlist)
    for (auto v : plain) {
      v.name += " + shortlist";
      v.shortlist = true;
      variants.push_back(v);
    }
  if (ranking && !ranking->heads.empty()) {
    // float32 and int8, with the shortlist where there is one, a quarter and a half of the heads pruned.
    const auto order = pruningOrder(*ranking, options);
    const size_t all = size_t((options.encoder_layers + 2 * options.decoder_layers) * options.heads);
    const size_t first = have_shortlist ? plain.size() : 0;  // float32 (+ shortlist), then int8 (+ shortlist)
    std::vector<SpeedVariant> bases{variants[first]};
    if (int8) bases.push_back(variants[first + 1]);
    for (const auto& base : bases) {
      size_t last = 0;
      for (const size_t count : {all / 4, all / 2}) {
        const size_t n = std::min(count, order.size());
        if (n == 0 || n == last) continue;
        last = n;
        SpeedVariant v = base;
        v.pruned.off.assign(order.begin(), order.begin() + std::ptrdiff_t(n));
        v.name = base.name + ", " + std::to_string(n) + " heads pruned";
        variants.push_back(v);
      }
    }
  }
  return variants;
}

std::vector<SpeedVariant> studentVariants(const std::vector<SpeedVariant>& variants,
                                          const std::vector<std::pair<std::string, std::string>>& students) {
  std::vector<SpeedVariant> ways;
  for (const auto& [name, model] : students)
    for (const auto& v : variants) {
      if (v.shortlist || !v.pruned.off.empty() || !v.model.empty()) continue;
      SpeedVariant way = v;
      way.model = model;
      way.name = "student " + name + (v.name == "float32" ? std::string() : ", " + v.name);
      ways.push_back(way);
    }
  return ways;
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
    if (!v.model.empty() && (v.shortlist || !v.pruned.off.empty()))
      throw std::invalid_argument("'" + v.name +
                                  "': another model's way takes neither the shortlist nor heads pruned");
    v.pruned.validate(translator.model()->options());
  }
  const std::vector<std::string> warm_up(sources.begin(), sources.begin() + std::ptrdiff_t(std::min<size_t>(8, sources.size())));
  std::vector<SpeedPoint> points;
  BaselineComparison comparison(references);  // each variant against the first (float32)
  std::unique_ptr<Translator> pruned;  // the last pruned copy, and its heads
  std::string pruned_heads;
  std::unique_ptr<Translator> other;  // the last other model (a student), and its file
  std::string other_file;
  for (const auto& v : variants) {
    DecodingOptions o = options;
    o.nbest = 1;
    o.int8 = v.int8;
    o.bf16 = v.bf16;
    o.shortlist = v.shortlist ? shortlist : nullptr;
    if (!v.pruned.off.empty() && v.pruned.toString() != pruned_heads) {
      pruned = prunedCopy(translator, v.pruned);
      pruned_heads = v.pruned.toString();
    }
    if (!v.model.empty() && v.model != other_file) {
      other = std::make_unique<Translator>(Translator::fromFiles(v.model, "", translator.device()));
      other_file = v.model;
    }
    Translator& t = !v.model.empty() ? *other : v.pruned.off.empty() ? translator : *pruned;
    t.translate(warm_up, o);  // packs the weights in this precision, warms the caches
    // The fastest of `runs` decodings: a shared machine's pauses only ever add time.
    SpeedPoint p;
    std::vector<std::vector<Translation>> results;
    for (int run = 0; run < runs; ++run) {
      const auto started = std::chrono::steady_clock::now();
      results = t.translate(sources, o);
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
    const BaselineComparison::Scores scores = comparison.add(hypotheses);
    p.bleu = scores.bleu;
    p.chrf = scores.chrf;
    p.bleu_ci = scores.bleu_ci;
    p.p_value = scores.p_value;
    p.same_as_float32 = scores.same_as_baseline;
    p.sentences_per_second = double(p.sentences) / std::max(p.seconds, 1e-9);
    p.pieces_per_second = double(p.pieces) / std::max(p.seconds, 1e-9);
    if (t.device().is_cpu())
      p.weight_bytes = inference::packedModel(t.modelHandle(),
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
