#include "model/training/Schedule.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace studio::model {

double noamLearningRate(int64_t step, int64_t d_model, int64_t warmup_steps, double factor) {
  if (d_model <= 0) throw std::invalid_argument("noam schedule: d_model must be positive");
  if (warmup_steps <= 0) throw std::invalid_argument("noam schedule: warmup_steps must be positive");
  if (step <= 0) return 0.0;
  const double s = static_cast<double>(step);
  const double w = static_cast<double>(warmup_steps);
  return factor * std::pow(double(d_model), -0.5) * std::min(std::pow(s, -0.5), s * std::pow(w, -1.5));
}

}  // namespace studio::model
