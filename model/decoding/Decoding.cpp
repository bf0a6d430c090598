#include "model/decoding/Decoding.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <stdexcept>

#include "model/decoding/BeamCandidates.h"
#include "model/decoding/Sampling.h"
#include "model/decoding/StepDecoder.h"

namespace studio::model {

void DecodingOptions::validate() const {
  auto fail = [](const std::string& field, const std::string& why) {
    throw std::invalid_argument("invalid decoding option '" + field + "': " + why);
  };
  if (beam_size < 1) fail("beam_size", "must be at least 1");
  if (nbest < 1) fail("nbest", "must be at least 1");
  if (nbest > beam_size && !sampling.on)
    fail("nbest", "cannot exceed the beam size (" + std::to_string(beam_size) + ")");
  if (sampling.on) {
    if (sampling.top_k < 0) fail("sampling.top_k", "must be >= 0 (0 = every piece)");
    if (!(sampling.top_p > 0.0 && sampling.top_p <= 1.0)) fail("sampling.top_p", "must be within (0, 1]");
    if (!(sampling.temperature > 0.0 && std::isfinite(sampling.temperature)))
      fail("sampling.temperature", "must be > 0");
    if (glossary && !glossary->terms.empty())
      fail("sampling", "not with a glossary (its terms need the search)");
    if (verbatim != 0) fail("sampling", "not with verbatim text (its spans need the search)");
  }
  if ((verbatim & ~kVerbatimAll) != 0) fail("verbatim", "holds bits that are no kind of verbatim text");
  if (min_length < 0) fail("min_length", "must be >= 0");
  if (!(min_length_ratio >= 0.0 && min_length_ratio <= 1.0)) fail("min_length_ratio", "must be within [0, 1]");
  if (!(length_penalty >= 0.0)) fail("length_penalty", "must be >= 0");
  if (!(max_length_ratio > 0.0)) fail("max_length_ratio", "must be > 0");
  if (max_length_extra < 0) fail("max_length_extra", "must be >= 0");
  if (int8 && bf16) fail("int8", "cannot be combined with bf16 (one precision at a time)");
  if (int8 && engine == Engine::LibTorch) fail("int8", "runs on the inference engine, not LibTorch's modules");
  if (int8 && !use_cache) fail("int8", "needs the key/value cache (the inference engine decodes with it)");
  if (!ensemble.empty() && !head_mask.empty())
    fail("head_mask", "names one model's heads: not with an ensemble");
  for (size_t i = 0; i < ensemble.size(); ++i)
    if (ensemble[i].is_empty()) fail("ensemble", "member " + std::to_string(i + 1) + " holds no model");
  if (!ensemble_weights.empty()) {
    if (ensemble_weights.size() != ensemble.size() + 1)
      fail("ensemble_weights", std::to_string(ensemble_weights.size()) + " weights for " +
                                   std::to_string(ensemble.size() + 1) + " models");
    for (size_t i = 0; i < ensemble_weights.size(); ++i)
      if (!(ensemble_weights[i] > 0.0 && std::isfinite(ensemble_weights[i])))
        fail("ensemble_weights", "weight " + std::to_string(i + 1) + " must be a positive number");
  }
}

void checkEnsemble(const Transformer& model, const std::vector<Transformer>& members) {
  const auto& o = model->options();
  const auto device = model->embeddingWeight().device();
  for (size_t i = 0; i < members.size(); ++i) {
    const auto& m = members[i]->options();
    auto fail = [&](const std::string& field, int64_t theirs, int64_t ours) {
      throw std::invalid_argument("ensemble member " + std::to_string(i + 1) +
                                  " does not fit the first model: " + field + " " + std::to_string(theirs) +
                                  " against " + std::to_string(ours) +
                                  " (an ensemble's models share one SentencePiece model)");
    };
    if (m.vocab_size != o.vocab_size) fail("vocab_size", m.vocab_size, o.vocab_size);
    if (m.pad_id != o.pad_id) fail("pad_id", m.pad_id, o.pad_id);
    if (m.bos_id != o.bos_id) fail("bos_id", m.bos_id, o.bos_id);
    if (m.eos_id != o.eos_id) fail("eos_id", m.eos_id, o.eos_id);
    if (m.unk_id != o.unk_id) fail("unk_id", m.unk_id, o.unk_id);
    if (m.reversed != o.reversed)
      throw std::invalid_argument("ensemble member " + std::to_string(i + 1) + " translates " +
                                  m.sourceLanguage() + " to " + m.targetLanguage() + ", the first model " +
                                  o.sourceLanguage() + " to " + o.targetLanguage());
    const auto theirs = members[i]->embeddingWeight().device();
    if (theirs != device)
      throw std::invalid_argument("ensemble member " + std::to_string(i + 1) + " is on " + theirs.str() +
                                  ", the first model on " + device.str());
  }
}

int64_t decodingMaxLength(const Transformer& model, const std::vector<Transformer>& members) {
  int64_t positions = model->options().max_length;
  for (const auto& member : members) positions = std::min(positions, member->options().max_length);
  return positions;
}

torch::Tensor meanOfProbabilities(const std::vector<torch::Tensor>& log_probabilities,
                                  const std::vector<double>& weights) {
  if (log_probabilities.size() == 1) return log_probabilities.front();
  if (weights.empty())
    return torch::logsumexp(torch::stack(log_probabilities), /*dim=*/0)
        .sub_(std::log(double(log_probabilities.size())));
  if (weights.size() != log_probabilities.size())
    throw std::invalid_argument(std::to_string(weights.size()) + " weights for " +
                                std::to_string(log_probabilities.size()) + " models");
  double total = 0.0;
  for (const double w : weights) total += w;
  // log sum_i exp(log p_i + log(w_i / total)).
  std::vector<torch::Tensor> weighted;
  for (size_t i = 0; i < weights.size(); ++i)
    weighted.push_back(log_probabilities[i] + float(std::log(weights[i] / total)));
  return torch::logsumexp(torch::stack(weighted), /*dim=*/0);
}

int64_t maxOutputLength(const DecodingOptions& options, int64_t source_length, int64_t model_max_length) {
  const auto wanted = int64_t(std::ceil(options.max_length_ratio * double(source_length))) + options.max_length_extra;
  return std::max<int64_t>(1, std::min(wanted, model_max_length - 1));
}

namespace {

// One step's log-probabilities [V] as if the end had been left out of the
// softmax: the end's becomes -inf, the others are renormalized over the rest.
// The rest holds 1 - P(end) of the mass: while P(end) < 1/2 that is one
// log1p (exact to float rounding); above, the rest's sum is taken from the
// row itself, so a row whose end took nearly all the mass stays finite.
void withoutEnd(float* row, int64_t V, int64_t eos) {
  const float end = row[eos];
  row[eos] = -std::numeric_limits<float>::infinity();
  if (end < -0.6931472f) {
    const auto shift = float(std::log1p(-std::exp(double(end))));
    if (shift != 0.0f)
      for (int64_t v = 0; v < V; ++v) row[v] -= shift;
    return;
  }
  float best = -std::numeric_limits<float>::infinity();
  for (int64_t v = 0; v < V; ++v) best = std::max(best, row[v]);
  if (!(best > -std::numeric_limits<float>::infinity())) return;  // nothing but the end was possible
  double sum = 0.0;
  for (int64_t v = 0; v < V; ++v) sum += std::exp(double(row[v]) - double(best));
  const float shift = float(double(best) + std::log(sum));
  for (int64_t v = 0; v < V; ++v) row[v] -= shift;
}

}  // namespace

OutputLengthLimits outputLengthLimits(const Transformer& model, const torch::Tensor& src,
                                      const DecodingOptions& options) {
  const auto& o = model->options();
  const int64_t B = src.size(0);
  const int64_t positions = decodingMaxLength(model, options.ensemble);
  OutputLengthLimits limits;
  limits.max.resize(size_t(B));
  limits.min.resize(size_t(B));
  auto lengths = src.ne(o.pad_id).sum(/*dim=*/1).to(torch::kCPU);
  for (int64_t b = 0; b < B; ++b) {
    const int64_t source_length = lengths[b].item<int64_t>();
    limits.max[size_t(b)] =
        std::min<int64_t>(std::max<int64_t>(maxOutputLength(options, source_length, positions),
                                            int64_t(options.prefix.size()) + 1),
                          positions - 1);
    // Ending stays possible at the last step.
    limits.min[size_t(b)] = std::min<int64_t>(
        std::max<int64_t>(options.min_length,
                          int64_t(std::ceil(options.min_length_ratio * double(source_length)))),
        limits.max[size_t(b)] - 1);
  }
  for (const auto token : options.prefix)
    if (token < 0 || token >= o.vocab_size || token == o.eos_id)
      throw std::invalid_argument("invalid decoding option 'prefix': token " + std::to_string(token) +
                                  " is not an output piece of this model");
  return limits;
}

double lengthPenalty(double alpha, size_t length) {
  return alpha == 0.0 ? 1.0 : std::pow((5.0 + double(length)) / 6.0, alpha);
}

std::vector<std::vector<Hypothesis>> beamSearch(Transformer& model, const torch::Tensor& src,
                                                const DecodingOptions& options, std::vector<BeamTrace>* traces) {
  options.validate();
  if (options.sampling.on) {
    if (traces) traces->assign(size_t(src.size(0)), BeamTrace{BeamNode{}});  // no search to show
    return sampleTranslations(model, src, options);
  }
  torch::NoGradGuard no_grad;
  const ScopedHeadMask head_mask(model, options.head_mask);
  const auto& o = model->options();
  const int64_t B = src.size(0), K = options.beam_size, V = o.vocab_size;
  const double minus_inf = -std::numeric_limits<double>::infinity();
  const auto [max_length, min_length] = outputLengthLimits(model, src, options);
  const int64_t longest = *std::max_element(max_length.begin(), max_length.end());

  // The batch holds K rows (slots) for each sentence still being decoded, in
  // the order of `active`; a sentence that is done leaves it, so the others
  // do not pay for it (rows, the memory, the masks and the caches shrink).
  std::vector<int64_t> active(static_cast<size_t>(B));
  for (int64_t b = 0; b < B; ++b) active[size_t(b)] = b;
  StepDecoder decoder(model, src, K, options, longest);
  std::vector<int64_t> last_tokens(static_cast<size_t>(B * K), o.bos_id);  // each row's newest token
  // Each slot's output so far (BOS left out) and its tokens' log P.
  std::vector<std::vector<int64_t>> prefix(static_cast<size_t>(B * K));
  std::vector<std::vector<float>> token_logp(static_cast<size_t>(B * K));
  std::vector<double> alive(static_cast<size_t>(B * K), minus_inf);   // running log P per slot
  for (int64_t b = 0; b < B; ++b) alive[size_t(b * K)] = 0.0;         // one live beam to start

  std::vector<std::vector<Hypothesis>> finished(static_cast<size_t>(B));
  // The trace: each live slot's node, per sentence.
  std::vector<int64_t> slot_node(static_cast<size_t>(B * K), 0);
  if (traces) traces->assign(size_t(B), BeamTrace{BeamNode{}});

  auto hypothesisFrom = [&](int64_t row, double log_p, bool ended, float last_prob) {
    Hypothesis h;
    h.tokens = prefix[size_t(row)];
    for (const float lp : token_logp[size_t(row)]) h.probabilities.push_back(std::exp(lp));
    if (ended) h.probabilities.push_back(last_prob);
    h.log_probability = log_p;
    h.finished = ended;
    h.score = log_p / lengthPenalty(options.length_penalty, h.tokens.size() + (ended ? 1 : 0));
    return h;
  };

  for (int64_t step = 0; step < longest && !active.empty(); ++step) {
    const auto A = int64_t(active.size());
    torch::Tensor logp = decoder.logProbabilities(last_tokens);  // [A*K, V], float, on the CPU
    // Each sentence's best 2K continuations, best first.
    logp = logp.contiguous();
    const float* logp_data = logp.data_ptr<float>();
    const int64_t width = std::min<int64_t>(2 * K, K * V);
    std::vector<float> top_scores(static_cast<size_t>(A * width));
    std::vector<int64_t> top_index(static_cast<size_t>(A * width));
    const int64_t forced = step < int64_t(options.prefix.size()) ? options.prefix[size_t(step)] : -1;
    std::vector<int64_t> blocked(static_cast<size_t>(A));
    for (int64_t a = 0; a < A; ++a) blocked[size_t(a)] = step < min_length[size_t(active[size_t(a)])] ? o.eos_id : -1;
    if (options.end_block == DecodingOptions::EndBlock::BeforeSoftmax)
      for (int64_t a = 0; a < A; ++a)
        if (blocked[size_t(a)] >= 0)
          for (int64_t k = 0; k < K; ++k) withoutEnd(logp.data_ptr<float>() + (a * K + k) * V, V, o.eos_id);
    bestContinuations(logp_data, alive.data(), A, K, V, width, blocked, forced, top_scores.data(), top_index.data());
    auto scores_a = [&](int64_t a, int64_t j) { return top_scores[size_t(a * width + j)]; };
    auto index_a = [&](int64_t a, int64_t j) { return top_index[size_t(a * width + j)]; };
    auto logp_a = logp.accessor<float, 2>();

    // Per slot of this step's layout: the row it continues, its new token.
    std::vector<int64_t> rows(static_cast<size_t>(A * K)), next_tokens(static_cast<size_t>(A * K), o.pad_id);
    std::vector<float> next_logp(static_cast<size_t>(A * K), 0.0f);
    std::vector<double> next_alive(static_cast<size_t>(A * K), minus_inf);
    std::vector<int64_t> next_node(static_cast<size_t>(A * K), 0);
    std::vector<int64_t> still_active;
    for (int64_t a = 0; a < A; ++a) {
      const int64_t b = active[size_t(a)];
      for (int64_t k = 0; k < K; ++k) rows[size_t(a * K + k)] = a * K;  // placeholders
      int64_t kept = 0, j = 0;
      for (; j < width && kept < K; ++j) {
        const double score = scores_a(a, j);
        if (!std::isfinite(score)) break;  // only dead beams are left
        const int64_t origin = a * K + index_a(a, j) / V;
        const int64_t token = index_a(a, j) % V;
        const float token_lp = logp_a[origin][token];
        int64_t node = -1;
        if (traces) {
          // Pruned until kept or finished below.
          auto& trace = (*traces)[size_t(b)];
          trace.push_back({slot_node[size_t(origin)], step + 1, token, std::exp(token_lp), score, BeamNode::Fate::Pruned});
          node = int64_t(trace.size()) - 1;
        }
        if (token == o.eos_id) {
          // An end among the best K candidates finishes a hypothesis.
          if (j < K) {
            finished[size_t(b)].push_back(hypothesisFrom(origin, score, true, std::exp(token_lp)));
            if (traces) (*traces)[size_t(b)][size_t(node)].fate = BeamNode::Fate::Finished;
          }
          continue;
        }
        if (traces) (*traces)[size_t(b)][size_t(node)].fate = BeamNode::Fate::Kept;
        const auto slot = size_t(a * K + kept);
        next_node[slot] = node;
        rows[slot] = origin;
        next_tokens[slot] = token;
        next_logp[slot] = token_lp;
        next_alive[slot] = score;
        ++kept;
      }
      // The rest of the top 2K fell out of the beam: the explorer shows them pruned.
      for (; traces && j < width; ++j) {
        const double score = scores_a(a, j);
        if (!std::isfinite(score)) break;
        const int64_t origin = a * K + index_a(a, j) / V, token = index_a(a, j) % V;
        (*traces)[size_t(b)].push_back({slot_node[size_t(origin)], step + 1, token, std::exp(logp_a[origin][token]),
                                        score, BeamNode::Fate::Pruned});
      }
      const bool at_limit = step + 1 >= max_length[size_t(b)];
      // Done when n finished hypotheses score at least what any live beam
      // could still reach: log P only falls, and the length penalty is at
      // most lp(maximum length).
      bool settled = false;
      auto& done_list = finished[size_t(b)];
      if (kept > 0 && int64_t(done_list.size()) >= options.nbest) {
        std::vector<double> scores;
        for (const auto& h : done_list) scores.push_back(h.score);
        std::nth_element(scores.begin(), scores.begin() + (options.nbest - 1), scores.end(), std::greater<>());
        const double nth_best = scores[size_t(options.nbest - 1)];
        const double best_alive = next_alive[size_t(a * K)];  // candidates come sorted
        const double bound =
            best_alive / lengthPenalty(options.length_penalty, size_t(max_length[size_t(b)]));
        settled = nth_best >= bound;
      }
      if (settled || kept == 0 || at_limit) {  // done: it leaves the batch
        if (at_limit && !settled) {
          // Cut at the maximum length: the live beams become unfinished
          // hypotheses, ranked with the finished ones by score.
          for (int64_t k = 0; k < kept; ++k) {
            const auto slot = size_t(a * K + k);
            Hypothesis h = hypothesisFrom(rows[slot], next_alive[slot], false, 0.0f);
            h.tokens.push_back(next_tokens[slot]);
            h.probabilities.push_back(std::exp(next_logp[slot]));
            h.score = h.log_probability / lengthPenalty(options.length_penalty, h.tokens.size());
            finished[size_t(b)].push_back(std::move(h));
          }
        }
      } else {
        still_active.push_back(a);
      }
    }
    if (still_active.empty()) break;

    // The next layout: the slots of the sentences still going, each slot
    // continuing row `rows[slot]` of this step's layout.
    const bool shrinking = int64_t(still_active.size()) < A;
    std::vector<int64_t> kept_slots, origins;
    for (int64_t a : still_active)
      for (int64_t k = 0; k < K; ++k) {
        kept_slots.push_back(a * K + k);
        origins.push_back(rows[size_t(a * K + k)]);
      }
    bool identity = !shrinking;
    for (size_t i = 0; identity && i < origins.size(); ++i) identity = origins[i] == int64_t(i);
    auto pick = [&](const auto& values) {
      std::decay_t<decltype(values)> out;
      for (int64_t slot : kept_slots) out.push_back(values[size_t(slot)]);
      return out;
    };
    if (shrinking) {
      std::vector<int64_t> next_active;
      for (int64_t a : still_active) next_active.push_back(active[size_t(a)]);
      active = std::move(next_active);
    }
    std::vector<std::vector<int64_t>> next_prefix;
    std::vector<std::vector<float>> next_token_logp;
    for (size_t i = 0; i < origins.size(); ++i) {
      const auto slot = size_t(kept_slots[i]);
      next_prefix.push_back(prefix[size_t(origins[i])]);
      next_prefix.back().push_back(next_tokens[slot]);
      next_token_logp.push_back(token_logp[size_t(origins[i])]);
      next_token_logp.back().push_back(next_logp[slot]);
    }
    prefix = std::move(next_prefix);
    token_logp = std::move(next_token_logp);
    alive = pick(next_alive);
    slot_node = pick(next_node);
    last_tokens = pick(next_tokens);
    if (!identity) {
      std::vector<int64_t> sentence_of_row;
      for (int64_t b : active)
        for (int64_t k = 0; k < K; ++k) sentence_of_row.push_back(b);
      decoder.reorder(origins, sentence_of_row);
    }
  }

  for (auto& list : finished) {
    std::stable_sort(list.begin(), list.end(),
                     [](const Hypothesis& a, const Hypothesis& b) { return a.score > b.score; });
    if (int64_t(list.size()) > options.nbest) list.resize(size_t(options.nbest));
  }
  return finished;
}

}  // namespace studio::model
