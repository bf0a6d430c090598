#pragma once

#include <string>

// Debian 12's OpenBLAS (0.3.21, built for every x86 CPU it knows and
// choosing at start) picks its kernels by the CPU's model number. A CPU newer
// than it (an Emerald Rapids Xeon, model 207; a Zen 5) is taken for a
// "Prescott" and gets its SSE3 kernels: there LibTorch's float32 products ran
// 4× slower (the training step 664 tokens/s instead of 2,636; bench-peers,
// 2026-12-01). OpenBLAS reads OPENBLAS_CORETYPE only as it loads, before
// main, so the programs start themselves again with it set.
namespace studio::model {

struct CpuVectorUnits {
  bool avx512 = false;  // AVX-512 F, BW, DQ and VL: OpenBLAS's SkylakeX kernels
  bool avx2 = false;    // AVX2 and FMA: its Haswell kernels
};
CpuVectorUnits cpuVectorUnits();

// The kernels the loaded OpenBLAS chose ("Prescott", "SkylakeX", ...), or ""
// when the BLAS in this process is not OpenBLAS.
std::string openBlasCore();

// The OPENBLAS_CORETYPE to start again with: "SkylakeX" or "Haswell" when
// OpenBLAS chose "Prescott" on a CPU that has those units, else "" (nothing
// to do: OpenBLAS knows the CPU, the CPU is that old, or `asked` — the
// variable's value, nullptr when unset — is the user's choice already).
std::string openBlasCoreToAsk(const std::string& chosen, const char* asked, const CpuVectorUnits& cpu);

// Where openBlasCoreToAsk says so (Linux; not in the sanitized build, see
// the .cpp), sets OPENBLAS_CORETYPE and
// STUDIO_OPENBLAS_TOOK (the core OpenBLAS had taken this CPU for) and runs
// this program again with `argv`, the first thing main does; returns when
// there is nothing to do or the program could not be started again (it then
// runs on the kernels it has).
void startAgainWithKnownBlasKernels(char** argv);

// For --version and doctor: "SkylakeX kernels", with " (OPENBLAS_CORETYPE;
// OpenBLAS took this CPU for a Prescott)" when started again, or "" without
// OpenBLAS.
std::string describeOpenBlasCore();

}  // namespace studio::model
