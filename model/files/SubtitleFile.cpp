#include "model/files/SubtitleFile.h"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <stdexcept>

#include "model/data/Text.h"
#include "model/files/HtmlTags.h"
#include "model/files/XliffFile.h"

namespace studio::model {

namespace {

bool blank(const std::string& line) {
  return std::all_of(line.begin(), line.end(), [](unsigned char c) { return std::isspace(c); });
}

// Whether `line` starts with `word` followed by a space, a tab or its end (WebVTT's NOTE, STYLE, REGION).
bool startsWithWord(const std::string& line, const std::string& word) {
  return line.compare(0, word.size(), word) == 0 &&
         (line.size() == word.size() || line[word.size()] == ' ' || line[word.size()] == '\t');
}

std::string placeholder(size_t k) { return "<x-code n=\"" + std::to_string(k) + "\"/>"; }

// SubRip's tags: <i>, <b>, <u>, <s>, <font …> and their ends.
bool isSubRipTag(const std::string& tag) {
  const std::string lower = html::lowered(tag);
  const size_t from = lower.compare(0, 2, "</") == 0 ? 2 : 1;
  size_t to = from;
  while (to < lower.size() && std::isalpha(static_cast<unsigned char>(lower[to]))) ++to;
  const std::string name = lower.substr(from, to - from);
  if (name != "i" && name != "b" && name != "u" && name != "s" && name != "font") return false;
  return lower[to] == '>' || (from == 1 && (lower[to] == ' ' || lower[to] == '\t'));
}

// A SubRip line as markup: its tags as written, {\an8} and its kin as codes, & < > as references.
std::string subRipMarked(const std::string& line, std::vector<std::string>& codes) {
  std::string out;
  for (size_t i = 0; i < line.size();) {
    if (line.compare(i, 2, "{\\") == 0) {
      const size_t end = line.find('}', i);
      if (end != std::string::npos) {
        codes.push_back(line.substr(i, end + 1 - i));
        out += placeholder(codes.size() - 1);
        i = end + 1;
        continue;
      }
    }
    if (line[i] == '<') {
      const size_t end = line.find('>', i);
      if (end != std::string::npos && isSubRipTag(line.substr(i, end + 1 - i))) {
        out.append(line, i, end + 1 - i);
        i = end + 1;
        continue;
      }
    }
    out += line[i] == '&'   ? "&amp;"
           : line[i] == '<' ? "&lt;"
           : line[i] == '>' ? "&gt;"
                            : std::string(1, line[i]);
    ++i;
  }
  return out;
}

// A WebVTT line as markup (it is already: tags, references), its timestamps (<00:01.500>) as codes.
std::string webVttMarked(const std::string& line, std::vector<std::string>& codes) {
  std::string out;
  for (size_t i = 0; i < line.size();) {
    const size_t end =
        line[i] == '<' && i + 1 < line.size() && std::isdigit(static_cast<unsigned char>(line[i + 1]))
            ? line.find('>', i)
            : std::string::npos;
    if (end == std::string::npos) {
      out += line[i++];
      continue;
    }
    codes.push_back(line.substr(i, end + 1 - i));
    out += placeholder(codes.size() - 1);
    i = end + 1;
  }
  return out;
}

// A dialogue line's dash and the spaces after it ("- "), "" when it starts with none.
std::string dashOf(const std::string& line) {
  size_t at = line.compare(0, 1, "-") == 0 ? 1 : line.compare(0, 3, "\xe2\x80\x93") == 0 ? 3 : 0;  // - or –
  if (at == 0) return {};
  while (at < line.size() && (line[at] == ' ' || line[at] == '\t')) ++at;
  return line.substr(0, at);
}

// Whether markup's text holds a letter of a word, outside tags and references: ASCII's, Latin's with
// diacritics (Vietnamese's), Greek's and Cyrillic's, or a script's beyond; not a symbol a cue holds alone
// ("♪ ♪", "→", an emoji).
bool hasWordLetters(const std::string& marked) {
  bool in_tag = false;
  for (size_t i = 0; i < marked.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(marked[i]);
    if (c == '<') in_tag = true;
    if (c == '>') in_tag = false;
    if (c == '&') {  // a reference: not a letter of its own
      const size_t end = html::referenceEnd(marked, i, marked.size());
      if (end != i) {
        i = end;
        continue;
      }
    }
    if (in_tag) continue;
    if (c < 0x80) {
      if (std::isalpha(c)) return true;
      continue;
    }
    if ((c & 0xC0) == 0x80) continue;
    const int extra = c >= 0xF0 ? 3 : c >= 0xE0 ? 2 : 1;
    char32_t code = c & (0x3F >> extra);
    for (int k = 1; k <= extra && i + size_t(k) < marked.size(); ++k)
      code = (code << 6) | (static_cast<unsigned char>(marked[i + size_t(k)]) & 0x3F);
    if ((code >= 0xC0 && code != 0xD7 && code != 0xF7 && code < 0x2000) ||
        (code >= 0x3040 && code < 0xD800) || (code >= 0xF900 && code < 0xFE00))
      return true;
  }
  return false;
}

// The characters of markup a reader sees in [from, to): not its tags (nor codes' placeholders), a
// reference one.
size_t visibleLength(const std::string& text, size_t from, size_t to) {
  size_t n = 0;
  bool in_tag = false;
  for (size_t i = from; i < to; ++i) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    if (c == '<') in_tag = true;
    if (!in_tag && c == '&') {
      const size_t end = html::referenceEnd(text, i, to);
      if (end != i) {
        ++n;
        i = end;
        continue;
      }
    }
    if (!in_tag && (c & 0xC0) != 0x80) ++n;
    if (c == '>') in_tag = false;
  }
  return n;
}

}  // namespace

