#pragma once

#include <cstdint>
#include <fstream>
#include <map>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

// The table of contents of a zip file, found through its central directory,
// with ZIP64 sizes where the file needs them: LibTorch's archives (every
// entry stored or deflated, all in one top folder) and the zip files corpora
// are downloaded as (OPUS's moses .txt.zip). Read by us, checked field by
// field against the file's size, so that a damaged or hostile archive is
// refused before anything trusts one of its numbers.
namespace studio::model {

class ArchiveFormatError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct ZipEntry {
  uint64_t offset = 0;  // of the entry's bytes in the file
  uint64_t size = 0;    // once read (inflated when deflated)
  uint64_t packed = 0;  // in the file
  uint32_t crc32 = 0;
  bool deflated = false;  // LibTorch deflates small code files, stores the rest
  // ZipNames::AsStored only: how it is packed when that is neither (0 when
  // it is one of them), and whether it is encrypted. Reading it says so.
  uint16_t other_method = 0;
  bool encrypted = false;
};

enum class ZipNames {
  InOneFolder,  // LibTorch's: every entry in one top folder, named without it; stored or deflated only
  AsStored,     // any zip file's: files by their full names, folders left out
};

class ZipDirectory {
 public:
  // Reads the directory of the zip file `file` (of `file_size` bytes).
  // Throws ArchiveFormatError saying what is wrong.
  ZipDirectory(std::istream& file, uint64_t file_size, ZipNames names = ZipNames::InOneFolder);

  // Entries by name: with ZipNames::InOneFolder without the archive's top
  // folder ("archive/data.pkl" is "data.pkl"), every entry in that folder.
  const std::map<std::string, ZipEntry>& entries() const { return entries_; }
  const ZipEntry* find(const std::string& name) const;

  // An entry's bytes, read whole (at most `limit` bytes, else an error),
  // inflated if need be, and checked against its CRC-32.
  std::string read(std::istream& file, const std::string& name, uint64_t limit) const;
  // Its first `bytes` bytes (all of it when shorter), not checked.
  std::string readHead(std::istream& file, const std::string& name, size_t bytes) const;

 private:
  std::map<std::string, ZipEntry> entries_;
};

// Every file of a zip package held in memory (a document's, a book's), by
// its full name and read whole, in the order its bytes stand in the package
// (a package's first entry, its mimetype, stays first). An entry over
// `limit` bytes is an error. Throws ArchiveFormatError saying what is wrong.
std::vector<std::pair<std::string, std::string>> readZipFiles(const std::string& bytes, uint64_t limit);

// CRC-32 (ISO 3309, as zip uses), continued from `crc`.
uint32_t crc32(const void* data, size_t size, uint32_t crc = 0);

// Limits on what an archive may hold before we allocate for it.
inline constexpr uint64_t kMaxZipEntries = 1u << 20;
inline constexpr uint64_t kMaxZipNameBytes = 4096;

}  // namespace studio::model
