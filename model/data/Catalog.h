#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "model/data/MoFile.h"

// Turning gettext catalogs (msgid English, msgstr Vietnamese) into clean
// sentence pairs.
namespace studio::data {

// One side of a catalog message, cleaned:
//  - markup tags of HTML, Pango and DocBook (<b>, </span>, <a href=..>) go;
//  - keyboard accelerators go: _File, Save _As, &File, E&xit, Fi~le, and a
//    trailing "(_F)"; doubled "__" and "&&" become one literal character;
//  - XML character references are unescaped (after the accelerators, so
//    "R&amp;D" stays "R&D");
//  - whitespace (newlines, tabs) is normalized to single spaces.
// printf-style and brace placeholders (%s, %1$d, %-10.3f, {name}) are kept.
std::string cleanMessage(std::string_view text);

struct CatalogCounts {
  size_t entries = 0;       // every entry, header included
  size_t header = 0;
  size_t untranslated = 0;  // empty msgstr
  size_t invalid_utf8 = 0;
  size_t empty = 0;         // nothing left after cleaning
  size_t identical = 0;     // translation equals the source
  size_t kept = 0;
  CatalogCounts& operator+=(const CatalogCounts& other);
};

struct SentencePair {
  std::string vi;
  std::string en;
};

// The usable pairs of a catalog; plural entries pair the singular msgid with
// plural form 0. Counts what was dropped and why.
std::vector<SentencePair> pairsFromCatalog(const MoCatalog& catalog, CatalogCounts& counts);

}  // namespace studio::data
