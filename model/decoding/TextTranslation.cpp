#include "model/decoding/TextTranslation.h"

#include <algorithm>
#include <tuple>
#include <unordered_map>

namespace studio::model {

int64_t maxSourcePieces(const Translator& translator) {
  return std::max<int64_t>(1, translator.maxLength() - 1);
}

SegmentedText segmentText(const Translator& translator, std::string_view text, data::SplitMode mode) {
  SegmentedText out;
  const int64_t limit = maxSourcePieces(translator);
  const auto& tokenizer = translator.tokenizer();
  const auto count = [&](std::string_view s) { return int64_t(tokenizer.encode(std::string(s)).size()); };
  const auto sentences = data::splitSentences(text, mode);
  out.sentences = sentences.size();
  for (size_t i = 0; i < sentences.size(); ++i) {
    const auto& sentence = sentences[i];
    const int64_t pieces = count(sentence.text);
    if (pieces <= limit) {
      out.segments.push_back({sentence.text, sentence.separator, i, 0, 1, sentence.begin, sentence.end});
      continue;
    }
    const auto fitted = data::fitSentence(sentence.text, limit, count);
    for (size_t p = 0; p < fitted.parts.size(); ++p)
      out.segments.push_back(
          {fitted.parts[p], p == 0 ? sentence.separator : " ", i, p, fitted.parts.size(), sentence.begin, sentence.end});
    std::string where = sentence.text.substr(0, 40);
    while (!where.empty() && (static_cast<unsigned char>(where.back()) & 0xC0) == 0x80) where.pop_back();
    if (!where.empty() && static_cast<unsigned char>(where.back()) >= 0xC0) where.pop_back();  // no half character
    out.notices.push_back("sentence " + std::to_string(i + 1) + " (\"" + where + "…\") has " + std::to_string(pieces) +
                          " pieces, more than the model's " + std::to_string(limit) + ": translated in " +
                          std::to_string(fitted.parts.size()) + " parts, cut " +
                          (fitted.at_clauses ? "at clause boundaries" : "between words"));
  }
  return out;
}

size_t SegmentedText::segmentAt(size_t offset) const {
  size_t found = 0;
  for (size_t i = 0; i < segments.size() && segments[i].begin <= offset; ++i)
    if (i == 0 || segments[i].sentence != segments[i - 1].sentence) found = i;
  return found;
}

size_t TextTranslation::nbest() const {
  size_t n = 0;
  for (const auto& list : segments) n = std::max(n, list.size());
  return n;
}

Translation TextTranslation::joined(size_t k) const {
  Translation out;
  if (segments.empty()) return out;
  out.finished = true;
  double score_sum = 0;
  size_t scored = 0;
  const Translation* last = nullptr;
  for (size_t s = 0; s < segments.size() && s < source.segments.size(); ++s) {
    const auto& list = segments[s];
    if (list.empty()) continue;
    const Translation& t = list[std::min(k, list.size() - 1)];
    out.text += (scored == 0 ? "" : source.segments[s].separator) + t.text;
    for (auto term : t.terms) {  // where each glossary term landed, in the whole text's pieces and bytes
      if (term.start >= 0) term.start += int64_t(out.pieces.size());
      term.source_begin += source.segments[s].begin;
      term.source_end += source.segments[s].begin;
      out.terms.push_back(std::move(term));
    }
    if (!t.terms.empty()) {
      out.unconstrained_text += t.unconstrained_text;
      out.unconstrained_score += t.unconstrained_score;
    }
    out.pieces.insert(out.pieces.end(), t.pieces.begin(), t.pieces.end());
    out.ids.insert(out.ids.end(), t.ids.begin(), t.ids.end());
    // Each piece's probability; the end's only for the last segment.
    out.probabilities.insert(out.probabilities.end(), t.probabilities.begin(),
                             t.probabilities.begin() + long(std::min(t.pieces.size(), t.probabilities.size())));
    out.log_probability += t.log_probability;
    score_sum += t.score;
    ++scored;
    out.finished = out.finished && t.finished;
    last = &t;
  }
  if (last && last->finished && last->probabilities.size() > last->pieces.size())
    out.probabilities.push_back(last->probabilities.back());
  if (!last) out.finished = false;
  out.score = scored ? score_sum / double(scored) : 0.0;
  return out;
}

std::vector<TextTranslation> translateTexts(const Translator& translator, const std::vector<std::string>& texts,
                                            const DecodingOptions& options, data::SplitMode mode,
                                            int64_t max_tokens, const std::function<void(size_t, size_t)>& progress,
                                            bool traces, TranslationMemo* memo) {
  if (traces) memo = nullptr;
  std::vector<TextTranslation> out(texts.size());
  // Every segment in one list; those that start a text apart when a prefix
  // is forced (it belongs to the first sentence only).
  std::vector<std::string> plain, first;
  std::vector<std::pair<size_t, size_t>> plain_at, first_at;  // (text, segment)
  // A sentence that comes again (a repeated line, a recurring message) is
  // decoded once: its copies are (text, segment, index in plain).
  std::unordered_map<std::string, size_t> plain_index;
  std::vector<std::tuple<size_t, size_t, size_t>> copies;
  for (size_t t = 0; t < texts.size(); ++t) {
    out[t].source = segmentText(translator, texts[t], mode);
    const auto& segments = out[t].source.segments;
    out[t].segments.resize(segments.size());
    if (traces) out[t].traces.resize(segments.size());
    for (size_t s = 0; s < segments.size(); ++s) {
      const bool prefixed = s == 0 && !options.prefix.empty();
      if (memo && !prefixed) {
        const auto found = memo->entries.find(segments[s].text);
        if (found != memo->entries.end()) {
          out[t].segments[s] = found->second;
          continue;
        }
      }
      if (prefixed) {
        first.push_back(segments[s].text);
        first_at.emplace_back(t, s);
        continue;
      }
      const auto [at, added] = plain_index.emplace(segments[s].text, plain.size());
      if (!added) {
        copies.emplace_back(t, s, at->second);
        continue;
      }
      plain.push_back(segments[s].text);
      plain_at.emplace_back(t, s);
    }
  }
  const size_t total = plain.size() + first.size();
  auto run = [&](const std::vector<std::string>& sentences, const std::vector<std::pair<size_t, size_t>>& at,
                 const DecodingOptions& o, size_t done_before) {
    if (sentences.empty()) return;
    std::vector<BeamTrace> found;
    auto results = translator.translate(
        sentences, o, max_tokens,
        progress ? std::function<void(size_t, size_t)>([&](size_t done, size_t) { progress(done_before + done, total); })
                 : nullptr,
        traces ? &found : nullptr);
    for (size_t i = 0; i < at.size(); ++i) {
      if (memo && o.prefix.empty()) {
        if (memo->entries.size() >= memo->capacity) memo->entries.clear();
        memo->entries[sentences[i]] = results[i];
      }
      out[at[i].first].segments[at[i].second] = std::move(results[i]);
      if (traces) out[at[i].first].traces[at[i].second] = std::move(found[i]);
    }
  };
  DecodingOptions without_prefix = options;
  without_prefix.prefix.clear();
  run(first, first_at, options, 0);
  run(plain, plain_at, without_prefix, first.size());
  for (const auto& [t, s, i] : copies) {
    const auto [from_text, from_segment] = plain_at[i];
    out[t].segments[s] = out[from_text].segments[from_segment];
    if (traces) out[t].traces[s] = out[from_text].traces[from_segment];
  }
  return out;
}

}  // namespace studio::model
