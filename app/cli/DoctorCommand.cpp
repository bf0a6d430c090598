// doctor: the build, the devices and their speed, for a bug report.

#include <iostream>

#include <nlohmann/json.hpp>

#include <QStringList>

#include "app/HelpPages.h"
#include "app/cli/Commands.h"
#include "model/runtime/Doctor.h"

namespace studio::cli {

const CommandSpec& doctorSpec() {
  static const CommandSpec spec{
      "doctor",
      "Report the build, the devices and their speed\n\n"
      "Prints the build kind (CPU or CUDA), the LibTorch, CUDA runtime, cuDNN and NVIDIA driver versions,\n"
      "each GPU with its memory and compute capability, the BLAS library and threads, then times a\n"
      "matrix product on every device in fp32 and bf16 (GFLOP/s), and where the desktop app's help pages\n"
      "are. Paste it into a bug report.",
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
  // The app's help (the README and docs/), which the programs find beside themselves once installed.
  QStringList looked;
  const QString help = app::helpDir(&looked);
  if (args.has("json")) {
    auto json = model::doctorJson(info, speeds);
    json["help_pages"] = help.isEmpty() ? nlohmann::json() : nlohmann::json(help.toStdString());
    std::cout << json.dump(2) << std::endl;
  } else {
    std::cout << model::doctorReport(info, speeds) << "Help pages: "
              << (help.isEmpty() ? "not found (looked in " + looked.join(", ").toStdString() + ")"
                                 : help.toStdString())
              << std::endl;
  }
  return kOk;
}

}  // namespace studio::cli
