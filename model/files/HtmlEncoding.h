#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "model/files/HtmlTags.h"
#include "model/files/LegacyEncodings.h"

// Which character encoding a web page is in, and its bytes as UTF-8. A page
// says so in <meta charset>, in a <meta http-equiv="Content-Type"> content
// type or in XHTML's <?xml … encoding?>; old Vietnamese pages say
// windows-1258 or VISCII, old Western ones iso-8859-1 (which browsers read
// as Windows-1252, as here). The translated page is written in UTF-8 and
// says so. No LibTorch here.
namespace studio::model::html {

// A charset a page declares: its label's bytes [begin, end) in the text.
struct CharsetDeclaration {
  size_t begin = 0, end = 0;
  std::string label;  // lower case, trimmed
};

// The charset `tag` (a <meta>) declares, if any.
std::optional<CharsetDeclaration> charsetOf(std::string_view text, const Tag& tag);
// The encoding the XML declaration in text[begin, end) ("<?xml … ?>") names, if any.
std::optional<CharsetDeclaration> xmlEncodingOf(std::string_view text, size_t begin, size_t end);

struct PageBytes {
  std::string text;                  // UTF-8, without a byte order mark
  bool bom = false;                  // it had a UTF-8 one
  std::string encoding;              // the encoding read, "" for UTF-8 ("Windows-1258", "Windows-1252", …)
  std::vector<std::string> notices;  // "line N: …": a declaration not followed, and why
};

// A page's bytes as UTF-8: in `legacy` where it is given, else in the
// encoding the page declares first (outside comments and scripts), else
// UTF-8. Throws std::runtime_error naming `name` and the line: a byte the
// encoding does not define, a charset not read here (with the iconv command
// that converts it), a byte order mark or UTF-8 letters with `legacy`; and
// NotUtf8Error (model/files/TextDocument.h, with the 8-bit Vietnamese
// encoding it reads as, where that is clear) for a page that declares none or
// UTF-8 and is not UTF-8. A page that declares an 8-bit encoding but whose
// bytes are UTF-8 with letters beyond ASCII is read as UTF-8, with a notice.
PageBytes pageToUtf8(std::string_view bytes, const std::string& name,
                     std::optional<LegacyEncoding> legacy = std::nullopt);

// The byte Windows-1252 writes a character as (its five undefined bytes as
// the C1 controls Windows reads them as), -1 when it has none.
int windows1252Byte(char32_t c);
// The character Windows-1252 has at a byte (its five undefined bytes as those controls).
char32_t windows1252Char(unsigned char byte);
// Bytes of Windows-1252 (ISO 8859-1 as browsers read it) as UTF-8.
std::string windows1252ToUtf8(std::string_view bytes);

}  // namespace studio::model::html
