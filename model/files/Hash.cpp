#include "model/files/Hash.h"

#include <cstdio>
#include <cstring>
#include <fstream>
#include <stdexcept>
#include <vector>

namespace studio::model {

void Hash64::mix(uint64_t word) {
  state_ ^= word * 0x9e3779b97f4a7c15ULL;
  state_ = (state_ << 27 | state_ >> 37) * 0xff51afd7ed558ccdULL + 0x94d049bb133111ebULL;
}

void Hash64::add(const void* data, size_t size) {
  const auto* bytes = static_cast<const unsigned char*>(data);
  size_t i = 0;
  for (; i + 8 <= size; i += 8) {
    uint64_t word;
    std::memcpy(&word, bytes + i, 8);
    mix(word);
  }
  uint64_t tail = 0;
  std::memcpy(&tail, bytes + i, size - i);
  mix(tail ^ (uint64_t(size) << 56));
}

std::string Hash64::hex() const {
  char text[17];
  std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(state_));
  return text;
}

std::string hashFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read '" + path + "'");
  Hash64 hash;
  std::vector<char> buffer(1 << 20);
  while (in) {
    in.read(buffer.data(), static_cast<std::streamsize>(buffer.size()));
    const auto got = static_cast<size_t>(in.gcount());
    if (got > 0) hash.add(buffer.data(), got);
  }
  if (in.bad()) throw std::runtime_error("error while reading '" + path + "'");
  return hash.hex();
}

}  // namespace studio::model
