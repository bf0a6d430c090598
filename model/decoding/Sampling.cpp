#include "model/decoding/Sampling.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <random>

#include "model/decoding/HeadMask.h"
#include "model/decoding/StepDecoder.h"
#include "model/files/Hash.h"

namespace studio::model {

void samplingDistribution(const float* log_p, int64_t V, const DecodingOptions::Sampling& sampling,
                          std::vector<double>& out) {
  out.assign(size_t(V), 0.0);
  std::vector<int64_t> kept;
  kept.reserve(size_t(V));
  for (int64_t v = 0; v < V; ++v)
    if (std::isfinite(log_p[v])) kept.push_back(v);
  if (kept.empty()) return;
  // Likeliest first (ties by id, so that the cut does not depend on the sort).
  auto likelier = [&](int64_t a, int64_t b) {
    return log_p[a] > log_p[b] || (log_p[a] == log_p[b] && a < b);
  };
  if (sampling.top_k > 0 && sampling.top_k < int64_t(kept.size())) {
    std::nth_element(kept.begin(), kept.begin() + sampling.top_k, kept.end(), likelier);
    kept.resize(size_t(sampling.top_k));
  }
  double largest = -std::numeric_limits<double>::infinity();
  for (const int64_t v : kept) largest = std::max(largest, double(log_p[v]));
  double total = 0.0;
  for (const int64_t v : kept)
    total += out[size_t(v)] = std::exp((double(log_p[v]) - largest) / sampling.temperature);
  if (sampling.top_p < 1.0) {
    std::sort(kept.begin(), kept.end(), likelier);
    double held = 0.0;
    size_t n = 0;
    while (n < kept.size() && held < sampling.top_p * total) held += out[size_t(kept[n++])];
    for (size_t i = n; i < kept.size(); ++i) out[size_t(kept[i])] = 0.0;
    total = held;
  }
  for (auto& p : out) p /= total;
}

namespace {

// A row's draw from `distribution` (summing to 1) with `u` uniform in [0, 1).
int64_t draw(const std::vector<double>& distribution, double u) {
  double cumulative = 0.0;
  int64_t last = -1;
  for (size_t v = 0; v < distribution.size(); ++v) {
    if (distribution[v] <= 0.0) continue;
    cumulative += distribution[v];
    last = int64_t(v);
    if (u < cumulative) return last;
  }
  return last;  // rounding left u above the sum: the last piece with a share
}

// What one sample has written so far.
struct Row {
  std::vector<int64_t> tokens;
  std::vector<float> probabilities;
  double log_probability = 0.0;
  bool done = false;
};

}  // namespace

std::vector<std::vector<Hypothesis>> sampleTranslations(Transformer& model, const torch::Tensor& src,
                                                        const DecodingOptions& options) {
  options.validate();
  torch::NoGradGuard no_grad;
  const ScopedHeadMask head_mask(model, options.head_mask);
  const auto& o = model->options();
  const int64_t B = src.size(0), K = options.nbest, V = o.vocab_size;
  const auto limits = outputLengthLimits(model, src, options);
  const int64_t longest = *std::max_element(limits.max.begin(), limits.max.end());

  // A generator a sentence, from the seed and its source ids.
  std::vector<std::mt19937_64> generators;
  {
    const auto ids = src.to(torch::kCPU, torch::kLong).contiguous();
    const auto id_at = ids.accessor<int64_t, 2>();
    for (int64_t b = 0; b < B; ++b) {
      Hash64 hash;
      hash.add(&options.sampling.seed, sizeof(options.sampling.seed));
      for (int64_t t = 0; t < ids.size(1); ++t) {
        const int64_t id = id_at[b][t];
        if (id != o.pad_id) hash.add(&id, sizeof(id));
      }
      generators.emplace_back(hash.value());
    }
  }
  std::uniform_real_distribution<double> uniform(0.0, 1.0);

  std::vector<std::vector<Row>> rows(static_cast<size_t>(B), std::vector<Row>(static_cast<size_t>(K)));
  std::vector<std::vector<Hypothesis>> out(static_cast<size_t>(B));
  auto finish = [&](int64_t b, Row& row, bool ended) {
    Hypothesis h;
    h.tokens = row.tokens;
    h.probabilities = row.probabilities;
    h.log_probability = row.log_probability;
    h.finished = ended;
    h.score = h.log_probability / lengthPenalty(options.length_penalty, h.probabilities.size());
    out[size_t(b)].push_back(std::move(h));
    row.done = true;
  };

  std::vector<int64_t> active(static_cast<size_t>(B));
  std::iota(active.begin(), active.end(), int64_t(0));
  StepDecoder decoder(model, src, K, options, longest);
  std::vector<int64_t> last_tokens(static_cast<size_t>(B * K), o.bos_id);
  std::vector<float> row_log_p(static_cast<size_t>(V));
  std::vector<double> distribution;
  for (int64_t step = 0; step < longest && !active.empty(); ++step) {
    const auto A = int64_t(active.size());
    const torch::Tensor logp = decoder.logProbabilities(last_tokens);  // [A*K, V]
    const float* logp_data = logp.data_ptr<float>();
    const int64_t forced = step < int64_t(options.prefix.size()) ? options.prefix[size_t(step)] : -1;
    std::vector<int64_t> next_tokens(static_cast<size_t>(A * K), o.eos_id), still_active, origins,
        sentence_of_row;
    for (int64_t a = 0; a < A; ++a) {
      const int64_t b = active[size_t(a)];
      for (int64_t k = 0; k < K; ++k) {
        Row& row = rows[size_t(b)][size_t(k)];
        if (row.done) continue;  // it reads the end until its sentence leaves; what comes out is not used
        // The first step computes each sentence's first row alone: every sample starts from it.
        const float* lp = logp_data + (step == 0 ? a * K : a * K + k) * V;
        int64_t token = forced;
        if (token < 0) {
          std::copy(lp, lp + V, row_log_p.begin());
          // Padding and the start are no output pieces (an untrained model gives them a share).
          row_log_p[size_t(o.pad_id)] = row_log_p[size_t(o.bos_id)] = -std::numeric_limits<float>::infinity();
          if (step < limits.min[size_t(b)])
            row_log_p[size_t(o.eos_id)] = -std::numeric_limits<float>::infinity();
          samplingDistribution(row_log_p.data(), V, options.sampling, distribution);
          token = draw(distribution, uniform(generators[size_t(b)]));
          if (token < 0)
            token = o.eos_id;  // nothing to draw (cannot happen: the end stays possible at the limit)
        }
        const float token_lp = lp[token];
        row.probabilities.push_back(std::exp(token_lp));
        row.log_probability += double(token_lp);
        if (token == o.eos_id) {
          finish(b, row, true);
          continue;
        }
        row.tokens.push_back(token);
        next_tokens[size_t(a * K + k)] = token;
        if (step + 1 >= limits.max[size_t(b)]) finish(b, row, false);  // cut at the maximum length
      }
      const bool going = std::any_of(rows[size_t(b)].begin(), rows[size_t(b)].end(),
                                     [](const Row& row) { return !row.done; });
      if (!going) continue;  // every sample done: the sentence leaves the batch
      still_active.push_back(a);
      for (int64_t k = 0; k < K; ++k) {
        origins.push_back(step == 0 ? a * K : a * K + k);
        sentence_of_row.push_back(b);
      }
    }
    if (still_active.empty()) break;
    decoder.reorder(origins, sentence_of_row);
    std::vector<int64_t> next_active, next_last;
    for (const int64_t a : still_active) {
      next_active.push_back(active[size_t(a)]);
      for (int64_t k = 0; k < K; ++k) next_last.push_back(next_tokens[size_t(a * K + k)]);
    }
    active = std::move(next_active);
    last_tokens = std::move(next_last);
  }
  for (auto& list : out)
    std::stable_sort(list.begin(), list.end(),
                     [](const Hypothesis& x, const Hypothesis& y) { return x.score > y.score; });
  return out;
}

}  // namespace studio::model
