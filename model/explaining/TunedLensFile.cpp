// The tuned lens's file (TunedLens.h has its layout): written and read with
// every field checked, a damaged or foreign file refused by name.
#include <cmath>
#include <cstring>
#include <fstream>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "model/explaining/TunedLens.h"
#include "model/files/AtomicFile.h"
#include "model/files/Hash.h"

namespace studio::model {

namespace {

constexpr char kLensMagic[8] = {'A', 'S', 'T', 'U', 'N', 'E', 'D', 'L'};
constexpr uint32_t kLensFileVersion = 1;
constexpr size_t kLensHeaderBytes = 8 + 4 + 4 + 8 + 8;

void putLensU32(std::string& out, uint32_t v) {
  for (int i = 0; i < 4; ++i) out.push_back(char((v >> (8 * i)) & 0xff));
}
void putLensU64(std::string& out, uint64_t v) {
  for (int i = 0; i < 8; ++i) out.push_back(char((v >> (8 * i)) & 0xff));
}
[[noreturn]] void refuseLens(const std::string& name, const std::string& what) {
  throw std::runtime_error("'" + name + "' " + what);
}

uint64_t lensLE(const std::string& bytes, size_t at, int width) {
  uint64_t v = 0;
  for (int i = width - 1; i >= 0; --i) v = v << 8 | uint8_t(bytes[at + size_t(i)]);
  return v;
}

}  // namespace

std::string encodeTunedLens(const TunedLens& lens) {
  const auto R = size_t(lens.stages), D = size_t(lens.d_model);
  if (lens.stages < 3 || lens.stages % 3 != 0 || lens.d_model < 1 || lens.a.size() != R - 1 ||
      lens.b.size() != R - 1)
    throw std::invalid_argument("a tuned lens's maps do not match its shape");
  for (size_t r = 0; r + 1 < R; ++r)
    if (lens.a[r].size() != D * D || lens.b[r].size() != D)
      throw std::invalid_argument("a tuned lens's maps do not match its shape");
  const nlohmann::json header{{"format", "Attention Studio tuned lens"},
                              {"d_model", lens.d_model},
                              {"stages", lens.stages},
                              {"model", lens.model_name},
                              {"model_fingerprint", lens.model_fingerprint},
                              {"steps", lens.steps},
                              {"pairs", lens.pairs},
                              {"held_out_positions", lens.held_out_positions},
                              {"kl_before", lens.kl_before},
                              {"kl_after", lens.kl_after},
                              {"logit_blocks", lens.logit_blocks}};
  const std::string text = header.dump();
  std::string payload;
  putLensU32(payload, uint32_t(text.size()));
  payload += text;
  auto floats = [&](const std::vector<float>& values) {
    for (float v : values) {
      uint32_t bits;
      std::memcpy(&bits, &v, sizeof bits);
      putLensU32(payload, bits);
    }
  };
  for (size_t r = 0; r + 1 < R; ++r) {
    floats(lens.a[r]);
    floats(lens.b[r]);
  }
  std::string out(kLensMagic, sizeof kLensMagic);
  putLensU32(out, kLensFileVersion);
  putLensU32(out, 0);
  putLensU64(out, payload.size());
  Hash64 hash;
  hash.add(payload);
  putLensU64(out, hash.value());
  return out + payload;
}

TunedLens decodeTunedLens(const std::string& bytes, const std::string& name) {
  auto fail = [&](const std::string& what) { refuseLens(name, what); };
  if (bytes.size() < kLensHeaderBytes || std::memcmp(bytes.data(), kLensMagic, sizeof kLensMagic) != 0)
    fail("is not a tuned lens (no ASTUNEDL header)");
  const auto version = uint32_t(lensLE(bytes, 8, 4));
  if (version != kLensFileVersion)
    fail("is a tuned lens of format version " + std::to_string(version) + "; this build reads version " +
         std::to_string(kLensFileVersion));
  const uint64_t length = lensLE(bytes, 16, 8);
  if (length != bytes.size() - kLensHeaderBytes)
    fail("is cut short or has bytes after its end (" + std::to_string(bytes.size() - kLensHeaderBytes) +
         " bytes where its header says " + std::to_string(length) + ")");
  const std::string payload = bytes.substr(kLensHeaderBytes);
  Hash64 hash;
  hash.add(payload);
  if (hash.value() != lensLE(bytes, 24, 8)) fail("is damaged (its checksum does not match)");
  if (payload.size() < 4) fail("has no header");
  const uint64_t text_length = lensLE(payload, 0, 4);
  if (text_length > payload.size() - 4) fail("has a header longer than the file");
  nlohmann::json header;
  try {
    header = nlohmann::json::parse(payload.substr(4, size_t(text_length)));
  } catch (const nlohmann::json::exception& e) {
    fail(std::string("has a header that is not JSON: ") + e.what());
  }
  if (!header.is_object()) fail("has a header that is not a JSON object");
  auto integer = [&](const char* field, int64_t low, int64_t high) -> int64_t {
    if (!header.contains(field) || !header[field].is_number_integer())
      fail(std::string("has no whole number '") + field + "' in its header");
    const auto v = header[field].get<int64_t>();
    if (v < low || v > high)
      fail(std::string("has '") + field + "' " + std::to_string(v) + " (from " + std::to_string(low) +
           " to " + std::to_string(high) + ")");
    return v;
  };
  auto text = [&](const char* field) -> std::string {
    if (!header.contains(field) || !header[field].is_string())
      fail(std::string("has no text '") + field + "' in its header");
    return header[field].get<std::string>();
  };
  TunedLens lens;
  lens.d_model = integer("d_model", 1, 65536);
  lens.stages = integer("stages", 3, 3 * 256);
  if (lens.stages % 3 != 0) fail("has 'stages' " + std::to_string(lens.stages) + ", not 3 a decoder layer");
  lens.model_name = text("model");
  lens.model_fingerprint = text("model_fingerprint");
  lens.steps = integer("steps", 0, INT64_MAX);
  lens.pairs = integer("pairs", 0, INT64_MAX);
  lens.held_out_positions = integer("held_out_positions", 0, INT64_MAX);
  for (const char* field : {"kl_before", "kl_after"}) {
    if (!header.contains(field) || !header[field].is_array())
      fail(std::string("has no list '") + field + "' in its header");
    auto& list = std::string(field) == "kl_before" ? lens.kl_before : lens.kl_after;
    for (const auto& v : header[field]) {
      if (!v.is_number()) fail(std::string("has a '") + field + "' that is not numbers");
      list.push_back(v.get<double>());
    }
    if (!list.empty() && int64_t(list.size()) != lens.stages - 1)
      fail(std::string("has ") + std::to_string(list.size()) + " '" + field + "' values for " +
           std::to_string(lens.stages - 1) + " blocks");
  }
  if (header.contains("logit_blocks")) {
    if (!header["logit_blocks"].is_array()) fail("has a 'logit_blocks' that is not a list");
    for (const auto& v : header["logit_blocks"]) {
      if (!v.is_number_integer() || v.get<int64_t>() < 0 || v.get<int64_t>() + 1 >= lens.stages)
        fail("has a 'logit_blocks' entry that is no block with a map");
      lens.logit_blocks.push_back(v.get<int64_t>());
    }
  }
  const auto R = uint64_t(lens.stages), D = uint64_t(lens.d_model);
  const uint64_t floats = (R - 1) * (D * D + D);
  const uint64_t data = payload.size() - 4 - text_length;
  if (data != floats * 4)
    fail("holds " + std::to_string(data) + " bytes of maps where " + std::to_string(lens.stages - 1) +
         " maps of width " + std::to_string(lens.d_model) + " need " + std::to_string(floats * 4));
  size_t at = size_t(4 + text_length);
  auto read = [&](uint64_t count) {
    std::vector<float> values(static_cast<size_t>(count));
    for (auto& v : values) {
      const auto bits = uint32_t(lensLE(payload, at, 4));
      std::memcpy(&v, &bits, sizeof v);
      if (!std::isfinite(v))
        fail("holds a map value that is not a finite number (at byte " +
             std::to_string(kLensHeaderBytes + at) + ")");
      at += 4;
    }
    return values;
  };
  for (uint64_t r = 0; r + 1 < R; ++r) {
    lens.a.push_back(read(D * D));
    lens.b.push_back(read(D));
  }
  return lens;
}

void saveTunedLens(const TunedLens& lens, const std::string& path) {
  writeFileAtomically(path, encodeTunedLens(lens));
}

TunedLens loadTunedLens(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read '" + path + "'");
  const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  return decodeTunedLens(bytes, path);
}

std::string tunedLensPathBeside(const std::string& model_path) {
  std::string stem = model_path;
  const std::string extension = ".pt";
  if (stem.size() > extension.size() &&
      stem.compare(stem.size() - extension.size(), extension.size(), extension) == 0)
    stem.resize(stem.size() - extension.size());
  return stem + ".tuned-lens";
}

}  // namespace studio::model
