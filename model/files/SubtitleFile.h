#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "model/files/LegacyEncodings.h"
#include "model/files/TextDocument.h"

// Subtitles to translate: SubRip (.srt) and WebVTT (.vtt) files, read as text
// files are (UTF-8, UTF-16 with its mark, or an 8-bit Vietnamese encoding
// when asked: TextDocument.h) and written back the same way with each cue's
// text translated and its number, timing and settings as they were. A cue's
// lines are one text (a sentence wrapped over two lines is translated whole,
// and its translation broken over two lines again where it is long), and a
// sentence that runs on into the next cue (or two) is translated whole too,
// its translation shared out between the cues by the words' alignment; a
// dialogue — every line a speaker's, starting with a dash — is translated a
// line at a time, each keeping its dash. Inline tags (<i>, <b>, <u>, <font>;
// WebVTT's <c.class>, <v Speaker>) are markup kept around the words they
// held; what is no text (an SRT position code {\an8}, a WebVTT timestamp
// <00:01.500>) is a code kept where its neighbours went. WebVTT's notes,
// styles and regions are kept as written. No LibTorch here.
namespace studio::model {

struct SubtitlePiece {
  std::string dash;  // a dialogue line's dash as written ("- "); "" otherwise
  // The text to translate, markup's: & < > as references, tags as written,
  // each code as <x-code n="K"/> (K in `codes`).
  std::string marked;
  bool letters = false;  // it holds a letter: translated (else kept as written)
  std::vector<std::string> codes;
};

struct SubtitleCue {
  size_t first = 0, count = 0;        // its text's lines in TextDocument::lines
  bool timed = true;                  // false: text standing with no timing line before it (said in notices)
  std::vector<SubtitlePiece> pieces;  // the lines joined; a dialogue's, one a line
};

// One text to translate: a piece, or a sentence that runs on over the
// pieces of cues one after another (a cue that ends without a sentence's
// end, and the next one or two). Its translation is shared out between
// them where the words aligned to each cue's went.
struct SubtitleText {
  struct Place {
    size_t cue = 0, piece = 0;
  };
  std::vector<Place> places;  // its pieces, in order
  // Their marked texts joined, each edge between two cues a code of its own
  // (kSubtitleCueEdge in `codes`), the pieces' codes renumbered after.
  std::string marked;
  std::vector<std::string> codes;
  size_t line = 0;  // its first line in the file, 1-based
};

// What stands for an edge between two cues among a text's codes.
inline const std::string kSubtitleCueEdge = "\x1e";

struct SubtitleDocument {
  enum class Format { SubRip, WebVtt };
  Format format = Format::SubRip;
  std::string name;
  TextDocument text;
  std::vector<SubtitleCue> cues;     // those with text, in the file's order
  std::vector<SubtitleText> texts;   // the pieces with letters, as they are translated
  std::vector<std::string> notices;  // "line N: …": what was not read as the file's kind says
  size_t translatable() const { return texts.size(); }
};

// Reads the lines of a subtitle file (`text`, read as TextDocument.h reads
// one) as `format`'s. Throws std::runtime_error naming `name` and the line:
// a WebVTT file that does not start with WEBVTT.
SubtitleDocument readSubtitles(TextDocument text, const std::string& name, SubtitleDocument::Format format);

// The subtitles in a file whose name ends in .srt or .vtt, or that starts
// with WEBVTT, or whose first lines are an SRT cue's number and timing;
// nullopt for any other file. Throws as readTextDocument and readSubtitles do.
std::optional<SubtitleDocument> readSubtitleFile(const std::string& path,
                                                 std::optional<LegacyEncoding> legacy = std::nullopt);

// The file with `translations` (one for each of its texts, in order:
// markup, codes as <x-code n="K"/>) in place of the cues' text. Throws
// std::invalid_argument when the count is not the texts'.
TextDocument writeSubtitles(const SubtitleDocument& document, const std::vector<std::string>& translations);

}  // namespace studio::model
