#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "model/files/LegacyEncodings.h"
#include "model/files/TextDocument.h"

// Markdown documents to translate (README.md, a project's docs: CommonMark
// with GitHub's tables), read as text files are (TextDocument.h) and written
// back the same way with the text of each block translated and everything
// else as it was. A block is a paragraph (its lines joined: the translation
// is written on one line), a heading (ATX's "## …", with a closing sequence
// or an {#id} kept; Setext's text above its underline), a list item's text
// and a table's cell; what is no prose is kept as written: front matter,
// fenced and indented code, HTML blocks, thematic breaks, link reference
// definitions, a table's delimiter row. A block quote's and a list's markers
// stay before the translation. Inside a block, emphasis (*, _, **, __, ~~), a
// link's and an image's text are markup kept around the words aligned to
// theirs (a link's destination and title with its end), and inline HTML tags
// are kept as tags; a code span, an autolink, a character reference, a
// backslash escape, a footnote reference and a hard line break are codes kept
// where their neighbours went. No LibTorch here.
namespace studio::model {

struct MarkdownBlock {
  // Its text's place: from `column` of line `first` (0-based in
  // TextDocument::lines) to `end_column` of line `last`, which the
  // translation replaces (the lines after `first` are then gone).
  size_t first = 0, last = 0;
  size_t column = 0, end_column = 0;
  // Its text as markup: words (& < > as references), <x-wrap n="K">…</x-wrap>
  // around the words of wraps[K] (emphasis, a link's text), inline HTML tags
  // as written, <x-code n="K"/> for codes[K].
  std::string marked;
  std::vector<std::pair<std::string, std::string>> wraps;  // each wrap's opening and closing as written
  std::vector<std::string> codes;                          // each code as written
  bool table_cell = false;                                 // a '|' in its translation is escaped
  // A paragraph's (or a list item's): a translation that starts as a block would ("- ", "1. ", "#", ">")
  // has that character escaped, so that it stays the paragraph's text.
  bool paragraph = false;
};

struct MarkdownDocument {
  std::string name;
  TextDocument text;
  std::vector<MarkdownBlock> blocks;  // those with a letter, in the file's order
  size_t code_blocks = 0;             // fenced and indented code blocks, kept as written
  size_t html_blocks = 0;             // HTML blocks, kept as written
};

// Reads the lines of a Markdown file (`text`, read as TextDocument.h reads one).
MarkdownDocument readMarkdown(TextDocument text, const std::string& name);

// The document in a file whose name ends in .md, .markdown, .mdown, .mkd or .mkdn; nullopt for any
// other. Throws as readTextDocument does.
std::optional<MarkdownDocument> readMarkdownFile(const std::string& path,
                                                 std::optional<LegacyEncoding> legacy = std::nullopt);

// The file with `translations` (one for each block, in order: its markup
// placed in the translation) in place of the blocks' text; a link, an image
// or a code the translation lost is written at its end (markdownFromMarkup).
// Throws std::invalid_argument when the count is not the blocks'.
TextDocument writeMarkdown(const MarkdownDocument& document, const std::vector<std::string>& translations);

}  // namespace studio::model
