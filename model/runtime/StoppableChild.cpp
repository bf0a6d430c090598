#include "model/runtime/StoppableChild.h"

#include <cerrno>
#include <csignal>
#include <cstring>
#include <fstream>
#include <sstream>

#ifndef _WIN32
#include <fcntl.h>
#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>
#endif
#ifdef __linux__
#include <sys/prctl.h>
#endif

namespace studio::model {

namespace {

std::optional<std::string> runHere(const std::function<std::string()>& work,
                                   const std::function<bool()>& stop) {
  std::string result = work();
  if (stop && stop()) return std::nullopt;
  return result;
}

#ifndef _WIN32

bool sendToParent(int fd, const char* data, size_t size) {
  while (size > 0) {
    const ssize_t written = ::write(fd, data, size);
    if (written < 0 && errno == EINTR) continue;
    if (written <= 0) return false;
    data += written;
    size -= size_t(written);
  }
  return true;
}

// In the child: runs the work and writes 'o' and its result, or 'e' and the
// error's message, to `fd`; never returns.
[[noreturn]] void answerFromChild(const std::function<std::string()>& work, int fd, pid_t parent) {
#ifdef __linux__
  ::prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (::getppid() != parent) ::_exit(1);  // the parent died before the line above
#else
  (void)parent;
#endif
  std::signal(SIGINT, SIG_IGN);
  char tag = 'o';
  std::string payload;
  try {
    payload = work();
  } catch (const std::exception& e) {
    tag = 'e';
    payload = e.what();
  } catch (...) {
    tag = 'e';
    payload = "an unknown error";
  }
  const bool sent = sendToParent(fd, &tag, 1) && sendToParent(fd, payload.data(), payload.size());
  // _exit: the parent's atexit handlers and static destructors are not the child's to run.
  ::_exit(sent ? 0 : 1);
}

// What /proc says of a child: whether it sleeps with one thread, and the
// processor time it has used (clock ticks). Unknown where there is no /proc.
struct ChildPace {
  bool known = false;
  bool asleep_alone = false;
  unsigned long long ticks = 0;
};

ChildPace paceOf(pid_t pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
  std::string line;
  if (!std::getline(in, line)) return {};
  const size_t name_end = line.rfind(')');  // the command's name may hold spaces and parentheses
  if (name_end == std::string::npos) return {};
  std::istringstream fields(line.substr(name_end + 1));
  char state = 0;
  std::string skipped;
  unsigned long long user = 0, system = 0;
  long threads = 0;
  fields >> state;  // field 3
  for (int field = 4; field < 14; ++field) fields >> skipped;
  fields >> user >> system;  // fields 14 and 15
  for (int field = 16; field < 20; ++field) fields >> skipped;
  fields >> threads;  // field 20
  if (!fields) return {};
  return {true, state == 'S' && threads == 1, user + system};
}

std::string describeEnd(int status) {
  if (WIFSIGNALED(status)) {
    const int signal = WTERMSIG(status);
    return "the child process that did the work was killed by signal " + std::to_string(signal) + " (" +
           ::strsignal(signal) + ")" + (signal == SIGKILL ? ", perhaps for want of memory" : "");
  }
  return "the child process that did the work ended with status " + std::to_string(WEXITSTATUS(status)) +
         " before it answered";
}

#endif

}  // namespace

#ifndef _WIN32
namespace {

// One child's try: its answer, nullopt when stopped, or Stuck.
struct Stuck {};

std::optional<std::string> tryInChild(const std::function<std::string()>& work,
                                      const std::function<bool()>& stop,
                                      std::chrono::milliseconds stuck_after) {
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0)
    throw ChildError(std::string("cannot make a pipe to a child process: ") + std::strerror(errno));
  const pid_t parent = ::getpid();
  const pid_t pid = ::fork();
  if (pid < 0) {
    const int error = errno;
    ::close(fds[0]);
    ::close(fds[1]);
    throw ChildError(std::string("cannot start a child process: ") + std::strerror(error));
  }
  if (pid == 0) {
    ::close(fds[0]);
    answerFromChild(work, fds[1], parent);
  }
  ::close(fds[1]);
  const int fd = fds[0];
  const auto reap = [pid] {
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    return status;
  };
  const auto end_child = [&] {
    ::kill(pid, SIGKILL);
    reap();
    ::close(fd);
  };
  using Clock = std::chrono::steady_clock;
  unsigned long long ticks = 0;
  auto still_since = Clock::now();
  std::string received;
  char buffer[1 << 16];
  for (;;) {
    if (stop()) {
      end_child();
      return std::nullopt;
    }
    pollfd watch{fd, POLLIN, 0};
    const int ready = ::poll(&watch, 1, 100);
    if (ready < 0 && errno != EINTR) {
      const int error = errno;
      end_child();
      throw ChildError(std::string("cannot wait for a child process: ") + std::strerror(error));
    }
    if (ready <= 0) {
      if (!received.empty()) continue;
      const ChildPace pace = paceOf(pid);
      const auto now = Clock::now();
      if (!pace.known || !pace.asleep_alone || pace.ticks != ticks) {
        ticks = pace.ticks;
        still_since = now;
      } else if (now - still_since >= stuck_after) {
        end_child();
        throw Stuck{};
      }
      continue;
    }
    const ssize_t got = ::read(fd, buffer, sizeof buffer);
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) break;  // the end (or an error: the child's status says which)
    received.append(buffer, size_t(got));
  }
  ::close(fd);
  const int status = reap();
  const bool answered = WIFEXITED(status) && WEXITSTATUS(status) == 0 && !received.empty();
  if (!answered) throw ChildError(describeEnd(status));
  const char tag = received[0];
  received.erase(0, 1);  // the answer itself (a model of megabytes: not copied again)
  if (tag == 'e') throw ChildError(received);
  return received;
}

}  // namespace
#endif

std::optional<std::string> runStoppable(const std::function<std::string()>& work,
                                        const std::function<bool()>& stop,
                                        std::chrono::milliseconds stuck_after) {
#ifdef _WIN32
  (void)stuck_after;
  return runHere(work, stop);
#else
  if (!stop) return runHere(work, stop);
  if (stop()) return std::nullopt;
  constexpr int kTries = 3;
  for (int attempt = 1;; ++attempt) {
    try {
      return tryInChild(work, stop, stuck_after);
    } catch (const Stuck&) {
      if (attempt == kTries)
        throw ChildError("the child process that did the work slept without using the processor for " +
                         std::to_string(stuck_after.count()) + " ms, " + std::to_string(kTries) +
                         " times (a lock held when it was made, never to be released)");
    }
  }
#endif
}

}  // namespace studio::model
