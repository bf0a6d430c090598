#include "model/files/AtomicFile.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <vector>

#include "model/files/DiskSpace.h"

namespace studio::model {

namespace fs = std::filesystem;

namespace {

std::atomic<int64_t> g_write_budget{-1};  // bytes left before injected failures; -1: off
std::atomic<int> g_injected_error{ENOSPC};

std::string failureText(const std::string& path, const std::string& what, int error) {
  return "cannot write '" + path + "': " + what + (error ? std::string(": ") + std::strerror(error) : "");
}

// The free space is measured once the partial file is gone: what the user
// has to work with.
[[noreturn]] void failWrite(const std::string& path, const std::string& what, int error) {
  throw FileWriteError(failureText(path, what, error) + " (" + describeFreeSpace(path) + ")");
}

// A failure inside a write, before its partial file is removed (the caller
// adds the free space once it is).
class PartialWriteError : public FileWriteError {
 public:
  using FileWriteError::FileWriteError;
};

// write(2) until everything is written; returns 0 or the errno of the failure.
// Honours the injected failures of testing::failWritesAfter().
int writeAll(int fd, const char* data, size_t size) {
  int64_t budget = g_write_budget.load();
  int injected = 0;
  if (budget >= 0) {
    const size_t allowed = std::min<uint64_t>(size, uint64_t(budget));
    g_write_budget.store(budget - int64_t(allowed));
    if (allowed < size) {
      injected = g_injected_error.load();
      size = allowed;
    }
  }
  while (size > 0) {
    const ssize_t n = ::write(fd, data, size);
    if (n < 0) {
      if (errno == EINTR) continue;
      return errno;
    }
    data += n;
    size -= size_t(n);
  }
  return injected;
}

std::string temporaryPathFor(const std::string& path) {
  static std::atomic<unsigned> counter{0};
  const auto stamp = std::chrono::steady_clock::now().time_since_epoch().count();
  return path + ".tmp-" + std::to_string(::getpid()) + "-" + std::to_string(stamp) + "-" + std::to_string(counter++);
}

// After a rename the folder's entry must reach the disk as well.
void syncFolder(const fs::path& folder, const std::string& path) {
  const int fd = ::open(folder.empty() ? "." : folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) failWrite(path, "cannot open its folder to flush it", errno);
  const int result = ::fsync(fd);
  const int error = errno;
  ::close(fd);
  // Some file systems cannot flush a folder; that is not a failed write.
  if (result != 0 && error != EINVAL && error != ENOTSUP) failWrite(path, "cannot flush its folder", error);
}

}  // namespace

void FileSink::write(const void* data, size_t size) {
  const int error = writeAll(fd_, static_cast<const char*>(data), size);
  if (error) throw PartialWriteError(failureText(target_, "writing failed after " + formatBytes(int64_t(written_)), error));
  written_ += size;
}

void writeAtomically(const std::string& path, const std::function<void(FileSink&)>& write) {
  const fs::path target(path);
  const fs::path folder = target.parent_path();
  if (!folder.empty()) {
    std::error_code ec;
    fs::create_directories(folder, ec);
    if (ec) failWrite(path, "cannot create the folder '" + folder.string() + "': " + ec.message(), 0);
  }
  const std::string temporary = temporaryPathFor(path);
  const int fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
  if (fd < 0) failWrite(path, "cannot create a file in '" + (folder.empty() ? std::string(".") : folder.string()) + "'", errno);
  auto discard = [&] {
    ::close(fd);
    ::unlink(temporary.c_str());
  };
  try {
    FileSink sink(fd, path);
    write(sink);
  } catch (const PartialWriteError& e) {
    discard();
    throw FileWriteError(std::string(e.what()) + " (" + describeFreeSpace(path) + ")");
  } catch (...) {
    discard();
    throw;
  }
  if (::fsync(fd) != 0) {
    const int error = errno;
    discard();
    failWrite(path, "flushing it to the disk failed", error);
  }
  if (::close(fd) != 0) {
    const int error = errno;
    ::unlink(temporary.c_str());
    failWrite(path, "closing it failed", error);
  }
  if (::rename(temporary.c_str(), path.c_str()) != 0) {
    const int error = errno;
    ::unlink(temporary.c_str());
    failWrite(path, "cannot rename the temporary file over it", error);
  }
  syncFolder(folder, path);
}

void writeFileAtomically(const std::string& path, const std::string& contents) {
  writeAtomically(path, [&](FileSink& sink) { sink.write(contents); });
}

void copyFileAtomically(const std::string& from, const std::string& to) {
  const int in = ::open(from.c_str(), O_RDONLY | O_CLOEXEC);
  if (in < 0) throw std::runtime_error("cannot read '" + from + "': " + std::strerror(errno));
  try {
    writeAtomically(to, [&](FileSink& sink) {
      std::vector<char> buffer(1 << 20);
      for (;;) {
        const ssize_t n = ::read(in, buffer.data(), buffer.size());
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) throw std::runtime_error("cannot read '" + from + "': " + std::strerror(errno));
        if (n == 0) break;
        sink.write(buffer.data(), size_t(n));
      }
    });
  } catch (...) {
    ::close(in);
    throw;
  }
  ::close(in);
}

FileAppender::~FileAppender() {
  if (fd_ >= 0) ::close(fd_);
}

void FileAppender::open() {
  if (fd_ >= 0) return;
  fd_ = ::open(path_.c_str(), O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC, 0666);
  if (fd_ < 0) failWrite(path_, "cannot open it for appending", errno);
}

uint64_t FileAppender::size() const {
  if (fd_ < 0) return 0;
  const off_t end = ::lseek(fd_, 0, SEEK_END);
  return end < 0 ? 0 : uint64_t(end);
}

void FileAppender::truncate(uint64_t size) {
  if (fd_ < 0) open();
  if (::ftruncate(fd_, off_t(size)) != 0) failWrite(path_, "cannot cut it back to " + std::to_string(size) + " bytes", errno);
}

void FileAppender::append(std::string_view bytes, bool flush) {
  if (fd_ < 0) open();
  const off_t before = ::lseek(fd_, 0, SEEK_END);
  int error = writeAll(fd_, bytes.data(), bytes.size());
  if (!error && flush && ::fsync(fd_) != 0) error = errno;
  if (error) {
    // Take back the part that was written: the file keeps whole pieces only.
    if (before >= 0 && ::ftruncate(fd_, before) != 0) {
      // Nothing more to do: readers drop a torn last piece.
    }
    failWrite(path_, "appending failed", error);
  }
}

void LineAppender::append(std::string_view line) {
  std::string text(line);
  text += '\n';
  file_.append(text);
}

RemovedUnlessKept::~RemovedUnlessKept() {
  std::error_code ec;
  if (!kept_) fs::remove_all(path_, ec);
}

namespace testing {
void failWritesAfter(int64_t bytes, int error) {
  g_injected_error.store(error);
  g_write_budget.store(bytes < 0 ? -1 : bytes);
}
}  // namespace testing

}  // namespace studio::model
