#include "model/runtime/CpuBlockCache.h"

#include <sys/mman.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <new>
#include <unordered_map>

#include <c10/core/Allocator.h>
#include <c10/core/CPUAllocator.h>
#include <c10/core/impl/alloc_cpu.h>

#include "model/TorchCompat.h"

namespace studio::model {

namespace {

constexpr std::size_t kLargeBytes = std::size_t(1) << 20;  // cached from 1 MiB
constexpr std::size_t kGranule = std::size_t(2) << 20;     // a transparent huge page

bool switchedOff() {
  const char* text = std::getenv("STUDIO_CPU_BLOCK_CACHE");
  return text && (std::strcmp(text, "off") == 0 || std::strcmp(text, "0") == 0);
}

// Everything the allocator keeps, behind one mutex. Immortal: tensors
// allocated in a scope may die after the program's static objects.
struct State {
  std::mutex mutex;
  int depth = 0;                                // open scopes
  c10::Allocator* previous = nullptr;           // LibTorch's allocator while ours is installed
  std::multimap<std::size_t, void*> cached;     // freed blocks by size
  std::unordered_map<void*, std::size_t> live;  // blocks held by tensors, with their sizes
  std::size_t live_bytes = 0, cached_bytes = 0, peak_bytes = 0;
  std::uint64_t reused = 0, fresh = 0;
};

State& state() {
  static State* s = new State;
  return *s;
}

void freeCachedLocked(State& s) {
  for (auto& [size, block] : s.cached) std::free(block);
  s.cached.clear();
  s.cached_bytes = 0;
}

// Every pointer this allocator hands out, large or small, is freed here (one
// deleter for all, as LibTorch's raw allocation interface requires). Small
// ones come from c10::alloc_cpu, 64-byte aligned: only a pointer on a 2 MiB
// boundary can be a block of ours, and only those take the lock.
void release(void* data) {
  if (!data) return;
  if (reinterpret_cast<std::uintptr_t>(data) % kGranule != 0) {
    c10::free_cpu(data);
    return;
  }
  State& s = state();
  std::unique_lock<std::mutex> lock(s.mutex);
  const auto it = s.live.find(data);
  if (it == s.live.end()) {
    lock.unlock();
    c10::free_cpu(data);
    return;
  }
  const std::size_t size = it->second;
  s.live.erase(it);
  s.live_bytes -= size;
  if (s.depth > 0 && s.cached_bytes + size <= s.peak_bytes) {
    s.cached.emplace(size, data);
    s.cached_bytes += size;
    return;
  }
  lock.unlock();
  std::free(data);
}

c10::DataPtr smallDataPtr(std::size_t bytes) {
  void* data = c10::alloc_cpu(bytes);
  return {data, data, &release, c10::Device(c10::DeviceType::CPU)};
}

c10::DataPtr allocateBytes(std::size_t bytes) {
  if (bytes < kLargeBytes) return smallDataPtr(bytes);
  const std::size_t size = (bytes + kGranule - 1) / kGranule * kGranule;
  State& s = state();
  void* block = nullptr;
  {
    std::lock_guard<std::mutex> lock(s.mutex);
    // The smallest kept block that fits, if it is at most a quarter larger.
    const auto it = s.cached.lower_bound(size);
    if (it != s.cached.end() && it->first <= size + size / 4) {
      block = it->second;
      s.live.emplace(block, it->first);
      s.live_bytes += it->first;
      s.cached_bytes -= it->first;
      s.cached.erase(it);
      ++s.reused;
      s.peak_bytes = std::max(s.peak_bytes, s.live_bytes);
      return {block, block, &release, c10::Device(c10::DeviceType::CPU)};
    }
  }
  if (posix_memalign(&block, kGranule, size) != 0) {
    // Kept blocks may be what is missing: hand them back and try once more.
    {
      std::lock_guard<std::mutex> lock(s.mutex);
      freeCachedLocked(s);
    }
    if (posix_memalign(&block, kGranule, size) != 0) throw std::bad_alloc();
  }
  madvise(block, size, MADV_HUGEPAGE);  // a hint: fewer page faults where the kernel allows it
  std::lock_guard<std::mutex> lock(s.mutex);
  s.live.emplace(block, size);
  s.live_bytes += size;
  ++s.fresh;
  s.peak_bytes = std::max(s.peak_bytes, s.live_bytes);
  return {block, block, &release, c10::Device(c10::DeviceType::CPU)};
}

class BlockCacheAllocator final : public c10::Allocator {
 public:
#if STUDIO_TORCH_AT_LEAST(2, 3)
  c10::DataPtr allocate(std::size_t n) override { return allocateBytes(n); }
  void copy_data(void* dest, const void* src, std::size_t count) const override {
    default_copy_data(dest, src, count);
  }
#else
  c10::DataPtr allocate(std::size_t n) const override { return allocateBytes(n); }
#endif
  c10::DeleterFnPtr raw_deleter() const override { return &release; }
};

BlockCacheAllocator& allocator() {
  static BlockCacheAllocator* a = new BlockCacheAllocator;
  return *a;
}

}  // namespace

CpuBlockCacheScope::CpuBlockCacheScope() {
  if (switchedOff()) return;
  State& s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  if (s.depth == 0) {
    c10::Allocator* current = c10::GetCPUAllocator();
    c10::SetCPUAllocator(&allocator(), /*priority=*/0);
    // An allocator installed with a higher priority keeps its place: then
    // this scope does nothing.
    if (c10::GetCPUAllocator() != &allocator()) return;
    s.previous = current;
    s.peak_bytes = s.live_bytes;
    s.reused = s.fresh = 0;
  }
  ++s.depth;
  opened_ = true;
}

CpuBlockCacheScope::~CpuBlockCacheScope() {
  if (!opened_) return;
  State& s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  if (--s.depth > 0) return;
  c10::SetCPUAllocator(s.previous, /*priority=*/0);
  s.previous = nullptr;
  freeCachedLocked(s);
}

CpuBlockCacheStats cpuBlockCacheStats() {
  State& s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  CpuBlockCacheStats out;
  out.active = s.depth > 0;
  out.live_bytes = s.live_bytes;
  out.cached_bytes = s.cached_bytes;
  out.peak_bytes = s.peak_bytes;
  out.reused = s.reused;
  out.fresh = s.fresh;
  return out;
}

}  // namespace studio::model
