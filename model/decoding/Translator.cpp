#include "model/decoding/Translator.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <numeric>

#include "model/decoding/ConstrainedSearch.h"
#include "model/files/ModelFile.h"
#include "model/training/MixedPrecision.h"

namespace studio::model {

namespace fs = std::filesystem;

namespace {

// Whether a piece, written right after a word, would run on into it: no
// word start, and a letter or digit of any script, '/', '_' or '@' first.
bool runsOn(const std::string& piece) {
  if (piece.empty() || piece.rfind(data::kWordStart, 0) == 0 || piece.front() == '<') return false;
  const auto c = static_cast<unsigned char>(piece.front());
  if (c >= 0x80)
    return c >= 0xC3 && c < 0xE2;  // Latin letters with marks and the scripts after them, no punctuation
  return std::isalnum(c) || c == '/' || c == '_' || c == '@';
}

// Whether a piece holds two characters or more besides its word start.
bool distinctive(const std::string& piece) {
  if (piece.empty() || piece.front() == '<') return false;
  const std::string text =
      piece.rfind(data::kWordStart, 0) == 0 ? piece.substr(data::kWordStart.size()) : piece;
  size_t characters = 0;
  for (const char c : text) characters += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  return characters >= 2;
}

// Whether a piece ends in a letter or a digit of any script (a special piece does not).
bool endsWord(const std::string& piece) {
  if (piece.empty() || piece.front() == '<' || piece == data::kWordStart) return false;
  size_t last = piece.size() - 1;
  while (last > 0 && (static_cast<unsigned char>(piece[last]) & 0xC0) == 0x80) --last;
  const auto c = static_cast<unsigned char>(piece[last]);
  if (c >= 0x80) return c >= 0xC3 && c < 0xE2;  // as runsOn(): letters, not punctuation
  return std::isalnum(c) != 0;
}

}  // namespace

std::string findSentencePieceModel(const std::string& model_path, const std::string& spm_path) {
  std::error_code ec;
  if (!spm_path.empty()) {
    if (!fs::is_regular_file(spm_path, ec)) throw data::TokenizerError("SentencePiece model '" + spm_path + "' does not exist");
    return spm_path;
  }
  const fs::path dir = fs::path(model_path).parent_path();
  for (const fs::path& candidate : {dir / "spm.model", dir.parent_path() / "spm.model"})
    if (fs::is_regular_file(candidate, ec)) return candidate.string();
  throw data::TokenizerError("no spm.model beside '" + model_path + "' or in its parent folder; give one with --spm");
}

Translator::Translator(Transformer model, std::shared_ptr<const data::Tokenizer> tokenizer, torch::Device device)
    : model_(std::move(model)), tokenizer_(std::move(tokenizer)), device_(device) {
  model_->to(device_);
  model_->eval();
  if (tokenizer_->vocabSize() != model_->options().vocab_size)
    throw data::TokenizerError("the SentencePiece model '" + tokenizer_->path() + "' has " +
                               std::to_string(tokenizer_->vocabSize()) + " pieces but the model expects " +
                               std::to_string(model_->options().vocab_size));
}

Translator Translator::fromFiles(const std::string& model_path, const std::string& spm_path,
                                 const torch::Device& device) {
  auto model = loadModel(model_path, device);
  auto tokenizer = std::make_shared<const data::Tokenizer>(findSentencePieceModel(model_path, spm_path));
  return Translator(model, tokenizer, device);
}

void Translator::setEnsemble(std::vector<Transformer> members) {
  for (auto& m : members) {
    m->to(device_);
    m->eval();
  }
  checkEnsemble(model_, members);
  ensemble_ = std::move(members);
  weights_.clear();  // weights were for the ensemble before
}

void Translator::addToEnsemble(const std::string& model_path) {
  std::string spm;
  try {
    spm = findSentencePieceModel(model_path);
  } catch (const data::TokenizerError&) {
    // None beside it: it is taken to be this translator's (checked below by its vocabulary size).
  }
  if (!spm.empty() && fs::weakly_canonical(spm) != fs::weakly_canonical(tokenizer_->path())) {
    const data::Tokenizer theirs(spm);
    if (theirs.vocabSize() != tokenizer_->vocabSize())
      throw data::TokenizerError("'" + model_path + "' cannot join the ensemble: its SentencePiece model '" +
                                 spm + "' has " + std::to_string(theirs.vocabSize()) + " pieces, '" +
                                 tokenizer_->path() + "' " + std::to_string(tokenizer_->vocabSize()));
    for (int id = 0; id < theirs.vocabSize(); ++id)
      if (theirs.piece(id) != tokenizer_->piece(id))
        throw data::TokenizerError("'" + model_path +
                                   "' cannot join the ensemble: its SentencePiece model '" + spm +
                                   "' has piece " + std::to_string(id) + " '" + theirs.piece(id) +
                                   "' where '" + tokenizer_->path() + "' has '" + tokenizer_->piece(id) +
                                   "' (an ensemble's models are trained on one data folder's pieces)");
  }
  auto member = loadModel(model_path, device_);
  auto members = ensemble_;
  members.push_back(member);
  try {
    setEnsemble(std::move(members));
  } catch (const std::invalid_argument& e) {
    throw std::invalid_argument("'" + model_path + "': " + e.what());
  }
}

void Translator::setEnsembleWeights(std::vector<double> weights) {
  DecodingOptions check;
  check.ensemble = ensemble_;
  check.ensemble_weights = weights;
  check.validate();
  weights_ = std::move(weights);
}

int64_t Translator::maxLength() const { return decodingMaxLength(model_, ensemble_); }

namespace {

// Running out of memory is the batch's doing: say which and what to lower.
std::runtime_error outOfMemory(const torch::Device& device, int64_t sentences, int64_t longest, int64_t beam,
                               int64_t max_tokens) {
  return std::runtime_error("out of memory on " + device.str() + " translating a batch of " +
                            std::to_string(sentences) + " sentence(s) of up to " + std::to_string(longest) +
                            " tokens with beam " + std::to_string(beam) + ": lower the beam size or the batch's " +
                            "token budget (now " + std::to_string(max_tokens) + "), or translate on the CPU");
}

}  // namespace

std::vector<int64_t> Translator::encodeSource(const std::string& sentence) const {
  const auto ids = tokenizer_->encode(sentence);
  const auto limit = size_t(std::max<int64_t>(1, maxLength() - 1));
  std::vector<int64_t> out(ids.begin(), ids.begin() + long(std::min(ids.size(), limit)));
  out.push_back(model_->options().eos_id);
  return out;
}

std::vector<int64_t> Translator::encodeTarget(const std::string& text, const std::string& what) const {
  const auto ids = tokenizer_->encode(text);
  const auto limit = size_t(std::max<int64_t>(0, maxLength() - 2));
  if (ids.size() > limit)
    throw std::invalid_argument(what + " has " + std::to_string(ids.size()) +
                                " pieces; this model writes at most " + std::to_string(limit));
  return {ids.begin(), ids.end()};
}

std::vector<std::vector<Translation>> Translator::translate(
    const std::vector<std::string>& sentences, const DecodingOptions& options, int64_t max_tokens,
    const std::function<void(size_t, size_t)>& progress, std::vector<BeamTrace>* traces) const {
  DecodingOptions with_ensemble;
  const bool members = !ensemble_.empty();
  if (members) {
    with_ensemble = options;
    with_ensemble.ensemble.insert(with_ensemble.ensemble.end(), ensemble_.begin(), ensemble_.end());
    if (options.ensemble.empty()) with_ensemble.ensemble_weights = weights_;
  }
  const DecodingOptions& run = members ? with_ensemble : options;
  run.validate();
  if (traces) traces->assign(sentences.size(), BeamTrace());
  const auto& o = model_->options();
  std::vector<std::vector<int64_t>> sources;
  sources.reserve(sentences.size());
  for (const auto& s : sentences) sources.push_back(encodeSource(s));
  std::vector<size_t> order(sentences.size());
  std::iota(order.begin(), order.end(), size_t(0));
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t a, size_t b) { return sources[a].size() < sources[b].size(); });

  std::vector<std::vector<Translation>> out(sentences.size());
  // Decoding holds a row a hypothesis (the beam, or the samples): budget the batch accordingly.
  const int64_t budget = std::max<int64_t>(1, max_tokens / std::max<int64_t>(1, run.rowsPerSentence()));
  size_t start = 0;
  while (start < order.size()) {
    size_t end = start;
    int64_t longest = 0;
    while (end < order.size()) {
      const auto len = int64_t(sources[order[end]].size());
      if (end > start && int64_t(end - start + 1) * std::max(longest, len) > budget) break;
      longest = std::max(longest, len);
      ++end;
    }
    const auto B = int64_t(end - start);
    auto src = torch::full({B, longest}, o.pad_id, torch::kLong);
    auto acc = src.accessor<int64_t, 2>();
    for (int64_t b = 0; b < B; ++b) {
      const auto& ids = sources[order[start + size_t(b)]];
      for (size_t t = 0; t < ids.size(); ++t) acc[b][int64_t(t)] = ids[t];
    }
    std::vector<std::vector<Hypothesis>> results;
    std::vector<BeamTrace> batch_traces;
    try {
      AutocastScope autocast(run.bf16, device_, torch::kBFloat16);
      results = beamSearch(model_, src.to(device_), run, traces ? &batch_traces : nullptr);
    } catch (const c10::OutOfMemoryError&) {
      throw outOfMemory(device_, B, longest, run.rowsPerSentence(), max_tokens);
    } catch (const std::bad_alloc&) {
      throw outOfMemory(device_, B, longest, run.rowsPerSentence(), max_tokens);
    }
    for (int64_t b = 0; b < B; ++b) {
      if (traces) (*traces)[order[start + size_t(b)]] = std::move(batch_traces[size_t(b)]);
      auto& list = out[order[start + size_t(b)]];
      for (const auto& hyp : results[size_t(b)]) list.push_back(toTranslation(hyp));
    }
    start = end;
    if (progress) progress(start, order.size());
  }
  if ((run.glossary && !run.glossary->terms.empty()) || run.verbatim != 0)
    applyConstraints(sentences, sources, run, out);
  return out;
}

