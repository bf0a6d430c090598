#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "model/data/Corpus.h"
#include "model/data/Tokenizer.h"

// Sentence pairs as SentencePiece ids, encoded in parallel and cached next to
// the data.
namespace studio::data {

// Pairs of id sequences stored flat: pair i's source ids are
// src_ids[src_offsets[i] .. src_offsets[i+1]). No BOS/EOS: batching adds them.
struct EncodedSplit {
  std::vector<int32_t> src_ids, tgt_ids;
  std::vector<uint64_t> src_offsets{0}, tgt_offsets{0};

  size_t size() const { return src_offsets.size() - 1; }
  int64_t srcLength(size_t i) const { return int64_t(src_offsets[i + 1] - src_offsets[i]); }
  int64_t tgtLength(size_t i) const { return int64_t(tgt_offsets[i + 1] - tgt_offsets[i]); }
  const int32_t* src(size_t i) const { return src_ids.data() + src_offsets[i]; }
  const int32_t* tgt(size_t i) const { return tgt_ids.data() + tgt_offsets[i]; }
  void add(const std::vector<int>& src, const std::vector<int>& tgt);
};

// Encodes every pair with `threads` threads (0 = every hardware thread).
// When `stop` returns true (asked every 1,024 pairs a thread),
// PreparationStopped is thrown.
EncodedSplit encodeParallel(const Tokenizer& tokenizer, const ParallelText& text, int threads = 0,
                            const std::function<bool()>& stop = nullptr);

// Every pair split by sampling (Tokenizer::sampleEncode; subword
// regularization or BPE-dropout) with `threads` threads: the same (seed,
// alpha) gives the same splits with any number of threads. Throws
// TokenizerError for a model that is neither unigram nor BPE; `stop` is
// encodeParallel's.
EncodedSplit sampleParallel(const Tokenizer& tokenizer, const ParallelText& text, double alpha, uint64_t seed,
                            int threads = 0, const std::function<bool()>& stop = nullptr);

// The text of `<dir>/<split>.vi` and `.en`, every line kept, line for line
// the pairs of the encoded split; throws CorpusError when a line cannot be
// kept (the files disagree in length, or hold invalid UTF-8).
ParallelText readSplitText(const std::string& dir, const std::string& split);

// The encoded `<dir>/<split>.vi/.en` under `<dir>/spm.model`, from the cache
// `<dir>/cache/<split>.ids` when it was made from the same files (their
// contents' hashes are in its header), else encoded now and the cache
// rewritten (atomically). `from_cache` tells which happened; `stop` is
// encodeParallel's.
EncodedSplit loadEncodedSplit(const std::string& dir, const std::string& split, const Tokenizer& tokenizer,
                              bool* from_cache = nullptr, int threads = 0,
                              const std::function<bool()>& stop = nullptr);

// Writes and reads a cache file; reading returns false (and leaves `out`
// empty) when the file is missing, corrupt or made from other inputs.
void writeEncodedCache(const std::string& path, const std::string& key, const EncodedSplit& split);
bool readEncodedCache(const std::string& path, const std::string& key, EncodedSplit& out);

}  // namespace studio::data
