#pragma once

// Helpers for the fuzz targets: the readers under test take files, so the
// fuzzer's bytes are written to a private temporary folder first.

#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

namespace studio::fuzz {

// One folder per process, removed at exit. The path lives on the heap and is
// never destroyed: a function-local static would be destroyed before the
// atexit handler registered during its construction runs, and the folder
// would stay behind.
inline const std::filesystem::path& scratch() {
  static const std::filesystem::path* dir = [] {
    auto* d = new std::filesystem::path(std::filesystem::temp_directory_path() /
                                        ("studio-fuzz-" + std::to_string(::getpid())));
    std::filesystem::create_directories(*d);
    std::atexit([] {
      std::error_code ec;
      std::filesystem::remove_all(*dir, ec);
    });
    return d;
  }();
  return *dir;
}

inline std::string writeInput(const std::string& name, const uint8_t* data, size_t size) {
  const auto path = (scratch() / name).string();
  std::ofstream(path, std::ios::binary | std::ios::trunc).write(reinterpret_cast<const char*>(data), std::streamsize(size));
  return path;
}

}  // namespace studio::fuzz