Translation Translator::toTranslation(const Hypothesis& hyp, const std::vector<Rewrite>& rewrites) const {
  Translation t;
  std::vector<int> ids(hyp.tokens.begin(), hyp.tokens.end());
  t.text = rewrites.empty() ? tokenizer_->decode(ids) : rewrittenText(ids, rewrites);
  for (int id : ids) t.pieces.push_back(tokenizer_->piece(id));
  t.ids = hyp.tokens;
  t.probabilities = hyp.probabilities;
  t.score = hyp.score;
  t.log_probability = hyp.log_probability;
  t.finished = hyp.finished;
  return t;
}

std::string Translator::rewrittenText(const std::vector<int>& ids, std::vector<Rewrite> rewrites) const {
  std::sort(rewrites.begin(), rewrites.end(),
            [](const Rewrite& a, const Rewrite& b) { return a.start < b.start; });
  const int unk = int(model_->options().unk_id);
  auto startsWord = [&](int id) {
    return id == unk || tokenizer_->piece(id).rfind(data::kWordStart, 0) == 0;
  };
  std::string text;
  auto append = [&](const std::string& part, bool word_start) {
    if (part.empty()) return;
    if (word_start && !text.empty() && text.back() != ' ') text += ' ';
    text += part;
  };
  size_t at = 0;
  for (const auto& r : rewrites) {
    const auto begin = size_t(r.start), end = begin + size_t(r.length);
    if (begin < at || end > ids.size()) continue;  // overlapping or outside: left as decoded
    if (begin > at)
      append(tokenizer_->decode({ids.begin() + long(at), ids.begin() + long(begin)}), startsWord(ids[at]));
    append(r.text, startsWord(ids[begin]));
    at = end;
  }
  if (at < ids.size()) append(tokenizer_->decode({ids.begin() + long(at), ids.end()}), startsWord(ids[at]));
  return text;
}

