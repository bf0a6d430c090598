#include "model/evaluation/NumpyRandom.h"

#include <array>
#include <stdexcept>
#include <string>

namespace studio::model {
namespace {

__extension__ typedef unsigned __int128 u128;

// PCG's 128-bit multiplier.
constexpr u128 kMultiplier = (u128(0x2360ED051FC65DA4ULL) << 64) | u128(0x4385DF649FCCF645ULL);

// SeedSequence's hashing constants (numpy/random/bit_generator.pyx, after
// Melissa O'Neill's seed_seq_fe).
constexpr uint32_t kInitA = 0x43b0d7e5, kMultA = 0x931e8875, kInitB = 0x8b51f9dd, kMultB = 0x58f38ded;
constexpr uint32_t kMixL = 0xca01f9dd, kMixR = 0x4973f715;
constexpr int kPoolWords = 4;

uint32_t hashMix(uint32_t value, uint32_t& hash) {
  value ^= hash;
  hash *= kMultA;
  value *= hash;
  return value ^ (value >> 16);
}

uint32_t mix(uint32_t x, uint32_t y) {
  uint32_t r = kMixL * x - kMixR * y;
  return r ^ (r >> 16);
}

// The four 64-bit words SeedSequence(seed).generate_state(4, uint64) gives.
std::array<uint64_t, 4> seedWords(uint64_t seed) {
  // The seed as 32-bit words, least significant first (one word below 2^32).
  std::vector<uint32_t> entropy{uint32_t(seed)};
  if (seed >> 32) entropy.push_back(uint32_t(seed >> 32));

  std::array<uint32_t, kPoolWords> pool{};
  uint32_t hash = kInitA;
  for (size_t i = 0; i < pool.size(); ++i) pool[i] = hashMix(i < entropy.size() ? entropy[i] : 0u, hash);
  for (size_t src = 0; src < pool.size(); ++src)
    for (size_t dst = 0; dst < pool.size(); ++dst)
      if (src != dst) pool[dst] = mix(pool[dst], hashMix(pool[src], hash));
  for (size_t src = pool.size(); src < entropy.size(); ++src)
    for (size_t dst = 0; dst < pool.size(); ++dst) pool[dst] = mix(pool[dst], hashMix(entropy[src], hash));

  std::array<uint32_t, 8> state{};
  uint32_t out_hash = kInitB;
  for (size_t i = 0; i < state.size(); ++i) {
    uint32_t value = pool[i % pool.size()];
    value ^= out_hash;
    out_hash *= kMultB;
    value *= out_hash;
    state[i] = value ^ (value >> 16);
  }
  std::array<uint64_t, 4> words{};
  for (size_t i = 0; i < words.size(); ++i)
    words[i] = uint64_t(state[2 * i]) | (uint64_t(state[2 * i + 1]) << 32);
  return words;
}

}  // namespace

NumpyRandom::NumpyRandom(uint64_t seed) {
  const std::array<uint64_t, 4> w = seedWords(seed);
  const u128 initial = (u128(w[0]) << 64) | w[1];
  const u128 sequence = (u128(w[2]) << 64) | w[3];
  const u128 increment = (sequence << 1) | 1u;
  u128 state = 0;
  state = state * kMultiplier + increment;
  state += initial;
  state = state * kMultiplier + increment;
  state_[0] = uint64_t(state >> 64);
  state_[1] = uint64_t(state);
  increment_[0] = uint64_t(increment >> 64);
  increment_[1] = uint64_t(increment);
}

uint64_t NumpyRandom::next64() {
  u128 state = (u128(state_[0]) << 64) | state_[1];
  state = state * kMultiplier + ((u128(increment_[0]) << 64) | increment_[1]);
  state_[0] = uint64_t(state >> 64);
  state_[1] = uint64_t(state);
  const uint64_t folded = state_[0] ^ state_[1];
  const unsigned rotation = unsigned(state_[0] >> 58);
  return (folded >> rotation) | (folded << ((64u - rotation) & 63u));
}

uint32_t NumpyRandom::next32() {
  if (has_half_) {
    has_half_ = false;
    return half_;
  }
  const uint64_t next = next64();
  has_half_ = true;
  half_ = uint32_t(next >> 32);
  return uint32_t(next);
}

std::vector<int64_t> NumpyRandom::below(int64_t n, size_t count) {
  if (n < 1 || uint64_t(n) > (uint64_t(1) << 32))
    throw std::invalid_argument("NumpyRandom::below: n must be 1 .. 2^32, not " + std::to_string(n));
  std::vector<int64_t> out(count, 0);
  if (n == 1) return out;
  const uint64_t range = uint64_t(n) - 1;  // numpy's inclusive range
  if (range == 0xFFFFFFFFULL) {
    for (auto& v : out) v = next32();
    return out;
  }
  const uint32_t exclusive = uint32_t(range + 1);
  for (auto& v : out) {
    uint64_t m = uint64_t(next32()) * exclusive;
    uint32_t leftover = uint32_t(m);
    if (leftover < exclusive) {
      const uint32_t threshold = uint32_t(0xFFFFFFFFu - uint32_t(range)) % exclusive;
      while (leftover < threshold) {
        m = uint64_t(next32()) * exclusive;
        leftover = uint32_t(m);
      }
    }
    v = int64_t(m >> 32);
  }
  return out;
}

uint8_t NumpyRandom::BitStream::next() {
  if (left_ == 0) {
    buffer_ = rng_.next32();
    left_ = 31;
  } else {
    buffer_ >>= 1;
    --left_;
  }
  return uint8_t(buffer_ & 1u);
}

std::vector<uint8_t> NumpyRandom::bits(size_t count) {
  BitStream stream(*this);
  std::vector<uint8_t> out(count);
  for (auto& b : out) b = stream.next();
  return out;
}

}  // namespace studio::model
