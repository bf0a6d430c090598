#include "model/decoding/ConstrainedSearch.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <numeric>
#include <stdexcept>

#include "model/decoding/StepDecoder.h"

namespace studio::model {

namespace {

// A hypothesis and where it stands with the terms.
struct Beam {
  std::vector<int64_t> tokens;
  std::vector<float> logps;
  double log_p = -std::numeric_limits<double>::infinity();
  std::vector<int64_t> starts;   // each term's start, -1 until placed whole
  std::vector<int64_t> lengths;  // each placed term's pieces (the form it took)
  int64_t current = -1;          // the term being placed, -1 none
  int64_t form = 0;              // which of its forms
  int64_t matched = 0;           // its pieces placed so far
  int64_t placed = 0;            // pieces of whole terms placed (each term its longest form's)
  bool word_ended = false;       // its last piece closed a term that ends a word (TermForms::closed)
  int64_t bank() const { return placed + matched; }
};

struct Candidate {
  int64_t row, token;
  float score;
};

// Each term's forms (the term, then its alternative where it has one) and
// its weight in the banks: its longest form's pieces.
struct Forms {
  std::vector<std::vector<std::vector<int64_t>>> of;
  std::vector<int64_t> weight;
  std::vector<bool> closed;
  std::vector<std::vector<int64_t>>
      commit;  // each term's forms: placed whole after this many pieces (0: never)
  const std::vector<bool>* word_final = nullptr;  // TermForms::word_final, or none

