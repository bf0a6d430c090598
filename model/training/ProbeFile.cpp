#include "model/training/ProbeFile.h"

#include <cstring>
#include <fstream>
#include <stdexcept>

#include "model/files/AtomicFile.h"
#include "model/files/Float16.h"
#include "model/files/Hash.h"

namespace studio::model {

namespace {

constexpr char kMagic[8] = {'A', 'S', 'P', 'R', 'O', 'B', 'E', 'S'};
constexpr size_t kHeaderBytes = 16;
constexpr uint8_t kFloat16 = 1;
// Bounds a reader checks before it allocates: a damaged or hostile file
// cannot ask for more memory than its own size justifies.
constexpr uint32_t kMaxLayers = 256, kMaxHeads = 1024, kMaxTokens = 65536;

uint32_t checksum(const std::string& payload) {
  Hash64 hash;
  hash.add(payload);
  return uint32_t(hash.value() & 0xffffffffu);
}

class Writer {
 public:
  void u8(uint8_t v) { out.push_back(char(v)); }
  void u32(uint32_t v) {
    for (int i = 0; i < 4; ++i) out.push_back(char((v >> (8 * i)) & 0xff));
  }
  void i64(int64_t v) {
    for (int i = 0; i < 8; ++i) out.push_back(char((uint64_t(v) >> (8 * i)) & 0xff));
  }
  void str(const std::string& s) {
    u32(uint32_t(s.size()));
    out += s;
  }
  void halves(const std::vector<float>& values) {
    for (float v : values) {
      const uint16_t bits = floatToHalf(v);
      out.push_back(char(bits & 0xff));
      out.push_back(char(bits >> 8));
    }
  }
  std::string out;
};

class Reader {
 public:
  Reader(const char* data, size_t size, const std::string& where) : p_(data), end_(data + size), where_(where) {}
  uint8_t u8() { return uint8_t(*take(1)); }
  uint32_t u32() {
    const auto* b = reinterpret_cast<const unsigned char*>(take(4));
    return uint32_t(b[0]) | uint32_t(b[1]) << 8 | uint32_t(b[2]) << 16 | uint32_t(b[3]) << 24;
  }
  int64_t i64() {
    const auto* b = reinterpret_cast<const unsigned char*>(take(8));
    uint64_t v = 0;
    for (int i = 7; i >= 0; --i) v = v << 8 | b[i];
    return int64_t(v);
  }
  std::string str() {
    const uint32_t n = u32();
    const char* s = take(n);
    return std::string(s, n);
  }
  std::vector<std::string> strings() {
    const uint32_t n = u32();
    if (n > kMaxTokens) fail("has " + std::to_string(n) + " tokens (at most " + std::to_string(kMaxTokens) + ")");
    std::vector<std::string> out;
    for (uint32_t i = 0; i < n; ++i) out.push_back(str());
    return out;
  }
  std::vector<float> halves(uint64_t count) {
    if (count > remaining() / 2) fail("is shorter than its attention maps");
    const auto* b = reinterpret_cast<const unsigned char*>(take(size_t(count * 2)));
    std::vector<float> out(static_cast<size_t>(count));
    for (size_t i = 0; i < out.size(); ++i) {
      out[i] = halfToFloat(uint16_t(b[2 * i] | b[2 * i + 1] << 8));
    }
    return out;
  }
  size_t remaining() const { return size_t(end_ - p_); }
  [[noreturn]] void fail(const std::string& what) const { throw std::runtime_error(where_ + " " + what); }

