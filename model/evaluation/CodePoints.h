#pragma once

#include <string>

// Text as Python's str sees it (code points), for metrics that must count
// exactly as sacreBLEU does.
namespace studio::model {

// UTF-8 to code points; throws std::invalid_argument("text is not valid UTF-8").
std::u32string decodeUtf8(const std::string& text);
std::string encodeUtf8(const std::u32string& text);

// Python's str.isspace(): what str.split() with no argument splits on.
bool isPythonSpace(char32_t c);

}  // namespace studio::model
