// Markdown documents (model/files/MarkdownFile): any bytes, read as a text
// file is, give blocks that lie inside the file, each after the one before;
// the file written back with each block's own marked text holds the same
// letters and digits in the same order (nothing lost or repeated: a
// paragraph's lines are joined on one, what would start a block at its
// start escaped) and reads again, and written with no translation at all it
// still reads.
#include <algorithm>
#include <cctype>
#include <cstdint>
#include <cstdio>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "model/files/MarkdownFile.h"

using namespace studio::model;

namespace {

// A document's letters and digits (and every byte beyond ASCII), in order.
std::string lettersOf(const TextDocument& d) {
  std::string out;
  for (const auto& line : d.lines)
    for (char c : line)
      if (std::isalnum(static_cast<unsigned char>(c)) || (c & 0x80)) out += c;
  return out;
}

void checkBlocks(const MarkdownDocument& d) {
  const auto& lines = d.text.lines;
  size_t line = 0, column = 0;
  bool first = true;
  for (const auto& b : d.blocks) {
    if (b.first > b.last || b.last >= lines.size() || b.column > lines[b.first].size() ||
        b.end_column > lines[b.last].size() || (b.first == b.last && b.column > b.end_column))
      __builtin_trap();
    if (!first && (b.first < line || (b.first == line && b.column < column))) __builtin_trap();
    if (b.marked.empty()) __builtin_trap();
    line = b.last;
    column = b.end_column;
    first = false;
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string bytes(reinterpret_cast<const char*>(data), size);
  MarkdownDocument d;
  try {
    std::istringstream in(bytes);
    d = readMarkdown(readTextDocument(in, "fuzz.md"), "fuzz.md");
  } catch (const std::runtime_error&) {
    return 0;  // not UTF-8, a NUL: refused as a text file is
  }
  checkBlocks(d);
  std::vector<std::string> own, none;
  for (const auto& b : d.blocks) {
    own.push_back(b.marked);
    none.emplace_back();
  }
  const TextDocument written = writeMarkdown(d, own);
  if (lettersOf(written) != lettersOf(d.text)) {
    std::fprintf(stderr, "the letters of\n%s\nwritten back as\n%s\n", lettersOf(d.text).c_str(),
                 lettersOf(written).c_str());
    for (const auto& b : d.blocks) std::fprintf(stderr, "  line %zu: %s\n", b.first + 1, b.marked.c_str());
    for (const auto& l : written.lines) std::fprintf(stderr, "| %s\n", l.c_str());
    __builtin_trap();
  }
  checkBlocks(readMarkdown(written, "written.md"));
  checkBlocks(readMarkdown(writeMarkdown(d, none), "empty.md"));
  return 0;
}
