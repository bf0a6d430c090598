#include "model/training/MetricsLog.h"

#include <fstream>

#include <nlohmann/json.hpp>

namespace studio::model {

void MetricsLog::write(const nlohmann::json& record) { file_.append(record.dump()); }

void MetricsLog::truncateAfter(int64_t step) {
  std::ifstream in(file_.path());
  if (!in) return;
  std::string kept, line;
  while (std::getline(in, line)) {
    try {
      if (nlohmann::json::parse(line).value("step", int64_t(0)) <= step) kept += line + "\n";
    } catch (const std::exception&) {
      // A torn last line from a crash: dropped.
    }
  }
  writeFileAtomically(file_.path(), kept);
}

}  // namespace studio::model
