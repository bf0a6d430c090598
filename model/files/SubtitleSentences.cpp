#include "model/files/SubtitleSentences.h"

#include <algorithm>
#include <cctype>

#include "model/data/Text.h"
#include "model/files/HtmlTags.h"

namespace studio::model {

namespace {

constexpr size_t kMostCuesInASentence = 3;
constexpr size_t kFewestWordsToJoin = 3;

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

// The space outside tags at or after `from` whose place (the characters a reader sees before it) has the
// least `gap`, the first of equals; npos when there is none.
template <class Gap>
size_t bestSpace(const std::string& text, size_t from, Gap gap) {
  size_t best = std::string::npos, best_gap = std::string::npos;
  bool in_tag = false;
  for (size_t i = from; i < text.size(); ++i) {
    if (text[i] == '<') in_tag = true;
    if (text[i] == '>') in_tag = false;
    if (in_tag || text[i] != ' ') continue;
    const size_t g = gap(visibleLength(text, 0, i));
    if (g < best_gap) {
      best_gap = g;
      best = i;
    }
  }
  return best;
}

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

// A text's translation (codes back in place) shared out between its places: at the cue edges the alignment
// placed; where an edge fell beside another (a cue would get no words), in proportion to the source pieces'
// lengths, at spaces outside tags.
std::vector<std::string> sharedByEdges(const std::string& translation,
                                       const std::vector<std::string>& sources) {
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
    const size_t best =
        bestSpace(whole, from, [&](size_t at) { return at > target ? at - target : target - at; });
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

std::string cuePlaceholder(size_t k) { return "<x-code n=\"" + std::to_string(k) + "\"/>"; }

// A dialogue line's dash and the spaces after it ("- "), "" when it starts with none.
std::string dialogueDash(const std::string& line) {
  size_t at = line.compare(0, 1, "-") == 0 ? 1 : line.compare(0, 3, "\xe2\x80\x93") == 0 ? 3 : 0;  // - or –
  if (at == 0) return {};
  while (at < line.size() && (line[at] == ' ' || line[at] == '\t')) ++at;
  return line.substr(0, at);
}

// The texts to translate: each piece with letters, a sentence running on over cues joined.
void joinSentences(SubtitleDocument& d) {
  // A cue that may share a sentence with its neighbours: timed, one text of three words or more (a
  // shorter one is a label or an exclamation more often than half a sentence), not a dialogue's line.
  const auto joinable = [&](size_t c) {
    const auto& cue = d.cues[c];
    if (!cue.timed || cue.pieces.size() != 1 || !cue.pieces[0].letters || !cue.pieces[0].dash.empty())
      return false;
    const std::string text = textOf(cue.pieces[0].marked);
    return dialogueDash(text).empty() && data::splitWords(text).size() >= kFewestWordsToJoin;
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
          text.marked += " " + cuePlaceholder(text.codes.size() - 1) + " " +
                         renumbered(d.cues[c].pieces[0].marked, text.codes.size());
          for (const auto& code : d.cues[c].pieces[0].codes) text.codes.push_back(code);
          text.places.push_back({c, 0});
        }
      d.texts.push_back(std::move(text));
    }
  }
}

std::vector<std::string> shareOut(const std::string& translation, const std::vector<std::string>& sources) {
  auto parts = sharedByEdges(translation, sources);
  if (parts.size() > 1) balanceTags(parts);
  return parts;
}

std::vector<std::string> subtitleLines(const std::string& text, size_t source_lines, size_t width) {
  const size_t length = visibleLength(text, 0, text.size());
  if (source_lines < 2 || length <= width) return {text};
  const size_t best = bestSpace(text, 0, [&](size_t left) {
    const size_t right = length - left - 1;
    return left > right ? left - right : right - left;
  });
  if (best == std::string::npos) return {text};
  return {text.substr(0, best), text.substr(best + 1)};
}

}  // namespace studio::model
