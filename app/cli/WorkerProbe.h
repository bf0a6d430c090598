#pragma once

#include <functional>
#include <stdexcept>
#include <string>

#include "model/training/TrainingConfig.h"

// Which way of using a CPU's cores trains a run faster on this computer:
// the configuration's cpu_workers one-thread worker processes, or one
// process of all the cores' threads (worker_probe_steps). Small models on
// two cores went either way by a fifth or more, depending on the CPU, and a
// run with a time budget trains as many steps as its minutes hold.
namespace studio::cli {

// SIGINT or SIGTERM came while the runs were timed: they were ended and their folder removed.
class TimingStopped : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct WorkerProbe {
  int workers = 0;             // the worker processes timed (the configuration's cpu_workers)
  double workers_seconds = 0;  // a step on them
  double one_seconds = 0;      // a step in one process of all the threads
  int faster = 0;              // `workers` or 1; a tie keeps `workers`
};

// Trains `config` twice for its worker_probe_steps steps, without
// evaluation, probes or a time budget, in a temporary folder (removed
// after): `program train --nproc N` (this CLI) on `workers` processes, then
// on one, each run's output into its own log. The seconds a step are those
// of the last two thirds of the steps (the first third warms up). Throws
// std::runtime_error naming the run that failed and the last lines it wrote,
// TimingStopped on SIGINT or SIGTERM meanwhile.
// `announce` is called once SIGINT and SIGTERM are heard, before the first run.
WorkerProbe probeWorkerLayouts(const std::string& program, const std::string& data_dir,
                               const model::TrainingConfig& config, int workers,
                               const std::function<void()>& announce = {});

// "2 workers of 1 thread: 0.127 s a step; 1 process of 2 threads: 0.105 s a step"
std::string describeWorkerProbe(const WorkerProbe& probe, int cores);

// The seconds a step between the train rows of `metrics_path` (a run's
// metrics.jsonl) at steps `from` and `to` (their "time"); throws
// std::runtime_error naming the file and the step it lacks.
double secondsPerStep(const std::string& metrics_path, int64_t from, int64_t to);

}  // namespace studio::cli
