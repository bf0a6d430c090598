#pragma once

#include <istream>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "model/files/LegacyEncodings.h"

// Text files for translation: read as lines (UTF-8, UTF-16 with its byte
// order mark, or Vietnamese in Windows-1258 or VISCII when asked), their line
// ends, encoding and byte order mark noted, and written back the same way,
// whole or not at all. No LibTorch here.
namespace studio::model {

// A text file as lines, without their line ends, and how it was written.
struct TextDocument {
  // UTF-16 is recognized by its byte order mark (Windows' "Unicode" text),
  // the 8-bit Vietnamese encodings are read when asked for; the lines are
  // UTF-8 whatever the file's encoding.
  enum class Encoding { Utf8, Utf16LE, Utf16BE, Windows1258, Viscii, Tcvn3, Vni };
  std::vector<std::string> lines;
  Encoding encoding = Encoding::Utf8;
  bool bom = false;           // it started with a byte order mark (always, in UTF-16)
  bool crlf = false;          // its first line ended in "\r\n" (then every written line does)
  bool final_newline = true;  // its last line ended in a line break (false for an empty file)

  // The text as it would be written: the lines joined with the file's line
  // end, in its encoding, after its byte order mark. Throws std::runtime_error
  // when an 8-bit encoding has no byte for a character (fitEncoding first).
  std::string text() const;
};

// A file that is not valid UTF-8: its message names the file and line, and
// says which 8-bit Vietnamese encoding it reads as where that is clear.
struct NotUtf8Error : std::runtime_error {
  NotUtf8Error(const std::string& message, std::optional<LegacyEncoding> reads_as)
      : std::runtime_error(message), reads_as(reads_as) {}
  std::optional<LegacyEncoding> reads_as;
};

// Reads a UTF-8 text file, or a UTF-16 one with its byte order mark; with
// `legacy`, a file in that 8-bit encoding. Throws std::runtime_error naming
// the file and line when it cannot be read, holds a line that is not valid
// UTF-8 (UTF-16; NotUtf8Error), or a NUL character (a binary file); with
// `legacy`, when it has a byte order mark or is UTF-8 with letters beyond
// ASCII (read as the 8-bit encoding, they would be garbled).
TextDocument readTextDocument(const std::string& path, std::optional<LegacyEncoding> legacy = std::nullopt);

// The same document read from a stream (stdin), `name` in its errors.
TextDocument readTextDocument(std::istream& in, const std::string& name,
                              std::optional<LegacyEncoding> legacy = std::nullopt);

// A document in an 8-bit encoding that cannot hold one of its characters
// (an English translation's "→", say) is switched to UTF-8, and the notice
// returned says so, naming the line and the character; otherwise "".
std::string fitEncoding(TextDocument& document);

// Writes `document` to `path` whole or not at all (writeAtomically).
void writeTextDocument(const std::string& path, const TextDocument& document);

// Throws std::invalid_argument when `output` is the file `input` (the same
// path, or another name of it): a translation never replaces its source.
void checkDistinctFiles(const std::string& input, const std::string& output);

}  // namespace studio::model