std::vector<int64_t> Translator::verbatimPieces(const std::string& text, bool inside_word) const {
  auto ids = encodeTarget(text, "the verbatim text '" + text + "'");
  if (!inside_word || ids.empty()) return ids;
  const std::string first = tokenizer_->piece(int(ids[0]));
  if (first == data::kWordStart) {  // a word start of its own: the rest is the word's inside
    ids.erase(ids.begin());
    return ids;
  }
  if (first.rfind(data::kWordStart, 0) != 0) return ids;
  // "▁abc" written inside a word: "abc" as one piece, or the longest pieces that make it.
  const std::string rest = first.substr(data::kWordStart.size());
  std::vector<int64_t> inside;
  for (size_t i = 0; i < rest.size();) {
    size_t length = rest.size() - i;
    int id = -1;
    for (; length > 0; --length) {
      if (i + length < rest.size() && (static_cast<unsigned char>(rest[i + length]) & 0xC0) == 0x80) continue;
      id = tokenizer_->pieceId(rest.substr(i, length));
      if (id >= 0) break;
    }
    if (id < 0) return ids;  // a character with no piece of its own: as a word start after all
    inside.push_back(id);
    i += length;
  }
  inside.insert(inside.end(), ids.begin() + 1, ids.end());
  return inside;
}

