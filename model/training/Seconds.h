#pragma once

#include <chrono>

namespace studio::model {

// Seconds of the steady clock since `start`.
inline double secondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace studio::model
