#pragma once

#include <cstdint>
#include <mutex>
#include <vector>

#include <torch/types.h>

// The workers' gradient sum, started while the backward pass still runs (as
// PyTorch's DistributedDataParallel does it): hooks on the parameters copy
// each gradient into a flat bucket as soon as the backward pass has it, and
// a bucket whose gradients are all there starts its all-reduce at once,
// while the backward pass computes the rest.
namespace studio::model {

class WorkerGroup;

class GradientSum {
 public:
  // Buckets of about `bucket_bytes` hold the parameters in reverse order
  // (the order in which the backward pass finishes them), one type each.
  GradientSum(WorkerGroup& group, std::vector<torch::Tensor> parameters, int64_t bucket_bytes = 25 << 20);
  ~GradientSum();
  GradientSum(const GradientSum&) = delete;
  GradientSum& operator=(const GradientSum&) = delete;

  // The next backward pass brings this step's last gradients: sum each
  // bucket as soon as it is full. (Without it, finish() sums them all.)
  void arm();

  // Ends the step's sum: what no hook delivered (a worker whose share of
  // the last batch was empty, a parameter without a gradient: zeros) is
  // summed now, together with `extra` (loss sums, token counts, flags), and
  // the sums replace the gradients. Buckets start in bucket order on every
  // worker, as the collectives require. Throws std::runtime_error naming
  // this worker when another one is gone.
  void finish(std::vector<double>& extra);

  // Seconds finish() waited: the communication the backward pass did not hide.
  double lastWaitSeconds() const { return last_wait_seconds_; }
  // How many buckets the last step started during the backward pass.
  int lastEarlyBuckets() const { return last_early_buckets_; }
  int buckets() const { return int(buckets_.size()); }

 private:
  struct Bucket {
    torch::Tensor flat;
    std::vector<size_t> members;  // parameter indices
    std::vector<int64_t> offsets;
    size_t missing = 0;  // gradients not delivered yet this step
  };

  void deliver(size_t parameter, const torch::Tensor& gradient);  // with mutex_ held
  void startFullBuckets();                                        // with mutex_ held

  WorkerGroup& group_;
  std::vector<torch::Tensor> parameters_;
  std::vector<unsigned> hooks_;
  std::vector<Bucket> buckets_;
  std::vector<size_t> bucket_of_, slot_of_;  // a parameter's bucket and its place in it
  std::vector<bool> delivered_;
  size_t next_bucket_ = 0;  // the first bucket not started
  bool armed_ = false;
  int early_ = 0;
  std::mutex mutex_;
  double last_wait_seconds_ = 0;
  int last_early_buckets_ = 0;
};

}  // namespace studio::model
