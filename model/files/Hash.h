#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace studio::model {

// A fast 64-bit non-cryptographic hash for detecting changed or corrupted
// files (model checksums, cache invalidation). Not for security.
class Hash64 {
 public:
  void add(const void* data, size_t size);
  void add(const std::string& text) { add(text.data(), text.size()); }
  uint64_t value() const { return state_; }
  std::string hex() const;

 private:
  void mix(uint64_t word);
  uint64_t state_ = 0xcbf29ce484222325ULL;
};

// Hash of a whole file's bytes. Throws std::runtime_error naming the file
// when it cannot be read.
std::string hashFile(const std::string& path);

}  // namespace studio::model
