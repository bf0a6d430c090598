// Web pages (model/files/HtmlFile): any bytes are read without a crash or
// refused with a runtime_error; the blocks found lie in order inside the
// page, and a page written back with each block's own text is the page
// itself (its language aside).
#include <cstdint>
#include <stdexcept>
#include <string>

#include "model/files/HtmlFile.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace studio::model;
  const std::string bytes(reinterpret_cast<const char*>(data), size);
  HtmlDocument page;
  try {
    page = readHtml(bytes, "fuzz.html");
  } catch (const std::runtime_error&) {
    return 0;
  }
  std::vector<std::string> own;
  size_t after = 0;
  for (const auto& block : page.blocks) {
    if (block.begin < after || block.end <= block.begin || block.end > page.text.size()) __builtin_trap();
    if (block.marked.empty() || block.marked.find('\n') != std::string::npos) __builtin_trap();
    own.push_back(page.text.substr(block.begin, block.end - block.begin));
    after = block.end;
  }
  page.languages.clear();
  if (writeHtml(page, own) != bytes) __builtin_trap();
  return 0;
}
