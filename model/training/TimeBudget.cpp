#include "model/training/TimeBudget.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>

namespace studio::model {

TimeBudget::TimeBudget(double minutes, int64_t cap_steps, int64_t decide_at, int64_t from_step,
                       double reserve, int64_t revise_every)
    : minutes_(minutes),
      seconds_(minutes * 60.0),
      cap_(cap_steps),
      decide_at_(decide_at),
      from_step_(from_step),
      reserve_(reserve),
      revise_every_(revise_every) {
  if (!(minutes >= 0) || !std::isfinite(minutes))
    throw std::invalid_argument("a time budget must be 0 or more minutes");
  if (from_step < 0 || decide_at <= from_step)
    throw std::invalid_argument("a time budget decides after it measures");
  if (revise_every < 1) throw std::invalid_argument("a time budget revises every 1 or more steps");
}

bool TimeBudget::asksAt(int64_t step) const {
  if (!active()) return false;
  if (!decided_) return step >= decide_at_;
  return step > decide_at_ && step % revise_every_ == 0;
}

int64_t TimeBudget::stepsThatFit(int64_t step, double elapsed_seconds) const {
  const double left = seconds() - elapsed_seconds;
  const double more = pace_ > 0 ? std::floor(left / pace_) : double(cap_);
  return std::clamp<int64_t>(step + int64_t(std::max(1.0, std::min(more, double(cap_)))), step + 1,
                             std::max(cap_, step + 1));
}

int64_t TimeBudget::observe(int64_t step, double elapsed_seconds, int64_t planned) {
  if (!active()) return 0;
  if (!decided_) {
    if (step == from_step_) start_seconds_ = elapsed_seconds;
    if (step < decide_at_) return 0;
    decided_ = true;
    // A run resumed past the measuring steps has no pace of its own: it keeps its cap.
    if (start_seconds_ < 0) return cap_;
    pace_ = (elapsed_seconds - start_seconds_) / double(decide_at_ - from_step_);
    decided_seconds_ = elapsed_seconds;
    revising_ = true;
    return stepsThatFit(step, elapsed_seconds);
  }
  if (step <= decide_at_ || step % revise_every_ != 0) return 0;
  if (step >= planned) {
    revising_ = false;
    return 0;
  }
  // Every step since the decision, with the evaluations and checkpoints
  // between them: the pace the rest of the run will most likely keep.
  pace_ = (elapsed_seconds - decided_seconds_) / double(step - decide_at_);
  const int64_t fit = stepsThatFit(step, elapsed_seconds);
  // Small moves are noise (a 2-core machine's pace varies by a few per cent
  // from minute to minute) and each one bends the schedule's decay a little.
  if (std::llabs(fit - planned) * 100 < planned) return 0;
  revised_ = true;
  return fit;
}

std::string TimeBudget::describe(int64_t steps) const {
  char line[200];
  if (revised())
    std::snprintf(line, sizeof line,
                  "time budget of %g min: %lld steps now (%.3f s a step since step %lld, evaluations too)",
                  minutes_, static_cast<long long>(steps), pace_, static_cast<long long>(decide_at_));
  else
    std::snprintf(line, sizeof line, "time budget of %g min: %lld steps (%.3f s a step so far)", minutes_,
                  static_cast<long long>(steps), pace_);
  return line;
}

}  // namespace studio::model
