#include "app/cli/WorkerLauncher.h"

#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iterator>
#include <stdexcept>
#include <thread>

#include "model/training/Distributed.h"

namespace studio::cli {

namespace {

volatile std::sig_atomic_t g_interrupted = 0;
void onInterrupt(int) { g_interrupted = 1; }

std::vector<std::string> ownCommandLine() {
  std::ifstream in("/proc/self/cmdline", std::ios::binary);
  const std::string all((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::vector<std::string> args;
  size_t start = 0;
  for (size_t i = 0; i < all.size(); ++i)
    if (all[i] == '\0') args.push_back(all.substr(start, i - start)), start = i + 1;
  if (args.empty()) throw std::runtime_error("cannot read this program's command line from /proc/self/cmdline");
  return args;
}

std::string describeExit(int status) {
  if (WIFSIGNALED(status)) {
    const int signal = WTERMSIG(status);
    return std::string("was killed by signal ") + std::to_string(signal) + " (" + ::strsignal(signal) + ")" +
           (signal == SIGKILL ? ", perhaps by the kernel for lack of memory" : "");
  }
  return "exited with code " + std::to_string(WEXITSTATUS(status));
}

}  // namespace

std::vector<std::string> workerCommandLine(const std::vector<std::string>& command_line, int threads) {
  std::vector<std::string> out;
  bool has_threads = false;
  for (size_t i = 0; i < command_line.size(); ++i) {
    if (command_line[i] == "--nproc") {
      ++i;  // and its value
      continue;
    }
    if (command_line[i] == "--threads") has_threads = true;
    out.push_back(command_line[i]);
  }
  if (!has_threads && out.size() > 1) out.insert(out.begin() + 1, {"--threads", std::to_string(threads)});
  return out;
}

int launchLocalWorkers(int count) {
  const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
  const auto args = workerCommandLine(ownCommandLine(), std::max(1, int(cores) / count));
  const int port = model::freeLocalPort();
  std::fprintf(stderr, "starting %d workers (master 127.0.0.1:%d)\n", count, port);
  // Built before fork(): a child of a process with threads must not allocate
  // (a lock another thread held at the fork stays held in the child); it only exec()s.
  std::vector<char*> argv;
  for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  std::vector<std::vector<std::string>> environment(static_cast<size_t>(count));
  std::vector<std::vector<char*>> envp(static_cast<size_t>(count));
  for (int rank = 0; rank < count; ++rank) {
    auto& entries = environment[size_t(rank)];
    const auto own = model::localWorkerEnvironment(rank, count, port);
    for (char** entry = environ; *entry; ++entry) {
      const std::string text = *entry;
      const std::string name = text.substr(0, text.find('='));
      bool replaced = false;
      for (const auto& variable : own) replaced = replaced || variable.first == name;
      if (!replaced) entries.push_back(text);
    }
    for (const auto& [name, value] : own) entries.push_back(name + "=" + value);
    for (auto& entry : entries) envp[size_t(rank)].push_back(entry.data());
    envp[size_t(rank)].push_back(nullptr);
  }

  std::vector<pid_t> workers;
  for (int rank = 0; rank < count; ++rank) {
    const pid_t pid = ::fork();
    if (pid < 0) throw std::runtime_error(std::string("cannot start worker ") + std::to_string(rank) + ": " +
                                          std::strerror(errno));
    if (pid == 0) {
      ::prctl(PR_SET_PDEATHSIG, SIGKILL);  // a worker without its launcher would wait for the others forever
      ::execve("/proc/self/exe", argv.data(), envp[size_t(rank)].data());
      std::fprintf(stderr, "worker %d: cannot start: %s\n", rank, std::strerror(errno));
      ::_exit(127);
    }
    workers.push_back(pid);
  }

  // Ctrl-C in a terminal reaches the whole process group, the workers
  // included; a SIGINT sent to the launcher alone is passed on to them. They
  // agree to stop after the same step.
  auto previous = std::signal(SIGINT, onInterrupt);
  std::vector<bool> running(workers.size(), true);
  int left = count, result = 0;
  bool stopping = false, passed_on = false, killed_after_stopping = false;
  auto stopping_since = std::chrono::steady_clock::now();
  while (left > 0) {
    if (g_interrupted && !passed_on) {
      passed_on = true;
      for (size_t o = 0; o < workers.size(); ++o)
        if (running[o]) ::kill(workers[o], SIGINT);
    }
    int status = 0;
    const pid_t pid = ::waitpid(-1, &status, WNOHANG);
    if (pid > 0) {
      for (size_t r = 0; r < workers.size(); ++r) {
        if (workers[r] != pid || !running[r]) continue;
        running[r] = false;
        --left;
        const bool failed = !(WIFEXITED(status) && WEXITSTATUS(status) == 0);
        // Once stopping, the others end by our signals; any other failure of theirs is said too
        // (two workers can fail in one poll, and the one reaped first need not be the cause).
        const bool ours = WIFSIGNALED(status) && (WTERMSIG(status) == SIGTERM ||
                                                  (WTERMSIG(status) == SIGKILL && killed_after_stopping));
        if (failed && stopping && !ours)
          std::fprintf(stderr, "error: worker %zu (pid %d) %s\n", r, int(pid), describeExit(status).c_str());
        if (failed && !stopping) {
          std::fprintf(stderr, "error: worker %zu (pid %d) %s; stopping the other workers\n", r, int(pid),
                       describeExit(status).c_str());
          result = 1;
          stopping = true;
          stopping_since = std::chrono::steady_clock::now();
          for (size_t o = 0; o < workers.size(); ++o)
            if (running[o]) ::kill(workers[o], SIGTERM);
        }
      }
      continue;
    }
    if (stopping && std::chrono::steady_clock::now() - stopping_since > std::chrono::seconds(10)) {
      for (size_t o = 0; o < workers.size(); ++o)
        if (running[o]) ::kill(workers[o], SIGKILL);
      killed_after_stopping = true;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  std::signal(SIGINT, previous);
  if (g_interrupted && result == 0) std::fprintf(stderr, "every worker stopped\n");
  return result;
}

}  // namespace studio::cli
