#include "model/files/VietnameseSyllables.h"

#include <algorithm>
#include <set>
#include <string>

#include "model/data/Text.h"
#include "model/files/LegacyTables.h"

namespace studio::model::legacy {

namespace {

// The initial consonants as written, longest first where one begins another.
const char* const kOnsets[] = {"ngh", "ng", "nh", "gh", "gi", "ch", "kh", "ph", "qu", "th", "tr", "b", "c", "d",
                               "đ",   "g",  "h",  "k",  "l",  "m",  "n",  "p",  "r",  "s",  "t",  "v", "x"};

// The rhymes as written, without their tone: by the vowel they start with.
const std::set<std::string>& rhymes() {
  static const std::set<std::string> all = {
      // a, ă, â
      "a", "ac", "ach", "ai", "am", "an", "ang", "anh", "ao", "ap", "at", "au", "ay", "ăc", "ăm", "ăn", "ăng",
      "ăp", "ăt", "âc", "âm", "ân", "âng", "âp", "ât", "âu", "ây",
      // e, ê
      "e", "ec", "em", "en", "eng", "eo", "ep", "et", "ê", "êch", "êm", "ên", "ênh", "êp", "êt", "êu",
      // i
      "i", "ia", "ich", "im", "in", "inh", "ip", "it", "iu", "iêc", "iêm", "iên", "iêng", "iêp", "iêt", "iêu",
      // o, ô, ơ
      "o", "oc", "oi", "om", "on", "ong", "op", "ot", "oa", "oac", "oach", "oai", "oam", "oan", "oang", "oanh",
      "oao", "oap", "oat", "oay", "oăc", "oăm", "oăn", "oăng", "oăt", "oe", "oen", "oeo", "oet", "ooc", "oong",
      "ô", "ôc", "ôi", "ôm", "ôn", "ông", "ôp", "ôt", "ơ", "ơi", "ơm", "ơn", "ơp", "ơt",
      // u, ư
      "u", "ua", "uân", "uâng", "uât", "uây", "uc", "uê", "uêch", "uênh", "ui", "um", "un", "ung", "up", "ut",
      "uy", "uya", "uych", "uyên", "uyêt", "uynh", "uyt", "uyu", "uôc", "uôi", "uôm", "uôn", "uông", "uôt", "ư",
      "ưa", "ưc", "ưi", "ưm", "ưn", "ưng", "ưt", "ưu", "ươc", "ươi", "ươm", "ươn", "ương", "ươp", "ươt", "ươu",
      // y
      "y", "yêm", "yên", "yêng", "yêt", "yêu"};
  return all;
}

bool endsInStop(const std::string& rhyme) {
  const char last = rhyme.back();
  return last == 'c' || last == 'p' || last == 't' || (rhyme.size() > 1 && rhyme.compare(rhyme.size() - 2, 2, "ch") == 0);
}

}  // namespace

bool isVietnameseSyllable(const std::u32string& word) {
  // The word without its tone (one at most), lower case, in UTF-8.
  std::string bare;
  char32_t tone = 0;
  for (char32_t c : word) {
    c = lowercase(c);
    if (const auto [base, mark] = decomposed(c); base && isToneMark(mark)) {
      if (tone) return false;
      tone = mark;
      c = base;
    }
    const bool plain = c >= 'a' && c <= 'z' && c != 'f' && c != 'j' && c != 'w' && c != 'z';
    const bool marked = c == 0xE2 || c == 0xEA || c == 0xF4 || c == 0x103 || c == 0x1A1 || c == 0x1B0 || c == 0x111;
    if (!plain && !marked) return false;
    data::appendUtf8(bare, c);
  }
  const auto fits = [&](const std::string& rhyme) {
    return rhymes().count(rhyme) > 0 && (!endsInStop(rhyme) || tone == 0x301 || tone == 0x323);
  };
  if (fits(bare)) return true;
  // (every onset that starts the word: "gìn" is g and "in", "giá" gi and "a")
  for (const char* onset : kOnsets) {
    const std::string o(onset);
    if (bare.size() > o.size() && bare.compare(0, o.size(), o) == 0 && fits(bare.substr(o.size()))) return true;
  }
  return false;
}

SyllableCount countSyllables(const std::u32string& text) {
  SyllableCount count;
  std::u32string word;
  auto finish = [&] {
    const bool beyond_ascii = std::any_of(word.begin(), word.end(), [](char32_t c) { return c >= 0x80; });
    if (beyond_ascii) ++(isVietnameseSyllable(word) ? count.syllables : count.others);
    word.clear();
  };
  for (const char32_t c : text) {
    if (isLatinLetter(c))
      word += c;
    else
      finish();
  }
  finish();
  return count;
}

}  // namespace studio::model::legacy
