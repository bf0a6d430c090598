#pragma once

#include <cstdint>
#include <functional>
#include <stdexcept>
#include <string>
#include <string_view>

// Files a user owns are replaced whole or not at all, and a write that fails
// says which file, why, and how much room is left.
//
// writeAtomically() writes a temporary file beside the target with every
// write checked, flushes it to the disk (fsync), renames it over the target
// and flushes the folder. Any failure removes the temporary and leaves the
// previous file as it was.
namespace studio::model {

// A write that failed: the message names the file, the cause (the system's
// words: "No space left on device") and the free space.
class FileWriteError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The temporary file handed to a writer. Every write is checked; the first
// failure throws FileWriteError.
class FileSink {
 public:
  FileSink(const FileSink&) = delete;
  FileSink& operator=(const FileSink&) = delete;

  void write(const void* data, size_t size);
  void write(std::string_view text) { write(text.data(), text.size()); }
  uint64_t bytesWritten() const { return written_; }
  const std::string& targetPath() const { return target_; }

 private:
  friend void writeAtomically(const std::string&, const std::function<void(FileSink&)>&);
  FileSink(int fd, std::string target) : fd_(fd), target_(std::move(target)) {}
  int fd_;
  std::string target_;
  uint64_t written_ = 0;
};

// Replaces `path` with what `write` writes (see above). Creates missing
// parent folders. Throws FileWriteError; an exception thrown by `write`
// propagates unchanged, the previous file untouched.
void writeAtomically(const std::string& path, const std::function<void(FileSink&)>& write);

// Writes `contents` to `path` atomically.
void writeFileAtomically(const std::string& path, const std::string& contents);

// Copies `from` over `to` atomically (e.g. best.pt from a checkpoint).
void copyFileAtomically(const std::string& from, const std::string& to);

// Appends lines to a log file (metrics.jsonl). A line reaches the file whole
// or not at all: when the disk refuses part of it, the part is taken back
// and FileWriteError thrown, so the file never ends in a torn line.
class LineAppender {
 public:
  explicit LineAppender(std::string path) : path_(std::move(path)) {}
  ~LineAppender();
  LineAppender(const LineAppender&) = delete;
  LineAppender& operator=(const LineAppender&) = delete;

  void open();  // creates the file when missing; throws FileWriteError
  void append(std::string_view line);  // adds the newline
  const std::string& path() const { return path_; }

 private:
  std::string path_;
  int fd_ = -1;
};

namespace testing {
// Fault injection for tests: once `bytes` more bytes have been written through
// FileSink or LineAppender, every write fails with `error` (an errno value,
// ENOSPC by default). A negative `bytes` turns it off.
void failWritesAfter(int64_t bytes, int error = 28 /* ENOSPC */);
}  // namespace testing

}  // namespace studio::model
