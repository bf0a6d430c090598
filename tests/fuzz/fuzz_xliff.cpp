// XLIFF documents (model/files/XliffFile): any bytes are read without a
// crash or refused with XmlError; a document read is written back with each
// segment's own source as its target, and what is written reads again, with
// the same segments.
#include <cstdint>
#include <string>

#include "model/files/XliffFile.h"
#include "model/files/XmlReader.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace studio::model;
  const std::string bytes(reinterpret_cast<const char*>(data), size);
  XliffDocument document;
  try {
    document = readXliff(bytes, "fuzz.xlf");
  } catch (const XmlError&) {
    return 0;
  }
  std::vector<std::string> targets;
  for (const auto& s : document.segments) {
    if (s.replace_begin > s.replace_end || s.replace_end > document.text.size()) __builtin_trap();
    if (s.state == XliffSegment::State::ToTranslate) targets.push_back(restoreXliffCodes(s.marked, s.codes));
  }
  const std::string written = writeXliff(document, targets);
  try {
    if (readXliff(written, "fuzz.xlf").segments.size() != document.segments.size()) __builtin_trap();
  } catch (const XmlError&) {
    __builtin_trap();  // the targets made the document unreadable
  }
  return 0;
}