void Translator::applyConstraints(const std::vector<std::string>& sentences,
                                  const std::vector<std::vector<int64_t>>& sources,
                                  const DecodingOptions& options,
                                  std::vector<std::vector<Translation>>& out) const {
  const auto unknown = model_->options().unk_id;
  const auto writable = [&](std::string_view character) {
    const auto ids = tokenizer_->encode(std::string(character));
    return std::find(ids.begin(), ids.end(), int(unknown)) == ids.end();
  };
  const auto limit = std::max<int64_t>(0, maxLength() - 2);
  TermForms forms;  // the pieces that would run on into a verbatim span (filled when first needed)
  for (size_t i = 0; i < sentences.size(); ++i) {
    const auto matches =
        options.glossary ? matchGlossary(*options.glossary, sentences[i]) : std::vector<TermMatch>();
    std::vector<VerbatimSpan> spans;
    if (options.verbatim != 0) {
      for (const auto& span : findVerbatimSpans(sentences[i], options.verbatim, writable)) {
        const bool in_term = std::any_of(matches.begin(), matches.end(), [&](const TermMatch& m) {
          return span.begin < m.end && m.begin < span.end;
        });
        if (!in_term) spans.push_back(span);
      }
    }
    const std::string free_text = out[i].empty() ? "" : out[i][0].text;
    if (matches.empty() && (spans.empty() || keepsVerbatim(sentences[i], spans, free_text))) continue;
    std::vector<std::vector<int64_t>> terms;
    int64_t pieces = 0;
    for (const auto& m : matches) {
      const auto& term = options.glossary->terms[m.term];
      const auto& glossary = *options.glossary;
      const std::string where = (glossary.path.empty() ? std::string("glossary") : glossary.path) + ":" +
                                std::to_string(term.line) + ": '" + term.target + "'";
      try {
        terms.push_back(encodeTarget(term.target, "the term"));
      } catch (const std::invalid_argument& e) {
        throw GlossaryError(where + ": " + e.what());
      }
      if (std::find(terms.back().begin(), terms.back().end(), unknown) != terms.back().end())
        throw GlossaryError(where + " has characters this model's vocabulary cannot write (SentencePiece makes "
                                    "them <unk>)");
      pieces += int64_t(terms.back().size());
    }
    // The spans that fit beside the terms in what the model writes (a span
    // that cannot fit is left as the model translates it).
    // Each is offered as a word of its own and inside a word (after a bracket, a quote).
    std::vector<VerbatimSpan> kept;
    forms.alternatives.assign(terms.size(), {});
    for (const auto& span : spans) {
      std::vector<int64_t> word, inside;
      try {
        const std::string text = sentences[i].substr(span.begin, span.end - span.begin);
        word = verbatimPieces(text, false);
        inside = verbatimPieces(text, true);
      } catch (const std::invalid_argument&) {
        continue;
      }
      const auto longest = int64_t(std::max(word.size(), inside.size()));
      if (word.empty() || inside.empty() || pieces + longest > limit) continue;
      pieces += longest;
      terms.push_back(std::move(word));
      forms.alternatives.push_back(std::move(inside));
      kept.push_back(span);
    }
    if (matches.empty() && kept.empty()) continue;
    if (!kept.empty() && forms.joins.empty()) {
      const int size = tokenizer_->vocabSize();
      forms.joins.resize(size_t(size));
      forms.word_final.resize(size_t(size));
      forms.distinctive.resize(size_t(size));
      for (int id = 0; id < size; ++id) {
        const std::string piece = tokenizer_->piece(id);
        forms.joins[size_t(id)] = runsOn(piece);
        forms.word_final[size_t(id)] = endsWord(piece);
        forms.distinctive[size_t(id)] = distinctive(piece);
      }
    }
    forms.closed.assign(matches.size(), false);
    forms.closed.resize(terms.size(), true);
    // A span is placed whole once its first piece of two characters or more
    // ("http", "▁nguyen") is written; a piece of one character ("%", "▁1")
    // is too common to mean the span.
    forms.whole.assign(matches.size(), false);
    forms.whole.resize(terms.size(), true);
    auto src = torch::tensor(sources[i], torch::kLong).unsqueeze(0).to(device_);
    std::vector<ConstrainedHypothesis> results;
    {
      AutocastScope autocast(options.bf16, device_, torch::kBFloat16);
      results = constrainedSearch(model_, src, terms, options, &forms);
    }
    const double free_score = out[i].empty() ? 0.0 : out[i][0].score;
    auto& list = out[i];
    list.clear();
    for (const auto& r : results) {
      std::vector<Rewrite> rewrites;  // each placed span's own text where its pieces landed
      for (size_t k = 0; k < kept.size(); ++k) {
        const auto start = r.term_starts[matches.size() + k];
        if (start >= 0)
          rewrites.push_back({start, r.term_lengths[matches.size() + k],
                              sentences[i].substr(kept[k].begin, kept[k].end - kept[k].begin)});
      }
      Translation t = toTranslation(r.hypothesis, rewrites);
      for (size_t k = 0; k < matches.size(); ++k) {
        const auto& term = options.glossary->terms[matches[k].term];
        t.terms.push_back({matches[k].term, term.source, term.target, 0, matches[k].begin, matches[k].end,
                           r.term_starts[k], int64_t(terms[k].size())});
      }
      for (size_t k = 0; k < kept.size(); ++k) {
        const std::string text = sentences[i].substr(kept[k].begin, kept[k].end - kept[k].begin);
        t.terms.push_back({0, text, text, kept[k].kind, kept[k].begin, kept[k].end,
                           r.term_starts[matches.size() + k], r.term_lengths[matches.size() + k]});
      }
      t.unconstrained_text = free_text;
      t.unconstrained_score = free_score;
      list.push_back(std::move(t));
    }
  }
}

}  // namespace studio::model
