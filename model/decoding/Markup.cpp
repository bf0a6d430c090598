#include "model/decoding/Markup.h"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <set>

#include "model/data/Text.h"

namespace studio::model {

namespace {

using Kind = MarkupTag::Kind;

bool isSpace(char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; }
bool isNameStart(char c) { return std::isalpha(static_cast<unsigned char>(c)) != 0; }
bool isNameChar(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '-' || c == '_' || c == ':' || c == '.';
}

// Elements that never hold words, and those whose edges part the words beside them.
const std::set<std::string> kVoid{"area",  "base", "br",   "col",   "embed",  "hr",    "img",
                                  "input", "link", "meta", "param", "source", "track", "wbr"};
const std::set<std::string> kParting{
    "br", "p", "div", "li", "ul", "ol", "tr", "td", "th", "table", "h1", "h2", "h3", "h4", "h5", "h6", "hr",
    "dl", "dt", "dd", "blockquote", "pre",
    // a code that parts words (a Word document's tab or line break: DocxParagraphs.h)
    "x-break"};

// The length of the tag that starts at text[i] ('<'), 0 when none starts
// there; `kind` and `name` say which.
size_t tagAt(const std::string& text, size_t i, Kind* kind, std::string* name) {
  name->clear();
  if (text.compare(i, 4, "<!--") == 0) {
    const size_t end = text.find("-->", i + 4);
    if (end == std::string::npos) return 0;
    *kind = Kind::Alone;
    return end + 3 - i;
  }
  if (text.compare(i, 2, "<!") == 0 || text.compare(i, 2, "<?") == 0) {
    const size_t end = text.find_first_of("<>", i + 1);
    if (end == std::string::npos || text[end] != '>') return 0;
    *kind = Kind::Alone;
    return end + 1 - i;
  }
  size_t j = i + 1;
  const bool closing = j < text.size() && text[j] == '/';
  if (closing) ++j;
  if (j >= text.size() || !isNameStart(text[j])) return 0;
  size_t k = j;
  while (k < text.size() && isNameChar(text[k])) ++k;
  for (size_t c = j; c < k; ++c) *name += char(std::tolower(static_cast<unsigned char>(text[c])));
  if (k >= text.size() || !(isSpace(text[k]) || text[k] == '>' || text[k] == '/')) return 0;
  // Attributes up to the '>' that is not inside quotes; a '<' outside quotes: no tag.
  const size_t after_name = k;
  char quote = 0;
  for (; k < text.size(); ++k) {
    const char c = text[k];
    if (quote) {
      if (c == quote) quote = 0;
    } else if (c == '"' || c == '\'') {
      quote = c;
    } else if (c == '<') {
      return 0;
    } else if (c == '>') {
      break;
    }
  }
  if (k >= text.size()) return 0;
  const bool self_closing = text[k - 1] == '/';
  if (closing) {
    for (size_t c = after_name; c < k; ++c)
      if (!isSpace(text[c])) return 0;  // a closing tag has no attributes
    *kind = Kind::Close;
  } else {
    *kind = self_closing || kVoid.count(*name) ? Kind::Alone : Kind::Open;
  }
  return k + 1 - i;
}

size_t trailingPunctuation(const std::string& word) {
  size_t n = 0;
  while (n < word.size()) {
    const std::string rest = word.substr(0, word.size() - n);
    if (rest.size() >= 3 && rest.compare(rest.size() - 3, 3, "\xe2\x80\xa6") == 0) {
      n += 3;
    } else if (std::string(".,:;!?").find(rest.back()) != std::string::npos) {
      n += 1;
    } else {
      break;
    }
  }
  return n == word.size() ? 0 : n;  // a word of punctuation alone keeps it
}

}  // namespace

std::string escapeMarkup(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (c == '&')
      out += "&amp;";
    else if (c == '<')
      out += "&lt;";
    else if (c == '>')
      out += "&gt;";
    else
      out += c;
  }
  return out;
}

