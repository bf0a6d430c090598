#include "model/runtime/StoppableChild.h"

#include <cerrno>
#include <csignal>
#include <cstring>

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

std::optional<std::string> runStoppable(const std::function<std::string()>& work,
                                        const std::function<bool()>& stop) {
#ifdef _WIN32
  return runHere(work, stop);
#else
  if (!stop) return runHere(work, stop);
  if (stop()) return std::nullopt;
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
    if (ready <= 0) continue;
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
#endif
}

}  // namespace studio::model
