#include "model/decoding/Translator.h"

#include <algorithm>
#include <cctype>

#include "model/decoding/ConstrainedSearch.h"
#include "model/decoding/Verbatim.h"
#include "model/training/MixedPrecision.h"

// The translator's constraints: a glossary's terms and text kept as typed
// (DecodingOptions::glossary, DecodingOptions::verbatim), each sentence that
// needs them decoded again with constrainedSearch(), and the spans' own text
// written where their pieces landed.
namespace studio::model {

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
  const auto writable = [&](std::string_view character) { return tokenizer_->canWrite(character); };
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
        throw GlossaryError(where +
                            " has characters this model's vocabulary cannot write (SentencePiece makes "
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
