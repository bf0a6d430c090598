#pragma once

#include <cstddef>
#include <string>

// What a Markdown line starts (MarkdownFile.h): block quote markers, a list
// item's marker, a fence, a heading, a thematic break, an HTML block, a link
// reference definition, a table's delimiter row; and a paragraph's
// translation escaped where it would start one of them. Columns are byte
// offsets into the line; "none" is std::string::npos. No LibTorch here.
namespace studio::model::markdown {

bool isBlankFrom(const std::string& line, size_t from);
// The column after a line's block quote markers ("> > "), from `from`.
size_t afterQuotes(const std::string& line, size_t from);
// How many block quote markers a line starts with.
size_t quoteDepth(const std::string& line);
// The column of a line's first character other than a space from `from` (a tab counted as one).
size_t firstText(const std::string& line, size_t from);
// How far `line`'s text at `col` is indented past `base`, a tab counted as four spaces.
size_t indentPast(const std::string& line, size_t base, size_t col);
// The text of a line from `col`, its trailing spaces left out.
std::string trimmedFrom(const std::string& line, size_t col);

bool isThematicBreak(const std::string& text);
bool isSetextUnderline(const std::string& text);
// A fence at the start of `text` ("```", "~~~~"): its character and length; 0 when there is none.
size_t fenceLength(const std::string& text, char* mark);
// A list item's marker at `at` ("- ", "* ", "+ ", "1. ", "12) ", and a task's "[ ] " after it): the
// column its text starts at; none when there is none.
size_t listItemText(const std::string& line, size_t at);
// A footnote's definition at `at` ("[^1]: "): the column its text starts at; none when there is none.
size_t footnoteText(const std::string& line, size_t at);
// A link reference definition's label at `at` ("[label]: url"), lower case; "" when there is none.
std::string definitionLabel(const std::string& line, size_t at);
// Whether the definition at `at` of `line` ends after its destination and `next` is its title alone
// ('"title"', "'title'", "(title)"), which it then goes on to.
bool titleOnNextLine(const std::string& line, size_t at, const std::string& next);
// Whether an HTML block starts at `text` (a tag, a comment, a processing instruction, CDATA, a
// declaration); `interrupting` a paragraph, only a block element's tag or one of the others does.
bool startsHtmlBlock(const std::string& text, bool interrupting);
// A table's delimiter row ("| --- | :-: |"): a '|' and cells each of dashes, a colon at either end.
bool isDelimiterRow(const std::string& text);

// A paragraph's translation with what would start a block at its start escaped: a list item's marker,
// a heading's '#', a quote's '>', a fence, a thematic break, an HTML tag, a link reference definition, a
// task's box.
std::string keptAsParagraph(const std::string& text);

}  // namespace studio::model::markdown
