#pragma once

#include <cstdint>
#include <string>
#include <vector>

// A plain 8-bit RGB PNG writer (zlib), so that the CLI draws frames without
// a GUI library. Throws std::runtime_error naming the file when it cannot
// write; the file is replaced atomically.
namespace studio::cli {

struct RgbImage {
  int width = 0, height = 0;
  std::vector<uint8_t> pixels;  // row-major RGB, width * height * 3
  RgbImage(int w, int h, uint8_t grey = 255) : width(w), height(h), pixels(size_t(w) * size_t(h) * 3, grey) {}
  void set(int x, int y, uint32_t rgb) {
    auto* p = &pixels[(size_t(y) * size_t(width) + size_t(x)) * 3];
    p[0] = uint8_t(rgb >> 16);
    p[1] = uint8_t(rgb >> 8);
    p[2] = uint8_t(rgb);
  }
  void fill(int x, int y, int w, int h, uint32_t rgb) {
    for (int j = y; j < y + h && j < height; ++j)
      for (int i = x; i < x + w && i < width; ++i) set(i, j, rgb);
  }
};

void writePng(const std::string& path, const RgbImage& image);

// Viridis, sampled at five stops (the GUI's heatmap colours): 0 dark violet .. 1 yellow.
uint32_t viridis(double weight);

}  // namespace studio::cli
