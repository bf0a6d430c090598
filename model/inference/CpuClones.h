#pragma once

// STUDIO_CLONES before a hot loop's function: it is compiled for AVX-512,
// AVX2 + FMA and the baseline, and the loader picks one for this CPU (GCC's
// function multiversioning), so the packages run on any x86-64 and use what
// the CPU has. Off under AddressSanitizer and with other compilers.
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) && !defined(__SANITIZE_ADDRESS__)
#define STUDIO_CLONES __attribute__((target_clones("arch=x86-64-v4", "arch=x86-64-v3", "default")))
#else
#define STUDIO_CLONES
#endif
