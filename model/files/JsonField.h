#pragma once

#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>
#include <type_traits>

#include <nlohmann/json.hpp>

namespace studio::model {

// json's value as T. nlohmann converts a number of any kind to any arithmetic
// type with a plain cast, which is undefined behaviour when the value does not
// fit (1e300 into an int64_t, -1 into a uint64_t; found by fuzzing): numbers
// are checked against T's range first. Throws std::invalid_argument naming
// `name` for a value of the wrong type or out of range.
template <typename T>
T jsonValue(const nlohmann::json& value, const std::string& name) {
  auto wrong = [&](const std::string& why) { return std::invalid_argument(name + ": " + why); };
  if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>) {
    constexpr auto low = std::numeric_limits<T>::lowest();
    constexpr auto high = std::numeric_limits<T>::max();
    if (value.is_number_unsigned()) {
      const auto v = value.get<uint64_t>();
      if (v > uint64_t(high)) throw wrong("is out of range (" + value.dump() + ")");
      return T(v);
    }
    if (value.is_number_integer()) {
      const auto v = value.get<int64_t>();
      if ((std::is_unsigned_v<T> && v < 0) || (std::is_signed_v<T> && (v < int64_t(low) || v > int64_t(high))))
        throw wrong("is out of range (" + value.dump() + ")");
      return T(v);
    }
    if (value.is_number_float()) {
      const double v = value.get<double>();
      // 2^63 is the first double past int64_t's range (and 2^64 past uint64_t's).
      const double limit = std::ldexp(1.0, std::numeric_limits<T>::digits);
      if (!std::isfinite(v) || v != std::floor(v) || v >= limit || v < double(low))
        throw wrong("must be a whole number in range (" + value.dump() + ")");
      return T(v);
    }
    throw wrong(std::string("has the wrong type (") + value.type_name() + ")");
  } else {
    try {
      return value.get<T>();
    } catch (const nlohmann::json::exception&) {
      throw wrong(std::string("has the wrong type (") + value.type_name() + ")");
    }
  }
}

// Reads json[field] into `out` when present (keeping `out` otherwise). A value
// of the wrong type, or a number out of T's range, throws std::invalid_argument:
//   "invalid <what> '<field>': has the wrong type (string)".
template <typename T>
void readJsonField(const nlohmann::json& json, const char* field, T& out, const char* what) {
  auto it = json.find(field);
  if (it == json.end()) return;
  out = jsonValue<T>(*it, "invalid " + std::string(what) + " '" + field + "'");
}

}  // namespace studio::model
