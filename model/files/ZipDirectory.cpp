#include "model/files/ZipDirectory.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <sstream>
#include <vector>

#include <zlib.h>

namespace studio::model {

namespace {

[[noreturn]] void zipError(const std::string& what) { throw ArchiveFormatError(what); }

uint64_t le(const unsigned char* p, int bytes) {
  uint64_t value = 0;
  for (int i = bytes - 1; i >= 0; --i) value = (value << 8) | p[i];
  return value;
}

void readAt(std::istream& file, uint64_t offset, void* out, size_t size) {
  file.clear();
  file.seekg(std::streamoff(offset));
  file.read(static_cast<char*>(out), std::streamsize(size));
  if (!file || size_t(file.gcount()) != size) zipError("cannot read " + std::to_string(size) + " bytes at offset " +
                                                  std::to_string(offset));
}

constexpr uint32_t kEndOfDirectory = 0x06054b50, kZip64End = 0x06064b50, kZip64Locator = 0x07064b50,
                   kDirectoryEntry = 0x02014b50, kLocalHeader = 0x04034b50;
constexpr uint64_t kEndSize = 22, kEntrySize = 46, kLocalSize = 30, kLocatorSize = 20, kZip64EndSize = 56;

}  // namespace

std::vector<std::pair<std::string, std::string>> readZipFiles(const std::string& bytes, uint64_t limit) {
  std::istringstream file(bytes);
  const ZipDirectory zip(file, bytes.size(), ZipNames::AsStored);
  std::vector<std::pair<uint64_t, std::string>> order;
  for (const auto& [entry, at] : zip.entries()) order.push_back({at.offset, entry});
  std::sort(order.begin(), order.end());
  std::vector<std::pair<std::string, std::string>> out;
  for (const auto& [offset, entry] : order) out.push_back({entry, zip.read(file, entry, limit)});
  return out;
}

uint32_t crc32(const void* data, size_t size, uint32_t crc) {
  static const auto table = [] {
    std::array<uint32_t, 256> t{};
    for (uint32_t i = 0; i < 256; ++i) {
      uint32_t c = i;
      for (int k = 0; k < 8; ++k) c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
      t[i] = c;
    }
    return t;
  }();
  crc = ~crc;
  const auto* p = static_cast<const unsigned char*>(data);
  for (size_t i = 0; i < size; ++i) crc = table[(crc ^ p[i]) & 0xFF] ^ (crc >> 8);
  return ~crc;
}

ZipDirectory::ZipDirectory(std::istream& file, uint64_t file_size, ZipNames names) {
  if (file_size < kEndSize) zipError("too short to be a zip archive");
  // The end-of-directory record: the last 22 bytes, or earlier when a
  // comment (at most 65,535 bytes) follows it.
  const uint64_t tail = std::min<uint64_t>(file_size, kEndSize + 0xFFFF);
  std::vector<unsigned char> end(tail);
  readAt(file, file_size - tail, end.data(), tail);
  int64_t at = -1;
  for (int64_t i = int64_t(tail - kEndSize); i >= 0; --i)
    if (le(&end[size_t(i)], 4) == kEndOfDirectory && i + kEndSize + le(&end[size_t(i) + 20], 2) == tail) {
      at = i;
      break;
    }
  if (at < 0) zipError("no zip end-of-directory record (truncated?)");
  const unsigned char* e = &end[size_t(at)];
  const uint64_t end_offset = file_size - tail + uint64_t(at);
  uint64_t count = le(e + 10, 2), dir_size = le(e + 12, 4), dir_offset = le(e + 16, 4);
  if (le(e + 4, 2) != 0 || le(e + 6, 2) != 0 || le(e + 8, 2) != count) zipError("a zip archive split over disks");
  // ZIP64: a locator just before the record points at a larger record. Where
  // both are there, LibTorch's zip reader (miniz) takes the directory from
  // the larger one whatever the smaller says, so this reader does too, and
  // asks the two to agree: a file whose records disagree would be read one
  // way here and another way by LibTorch's loader.
  const bool sentinels = count == 0xFFFF || dir_size == 0xFFFFFFFF || dir_offset == 0xFFFFFFFF;
  unsigned char locator[kLocatorSize] = {};
  bool has_locator = false;
  if (end_offset >= kLocatorSize) {
    readAt(file, end_offset - kLocatorSize, locator, kLocatorSize);
    has_locator = le(locator, 4) == kZip64Locator;
  }
  if (sentinels && !has_locator) zipError("no ZIP64 locator");
  if (has_locator) {
    const uint64_t z64 = le(locator + 8, 8);
    if (z64 > end_offset - kLocatorSize || end_offset - kLocatorSize - z64 < kZip64EndSize)
      zipError("the ZIP64 record lies outside the file");
    unsigned char record[kZip64EndSize];
    readAt(file, z64, record, kZip64EndSize);
    if (le(record, 4) == kZip64End) {
      if (le(locator + 16, 4) != 1 || le(record + 16, 4) != 0 || le(record + 20, 4) != 0 ||
          le(record + 24, 8) != le(record + 32, 8))
        zipError("a zip archive split over disks");
      if (le(record + 4, 8) < kZip64EndSize - 12) zipError("a damaged ZIP64 end-of-directory record");
      const uint64_t count64 = le(record + 32, 8), size64 = le(record + 40, 8), offset64 = le(record + 48, 8);
      if ((count != 0xFFFF && count != count64) || (dir_size != 0xFFFFFFFF && dir_size != size64) ||
          (dir_offset != 0xFFFFFFFF && dir_offset != offset64))
        zipError("the ZIP64 end-of-directory record disagrees with the end-of-directory record");
      count = count64;
      dir_size = size64;
      dir_offset = offset64;
    } else if (sentinels) {
      zipError("no ZIP64 end-of-directory record");
    }
  }
  if (count == 0) zipError("an empty zip archive");
  if (count > kMaxZipEntries) zipError("more than " + std::to_string(kMaxZipEntries) + " entries");
  if (dir_offset > end_offset || dir_size > end_offset - dir_offset || dir_size < count * kEntrySize)
    zipError("the zip directory lies outside the file");

  std::vector<unsigned char> dir(dir_size);
  readAt(file, dir_offset, dir.data(), dir_size);
  std::string folder;
  uint64_t pos = 0;
  for (uint64_t n = 0; n < count; ++n) {
    if (dir_size - pos < kEntrySize || le(&dir[pos], 4) != kDirectoryEntry) zipError("a damaged zip directory entry");
    const unsigned char* d = &dir[pos];
    const uint64_t flags = le(d + 8, 2), method = le(d + 10, 2), crc = le(d + 16, 4);
    uint64_t packed = le(d + 20, 4), size = le(d + 24, 4), local = le(d + 42, 4);
    const uint64_t name_len = le(d + 28, 2), extra_len = le(d + 30, 2), comment_len = le(d + 32, 2);
    if (dir_size - pos - kEntrySize < name_len + extra_len + comment_len) zipError("a damaged zip directory entry");
    if (name_len == 0 || name_len > kMaxZipNameBytes) zipError("a zip entry name of " + std::to_string(name_len) + " bytes");
    std::string name(reinterpret_cast<const char*>(d + kEntrySize), name_len);
    // ZIP64 extra field: the 8-byte sizes and offset that did not fit.
    const unsigned char* extra = d + kEntrySize + name_len;
    for (uint64_t x = 0; x + 4 <= extra_len;) {
      const uint64_t id = le(extra + x, 2), len = le(extra + x + 2, 2);
      if (x + 4 + len > extra_len) zipError("a damaged zip extra field in '" + name + "'");
      if (id == 0x0001) {
        uint64_t y = x + 4;
        auto take = [&](uint64_t& field) {
          if (field != 0xFFFFFFFF) return;
          if (y + 8 > x + 4 + len) zipError("a damaged ZIP64 field in '" + name + "'");
          field = le(extra + y, 8);
          y += 8;
        };
        take(size);
        take(packed);
        take(local);
      }
      x += 4 + len;
    }
    pos += kEntrySize + name_len + extra_len + comment_len;

    if (method == 0 && packed != size) zipError("entry '" + name + "' is stored, but its two sizes differ");
    const bool as_stored = names == ZipNames::AsStored;
    if (!as_stored && method != 0 && method != 8)
      zipError("entry '" + name + "' is compressed in a way LibTorch does not write");
    if (as_stored && name.back() == '/') {  // a folder
      if (size != 0) zipError("folder entry '" + name + "' holds bytes");
      continue;
    }
    if (!as_stored) {
      const auto slash = name.find('/');
      if (slash == std::string::npos || slash == 0 || slash + 1 == name.size())
        zipError("entry '" + name + "' is not in a folder");
      if (folder.empty()) folder = name.substr(0, slash + 1);
      if (name.compare(0, folder.size(), folder) != 0)
        zipError("entries in more than one folder ('" + name + "')");
    }
    // The local header repeats the name; the bytes follow it and its extra field.
    if (local > dir_offset || dir_offset - local < kLocalSize) zipError("entry '" + name + "' lies outside the file");
    unsigned char header[kLocalSize];
    readAt(file, local, header, kLocalSize);
    if (le(header, 4) != kLocalHeader) zipError("entry '" + name + "' has no local header");
    const uint64_t start = local + kLocalSize + le(header + 26, 2) + le(header + 28, 2);
    if (start > dir_offset || packed > dir_offset - start) zipError("entry '" + name + "' lies outside the file");
    ZipEntry entry{start, size, packed, uint32_t(crc), method == 8};
    entry.other_method = method == 0 || method == 8 ? 0 : uint16_t(method);
    entry.encrypted = (flags & 1) != 0;
    if (!entries_.emplace(name.substr(folder.size()), entry).second)
      zipError("entry '" + name + "' appears twice");
  }
}

const ZipEntry* ZipDirectory::find(const std::string& name) const {
  const auto it = entries_.find(name);
  return it == entries_.end() ? nullptr : &it->second;
}

namespace {

// A method's name for people (APPNOTE 4.4.5), for the error that says it is not read here.
std::string methodName(uint16_t method) {
  switch (method) {
    case 9:
      return "Deflate64";
    case 12:
      return "bzip2";
    case 14:
      return "LZMA";
    case 93:
      return "Zstandard";
    case 95:
      return "xz";
    case 98:
      return "PPMd";
    default:
      return "method " + std::to_string(method);
  }
}

void requireReadable(const std::string& name, const ZipEntry& entry) {
  if (entry.encrypted) zipError("entry '" + name + "' is encrypted");
  if (entry.other_method)
    zipError("entry '" + name + "' is compressed with " + methodName(entry.other_method) +
             ", which is not read here (only stored and deflated entries are)");
  // Deflate packs at most 1,032 bytes into one: a size beyond that is a lie
  // that would have us allocate for nothing.
  if (entry.deflated && entry.size / 1032 > entry.packed + 1)
    zipError("entry '" + name + "' claims more bytes than its packed data can hold");
}

// Inflates the raw deflate data of `entry` into `out` (already sized): all
// of it, or its first out.size() bytes when `whole` is false. Returns the
// bytes written.
size_t inflateEntry(std::istream& file, const std::string& name, const ZipEntry& entry, std::string& out,
                    bool whole) {
  z_stream z{};
  if (inflateInit2(&z, -MAX_WBITS) != Z_OK) zipError("cannot inflate entry '" + name + "'");
  std::vector<char> chunk(size_t(std::min<uint64_t>(entry.packed, 1 << 20)));
  uint64_t read = 0;
  size_t written = 0;
  int status = Z_OK;
  bool too_long = false;
  for (;;) {
    if (!whole && written == out.size()) break;
    if (z.avail_in == 0 && read < entry.packed) {
      const size_t take = size_t(std::min<uint64_t>(chunk.size(), entry.packed - read));
      readAt(file, entry.offset + read, chunk.data(), take);
      read += take;
      z.next_in = reinterpret_cast<Bytef*>(chunk.data());
      z.avail_in = uInt(take);
    }
    // Once the entry's size is out, the stream must end with nothing more to give.
    unsigned char probe = 0;
    const bool probing = written == out.size();
    const size_t room = probing ? 1 : std::min<size_t>(out.size() - written, 1u << 30);
    z.next_out = probing ? &probe : reinterpret_cast<Bytef*>(out.data() + written);
    z.avail_out = uInt(room);
    status = inflate(&z, Z_NO_FLUSH);
    if (probing && z.avail_out == 0) {
      too_long = true;
      break;
    }
    if (!probing) written += room - z.avail_out;
    if (status == Z_STREAM_END || (status != Z_OK && status != Z_BUF_ERROR)) break;
    if (status == Z_BUF_ERROR && z.avail_in == 0 && read == entry.packed) break;  // the data ends early
  }
  inflateEnd(&z);
  if (whole && (too_long || status != Z_STREAM_END || written != out.size()))
    zipError("entry '" + name + "' does not inflate to its size");
  if (!whole && status != Z_OK && status != Z_STREAM_END && status != Z_BUF_ERROR)
    zipError("entry '" + name + "' holds damaged deflate data");
  return written;
}

}  // namespace

std::string ZipDirectory::read(std::istream& file, const std::string& name, uint64_t limit) const {
  const ZipEntry* entry = find(name);
  if (!entry) zipError("no entry '" + name + "'");
  requireReadable(name, *entry);
  if (entry->size > limit) zipError("entry '" + name + "' is larger than " + std::to_string(limit) + " bytes");
  std::string bytes(entry->size, '\0');
  if (entry->deflated) {
    if (entry->packed > limit) zipError("entry '" + name + "' is larger than " + std::to_string(limit) + " bytes");
    inflateEntry(file, name, *entry, bytes, true);
  } else if (!bytes.empty()) {
    readAt(file, entry->offset, bytes.data(), bytes.size());
  }
  if (crc32(bytes.data(), bytes.size()) != entry->crc32) zipError("entry '" + name + "' fails its CRC-32 check");
  return bytes;
}

std::string ZipDirectory::readHead(std::istream& file, const std::string& name, size_t bytes) const {
  const ZipEntry* entry = find(name);
  if (!entry) zipError("no entry '" + name + "'");
  requireReadable(name, *entry);
  std::string head(size_t(std::min<uint64_t>(bytes, entry->size)), '\0');
  if (entry->deflated)
    head.resize(inflateEntry(file, name, *entry, head, false));
  else if (!head.empty())
    readAt(file, entry->offset, head.data(), head.size());
  return head;
}

}  // namespace studio::model
