// The .mo catalog reader (Debian's catalogs become the demo corpus; a catalog
// may come from anywhere): any bytes give a catalog or MoError, never a crash,
// an out-of-bounds read or an unbounded allocation.
#include <cstdint>
#include <string>

#include "model/data/MoFile.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  try {
    const auto catalog = studio::data::parseMo(std::string(reinterpret_cast<const char*>(data), size), "fuzz.mo");
    size_t total = 0;
    for (const auto& entry : catalog.entries) total += entry.msgid.size();  // touch what was read
    (void)total;
  } catch (const studio::data::MoError&) {
  }
  return 0;
}
