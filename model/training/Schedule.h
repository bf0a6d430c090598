#pragma once

#include <cstdint>

namespace studio::model {

// The learning-rate schedule of the paper (section 5.3), a pure function of
// the step (1-based):  factor * d_model^-0.5 * min(step^-0.5, step * warmup^-1.5).
// Step 0 gives 0.
double noamLearningRate(int64_t step, int64_t d_model, int64_t warmup_steps, double factor = 1.0);

}  // namespace studio::model
