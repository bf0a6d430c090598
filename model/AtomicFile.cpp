#include "model/AtomicFile.h"

#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <system_error>

namespace studio::model {

namespace fs = std::filesystem;

namespace {
std::string temporaryPathFor(const std::string& path) {
  static std::atomic<unsigned> counter{0};
  const auto stamp = std::chrono::steady_clock::now().time_since_epoch().count();
  return path + ".tmp-" + std::to_string(stamp) + "-" + std::to_string(counter++);
}
}  // namespace

void writeAtomically(const std::string& path, const std::function<void(const std::string&)>& write) {
  const fs::path target(path);
  if (target.has_parent_path()) {
    std::error_code ec;
    fs::create_directories(target.parent_path(), ec);
    if (ec) throw std::runtime_error("cannot create folder '" + target.parent_path().string() + "': " + ec.message());
  }
  const std::string temporary = temporaryPathFor(path);
  try {
    write(temporary);
  } catch (...) {
    std::error_code ignored;
    fs::remove(temporary, ignored);
    throw;
  }
  std::error_code ec;
  fs::rename(temporary, target, ec);
  if (ec) {
    std::error_code ignored;
    fs::remove(temporary, ignored);
    throw std::runtime_error("cannot write '" + path + "': " + ec.message());
  }
}

void writeFileAtomically(const std::string& path, const std::string& contents) {
  writeAtomically(path, [&](const std::string& temporary) {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    if (!out) throw std::runtime_error("cannot open '" + temporary + "' for writing");
    out.write(contents.data(), static_cast<std::streamsize>(contents.size()));
    out.flush();
    if (!out) throw std::runtime_error("cannot write '" + temporary + "' (disk full?)");
  });
}

}  // namespace studio::model
