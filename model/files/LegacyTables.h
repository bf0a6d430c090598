#pragma once

#include <cstddef>
#include <utility>

// The tables of the 8-bit Vietnamese encodings that LegacyEncodings reads and
// writes, and Unicode's compositions of a letter and a tone mark. No LibTorch
// here.
namespace studio::model::legacy {

// The encodings' definitions, as glibc's iconv and Python's codecs have them
// (TCVN3 as iconv's TCVN5712-1); tst_legacyencodings checks them against
// iconv. A 0 in Windows-1258's upper half is a byte it does not define.
extern const char32_t kViscii[256];
extern const char32_t kTcvn[256];
extern const char32_t kWindows1258High[128];

// The five tone marks as combining characters: grave, acute, tilde, hook above, dot below.
bool isToneMark(char32_t c);
// Whether a character is a letter of the Latin script (ASCII's, Latin-1's, the
// Latin Extended blocks', Vietnamese's) or a combining mark: what words are
// made of, for the guess. Not punctuation (“ ” …), not signs.
bool isLatinLetter(char32_t c);
// Lowercase, for ASCII, Latin-1 and the Vietnamese letters.
char32_t lowercase(char32_t c);
// The letters Vietnamese writes a tone mark over: its vowels, small and
// capital, with and without their own marks (â, ă, ê, ô, ơ, ư).
bool takesTone(char32_t c);
// The precomposed letter a letter and a combining mark make (Unicode's
// canonical composition, for every letter Windows-1258 has and the
// Vietnamese ones), or 0.
char32_t composed(char32_t base, char32_t mark);
// The letter and combining mark a precomposed letter is made of; {0, 0} for
// one that is not in the table.
std::pair<char32_t, char32_t> decomposed(char32_t c);

}  // namespace studio::model::legacy
