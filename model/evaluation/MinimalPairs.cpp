#include "model/evaluation/MinimalPairs.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstring>
#include <map>
#include <stdexcept>
#include <string_view>

#include "model/data/Text.h"

namespace studio::model {

namespace {

bool isAsciiAlnum(char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0; }
bool isAsciiAlpha(char c) { return std::isalpha(static_cast<unsigned char>(c)) != 0; }
bool isAsciiDigit(char c) { return c >= '0' && c <= '9'; }

std::string lowerAscii(std::string_view text) {
  std::string out(text);
  for (auto& c : out) c = char(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::string upperAscii(std::string_view text) {
  std::string out(text);
  for (auto& c : out) c = char(std::toupper(static_cast<unsigned char>(c)));
  return out;
}

// Punctuation that may stand before or after a word: ASCII's, and the quotes,
// guillemets, dashes and ellipsis of UTF-8 text.
constexpr std::array<std::string_view, 10> kWidePunctuation = {
    "\u201c", "\u201d", "\u2018", "\u2019", "\u00ab", "\u00bb", "\u2026", "\u201e", "\u2014", "\u2013"};

size_t punctuationAt(std::string_view text, size_t i) {
  const auto c = static_cast<unsigned char>(text[i]);
  if (c < 0x80) return std::ispunct(c) ? 1 : 0;
  for (auto mark : kWidePunctuation)
    if (text.substr(i, mark.size()) == mark) return mark.size();
  return 0;
}

size_t punctuationBefore(std::string_view text, size_t end) {
  if (end == 0) return 0;
  const auto c = static_cast<unsigned char>(text[end - 1]);
  if (c < 0x80) return std::ispunct(c) ? 1 : 0;
  for (auto mark : kWidePunctuation)
    if (end >= mark.size() && text.substr(end - mark.size(), mark.size()) == mark) return mark.size();
  return 0;
}

// A word of the text with its punctuation trimmed: [begin, end) bytes of the text.
struct Word {
  size_t begin = 0, end = 0;
  std::string_view in(std::string_view text) const { return text.substr(begin, end - begin); }
};

// The whitespace-separated words, each without the punctuation before and after
// it (a word of punctuation alone is left out).
std::vector<Word> trimmedWords(std::string_view text) {
  std::vector<std::pair<size_t, size_t>> spans;
  data::splitWords(text, &spans);
  std::vector<Word> words;
  for (auto [begin, end] : spans) {
    while (begin < end) {
      const size_t n = punctuationAt(text, begin);
      if (n == 0) break;
      begin += n;
    }
    while (end > begin) {
      const size_t n = punctuationBefore(text.substr(0, end), end);
      if (n == 0) break;
      end -= n;
    }
    if (begin < end) words.push_back({begin, end});
  }
  return words;
}

// Two letters or more, all of them capitals ("NOT", "CAN'T").
bool allCapitals(std::string_view word) {
  size_t letters = 0, capitals = 0;
  for (char c : word)
    if (isAsciiAlpha(c)) {
      ++letters;
      if (std::isupper(static_cast<unsigned char>(c))) ++capitals;
    }
  return letters >= 2 && capitals == letters;
}

// `replacement` written in the case of `model`: all capitals, a capital first, or as it is.
std::string inCaseOf(std::string_view model, const std::string& replacement) {
  if (allCapitals(model)) return upperAscii(replacement);
  std::string out = replacement;
  if (!model.empty() && std::isupper(static_cast<unsigned char>(model[0])) && !out.empty())
    out[0] = char(std::toupper(static_cast<unsigned char>(out[0])));
  return out;
}

std::string replaced(const std::string& text, Word word, const std::string& with) {
  return text.substr(0, word.begin) + with + text.substr(word.end);
}

// --- polarity ---------------------------------------------------------------

bool negatesInVietnamese(std::string_view source) {
  static const std::array<std::string_view, 6> lower = {"không", "chưa", "chẳng", "chả", "đừng", "chớ"};
  static const std::array<std::string_view, 6> upper = {"KHÔNG", "CHƯA", "CHẲNG", "CHẢ", "ĐỪNG", "CHỚ"};
  for (const auto& w : trimmedWords(source)) {
    const auto word = w.in(source);
    std::string folded = lowerAscii(word);  // the ASCII capitals: "Không", "Chưa"
    if (folded.rfind("\u0110", 0) == 0) folded.replace(0, 2, "\u0111");  // "Đừng"
    for (size_t k = 0; k < lower.size(); ++k)
      if (folded == lower[k] || word == upper[k]) return true;
  }
  return false;
}

bool endsWithNt(std::string_view lower) {
  const auto ends = [&](std::string_view tail) {
    return lower.size() > tail.size() + 1 && lower.substr(lower.size() - tail.size()) == tail;
  };
  return ends("n't") || ends("n\u2019t");
}

bool isEnglishNegation(std::string_view word) {
  const auto lower = lowerAscii(word);
  return lower == "not" || lower == "cannot" || lower == "never" || endsWithNt(lower);
}

// The word without its negation: "cannot" -> "can", "won't" -> "will", "isn't" -> "is".
std::string withoutNegation(std::string_view word) {
  const auto lower = lowerAscii(word);
  static const std::map<std::string, std::string> irregular = {
      {"cannot", "can"},      {"can't", "can"},    {"can\u2019t", "can"},   {"won't", "will"},
      {"won\u2019t", "will"}, {"shan't", "shall"}, {"shan\u2019t", "shall"}};
  if (auto it = irregular.find(lower); it != irregular.end()) return inCaseOf(word, it->second);
  const size_t cut = lower.rfind('n', lower.size() - 2);  // before "'t" or "’t"
  return std::string(word.substr(0, cut));
}

// Takes `word` (with the space before it, or after it at the start) out of `text`.
std::string deleted(const std::string& text, Word word) {
  size_t begin = word.begin, end = word.end;
  const bool at_start = begin == 0;
  if (begin > 0 && text[begin - 1] == ' ')
    --begin;
  else if (end < text.size() && text[end] == ' ')
    ++end;
  std::string out = text.substr(0, begin) + text.substr(end);
  if (at_start && !out.empty() && std::isupper(static_cast<unsigned char>(text[0])))
    out[0] = char(std::toupper(static_cast<unsigned char>(out[0])));
  return out;
}

std::optional<MinimalChange> polarityChange(const std::string& source, const std::string& reference) {
  const bool source_negates = negatesInVietnamese(source);
  const auto words = trimmedWords(reference);
  for (const auto& w : words) {
    const auto word = w.in(reference);
    if (!isEnglishNegation(word)) continue;
    if (!source_negates) return std::nullopt;  // a negation the source may not hold
    const auto lower = lowerAscii(word);
    if (lower == "not" || lower == "never")
      return MinimalChange{deleted(reference, w), lower + " deleted", "deleted"};
    const auto base = withoutNegation(word);
    return MinimalChange{replaced(reference, w, base), std::string(word) + " \u2192 " + base, "deleted"};
  }
  if (source_negates) return std::nullopt;  // negated in other words ("Invalid", "Unable")
  static const std::array<std::string_view, 18> auxiliaries = {
      "is",   "are", "was",   "were", "can",  "could", "will", "would", "should",
      "must", "may", "might", "has",  "have", "had",   "does", "do",    "did"};
  for (const auto& w : words) {
    const auto word = w.in(reference);
    const auto lower = lowerAscii(word);
    if (std::find(auxiliaries.begin(), auxiliaries.end(), lower) == auxiliaries.end()) continue;
    if (lower == "can") {
      const auto with = inCaseOf(word, "cannot");
      return MinimalChange{replaced(reference, w, with), std::string(word) + " \u2192 " + with, "added"};
    }
    const std::string negation = allCapitals(word) ? "NOT" : "not";
    return MinimalChange{replaced(reference, w, std::string(word) + " " + negation),
                         negation + " put after " + std::string(word), "added"};
  }
  return std::nullopt;
}

// --- numbers ----------------------------------------------------------------

struct DigitRun {
  size_t begin = 0, end = 0;
};

std::vector<DigitRun> digitRuns(std::string_view text) {
  std::vector<DigitRun> runs;
  for (size_t i = 0; i < text.size();) {
    if (!isAsciiDigit(text[i])) {
      ++i;
      continue;
    }
    size_t end = i;
    while (end < text.size() && isAsciiDigit(text[end])) ++end;
    runs.push_back({i, end});
    i = end;
  }
  return runs;
}

std::optional<MinimalChange> numberChange(const std::string& source, const std::string& reference) {
  std::vector<std::string> in_source;
  for (auto run : digitRuns(source)) in_source.push_back(source.substr(run.begin, run.end - run.begin));
  const auto held = [&](const std::string& number) {
    return std::find(in_source.begin(), in_source.end(), number) != in_source.end();
  };
  for (auto run : digitRuns(reference)) {
    const auto number = reference.substr(run.begin, run.end - run.begin);
    if (!held(number)) continue;
    for (int step = 1; step <= 9; ++step) {
      auto other = number;
      other.back() = char('0' + (other.back() - '0' + step) % 10);
      if (held(other)) continue;  // the source's own other number would not be wrong
      return MinimalChange{reference.substr(0, run.begin) + other + reference.substr(run.end),
                           number + " \u2192 " + other, ""};
    }
  }
  return std::nullopt;
}

// --- agreement --------------------------------------------------------------

std::optional<MinimalChange> agreementChange(const std::string& reference) {
  static const std::map<std::string, std::string> swaps = {{"is", "are"},   {"are", "is"},   {"was", "were"},
                                                           {"were", "was"}, {"has", "have"}, {"have", "has"}};
  for (const auto& w : trimmedWords(reference)) {
    const auto word = w.in(reference);
    const auto it = swaps.find(lowerAscii(word));
    if (it == swaps.end()) continue;
    const auto with = inCaseOf(word, it->second);
    return MinimalChange{replaced(reference, w, with), std::string(word) + " \u2192 " + with, ""};
  }
  return std::nullopt;
}

// --- names ------------------------------------------------------------------

bool mayBeCopied(std::string_view word) {
  if (word.size() < 3) return false;
  bool letter = false;
  for (char c : word) {
    if (isAsciiAlpha(c))
      letter = true;
    else if (!isAsciiAlnum(c) && c != '.' && c != '-' && c != '_')
      return false;
  }
  return letter;
}

std::optional<MinimalChange> nameChange(const std::string& source, const std::string& reference,
                                        const std::vector<std::string>& others) {
  const auto copied = copiedWords(source, reference);
  if (copied.empty()) return std::nullopt;
  std::vector<std::string> here;  // every word of the pair, folded
  for (const auto& w : trimmedWords(source)) here.push_back(lowerAscii(w.in(source)));
  for (const auto& w : trimmedWords(reference)) here.push_back(lowerAscii(w.in(reference)));
  for (const auto& other : others) {
    if (std::find(here.begin(), here.end(), lowerAscii(other)) != here.end()) continue;
    for (const auto& w : trimmedWords(reference))
      if (w.in(reference) == copied.front())
        return MinimalChange{replaced(reference, w, other), copied.front() + " \u2192 " + other, ""};
  }
  return std::nullopt;
}

// --- placeholders -----------------------------------------------------------

std::string placeholderText(const std::string& text, std::pair<size_t, size_t> span) {
  return text.substr(span.first, span.second - span.first);
}

// Another placeholder of the same family that `taken` does not hold: %s <-> %d, %N -> %N+1, {N} -> {N+1}.
std::optional<std::string> otherPlaceholder(const std::string& placeholder,
                                            const std::vector<std::string>& taken) {
  const auto free = [&](const std::string& p) {
    return std::find(taken.begin(), taken.end(), p) == taken.end();
  };
  std::vector<std::string> candidates;
  if (placeholder.front() == '{') {
    const std::string inside = placeholder.substr(1, placeholder.size() - 2);
    const bool number = !inside.empty() && std::all_of(inside.begin(), inside.end(), isAsciiDigit);
    for (int n = number ? std::stoi(inside) + 1 : 0; candidates.size() < 9; ++n)
      candidates.push_back("{" + std::to_string(n) + "}");
  } else if (isAsciiDigit(placeholder[1]) && placeholder.back() != '$' && isAsciiDigit(placeholder.back())) {
    for (int n = std::stoi(placeholder.substr(1)) + 1; candidates.size() < 9; ++n)
      candidates.push_back("%" + std::to_string(n));
  } else {
    candidates = placeholder.back() == 's' ? std::vector<std::string>{"%d", "%u", "%c"}
                                           : std::vector<std::string>{"%s", "%d", "%c"};
  }
  for (const auto& c : candidates)
    if (c != placeholder && free(c)) return c;
  return std::nullopt;
}

std::optional<MinimalChange> placeholderChange(const std::string& source, const std::string& reference) {
  std::vector<std::string> in_source;
  for (auto span : placeholderSpans(source)) in_source.push_back(placeholderText(source, span));
  const auto held = [&](const std::string& p) {
    return std::find(in_source.begin(), in_source.end(), p) != in_source.end();
  };
  std::vector<std::pair<size_t, size_t>> spans;  // the reference's placeholders that the source holds too
  for (auto span : placeholderSpans(reference))
    if (held(placeholderText(reference, span))) spans.push_back(span);
  if (spans.empty()) return std::nullopt;
  // Two that differ: swapped in order (printf reads its arguments in the order written).
  const auto first = placeholderText(reference, spans[0]);
  for (size_t k = 1; k < spans.size(); ++k) {
    const auto second = placeholderText(reference, spans[k]);
    if (second == first) continue;
    std::string wrong = reference.substr(0, spans[0].first) + second +
                        reference.substr(spans[0].second, spans[k].first - spans[0].second) + first +
                        reference.substr(spans[k].second);
    return MinimalChange{wrong, first + " \u2194 " + second, ""};
  }
  const auto other = otherPlaceholder(first, in_source);
  if (!other) return std::nullopt;
  return MinimalChange{reference.substr(0, spans[0].first) + *other + reference.substr(spans[0].second),
                       first + " \u2192 " + *other, ""};
}

}  // namespace

std::vector<std::pair<size_t, size_t>> placeholderSpans(const std::string& text) {
  std::vector<std::pair<size_t, size_t>> spans;
  const auto digits = [&](size_t i) {
    while (i < text.size() && isAsciiDigit(text[i])) ++i;
    return i;
  };
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '{') {
      size_t end = i + 1;
      while (end < text.size() && (isAsciiAlnum(text[end]) || text[end] == '_')) ++end;
      if (end < text.size() && text[end] == '}') {
        spans.emplace_back(i, end + 1);
        i = end;
      }
      continue;
    }
    if (text[i] != '%' || i + 1 >= text.size()) continue;
    if (text[i + 1] == '%') {  // a percent sign written out
      ++i;
      continue;
    }
    // printf: [N$] flags width [.precision] length conversion (not the space flag: "50% left" is text)
    size_t at = i + 1;
    if (const size_t n = digits(at); n > at && n < text.size() && text[n] == '$') at = n + 1;
    while (at < text.size() && std::string_view("-+#0'").find(text[at]) != std::string_view::npos) ++at;
    at = at < text.size() && text[at] == '*' ? at + 1 : digits(at);
    if (at < text.size() && text[at] == '.')
      at = at + 1 < text.size() && text[at + 1] == '*' ? at + 2 : digits(at + 1);
    for (const char* length : {"hh", "ll", "h", "l", "L", "z", "j", "t", "q"})
      if (text.compare(at, std::strlen(length), length) == 0) {
        at += std::strlen(length);
        break;
      }
    if (at < text.size() && std::string_view("diouxXeEfFgGaAcsp").find(text[at]) != std::string_view::npos) {
      spans.emplace_back(i, at + 1);
      i = at;
      continue;
    }
    // Qt: %1 to %99
    if (isAsciiDigit(text[i + 1]) && text[i + 1] != '0') {
      const size_t end = std::min(digits(i + 1), i + 3);
      spans.emplace_back(i, end);
      i = end - 1;
    }
  }
  return spans;
}

const std::vector<MinimalPairKind>& allMinimalPairKinds() {
  static const std::vector<MinimalPairKind> kinds = {MinimalPairKind::Polarity, MinimalPairKind::Numbers,
                                                     MinimalPairKind::Agreement, MinimalPairKind::Names,
                                                     MinimalPairKind::Placeholders};
  return kinds;
}

std::string toString(MinimalPairKind kind) {
  switch (kind) {
    case MinimalPairKind::Polarity:
      return "polarity";
    case MinimalPairKind::Numbers:
      return "numbers";
    case MinimalPairKind::Agreement:
      return "agreement";
    case MinimalPairKind::Names:
      return "names";
    case MinimalPairKind::Placeholders:
      return "placeholders";
  }
  return "?";
}

MinimalPairKind minimalPairKindFromString(const std::string& name) {
  for (auto kind : allMinimalPairKinds())
    if (toString(kind) == name) return kind;
  throw std::invalid_argument("unknown kind of minimal pair '" + name +
                              "' (polarity, numbers, agreement, names, placeholders or all)");
}

std::vector<MinimalPairKind> minimalPairKindsFromList(const std::string& list) {
  if (list == "all") return allMinimalPairKinds();
  std::vector<MinimalPairKind> kinds;
  size_t begin = 0;
  while (begin <= list.size()) {
    const size_t comma = std::min(list.find(',', begin), list.size());
    const auto kind = minimalPairKindFromString(list.substr(begin, comma - begin));
    if (std::find(kinds.begin(), kinds.end(), kind) == kinds.end()) kinds.push_back(kind);
    begin = comma + 1;
  }
  return kinds;
}

std::vector<std::string> copiedWords(const std::string& source, const std::string& reference) {
  std::vector<std::string_view> in_source;
  for (const auto& w : trimmedWords(source)) in_source.push_back(w.in(source));
  std::vector<std::string> copied;
  for (const auto& w : trimmedWords(reference)) {
    const std::string word(w.in(reference));
    if (!mayBeCopied(word) || std::find(copied.begin(), copied.end(), word) != copied.end()) continue;
    if (std::find(in_source.begin(), in_source.end(), word) != in_source.end()) copied.push_back(word);
  }
  return copied;
}

std::optional<MinimalChange> minimalChange(MinimalPairKind kind, const std::string& source,
                                           const std::string& reference,
                                           const std::vector<std::string>& others) {
  if (data::isBlank(source) || data::isBlank(reference)) return std::nullopt;
  switch (kind) {
    case MinimalPairKind::Polarity:
      return polarityChange(source, reference);
    case MinimalPairKind::Numbers:
      return numberChange(source, reference);
    case MinimalPairKind::Agreement:
      return agreementChange(reference);
    case MinimalPairKind::Names:
      return nameChange(source, reference, others);
    case MinimalPairKind::Placeholders:
      return placeholderChange(source, reference);
  }
  return std::nullopt;
}

std::vector<MinimalPair> makeMinimalPairs(const std::vector<std::string>& sources,
                                          const std::vector<std::string>& references,
                                          const std::vector<MinimalPairKind>& kinds) {
  if (sources.size() != references.size())
    throw std::invalid_argument(std::to_string(sources.size()) + " sources but " +
                                std::to_string(references.size()) + " references");
  const bool names = std::find(kinds.begin(), kinds.end(), MinimalPairKind::Names) != kinds.end();
  std::vector<std::string> first_copied(sources.size());  // each line's first copied word, if any
  if (names)
    for (size_t i = 0; i < sources.size(); ++i) {
      const auto copied = copiedWords(sources[i], references[i]);
      if (!copied.empty()) first_copied[i] = copied.front();
    }
  std::vector<MinimalPair> pairs;
  for (auto kind : kinds) {
    std::vector<MinimalPair> added;  // Polarity's pairs with "not" put in, after those with it deleted
    for (size_t i = 0; i < sources.size(); ++i) {
      std::vector<std::string> others;  // the next lines' copied words, round to the start
      if (kind == MinimalPairKind::Names && !first_copied[i].empty())
        for (size_t k = 1; k < sources.size() && others.size() < 16; ++k)
          if (const auto& word = first_copied[(i + k) % sources.size()]; !word.empty())
            others.push_back(word);
      const auto change = minimalChange(kind, sources[i], references[i], others);
      if (!change) continue;
      MinimalPair pair{i + 1, toString(kind), sources[i], references[i], change->wrong, change->change};
      if (!change->variant.empty()) pair.kind += " (" + change->variant + ")";
      (change->variant == "added" ? added : pairs).push_back(std::move(pair));
    }
    pairs.insert(pairs.end(), added.begin(), added.end());
  }
  return pairs;
}

}  // namespace studio::model
