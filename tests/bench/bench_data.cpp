// attention-studio-data-bench: how fast a data folder loads and encodes.
//
//   attention-studio-data-bench --data DIR [--pairs N] [--threads N] [--json]
//
// Reads DIR/train.vi + train.en, repeats them up to N pairs (default 100,000),
// encodes them with DIR/spm.model (serially and in parallel), writes and reads
// the id cache, and times token-budget batching.

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <string>
#include <thread>

#include <nlohmann/json.hpp>

#include "model/data/Batching.h"
#include "model/data/Corpus.h"
#include "model/data/EncodedCorpus.h"
#include "model/data/Tokenizer.h"
#include "model/runtime/BlasKernels.h"

using namespace studio::data;
using Clock = std::chrono::steady_clock;

namespace {
double since(Clock::time_point start) { return std::chrono::duration<double>(Clock::now() - start).count(); }
}  // namespace

int main(int argc, char** argv) {
  studio::model::startAgainWithKnownBlasKernels(argv);  // measured on the kernels the programs use
  std::string dir;
  size_t pairs = 100000;
  int threads = 0;
  bool json = false;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    auto value = [&]() -> std::string { return i + 1 < argc ? argv[++i] : ""; };
    if (arg == "--data") dir = value();
    else if (arg == "--pairs") pairs = std::stoul(value());
    else if (arg == "--threads") threads = std::stoi(value());
    else if (arg == "--json") json = true;
    else {
      std::fprintf(stderr, "usage: attention-studio-data-bench --data DIR [--pairs N] [--threads N] [--json]\n");
      return 2;
    }
  }
  if (dir.empty()) {
    std::fprintf(stderr, "error: --data DIR is required (a folder written by attention-studio-cli prepare)\n");
    return 2;
  }
  try {
    nlohmann::json result{{"data", dir}};
    auto start = Clock::now();
    ReadSummary summary;
    FilterOptions options;
    auto text = readParallelFiles(dir + "/train.vi", dir + "/train.en", options, summary);
    result["read_seconds"] = since(start);
    result["read_pairs"] = text.size();
    if (text.size() == 0) throw std::runtime_error("no training pairs in " + dir);
    ParallelText big;
    while (big.size() < pairs) big.append(text);
    big.src.resize(pairs);
    big.tgt.resize(pairs);

    Tokenizer tokenizer(dir + "/spm.model");
    start = Clock::now();
    const auto serial = encodeParallel(tokenizer, big, 1);
    result["encode_1_thread_seconds"] = since(start);
    const int workers = threads > 0 ? threads : int(std::thread::hardware_concurrency());
    start = Clock::now();
    const auto parallel = encodeParallel(tokenizer, big, workers);
    result["encode_threads"] = workers;
    result["encode_parallel_seconds"] = since(start);
    result["pairs"] = pairs;
    result["pieces"] = parallel.src_ids.size() + parallel.tgt_ids.size();

    const std::string cache = (std::filesystem::temp_directory_path() / "attention-studio-bench.ids").string();
    start = Clock::now();
    writeEncodedCache(cache, "bench", parallel);
    result["cache_write_seconds"] = since(start);
    start = Clock::now();
    EncodedSplit loaded;
    if (!readEncodedCache(cache, "bench", loaded)) throw std::runtime_error("cache did not read back");
    result["cache_read_seconds"] = since(start);
    std::filesystem::remove(cache);

    start = Clock::now();
    auto src = sourceLengths(parallel), tgt = targetLengths(parallel);
    int64_t longest = 0;
    for (size_t i = 0; i < src.size(); ++i) longest = std::max(longest, exampleCost(src[i], tgt[i]));
    const auto batches = tokenBudgetBatches(src, tgt, std::max<int64_t>(4096, longest), 1);
    result["batching_seconds"] = since(start);
    result["batches"] = batches.size();
    result["padding_ratio"] = batchingStats(batches, src, tgt).paddingRatio();

    if (json) {
      std::cout << result.dump() << std::endl;
    } else {
      std::printf("%zu pairs (%zu pieces) from %s\n", pairs, size_t(result["pieces"]), dir.c_str());
      std::printf("  read %zu pairs:        %.3f s\n", text.size(), double(result["read_seconds"]));
      std::printf("  encode, 1 thread:      %.3f s\n", double(result["encode_1_thread_seconds"]));
      std::printf("  encode, %d threads:     %.3f s\n", workers, double(result["encode_parallel_seconds"]));
      std::printf("  cache write / read:    %.3f s / %.3f s\n", double(result["cache_write_seconds"]),
                  double(result["cache_read_seconds"]));
      std::printf("  token-budget batching: %.3f s (%zu batches, padding %.1f %%)\n",
                  double(result["batching_seconds"]), batches.size(), 100 * double(result["padding_ratio"]));
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "error: %s\n", e.what());
    return 1;
  }
  return 0;
}
