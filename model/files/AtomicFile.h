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

// Appends to a file a piece at a time (a log line, a round of records): a
// piece reaches the file whole or not at all. When the disk refuses part of
// it, the part is taken back and FileWriteError thrown, so the file never
// ends in a torn piece through us (a crash may still leave one: readers
// drop it).
class FileAppender {
 public:
  explicit FileAppender(std::string path) : path_(std::move(path)) {}
  ~FileAppender();
  FileAppender(const FileAppender&) = delete;
  FileAppender& operator=(const FileAppender&) = delete;

  void open();  // creates the file when missing; throws FileWriteError
  bool isOpen() const { return fd_ >= 0; }
  // `flush`: fsync after the write, so that the piece survives a power cut.
  void append(std::string_view bytes, bool flush = false);
  uint64_t size() const;  // the file's size now
  void truncate(uint64_t size);  // drops everything after `size` bytes
  const std::string& path() const { return path_; }

 private:
  std::string path_;
  int fd_ = -1;
};

// Appends lines to a log file (metrics.jsonl): a FileAppender that adds the
// newline, so the file holds whole lines only.
class LineAppender {
 public:
  explicit LineAppender(std::string path) : file_(std::move(path)) {}

  void open() { file_.open(); }
  void append(std::string_view line);  // adds the newline
  const std::string& path() const { return file_.path(); }

 private:
  FileAppender file_;
};

// A folder being written (a data folder staged beside its place): removed
// with all it holds when the object goes, unless keep() was called, so that
// an error or a stop leaves nothing of it.
class RemovedUnlessKept {
 public:
  explicit RemovedUnlessKept(std::string path) : path_(std::move(path)) {}
  ~RemovedUnlessKept();
  RemovedUnlessKept(const RemovedUnlessKept&) = delete;
  RemovedUnlessKept& operator=(const RemovedUnlessKept&) = delete;

  void keep() { kept_ = true; }
  const std::string& path() const { return path_; }

 private:
  std::string path_;
  bool kept_ = false;
};

namespace testing {
// Fault injection for tests: once `bytes` more bytes have been written through
// FileSink or FileAppender, every write fails with `error` (an errno value,
// ENOSPC by default). A negative `bytes` turns it off.
void failWritesAfter(int64_t bytes, int error = 28 /* ENOSPC */);
}  // namespace testing

}  // namespace studio::model
