#pragma once

#include <cstddef>
#include <string>

// Whether a word is spelt as a Vietnamese syllable can be: an initial
// consonant (b, ch, gh, ngh, qu, …, or none), then one of the language's
// rhymes (a vowel or a cluster of them and a final consonant: "iêng",
// "ươc", "oanh"), with at most one tone mark — and a syllable that ends in
// c, ch, p or t takes the acute or the dot below alone. Vietnamese text read
// in the wrong 8-bit encoding spells few such words ("tiếng" is one, VISCII's
// reading of its TCVN3 bytes, "tiạng", is not), which the encoding guess
// (LegacyEncodings.h) weighs. No LibTorch here.
namespace studio::model::legacy {

// `word`: letters alone, any case, each letter precomposed (as the readings give them).
bool isVietnameseSyllable(const std::u32string& word);

// How many words of the text (runs of letters) that hold a letter beyond ASCII are such syllables, and
// how many are not.
struct SyllableCount {
  size_t syllables = 0, others = 0;
};
SyllableCount countSyllables(const std::u32string& text);

}  // namespace studio::model::legacy
