#include "model/training/Distributed.h"

#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <thread>
#include <utility>

#ifdef STUDIO_WITH_GLOO  // set by model/CMakeLists.txt when Gloo's headers are there
#ifndef USE_C10D_GLOO
#define USE_C10D_GLOO 1  // LibTorch's c10d headers declare ProcessGroupGloo only with it
#endif
#include <torch/csrc/distributed/c10d/PrefixStore.hpp>
#include <torch/csrc/distributed/c10d/ProcessGroupGloo.hpp>
#include <torch/csrc/distributed/c10d/TCPStore.hpp>
#include <torch/utils.h>
#ifdef STUDIO_WITH_NCCL  // set by model/CMakeLists.txt in CUDA builds that found NCCL's header
#ifndef USE_C10D_NCCL
#define USE_C10D_NCCL 1  // and ProcessGroupNCCL only with this
#endif
#include <torch/csrc/distributed/c10d/ProcessGroupNCCL.hpp>
#endif
#endif

namespace studio::model {

namespace {

std::string firstLine(const std::string& text) { return text.substr(0, text.find('\n')); }

int integerVariable(const char* name, int fallback, int minimum, int maximum) {
  const char* value = std::getenv(name);
  if (!value || !*value) return fallback;
  char* end = nullptr;
  const long number = std::strtol(value, &end, 10);
  if (*end != '\0' || number < minimum || number > maximum)
    throw std::invalid_argument(std::string(name) + "='" + value + "' is not a whole number from " +
                                std::to_string(minimum) + " to " + std::to_string(maximum));
  return int(number);
}

}  // namespace

WorkerPlace workerPlaceFromEnvironment() {
  WorkerPlace place;
  place.world_size = integerVariable("WORLD_SIZE", 1, 1, 4096);
  if (place.world_size == 1) return place;
  if (!std::getenv("RANK")) throw std::invalid_argument("WORLD_SIZE is " + std::to_string(place.world_size) +
                                                        " but RANK is not set (torchrun sets both)");
  place.rank = integerVariable("RANK", 0, 0, place.world_size - 1);
  place.local_rank = integerVariable("LOCAL_RANK", 0, 0, 4095);
  place.local_world_size = integerVariable("LOCAL_WORLD_SIZE", 0, 0, 4096);
  if (const char* addr = std::getenv("MASTER_ADDR"); addr && *addr) place.master_addr = addr;
  place.master_port = integerVariable("MASTER_PORT", place.master_port, 1, 65535);
  place.join_timeout_seconds = integerVariable("STUDIO_DIST_TIMEOUT", place.join_timeout_seconds, 1, 86400);
  place.bucket_megabytes = integerVariable("STUDIO_BUCKET_MB", place.bucket_megabytes, 1, 1024);
  return place;
}

int64_t bucketBytes(const WorkerPlace& place, const torch::Device& device) {
  const int64_t megabytes = place.bucket_megabytes > 0 ? place.bucket_megabytes : device.is_cuda() ? 25 : 1;
  return megabytes << 20;
}

std::vector<std::pair<std::string, std::string>> localWorkerEnvironment(int rank, int world_size, int port) {
  return {{"RANK", std::to_string(rank)},         {"LOCAL_RANK", std::to_string(rank)},
          {"WORLD_SIZE", std::to_string(world_size)}, {"LOCAL_WORLD_SIZE", std::to_string(world_size)},
          {"MASTER_ADDR", "127.0.0.1"},             {"MASTER_PORT", std::to_string(port)}};
}

torch::Device workerDevice(const std::string& requested, const torch::Device& resolved, const WorkerPlace& place,
                           int gpus, std::string* note) {
  if (!place.distributed() || !resolved.is_cuda()) return resolved;
  // Workers on this machine: as torchrun says, else at least this one's local rank + 1.
  const int here = std::max(place.local_world_size, place.local_rank + 1);
  if (gpus >= here) return torch::Device(torch::kCUDA, static_cast<c10::DeviceIndex>(place.local_rank));
  const std::string counts = std::to_string(here) + " workers on this machine but " + std::to_string(gpus) +
                             (gpus == 1 ? " GPU" : " GPUs");
  if (requested == "auto" || requested.empty()) {
    if (note) *note = "device: cpu for every worker (" + counts + "; a worker needs a GPU of its own)";
    return torch::Device(torch::kCPU);
  }
  throw std::invalid_argument("device '" + requested + "': " + counts +
                              ", and each worker needs a GPU of its own: start at most " + std::to_string(gpus) +
                              " workers a machine, or train on the CPU (--device cpu)");
}

int defaultWorkerCount(int cpu_workers, const torch::Device& resolved, int cores) {
  if (!resolved.is_cpu() || !distributedBuilt()) return 1;
  return std::clamp(cpu_workers, 1, std::max(1, cores));
}

int freeLocalPort() {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0) throw std::runtime_error(std::string("cannot open a socket: ") + std::strerror(errno));
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t length = sizeof address;
  const bool ok = ::bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0 &&
                  ::getsockname(fd, reinterpret_cast<sockaddr*>(&address), &length) == 0;
  const int error = errno;
  ::close(fd);
  if (!ok) throw std::runtime_error(std::string("cannot find a free port: ") + std::strerror(error));
  return ntohs(address.sin_port);
}

