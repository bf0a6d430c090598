// Text files handed to Translate a file (model/files/TextDocument): any bytes
// are read as lines or refused with an error naming the file (and the line,
// but for a byte order mark that contradicts the encoding asked for); what is
// read, written back (text()) and read again, gives the same lines, line
// ends, encoding and byte order mark. The first byte chooses how the rest is
// read: as UTF-8/UTF-16 (even), as Windows-1258 (1 mod 8), VISCII (3 mod 8),
// TCVN3 (5 mod 8) or VNI (7 mod 8).
#include <cstdint>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>

#include "model/files/TextDocument.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using studio::model::LegacyEncoding;
  using studio::model::readTextDocument;
  if (size == 0) return 0;
  std::optional<LegacyEncoding> legacy;
  if (data[0] % 2 == 1)
    legacy = data[0] % 8 == 1   ? LegacyEncoding::Windows1258
             : data[0] % 8 == 3 ? LegacyEncoding::Viscii
             : data[0] % 8 == 5 ? LegacyEncoding::Tcvn3
                                : LegacyEncoding::Vni;
  std::istringstream in(std::string(reinterpret_cast<const char*>(data + 1), size - 1));
  studio::model::TextDocument document;
  try {
    document = readTextDocument(in, "input.txt", legacy);
  } catch (const std::runtime_error& e) {
    const std::string what = e.what();
    if (what.rfind("input.txt line ", 0) != 0 && !(legacy && what.rfind("input.txt starts with a ", 0) == 0))
      __builtin_trap();
    return 0;
  }
  const std::string written = document.text();  // throws (and fails) if a character read cannot be written
  studio::model::TextDocument again;
  if (legacy) {
    // Written bytes may happen to be valid UTF-8, which the reader refuses
    // for an 8-bit encoding: decoded directly, they must give the same text.
    if (studio::model::legacyToUtf8(written, *legacy, "written.txt") !=
        studio::model::TextDocument{document.lines, studio::model::TextDocument::Encoding::Utf8, false,
                                    document.crlf, document.final_newline}
            .text())
      __builtin_trap();
    return 0;
  }
  std::istringstream again_in(written);
  again = readTextDocument(again_in, "written.txt");  // throws (and fails) if unreadable
  if (again.lines != document.lines || again.encoding != document.encoding || again.bom != document.bom)
    __builtin_trap();
  if (!document.lines.empty() &&
      (again.crlf != document.crlf || again.final_newline != document.final_newline))
    __builtin_trap();
  if (again.text() != written) __builtin_trap();
  return 0;
}
