#pragma once

#include <cstdint>
#include <string>
#include <vector>

// A zip file written in memory, for documents that are zip packages (Word's
// .docx): each entry deflated where that makes it smaller, else stored, in
// the order added, with the fixed time 1980-01-01 00:00 (so the same content
// gives the same bytes). No ZIP64: an entry or archive of 4 GiB or more, or
// more than 65,535 entries, is refused. The archive's bytes are written out
// whole by the caller (AtomicFile.h). No LibTorch here.
namespace studio::model {

// How an entry is packed: deflated where that makes it smaller, or stored as
// it is (an OpenDocument's or a book's mimetype, which readers look for at a
// fixed place).
enum class ZipPacking { Smallest, Stored };

class ZipWriter {
 public:
  // Adds `name` (a path with '/' between folders, not empty, under 64 KiB)
  // holding `bytes`. Throws std::invalid_argument for a name used twice or
  // refused, std::length_error past the limits above.
  void add(const std::string& name, const std::string& bytes, ZipPacking packing = ZipPacking::Smallest);

  // The archive: the entries, their central directory and its end record.
  std::string finish() const;

 private:
  struct Entry {
    std::string name;
    uint64_t offset = 0;
    uint32_t crc = 0;
    uint64_t size = 0, packed = 0;
    bool deflated = false;
  };
  std::vector<Entry> entries_;
  std::string data_;  // the local headers and entries written so far
};

}  // namespace studio::model
