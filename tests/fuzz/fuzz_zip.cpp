// Zip files given as corpora (model/files/ZipDirectory read as any zip,
// model/data/ZipCorpus): any bytes give entries, their bytes and what corpus
// they hold, or an error, never a crash; an entry's beginning is the
// beginning of the entry read whole.
#include <cstdint>
#include <fstream>
#include <string>

#include "FuzzInput.h"
#include "model/data/ZipCorpus.h"
#include "model/files/ZipDirectory.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string path = studio::fuzz::writeInput("a.zip", data, size);
  try {
    std::ifstream file(path, std::ios::binary);
    const studio::model::ZipDirectory zip(file, size, studio::model::ZipNames::AsStored);
    int read = 0;
    for (const auto& [name, entry] : zip.entries()) {
      if (++read > 16) break;
      std::string whole;
      bool complete = false;
      try {
        whole = zip.read(file, name, 1 << 20);
        complete = true;
        if (whole.size() != entry.size) __builtin_trap();
      } catch (const studio::model::ArchiveFormatError&) {
      }
      try {
        const std::string head = zip.readHead(file, name, 64);
        if (head.size() > 64) __builtin_trap();
        if (complete && whole.compare(0, head.size(), head) != 0) __builtin_trap();
      } catch (const studio::model::ArchiveFormatError&) {
      }
    }
  } catch (const studio::model::ArchiveFormatError&) {
  }
  try {
    studio::data::zipCorpusAt(path);
  } catch (const studio::data::CorpusError&) {
  }
  return 0;
}
