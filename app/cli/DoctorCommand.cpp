// doctor: the build, the devices and their speed, for a bug report.

#include <iostream>

#include <nlohmann/json.hpp>

#include "app/cli/Commands.h"
#include "model/runtime/Doctor.h"

namespace studio::cli {

const CommandSpec& doctorSpec() {
  static const CommandSpec spec{
      "doctor",
      "Report the build, the devices and their speed\n\n"
      "Prints the build kind (CPU or CUDA), the LibTorch, CUDA runtime, cuDNN and NVIDIA driver versions,\n"
      "each GPU with its memory and compute capability, the BLAS library and threads, then times a\n"
      "matrix product on every device in fp32 and bf16 (GFLOP/s). Paste it into a bug report.",
      {
          {"seconds", "S", "time spent on each device's products (default 1)"},
          {"json", "", "print one JSON object instead"},
      }};
  return spec;
}

int runDoctor(const ParsedArgs& args) {
  const double seconds = args.number("seconds", 1.0, 0.01, 60.0);
  const auto info = model::runtimeInfo();
  const auto speeds = model::measureMatmul(seconds);
  if (args.has("json"))
    std::cout << model::doctorJson(info, speeds).dump(2) << std::endl;
  else
    std::cout << model::doctorReport(info, speeds) << std::flush;
  return kOk;
}

}  // namespace studio::cli