 private:
  const char* take(size_t n) {
    if (n > remaining()) fail("ends inside a field");
    const char* at = p_;
    p_ += n;
    return at;
  }
  const char* p_;
  const char* end_;
  std::string where_;
};

ProbeRecord decodeRecord(const char* data, size_t size, const std::string& where) {
  Reader in(data, size, where);
  ProbeRecord r;
  r.step = in.i64();
  r.probe = in.u32();
  const uint8_t target = in.u8();
  if (target > 1) in.fail("has an unknown target kind " + std::to_string(target));
  r.target = ProbeTarget(target);
  const uint8_t type = in.u8();
  if (type != kFloat16) in.fail("has an unknown weight type " + std::to_string(type));
  auto& a = r.attention;
  a.source_text = in.str();
  r.reference = in.str();
  a.translation = in.str();
  a.source_tokens = in.strings();
  a.target_tokens = in.strings();
  const uint32_t le = in.u32(), ld = in.u32(), heads = in.u32();
  if (le > kMaxLayers || ld > kMaxLayers || heads > kMaxHeads || heads == 0)
    in.fail("has an impossible shape (" + std::to_string(le) + " encoder layers, " + std::to_string(ld) +
            " decoder layers, " + std::to_string(heads) + " heads)");
  a.encoder_layers = le;
  a.decoder_layers = ld;
  a.heads = heads;
  const uint64_t S = a.source_tokens.size(), T = a.target_tokens.size();
  a.source_length = int64_t(S);
  a.target_length = int64_t(T);
  a.encoder_self = in.halves(uint64_t(le) * heads * S * S);
  a.decoder_self = in.halves(uint64_t(ld) * heads * T * T);
  a.cross = in.halves(uint64_t(ld) * heads * T * S);
  if (in.remaining() != 0) in.fail("has " + std::to_string(in.remaining()) + " bytes after its maps");
  // One unpadded sentence: only the decoder's future is masked.
  a.encoder_mask.assign(size_t(S * S), 0);
  a.cross_mask.assign(size_t(T * S), 0);
  a.decoder_mask.assign(size_t(T * T), 0);
  for (uint64_t q = 0; q < T; ++q)
    for (uint64_t k = q + 1; k < T; ++k) a.decoder_mask[size_t(q * T + k)] = 1;
  return r;
}

uint32_t readU32(const std::string& bytes, size_t at) {
  const auto* b = reinterpret_cast<const unsigned char*>(bytes.data() + at);
  return uint32_t(b[0]) | uint32_t(b[1]) << 8 | uint32_t(b[2]) << 16 | uint32_t(b[3]) << 24;
}

// The header's version, or throws naming the file.
void checkHeader(const std::string& header, const std::string& path) {
  if (header.size() < kHeaderBytes || std::memcmp(header.data(), kMagic, sizeof kMagic) != 0)
    throw std::runtime_error("'" + path + "' is not a probe record file (no ASPROBES header)");
  const uint32_t version = readU32(header, 8);
  if (version != kProbeFileVersion)
    throw std::runtime_error("'" + path + "' has probe record format version " + std::to_string(version) +
                             "; this build reads version " + std::to_string(kProbeFileVersion) +
                             " (a newer Attention Studio wrote it?)");
}

}  // namespace

std::string probeFileHeader(uint32_t version) {
  Writer w;
  w.out.assign(kMagic, sizeof kMagic);
  w.u32(version);
  w.u32(0);
  return w.out;
}

std::string encodeProbeRecord(const ProbeRecord& r) {
  const auto& a = r.attention;
  const uint64_t S = a.source_tokens.size(), T = a.target_tokens.size(), H = uint64_t(a.heads);
  if (a.encoder_self.size() != uint64_t(a.encoder_layers) * H * S * S ||
      a.decoder_self.size() != uint64_t(a.decoder_layers) * H * T * T ||
      a.cross.size() != uint64_t(a.decoder_layers) * H * T * S)
    throw std::invalid_argument("a probe record's maps do not match its tokens and shape");
  Writer w;
  w.i64(r.step);
  w.u32(uint32_t(r.probe));
  w.u8(uint8_t(r.target));
  w.u8(kFloat16);
  w.str(a.source_text);
  w.str(r.reference);
  w.str(a.translation);
  w.u32(uint32_t(S));
  for (const auto& t : a.source_tokens) w.str(t);
  w.u32(uint32_t(T));
  for (const auto& t : a.target_tokens) w.str(t);
  w.u32(uint32_t(a.encoder_layers));
  w.u32(uint32_t(a.decoder_layers));
  w.u32(uint32_t(a.heads));
  w.halves(a.encoder_self);
  w.halves(a.decoder_self);
  w.halves(a.cross);
  Writer framed;
  framed.u32(uint32_t(w.out.size()));
  framed.u32(checksum(w.out));
  framed.out += w.out;
  return framed.out;
}

namespace {

// The records in bytes[start..]; `base` is where bytes[0] lies in the file
// (for the offsets in messages and end_offset).
ProbeFileContents parseRecords(const std::string& bytes, const std::string& path, size_t start, uint64_t base,
                               bool verify_checksums) {
  ProbeFileContents out;
  size_t at = start;
  auto position = [&](size_t offset) { return std::to_string(base + offset); };
  int damaged = 0;
  while (at < bytes.size()) {
    if (bytes.size() - at < 8) {
      out.warning = "'" + path + "' ends in a torn record (" + std::to_string(bytes.size() - at) +
                    " bytes at byte " + position(at) + "; a crash while appending?): it was left out";
      break;
    }
    const uint32_t length = readU32(bytes, at);
    const uint32_t sum = readU32(bytes, at + 4);
    if (length > bytes.size() - at - 8) {
      out.warning = "'" + path + "' ends in a torn record (at byte " + position(at) + ", " +
                    std::to_string(bytes.size() - at) + " of its " + std::to_string(uint64_t(length) + 8) +
                    " bytes; a crash while appending?): it was left out";
      break;
    }
    const std::string payload = bytes.substr(at + 8, length);
    bool ok = !verify_checksums || checksum(payload) == sum;
    if (ok) {
      try {
        out.records.push_back(
            decodeRecord(payload.data(), payload.size(), "'" + path + "': the record at byte " + position(at)));
      } catch (const std::runtime_error&) {
        ok = false;
      }
    }
    if (!ok) ++damaged;
    at += 8 + size_t(length);
  }
  out.end_offset = base + at;  // a record is only passed when it lies whole in the file
  if (damaged > 0) {
    const std::string skipped = "'" + path + "': " + std::to_string(damaged) +
                                " damaged record(s) (checksum or fields) were skipped";
    out.warning = out.warning.empty() ? skipped : skipped + "; " + out.warning;
  }
  return out;
}

}  // namespace

ProbeFileContents readProbeFile(const std::string& path, uint64_t from) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read '" + path + "'");
  if (from <= kHeaderBytes) {
    const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    return parseProbeFile(bytes, path, from);
  }
  // Only the header and what was appended since `from`: a live run's file is
  // read again every few seconds.
  std::string header(kHeaderBytes, '\0');
  in.read(header.data(), std::streamsize(header.size()));
  header.resize(size_t(in.gcount()));
  checkHeader(header, path);
  in.seekg(0, std::ios::end);
  const auto size = uint64_t(in.tellg());
  if (from > size)
    throw std::runtime_error("'" + path + "' is shorter than before (" + std::to_string(size) +
                             " bytes): was it replaced?");
  in.seekg(std::streamoff(from));
  const std::string tail((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  return parseRecords(tail, path, 0, from, /*verify_checksums=*/true);
}

ProbeFileContents parseProbeFile(const std::string& bytes, const std::string& path, uint64_t from,
                                 bool verify_checksums) {
  checkHeader(bytes, path);
  const size_t at = std::max<uint64_t>(from, kHeaderBytes);
  if (at > bytes.size())
    throw std::runtime_error("'" + path + "' is shorter than before (" + std::to_string(bytes.size()) +
                             " bytes): was it replaced?");
  return parseRecords(bytes, path, at, 0, verify_checksums);
}

void ProbeFileWriter::open(int64_t keep_through) {
  std::string bytes;
  if (std::ifstream in{path_, std::ios::binary})
    bytes.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  FileAppender file(path_);
  file.open();
  if (bytes.empty()) {
    file.append(probeFileHeader(), /*flush=*/true);
    size_ = file.size();
    return;
  }
  const auto contents = parseProbeFile(bytes, path_);  // checks the header and version
  // Keep the whole records up to keep_through: find where they end.
  uint64_t keep = kHeaderBytes;
  for (size_t at = kHeaderBytes; at + 8 <= contents.end_offset;) {
    const uint32_t length = readU32(bytes, at);
    const int64_t step = length >= 8 ? int64_t(uint64_t(readU32(bytes, at + 8)) | uint64_t(readU32(bytes, at + 12)) << 32) : 0;
    if (step > keep_through) break;
    at += 8 + size_t(length);
    keep = at;
  }
  if (file.size() != keep) file.truncate(keep);
  size_ = keep;
}

void ProbeFileWriter::append(const std::vector<ProbeRecord>& round) {
  std::string bytes;
  for (const auto& record : round) bytes += encodeProbeRecord(record);
  FileAppender file(path_);
  file.append(bytes, /*flush=*/true);
  size_ = file.size();
}

}  // namespace studio::model
