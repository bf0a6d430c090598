#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

// The random numbers of numpy's `np.random.default_rng(seed)`, reproduced
// draw for draw, so that resampling tests give the numbers sacreBLEU gives
// for the same seed (it seeds every test with 12345): a PCG64 generator
// (O'Neill's 128-bit LCG with the XSL-RR output) seeded through numpy's
// SeedSequence, 32-bit draws taken in halves of a 64-bit one, bounded
// integers by Lemire's multiply-and-reject, booleans a bit of a 32-bit word
// at a time. Checked against numpy 2.4 in tst_metrics.
namespace studio::model {

class NumpyRandom {
 public:
  explicit NumpyRandom(uint64_t seed);

  uint64_t next64();
  uint32_t next32();

  // `rng.integers(0, n, size=count)` (also what `rng.choice(n, size,
  // replace=True)` draws): count integers in [0, n), n from 1 to 2^32.
  std::vector<int64_t> below(int64_t n, size_t count);
  // `rng.integers(2, size=count, dtype=bool)`.
  std::vector<uint8_t> bits(size_t count);

  // The same bits drawn a part at a time: one stream is one numpy call
  // (its 32-bit buffer runs on across the parts).
  class BitStream {
   public:
    explicit BitStream(NumpyRandom& rng) : rng_(rng) {}
    uint8_t next();

   private:
    NumpyRandom& rng_;
    uint32_t buffer_ = 0;
    int left_ = 0;
  };

 private:
  // The 128-bit state and increment, high and low halves.
  uint64_t state_[2] = {0, 0}, increment_[2] = {0, 0};
  bool has_half_ = false;
  uint32_t half_ = 0;
};

}  // namespace studio::model
