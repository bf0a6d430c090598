#include "model/runtime/BlasKernels.h"

#include <strings.h>
#include <cstdlib>

#if defined(__linux__)
#include <dlfcn.h>
#include <unistd.h>
#endif

namespace studio::model {

CpuVectorUnits cpuVectorUnits() {
  CpuVectorUnits units;
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
  __builtin_cpu_init();
  units.avx512 = __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
                 __builtin_cpu_supports("avx512dq") && __builtin_cpu_supports("avx512vl");
  units.avx2 = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
#endif
  return units;
}

std::string openBlasCore() {
#if defined(__linux__)
  // OpenBLAS's own query, found in whatever this process loaded (LibTorch
  // links the system's libblas.so.3, which Debian points at OpenBLAS).
  using CoreName = char* (*)();
  if (auto core_name = reinterpret_cast<CoreName>(dlsym(RTLD_DEFAULT, "openblas_get_corename"))) {
    if (const char* name = core_name()) return name;
  }
#endif
  return "";
}

std::string openBlasCoreToAsk(const std::string& chosen, const char* asked, const CpuVectorUnits& cpu) {
  if (asked != nullptr) return "";
  if (strcasecmp(chosen.c_str(), "Prescott") != 0) return "";
  if (cpu.avx512) return "SkylakeX";
  if (cpu.avx2) return "Haswell";
  return "";
}

void startAgainWithKnownBlasKernels(char** argv) {
#if defined(__linux__) && !defined(STUDIO_SANITIZE)
  // (Not in the sanitized build: with OpenBLAS's threaded SkylakeX kernels, a
  // SentencePiece training forked from a busy process hung in clang 14's
  // AddressSanitizer allocator, locked by another thread at the fork.)
  const std::string chosen = openBlasCore();
  const std::string core = openBlasCoreToAsk(chosen, std::getenv("OPENBLAS_CORETYPE"), cpuVectorUnits());
  if (core.empty()) return;
  setenv("OPENBLAS_CORETYPE", core.c_str(), 1);
  setenv("STUDIO_OPENBLAS_TOOK", chosen.c_str(), 1);
  execv("/proc/self/exe", argv);
  // Not started again: this process keeps the kernels it has, and says so.
  unsetenv("OPENBLAS_CORETYPE");
  unsetenv("STUDIO_OPENBLAS_TOOK");
#else
  (void)argv;
#endif
}

std::string describeOpenBlasCore() {
  const std::string core = openBlasCore();
  if (core.empty()) return "";
  std::string text = core + " kernels";
  const char* took = std::getenv("STUDIO_OPENBLAS_TOOK");
  if (took != nullptr && std::getenv("OPENBLAS_CORETYPE") != nullptr)
    text += std::string(" (OPENBLAS_CORETYPE; OpenBLAS took this CPU for a ") + took + ")";
  return text;
}

}  // namespace studio::model
