#include "model/decoding/XliffTranslation.h"

namespace studio::model {

XliffTranslation translateXliff(const Translator& translator, const XliffDocument& document,
                                const DecodingOptions& options,
                                const std::function<void(size_t, size_t)>& progress,
                                const std::function<bool()>& stop) {
  XliffTranslation out;
  TextDocument sources;  // the marked source of each segment to translate, a line each
  std::vector<const XliffSegment*> segments;
  for (const auto& s : document.segments) {
    if (s.state == XliffSegment::State::Translated) ++out.kept;
    if (s.state == XliffSegment::State::NotTranslatable) ++out.not_translatable;
    if (s.state != XliffSegment::State::ToTranslate) continue;
    sources.lines.push_back(s.marked);
    segments.push_back(&s);
  }
  const auto translated =
      translateMarkedDocument(translator, sources, options, data::SplitMode::Sentences, progress, stop);
  std::vector<std::string> targets;
  for (size_t i = 0; i < segments.size(); ++i)
    targets.push_back(restoreXliffCodes(translated.translation.lines[i], segments[i]->codes));
  out.text = writeXliff(document, targets);
  out.translated = segments.size();
  out.sentences = translated.segments;
  out.memory = memoryUnits(translated, &out.memory_left_out);
  // The notices name lines of `sources`: name the segments' lines in the file instead.
  std::vector<size_t> lines;
  for (const auto* segment : segments) lines.push_back(segment->line);
  out.notices = noticesAtLines(translated.notices, lines);
  return out;
}

}  // namespace studio::model
