#include "app/cli/WorkerProbe.h"

#include <fcntl.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

namespace studio::cli {

namespace {

volatile std::sig_atomic_t g_stop = 0;
void onStop(int) { g_stop = 1; }

// SIGINT and SIGTERM set g_stop while the object lives (the timing runs, in
// process groups of their own, hear neither from a terminal).
class StopSignals {
 public:
  StopSignals() {
    g_stop = 0;
    struct sigaction action {};
    action.sa_handler = onStop;
    sigemptyset(&action.sa_mask);
    ::sigaction(SIGINT, &action, &previous_int_);
    ::sigaction(SIGTERM, &action, &previous_term_);
  }
  ~StopSignals() {
    ::sigaction(SIGINT, &previous_int_, nullptr);
    ::sigaction(SIGTERM, &previous_term_, nullptr);
  }
  StopSignals(const StopSignals&) = delete;
  StopSignals& operator=(const StopSignals&) = delete;

 private:
  struct sigaction previous_int_ {
  }, previous_term_{};
};

// The last `count` lines of a file, for an error message.
std::string lastLines(const std::string& path, size_t count) {
  std::ifstream in(path);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) {
    lines.push_back(line);
    if (lines.size() > count) lines.erase(lines.begin());
  }
  std::string out;
  for (const auto& line : lines) out += "\n  " + line;
  return out;
}

// Runs `args` (args[0] the program) with its output into `log`; true when it exited with 0.
bool runQuietly(const std::vector<std::string>& args, const std::string& log) {
  const int fd = ::open(log.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) throw std::runtime_error("cannot write '" + log + "': " + std::strerror(errno));
  std::vector<char*> argv;
  for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  const pid_t pid = ::fork();
  if (pid < 0) {
    const int error = errno;
    ::close(fd);
    throw std::runtime_error(std::string("cannot start a timing run: ") + std::strerror(error));
  }
  if (pid == 0) {
    // A group of its own (a launcher's workers join it), ended whole on a stop; it dies with this process.
    ::setpgid(0, 0);
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    ::dup2(fd, STDOUT_FILENO);
    ::dup2(fd, STDERR_FILENO);
    ::execv(args[0].c_str(), argv.data());
    std::fprintf(stderr, "cannot start %s: %s\n", args[0].c_str(), std::strerror(errno));
    ::_exit(127);
  }
  ::close(fd);
  ::setpgid(pid, pid);  // also here, so that a stop at once finds the group
  int status = 0;
  for (;;) {
    const pid_t done = ::waitpid(pid, &status, WNOHANG);
    if (done == pid) break;
    if (done < 0 && errno != EINTR)
      throw std::runtime_error(std::string("cannot wait for a timing run: ") + std::strerror(errno));
    if (g_stop) {
      ::kill(-pid, SIGKILL);
      while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
      }
      throw TimingStopped("stopped while timing the workers");
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

// A folder of its own under $TMPDIR (or /tmp), removed with the object.
class TemporaryFolder {
 public:
  TemporaryFolder() {
    const char* base = std::getenv("TMPDIR");
    std::string pattern = std::string(base && *base ? base : "/tmp") + "/attention-studio-workers-XXXXXX";
    if (!::mkdtemp(pattern.data()))
      throw std::runtime_error("cannot make a temporary folder for the timing runs: " +
                               std::string(std::strerror(errno)));
    path_ = pattern;
  }
  ~TemporaryFolder() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  TemporaryFolder(const TemporaryFolder&) = delete;
  TemporaryFolder& operator=(const TemporaryFolder&) = delete;
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

}  // namespace

double secondsPerStep(const std::string& metrics_path, int64_t from, int64_t to) {
  std::ifstream in(metrics_path);
  if (!in) throw std::runtime_error("cannot read '" + metrics_path + "'");
  double from_time = -1, to_time = -1;
  int line_number = 0;
  for (std::string line; std::getline(in, line);) {
    ++line_number;
    if (line.empty()) continue;
    nlohmann::json row;
    try {
      row = nlohmann::json::parse(line);
    } catch (const nlohmann::json::exception& e) {
      throw std::runtime_error(metrics_path + ", line " + std::to_string(line_number) + ": " + e.what());
    }
    if (row.value("type", "") != "train" || !row.contains("step") || !row.contains("time")) continue;
    const auto step = row["step"].get<int64_t>();
    if (step == from) from_time = row["time"].get<double>();
    if (step == to) to_time = row["time"].get<double>();
  }
  if (from_time < 0 || to_time < 0)
    throw std::runtime_error("'" + metrics_path + "' has no training row of step " +
                             std::to_string(from_time < 0 ? from : to));
  return (to_time - from_time) / double(to - from);
}

WorkerProbe probeWorkerLayouts(const std::string& program, const std::string& data_dir,
                               const model::TrainingConfig& config, int workers,
                               const std::function<void()>& announce) {
  // The run as configured, cut to the timed steps: no evaluation (so no
  // plateau schedule), probes, budget or kept models, one checkpoint at the end.
  auto timed = config;
  const int64_t third = std::max<int64_t>(1, config.worker_probe_steps / 3);
  timed.max_steps = 3 * third;
  timed.time_budget_minutes = 0;
  timed.max_epochs = 0;
  timed.evaluate = false;
  timed.early_stopping_patience = 0;
  if (timed.schedule == model::ScheduleKind::Plateau) timed.schedule = model::ScheduleKind::Cosine;
  timed.probes.clear();
  timed.default_probes = 0;
  timed.keep_models_every = 0;
  timed.average_last = 0;
  timed.keep_last = 1;
  timed.eval_every = timed.max_steps;
  timed.log_every = third;
  timed.worker_probe_steps = 0;
  timed.validate();

  StopSignals signals;
  if (announce) announce();
  TemporaryFolder folder;
  const std::string config_path = folder.path() + "/config.json";
  {
    std::ofstream out(config_path);
    out << model::toJson(timed).dump(2) << '\n';
    if (!out) throw std::runtime_error("cannot write '" + config_path + "'");
  }
  WorkerProbe probe;
  probe.workers = workers;
  for (const int count : {workers, 1}) {
    const std::string run = folder.path() + "/on-" + std::to_string(count);
    const std::string log = run + ".log";
    const bool ok = runQuietly({program, "train", "--data", data_dir, "--out", run, "--config", config_path,
                                "--nproc", std::to_string(count)},
                               log);
    const std::string what = count == 1 ? "the timing run in one process"
                                        : "the timing run on " + std::to_string(count) + " workers";
    if (!ok) throw std::runtime_error(what + " failed:" + lastLines(log, 4));
    double seconds = 0;
    try {
      seconds = secondsPerStep(run + "/metrics.jsonl", third, timed.max_steps);
    } catch (const std::exception& e) {
      throw std::runtime_error(what + ": " + e.what());
    }
    (count == 1 ? probe.one_seconds : probe.workers_seconds) = seconds;
  }
  probe.faster = probe.one_seconds < probe.workers_seconds ? 1 : workers;
  return probe;
}

std::string describeWorkerProbe(const WorkerProbe& probe, int cores) {
  const int threads = std::max(1, cores / std::max(1, probe.workers));
  char text[256];
  std::snprintf(text, sizeof text,
                "%d workers of %d thread%s: %.3f s a step; 1 process of %d thread%s: %.3f s a step",
                probe.workers, threads, threads == 1 ? "" : "s", probe.workers_seconds, cores,
                cores == 1 ? "" : "s", probe.one_seconds);
  return text;
}

}  // namespace studio::cli
