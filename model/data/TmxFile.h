#pragma once

#include <string>
#include <string_view>

#include "model/data/Corpus.h"

// Translation memories in TMX (Translation Memory eXchange, 1.1 to 1.4b): the
// file CAT tools (Trados, memoQ, OmegaT) export a memory as, and one of the
// forms OPUS publishes its corpora in. Each translation unit (<tu>) holds a
// variant (<tuv>) per language; a pair is the unit's first Vietnamese and
// first English variant, the language read from xml:lang (lang in TMX 1.1)
// by its primary subtag ("vi-VN" is Vietnamese, "EN-US" English). The
// segment's text is kept, with <hi> (highlighted text) read as text and the
// native codes of <bpt>, <ept>, <it>, <ph> and <ut> (a "<b>", a "{1}") left
// out. UTF-8 and UTF-16 with its byte order mark are read; a file that
// declares ISO-8859-1 or a Vietnamese 8-bit encoding is read in it. No
// LibTorch here.
namespace studio::data {

// The pairs of a TMX file, every unit counted in `summary` (its line the
// line of its <tu>): kept, or dropped as a line-aligned corpus's lines are,
// and besides as "no_vietnamese" / "no_english" (a unit without a variant in
// that language) or "malformed" (an entity XML does not define in its text).
// Throws CorpusError naming the file and line where the file is not
// well-formed XML (a tag not closed, a closing tag that does not match, the
// file cut short) or not TMX, and naming the languages it holds when it has
// no Vietnamese or no English at all.
ParallelText readTmx(const std::string& path, const FilterOptions& options, ReadSummary& summary);

// The same from text in memory (`name` in errors), for the fuzzer and tests.
ParallelText readTmxText(std::string_view text, const std::string& name, const FilterOptions& options,
                         ReadSummary& summary);

// True when the file's first element (after a byte order mark, the XML
// declaration, comments and a DOCTYPE) is <tmx>: how `prepare` tells a TMX
// file from a TSV one.
bool looksLikeTmx(const std::string& path);

}  // namespace studio::data
