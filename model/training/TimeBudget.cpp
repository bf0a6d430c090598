#include "model/training/TimeBudget.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace studio::model {

TimeBudget::TimeBudget(double minutes, int64_t cap_steps, int64_t decide_at, int64_t from_step, double reserve)
    : seconds_(minutes * 60.0), cap_(cap_steps), decide_at_(decide_at), from_step_(from_step), reserve_(reserve) {
  if (!(minutes >= 0) || !std::isfinite(minutes)) throw std::invalid_argument("a time budget must be 0 or more minutes");
  if (from_step < 0 || decide_at <= from_step) throw std::invalid_argument("a time budget decides after it measures");
}

int64_t TimeBudget::observe(int64_t step, double elapsed_seconds) {
  if (!active()) return 0;
  if (step == from_step_) start_seconds_ = elapsed_seconds;
  if (step < decide_at_) return 0;
  decided_ = true;
  // A run resumed past the measuring steps has no pace of its own: it keeps its cap.
  if (start_seconds_ < 0) return cap_;
  pace_ = (elapsed_seconds - start_seconds_) / double(decide_at_ - from_step_);
  const double left = seconds() - elapsed_seconds;
  const double more = pace_ > 0 ? std::floor(left / pace_) : double(cap_);
  return std::clamp<int64_t>(step + int64_t(std::max(1.0, std::min(more, double(cap_)))), step + 1,
                             std::max(cap_, step + 1));
}

}  // namespace studio::model
