#include "model/files/ZipWriter.h"

#include <limits>
#include <stdexcept>

#include <zlib.h>

#include "model/files/ZipDirectory.h"

namespace studio::model {

namespace {

constexpr uint64_t kMax32 = std::numeric_limits<uint32_t>::max();
constexpr uint16_t kDosDate = (0 << 9) | (1 << 5) | 1;  // 1980-01-01
constexpr uint16_t kVersion = 20;                       // 2.0: deflate, folders

void put(std::string& out, uint64_t value, int bytes) {
  for (int b = 0; b < bytes; ++b) out += char((value >> (8 * b)) & 0xff);
}

// Raw deflate (no zlib header), as zip keeps it; "" when it would not be smaller.
std::string deflated(const std::string& bytes) {
  if (bytes.size() < 64) return {};
  z_stream z{};
  if (deflateInit2(&z, Z_DEFAULT_COMPRESSION, Z_DEFLATED, -MAX_WBITS, 8, Z_DEFAULT_STRATEGY) != Z_OK)
    throw std::runtime_error("zlib cannot deflate");
  std::string out(deflateBound(&z, uLong(bytes.size())), '\0');
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(bytes.data()));
  z.avail_in = uInt(bytes.size());
  z.next_out = reinterpret_cast<Bytef*>(out.data());
  z.avail_out = uInt(out.size());
  const int status = deflate(&z, Z_FINISH);
  const size_t written = out.size() - z.avail_out;
  deflateEnd(&z);
  if (status != Z_STREAM_END) throw std::runtime_error("zlib cannot deflate");
  if (written >= bytes.size()) return {};
  out.resize(written);
  return out;
}

}  // namespace

void ZipWriter::add(const std::string& name, const std::string& bytes, ZipPacking packing) {
  if (name.empty() || name.size() > 0xffff || name.front() == '/' || name.find('\\') != std::string::npos)
    throw std::invalid_argument("zip entry name '" + name + "' is not a relative path with '/'");
  for (const auto& e : entries_)
    if (e.name == name) throw std::invalid_argument("zip entry '" + name + "' added twice");
  if (entries_.size() >= 0xffff) throw std::length_error("a zip file of more than 65,535 entries");
  if (bytes.size() >= kMax32) throw std::length_error("zip entry '" + name + "' of 4 GiB or more");
  Entry entry;
  entry.name = name;
  entry.offset = data_.size();
  entry.crc = crc32(bytes.data(), bytes.size());
  entry.size = bytes.size();
  const std::string packed =
      packing == ZipPacking::Smallest && bytes.size() < kMax32 / 2 ? deflated(bytes) : std::string();
  entry.deflated = !packed.empty();
  entry.packed = entry.deflated ? packed.size() : bytes.size();
  if (entry.offset + 30 + name.size() + entry.packed >= kMax32)
    throw std::length_error("a zip file of 4 GiB or more");
  put(data_, 0x04034b50, 4);
  put(data_, kVersion, 2);
  put(data_, 1u << 11, 2);  // names in UTF-8
  put(data_, entry.deflated ? 8 : 0, 2);
  put(data_, 0, 2);  // time 00:00
  put(data_, kDosDate, 2);
  put(data_, entry.crc, 4);
  put(data_, entry.packed, 4);
  put(data_, entry.size, 4);
  put(data_, name.size(), 2);
  put(data_, 0, 2);  // no extra field
  data_ += name;
  data_ += entry.deflated ? packed : bytes;
  entries_.push_back(std::move(entry));
}

std::string ZipWriter::finish() const {
  std::string out = data_;
  const uint64_t directory = out.size();
  for (const auto& e : entries_) {
    put(out, 0x02014b50, 4);
    put(out, kVersion, 2);  // made by (MS-DOS attributes)
    put(out, kVersion, 2);
    put(out, 1u << 11, 2);
    put(out, e.deflated ? 8 : 0, 2);
    put(out, 0, 2);
    put(out, kDosDate, 2);
    put(out, e.crc, 4);
    put(out, e.packed, 4);
    put(out, e.size, 4);
    put(out, e.name.size(), 2);
    put(out, 0, 2);  // extra field
    put(out, 0, 2);  // comment
    put(out, 0, 2);  // disk
    put(out, 0, 2);  // internal attributes
    put(out, 0, 4);  // external attributes
    put(out, e.offset, 4);
    out += e.name;
  }
  const uint64_t size = out.size() - directory;
  if (out.size() + 22 >= kMax32) throw std::length_error("a zip file of 4 GiB or more");
  put(out, 0x06054b50, 4);
  put(out, 0, 2);
  put(out, 0, 2);
  put(out, entries_.size(), 2);
  put(out, entries_.size(), 2);
  put(out, size, 4);
  put(out, directory, 4);
  put(out, 0, 2);  // no comment
  return out;
}

}  // namespace studio::model
