// The corpus readers: a TSV file, and two line-aligned files (the same reader
// IWSLT'15 folders go through, with its unescaping and detokenizing). The first
// byte chooses the reader and the options; for two files the rest is split at
// the first NUL byte. Any bytes give pairs or CorpusError.
#include <cstdint>
#include <cstring>

#include "FuzzInput.h"
#include "model/data/Corpus.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const uint8_t mode = data[0];
  ++data;
  --size;
  studio::data::FilterOptions options;
  options.unescape = mode & 2;
  options.detokenize = mode & 4;
  if (mode & 8) options.max_words = 3;
  studio::data::ReadSummary summary;
  try {
    if (mode & 1) {
      const auto* split = static_cast<const uint8_t*>(std::memchr(data, 0, size));
      const size_t first = split ? size_t(split - data) : size;
      const auto src = studio::fuzz::writeInput("a.vi", data, first);
      const auto tgt = studio::fuzz::writeInput("a.en", split ? split + 1 : data + size, split ? size - first - 1 : 0);
      const auto text = studio::data::readParallelFiles(src, tgt, options, summary);
      if (text.src.size() != text.tgt.size()) __builtin_trap();
    } else {
      const auto tsv = studio::fuzz::writeInput("a.tsv", data, size);
      const auto text = studio::data::readTsv(tsv, options, summary);
      if (text.src.size() != text.tgt.size() || summary.kept != text.src.size()) __builtin_trap();
    }
  } catch (const studio::data::CorpusError&) {
  }
  return 0;
}
