#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <utility>

// The rules findVerbatimSpans (Verbatim.h) applies at each character of a
// sentence (valid UTF-8), and the UTF-8 reading they share. Each *At(s, i)
// returns the length of a span of its kind starting at byte i, 0 for none.
namespace studio::model::verbatim {

// The length of the UTF-8 sequence at byte `i`: its lead byte's, when the
// continuation bytes are there; 1 for a byte that starts no whole sequence.
size_t sequenceLength(std::string_view s, size_t i);
uint32_t codePointAt(std::string_view s, size_t i);
bool asciiDigit(char c);
// Latin letters with marks (Vietnamese's among them) and the combining marks.
bool latinLetter(uint32_t cp);
bool spaceAt(std::string_view s, size_t i);

// http(s)://, ftp://, sftp://, file:// or www. up to the token's end, a
// sentence's trailing punctuation left out.
size_t urlAt(std::string_view s, size_t i);
// An e-mail address around the '@' at byte `at`: [begin, end), or begin == end.
std::pair<size_t, size_t> emailAround(std::string_view s, size_t at);
// /from/the/root (ASCII), ~/home, ./here, ../there, C:\Windows.
size_t pathAt(std::string_view s, size_t i);
// printf's, Qt's, Python's and the shell's placeholders.
size_t placeholderAt(std::string_view s, size_t i);
// Digits, and more digits after single separators (. , : /), as a whole word.
size_t numberAt(std::string_view s, size_t i);
// The word (between whitespace) around a character the vocabulary cannot
// write, without the punctuation before and after it.
std::pair<size_t, size_t> unwritableWord(std::string_view s, size_t i);

}  // namespace studio::model::verbatim
