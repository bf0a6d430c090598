#pragma once

#include <string>
#include <vector>

// Text as Python's str sees it (code points), for metrics that must count
// exactly as sacreBLEU does.
namespace studio::model {

// UTF-8 to code points; throws std::invalid_argument("text is not valid UTF-8").
std::u32string decodeUtf8(const std::string& text);
std::string encodeUtf8(const std::u32string& text);

// Python's str.isspace(): what str.split() with no argument splits on.
bool isPythonSpace(char32_t c);

// Python's str.split() with no argument: the words between runs of spaces.
std::vector<std::u32string> pythonSplit(const std::u32string& text);

// Python's str.lower(), code point for code point (the tables are Python
// 3.11's, Unicode 14: scripts/unicode-case-tables), with its two
// exceptions: U+0130 becomes "i" and a combining dot, and a capital sigma
// that ends a word becomes the final sigma.
std::u32string pythonLower(const std::u32string& text);

}  // namespace studio::model
