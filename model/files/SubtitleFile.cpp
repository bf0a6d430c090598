#include "model/files/SubtitleFile.h"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <map>
#include <stdexcept>

#include "model/data/Text.h"
#include "model/files/HtmlTags.h"
#include "model/files/SubtitleSentences.h"
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
        out += cuePlaceholder(codes.size() - 1);
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

// A WebVTT line as markup (it is already: tags, references), its timestamps (<00:01.500>) as codes; so
// is anything written as our placeholders are (<x-…>), which would otherwise be taken for one.
std::string webVttMarked(const std::string& line, std::vector<std::string>& codes) {
  std::string out;
  for (size_t i = 0; i < line.size();) {
    const bool timestamp =
        line[i] == '<' && i + 1 < line.size() && std::isdigit(static_cast<unsigned char>(line[i + 1]));
    const bool ours = line.compare(i, 3, "<x-") == 0 || line.compare(i, 4, "</x-") == 0;
    const size_t end = timestamp || ours ? line.find('>', i) : std::string::npos;
    if (end == std::string::npos) {
      out += line[i++];
      continue;
    }
    codes.push_back(line.substr(i, end + 1 - i));
    out += cuePlaceholder(codes.size() - 1);
    i = end + 1;
  }
  return out;
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

}  // namespace

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
    for (size_t k = cue.first; k < end && dialogue; ++k) dialogue = !dialogueDash(lines[k]).empty();
    for (size_t k = cue.first; k < end; ++k) {
      if (dialogue || cue.pieces.empty()) cue.pieces.emplace_back();
      auto& piece = cue.pieces.back();
      const std::string dash = dialogue ? dialogueDash(lines[k]) : std::string();
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
  joinSentences(d);
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

TextDocument writeSubtitles(const SubtitleDocument& document, const std::vector<std::string>& translations) {
  if (translations.size() != document.translatable())
    throw std::invalid_argument(document.name + ": " + std::to_string(translations.size()) +
                                " translations for " + std::to_string(document.translatable()) +
                                " subtitle texts");
  // Each piece's translation, codes back in place: its text's, or its share of it.
  std::map<std::pair<size_t, size_t>, std::string> written;
  for (size_t t = 0; t < translations.size(); ++t) {
    const auto& text = document.texts[t];
    std::vector<std::string> sources;
    for (const auto& place : text.places)
      sources.push_back(document.cues[place.cue].pieces[place.piece].marked);
    auto parts = shareOut(restoreXliffCodes(translations[t], text.codes), sources);
    for (size_t k = 0; k < text.places.size(); ++k)
      written[{text.places[k].cue, text.places[k].piece}] = std::move(parts[k]);
  }
  const auto& lines = document.text.lines;
  TextDocument out = document.text;
  out.lines.clear();
  const bool srt = document.format == SubtitleDocument::Format::SubRip;
  size_t next = 0;
  for (size_t c = 0; c < document.cues.size(); ++c) {
    const auto& cue = document.cues[c];
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
      // Broken over lines, then, for SubRip's text, its references as the characters they stand for.
      const std::string& text = written.at({c, k});
      for (auto line : subtitleLines(text, dialogue ? 1 : cue.count)) {
        if (srt) line = data::unescapeXml(line);
        if (dialogue) {
          out.lines.push_back(piece.dash + line);
        } else if (!line.empty()) {  // (an empty line would end the cue)
          out.lines.push_back(std::move(line));
        }
      }
    }
    next = cue.first + cue.count;
  }
  out.lines.insert(out.lines.end(), lines.begin() + long(next), lines.end());
  return out;
}

}  // namespace studio::model
