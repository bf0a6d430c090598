#pragma once

#include <istream>
#include <string>
#include <vector>

// Text files for translation: read as lines (UTF-8, or UTF-16 with its byte
// order mark), their line ends, encoding and byte order mark noted, and
// written back the same way, whole or not at all. No LibTorch here.
namespace studio::model {

// A text file as lines, without their line ends, and how it was written.
struct TextDocument {
  // UTF-16 is recognized by its byte order mark (Windows' "Unicode" text);
  // the lines are UTF-8 whatever the file's encoding.
  enum class Encoding { Utf8, Utf16LE, Utf16BE };
  std::vector<std::string> lines;
  Encoding encoding = Encoding::Utf8;
  bool bom = false;           // it started with a byte order mark (always, in UTF-16)
  bool crlf = false;          // its first line ended in "\r\n" (then every written line does)
  bool final_newline = true;  // its last line ended in a line break (false for an empty file)

  // The text as it would be written: the lines joined with the file's line
  // end, in its encoding, after its byte order mark.
  std::string text() const;
};

// Reads a UTF-8 text file, or a UTF-16 one with its byte order mark. Throws
// std::runtime_error naming the file and line when it cannot be read, holds
// a line that is not valid UTF-8 (UTF-16), or a NUL character (a binary file).
TextDocument readTextDocument(const std::string& path);

// The same document read from a stream (stdin), `name` in its errors.
TextDocument readTextDocument(std::istream& in, const std::string& name);

// Writes `document` to `path` whole or not at all (writeAtomically).
void writeTextDocument(const std::string& path, const TextDocument& document);

// Throws std::invalid_argument when `output` is the file `input` (the same
// path, or another name of it): a translation never replaces its source.
void checkDistinctFiles(const std::string& input, const std::string& output);

}  // namespace studio::model
