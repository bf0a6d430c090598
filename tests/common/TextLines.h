#pragma once

// A text (lines parted by '\n') as the text file reader gives it: its lines
// without their ends, for the suites of formats read line by line
// (subtitles, Markdown). Header-only: no library to link.

#include <string>

#include "model/files/TextDocument.h"

namespace studio::test {

inline model::TextDocument textLines(const std::string& text) {
  model::TextDocument d;
  size_t from = 0;
  while (from < text.size()) {
    const size_t end = text.find('\n', from);
    d.lines.push_back(text.substr(from, end == std::string::npos ? std::string::npos : end - from));
    if (end == std::string::npos) break;
    from = end + 1;
  }
  return d;
}

}  // namespace studio::test
