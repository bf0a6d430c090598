// Translation memories (model/data/TmxFile): any bytes read as a TMX file
// give pairs or CorpusError, never a crash; every unit read is kept or
// dropped for a reason, and the pairs are the kept ones.
#include <cstdint>
#include <string_view>

#include "model/data/TmxFile.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  studio::data::FilterOptions options;
  studio::data::ReadSummary summary;
  try {
    const auto text = studio::data::readTmxText(std::string_view(reinterpret_cast<const char*>(data), size),
                                                "fuzz.tmx", options, summary);
    if (text.src.size() != text.tgt.size() || text.src.size() != summary.kept ||
        summary.read != summary.kept + summary.droppedTotal())
      __builtin_trap();
  } catch (const studio::data::CorpusError&) {
  }
  return 0;
}
