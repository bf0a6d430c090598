#include "model/files/SubtitleFile.h"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <map>
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
    if (!in_tag && c == '{' && i + 1 < to && text[i + 1] == '\\') {  // an SRT code ({\an8}): not seen
      const size_t end = text.find('}', i);
      if (end != std::string::npos && end < to) {
        i = end;
        continue;
      }
    }
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

constexpr size_t kMostCuesInASentence = 3;
constexpr size_t kFewestWordsToJoin = 3;

// The words of markup without its tags, references as written.
std::string textOf(const std::string& marked) {
  std::string out;
  bool in_tag = false;
  for (const char c : marked) {
    if (c == '<') in_tag = true;
    if (!in_tag) out += c;
    if (c == '>') in_tag = false;
  }
  return data::normalizeWhitespace(out);
}

// Whether a cue's text ends a sentence: in . ! ? : ; (perhaps inside quotes or brackets), not in "..." or
// "…", which in subtitles say the sentence goes on.
bool endsSentence(const std::string& marked) {
  std::string text = textOf(marked);
  const auto ends = [&](const std::string& end) {
    return text.size() >= end.size() && text.compare(text.size() - end.size(), end.size(), end) == 0;
  };
  for (bool stripped = true; stripped && !text.empty();) {
    stripped = false;
    for (const char* closer : {"\"", "'", ")", "]", "\xe2\x80\x9d", "\xe2\x80\x99", "&quot;", "&#39;"})
      if (ends(closer)) {
        text.resize(text.size() - std::string(closer).size());
        stripped = true;
        break;
      }
  }
  if (text.empty()) return true;
  if (ends("...") || ends("\xe2\x80\xa6")) return false;
  const char last = text.back();
  return last == '.' || last == '!' || last == '?' || last == ':' || last == ';';
}

// `marked` with each <x-code n="K"/> numbered K + `by`.
std::string renumbered(const std::string& marked, size_t by) {
  std::string out;
  size_t at = 0;
  for (size_t found = marked.find("<x-code n=\""); found != std::string::npos;
       found = marked.find("<x-code n=\"", at)) {
    const size_t digits = found + 11, end = marked.find('"', digits);
    if (end == std::string::npos || end == digits || end - digits > 9 ||
        !std::all_of(marked.begin() + long(digits), marked.begin() + long(end),
                     [](unsigned char c) { return std::isdigit(c); }))
      break;  // (none but ours are in a cue's markup)
    out.append(marked, at, digits - at);
    out += std::to_string(std::stoul(marked.substr(digits, end - digits)) + by);
    at = end;
  }
  out.append(marked, at, std::string::npos);
  return out;
}

