#include "model/decoding/MarkdownTranslation.h"

namespace studio::model {

MarkdownTranslation translateMarkdown(const Translator& translator, const MarkdownDocument& markdown,
                                      const DecodingOptions& options,
                                      const std::function<void(size_t, size_t)>& progress,
                                      const std::function<bool()>& stop) {
  TextDocument sources;  // each block's marked text, a line each
  std::vector<size_t> lines;
  for (const auto& block : markdown.blocks) {
    sources.lines.push_back(block.marked);
    lines.push_back(block.first + 1);
  }
  const auto translated =
      translateMarkedDocument(translator, sources, options, data::SplitMode::Sentences, progress, stop);
  MarkdownTranslation out;
  out.document = writeMarkdown(markdown, translated.translation.lines);
  out.encoding_notice = fitEncoding(out.document);
  out.blocks = markdown.blocks.size();
  out.code_blocks = markdown.code_blocks;
  out.html_blocks = markdown.html_blocks;
  out.sentences = translated.segments;
  out.memory = memoryUnits(translated, &out.memory_left_out);
  out.notices = noticesAtLines(translated.notices, lines);
  return out;
}

}  // namespace studio::model
