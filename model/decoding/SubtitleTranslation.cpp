#include "model/decoding/SubtitleTranslation.h"

namespace studio::model {

SubtitleTranslation translateSubtitles(const Translator& translator, const SubtitleDocument& subtitles,
                                       const DecodingOptions& options,
                                       const std::function<void(size_t, size_t)>& progress,
                                       const std::function<bool()>& stop) {
  TextDocument sources;  // each text's marked text, a line each
  std::vector<size_t> lines;
  for (const auto& text : subtitles.texts) {
    sources.lines.push_back(text.marked);
    lines.push_back(text.line);
  }
  const auto translated =
      translateMarkedDocument(translator, sources, options, data::SplitMode::Sentences, progress, stop);
  SubtitleTranslation out;
  out.document = writeSubtitles(subtitles, translated.translation.lines);
  out.encoding_notice = fitEncoding(out.document);
  out.cues = subtitles.cues.size();
  out.sentences = translated.segments;
  out.memory = memoryUnits(translated, &out.memory_left_out);
  out.notices = subtitles.notices;
  for (auto& notice : noticesAtLines(translated.notices, lines)) out.notices.push_back(std::move(notice));
  return out;
}

}  // namespace studio::model
