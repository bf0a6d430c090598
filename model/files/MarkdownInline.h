#pragma once

#include <map>
#include <set>
#include <string>
#include <vector>

#include "model/files/MarkdownFile.h"

// A Markdown block's inline text as markup (MarkdownFile.h), and a
// translation's markup written back as Markdown. No LibTorch here.
namespace studio::model {

// Fills `block`'s marked text, wraps and codes from its raw text (its lines
// joined with a space; `breaks` says at which of those spaces a hard break
// was, and how it was written). `labels` are the document's link reference
// definitions' labels (lower case): "[text]" alone is a link when it names
// one. True when its text holds a letter (it is translated).
bool markMarkdownInline(const std::string& raw, const std::map<size_t, std::string>& breaks,
                        const std::set<std::string>& labels, MarkdownBlock& block);

// A translation of `block` (markup: its wraps and codes as <x-wrap n="K">
// and <x-code n="K"/>, inline HTML tags, words with & < > as references) as
// Markdown: its wraps' openings and closings and its codes as written, a
// link, an image or a code the translation lost at its end (an emphasis it
// lost is left out: around nothing it would show as asterisks); in a
// table's cell a '|' escaped.
std::string markdownFromMarkup(const MarkdownBlock& block, const std::string& translation);

}  // namespace studio::model
