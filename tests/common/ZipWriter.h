#pragma once

// A zip writer for tests and fuzz seeds: the zip files corpora come in
// (OPUS's moses .txt.zip), stored or deflated, with ZIP64 records when asked,
// and the odd ones the reader must refuse (another method, encryption).
#include <cstdint>
#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

#include <zlib.h>

namespace studio::test {

struct ZipItem {
  std::string name;
  std::string bytes;
  uint16_t method = 8;  // 0 stored, 8 deflated; another number: `bytes` written as they are under it
  bool encrypted = false;
};

namespace zipwriter {

inline void put(std::string& out, uint64_t value, int bytes) {
  for (int i = 0; i < bytes; ++i) out += char((value >> (8 * i)) & 0xFF);
}

inline std::string deflateRaw(const std::string& bytes) {
  z_stream z{};
  if (deflateInit2(&z, 6, Z_DEFLATED, -MAX_WBITS, 8, Z_DEFAULT_STRATEGY) != Z_OK)
    throw std::runtime_error("deflateInit2");
  std::string out(deflateBound(&z, uLong(bytes.size())), '\0');
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(bytes.data()));
  z.avail_in = uInt(bytes.size());
  z.next_out = reinterpret_cast<Bytef*>(out.data());
  z.avail_out = uInt(out.size());
  const int status = deflate(&z, Z_FINISH);
  out.resize(z.total_out);
  deflateEnd(&z);
  if (status != Z_STREAM_END) throw std::runtime_error("deflate");
  return out;
}

}  // namespace zipwriter

// The zip file's bytes. With `zip64`, every size and offset is in ZIP64
// extra fields and the directory's end in ZIP64 records, as writers do for
// files past 4 GiB.
inline std::string zipBytes(const std::vector<ZipItem>& items, bool zip64 = false) {
  using zipwriter::put;
  std::string out, directory;
  for (const auto& item : items) {
    const std::string packed = item.method == 8 ? zipwriter::deflateRaw(item.bytes) : item.bytes;
    const uint32_t crc =
        uint32_t(::crc32(0L, reinterpret_cast<const Bytef*>(item.bytes.data()), uInt(item.bytes.size())));
    const uint64_t offset = out.size();
    const uint16_t flags = item.encrypted ? 1 : 0;
    std::string extra;
    if (zip64)
      put(extra, 1, 2), put(extra, 24, 2), put(extra, item.bytes.size(), 8), put(extra, packed.size(), 8),
          put(extra, offset, 8);
    const uint64_t size32 = zip64 ? 0xFFFFFFFF : item.bytes.size(),
                   packed32 = zip64 ? 0xFFFFFFFF : packed.size(), offset32 = zip64 ? 0xFFFFFFFF : offset;
    put(out, 0x04034b50, 4), put(out, zip64 ? 45 : 20, 2), put(out, flags, 2), put(out, item.method, 2);
    put(out, 0, 4), put(out, crc, 4), put(out, packed32, 4), put(out, size32, 4),
        put(out, item.name.size(), 2);
    put(out, extra.size(), 2);
    out += item.name + extra + packed;
    put(directory, 0x02014b50, 4), put(directory, 0x031E, 2), put(directory, zip64 ? 45 : 20, 2);
    put(directory, flags, 2), put(directory, item.method, 2), put(directory, 0, 4), put(directory, crc, 4);
    put(directory, packed32, 4), put(directory, size32, 4), put(directory, item.name.size(), 2);
    put(directory, extra.size(), 2), put(directory, 0, 2), put(directory, 0, 2), put(directory, 0, 2);
    put(directory, 0, 4), put(directory, offset32, 4);
    directory += item.name + extra;
  }
  const uint64_t directory_offset = out.size();
  out += directory;
  if (zip64) {
    const uint64_t record = out.size();
    put(out, 0x06064b50, 4), put(out, 44, 8), put(out, 45, 2), put(out, 45, 2), put(out, 0, 4),
        put(out, 0, 4);
    put(out, items.size(), 8), put(out, items.size(), 8), put(out, directory.size(), 8);
    put(out, directory_offset, 8);
    put(out, 0x07064b50, 4), put(out, 0, 4), put(out, record, 8), put(out, 1, 4);
  }
  put(out, 0x06054b50, 4), put(out, 0, 2), put(out, 0, 2);
  put(out, zip64 ? 0xFFFF : items.size(), 2), put(out, zip64 ? 0xFFFF : items.size(), 2);
  put(out, zip64 ? 0xFFFFFFFF : directory.size(), 4), put(out, zip64 ? 0xFFFFFFFF : directory_offset, 4);
  put(out, 0, 2);
  return out;
}

inline void writeZipFile(const std::string& path, const std::vector<ZipItem>& items, bool zip64 = false) {
  std::ofstream(path, std::ios::binary | std::ios::trunc) << zipBytes(items, zip64);
}

}  // namespace studio::test
