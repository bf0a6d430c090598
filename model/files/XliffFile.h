#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

// XLIFF documents (1.2, and 2.0/2.1), the files CAT tools (Trados, memoQ,
// OmegaT, Okapi, Weblate) hand a document to translate in: the segments to
// translate read, with their inline codes, and the document written back
// with a <target> for each, every other byte as it was. No LibTorch here.
namespace studio::model {

struct XliffSegment {
  std::string id;   // the trans-unit's (1.2) or the unit's and segment's (2.0) id
  size_t line = 0;  // of its <source>
  // The source's content with each inline code (<bpt>, <ept>, <it>, <ph>,
  // <x>, <bx>, <ex> and, in 2.0, <sc>, <ec>, <cp>) and each <mrk> not to be
  // translated (mtype="protected", translate="no") replaced by a placeholder
  // tag <x-code n="K"/> (K its index in `codes`), the paired elements (<g>,
  // <pc>, other <mrk>) kept, line breaks as spaces.
  std::string marked;
  std::vector<std::string> codes;  // the codes as written, the placeholders' in order
  enum class State { ToTranslate, Translated, NotTranslatable };
  State state = State::ToTranslate;
  // ToTranslate: the bytes [replace_begin, replace_end) of the document give
  // way to its <target> (an empty one replaced, else inserted after the
  // source), written as target_open + translation + "</target>".
  size_t replace_begin = 0, replace_end = 0;
  std::string target_open;
};

struct XliffDocument {
  std::string name;
  std::string text;     // the document, UTF-8, without its byte order mark
  bool bom = false;     // it started with a UTF-8 byte order mark
  std::string version;  // "1.2", "2.0", ...
  std::vector<XliffSegment> segments;
  std::vector<std::pair<size_t, std::string>> insertions;  // attributes added (the target language)
};

// Reads an XLIFF file's bytes. Throws XmlError naming `name` (and the line):
// not UTF-8, not well-formed, not XLIFF, a source language that is not
// Vietnamese or a target language that is not English (naming them).
XliffDocument readXliff(const std::string& bytes, const std::string& name);

// The document with `targets` (one for each ToTranslate segment, in order:
// its translation as XLIFF content, codes back in place of their
// placeholders) written in. Throws std::invalid_argument when the count is
// not the segments'.
std::string writeXliff(const XliffDocument& document, const std::vector<std::string>& targets);

// A marked translation (placeholders where the codes went) with each code
// written back in the place of its placeholder; a code whose placeholder is
// missing is appended at the end, so that none is lost.
std::string restoreXliffCodes(const std::string& marked, const std::vector<std::string>& codes);

// The XLIFF document in a file, read whole only when its first element is
// <xliff> (its first 4 KiB tell); nullopt for any other file. Throws XmlError
// as readXliff does.
std::optional<XliffDocument> readXliffFile(const std::string& path);

}  // namespace studio::model
