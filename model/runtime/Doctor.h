#pragma once

#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "model/runtime/Runtime.h"

// `attention-studio-cli doctor`: what this build runs on and how fast, in one
// report a user pastes into a bug report.
namespace studio::model {

// One timed matrix product on one device.
struct MatmulSpeed {
  std::string device;  // "cpu", "cuda:0"
  std::string dtype;   // "fp32", "bf16"
  int64_t size = 0;    // n of the n x n product
  int64_t runs = 0;
  double seconds = 0;
  double gflops = 0;   // 2 n^3 per product
  std::string error;   // when it could not run (e.g. out of memory)
};

// Multiplies n x n matrices on every device for about `seconds` each, in fp32
// and in bf16 (where the device computes in it).
std::vector<MatmulSpeed> measureMatmul(double seconds);

std::string doctorReport(const RuntimeInfo& info, const std::vector<MatmulSpeed>& speeds);
nlohmann::json doctorJson(const RuntimeInfo& info, const std::vector<MatmulSpeed>& speeds);

}  // namespace studio::model