size_t SubtitleDocument::translatable() const {
  size_t n = 0;
  for (const auto& cue : cues)
    for (const auto& piece : cue.pieces) n += piece.letters;
  return n;
}

SubtitleDocument readSubtitles(TextDocument text, const std::string& name, SubtitleDocument::Format format) {
  SubtitleDocument d;
  d.name = name;
  d.format = format;
  d.text = std::move(text);
  const auto& lines = d.text.lines;
  const bool vtt = format == SubtitleDocument::Format::WebVtt;
  size_t i = 0;
  if (vtt) {
    if (lines.empty() || !startsWithWord(lines[0], "WEBVTT"))
      throw std::runtime_error(name + " line 1: a WebVTT file starts with WEBVTT");
    while (i < lines.size() && !blank(lines[i])) ++i;  // its header
  }
  while (i < lines.size()) {
    if (blank(lines[i])) {
      ++i;
      continue;
    }
    size_t end = i;
    while (end < lines.size() && !blank(lines[end])) ++end;  // the block [i, end)
    if (vtt && (startsWithWord(lines[i], "NOTE") || startsWithWord(lines[i], "STYLE") ||
                startsWithWord(lines[i], "REGION"))) {
      i = end;
      continue;
    }
    size_t timing = std::string::npos;  // the cue's timing line: its first, or after its number (its id)
    for (size_t k = i; k < std::min(end, i + 2) && timing == std::string::npos; ++k)
      if (lines[k].find("-->") != std::string::npos) timing = k;
    SubtitleCue cue;
    cue.first = timing == std::string::npos ? i : timing + 1;
    cue.count = end - cue.first;
    cue.timed = timing != std::string::npos;
    bool dialogue = cue.count >= 2;
    for (size_t k = cue.first; k < end && dialogue; ++k) dialogue = !dashOf(lines[k]).empty();
    for (size_t k = cue.first; k < end; ++k) {
      if (dialogue || cue.pieces.empty()) cue.pieces.emplace_back();
      auto& piece = cue.pieces.back();
      const std::string dash = dialogue ? dashOf(lines[k]) : std::string();
      const std::string line = lines[k].substr(dash.size());
      const std::string marked = vtt ? webVttMarked(line, piece.codes) : subRipMarked(line, piece.codes);
      piece.dash = dash;
      piece.marked += (piece.marked.empty() || marked.empty() ? "" : " ") + data::normalizeWhitespace(marked);
    }
    for (auto& piece : cue.pieces) piece.letters = hasWordLetters(piece.marked);
    const bool letters =
        std::any_of(cue.pieces.begin(), cue.pieces.end(), [](const auto& p) { return p.letters; });
    if (letters) {
      if (!cue.timed)
        d.notices.push_back("line " + std::to_string(i + 1) +
                            ": text with no timing line before it (00:00:01,000 --> 00:00:04,000): "
                            "translated where it stands");
      d.cues.push_back(std::move(cue));
    }
    i = end;
  }
  return d;
}