  // Whether form `f` of a term may start after `tokens`.
  bool mayStart(size_t f, const std::vector<int64_t>& tokens) const {
    return f == 0 || !word_final || tokens.empty() || size_t(tokens.back()) >= word_final->size() ||
           !(*word_final)[size_t(tokens.back())];
  }
};

// `beam` extended by `token`: how its terms stand then.
Beam advance(const Beam& beam, int64_t token, float logp, const Forms& forms) {
  Beam next;
  next.tokens = beam.tokens;
  next.tokens.push_back(token);
  next.logps = beam.logps;
  next.logps.push_back(logp);
  next.log_p = double(float(beam.log_p) + logp);  // summed in float, as beamSearch() does
  next.starts = beam.starts;
  next.lengths = beam.lengths;
  next.placed = beam.placed;
  const int64_t position = int64_t(beam.tokens.size());
  auto place = [&](int64_t term, int64_t form, int64_t matched) {
    if (matched == int64_t(forms.of[size_t(term)][size_t(form)].size())) {
      next.starts[size_t(term)] = position + 1 - matched;
      next.lengths[size_t(term)] = matched;
      next.placed += forms.weight[size_t(term)];
      next.word_ended = forms.closed[size_t(term)];
      next.current = -1;
      next.form = 0;
      next.matched = 0;
    } else {
      next.current = term;
      next.form = form;
      next.matched = matched;
    }
  };
  if (beam.current >= 0 && forms.of[size_t(beam.current)][size_t(beam.form)][size_t(beam.matched)] == token) {
    place(beam.current, beam.form, beam.matched + 1);
    return next;
  }
  // Not (or no longer) inside a term: does this token start one not placed yet?
  for (size_t c = 0; c < forms.of.size(); ++c)
    if (next.starts[c] < 0)
      for (size_t f = 0; f < forms.of[c].size(); ++f)
        if (forms.of[c][f][0] == token && forms.mayStart(f, beam.tokens)) {
          place(int64_t(c), int64_t(f), 1);
          return next;
        }
  return next;
}

}  // namespace

std::vector<ConstrainedHypothesis> constrainedSearch(Transformer& model, const torch::Tensor& src,
                                                     const std::vector<std::vector<int64_t>>& terms,
                                                     const DecodingOptions& options,
                                                     const TermForms* term_forms) {
  options.validate();
  if (src.size(0) != 1) throw std::invalid_argument("constrainedSearch decodes one sentence at a time");
  torch::NoGradGuard no_grad;
  const ScopedHeadMask head_mask(model, options.head_mask);
  const auto& o = model->options();
  const int64_t V = o.vocab_size;
  Forms forms;
  int64_t total = 0;  // pieces of all terms (each its longest form's)
  for (size_t c = 0; c < terms.size(); ++c) {
    forms.of.push_back({terms[c]});
    if (term_forms && c < term_forms->alternatives.size() && !term_forms->alternatives[c].empty() &&
        term_forms->alternatives[c] != terms[c])
      forms.of.back().push_back(term_forms->alternatives[c]);
    forms.closed.push_back(term_forms && c < term_forms->closed.size() && term_forms->closed[c]);
    const bool whole = term_forms && c < term_forms->whole.size() && term_forms->whole[c] &&
                       int64_t(term_forms->distinctive.size()) == V;
    forms.commit.emplace_back();
    for (const auto& form : forms.of.back()) {
      int64_t after = 0;
      if (whole && term_forms->distinctive[size_t(form[0])])
        after = 1;
      else if (whole && form.size() > 1 && term_forms->distinctive[size_t(form[1])])
        after = 2;
      forms.commit.back().push_back(after);
    }
    int64_t weight = 0;
    for (const auto& form : forms.of.back()) {
      if (form.empty()) throw std::invalid_argument("a glossary term has no output piece");
      for (const auto token : form)
        if (token < 0 || token >= V || token == o.eos_id || token == o.bos_id || token == o.pad_id)
          throw std::invalid_argument("a glossary term holds " + std::to_string(token) +
                                      ", which is not an output piece of this model");
      weight = std::max<int64_t>(weight, int64_t(form.size()));
    }
    forms.weight.push_back(weight);
    total += weight;
  }
  if (term_forms && int64_t(term_forms->word_final.size()) == V) forms.word_final = &term_forms->word_final;
  const int64_t K = total > 0 ? std::max<int64_t>(options.beam_size, total + 1) : options.beam_size;
  const int64_t width = std::min<int64_t>(2 * K, V);
  const int64_t source_length = src.ne(o.pad_id).sum().item<int64_t>();
  const int64_t max_length = std::min<int64_t>(
      std::max<int64_t>({maxOutputLength(options, source_length, decodingMaxLength(model, options.ensemble)),
                         int64_t(options.prefix.size()) + 1, total + 1}),
      decodingMaxLength(model, options.ensemble) - 1);
  const int64_t min_length = std::min<int64_t>(
      std::max<int64_t>(options.min_length, int64_t(std::ceil(options.min_length_ratio * double(source_length)))),
      max_length - 1);
  for (const auto token : options.prefix)
    if (token < 0 || token >= V || token == o.eos_id)
      throw std::invalid_argument("invalid decoding option 'prefix': token " + std::to_string(token) +
                                  " is not an output piece of this model");

  torch::Tensor joins;  // the pieces that may not follow a term that ends a word (TermForms), as a mask
  if (term_forms && int64_t(term_forms->joins.size()) == V) {
    joins = torch::zeros({V}, torch::kBool);
    auto joins_a = joins.accessor<bool, 1>();
    for (int64_t v = 0; v < V; ++v) joins_a[v] = term_forms->joins[size_t(v)];
  }

  // K rows always (dead ones have log P = -inf); one sentence: the memory is the same for each.
  std::vector<int64_t> term_pieces;  // kept in a shortlist's output
  for (const auto& term : forms.of)
    for (const auto& form : term) term_pieces.insert(term_pieces.end(), form.begin(), form.end());
  StepDecoder decoder(model, src, K, options, max_length, term_pieces);
  std::vector<Beam> beams(static_cast<size_t>(K));
  for (auto& b : beams) {
    b.starts.assign(terms.size(), -1);
    b.lengths.assign(terms.size(), 0);
  }
  beams[0].log_p = 0.0;
  std::vector<int64_t> last(static_cast<size_t>(K), o.bos_id);
  std::vector<ConstrainedHypothesis> finished;

  auto toHypothesis = [&](const Beam& b, bool ended, float eos_logp) {
    ConstrainedHypothesis h;
    h.hypothesis.tokens = b.tokens;
    for (float lp : b.logps) h.hypothesis.probabilities.push_back(std::exp(lp));
    h.hypothesis.log_probability = ended ? double(float(b.log_p) + eos_logp) : b.log_p;
    if (ended) h.hypothesis.probabilities.push_back(std::exp(eos_logp));
    h.hypothesis.finished = ended;
    h.hypothesis.score =
        h.hypothesis.log_probability / lengthPenalty(options.length_penalty, b.tokens.size() + (ended ? 1 : 0));
    h.term_starts = b.starts;
    h.term_lengths = b.lengths;
    for (size_t c = 0; c < terms.size(); ++c)
      if (b.starts[c] < 0) h.term_lengths[c] = int64_t(terms[c].size());
    return h;
  };

  for (int64_t step = 0; step < max_length; ++step) {
    auto logp = decoder.logProbabilities(last);  // [K, V]
    auto logp_a = logp.accessor<float, 2>();
    const bool forced = step < int64_t(options.prefix.size());

    // The candidates: each live row's best continuations, and the term pieces it could place next.
    std::vector<Candidate> candidates;
    std::vector<bool> seen;
    for (int64_t r = 0; r < K; ++r) {
      const Beam& b = beams[size_t(r)];
      if (!std::isfinite(b.log_p)) continue;
      const float alive = float(b.log_p);
      const bool may_end = step >= min_length && b.placed == total && b.current < 0;
      auto add = [&](int64_t token) {
        if (token == o.eos_id && !may_end) return;
        if (!forced && b.word_ended && joins.defined() && term_forms->joins[size_t(token)]) return;
        for (const auto& c : candidates)
          if (c.row == r && c.token == token) return;
        candidates.push_back({r, token, alive + logp_a[r][token]});
      };
      if (forced) {
        add(options.prefix[size_t(step)]);
        continue;
      }
      const int64_t commit = b.current >= 0 ? forms.commit[size_t(b.current)][size_t(b.form)] : 0;
      if (commit > 0 && b.matched >= commit) {  // begun: the rest of it
        add(forms.of[size_t(b.current)][size_t(b.form)][size_t(b.matched)]);
        continue;
      }
      auto row = logp[r];
      if (b.word_ended && joins.defined())
        row = row.masked_fill(joins, -std::numeric_limits<float>::infinity());
      auto [values, index] = row.topk(std::min<int64_t>(width, V));
      auto index_a = index.accessor<int64_t, 1>();
      for (int64_t j = 0; j < index.size(0); ++j) add(index_a[j]);
      if (b.current >= 0) add(forms.of[size_t(b.current)][size_t(b.form)][size_t(b.matched)]);
      for (size_t c = 0; c < terms.size(); ++c)
        if (b.starts[c] < 0 && int64_t(c) != b.current)
          for (size_t f = 0; f < forms.of[c].size(); ++f)
            if (forms.mayStart(f, b.tokens)) add(forms.of[c][f][0]);
    }
    if (candidates.empty()) break;
    std::stable_sort(candidates.begin(), candidates.end(),
                     [](const Candidate& a, const Candidate& b) { return a.score > b.score; });

    // Banks: 0 .. total pieces placed; each gets K / (total + 1) slots, the
    // fullest banks the remainder; unused slots go to the best of the rest.
    const int64_t banks = total + 1;
    std::vector<int64_t> quota(size_t(banks), K / banks);
    for (int64_t extra = K % banks, b = banks - 1; extra > 0; --extra, --b) ++quota[size_t(b)];
    std::vector<Beam> next;
    std::vector<int64_t> parents;
    std::vector<float> scores_of;  // each kept candidate's score
    std::vector<bool> taken(candidates.size(), false);
    for (size_t j = 0; j < candidates.size(); ++j) {
      const auto& c = candidates[j];
      const Beam& parent = beams[size_t(c.row)];
      if (c.token == o.eos_id) {
        // An end among the best K candidates (or within the full bank's share) finishes a hypothesis.
        if (int64_t(j) < K || (total > 0 && quota[size_t(total)] > 0)) {
          finished.push_back(toHypothesis(parent, true, logp_a[c.row][c.token]));
          if (int64_t(j) >= K) --quota[size_t(total)];
        }
        taken[j] = true;
        continue;
      }
      if (int64_t(next.size()) >= K) continue;
      Beam b = advance(parent, c.token, logp_a[c.row][c.token], forms);
      if (quota[size_t(b.bank())] <= 0) continue;
      --quota[size_t(b.bank())];
      next.push_back(std::move(b));
      parents.push_back(c.row);
      scores_of.push_back(c.score);
      taken[j] = true;
    }
    for (size_t j = 0; j < candidates.size() && int64_t(next.size()) < K; ++j) {
      if (taken[j]) continue;
      const auto& c = candidates[j];
      next.push_back(advance(beams[size_t(c.row)], c.token, logp_a[c.row][c.token], forms));
      parents.push_back(c.row);
      scores_of.push_back(c.score);
    }
    // Kept in score order, so that row 0 is the best live one (as beamSearch keeps them).
    std::vector<size_t> order(next.size());
    std::iota(order.begin(), order.end(), size_t(0));
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return scores_of[a] > scores_of[b]; });

