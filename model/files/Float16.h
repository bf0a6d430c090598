#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>

// IEEE 754 half precision (binary16) to and from float, without LibTorch:
// probes.rec stores attention weights this way and its reader is fuzzed in
// a build without LibTorch. Rounding is to nearest, ties to even, as in
// c10::Half (a test compares the two on every half and many floats).
namespace studio::model {

inline float halfToFloat(uint16_t h) {
  const uint32_t sign = uint32_t(h & 0x8000u) << 16;
  const uint32_t exponent = (h >> 10) & 0x1fu, mantissa = h & 0x3ffu;
  float value;
  if (exponent == 0) {
    value = std::ldexp(float(mantissa), -24);  // zero or subnormal: mantissa units of 2^-24
    return sign ? -value : value;
  }
  uint32_t bits;
  if (exponent == 31)
    bits = sign | 0x7f800000u | (mantissa << 13);  // infinity or NaN
  else
    bits = sign | ((exponent + 112) << 23) | (mantissa << 13);  // rebias 15 -> 127
  std::memcpy(&value, &bits, sizeof value);
  return value;
}

inline uint16_t floatToHalf(float value) {
  uint32_t bits;
  std::memcpy(&bits, &value, sizeof bits);
  const uint16_t sign = uint16_t((bits >> 16) & 0x8000u);
  const uint32_t magnitude = bits & 0x7fffffffu;
  const uint32_t exponent = magnitude >> 23, mantissa = magnitude & 0x7fffffu;
  if (exponent == 0xff) return uint16_t(sign | 0x7c00u | (mantissa ? 0x200u | (mantissa >> 13) : 0u));
  // Rounds `full` shifted right by `shift` bits to nearest, ties to even.
  auto roundShift = [](uint32_t full, uint32_t shift) {
    if (shift >= 32) return 0u;
    uint32_t kept = full >> shift;
    const uint32_t rest = full & ((1u << shift) - 1u), half = 1u << (shift - 1);
    if (rest > half || (rest == half && (kept & 1u))) ++kept;
    return kept;
  };
  if (exponent >= 113) {  // a normal half (2^-14 and up): 10 of the 23 mantissa bits
    const uint32_t rounded = (((exponent - 112) << 10) | (mantissa >> 13)) +
                             ((mantissa & 0x1fffu) > 0x1000u || ((mantissa & 0x1fffu) == 0x1000u && (mantissa >> 13 & 1u)));
    return uint16_t(sign | (rounded >= 0x7c00u ? 0x7c00u : rounded));  // past 65504 rounds to infinity
  }
  if (exponent == 0) return sign;  // a float subnormal is far below the smallest half
  // A half subnormal: the value in units of 2^-24 is (1.mantissa) * 2^(exponent - 126).
  return uint16_t(sign | roundShift(0x800000u | mantissa, 126 - exponent));
}

}  // namespace studio::model