std::vector<size_t> shareOfBatch(const std::vector<size_t>& rows, int rank, int world_size) {
  std::vector<size_t> share;
  for (size_t i = size_t(rank); i < rows.size(); i += size_t(world_size)) share.push_back(rows[i]);
  return share;
}

bool ncclBuilt() {
#ifdef STUDIO_WITH_NCCL
  return true;
#else
  return false;
#endif
}

#ifdef STUDIO_WITH_GLOO

bool distributedBuilt() { return true; }

// Which engine sums GPU tensors: $STUDIO_DIST_BACKEND, "nccl" (the default
// where this build has it) or "gloo". CPU tensors always go through Gloo.
static bool ncclForGpuTensors() {
  const char* value = std::getenv("STUDIO_DIST_BACKEND");
  const std::string backend = value && *value ? value : "nccl";
  if (backend != "nccl" && backend != "gloo")
    throw std::invalid_argument("STUDIO_DIST_BACKEND='" + backend + "' is neither \"nccl\" nor \"gloo\"");
#ifdef STUDIO_WITH_NCCL
  return backend == "nccl";
#else
  return false;  // this build has no NCCL: Gloo sums GPU tensors through host memory
#endif
}

struct WorkerGroup::Impl {
  c10::intrusive_ptr<c10d::Store> store;  // declared first: the groups go before it
  c10::intrusive_ptr<c10d::ProcessGroupGloo> group;
#ifdef STUDIO_WITH_NCCL
  // Made at the first collective over GPU tensors (every worker reaches it at
  // the same point: the initial broadcast), so that CPU workers of a CUDA build
  // never touch CUDA. NCCL itself makes its communicator for the tensors'
  // device then.
  c10::intrusive_ptr<c10d::ProcessGroupNCCL> nccl;
#endif
  bool nccl_for_gpu = false;
  int rank = 0, size = 1;
  // Sums started, not yet waited for (c10d::Work; its namespace moved between releases).
  using Work = decltype(std::declval<c10d::ProcessGroupGloo&>().allreduce(std::declval<std::vector<at::Tensor>&>()));
  std::vector<Work> pending;

  // Calls `collective` with the process group that serves `tensor`'s device.
  template <class Collective>
  Work on(const at::Tensor& tensor, Collective collective) {
#ifdef STUDIO_WITH_NCCL
    if (tensor.is_cuda() && nccl_for_gpu) {
      if (!nccl) {
        auto options = c10d::ProcessGroupNCCL::Options::create();
        options->timeout = std::chrono::minutes(10);  // as Gloo's below
        nccl = c10::make_intrusive<c10d::ProcessGroupNCCL>(c10::make_intrusive<c10d::PrefixStore>("nccl", store),
                                                           rank, size, options);
      }
      return collective(*nccl);
    }
#endif
    (void)tensor;
    return collective(*group);
  }
};

WorkerGroup::WorkerGroup(const WorkerPlace& place, std::chrono::seconds timeout)
    : place_(place), impl_(std::make_unique<Impl>()) {
  // A partner that dies closes its sockets: the next sum's write must fail
  // with an error this worker reports ("lost the other workers"), not kill it
  // with SIGPIPE before it can say anything.
  std::signal(SIGPIPE, SIG_IGN);
  impl_->nccl_for_gpu = ncclForGpuTensors();
  const std::string where = place.master_addr + ":" + std::to_string(place.master_port);
  const std::string me = "worker " + std::to_string(place.rank) + " of " + std::to_string(place.world_size);
  c10d::TCPStoreOptions options;
  options.port = uint16_t(place.master_port);
  options.isServer = place.rank == 0;
  options.numWorkers = place.world_size;
  options.waitWorkers = true;
  options.timeout = timeout;
  try {
    impl_->store = c10::make_intrusive<c10d::TCPStore>(place.master_addr, options);
  } catch (const std::exception& e) {
    throw std::runtime_error(
        me + ": " +
        (place.rank == 0 ? "could not host the meeting point at " + where +
                               " (is the port in use? set MASTER_PORT to a free one), or not every worker came within " +
                               std::to_string(timeout.count()) + " s"
                         : "could not reach the master at " + where + " within " + std::to_string(timeout.count()) +
                               " s (is MASTER_ADDR right, and is rank 0 running?)") +
        ": " + firstLine(e.what()));
  }
  try {
    // Generous for a collective: a worker waits in one while rank 0 writes a
    // checkpoint; a worker that dies closes its sockets and fails them at once.
    auto gloo = c10d::ProcessGroupGloo::Options::create(std::chrono::minutes(10));
    const bool local = place.master_addr == "127.0.0.1" || place.master_addr == "localhost";
    if (const char* interface = std::getenv("GLOO_SOCKET_IFNAME"); interface && *interface)
      gloo->devices.push_back(c10d::ProcessGroupGloo::createDeviceForInterface(interface));
    else if (local)
      gloo->devices.push_back(c10d::ProcessGroupGloo::createDeviceForHostname("127.0.0.1"));
    else
      gloo->devices.push_back(c10d::ProcessGroupGloo::createDefaultDevice());
    auto prefixed = c10::make_intrusive<c10d::PrefixStore>("gloo", impl_->store);
    impl_->group = c10::make_intrusive<c10d::ProcessGroupGloo>(prefixed, place.rank, place.world_size, gloo);
    impl_->rank = place.rank;
    impl_->size = place.world_size;
  } catch (const std::exception& e) {
    throw std::runtime_error(me + ": could not connect to the other workers through " + where + ": " +
                             firstLine(e.what()));
  }
}

