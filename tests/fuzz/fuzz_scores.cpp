// The scores of translations against references (model/evaluation: BLEU,
// chrF, chrF++, TER as sacreBLEU computes them): any bytes, split at the first NUL
// into hypotheses and references (a line each), give scores in their range
// or a clear error for text that is not UTF-8, never a crash; TER's edits
// never exceed the longer side's words, and a line equal to its reference
// needs none.
#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "model/evaluation/Bleu.h"
#include "model/evaluation/Chrf.h"
#include "model/evaluation/Ter.h"

namespace {

std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> out;
  size_t begin = 0;
  while (begin <= text.size()) {
    const size_t end = std::min(text.find('\n', begin), text.size());
    out.push_back(text.substr(begin, end - begin));
    begin = end + 1;
  }
  return out;
}

// The words of an ASCII line as Python's str.split() finds them; for other
// text, at most one a byte.
size_t wordBound(const std::string& line) {
  if (std::any_of(line.begin(), line.end(), [](char c) { return static_cast<unsigned char>(c) >= 0x80; }))
    return line.size();
  size_t words = 0;
  bool in_word = false;
  for (const char c : line) {
    const bool space = c == ' ' || (c >= '\t' && c <= '\r') || (c >= 0x1C && c <= 0x1F);
    if (!space && !in_word) ++words;
    in_word = !space;
  }
  return words;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > 4096) return 0;  // TER's search grows with the square of a line's words
  const std::string bytes(reinterpret_cast<const char*>(data), size);
  const size_t nul = bytes.find('\0');
  auto hyps = lines(bytes.substr(0, nul));
  auto refs = lines(nul == std::string::npos ? std::string() : bytes.substr(nul + 1));
  const size_t n = std::max(hyps.size(), refs.size());
  hyps.resize(n);
  refs.resize(n);
  try {
    const auto bleu = studio::model::corpusBleu(hyps, refs);
    const auto chrf = studio::model::corpusChrf(hyps, refs);
    const auto chrf_plus = studio::model::corpusChrf(hyps, refs, 2);
    const auto ter = studio::model::corpusTer(hyps, refs);
    if (!(bleu.score >= 0 && bleu.score <= 100.0000001)) __builtin_trap();
    if (!(chrf.score >= 0 && chrf.score <= 100.0000001)) __builtin_trap();
    if (!(chrf_plus.score >= 0 && chrf_plus.score <= 100.0000001)) __builtin_trap();
    for (size_t n = 0; n < size_t(studio::model::kChrfCharOrder); ++n)  // chrF++'s characters are chrF's
      if (chrf_plus.stats.match[n] != chrf.stats.match[n]) __builtin_trap();
    if (!(ter.score >= 0)) __builtin_trap();
    for (size_t i = 0; i < n; ++i) {
      studio::model::TerStats one;
      one.add(hyps[i], refs[i]);
      if (hyps[i] == refs[i] && one.edits != 0) __builtin_trap();
      // Without shifts the edits are at most the longer side's words; a shift is made only when it saves one.
      if (one.edits < 0 || size_t(one.edits) > std::max(wordBound(hyps[i]), size_t(one.ref_words))) __builtin_trap();
    }
  } catch (const std::invalid_argument&) {
  }
  return 0;
}
