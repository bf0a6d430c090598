// Subtitles (model/files/SubtitleFile): any bytes, read as a text file is, as
// SubRip (an odd length) or WebVTT (even) are read without a crash or refused
// with a runtime_error; each cue's lines lie inside the file, after the one
// before; the file written back with each piece's own text, or with none,
// reads again, and outside the cues it is the same lines; every piece with
// letters is in one text to translate, once, in order; a text broken over
// two lines loses nothing (its lines joined with a space give it back).
#include <cstdint>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "model/files/SubtitleFile.h"
#include "model/files/SubtitleSentences.h"

namespace {

using namespace studio::model;

SubtitleDocument reread(const TextDocument& written, SubtitleDocument::Format format) {
  try {
    return readSubtitles(written, "written", format);
  } catch (const std::runtime_error&) {
    __builtin_trap();  // what we write must read
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string bytes(reinterpret_cast<const char*>(data), size);
  const auto format = size % 2 == 1 ? SubtitleDocument::Format::SubRip : SubtitleDocument::Format::WebVtt;
  SubtitleDocument d;
  try {
    std::istringstream in(bytes);
    d = readSubtitles(readTextDocument(in, "fuzz"), "fuzz", format);
  } catch (const std::runtime_error&) {
    return 0;
  }
  size_t after = 0;
  std::vector<std::string> own, none;
  for (const auto& cue : d.cues) {
    if (cue.first < after || cue.count == 0 || cue.first + cue.count > d.text.lines.size()) __builtin_trap();
    after = cue.first + cue.count;
    for (const auto& piece : cue.pieces) {
      if (!piece.letters) continue;
      const auto lines = subtitleLines(piece.marked, 2, 10);
      if (lines.size() > 2 || (lines.size() == 2 ? lines[0] + " " + lines[1] : lines[0]) != piece.marked)
        __builtin_trap();
    }
  }
  // Every piece with letters is in one text, once, in the file's order.
  size_t with_letters = 0;
  for (const auto& cue : d.cues)
    for (const auto& piece : cue.pieces) with_letters += piece.letters;
  std::vector<std::pair<size_t, size_t>> places;
  for (const auto& text : d.texts) {
    own.push_back(text.marked);
    none.emplace_back();
    for (const auto& place : text.places) {
      if (!d.cues.at(place.cue).pieces.at(place.piece).letters) __builtin_trap();
      if (!places.empty() && places.back() >= std::make_pair(place.cue, place.piece)) __builtin_trap();
      places.emplace_back(place.cue, place.piece);
    }
  }
  if (places.size() != with_letters) __builtin_trap();
  for (const auto* translations : {&own, &none}) {
    const auto written = writeSubtitles(d, *translations);
    reread(written, format);
    // Before the first cue, the lines are as they were.
    const size_t first = d.cues.empty() ? d.text.lines.size() : d.cues.front().first;
    for (size_t i = 0; i < first; ++i)
      if (written.lines.at(i) != d.text.lines[i]) __builtin_trap();
  }
  return 0;
}
