// The encoded-id cache (data/cache/*.ids): a damaged or hostile file is
// refused (read returns false) or read into a consistent split, never a crash
// or an allocation the file's size does not justify. The file's last 8 bytes
// are set to the checksum of the rest, as a hostile file would: the checksum
// guards against accidents, not against someone who computes it.
#include <cstdint>
#include <cstring>
#include <vector>

#include "FuzzInput.h"
#include "model/data/EncodedCorpus.h"
#include "model/files/Hash.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::vector<uint8_t> bytes(data, data + size);
  if (bytes.size() >= 8) {
    studio::model::Hash64 hash;
    hash.add(bytes.data(), bytes.size() - 8);
    const uint64_t checksum = hash.value();
    std::memcpy(bytes.data() + bytes.size() - 8, &checksum, 8);
  }
  const auto path = studio::fuzz::writeInput("train.ids", bytes.data(), bytes.size());
  studio::data::EncodedSplit split;
  // The seeds' header names this key (tests/fuzz/make_seeds.py).
  if (studio::data::readEncodedCache(path, "fuzz-key", split)) {
    if (split.src_offsets.size() != split.tgt_offsets.size()) __builtin_trap();
    for (size_t i = 0; i < split.size(); ++i)
      if (split.srcLength(i) < 0 || split.tgtLength(i) < 0 || split.src_offsets[i + 1] > split.src_ids.size() ||
          split.tgt_offsets[i + 1] > split.tgt_ids.size())
        __builtin_trap();
  }
  return 0;
}
