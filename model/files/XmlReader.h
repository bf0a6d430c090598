#pragma once

#include <cstddef>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "model/files/LegacyEncodings.h"

// The XML that exchange formats are written in (TMX translation memories, TBX
// termbases), read as a stream of elements and text: well-formedness checked
// (every tag closed, closing tags matching), entities and CDATA read,
// comments, processing instructions and a DOCTYPE (with its internal subset)
// skipped. Not a validating parser: entities a DTD declares are not read.
// Element and attribute names are compared in lower case. No LibTorch here.
namespace studio::model {

// Names the document and the line: "'memory.tmx' line 12: </tuv> closes <seg>, opened on line 11".
class XmlError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct XmlAttribute {
  std::string name;   // lower case: "xml:lang"
  std::string value;  // entities read
};

// Where a tag stands: its line, and its bytes [begin, end) in the text read
// (a byte order mark at its start not counted).
struct XmlSpan {
  size_t line = 0, begin = 0, end = 0;
};

// What the reader finds, in document order. An empty element (<x/>) is
// started and ended with the same span.
class XmlHandler {
 public:
  virtual ~XmlHandler() = default;
  virtual void startElement(const std::string& name, const std::vector<XmlAttribute>& attributes,
                            const XmlSpan& tag) = 0;
  virtual void endElement(const std::string& name, const XmlSpan& tag) = 0;
  // Text between tags (entities read) or a CDATA section's. `defined` is
  // false where it holds an entity XML does not define (a bare "AT&T"): the
  // '&' is then kept as written.
  virtual void characters(std::string_view text, bool defined) = 0;
};

// Reads `text` (UTF-8, or bytes that are not UTF-8 passed through) and calls
// `handler`. Its first element must be one of `roots` (lower case); `kind`
// names the format in errors ("a TMX file"). Throws XmlError naming `name`
// and the line: a tag or section not closed, a closing tag that does not
// match, text or an element outside the root, the file cut short.
void readXml(std::string_view text, const std::string& name, const std::vector<std::string>& roots,
             const std::string& kind, XmlHandler& handler);

// The text of an XML file's bytes as UTF-8: UTF-16 with its byte order mark
// converted, a UTF-8 one stripped; bytes that are not UTF-8 read in the
// encoding the XML declaration names (ISO-8859-1, Windows-1258, VISCII,
// TCVN3), else in `fallback`, else passed through as they are. The encoding
// read in, when one was, goes to *decoded_as ("Windows-1258"). Throws XmlError
// naming `name`: UTF-16 without its mark, a declared encoding not read here,
// a byte the encoding does not define.
std::string xmlDocumentText(const std::string& bytes, const std::string& name,
                            std::optional<LegacyEncoding> fallback = std::nullopt,
                            std::string* decoded_as = nullptr);

// The first subtag of a language tag, lower case, ISO 639-2's "vie" and
// "eng" as "vi" and "en": "vi" for "vi-VN", "VI" and "vi_VN".
std::string primaryLanguage(std::string_view tag);

// True when the bytes' first element (after a byte order mark, UTF-16 or
// not, the XML declaration, comments and a DOCTYPE) is one of `roots`.
bool startsWithElement(std::string_view head, const std::vector<std::string>& roots);
// The same of a file, reading its first 4 KiB alone (false when it cannot be read).
bool fileStartsWithElement(const std::string& path, const std::vector<std::string>& roots);

// The value of the attribute `name` (lower case), "" when there is none.
std::string attributeValue(const std::vector<XmlAttribute>& attributes, std::string_view name);
// An element's language: its xml:lang, else (TMX 1.1) its lang; "" when neither.
std::string languageAttribute(const std::vector<XmlAttribute>& attributes);

}  // namespace studio::model
