#pragma once

#include <stdexcept>
#include <string>

#include <nlohmann/json.hpp>

namespace studio::model {

// Reads json[field] into `out` when present (keeping `out` otherwise). A value
// of the wrong type throws std::invalid_argument:
//   "invalid <what> '<field>': has the wrong type (string)".
template <typename T>
void readJsonField(const nlohmann::json& json, const char* field, T& out, const char* what) {
  auto it = json.find(field);
  if (it == json.end()) return;
  try {
    out = it->get<T>();
  } catch (const nlohmann::json::exception&) {
    throw std::invalid_argument("invalid " + std::string(what) + " '" + field + "': has the wrong type (" +
                                it->type_name() + ")");
  }
}

}  // namespace studio::model
