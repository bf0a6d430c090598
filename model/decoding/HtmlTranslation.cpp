#include "model/decoding/HtmlTranslation.h"

#include "model/files/XliffFile.h"

namespace studio::model {

std::string writeTranslatedPage(const HtmlDocument& page, const std::vector<std::string>& lines,
                                size_t& next) {
  std::vector<std::string> blocks, attributes;
  for (const auto& block : page.blocks) blocks.push_back(restoreXliffCodes(lines.at(next++), block.codes));
  for (size_t i = 0; i < page.attributes.size(); ++i) attributes.push_back(lines.at(next++));
  return writeHtml(page, blocks, attributes);
}

HtmlTranslation translateHtml(const Translator& translator, const HtmlDocument& page,
                              const DecodingOptions& options,
                              const std::function<void(size_t, size_t)>& progress,
                              const std::function<bool()>& stop) {
  TextDocument sources;  // each block's marked text, then each attribute's, a line each
  std::vector<size_t> lines;
  for (const auto& block : page.blocks) {
    sources.lines.push_back(block.marked);
    lines.push_back(block.line);
  }
  for (const auto& attribute : page.attributes) {
    sources.lines.push_back(attribute.marked);
    lines.push_back(attribute.line);
  }
  const auto translated =
      translateMarkedDocument(translator, sources, options, data::SplitMode::Sentences, progress, stop);
  HtmlTranslation out;
  size_t next = 0;
  out.text = writeTranslatedPage(page, translated.translation.lines, next);
  out.blocks = page.blocks.size();
  out.attributes = page.attributes.size();
  out.not_translatable = page.not_translatable;
  out.other_language = page.other_language;
  out.sentences = translated.segments;
  out.memory = memoryUnits(translated, &out.memory_left_out);
  out.notices = page.notices;  // how it was read, then how it was translated
  for (auto& notice : noticesAtLines(translated.notices, lines)) out.notices.push_back(std::move(notice));
  return out;
}

}  // namespace studio::model
