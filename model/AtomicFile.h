#pragma once

#include <functional>
#include <string>

namespace studio::model {

// Replaces `path` atomically: `write` receives a temporary path in the same
// directory and must fill it; on success the temporary is renamed over
// `path`, on any exception it is removed and the exception propagates (the
// previous file, if any, is untouched). Throws std::runtime_error naming the
// path when the rename fails.
void writeAtomically(const std::string& path, const std::function<void(const std::string&)>& write);

// Writes `contents` to `path` atomically.
void writeFileAtomically(const std::string& path, const std::string& contents);

}  // namespace studio::model
