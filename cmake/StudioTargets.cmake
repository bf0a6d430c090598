# Helpers every target of ours uses.

# Our warnings, on our targets only (torch and Qt headers come in as SYSTEM).
function(studio_warnings target)
  if(CMAKE_CXX_COMPILER_ID MATCHES "GNU|Clang")
    target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Wno-unused-parameter)
    if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU" AND CMAKE_CXX_COMPILER_VERSION VERSION_LESS 13)
      # GCC 12 at -O3 in C++20 warns of overlapping memcpy inside std::string's
      # operator+ (GCC bug 105329, a false positive fixed in 13).
      target_compile_options(${target} PRIVATE -Wno-restrict)
    endif()
    if(CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
      # Qt Test's QSKIP(message) is a variadic macro given no variadic argument.
      target_compile_options(${target} PRIVATE -Wno-gnu-zero-variadic-macro-arguments)
    endif()
  elseif(MSVC)
    target_compile_options(${target} PRIVATE /W3 /permissive-)
  endif()
endfunction()

# Every executable we build goes through this.
function(studio_executable target)
  studio_warnings(${target})
  target_compile_definitions(${target} PRIVATE QT_NO_KEYWORDS)
endfunction()

# Unity builds: a library's sources compiled a few at a time in one
# translation unit, so that LibTorch's headers (most of a source's compile
# time here: 10-20 s a file) are read once a batch, not once a file. The
# sanitized and CUDA flavours build everything again, so this is most of
# what a cold scripts/test spends compiling.
option(STUDIO_UNITY_BUILD "Compile each library's sources in batches (unity build)" ON)
function(studio_unity target batch_size)
  if(STUDIO_UNITY_BUILD)
    set_target_properties(${target} PROPERTIES UNITY_BUILD ON UNITY_BUILD_MODE BATCH
                                               UNITY_BUILD_BATCH_SIZE ${batch_size})
  endif()
endfunction()
