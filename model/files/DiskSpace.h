#pragma once

#include <cstdint>
#include <string>

// How much room is left where a file is about to be written, in words a user
// can act on. Used by every error of a failed write and by the trainer's
// warning before a checkpoint that may not fit.
namespace studio::model {

// Bytes an unprivileged writer may still use on the file system that holds
// `path` (or its nearest existing parent folder); -1 when it cannot be told.
int64_t freeBytes(const std::string& path);

// "12.0 MiB free on /runs/tiny", or "free space unknown (the folder ... no
// longer exists)".
std::string describeFreeSpace(const std::string& path);

// 1536 -> "1.5 KiB".
std::string formatBytes(int64_t bytes);

}  // namespace studio::model
