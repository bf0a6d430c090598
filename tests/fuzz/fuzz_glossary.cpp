// Glossary files (model/decoding/Glossary), TSV or (where the text starts
// with '<') a TBX termbase: any bytes are read without a crash, a refusal
// names the file (a TSV one its line too), and every term found in a
// sentence (the input's first line) covers bytes of that sentence, in order,
// without overlapping another.
#include <cstdint>
#include <string>

#include "model/decoding/Glossary.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace studio::model;
  const std::string bytes(reinterpret_cast<const char*>(data), size);
  const auto newline = bytes.find('\n');
  const std::string sentence = bytes.substr(0, newline);
  const std::string text = newline == std::string::npos ? std::string() : bytes.substr(newline + 1);
  Glossary glossary;
  const bool tbx = !text.empty() && text[0] == '<';
  try {
    glossary = tbx ? parseTbxGlossary(text, "fuzz.tbx") : parseGlossary(text, "fuzz.tsv");
  } catch (const GlossaryError& e) {
    const std::string what = e.what();
    if (tbx ? what.find("fuzz.tbx") == std::string::npos : what.rfind("fuzz.tsv:", 0) != 0) __builtin_trap();
    return 0;
  }
  for (const auto& term : glossary.terms)
    if (term.source.empty() || term.target.empty() || term.line == 0) __builtin_trap();
  size_t previous_end = 0;
  for (const auto& m : matchGlossary(glossary, sentence)) {
    if (m.term >= glossary.terms.size() || m.begin >= m.end || m.end > sentence.size()) __builtin_trap();
    if (m.begin < previous_end) __builtin_trap();  // in order, no overlap
    previous_end = m.end;
  }
  return 0;
}
