#include "model/decoding/OfficeTranslation.h"

namespace studio::model {

std::string officeParagraphPlace(const OfficeDocument& document, const OfficeParagraph& paragraph) {
  return document.parts[paragraph.part].name + " line " + std::to_string(paragraph.line) + " (\xe2\x80\x9c" +
         paragraph.first_words + "\xe2\x80\x9d)";
}

OfficeTranslation translateOfficeDocument(const Translator& translator, const OfficeDocument& document,
                                          const DecodingOptions& options,
                                          const std::function<void(size_t, size_t)>& progress,
                                          const std::function<bool()>& stop) {
  TextDocument sources;  // each paragraph's marked text, a line each
  for (const auto& p : document.paragraphs) sources.lines.push_back(p.marked);
  const auto translated =
      translateMarkedDocument(translator, sources, options, data::SplitMode::Sentences, progress, stop);
  OfficeTranslation out;
  out.bytes = writeOfficeDocument(document, translated.translation.lines);
  out.paragraphs = document.paragraphs.size();
  out.kept = document.kept.size();
  out.comments = document.comments;
  out.tcvn3 = document.tcvn3_paragraphs;
  out.vni = document.vni_paragraphs;
  out.sentences = translated.segments;
  out.memory = memoryUnits(translated, &out.memory_left_out);
  for (const auto& k : document.kept)
    out.notices.push_back(document.parts[k.part].name + " line " + std::to_string(k.line) +
                          ": a paragraph kept as written: " + k.why);
  // The notices name lines of `sources`: name the paragraphs instead.
  for (auto& notice : noticesAt(translated.notices, document.paragraphs.size(), [&](size_t line) {
         return officeParagraphPlace(document, document.paragraphs[line - 1]);
       }))
    out.notices.push_back(std::move(notice));
  return out;
}

}  // namespace studio::model
