#include "model/decoding/DocumentTranslation.h"

#include <algorithm>
#include <set>
#include <utility>

#include "model/data/Text.h"
#include "model/decoding/WordAlignment.h"

namespace studio::model {

namespace {

// Characters (code points) of valid UTF-8 text.
size_t characters(std::string_view text) {
  return size_t(std::count_if(text.begin(), text.end(), [](char c) { return (c & 0xC0) != 0x80; }));
}

// `text` (one line, words between single spaces) wrapped into lines of at
// most `width` characters, between words; a longer word has a line of its own.
std::vector<std::string> wrapWords(const std::string& text, size_t width) {
  std::vector<std::string> out;
  std::string line;
  size_t line_width = 0, start = 0;
  while (start < text.size()) {
    size_t end = text.find(' ', start);
    if (end == std::string::npos) end = text.size();
    const std::string_view word(text.data() + start, end - start);
    const size_t word_width = characters(word);
    if (!line.empty() && line_width + 1 + word_width > width) {
      out.push_back(std::move(line));
      line.clear();
      line_width = 0;
    }
    if (!line.empty()) {
      line += ' ';
      ++line_width;
    }
    line += word;
    line_width += word_width;
    start = end + 1;
  }
  if (!line.empty() || out.empty()) out.push_back(std::move(line));
  return out;
}

}  // namespace

DocumentTranslation translateDocument(const Translator& translator, const TextDocument& document,
                                      const DecodingOptions& options, data::SplitMode mode,
                                      const std::function<void(size_t, size_t)>& progress,
                                      const std::function<bool()>& stop) {
  if (stop && stop()) throw TranslationStopped();
  // What is translated as one text: a line, or with Paragraphs a blank line or
  // the lines up to the next blank one. (first line, number of lines)
  std::vector<std::pair<size_t, size_t>> units;
  std::vector<std::string> texts;
  const auto& lines = document.lines;
  for (size_t i = 0; i < lines.size();) {
    size_t j = i + 1;
    if (mode == data::SplitMode::Paragraphs && !data::isBlank(lines[i]))
      while (j < lines.size() && !data::isBlank(lines[j])) ++j;
    std::string text;
    for (size_t k = i; k < j; ++k) text += (k > i ? "\n" : "") + data::normalizeWhitespace(lines[k]);
    units.emplace_back(i, j - i);
    texts.push_back(std::move(text));
    i = j;
  }
  // Called after each batch: the place to stop between two.
  DocumentTranslation out;
  if (mode != data::SplitMode::Paragraphs) {
    std::string whole;
    for (const auto& line : lines) whole += line + '\n';
    out.wrapped_breaks = data::breaksInsideSentences(whole);
  }
  const auto each_batch = [&](size_t done, size_t total) {
    out.decoded = total;
    if (stop && stop()) throw TranslationStopped();
    if (progress) progress(done, total);
  };
  out.lines = translateTexts(translator, texts, options, mode, 4096, each_batch);
  out.translation = document;
  out.translation.lines.clear();
  for (size_t u = 0; u < out.lines.size(); ++u) {
    const auto& unit = out.lines[u];
    const auto [first, count] = units[u];
    if (count == 1) {
      out.translation.lines.push_back(unit.text());
    } else {
      // A paragraph wrapped as its source was: at the width of its longest line.
      size_t width = 1;
      for (size_t k = first; k < first + count; ++k) width = std::max(width, characters(lines[k]));
      for (auto& line : wrapWords(unit.text(), width)) out.translation.lines.push_back(std::move(line));
    }
    out.segments += unit.source.segments.size();
    const std::string where =
        count == 1 ? "line " + std::to_string(first + 1)
                   : "lines " + std::to_string(first + 1) + "-" + std::to_string(first + count);
    for (const auto& notice : unit.source.notices) out.notices.push_back(where + ": " + notice);
  }
  return out;
}

TextDocument plainDocument(const TextDocument& document, std::vector<MarkedText>* marked) {
  auto plain = document;
  marked->clear();
  for (auto& line : plain.lines) {
    marked->push_back(parseMarkup(line));
    line = marked->back().plain;
  }
  return plain;
}

DocumentTranslation translateMarkedDocument(const Translator& translator, const TextDocument& document,
                                            const DecodingOptions& options, data::SplitMode mode,
                                            const std::function<void(size_t, size_t)>& progress,
                                            const std::function<bool()>& stop,
                                            std::vector<MarkedText>* marked) {
  if (mode == data::SplitMode::Paragraphs)
    throw std::invalid_argument("markup is kept a line at a time: not with wrapped paragraphs");
  std::vector<MarkedText> parsed;
  const auto plain = plainDocument(document, &parsed);
  auto out = translateDocument(translator, plain, options, mode, progress, stop);
  const auto aligned = alignTexts(translator, out.lines, 1);
  for (size_t i = 0; i < out.lines.size(); ++i)
    out.translation.lines[i] = markedTranslation(parsed[i], aligned[i]);
  if (marked) *marked = std::move(parsed);
  return out;
}

std::vector<data::TmxUnit> memoryUnits(const DocumentTranslation& translation, size_t* empty) {
  std::vector<data::TmxUnit> units;
  std::set<std::pair<std::string, std::string>> seen;
  if (empty) *empty = 0;
  const auto add = [&](std::string vi, std::string en) {
    if (vi.empty()) return;
    if (en.empty()) {
      if (empty) ++*empty;
      return;
    }
    if (!seen.insert({vi, en}).second) return;
    units.push_back({std::move(vi), std::move(en), {}});
  };
  for (const auto& text : translation.lines) {
    const auto& segments = text.source.segments;
    std::string vi, en;
    for (size_t i = 0; i < segments.size(); ++i) {
      if (i > 0 && segments[i].sentence != segments[i - 1].sentence) {
        add(std::move(vi), std::move(en));
        vi.clear(), en.clear();
      }
      const std::string best =
          i < text.segments.size() && !text.segments[i].empty() ? text.segments[i][0].text : "";
      vi += (vi.empty() ? "" : " ") + segments[i].text;
      en += (en.empty() || best.empty() ? "" : " ") + best;
    }
    add(std::move(vi), std::move(en));
  }
  return units;
}

std::vector<std::string> noticesAt(const std::vector<std::string>& notices, size_t count,
                                   const std::function<std::string(size_t)>& place) {
  std::vector<std::string> out;
  for (const auto& notice : notices) {
    size_t line = 0, at = 5;
    while (notice.rfind("line ", 0) == 0 && at < notice.size() && notice[at] >= '0' && notice[at] <= '9')
      line = line * 10 + size_t(notice[at++] - '0');
    out.push_back(line >= 1 && line <= count ? place(line) + notice.substr(at) : notice);
  }
  return out;
}

std::vector<std::string> noticesAtLines(const std::vector<std::string>& notices,
                                        const std::vector<size_t>& lines) {
  return noticesAt(notices, lines.size(),
                   [&](size_t line) { return "line " + std::to_string(lines[line - 1]); });
}

}  // namespace studio::model
