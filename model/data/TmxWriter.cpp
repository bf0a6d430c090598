#include "model/data/TmxWriter.h"

#include <stdexcept>

#include "model/data/Text.h"

namespace studio::data {

namespace {

// `text` escaped for XML content and attribute values; throws naming `where`
// when it cannot be carried.
std::string escaped(const std::string& text, const std::string& where) {
  checkTmxText(text, where);
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      // A line break in a segment is kept as a character reference: a reader that normalizes
      // attribute or whitespace would turn a raw one into a space.
      case '\n':
        out += "&#10;";
        break;
      case '\r':
        out += "&#13;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

}  // namespace

void checkTmxText(const std::string& text, const std::string& where) {
  if (!isValidUtf8(text)) throw std::invalid_argument(where + " is not valid UTF-8");
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte < 0x20 && c != '\t' && c != '\n' && c != '\r')
      throw std::invalid_argument(where + " holds control character " + std::to_string(int(byte)) +
                                  ", which XML cannot carry");
  }
}

std::string tmxDocument(const std::vector<TmxUnit>& units, const std::string& tool,
                        const std::string& tool_version) {
  std::string out =
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      "<tmx version=\"1.4\">\n"
      "  <header creationtool=\"" +
      escaped(tool, "the tool's name") + "\" creationtoolversion=\"" +
      escaped(tool_version, "the tool's version") + "\" segtype=\"sentence\" o-tmf=\"" +
      escaped(tool, "the tool's name") +
      "\" adminlang=\"en\" srclang=\"vi\" datatype=\"plaintext\"/>\n"
      "  <body>\n";
  for (size_t i = 0; i < units.size(); ++i) {
    const auto& unit = units[i];
    const std::string where = "unit " + std::to_string(i + 1);
    if (unit.vietnamese.empty()) throw std::invalid_argument(where + ": the Vietnamese segment is empty");
    if (unit.english.empty()) throw std::invalid_argument(where + ": the English segment is empty");
    out += "    <tu>\n";
    for (const auto& [name, value] : unit.properties) {
      if (name.empty()) throw std::invalid_argument(where + ": a property has no name");
      out += "      <prop type=\"" + escaped(name, where + "'s property name") + "\">" +
             escaped(value, where + "'s property " + name) + "</prop>\n";
    }
    out += "      <tuv xml:lang=\"vi\"><seg>" + escaped(unit.vietnamese, where + "'s Vietnamese") +
           "</seg></tuv>\n";
    out +=
        "      <tuv xml:lang=\"en\"><seg>" + escaped(unit.english, where + "'s English") + "</seg></tuv>\n";
    out += "    </tu>\n";
  }
  out += "  </body>\n</tmx>\n";
  return out;
}

}  // namespace studio::data
