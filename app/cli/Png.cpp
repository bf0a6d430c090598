#include "app/cli/Png.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <stdexcept>

#include <zlib.h>

#include "model/files/AtomicFile.h"

namespace studio::cli {

namespace {

void put32(std::string& out, uint32_t v) {
  for (int shift = 24; shift >= 0; shift -= 8) out.push_back(char((v >> shift) & 0xff));
}

void chunk(std::string& out, const char* type, const std::string& data) {
  put32(out, uint32_t(data.size()));
  std::string body(type, 4);
  body += data;
  out += body;
  put32(out, uint32_t(crc32(0, reinterpret_cast<const Bytef*>(body.data()), uInt(body.size()))));
}

}  // namespace

void writePng(const std::string& path, const RgbImage& image) {
  if (image.width <= 0 || image.height <= 0) throw std::runtime_error("cannot write '" + path + "': an empty image");
  // Each row starts with filter type 0 (none).
  std::string raw;
  const size_t row = size_t(image.width) * 3;
  raw.reserve((row + 1) * size_t(image.height));
  for (int y = 0; y < image.height; ++y) {
    raw.push_back('\0');
    raw.append(reinterpret_cast<const char*>(&image.pixels[size_t(y) * row]), row);
  }
  uLongf packed_size = compressBound(uLong(raw.size()));
  std::string packed(packed_size, '\0');
  if (compress2(reinterpret_cast<Bytef*>(packed.data()), &packed_size, reinterpret_cast<const Bytef*>(raw.data()),
                uLong(raw.size()), 6) != Z_OK)
    throw std::runtime_error("cannot write '" + path + "': compressing the image failed");
  packed.resize(packed_size);

  std::string png("\x89PNG\r\n\x1a\n", 8);
  std::string header;
  put32(header, uint32_t(image.width));
  put32(header, uint32_t(image.height));
  header += std::string("\x08\x02\x00\x00\x00", 5);  // 8 bits, RGB, deflate, no filter choice, no interlace
  chunk(png, "IHDR", header);
  chunk(png, "IDAT", packed);
  chunk(png, "IEND", "");
  model::writeFileAtomically(path, png);
}

uint32_t viridis(double w) {
  static const std::array<std::array<double, 3>, 5> stops{
      {{68, 1, 84}, {59, 82, 139}, {33, 145, 140}, {94, 201, 98}, {253, 231, 37}}};
  w = std::clamp(std::isfinite(w) ? w : 0.0, 0.0, 1.0) * double(stops.size() - 1);
  const size_t i = std::min(size_t(w), stops.size() - 2);
  const double f = w - double(i);
  auto mix = [&](int c) { return uint32_t(std::lround(stops[i][size_t(c)] + (stops[i + 1][size_t(c)] - stops[i][size_t(c)]) * f)); };
  return mix(0) << 16 | mix(1) << 8 | mix(2);
}

}  // namespace studio::cli
