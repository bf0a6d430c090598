# Helpers every target of ours uses: warnings, the protobuf load order, PCH.

# Our warnings, on our targets only (torch and Qt headers come in as SYSTEM).
function(studio_warnings target)
  if(CMAKE_CXX_COMPILER_ID MATCHES "GNU|Clang")
    target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Wno-unused-parameter)
  elseif(MSVC)
    target_compile_options(${target} PRIVATE /W3 /permissive-)
  endif()
endfunction()

# Puts libprotobuf first among the executable's DT_NEEDED entries, so the
# dynamic loader registers the full protobuf before libsentencepiece's
# embedded copy (see StudioDependencies.cmake). Link options come before the
# objects on the link line, hence before every library.
function(studio_protobuf_first target)
  if(STUDIO_PROTOBUF_LIBRARY AND CMAKE_SYSTEM_NAME STREQUAL "Linux")
    target_link_options(${target} PRIVATE
      "LINKER:--push-state,--no-as-needed"
      "${STUDIO_PROTOBUF_LIBRARY}"
      "LINKER:--pop-state")
  endif()
endfunction()

# Every executable we build goes through this.
function(studio_executable target)
  studio_warnings(${target})
  studio_protobuf_first(${target})
  target_compile_definitions(${target} PRIVATE QT_NO_KEYWORDS)
endfunction()
