// probes.rec (model/training/ProbeFile): any bytes are read without a crash;
// every record read has maps (and a lens) that match its tokens and shape, and reads back
// the same once written again. Checksums are not verified here, so that
// inputs reach the checks of the fields behind them.
#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <string>

#include "model/training/ProbeFile.h"

namespace {

bool sameWeights(const std::vector<float>& a, const std::vector<float>& b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (!(a[i] == b[i] || (std::isnan(a[i]) && std::isnan(b[i])))) return false;
  return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace studio::model;
  const std::string bytes(reinterpret_cast<const char*>(data), size);
  ProbeFileContents contents;
  try {
    contents = parseProbeFile(bytes, "fuzz.rec", 0, /*verify_checksums=*/false);
  } catch (const std::runtime_error&) {
    return 0;  // no probe file, or a version we do not read: said, not read
  }
  if (contents.end_offset > bytes.size()) __builtin_trap();
  for (const auto& r : contents.records) {
    const auto& a = r.attention;
    const uint64_t S = a.source_tokens.size(), T = a.target_tokens.size(), H = uint64_t(a.heads);
    if (a.source_length != int64_t(S) || a.target_length != int64_t(T)) __builtin_trap();
    if (a.encoder_self.size() != uint64_t(a.encoder_layers) * H * S * S ||
        a.decoder_self.size() != uint64_t(a.decoder_layers) * H * T * T ||
        a.cross.size() != uint64_t(a.decoder_layers) * H * T * S || a.decoder_mask.size() != T * T)
      __builtin_trap();
    const auto& lens = a.lens;
    if (!lens.empty()) {
      const uint64_t R = uint64_t(lens.stages), K = uint64_t(lens.top);
      if (lens.stages != 3 * a.decoder_layers || uint64_t(lens.positions) != T || K == 0 ||
          lens.next_pieces.size() != T || lens.next_probability.size() != R * T ||
          lens.next_rank.size() != R * T || lens.top_pieces.size() != R * T * K ||
          lens.top_probabilities.size() != R * T * K)
        __builtin_trap();
      for (int64_t rank : lens.next_rank)
        if (rank < 1) __builtin_trap();
    }
    const auto again = parseProbeFile(probeFileHeader() + encodeProbeRecord(r), "again.rec");
    if (again.records.size() != 1 || !again.warning.empty()) __builtin_trap();
    const auto& b = again.records[0];
    if (b.step != r.step || b.probe != r.probe || b.target != r.target || b.reference != r.reference ||
        b.attention.source_tokens != a.source_tokens || b.attention.target_tokens != a.target_tokens ||
        b.attention.translation != a.translation || !sameWeights(b.attention.cross, a.cross) ||
        !sameWeights(b.attention.encoder_self, a.encoder_self) || !sameWeights(b.attention.decoder_self, a.decoder_self))
      __builtin_trap();
    const auto& c = b.attention.lens;
    if (c.stages != lens.stages || c.top != lens.top || c.next_pieces != lens.next_pieces ||
        c.next_rank != lens.next_rank || c.top_pieces != lens.top_pieces ||
        !sameWeights(c.next_probability, lens.next_probability) ||
        !sameWeights(c.top_probabilities, lens.top_probabilities))
      __builtin_trap();
  }
  return 0;
}