std::optional<SubtitleDocument> readSubtitleFile(const std::string& path,
                                                 std::optional<LegacyEncoding> legacy) {
  const std::string lower = html::lowered(path);
  const auto ends = [&](const char* suffix) {
    const size_t n = std::char_traits<char>::length(suffix);
    return lower.size() > n && lower.compare(lower.size() - n, n, suffix) == 0;
  };
  std::optional<SubtitleDocument::Format> format;
  if (ends(".srt")) format = SubtitleDocument::Format::SubRip;
  if (ends(".vtt")) format = SubtitleDocument::Format::WebVtt;
  if (!format) {  // by its first bytes: WEBVTT, or an SRT cue's number and timing
    std::ifstream in(path, std::ios::binary);
    std::string head(512, '\0');
    in.read(head.data(), long(head.size()));
    head.resize(size_t(in.gcount()));
    if (head.compare(0, 3, "\xEF\xBB\xBF") == 0) head.erase(0, 3);
    const size_t newline = head.find('\n');
    const std::string first = data::normalizeWhitespace(head.substr(0, newline));
    if (startsWithWord(first, "WEBVTT")) {
      format = SubtitleDocument::Format::WebVtt;
    } else if (!first.empty() && newline != std::string::npos &&
               std::all_of(first.begin(), first.end(), [](unsigned char c) { return std::isdigit(c); })) {
      const size_t second = head.find('\n', newline + 1);
      if (second != std::string::npos &&
          head.substr(newline, second - newline).find("-->") != std::string::npos)
        format = SubtitleDocument::Format::SubRip;
    }
    if (!format) return std::nullopt;
  }
  return readSubtitles(readTextDocument(path, legacy), path, *format);
}

std::vector<std::string> subtitleLines(const std::string& text, size_t source_lines, size_t width) {
  const size_t length = visibleLength(text, 0, text.size());
  if (source_lines < 2 || length <= width) return {text};
  size_t best = std::string::npos, best_gap = length;
  bool in_tag = false;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '<') in_tag = true;
    if (text[i] == '>') in_tag = false;
    if (in_tag || text[i] != ' ') continue;
    const size_t left = visibleLength(text, 0, i), right = length - left - 1;
    const size_t gap = left > right ? left - right : right - left;
    if (gap < best_gap) {
      best_gap = gap;
      best = i;
    }
  }
  if (best == std::string::npos) return {text};
  return {text.substr(0, best), text.substr(best + 1)};
}

TextDocument writeSubtitles(const SubtitleDocument& document, const std::vector<std::string>& translations) {
  if (translations.size() != document.translatable())
    throw std::invalid_argument(document.name + ": " + std::to_string(translations.size()) +
                                " translations for " + std::to_string(document.translatable()) +
                                " subtitle texts");
  const auto& lines = document.text.lines;
  TextDocument out = document.text;
  out.lines.clear();
  const bool srt = document.format == SubtitleDocument::Format::SubRip;
  size_t next = 0, t = 0;
  for (const auto& cue : document.cues) {
    out.lines.insert(out.lines.end(), lines.begin() + long(next), lines.begin() + long(cue.first));
    const bool dialogue = !cue.pieces.front().dash.empty();
    for (size_t k = 0; k < cue.pieces.size(); ++k) {
      const auto& piece = cue.pieces[k];
      if (!piece.letters) {  // kept as written: a dialogue's line ("- ♪"), or the cue whole
        if (dialogue)
          out.lines.push_back(lines[cue.first + k]);
        else
          out.lines.insert(out.lines.end(), lines.begin() + long(cue.first),
                           lines.begin() + long(cue.first + cue.count));
        continue;
      }
      // Broken over lines as markup (a code's placeholder no character), then its codes back and, for
      // SubRip's text, its references as the characters they stand for.
      std::string text;
      for (const auto& line : subtitleLines(translations[t++], dialogue ? 1 : cue.count))
        text += (text.empty() ? "" : "\n") + line;
      text = restoreXliffCodes(text, piece.codes);
      if (srt) text = data::unescapeXml(text);
      if (dialogue) {
        out.lines.push_back(piece.dash + text);
        continue;
      }
      for (size_t from = 0; from < text.size();) {  // (no empty line: it would end the cue)
        const size_t end = std::min(text.find('\n', from), text.size());
        out.lines.push_back(text.substr(from, end - from));
        from = end + 1;
      }
    }
    next = cue.first + cue.count;
  }
  out.lines.insert(out.lines.end(), lines.begin() + long(next), lines.end());
  return out;
}

}  // namespace studio::model