    const int64_t live = int64_t(next.size());
    bool settled = false;
    if (live > 0 && int64_t(finished.size()) >= options.nbest) {
      std::vector<double> scores;
      for (const auto& h : finished) scores.push_back(h.hypothesis.score);
      std::nth_element(scores.begin(), scores.begin() + (options.nbest - 1), scores.end(), std::greater<>());
      const double bound = next[order[0]].log_p / lengthPenalty(options.length_penalty, size_t(max_length));
      settled = scores[size_t(options.nbest - 1)] >= bound;
    }
    if (settled || live == 0) break;
    if (step + 1 >= max_length) {
      // Cut at the maximum length: the live ones become unfinished
      // hypotheses, those that placed more term pieces first (with terms,
      // only when no hypothesis placed them all and ended).
      if (total == 0 || finished.empty()) {
        std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
          return next[a].placed != next[b].placed ? next[a].placed > next[b].placed
                                                  : next[a].log_p > next[b].log_p;
        });
        for (size_t i = 0; i < order.size(); ++i)
          finished.push_back(toHypothesis(next[order[i]], false, 0.0f));
      }
      break;
    }
    std::vector<Beam> rows(static_cast<size_t>(K));
    std::vector<int64_t> index(size_t(K), parents.empty() ? 0 : parents[order[0]]);
    for (size_t i = 0; i < order.size(); ++i) {
      rows[i] = std::move(next[order[i]]);
      index[i] = parents[order[i]];
      last[i] = rows[i].tokens.back();
    }
    for (size_t i = order.size(); i < size_t(K); ++i) {
      rows[i].starts.assign(terms.size(), -1);
      rows[i].lengths.assign(terms.size(), 0);
      last[i] = o.pad_id;
    }
    beams = std::move(rows);
    decoder.reorder(index, std::vector<int64_t>(size_t(K), 0));
  }

  // Those that placed more terms first (only hypotheses cut at the maximum
  // length can lack one), then by score.
  auto placedTerms = [](const ConstrainedHypothesis& h) {
    return std::count_if(h.term_starts.begin(), h.term_starts.end(), [](int64_t s) { return s >= 0; });
  };
  std::stable_sort(finished.begin(), finished.end(), [&](const ConstrainedHypothesis& a, const ConstrainedHypothesis& b) {
    const auto pa = placedTerms(a), pb = placedTerms(b);
    return pa != pb ? pa > pb : a.hypothesis.score > b.hypothesis.score;
  });
  if (int64_t(finished.size()) > options.nbest) finished.resize(size_t(options.nbest));
  return finished;
}

}  // namespace studio::model
