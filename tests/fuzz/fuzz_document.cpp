// Text files handed to Translate a file (model/files/TextDocument): any bytes
// are read as lines or refused with an error naming the line; what is read,
// written back (text()) and read again, gives the same lines, line ends,
// encoding and byte order mark.
#include <cstdint>
#include <sstream>
#include <stdexcept>
#include <string>

#include "model/files/TextDocument.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using studio::model::readTextDocument;
  std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
  studio::model::TextDocument document;
  try {
    document = readTextDocument(in, "input.txt");
  } catch (const std::runtime_error& e) {
    if (std::string(e.what()).rfind("input.txt line ", 0) != 0) __builtin_trap();  // the line named
    return 0;
  }
  const std::string written = document.text();
  std::istringstream again_in(written);
  const auto again = readTextDocument(again_in, "written.txt");  // throws (and fails) if unreadable
  if (again.lines != document.lines || again.encoding != document.encoding || again.bom != document.bom)
    __builtin_trap();
  if (!document.lines.empty() &&
      (again.crlf != document.crlf || again.final_newline != document.final_newline))
    __builtin_trap();
  if (again.text() != written) __builtin_trap();
  return 0;
}
