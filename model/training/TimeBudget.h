#pragma once

#include <cstdint>

// A run that must end within so many minutes of wall time (the starter
// preset's promise on any computer): the number of steps is decided from the
// pace of the run's own first steps, before the learning-rate schedule needs
// it (the cosine schedule's decay is fixed by max_steps; its warmup is not).
namespace studio::model {

class TimeBudget {
 public:
  // `minutes` of wall time for the whole run (0: no budget); `cap_steps`: the
  // most steps it may decide (the configuration's max_steps); the pace is
  // measured over steps `from_step` + 1 .. `decide_at` (the first steps are
  // slower), and the decision leaves `reserve` of the budget for what the
  // steps do not show (evaluations, checkpoints, the last probes).
  // The defaults decide before the starter's warmup (400 steps) ends; a
  // cosine schedule with a shorter warmup changes its decay at the decision.
  explicit TimeBudget(double minutes, int64_t cap_steps, int64_t decide_at = 200, int64_t from_step = 50,
                      double reserve = 0.04);

  bool active() const { return seconds_ > 0 && !decided_; }
  // The seconds the steps may take: the budget less its reserve.
  double seconds() const { return seconds_ * (1.0 - reserve_); }
  int64_t decisionStep() const { return decide_at_; }

  // After each optimizer step: `step` done, `elapsed_seconds` since the run
  // began. At decisionStep() it returns the run's number of steps (at least
  // decide_at + 1, at most the cap), once; otherwise 0.
  int64_t observe(int64_t step, double elapsed_seconds);

  // Seconds a step took between from_step and decide_at (0 before that).
  double pace() const { return pace_; }

 private:
  double seconds_;
  int64_t cap_;
  int64_t decide_at_, from_step_;
  double reserve_;
  double start_seconds_ = -1;
  double pace_ = 0;
  bool decided_ = false;
};

}  // namespace studio::model
