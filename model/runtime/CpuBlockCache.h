#pragma once

#include <cstddef>
#include <cstdint>

// Large CPU tensors kept for reuse while training.
//
// A training step on the CPU allocates the same large tensors every step: the
// output layer's logits, their log-softmax and gradient ([target tokens x
// vocabulary]: 128 MB each on the small benchmark configuration), the
// feed-forward's hidden states. LibTorch's CPU allocator hands each to
// malloc, and glibc serves anything over 32 MB with a fresh mmap, so every
// step the kernel maps and zeroes those pages again, one fault per 4 KiB: on
// the 2-core EPYC about a tenth of the small configuration's step.
//
// While a CpuBlockCacheScope lives, LibTorch's CPU allocator is replaced by
// one that keeps freed blocks of 1 MiB and more (rounded up to 2 MiB, aligned
// for transparent huge pages) and hands them out again for requests of the
// same size or up to a quarter smaller; smaller requests go to LibTorch's own
// allocation functions as before. The cache never holds more bytes than were
// live in such blocks at their peak, so the process's footprint stays that of
// its largest step. When the last scope ends, cached blocks are returned to
// the system and LibTorch's allocator is put back; a tensor that outlives the
// scope is freed normally whenever it dies.
//
// Scopes nest and may be opened from several threads (the app's training
// and, say, a fine-tuning run). STUDIO_CPU_BLOCK_CACHE=off makes them do
// nothing (for measuring the two against each other).
namespace studio::model {

class CpuBlockCacheScope {
 public:
  CpuBlockCacheScope();
  ~CpuBlockCacheScope();
  CpuBlockCacheScope(const CpuBlockCacheScope&) = delete;
  CpuBlockCacheScope& operator=(const CpuBlockCacheScope&) = delete;

 private:
  bool opened_ = false;
};

struct CpuBlockCacheStats {
  bool active = false;
  std::size_t live_bytes = 0;    // in large blocks now held by tensors
  std::size_t cached_bytes = 0;  // in freed blocks kept for reuse
  std::size_t peak_bytes = 0;    // the most live_bytes reached since the first scope opened
  std::uint64_t reused = 0;      // large requests served from the cache
  std::uint64_t fresh = 0;       // large requests that needed a new block
};

CpuBlockCacheStats cpuBlockCacheStats();

}  // namespace studio::model
