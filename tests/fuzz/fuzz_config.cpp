// The JSON training configuration (config.json of a run folder, or
// `train --config`): any bytes give a configuration that validates, or an
// error naming the field.
#include <cstdint>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "model/training/TrainingConfig.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const auto json = nlohmann::json::parse(data, data + size, nullptr, /*allow_exceptions=*/false);
  if (json.is_discarded()) return 0;
  try {
    const auto config = studio::model::trainingConfigFromJson(json);
    config.validate();
    // A valid configuration survives its own round trip.
    if (!(studio::model::trainingConfigFromJson(studio::model::toJson(config)).model == config.model)) __builtin_trap();
  } catch (const std::invalid_argument&) {
  } catch (const std::runtime_error&) {
  }
  return 0;
}