// The texts to translate: each piece with letters, a sentence running on over cues joined.
void groupTexts(SubtitleDocument& d) {
  // A cue that may share a sentence with its neighbours: timed, one text of three words or more (a
  // shorter one is a label or an exclamation more often than half a sentence), not a dialogue's line.
  const auto joinable = [&](size_t c) {
    const auto& cue = d.cues[c];
    if (!cue.timed || cue.pieces.size() != 1 || !cue.pieces[0].letters || !cue.pieces[0].dash.empty())
      return false;
    const std::string text = textOf(cue.pieces[0].marked);
    return dashOf(text).empty() && data::splitWords(text).size() >= kFewestWordsToJoin;
  };
  for (size_t c = 0; c < d.cues.size(); ++c) {
    const auto& cue = d.cues[c];
    for (size_t k = 0; k < cue.pieces.size(); ++k) {
      if (!cue.pieces[k].letters) continue;
      SubtitleText text;
      text.line = cue.first + (cue.pieces.size() > 1 ? k : 0) + 1;
      text.places.push_back({c, k});
      text.marked = cue.pieces[k].marked;
      text.codes = cue.pieces[k].codes;
      if (joinable(c))
        while (text.places.size() < kMostCuesInASentence && c + 1 < d.cues.size() && joinable(c + 1) &&
               !endsSentence(d.cues[c].pieces[0].marked)) {
          ++c;
          text.codes.push_back(kSubtitleCueEdge);
          text.marked += " " + placeholder(text.codes.size() - 1) + " " +
                         renumbered(d.cues[c].pieces[0].marked, text.codes.size());
          for (const auto& code : d.cues[c].pieces[0].codes) text.codes.push_back(code);
          text.places.push_back({c, 0});
        }
      d.texts.push_back(std::move(text));
    }
  }
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
  groupTexts(d);
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

namespace {

// A text's translation (codes back in place) shared out between its places: at the cue edges the alignment
// placed; where an edge fell beside another (a cue would get no words), in proportion to the source pieces'
// lengths, at spaces outside tags.
std::vector<std::string> sharedOut(const std::string& translation, const std::vector<std::string>& sources) {
  std::vector<std::string> parts;
  for (size_t from = 0;;) {
    const size_t edge = translation.find(kSubtitleCueEdge, from);
    parts.push_back(data::normalizeWhitespace(translation.substr(from, edge - from)));
    if (edge == std::string::npos) break;
    from = edge + kSubtitleCueEdge.size();
  }
  const bool fits = parts.size() == sources.size() &&
                    std::none_of(parts.begin(), parts.end(), [](const auto& p) { return p.empty(); });
  if (fits || sources.size() == 1) return parts;
  std::string whole;
  for (const auto& p : parts) whole += (whole.empty() || p.empty() ? "" : " ") + p;
  std::vector<size_t> lengths;
  size_t total = 0;
  for (const auto& source : sources)
    total += lengths.emplace_back(std::max<size_t>(1, visibleLength(source, 0, source.size())));
  const size_t visible = visibleLength(whole, 0, whole.size());
  std::vector<std::string> out;
  size_t from = 0, sum = 0;
  for (size_t k = 0; k + 1 < sources.size(); ++k) {
    sum += lengths[k];
    const size_t target = visible * sum / total;
    size_t best = std::string::npos, best_gap = std::string::npos;
    bool in_tag = false;
    for (size_t i = from; i < whole.size(); ++i) {
      if (whole[i] == '<') in_tag = true;
      if (whole[i] == '>') in_tag = false;
      if (in_tag || whole[i] != ' ') continue;
      const size_t at = visibleLength(whole, 0, i), gap = at > target ? at - target : target - at;
      if (gap < best_gap) {
        best_gap = gap;
        best = i;
      }
    }
    if (best == std::string::npos) {
      out.push_back(whole.substr(from));
      from = whole.size();
      continue;
    }
    out.push_back(whole.substr(from, best - from));
    from = best + 1;
  }
  out.push_back(from < whole.size() ? whole.substr(from) : std::string());
  return out;
}

// Each part's tags closed at its end when the next part closes them, and opened again at that part's start,
// so that each cue is well formed on its own.
void balanceTags(std::vector<std::string>& parts) {
  std::vector<std::pair<std::string, std::string>> open;  // name, the tag as written
  for (auto& part : parts) {
    std::string prefix;
    for (const auto& tag : open) prefix += tag.second;
    part = prefix + part;
    open.clear();  // (read again from the prefix)
    for (size_t at = part.find('<'); at != std::string::npos; at = part.find('<', at + 1)) {
      const size_t end = part.find('>', at);
      if (end == std::string::npos) break;
      const std::string tag = part.substr(at, end + 1 - at);
      const bool closing = tag.compare(0, 2, "</") == 0;
      size_t name_end = closing ? 2 : 1;
      while (name_end < tag.size() && tag[name_end] != ' ' && tag[name_end] != '>' && tag[name_end] != '/' &&
             tag[name_end] != '.' && tag[name_end] != '\t')
        ++name_end;
      const std::string name = html::lowered(tag.substr(closing ? 2 : 1, name_end - (closing ? 2 : 1)));
      if (name.empty() || !std::isalpha(static_cast<unsigned char>(name[0])) || tag[tag.size() - 2] == '/')
        continue;
      if (!closing) {
        open.emplace_back(name, tag);
      } else if (!open.empty() && open.back().first == name) {
        open.pop_back();
      }
      at = end;
    }
    for (auto it = open.rbegin(); it != open.rend(); ++it) part += "</" + it->first + ">";
  }
}

}  // namespace

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
    auto parts = sharedOut(restoreXliffCodes(translations[t], text.codes), sources);
    if (parts.size() > 1) balanceTags(parts);
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
