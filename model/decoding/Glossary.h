#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>
#include <vector>

// A glossary: Vietnamese terms and the English each must be translated as.
// A TSV file, a term a line: SOURCE<TAB>TARGET; blank lines and lines
// starting with '#' are skipped. Or a termbase in TBX (ISO 30042, TBX-Basic
// as CAT tools export it: <martif> of TBX 2008 or <tbx> of TBX v3): each
// Vietnamese term of an entry maps to its first English term that is not
// deprecated. Decoding with it (ConstrainedSearch.h) puts the target of
// every term found in a sentence into its translation.
namespace studio::model {

class GlossaryError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct GlossaryTerm {
  std::string source, target;
  size_t line = 0;  // in the file (1-based)
};

struct Glossary {
  std::string path;  // where it was read from ("" when parsed from text)
  std::vector<GlossaryTerm> terms;
  // What a termbase held that did not become a term, for people: entries
  // without a Vietnamese or an English term, a Vietnamese term that two
  // entries give other English for (the first kept). Empty for TSV.
  std::vector<std::string> notes;
};

// Reads a glossary. Throws GlossaryError naming the file and line: a line
// without a tab or with more than one, an empty side, a source term given
// twice with other targets, text that is not UTF-8, a missing file.
// A TBX file is told by its first element; its errors (XML that is not
// well-formed, a file cut short) name the line.
Glossary readGlossary(const std::string& path);
Glossary parseGlossary(const std::string& text, const std::string& name = "glossary");
Glossary parseTbxGlossary(const std::string& text, const std::string& name = "glossary");

// A term found in a sentence: which one and the bytes of the sentence its words cover.
struct TermMatch {
  size_t term = 0;  // index into Glossary::terms
  size_t begin = 0, end = 0;
};

// The terms whose source occurs in `sentence` as whole words, as typed (case
// and diacritics must match; punctuation around a word does not count; the
// words of a term must follow each other). Longer terms win over the
// shorter ones they overlap; each term counts once a sentence. In the
// sentence's order.
std::vector<TermMatch> matchGlossary(const Glossary& glossary, const std::string& sentence);

}  // namespace studio::model