WorkerGroup::~WorkerGroup() = default;

std::string WorkerGroup::sumsThrough(const torch::Device& device) const {
  return device.is_cuda() && impl_->nccl_for_gpu ? "NCCL" : "Gloo";
}

void WorkerGroup::startSum(const torch::Tensor& flat) {
  std::vector<torch::Tensor> one{flat};
  try {
    impl_->pending.push_back(impl_->on(flat, [&](auto& group) { return group.allreduce(one); }));
  } catch (const std::exception& e) {
    impl_->pending.clear();
    throw std::runtime_error("worker " + std::to_string(rank()) + ": lost the other workers while summing gradients: " +
                             firstLine(e.what()));
  }
}

void WorkerGroup::waitForSums() {
  auto pending = std::move(impl_->pending);
  impl_->pending.clear();
  try {
    for (auto& work : pending) work->wait();
  } catch (const std::exception& e) {
    throw std::runtime_error("worker " + std::to_string(rank()) + ": lost the other workers while summing gradients: " +
                             firstLine(e.what()));
  }
}

void WorkerGroup::broadcast(const std::vector<torch::Tensor>& tensors) {
  // Into parameters: Gloo copies a GPU tensor's result back with copy_(),
  // which autograd refuses on a leaf that requires grad.
  torch::NoGradGuard no_grad;
  try {
    std::vector<std::vector<torch::Tensor>> each;
    for (const auto& t : tensors) each.push_back({t});
    std::vector<Impl::Work> works;
    for (auto& one : each) works.push_back(impl_->on(one.front(), [&](auto& group) { return group.broadcast(one); }));
    for (auto& work : works) work->wait();
  } catch (const std::exception& e) {
    throw std::runtime_error("worker " + std::to_string(rank()) + ": lost the other workers while receiving the model: " +
                             firstLine(e.what()));
  }
}

void WorkerGroup::barrier() {
  std::vector<torch::Tensor> one{torch::ones({1})};
  try {
    impl_->group->allreduce(one)->wait();
  } catch (const std::exception& e) {
    throw std::runtime_error("worker " + std::to_string(rank()) + ": lost the other workers at the end: " +
                             firstLine(e.what()));
  }
}

void WorkerGroup::tell(const std::string& key, const std::string& value) {
  impl_->store->set("told/" + key, std::vector<uint8_t>(value.begin(), value.end()));
}

std::string WorkerGroup::hear(const std::string& key) {
  const std::string name = "told/" + key;
  try {
    while (!impl_->store->check({name})) std::this_thread::sleep_for(std::chrono::milliseconds(20));
    const auto bytes = impl_->store->get(name);
    return std::string(bytes.begin(), bytes.end());
  } catch (const std::exception& e) {
    throw std::runtime_error("worker " + std::to_string(rank()) + ": rank 0 is gone (waiting for '" + key +
                             "'): " + firstLine(e.what()));
  }
}

#else  // no Gloo in this build

bool distributedBuilt() { return false; }

struct WorkerGroup::Impl {};

WorkerGroup::WorkerGroup(const WorkerPlace& place, std::chrono::seconds) : place_(place) {
  throw std::runtime_error("this build cannot train on several workers: it was built without c10d's Gloo "
                           "(install libgloo-dev and build again)");
}
WorkerGroup::~WorkerGroup() = default;
std::string WorkerGroup::sumsThrough(const torch::Device&) const { return {}; }
void WorkerGroup::startSum(const torch::Tensor&) {}
void WorkerGroup::waitForSums() {}
void WorkerGroup::broadcast(const std::vector<torch::Tensor>&) {}
void WorkerGroup::barrier() {}
void WorkerGroup::tell(const std::string&, const std::string&) {}
std::string WorkerGroup::hear(const std::string&) { return {}; }

#endif

}  // namespace studio::model
