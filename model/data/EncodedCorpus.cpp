#include "model/data/EncodedCorpus.h"

#include <algorithm>
#include <atomic>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include "model/files/AtomicFile.h"
#include "model/files/Hash.h"

namespace studio::data {

namespace fs = std::filesystem;

constexpr size_t kPairsAChunk = 1024;

void EncodedSplit::add(const std::vector<int>& src, const std::vector<int>& tgt) {
  src_ids.insert(src_ids.end(), src.begin(), src.end());
  tgt_ids.insert(tgt_ids.end(), tgt.begin(), tgt.end());
  src_offsets.push_back(src_ids.size());
  tgt_offsets.push_back(tgt_ids.size());
}

namespace {

// The pairs in chunks of 1,024 taken in turn by `threads` workers, each chunk
// encoded by `encodeChunk(k, part)` into flat ids of its own, then put
// together in order (no vector a sentence: a corpus of millions of pairs
// stays small). PreparationStopped when `stop` says so.
EncodedSplit encodeInChunks(size_t n, int threads, const std::function<bool()>& stop,
                            const std::function<void(size_t, EncodedSplit&)>& encodeChunk) {
  const size_t chunks = (n + kPairsAChunk - 1) / kPairsAChunk;
  size_t workers = threads > 0 ? size_t(threads) : std::max(1u, std::thread::hardware_concurrency());
  workers = std::max<size_t>(1, std::min(workers, chunks));
  std::vector<EncodedSplit> parts(chunks);
  std::vector<std::exception_ptr> errors(workers);
  std::atomic<size_t> next{0};
  std::atomic<bool> stopping{false}, stopped{false};
  std::vector<std::thread> pool;
  for (size_t w = 0; w < workers; ++w) {
    pool.emplace_back([&, w]() {
      try {
        for (size_t k = next++; k < chunks && !stopping.load(); k = next++) {
          if (stop && stop()) {
            stopped.store(true);
            stopping.store(true);
            break;
          }
          encodeChunk(k, parts[k]);
        }
      } catch (...) {
        errors[w] = std::current_exception();
        stopping.store(true);
      }
    });
  }
  for (auto& t : pool) t.join();
  for (auto& e : errors)
    if (e) std::rethrow_exception(e);
  if (stopped.load()) throw PreparationStopped();
  EncodedSplit out;
  size_t src_ids = 0, tgt_ids = 0;
  for (const auto& part : parts) src_ids += part.src_ids.size(), tgt_ids += part.tgt_ids.size();
  out.src_ids.reserve(src_ids);
  out.tgt_ids.reserve(tgt_ids);
  out.src_offsets.reserve(n + 1);
  out.tgt_offsets.reserve(n + 1);
  for (auto& part : parts) {
    const uint64_t src_base = out.src_ids.size(), tgt_base = out.tgt_ids.size();
    out.src_ids.insert(out.src_ids.end(), part.src_ids.begin(), part.src_ids.end());
    out.tgt_ids.insert(out.tgt_ids.end(), part.tgt_ids.begin(), part.tgt_ids.end());
    for (size_t i = 1; i < part.src_offsets.size(); ++i) {
      out.src_offsets.push_back(src_base + part.src_offsets[i]);
      out.tgt_offsets.push_back(tgt_base + part.tgt_offsets[i]);
    }
    part = EncodedSplit();
  }
  return out;
}

// A chunk's seed for one side: from the run's seed, the chunk and the side alone,
// so that the splits do not depend on which worker drew them.
uint32_t chunkSeed(uint64_t seed, size_t chunk, int side) {
  uint64_t x = seed ^ (uint64_t(chunk) * 0x9E3779B97F4A7C15ULL) ^ (uint64_t(side) << 63);
  x ^= x >> 30, x *= 0xBF58476D1CE4E5B9ULL, x ^= x >> 27, x *= 0x94D049BB133111EBULL, x ^= x >> 31;
  return uint32_t(x);
}

}  // namespace

EncodedSplit encodeParallel(const Tokenizer& tokenizer, const ParallelText& text, int threads,
                            const std::function<bool()>& stop) {
  const size_t n = text.size();
  return encodeInChunks(n, threads, stop, [&](size_t k, EncodedSplit& part) {
    for (size_t i = k * kPairsAChunk; i < std::min(n, (k + 1) * kPairsAChunk); ++i)
      part.add(tokenizer.encode(text.src[i]), tokenizer.encode(text.tgt[i]));
  });
}

EncodedSplit sampleParallel(const Tokenizer& tokenizer, const ParallelText& text, double alpha, uint64_t seed,
                            int threads, const std::function<bool()>& stop) {
  const size_t n = text.size();
  return encodeInChunks(n, threads, stop, [&](size_t k, EncodedSplit& part) {
    const size_t begin = k * kPairsAChunk, end = std::min(n, (k + 1) * kPairsAChunk);
    const std::vector<std::string> src(text.src.begin() + long(begin), text.src.begin() + long(end));
    const std::vector<std::string> tgt(text.tgt.begin() + long(begin), text.tgt.begin() + long(end));
    const auto src_ids = tokenizer.sampleEncode(src, alpha, chunkSeed(seed, k, 0));
    const auto tgt_ids = tokenizer.sampleEncode(tgt, alpha, chunkSeed(seed, k, 1));
    for (size_t i = 0; i < src_ids.size(); ++i) part.add(src_ids[i], tgt_ids[i]);
  });
}

namespace {

constexpr char kIdCacheMagic[8] = {'A', 'S', 'I', 'D', 'S', '0', '0', '1'};

template <typename T>
void putVector(std::string& out, const std::vector<T>& v) {
  const uint64_t n = v.size();
  out.append(reinterpret_cast<const char*>(&n), sizeof n);
  out.append(reinterpret_cast<const char*>(v.data()), v.size() * sizeof(T));
}

template <typename T>
bool getVector(const std::string& in, size_t& pos, std::vector<T>& v) {
  uint64_t n;
  if (pos + sizeof n > in.size()) return false;
  std::memcpy(&n, in.data() + pos, sizeof n);
  pos += sizeof n;
  if (n > (in.size() - pos) / sizeof(T)) return false;
  v.resize(n);
  if (n > 0) std::memcpy(v.data(), in.data() + pos, n * sizeof(T));  // an empty vector's data() may be null
  pos += n * sizeof(T);
  return true;
}

}  // namespace

void writeEncodedCache(const std::string& path, const std::string& key, const EncodedSplit& split) {
  std::string out(kIdCacheMagic, sizeof kIdCacheMagic);
  const uint64_t key_size = key.size();
  out.append(reinterpret_cast<const char*>(&key_size), sizeof key_size);
  out += key;
  putVector(out, split.src_offsets);
  putVector(out, split.tgt_offsets);
  putVector(out, split.src_ids);
  putVector(out, split.tgt_ids);
  model::Hash64 hash;
  hash.add(out);
  const uint64_t checksum = hash.value();
  out.append(reinterpret_cast<const char*>(&checksum), sizeof checksum);
  model::writeFileAtomically(path, out);
}

bool readEncodedCache(const std::string& path, const std::string& key, EncodedSplit& out) {
  out = EncodedSplit{};
  std::ifstream file(path, std::ios::binary);
  if (!file) return false;
  std::ostringstream buffer;
  buffer << file.rdbuf();
  const std::string in = buffer.str();
  if (in.size() < sizeof kIdCacheMagic + 16 || std::memcmp(in.data(), kIdCacheMagic, sizeof kIdCacheMagic) != 0) return false;
  uint64_t stored_checksum;
  std::memcpy(&stored_checksum, in.data() + in.size() - 8, 8);
  model::Hash64 hash;
  hash.add(in.data(), in.size() - 8);
  if (hash.value() != stored_checksum) return false;
  const std::string body = in.substr(0, in.size() - 8);
  size_t pos = sizeof kIdCacheMagic;
  uint64_t key_size;
  std::memcpy(&key_size, body.data() + pos, 8);
  pos += 8;
  if (key_size > body.size() - pos || body.compare(pos, key_size, key) != 0 || key_size != key.size()) return false;
  pos += key_size;
  EncodedSplit split;
  if (!getVector(body, pos, split.src_offsets) || !getVector(body, pos, split.tgt_offsets) ||
      !getVector(body, pos, split.src_ids) || !getVector(body, pos, split.tgt_ids) || pos != body.size())
    return false;
  if (split.src_offsets.empty() || split.src_offsets.size() != split.tgt_offsets.size() ||
      split.src_offsets.back() != split.src_ids.size() || split.tgt_offsets.back() != split.tgt_ids.size())
    return false;
  // The checksum only catches accidents: a file made to pass it must still
  // describe every pair inside the ids (offsets from 0, never decreasing).
  auto ordered = [](const std::vector<uint64_t>& offsets) {
    if (offsets.front() != 0) return false;
    for (size_t i = 1; i < offsets.size(); ++i)
      if (offsets[i] < offsets[i - 1]) return false;
    return true;
  };
  if (!ordered(split.src_offsets) || !ordered(split.tgt_offsets)) return false;
  out = std::move(split);
  return true;
}

ParallelText readSplitText(const std::string& dir, const std::string& split) {
  ReadSummary summary;
  FilterOptions keep_all;
  keep_all.max_words = size_t(-1);
  keep_all.max_ratio = 1e300;
  auto text = readParallelFiles(dir + "/" + split + ".vi", dir + "/" + split + ".en", keep_all, summary);
  if (summary.kept != summary.read)
    throw CorpusError("data folder '" + dir + "': " + summary.describe() +
                      "; run prepare again to rebuild the folder");
  return text;
}

EncodedSplit loadEncodedSplit(const std::string& dir, const std::string& split, const Tokenizer& tokenizer,
                              bool* from_cache, int threads, const std::function<bool()>& stop) {
  const std::string vi = dir + "/" + split + ".vi";
  const std::string en = dir + "/" + split + ".en";
  const std::string key = "vi=" + model::hashFile(vi) + ";en=" + model::hashFile(en) +
                          ";spm=" + model::hashFile(tokenizer.path());
  const std::string cache = dir + "/cache/" + split + ".ids";
  EncodedSplit encoded;
  if (readEncodedCache(cache, key, encoded)) {
    if (from_cache) *from_cache = true;
    return encoded;
  }
  encoded = encodeParallel(tokenizer, readSplitText(dir, split), threads, stop);
  writeEncodedCache(cache, key, encoded);
  if (from_cache) *from_cache = false;
  return encoded;
}

}  // namespace studio::data
