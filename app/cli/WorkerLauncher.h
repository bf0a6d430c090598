#pragma once

#include <string>
#include <vector>

// `train --nproc N`: this program started N times on this machine as the
// workers of one data-parallel run, the way torchrun starts them (RANK,
// WORLD_SIZE, LOCAL_RANK, LOCAL_WORLD_SIZE, MASTER_ADDR=127.0.0.1 and a free
// MASTER_PORT in their environment), each with its share of the cores.
namespace studio::cli {

// A worker's command line: `command_line` (this program's, from
// /proc/self/cmdline) without "--nproc N", and with "--threads T" in front
// of the command unless it has one.
std::vector<std::string> workerCommandLine(const std::vector<std::string>& command_line, int threads);

// Starts the workers and waits for them. Ctrl-C (or a SIGINT to this
// process) reaches every worker: they stop together after the current step,
// with a checkpoint. When one fails
// (an error, a signal, running out of memory), the others are stopped
// (SIGTERM, then SIGKILL after 10 s) and the exit code is 1, with a message
// naming the worker and the cause; 0 when every worker finished.
int launchLocalWorkers(int count);

}  // namespace studio::cli
