#include "model/decoding/EpubTranslation.h"

#include "model/decoding/HtmlTranslation.h"

namespace studio::model {

EpubTranslation translateEpub(const Translator& translator, const EpubBook& book,
                              const DecodingOptions& options,
                              const std::function<void(size_t, size_t)>& progress,
                              const std::function<bool()>& stop) {
  // Every page's blocks and attributes, then the book's texts, a line each; where each line is, for notices.
  TextDocument sources;
  std::vector<std::string> places;
  for (const auto& p : book.pages) {
    const std::string& file = book.entries[p.entry].first;
    const std::string where = p.escaped ? file + " (the description) line " : file + " line ";
    for (const auto& block : p.page.blocks) {
      sources.lines.push_back(block.marked);
      places.push_back(where + std::to_string(block.line));
    }
    for (const auto& attribute : p.page.attributes) {
      sources.lines.push_back(attribute.marked);
      places.push_back(where + std::to_string(attribute.line));
    }
  }
  for (const auto& t : book.texts) {
    sources.lines.push_back(t.marked);
    places.push_back(book.entries[t.entry].first + " line " + std::to_string(t.line));
  }
  const auto translated =
      translateMarkedDocument(translator, sources, options, data::SplitMode::Sentences, progress, stop);
  const auto& lines = translated.translation.lines;
  EpubTranslation out;
  std::vector<std::string> pages;
  size_t next = 0;
  for (const auto& p : book.pages) {
    pages.push_back(writeTranslatedPage(p.page, lines, next));
    out.pages += !p.page.blocks.empty() || !p.page.attributes.empty();
    out.blocks += p.page.blocks.size();
    out.attributes += p.page.attributes.size();
    out.not_translatable += p.page.not_translatable;
    out.other_language += p.page.other_language;
  }
  const std::vector<std::string> texts(lines.begin() + long(next), lines.end());
  out.bytes = writeEpub(book, pages, texts);
  out.texts = texts.size();
  out.sentences = translated.segments;
  out.memory = memoryUnits(translated, &out.memory_left_out);
  out.notices = book.notices;
  for (auto& notice :
       noticesAt(translated.notices, places.size(), [&](size_t line) { return places[line - 1]; }))
    out.notices.push_back(std::move(notice));
  return out;
}

}  // namespace studio::model
