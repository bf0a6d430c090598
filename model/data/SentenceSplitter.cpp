#include "model/data/SentenceSplitter.h"

#include <algorithm>
#include <array>
#include <cstddef>

#include "model/data/Text.h"

namespace studio::data {
namespace {

struct CodePoint {
  uint32_t value;
  size_t begin, end;  // bytes in the line
};

// UTF-8 to code points with their byte ranges; a malformed byte reads as
// U+FFFD on its own (the callers check the text first).
std::vector<CodePoint> decode(std::string_view s) {
  std::vector<CodePoint> out;
  out.reserve(s.size());
  size_t i = 0;
  while (i < s.size()) {
    const auto b = static_cast<unsigned char>(s[i]);
    size_t length = b < 0x80 ? 1 : (b >> 5) == 0x6 ? 2 : (b >> 4) == 0xE ? 3 : (b >> 3) == 0x1E ? 4 : 0;
    uint32_t value = length == 1 ? b : length == 2 ? (b & 0x1F) : length == 3 ? (b & 0x0F) : (b & 0x07);
    bool ok = length != 0 && i + length <= s.size();
    for (size_t k = 1; ok && k < length; ++k) {
      const auto c = static_cast<unsigned char>(s[i + k]);
      ok = (c & 0xC0) == 0x80;
      value = (value << 6) | (c & 0x3F);
    }
    if (!ok) length = 1, value = 0xFFFD;
    out.push_back({value, i, i + length});
    i += length;
  }
  return out;
}

// Letters by case, for the scripts Vietnamese and English text meets:
// Latin (with Vietnamese's ă â đ ê ô ơ ư and tone marks), Greek, Cyrillic.
bool isLower(uint32_t c) {
  if (c < 0x80) return c >= 'a' && c <= 'z';
  if (c >= 0xDF && c <= 0xFF) return c != 0xF7;
  if (c >= 0x100 && c <= 0x137) return c % 2 == 1;
  if (c == 0x138 || c == 0x149 || c == 0x17F) return true;
  if (c >= 0x139 && c <= 0x148) return c % 2 == 0;
  if (c >= 0x14A && c <= 0x177) return c % 2 == 1;
  if (c >= 0x179 && c <= 0x17E) return c % 2 == 0;
  if (c == 0x1A1 || c == 0x1B0) return true;  // ơ ư
  if (c >= 0x1E00 && c <= 0x1EFF) return c % 2 == 1 || (c >= 0x1E96 && c <= 0x1E9D);
  if (c >= 0x3B1 && c <= 0x3C9) return true;
  if (c >= 0x430 && c <= 0x45F) return true;
  return false;
}

bool isUpper(uint32_t c) {
  if (c < 0x80) return c >= 'A' && c <= 'Z';
  if (c >= 0xC0 && c <= 0xDE) return c != 0xD7;
  if (c >= 0x100 && c <= 0x137) return c % 2 == 0;
  if (c >= 0x139 && c <= 0x148) return c % 2 == 1;
  if (c >= 0x14A && c <= 0x177) return c % 2 == 0;
  if (c == 0x178) return true;
  if (c >= 0x179 && c <= 0x17E) return c % 2 == 1;
  if (c == 0x1A0 || c == 0x1AF) return true;  // Ơ Ư
  if (c >= 0x1E00 && c <= 0x1EFF) return c % 2 == 0 && !(c >= 0x1E96 && c <= 0x1E9D);
  if (c >= 0x391 && c <= 0x3A9) return true;
  if (c >= 0x400 && c <= 0x42F) return true;
  return false;
}

bool isLetter(uint32_t c) { return isLower(c) || isUpper(c); }
bool isDigit(uint32_t c) { return c >= '0' && c <= '9'; }

// White space as normalizeWhitespace (Text.h) sees it, line breaks aside:
// what it removes, we may skip between sentences.
bool isSpace(uint32_t c) {
  return c == ' ' || c == '\t' || c == '\v' || c == '\f' || c == 0xA0 || (c >= 0x2000 && c <= 0x200A) ||
         c == 0x2028 || c == 0x2029 || c == 0x202F || c == 0x205F || c == 0x3000;
}

bool isTerminal(uint32_t c) { return c == '.' || c == '!' || c == '?' || c == 0x2026 /* … */; }

// Quotes and brackets that close a sentence after its full stop: "… xong.”"
bool isCloser(uint32_t c) {
  return c == '"' || c == '\'' || c == ')' || c == ']' || c == 0x201D || c == 0x2019 || c == 0xBB || c == 0x203A;
}
bool isOpener(uint32_t c) {
  return c == '"' || c == '\'' || c == '(' || c == '[' || c == 0x201C || c == 0x2018 || c == 0xAB || c == 0x2039;
}

// Words that a full stop follows without ending the sentence (Vietnamese
// titles and place words, and the English ones software text uses).
bool isAbbreviation(std::string_view word) {
  static constexpr std::array<std::string_view, 34> kWords = {
      "TP", "Tp", "TT", "TS", "ThS", "PGS", "GS", "BS", "KS", "CN", "NXB", "Tr", "tr", "St", "Mr", "Mrs", "Ms",
      "Dr", "Prof", "Jr", "Sr", "No", "Nr", "vs", "e.g", "i.e", "cf", "Fig", "fig", "Vol", "vol", "approx", "pp",
      "Inc"};
  return std::find(kWords.begin(), kWords.end(), word) != kWords.end();
}

// Code points inside {placeholders} and <tags> on this line: never a boundary.
std::vector<bool> protectedSpans(const std::vector<CodePoint>& cps) {
  std::vector<bool> out(cps.size(), false);
  for (size_t i = 0; i < cps.size(); ++i) {
    const uint32_t open = cps[i].value;
    if (open != '{' && open != '<') continue;
    const uint32_t close = open == '{' ? '}' : '>';
    const size_t limit = std::min(cps.size(), i + 200);
    for (size_t j = i + 1; j < limit; ++j) {
      if (cps[j].value == open) break;
      if (cps[j].value == close) {
        std::fill(out.begin() + long(i), out.begin() + long(j) + 1, true);
        i = j;
        break;
      }
    }
  }
  return out;
}

// Byte ranges of the sentences of one line.
std::vector<std::pair<size_t, size_t>> lineSentences(std::string_view line) {
  const auto cps = decode(line);
  const auto shielded = protectedSpans(cps);
  const size_t n = cps.size();
  std::vector<std::pair<size_t, size_t>> out;
  size_t start = 0;  // code point where the current sentence starts
  while (start < n && isSpace(cps[start].value)) ++start;
  for (size_t i = start; i < n; ++i) {
    if (shielded[i] || !isTerminal(cps[i].value)) continue;
    size_t run_end = i;
    while (run_end < n && isTerminal(cps[run_end].value) && !shielded[run_end]) ++run_end;
    size_t close_end = run_end;
    while (close_end < n && isCloser(cps[close_end].value)) ++close_end;
    size_t next = close_end;
    while (next < n && isSpace(cps[next].value)) ++next;
    const bool boundary = [&] {
      if (close_end == n || next == n) return false;     // the line ends here anyway
      if (next == close_end) return false;               // 3.14, example.com, a.txt, v.v
      if (isLower(cps[next].value)) return false;        // "Đang tải... vui lòng chờ"
      if (run_end - i != 1 || cps[i].value != '.') return true;  // ! ? … and runs like ?! or ...
      size_t word = i;
      while (word > start && !isSpace(cps[word - 1].value)) --word;
      while (word < i && isOpener(cps[word].value)) ++word;
      if (word == i) return true;
      const std::string_view text = line.substr(cps[word].begin, cps[i].begin - cps[word].begin);
      if (isAbbreviation(text)) return false;
      const bool one_letter = i - word == 1 && isLetter(cps[word].value);
      if (one_letter && word != start && isUpper(cps[word].value)) return false;  // an initial: "Nguyễn V. An"
      // An enumerator opening the sentence: "1. Mở tập tin", "b. Đóng" (but "Ừ. Được" is two sentences).
      const bool number = std::all_of(cps.begin() + long(word), cps.begin() + long(i),
                                       [](const CodePoint& c) { return isDigit(c.value); });
      const bool letter = one_letter && cps[word].value >= 'a' && cps[word].value <= 'z';
      if ((number || letter) && word == start) return false;
      return true;
    }();
    if (!boundary) {
      i = run_end - 1;
      continue;
    }
    out.emplace_back(cps[start].begin, cps[close_end - 1].end);
    start = next;
    i = next - 1;
  }
  if (start < n) out.emplace_back(cps[start].begin, line.size());
  return out;
}

// The length of the line break at text[at] (\r\n, \n or a lone \r).
size_t breakLength(std::string_view text, size_t at) {
  return text[at] == '\r' && at + 1 < text.size() && text[at + 1] == '\n' ? 2 : 1;
}

// Where the unit starting at `pos` ends: the line's end, or with Paragraphs
// the end of the last line before a blank line (or the text's end).
size_t unitEnd(std::string_view text, size_t pos, SplitMode mode) {
  size_t end = text.find_first_of("\r\n", pos);
  if (end == std::string_view::npos) return text.size();
  if (mode != SplitMode::Paragraphs || isBlank(text.substr(pos, end - pos))) return end;
  while (end < text.size()) {
    const size_t next = end + breakLength(text, end);
    size_t next_end = text.find_first_of("\r\n", next);
    if (next_end == std::string_view::npos) next_end = text.size();
    if (isBlank(text.substr(next, next_end - next))) break;
    end = next_end;
  }
  return end;
}

}  // namespace

std::vector<TextSentence> splitSentences(std::string_view text, SplitMode mode) {
  std::vector<TextSentence> out;
  size_t breaks = 0;  // line breaks since the last sentence
  size_t pos = 0;
  while (pos <= text.size()) {
    const size_t end = unitEnd(text, pos, mode);
    std::string_view line = text.substr(pos, end - pos);
    // A paragraph's line breaks become spaces, byte for byte, so that the
    // sentences' places in the text stay where they were.
    std::string joined;
    if (mode == SplitMode::Paragraphs && line.find_first_of("\r\n") != std::string_view::npos) {
      joined.assign(line);
      std::replace_if(
          joined.begin(), joined.end(), [](char c) { return c == '\r' || c == '\n'; }, ' ');
      line = joined;
    }
    std::vector<std::pair<size_t, size_t>> ranges;
    if (mode == SplitMode::Lines)
      ranges.emplace_back(0, line.size());
    else
      ranges = lineSentences(line);
    for (const auto& [b, e] : ranges) {
      std::string sentence = normalizeWhitespace(line.substr(b, e - b));
      if (sentence.empty()) continue;
      std::string separator = out.empty() ? std::string() : breaks > 0 ? std::string(breaks, '\n') : " ";
      out.push_back({std::move(sentence), std::move(separator), pos + b, pos + e});
      breaks = 0;
    }
    if (end == text.size()) break;
    // \r\n, \n and a lone \r each count as one line break.
    pos = end + breakLength(text, end);
    ++breaks;
  }
  return out;
}

size_t breaksInsideSentences(std::string_view text) {
  // Each line once: its length without the spaces around it, the first
  // word's length, the code points at its ends.
  struct Line {
    size_t length = 0, first_word = 0;
    uint32_t first = 0, last = 0;
  };
  std::vector<Line> lines;
  for (size_t begin = 0; begin <= text.size();) {
    const size_t end = std::min(text.find('\n', begin), text.size());
    const auto cps = decode(text.substr(begin, end - begin));
    const auto blank = [](const CodePoint& c) { return isSpace(c.value) || c.value == '\r'; };
    auto first = std::find_if_not(cps.begin(), cps.end(), blank);
    auto last = std::find_if_not(cps.rbegin(), cps.rend(), blank);
    Line line;
    if (first != cps.end()) {
      line.length = size_t(last.base() - first);
      line.first_word = size_t(std::find_if(first, cps.end(), blank) - first);
      line.first = first->value;
      line.last = last->value;
    }
    lines.push_back(line);
    begin = end + 1;
  }
  // The text's width: what nine lines in ten stay within.
  std::vector<size_t> lengths;
  for (const auto& line : lines)
    if (line.length > 0) lengths.push_back(line.length);
  if (lengths.size() < 2) return 0;
  std::nth_element(lengths.begin(), lengths.begin() + std::ptrdiff_t(lengths.size() * 9 / 10), lengths.end());
  const size_t width = lengths[lengths.size() * 9 / 10];
  size_t between_text = 0, inside = 0;
  for (size_t i = 0; i + 1 < lines.size(); ++i) {
    const auto &before = lines[i], &after = lines[i + 1];
    if (before.length == 0 || after.length == 0) continue;
    ++between_text;
    const bool goes_on =
        (isLetter(before.last) || isDigit(before.last) || before.last == ',') && isLower(after.first);
    // Full: the next line's first word would not have fitted on it (within
    // a tenth of the width, for text copied from a page set in a
    // proportional font).
    const bool full = (before.length + 1 + after.first_word) * 10 > width * 9;
    if (goes_on && full) ++inside;
  }
  return inside * 10 >= between_text ? inside : 0;
}

std::string joinSentences(const std::vector<TextSentence>& sentences, const std::vector<std::string>& texts) {
  std::string out;
  for (size_t i = 0; i < sentences.size() && i < texts.size(); ++i) out += sentences[i].separator + texts[i];
  return out;
}

namespace {

// The sentence's clauses: cut after , ; : followed by a space and before a
// dash standing between spaces. Every byte of `sentence` is in one clause
// (the spaces at the cuts go).
std::vector<std::string> clauses(const std::string& sentence) {
  const auto cps = decode(sentence);
  std::vector<std::string> out;
  size_t begin = 0;
  auto cut = [&](size_t end_byte, size_t next_byte) {
    if (end_byte > begin) out.push_back(sentence.substr(begin, end_byte - begin));
    begin = next_byte;
  };
  for (size_t i = 0; i + 1 < cps.size(); ++i) {
    const uint32_t c = cps[i].value;
    if ((c == ',' || c == ';' || c == ':' || c == 0xFF0C) && cps[i + 1].value == ' ') {
      cut(cps[i].end, cps[i + 1].end);
    } else if (c == ' ' && i + 2 < cps.size() && cps[i + 2].value == ' ' &&
               (cps[i + 1].value == '-' || cps[i + 1].value == 0x2013 || cps[i + 1].value == 0x2014)) {
      cut(cps[i].begin, cps[i + 1].begin);
    }
  }
  cut(sentence.size(), sentence.size());
  return out;
}

std::vector<std::string> words(const std::string& text) {
  std::vector<std::string> out;
  size_t pos = 0;
  while (pos < text.size()) {
    size_t end = text.find(' ', pos);
    if (end == std::string::npos) end = text.size();
    if (end > pos) out.push_back(text.substr(pos, end - pos));
    pos = end + 1;
  }
  return out;
}

// A word too long on its own: the longest prefixes that fit (by bisection
// over code points), at least one code point each.
void cutWord(const std::string& word, int64_t max_pieces, const std::function<int64_t(std::string_view)>& count,
             std::vector<std::string>& out) {
  const auto cps = decode(word);
  size_t begin = 0;
  while (begin < cps.size()) {
    size_t lo = begin + 1, hi = cps.size();  // lo fits (or is the minimum), find the largest end that fits
    auto fits = [&](size_t end) {
      return count(std::string_view(word).substr(cps[begin].begin, cps[end - 1].end - cps[begin].begin)) <=
             max_pieces;
    };
    if (fits(hi)) {
      lo = hi;
    } else {
      while (lo + 1 < hi) {
        const size_t mid = lo + (hi - lo) / 2;
        (fits(mid) ? lo : hi) = mid;
      }
    }
    out.push_back(word.substr(cps[begin].begin, cps[lo - 1].end - cps[begin].begin));
    begin = lo;
  }
}

}  // namespace

SentenceParts fitSentence(const std::string& sentence, int64_t max_pieces,
                          const std::function<int64_t(std::string_view)>& count) {
  SentenceParts result;
  max_pieces = std::max<int64_t>(1, max_pieces);
  if (sentence.empty() || count(sentence) <= max_pieces) {
    if (!sentence.empty()) result.parts.push_back(sentence);
    return result;
  }
  // Units that fit one by one: clauses, or the words of a clause too long,
  // or the slices of a word too long.
  std::vector<std::string> units;
  for (const auto& clause : clauses(sentence)) {
    if (count(clause) <= max_pieces) {
      units.push_back(clause);
      continue;
    }
    result.at_clauses = false;
    for (const auto& word : words(clause)) {
      if (count(word) <= max_pieces)
        units.push_back(word);
      else
        cutWord(word, max_pieces, count, units);
    }
  }
  // Pack them greedily, measuring each candidate as the model will see it.
  std::string current;
  for (const auto& unit : units) {
    const std::string joined = current.empty() ? unit : current + " " + unit;
    if (current.empty() || count(joined) <= max_pieces) {
      current = joined;
    } else {
      result.parts.push_back(current);
      current = unit;
    }
  }
  if (!current.empty()) result.parts.push_back(current);
  return result;
}

}  // namespace studio::data
