#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

// HTML's tags as a page's reader meets them (model/files/HtmlFile.h): a tag
// and its attributes where its bytes say so, comments and declarations
// stepped over, the end tag that closes an element of raw text, and the
// kinds of elements that matter to translating a page. No LibTorch here.
namespace studio::model::html {

// Elements whose edges are a block's edges: the text before one and the text after it are translated apart.
bool isBlock(std::string_view name);
// Elements that never have an end tag.
bool isVoid(std::string_view name);
// Elements kept as written with everything inside them: code, and what is not text to read.
bool keptWhole(std::string_view name);
// Elements whose content is text up to their end tag, never markup.
bool isRawText(std::string_view name);

// HTML's white space.
bool isSpace(char c);
std::string lowered(std::string_view text);

// Where the character reference (&amp; &#39; &nbsp;) at text[at] ends (its ';'), `at` when none does
// before `end`.
size_t referenceEnd(std::string_view text, size_t at, size_t end);
// Whether the character that starts at text[at] is a letter: ASCII's, or one beyond ASCII that is no
// space and no general punctuation (– — “ …).
bool letterAt(std::string_view text, size_t at, size_t end);
// Whether `text` (markup's text) holds a letter outside its character references.
bool hasLetters(std::string_view text);

struct Attribute {
  std::string name;           // lower case
  size_t begin = 0, end = 0;  // the value's bytes, without its quotes
  char quote = 0;             // '"' or '\'' around the value; 0: written without quotes (or no value)
};

struct Tag {
  size_t begin = 0, end = 0;  // '<' .. one past '>'
  std::string name;           // lower case
  bool closing = false, self_closing = false;
  std::vector<Attribute> attributes;
};

// The value of `tag`'s attribute `name` (lower case) as written in `text`; "" when it has none.
std::string valueOf(std::string_view text, const Tag& tag, std::string_view name);

// Reads the tags of one text. It knows where the text's last '>' and last
// quotes are, so that a '<' whose tag never ends (a quote never closed, no
// '>' after it) is found out at once, not by reading on to the text's end: a
// page of many such would take time quadratic in its length.
class TagReader {
 public:
  explicit TagReader(std::string_view text);
  // The tag that starts at text[at] ('<'), or none where '<' starts no tag (it is text then).
  std::optional<Tag> at(size_t at) const;

 private:
  std::string_view text_;
  size_t last_close_, last_double_, last_single_;  // the last '>', '"' and '\'' (npos: none)
};

// Where the comment, declaration or processing instruction at text[at] ends (one past it).
size_t declarationEnd(std::string_view text, size_t at);

// Where the first end tag of `name` (lower case) at or after `from` begins, and one past its end
// (npos, npos: none).
std::pair<size_t, size_t> endTagOf(std::string_view text, std::string_view name, size_t from);

}  // namespace studio::model::html