MarkedText parseMarkup(const std::string& text) {
  MarkedText out;
  std::vector<size_t> offsets;  // each tag's place in the plain text
  // Text between tags: references decoded, every kind of space one ASCII space (as translation normalizes
  // them).
  std::string pending;
  auto flush = [&] {
    const std::string decoded = data::unescapeXml(pending);
    for (size_t k = 0; k < decoded.size();) {
      if (const size_t w = data::whitespaceAt(decoded, k)) {
        out.plain += ' ';
        k += w;
      } else {
        out.plain += decoded[k++];
      }
    }
    pending.clear();
  };
  for (size_t i = 0; i < text.size();) {
    Kind kind = Kind::Alone;
    std::string name;
    const size_t length = text[i] == '<' ? tagAt(text, i, &kind, &name) : 0;
    if (length == 0) {
      pending += text[i++];
      continue;
    }
    flush();
    MarkupTag tag;
    tag.kind = kind;
    tag.text = text.substr(i, length);
    tag.name = name;
    tag.space_before = !out.plain.empty() && out.plain.back() == ' ';
    tag.space_after = i + length < text.size() && data::whitespaceAt(text, i + length) > 0;
    tag.after_punctuation = trailingPunctuation(out.plain) > 0;
    if (kParting.count(name) && !out.plain.empty() && out.plain.back() != ' ') out.plain += ' ';
    out.tags.push_back(std::move(tag));
    offsets.push_back(out.plain.size());
    i += length;
  }
  flush();
  std::vector<std::pair<size_t, size_t>> spans;
  out.words = data::splitWords(out.plain, &spans);
  for (size_t t = 0; t < out.tags.size(); ++t) {
    const size_t at = offsets[t];
    int inside = -1, starting = int(spans.size()), ended = 0;
    for (size_t w = 0; w < spans.size(); ++w) {
      if (spans[w].first < at && at < spans[w].second) inside = int(w);
      if (spans[w].second <= at) ended = int(w) + 1;
      if (spans[w].first >= at && starting == int(spans.size())) starting = int(w);
    }
    // Inside a word, a tag belongs to the whole word.
    auto& tag = out.tags[t];
    if (tag.kind == Kind::Close)
      tag.boundary = inside >= 0 ? inside + 1 : ended;
    else
      tag.boundary = inside >= 0 ? inside : starting;
  }
  // Opening and closing tags of one name pair as HTML nests them.
  std::vector<size_t> open;
  for (size_t t = 0; t < out.tags.size(); ++t) {
    auto& tag = out.tags[t];
    if (tag.kind == Kind::Open) {
      open.push_back(t);
    } else if (tag.kind == Kind::Close) {
      auto match =
          std::find_if(open.rbegin(), open.rend(), [&](size_t o) { return out.tags[o].name == tag.name; });
      if (match == open.rend()) continue;
      const size_t o = *match;
      open.erase(std::next(match).base(), open.end());  // what opened inside it and never closed stays alone
      out.tags[o].partner = int(t);
      tag.partner = int(o);
    }
  }
  return out;
}

namespace {

// An element of the source (a paired Open and Close) or the whole text, with
// the words of the translation it holds.
struct Element {
  int open = -1, close = -1;  // tag indices (-1: the whole text)
  int source_begin = 0, source_end = 0;
  int begin = 0, end = 0;     // its target words
  std::vector<int> children;  // elements
  std::vector<int> alone;     // tags placed alone inside it
  std::vector<int> alone_at;  // and the target boundary of each
};

struct Placer {
  const MarkedText& source;
  const std::vector<std::string>& words;
  std::vector<std::vector<int>> targets_of;  // each source word's linked target words
  std::vector<Element> elements;

  // The translation's boundary for the source's: before the first target
  // word linked to a source word at or after it.
  int targetBoundary(int boundary) const {
    for (size_t s = size_t(std::max(0, boundary)); s < targets_of.size(); ++s)
      if (!targets_of[s].empty()) return *std::min_element(targets_of[s].begin(), targets_of[s].end());
    return int(words.size());
  }

