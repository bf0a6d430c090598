#pragma once

#include <chrono>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include <torch/types.h>

// Data-parallel training on PyTorch's own distributed engine, c10d: the
// workers meet at a TCPStore that rank 0 hosts, and sum their gradients with
// Gloo, or NCCL on GPUs (GradientSum, during the backward pass). Every worker holds the whole model and optimizer; each
// takes its share of every global batch (Trainer), so the learning dynamics
// do not depend on the number of workers. The c10d headers stay in
// Distributed.cpp.
namespace studio::model {

// Where one worker sits, as torchrun tells it: RANK, WORLD_SIZE, LOCAL_RANK,
// MASTER_ADDR and MASTER_PORT.
struct WorkerPlace {
  int rank = 0, world_size = 1, local_rank = 0;
  int local_world_size = 0;  // workers on this machine (LOCAL_WORLD_SIZE; 0 when not said)
  std::string master_addr = "127.0.0.1";
  int master_port = 29500;
  // How long the workers wait for each other to join (STUDIO_DIST_TIMEOUT, seconds).
  int join_timeout_seconds = 60;
  // The gradient sum's bucket size (STUDIO_BUCKET_MB, megabytes; GradientSum);
  // 0: as bucketBytes() chooses for the device.
  int bucket_megabytes = 0;
  bool distributed() const { return world_size > 1; }
};

// The gradient sum's bucket size in bytes: STUDIO_BUCKET_MB when set, else
// 25 MB for workers on GPUs (PyTorch DDP's default) and 1 MB for CPU workers.
// On the 2-core AVX2 machine two CPU workers of the starter preset (5.8 MB of
// gradients) took 42.6 s for 150 steps with 1 MB buckets against 45.8 s with
// one 25 MB bucket (three paired runs, each faster with 1 MB): the first
// buckets' sums then run while the backward pass computes the rest.
int64_t bucketBytes(const WorkerPlace& place, const torch::Device& device);

// From the environment: one worker when WORLD_SIZE is unset. Throws
// std::invalid_argument naming the variable that is wrong or missing.
WorkerPlace workerPlaceFromEnvironment();

// The environment of worker `rank` of `world_size` on this machine, as
// torchrun sets it: RANK, LOCAL_RANK, WORLD_SIZE, LOCAL_WORLD_SIZE,
// MASTER_ADDR (127.0.0.1) and MASTER_PORT.
std::vector<std::pair<std::string, std::string>> localWorkerEnvironment(int rank, int world_size, int port);

// The device of one worker, whose run asked for `requested` ("auto", "cpu",
// "cuda" or "cuda:N"), which resolveDevice() made `resolved`, on a machine
// with `gpus` GPUs. One worker: `resolved`. Several on a GPU: a GPU each,
// cuda:LOCAL_RANK, when the machine has one for every worker on it; when it
// has fewer, "auto" puts every worker on the CPU and says why in `note`,
// and an explicit CUDA device is std::invalid_argument naming the counts.
torch::Device workerDevice(const std::string& requested, const torch::Device& resolved, const WorkerPlace& place,
                           int gpus, std::string* note = nullptr);

// How many worker processes a run starts when no count is asked for: its
// configuration's `cpu_workers` when it trains on the CPU (at most one a core
// of `cores`; 1 in a build without Gloo), else one.
int defaultWorkerCount(int cpu_workers, const torch::Device& resolved, int cores);

// A TCP port of the loopback interface that nothing listens on now, for
// the workers of one machine to meet at. Throws std::runtime_error.
int freeLocalPort();

// Whether this build can train on several workers (c10d with Gloo compiled in).
bool distributedBuilt();

// Whether workers on GPUs sum through NCCL in this build (a CUDA build that
// found NCCL's header); without it they sum through Gloo, in host memory.
// STUDIO_DIST_BACKEND=gloo chooses Gloo in a build with NCCL too.
bool ncclBuilt();

// The rows of a global batch that worker `rank` of `world_size` takes: every
// world_size-th one (the batch is sorted by length, so each share has about
// the same padding).
std::vector<size_t> shareOfBatch(const std::vector<size_t>& rows, int rank, int world_size);

// The group of workers. Construction blocks until all have joined, or throws
// std::runtime_error after `timeout` saying who did not come (a port in use,
// an unreachable master, a worker that never started).
class WorkerGroup {
 public:
  WorkerGroup(const WorkerPlace& place, std::chrono::seconds timeout);
  ~WorkerGroup();
  WorkerGroup(const WorkerGroup&) = delete;
  WorkerGroup& operator=(const WorkerGroup&) = delete;

  int rank() const { return place_.rank; }
  // "NCCL" or "Gloo": which engine sums tensors on `device` (CPU tensors: Gloo).
  std::string sumsThrough(const torch::Device& device) const;
  int size() const { return place_.world_size; }

  // Starts summing `flat` over the workers, in place, and returns at once
  // (GradientSum starts its buckets this way while the backward pass runs);
  // every worker must start the same sums in the same order.
  void startSum(const torch::Tensor& flat);
  // Returns when every sum started has ended. Throws std::runtime_error
  // naming this rank when another worker is gone.
  void waitForSums();
  // Rank 0's tensors to every worker (the initial model, for certainty).
  void broadcast(const std::vector<torch::Tensor>& tensors);
  // Returns when every worker has called it: the end of a run, so that rank
  // 0 (which hosts the store) stays until the others have heard all it told.
  void barrier();
  // Rank 0 tells the others something (a step's outcome: the evaluation's
  // decisions, the checkpoint resumed from); the others wait for it as long
  // as rank 0 lives, however long rank 0 works (an evaluation may take
  // minutes), and throw when rank 0 is gone.
  void tell(const std::string& key, const std::string& value);
  std::string hear(const std::string& key);

 private:
  struct Impl;
  WorkerPlace place_;
  std::unique_ptr<Impl> impl_;
};

}  // namespace studio::model
