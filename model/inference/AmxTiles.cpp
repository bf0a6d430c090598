#include "model/inference/AmxTiles.h"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <cpuid.h>
#include <sys/syscall.h>
#include <unistd.h>
#define STUDIO_AMX_X86 1
#endif

namespace studio::model::inference::amx {

namespace {

#ifdef STUDIO_AMX_X86
// CPUID leaf 7, subleaf 0, EDX: bit 22 AMX-BF16, bit 24 AMX-TILE, bit 25 AMX-INT8.
bool cpuidBit(unsigned bit) {
  unsigned a = 0, b = 0, c = 0, d = 0;
  return __get_cpuid_count(7, 0, &a, &b, &c, &d) && (d & (1u << 24)) && (d & (1u << bit));
}

bool tilesGranted() {
  static const bool granted = [] {
    constexpr long kArchReqXcompPerm = 0x1023, kXfeatureXtiledata = 18;
    return syscall(SYS_arch_prctl, kArchReqXcompPerm, kXfeatureXtiledata) == 0;
  }();
  return granted;
}
#endif

bool usable(unsigned product_bit) {
#ifdef STUDIO_AMX_X86
  return cpuidBit(product_bit) && tilesGranted();
#else
  (void)product_bit;
  return false;
#endif
}

}  // namespace

bool int8Available() {
  static const bool available = usable(25);
  return available;
}

bool bf16Available() {
  static const bool available = usable(22);
  return available;
}

}  // namespace studio::model::inference::amx