  // Each child within [begin, end), beside the others in the order of their words.
  void assign(int e, int begin, int end) {
    auto& element = elements[size_t(e)];
    element.begin = begin;
    element.end = end;
    std::vector<std::pair<std::pair<int, int>, int>> order;
    for (int c : element.children) {
      const auto& child = elements[size_t(c)];
      int lo = int(words.size()), hi = -1;
      for (int s = child.source_begin; s < child.source_end && s < int(targets_of.size()); ++s)
        for (int t : targets_of[size_t(s)]) lo = std::min(lo, t), hi = std::max(hi, t + 1);
      if (hi < 0) lo = hi = targetBoundary(child.source_begin);  // no words of its own: empty, where it stood
      lo = std::clamp(lo, begin, end);
      hi = std::clamp(hi, begin, end);
      order.push_back({{lo, hi}, c});
    }
    std::stable_sort(order.begin(), order.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    element.children.clear();
    int cursor = begin;
    for (const auto& [range, c] : order) {
      const int lo = std::max(range.first, cursor), hi = std::max(range.second, lo);
      element.children.push_back(c);
      assign(c, lo, hi);
      cursor = hi;
    }
    element.alone_at.clear();
    for (int t : element.alone)
      element.alone_at.push_back(std::clamp(targetBoundary(source.tags[size_t(t)].boundary), begin, end));
  }

  struct Out {
    std::string text;
    bool space = false;     // a space is owed before the next word or opening tag
    size_t punct_tail = 0;  // bytes of trailing punctuation at the end of text, after a word
  };

  void word(Out& o, int t) const {
    if (o.space) o.text += ' ';
    o.text += escapeMarkup(words[size_t(t)]);
    o.space = true;
    // Of the word, not its escaped text: the ';' ending "&gt;" is no punctuation (".,:;!?" are never
    // escaped).
    o.punct_tail = trailingPunctuation(words[size_t(t)]);
  }
  static void opening(Out& o, const std::string& tag) {
    if (o.space) o.text += ' ';
    o.text += tag;
    o.space = false;
    o.punct_tail = 0;
  }

  void render(Out& o, int e) const {
    const auto& element = elements[size_t(e)];
    const bool empty = element.begin == element.end;
    if (element.open >= 0) {
      if (empty) {  // no words: kept whole after the word before it
        o.text += source.tags[size_t(element.open)].text;
        o.punct_tail = 0;
      } else {
        opening(o, source.tags[size_t(element.open)].text);
      }
    }
    // Words, children and lone tags in the order of their boundaries.
    struct Item {
      int at, kind, index;  // kind 0: a lone tag, 1: a child
    };
    std::vector<Item> items;
    for (size_t a = 0; a < element.alone.size(); ++a)
      items.push_back({element.alone_at[a], 0, element.alone[a]});
    for (int c : element.children) items.push_back({elements[size_t(c)].begin, 1, c});
    std::stable_sort(items.begin(), items.end(), [](const Item& a, const Item& b) { return a.at < b.at; });
    int at = element.begin;
    for (const auto& item : items) {
      for (; at < item.at; ++at) word(o, at);
      if (item.kind == 0) {
        // As written: with or without a space either side.
        // (A space owed between two words stays, unless the tag parts them itself, as <br> does.)
        const auto& tag = source.tags[size_t(item.index)];
        if (o.space && tag.space_before) o.text += ' ', o.space = false;
        o.text += tag.text;
        if (tag.space_after)
          o.space = true;
        else if (kParting.count(tag.name))
          o.space = false;
        o.punct_tail = 0;
      } else {
        render(o, item.index);
        at = std::max(at, elements[size_t(item.index)].end);
      }
    }
    for (; at < element.end; ++at) word(o, at);
    if (element.close < 0) return;
    const std::string& close = source.tags[size_t(element.close)].text;
    // "file." for "tập tin</b>.": the tag closes before the translation's trailing punctuation.
    if (!empty && o.punct_tail > 0 && !source.tags[size_t(element.close)].after_punctuation) {
      o.text.insert(o.text.size() - o.punct_tail, close);
    } else {
      o.text += close;
      o.punct_tail = 0;
    }
  }
};

}  // namespace

std::string placeMarkup(const MarkedText& source, const std::vector<std::string>& target_words,
                        const std::vector<std::pair<int, int>>& links) {
  Placer placer{source, target_words, {}, {}};
  placer.targets_of.assign(source.words.size(), {});
  for (const auto& [s, t] : links)
    if (s >= 0 && s < int(source.words.size()) && t >= 0 && t < int(target_words.size()))
      placer.targets_of[size_t(s)].push_back(t);
  // The elements as the source nests them; the whole text is the first.
  placer.elements.push_back({});
  std::vector<int> stack{0};
  for (size_t t = 0; t < source.tags.size(); ++t) {
    const auto& tag = source.tags[t];
    if (tag.partner >= 0 && tag.kind == Kind::Open) {
      Element element;
      element.open = int(t);
      element.close = tag.partner;
      element.source_begin = tag.boundary;
      element.source_end = source.tags[size_t(tag.partner)].boundary;
      placer.elements.push_back(element);
      placer.elements[size_t(stack.back())].children.push_back(int(placer.elements.size()) - 1);
      stack.push_back(int(placer.elements.size()) - 1);
    } else if (tag.partner >= 0 && tag.kind == Kind::Close) {
      if (stack.size() > 1) stack.pop_back();
    } else {
      placer.elements[size_t(stack.back())].alone.push_back(int(t));
    }
  }
  placer.elements[0].source_end = int(source.words.size());
  placer.assign(0, 0, int(target_words.size()));
  Placer::Out out;
  placer.render(out, 0);
  return out.text;
}

}  // namespace studio::model
