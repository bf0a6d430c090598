#pragma once

#include <functional>
#include <string>
#include <vector>

#include "model/decoding/DocumentTranslation.h"
#include "model/files/SubtitleFile.h"

// Subtitles (model/files/SubtitleFile.h) translated: each cue's text, or
// each line of a dialogue, gets the model's translation in its place, its
// tags kept around the words aligned to theirs and its codes where their
// neighbours went; numbers, timings, notes and styles as they were. For
// `translate --input talk.srt`, the app's "Translate a file…" and the
// server's /translate_file.
namespace studio::model {

struct SubtitleTranslation {
  TextDocument document;             // the translated file (in the source's encoding where it fits)
  std::string encoding_notice;       // why it was written in UTF-8 instead (fitEncoding), or ""
  size_t cues = 0;                   // cues with text translated
  size_t sentences = 0;              // sentences (and parts of long ones) decoded for them
  std::vector<std::string> notices;  // "line N: ..." (the cue's first line of text)
  std::vector<data::TmxUnit> memory;
  size_t memory_left_out = 0;
};

SubtitleTranslation translateSubtitles(const Translator& translator, const SubtitleDocument& subtitles,
                                       const DecodingOptions& options,
                                       const std::function<void(size_t, size_t)>& progress = nullptr,
                                       const std::function<bool()>& stop = nullptr);

}  // namespace studio::model
