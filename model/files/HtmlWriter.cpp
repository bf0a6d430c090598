#include <algorithm>
#include <stdexcept>
#include <tuple>

#include "model/files/HtmlAttributes.h"
#include "model/files/HtmlFile.h"

// A web page written back with its blocks' and attributes' translations in
// place: every other byte as it was read (HtmlFile.cpp reads the page).
namespace studio::model {

std::string writeHtml(const HtmlDocument& document, const std::vector<std::string>& translations,
                      const std::vector<std::string>& attributes) {
  if (translations.size() != document.blocks.size())
    throw std::invalid_argument(document.name + ": " + std::to_string(translations.size()) +
                                " translations for " + std::to_string(document.blocks.size()) + " blocks");
  if (attributes.size() != document.attributes.size())
    throw std::invalid_argument(document.name + ": " + std::to_string(attributes.size()) +
                                " translations for " + std::to_string(document.attributes.size()) +
                                " attributes");
  std::vector<std::string> blocks = translations;
  std::vector<std::tuple<size_t, size_t, std::string>> edits;
  for (size_t i = 0; i < attributes.size(); ++i) {
    const auto& attribute = document.attributes[i];
    std::string value = html::writtenValue(attribute, attributes[i]);
    if (attribute.block == std::string::npos) {
      edits.emplace_back(attribute.begin, attribute.end, std::move(value));
      continue;
    }
    auto& block = blocks.at(attribute.block);
    const size_t at = block.find(attribute.placeholder);
    if (at == std::string::npos)
      throw std::invalid_argument(document.name + " line " + std::to_string(attribute.line) + ": the " +
                                  attribute.name +
                                  " attribute's place was lost from its block's translation");
    block.replace(at, attribute.placeholder.size(), value);
  }
  for (size_t i = 0; i < blocks.size(); ++i)
    edits.emplace_back(document.blocks[i].begin, document.blocks[i].end, std::move(blocks[i]));
  for (const auto& [begin, end] : document.languages) edits.emplace_back(begin, end, "en");
  for (const auto& [begin, end] : document.charsets) edits.emplace_back(begin, end, "utf-8");
  std::sort(edits.begin(), edits.end(),
            [](const auto& a, const auto& b) { return std::get<0>(a) < std::get<0>(b); });
  std::string out = document.bom ? "\xEF\xBB\xBF" : "";
  size_t at = 0;
  for (const auto& [begin, end, replacement] : edits) {
    out.append(document.text, at, begin - at);
    out.append(replacement);
    at = end;
  }
  out.append(document.text, at, std::string::npos);
  return out;
}

}  // namespace studio::model
