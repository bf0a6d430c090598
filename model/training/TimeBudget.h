#pragma once

#include <cstdint>
#include <string>

// A run that must end within so many minutes of wall time (the starter
// preset's promise on any computer): the number of steps is decided from the
// pace of the run's own first steps, before the learning-rate schedule needs
// it (the cosine schedule's decay is fixed by max_steps; its warmup is not),
// and revised as the run goes on, from the pace of all the steps since the
// decision, evaluations and checkpoints included (the first steps can be
// quicker than the rest: 9 % on the AMX machine, where a run decided at step
// 200 alone took 14 min 57 s of its 14).
namespace studio::model {

class TimeBudget {
 public:
  // `minutes` of wall time for the whole run (0: no budget); `cap_steps`: the
  // most steps it may decide (the configuration's max_steps); the pace is
  // measured over steps `from_step` + 1 .. `decide_at` (the first steps are
  // slower), and the decision leaves `reserve` of the budget for what the
  // steps do not show (evaluations, checkpoints, the last probes). After the
  // decision the plan is looked at again every `revise_every` steps.
  // The defaults decide before the starter's warmup (400 steps) ends; a
  // cosine schedule with a shorter warmup changes its decay at the decision.
  explicit TimeBudget(double minutes, int64_t cap_steps, int64_t decide_at = 200, int64_t from_step = 50,
                      double reserve = 0.04, int64_t revise_every = 500);

  // Whether observe() still has something to do (a decision or a revision).
  bool active() const { return seconds_ > 0 && (!decided_ || revising_); }
  // Whether observe() may decide or revise at `step`: the same answer on
  // every worker of a run, so that they all hear what the first one decides.
  bool asksAt(int64_t step) const;
  // The seconds the steps may take: the budget less its reserve and what
  // the end of the run will take.
  double seconds() const { return seconds_ * (1.0 - reserve_) - end_seconds_; }
  // What the run does after its last step beyond the reserve (the final
  // choice of best.pt, FinalChoice.h), as last estimated: the next revision
  // plans with it.
  void reserveAtTheEnd(double seconds) { end_seconds_ = seconds > 0 ? seconds : 0; }
  int64_t decisionStep() const { return decide_at_; }

  // After each optimizer step: `step` done, `elapsed_seconds` since the run
  // began, `planned` the run's number of steps now. At decisionStep() it
  // returns the run's number of steps (at least decide_at + 1, at most the
  // cap), once; at each revision afterwards a new number where the pace since
  // the decision moves the plan by 1 % or more (never below step + 1); 0
  // where there is nothing to change.
  int64_t observe(int64_t step, double elapsed_seconds, int64_t planned);

  // Seconds a step took: between from_step and decide_at, then, from the
  // first look after the decision on, since the decision (evaluations
  // included); 0 before.
  double pace() const { return pace_; }
  // Whether observe() has revised its decision (every number it returns after
  // the first is a revision).
  bool revised() const { return revised_; }
  // The log's line for the number observe() returned.
  std::string describe(int64_t steps) const;

 private:
  int64_t stepsThatFit(int64_t step, double elapsed_seconds) const;

  double minutes_, seconds_;
  int64_t cap_;
  int64_t decide_at_, from_step_;
  double reserve_;
  int64_t revise_every_;
  double start_seconds_ = -1, decided_seconds_ = -1;
  double pace_ = 0;
  double end_seconds_ = 0;
  bool decided_ = false, revising_ = false, revised_ = false;
};

}  // namespace studio::model
