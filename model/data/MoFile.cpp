#include "model/data/MoFile.h"

#include <cstdint>
#include <cstring>
#include <fstream>
#include <sstream>

namespace studio::data {

namespace {

constexpr uint32_t kMoMagic = 0x950412de;
constexpr uint32_t kMoMagicSwapped = 0xde120495;

uint32_t swap32(uint32_t v) {
  return (v >> 24) | ((v >> 8) & 0xFF00) | ((v << 8) & 0xFF0000) | (v << 24);
}

class Reader {
 public:
  Reader(const std::string& bytes, const std::string& name) : bytes_(bytes), name_(name) {}

  [[noreturn]] void fail(const std::string& what) const {
    throw MoError("catalog '" + name_ + "': " + what);
  }

  uint32_t word(size_t offset) const {
    if (offset + 4 > bytes_.size() || offset + 4 < offset)
      fail("truncated: needs byte " + std::to_string(offset + 4) + " of " + std::to_string(bytes_.size()));
    uint32_t v;
    std::memcpy(&v, bytes_.data() + offset, 4);
    return swap_ ? swap32(v) : v;
  }

  std::string string(uint32_t length, uint32_t offset, const std::string& what) const {
    const uint64_t end = uint64_t(offset) + length;
    if (end + 1 > bytes_.size()) fail(what + " runs past the end of the file");
    if (bytes_[end] != '\0') fail(what + " is not NUL-terminated");
    return bytes_.substr(offset, length);
  }

  void setSwap(bool swap) { swap_ = swap; }

 private:
  const std::string& bytes_;
  const std::string& name_;
  bool swap_ = false;
};

std::vector<std::string> splitNul(const std::string& text) {
  std::vector<std::string> parts;
  size_t start = 0;
  for (;;) {
    const size_t nul = text.find('\0', start);
    parts.push_back(text.substr(start, nul == std::string::npos ? std::string::npos : nul - start));
    if (nul == std::string::npos) break;
    start = nul + 1;
  }
  return parts;
}

}  // namespace

std::string MoCatalog::header() const {
  for (const auto& e : entries)
    if (e.isHeader() && !e.msgstr.empty()) return e.msgstr[0];
  return {};
}

MoCatalog parseMo(const std::string& bytes, const std::string& name) {
  Reader reader(bytes, name);
  if (bytes.size() < 28) reader.fail("too short to be a .mo file (" + std::to_string(bytes.size()) + " bytes)");
  MoCatalog catalog;
  const uint32_t magic = reader.word(0);
  if (magic == kMoMagicSwapped) {
    reader.setSwap(true);
  } else if (magic != kMoMagic) {
    reader.fail("not a .mo file (bad magic number)");
  }
  // The file's byte order: the magic reads natively on a little-endian host
  // exactly when the file is little-endian.
  const bool host_little = [] { uint16_t x = 1; return *reinterpret_cast<unsigned char*>(&x) == 1; }();
  catalog.big_endian = (magic == kMoMagic) != host_little;
  catalog.revision = reader.word(4);
  if ((catalog.revision >> 16) > 1)
    reader.fail("unsupported major revision " + std::to_string(catalog.revision >> 16));
  const uint32_t count = reader.word(8);
  const uint32_t originals = reader.word(12);
  const uint32_t translations = reader.word(16);
  if (uint64_t(count) * 8 > bytes.size())
    reader.fail("claims " + std::to_string(count) + " entries, more than the file can hold");

  catalog.entries.reserve(count);
  for (uint32_t i = 0; i < count; ++i) {
    const std::string where = "entry " + std::to_string(i);
    const uint32_t id_length = reader.word(originals + 8ull * i);
    const uint32_t id_offset = reader.word(originals + 8ull * i + 4);
    const uint32_t str_length = reader.word(translations + 8ull * i);
    const uint32_t str_offset = reader.word(translations + 8ull * i + 4);
    std::string id = reader.string(id_length, id_offset, where + "'s msgid");
    std::string str = reader.string(str_length, str_offset, where + "'s msgstr");

    MoEntry entry;
    const size_t eot = id.find('\x04');
    if (eot != std::string::npos) {
      entry.context = id.substr(0, eot);
      id.erase(0, eot + 1);
    }
    auto ids = splitNul(id);
    entry.msgid = ids[0];
    if (ids.size() > 1) entry.msgid_plural = ids[1];
    entry.msgstr = splitNul(str);
    catalog.entries.push_back(std::move(entry));
  }
  return catalog;
}

MoCatalog readMoFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw MoError("catalog '" + path + "': cannot be opened");
  std::ostringstream content;
  content << in.rdbuf();
  return parseMo(content.str(), path);
}

std::string writeMo(const std::vector<MoEntry>& entries, bool big_endian) {
  const bool host_little = [] { uint16_t x = 1; return *reinterpret_cast<unsigned char*>(&x) == 1; }();
  const bool swap = big_endian == host_little;
  auto put = [&](std::string& out, uint32_t v) {
    if (swap) v = swap32(v);
    out.append(reinterpret_cast<const char*>(&v), 4);
  };
  auto join = [](const std::vector<std::string>& parts) {
    std::string out;
    for (size_t i = 0; i < parts.size(); ++i) {
      if (i) out.push_back('\0');
      out += parts[i];
    }
    return out;
  };
  std::vector<std::string> ids, strs;
  for (const auto& e : entries) {
    std::string id = e.context ? *e.context + '\x04' + e.msgid : e.msgid;
    if (e.msgid_plural) id += std::string(1, '\0') + *e.msgid_plural;
    ids.push_back(id);
    strs.push_back(join(e.msgstr));
  }
  const uint32_t n = static_cast<uint32_t>(entries.size());
  const uint32_t originals = 28, translations = originals + 8 * n;
  uint32_t data = translations + 8 * n;
  std::string header, tables_ids, tables_strs, blob;
  put(header, kMoMagic);
  put(header, 0);  // revision
  put(header, n);
  put(header, originals);
  put(header, translations);
  put(header, 0);  // no hash table
  put(header, data);
  for (const auto& id : ids) {
    put(tables_ids, static_cast<uint32_t>(id.size()));
    put(tables_ids, data + static_cast<uint32_t>(blob.size()));
    blob += id;
    blob.push_back('\0');
  }
  for (const auto& s : strs) {
    put(tables_strs, static_cast<uint32_t>(s.size()));
    put(tables_strs, data + static_cast<uint32_t>(blob.size()));
    blob += s;
    blob.push_back('\0');
  }
  return header + tables_ids + tables_strs + blob;
}

}  // namespace studio::data
