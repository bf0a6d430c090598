// Web pages (model/files/HtmlFile): any bytes are read without a crash or
// refused with a runtime_error; the blocks found lie in order inside the
// page, each attribute to translate inside its block (or outside every
// block), and a page written back with each block's own text and each
// attribute's own value is the page itself, in UTF-8 (its language and
// charset declarations aside, and an attribute without quotes given some).
// Read in an 8-bit encoding as asked, it is read or refused too.
#include <cstdint>
#include <map>
#include <stdexcept>
#include <string>

#include "model/files/HtmlFile.h"
#include "model/files/LegacyEncodings.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace studio::model;
  const std::string bytes(reinterpret_cast<const char*>(data), size);
  try {
    const LegacyEncoding asked[] = {LegacyEncoding::Windows1258, LegacyEncoding::Viscii,
                                    LegacyEncoding::Tcvn3};
    readHtml(bytes, "fuzz.html", asked[size % 3]);
  } catch (const std::runtime_error&) {
  }
  HtmlDocument page;
  try {
    page = readHtml(bytes, "fuzz.html");
  } catch (const std::runtime_error&) {
    return 0;
  }
  for (const auto& [begin, end] : page.charsets)
    if (end < begin || end > page.text.size()) __builtin_trap();
  std::map<size_t, const HtmlAttributeText*> inside;  // where each attribute of a block starts
  std::vector<std::string> values;
  std::string expected = page.text;
  size_t after = 0;
  for (const auto& attribute : page.attributes) {
    if (attribute.end < attribute.begin || attribute.end > page.text.size() || attribute.marked.empty() ||
        attribute.marked.find('\n') != std::string::npos)
      __builtin_trap();
    if (attribute.block != std::string::npos) {
      if (attribute.block >= page.blocks.size() || attribute.placeholder.empty()) __builtin_trap();
      const auto& block = page.blocks[attribute.block];
      if (attribute.begin < block.begin || attribute.end > block.end) __builtin_trap();
      inside[attribute.begin] = &attribute;
    }
    values.push_back(page.text.substr(attribute.begin, attribute.end - attribute.begin));
  }
  for (auto attribute = page.attributes.rbegin(); attribute != page.attributes.rend(); ++attribute)
    if (!attribute->quote) {  // written back in quotes, a '"' in it as &quot;
      std::string quoted = "\"";
      for (size_t i = attribute->begin; i < attribute->end; ++i)
        quoted += page.text[i] == '"' ? std::string("&quot;") : std::string(1, page.text[i]);
      expected.replace(attribute->begin, attribute->end - attribute->begin, quoted + "\"");
    }
  std::vector<std::string> own;
  for (const auto& block : page.blocks) {
    if (block.begin < after || block.end <= block.begin || block.end > page.text.size()) __builtin_trap();
    if (block.marked.empty() || block.marked.find('\n') != std::string::npos) __builtin_trap();
    std::string text;  // the block's bytes, each attribute's value as its placeholder
    size_t at = block.begin;
    for (auto it = inside.lower_bound(block.begin); it != inside.end() && it->first < block.end; ++it) {
      text.append(page.text, at, it->first - at);
      text.append(it->second->placeholder);
      at = it->second->end;
    }
    text.append(page.text, at, block.end - at);
    own.push_back(std::move(text));
    after = block.end;
  }
  page.languages.clear();
  page.charsets.clear();
  if (writeHtml(page, own, values) != (page.bom ? "\xEF\xBB\xBF" : "") + expected) __builtin_trap();
  return 0;
}
