#include "model/files/DiskSpace.h"

#include <sys/statvfs.h>

#include <cstdio>
#include <filesystem>

namespace studio::model {

namespace fs = std::filesystem;

namespace {

// The path itself when it exists, else its nearest existing parent.
fs::path existingAncestor(const std::string& path) {
  std::error_code ec;
  fs::path p = fs::absolute(path, ec);
  if (ec) p = fs::path(path);
  while (!p.empty() && !fs::exists(p, ec)) {
    if (p == p.parent_path()) break;
    p = p.parent_path();
  }
  return p;
}

}  // namespace

int64_t freeBytes(const std::string& path) {
  const fs::path where = existingAncestor(path);
  struct statvfs info {};
  if (where.empty() || ::statvfs(where.c_str(), &info) != 0) return -1;
  return static_cast<int64_t>(info.f_bavail) * static_cast<int64_t>(info.f_frsize);
}

std::string describeFreeSpace(const std::string& path) {
  const fs::path folder = fs::path(path).parent_path();
  std::error_code ec;
  const int64_t free = freeBytes(path);
  if (free < 0) return "free space unknown";
  std::string text = formatBytes(free) + " free on " + existingAncestor(path).string();
  if (!folder.empty() && !fs::is_directory(folder, ec)) text += " (the folder '" + folder.string() + "' does not exist)";
  return text;
}

std::string formatBytes(int64_t bytes) {
  static const char* units[] = {"bytes", "KiB", "MiB", "GiB", "TiB"};
  if (bytes < 1024) return std::to_string(bytes) + " bytes";
  double value = double(bytes);
  int unit = 0;
  while (value >= 1024.0 && unit < 4) {
    value /= 1024.0;
    ++unit;
  }
  char text[32];
  std::snprintf(text, sizeof text, "%.1f %s", value, units[unit]);
  return text;
}

}  // namespace studio::model
