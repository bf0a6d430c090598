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
  elseif(MSVC)
    target_compile_options(${target} PRIVATE /W3 /permissive-)
  endif()
endfunction()

# Every executable we build goes through this.
function(studio_executable target)
  studio_warnings(${target})
  target_compile_definitions(${target} PRIVATE QT_NO_KEYWORDS)
endfunction()
