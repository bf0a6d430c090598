#include "model/training/ProbeFile.h"

#include <algorithm>
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
constexpr uint32_t kMaxLayers = 256, kMaxHeads = 1024, kMaxTokens = 65536, kMaxLensTop = 1024;

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
  void strings(const std::vector<std::string>& values) {
    u32(uint32_t(values.size()));
    for (const auto& s : values) str(s);
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
    return stringsOf(n);
  }
  // `what` strings, whose count must be `expected`.
  std::vector<std::string> strings(uint64_t expected, const char* what) {
    const uint32_t n = u32();
    if (n != expected)
      fail("has " + std::to_string(n) + " " + what + " where its shape needs " + std::to_string(expected));
    if (n > remaining() / 4)
      fail("is shorter than its " + std::string(what));  // each string's count alone is 4 bytes
    return stringsOf(n);
  }
  std::vector<uint32_t> u32s(uint64_t count, const char* what) {
    if (count > remaining() / 4) fail("is shorter than its " + std::string(what));
    std::vector<uint32_t> out(static_cast<size_t>(count));
    for (auto& v : out) v = u32();
    return out;
  }
  std::vector<float> halves(uint64_t count, const char* what = "attention maps") {
    if (count > remaining() / 2) fail("is shorter than its " + std::string(what));
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
  std::vector<std::string> stringsOf(uint32_t n) {
    std::vector<std::string> out;
    out.reserve(n);
    for (uint32_t i = 0; i < n; ++i) out.push_back(str());
    return out;
  }
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

// Version 2's lens section (see ProbeFile.h) into `lens`; T positions, Ld decoder layers.
void decodeLens(Reader& in, uint64_t T, uint32_t ld, DecoderLens& lens) {
  const uint8_t present = in.u8();
  if (present > 1) in.fail("has an unknown lens flag " + std::to_string(present));
  if (present == 0) return;
  const uint32_t stages = in.u32(), top = in.u32();
  if (stages != 3 * ld || top == 0 || top > kMaxLensTop)
    in.fail("has a lens of an impossible shape (" + std::to_string(stages) + " stages for " +
            std::to_string(ld) + " decoder layers, " + std::to_string(top) + " pieces a stage)");
  const uint64_t R = stages, K = top;
  lens.stages = stages;
  lens.positions = int64_t(T);
  lens.top = top;
  lens.next_pieces = in.strings(T, "lens positions");
  lens.next_probability = in.halves(R * T, "lens");
  const auto ranks = in.u32s(R * T, "lens");
  for (uint32_t rank : ranks)
    if (rank == 0) in.fail("has a lens rank of 0 (ranks count from 1)");
  lens.next_rank.assign(ranks.begin(), ranks.end());
  lens.top_pieces = in.strings(R * T * K, "lens pieces");
  lens.top_probabilities = in.halves(R * T * K, "lens");
}

ProbeRecord decodeRecord(const char* data, size_t size, const std::string& where, uint32_t version) {
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
  if (version >= 2) decodeLens(in, T, ld, a.lens);
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
uint32_t checkHeader(const std::string& header, const std::string& path) {
  if (header.size() < kHeaderBytes || std::memcmp(header.data(), kMagic, sizeof kMagic) != 0)
    throw std::runtime_error("'" + path + "' is not a probe record file (no ASPROBES header)");
  const uint32_t version = readU32(header, 8);
  if (version < 1 || version > kProbeFileVersion)
    throw std::runtime_error("'" + path + "' has probe record format version " + std::to_string(version) +
                             "; this build reads versions 1 to " + std::to_string(kProbeFileVersion) +
                             " (a newer Attention Studio wrote it?)");
  return version;
}

}  // namespace

std::string probeFileHeader(uint32_t version) {
  Writer w;
  w.out.assign(kMagic, sizeof kMagic);
  w.u32(version);
  w.u32(0);
  return w.out;
}

std::string encodeProbeRecord(const ProbeRecord& r, uint32_t version) {
  const auto& a = r.attention;
  const uint64_t S = a.source_tokens.size(), T = a.target_tokens.size(), H = uint64_t(a.heads);
  if (a.encoder_self.size() != uint64_t(a.encoder_layers) * H * S * S ||
      a.decoder_self.size() != uint64_t(a.decoder_layers) * H * T * T ||
      a.cross.size() != uint64_t(a.decoder_layers) * H * T * S)
    throw std::invalid_argument("a probe record's maps do not match its tokens and shape");
  const auto& lens = a.lens;
  const uint64_t R = uint64_t(lens.stages), K = uint64_t(lens.top);
  if (!lens.empty() && (lens.stages != 3 * a.decoder_layers || uint64_t(lens.positions) != T ||
                        lens.top <= 0 || lens.next_pieces.size() != T ||
                        lens.next_probability.size() != R * T || lens.next_rank.size() != R * T ||
                        lens.top_pieces.size() != R * T * K || lens.top_probabilities.size() != R * T * K))
    throw std::invalid_argument("a probe record's lens does not match its tokens and shape");
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
  if (version >= 2) {
    w.u8(lens.empty() ? 0 : 1);
    if (!lens.empty()) {
      w.u32(uint32_t(R));
      w.u32(uint32_t(K));
      w.strings(lens.next_pieces);
      w.halves(lens.next_probability);
      for (int64_t rank : lens.next_rank) w.u32(uint32_t(std::min<int64_t>(rank, UINT32_MAX)));
      w.strings(lens.top_pieces);
      w.halves(lens.top_probabilities);
    }
  }
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
                               uint32_t version, bool verify_checksums) {
  ProbeFileContents out;
  out.version = version;
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
        out.records.push_back(decodeRecord(payload.data(), payload.size(),
                                           "'" + path + "': the record at byte " + position(at), version));
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
  const uint32_t version = checkHeader(header, path);
  in.seekg(0, std::ios::end);
  const auto size = uint64_t(in.tellg());
  if (from > size)
    throw std::runtime_error("'" + path + "' is shorter than before (" + std::to_string(size) +
                             " bytes): was it replaced?");
  in.seekg(std::streamoff(from));
  const std::string tail((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  return parseRecords(tail, path, 0, from, version, /*verify_checksums=*/true);
}

ProbeFileContents parseProbeFile(const std::string& bytes, const std::string& path, uint64_t from,
                                 bool verify_checksums) {
  const uint32_t version = checkHeader(bytes, path);
  const size_t at = std::max<uint64_t>(from, kHeaderBytes);
  if (at > bytes.size())
    throw std::runtime_error("'" + path + "' is shorter than before (" + std::to_string(bytes.size()) +
                             " bytes): was it replaced?");
  return parseRecords(bytes, path, at, 0, version, verify_checksums);
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
    version_ = kProbeFileVersion;
    return;
  }
  const auto contents = parseProbeFile(bytes, path_);  // checks the header and version
  if (keep_through < 0) {
    // A new run: nothing of the file is kept, so it starts in this build's version.
    file.truncate(0);
    file.append(probeFileHeader(), /*flush=*/true);
    size_ = file.size();
    version_ = kProbeFileVersion;
    return;
  }
  version_ = contents.version;
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
  for (const auto& record : round) bytes += encodeProbeRecord(record, version_);
  FileAppender file(path_);
  file.append(bytes, /*flush=*/true);
  size_ = file.size();
}

}  // namespace studio::model
