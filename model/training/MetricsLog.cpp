#include "model/training/MetricsLog.h"

#include <fstream>

#include <nlohmann/json.hpp>

#include "model/files/JsonField.h"

namespace studio::model {

void MetricsLog::write(const nlohmann::json& record) { file_.append(record.dump()); }

void MetricsLog::truncateAfter(int64_t step) {
  std::ifstream in(file_.path());
  if (!in) return;
  std::string kept, line;
  while (std::getline(in, line)) {
    try {
      const auto record = nlohmann::json::parse(line);
      const auto at = record.find("step");
      if (at == record.end() || jsonValue<int64_t>(*at, "step") <= step) kept += line + "\n";
    } catch (const std::exception&) {
      // A torn last line from a crash: dropped.
    }
  }
  writeFileAtomically(file_.path(), kept);
}

}  // namespace studio::model
