# Finds every dependency the design card fixes, and sets up ccache.

if(STUDIO_USE_CCACHE)
  find_program(STUDIO_CCACHE ccache)
  if(STUDIO_CCACHE)
    # gcc precompiled headers need these sloppiness settings to be cached at all.
    set(CMAKE_CXX_COMPILER_LAUNCHER
        ${CMAKE_COMMAND} -E env
        "CCACHE_SLOPPINESS=pch_defines,time_macros,include_file_mtime,include_file_ctime"
        "CCACHE_BASEDIR=${PROJECT_SOURCE_DIR}" "CCACHE_NOHASHDIR=true"
        ${STUDIO_CCACHE})
    # A clang precompiled header records when it was written, so every build
    # writes a different one and each source that reads it misses the cache
    # (the sanitized build compiled everything again on every fresh clone).
    if(CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
      add_compile_options("SHELL:-Xclang -fno-pch-timestamp")
    endif()
    message(STATUS "ccache: ${STUDIO_CCACHE}")
  endif()
endif()

# --- LibTorch -------------------------------------------------------------
# Debian's libtorch-dev (1.13, CPU) or an official LibTorch 2.x archive given
# through CMAKE_PREFIX_PATH (for example one built with CUDA).
find_package(Torch REQUIRED)
message(STATUS "LibTorch: ${Torch_VERSION} (${TORCH_INSTALL_PREFIX})")
# TorchConfig looks for libtorch.so in the system folders before its own: with
# Debian's libtorch-dev installed beside a LibTorch 2.x given as
# <prefix>/share/cmake, it would mix 2.x headers with 1.13 libraries.
get_filename_component(_studio_torch_lib_dir "${TORCH_LIBRARY}" DIRECTORY)
get_filename_component(_studio_torch_lib_dir "${_studio_torch_lib_dir}" REALPATH)
get_filename_component(_studio_torch_prefix "${TORCH_INSTALL_PREFIX}" REALPATH)
if(NOT _studio_torch_prefix STREQUAL "/usr" AND NOT _studio_torch_lib_dir MATCHES "^${_studio_torch_prefix}")
  message(FATAL_ERROR "LibTorch ${Torch_VERSION}'s headers are in ${TORCH_INSTALL_PREFIX} but its library was found "
                      "at ${TORCH_LIBRARY}. Give the LibTorch folder itself in CMAKE_PREFIX_PATH "
                      "(-DCMAKE_PREFIX_PATH=/opt/libtorch, not .../share/cmake), or delete the build folder and "
                      "run scripts/build --cuda.")
endif()

# The build kind: CPU (Debian's LibTorch) or CUDA (a LibTorch built with it).
# It names the package (attention-studio-cpu / -cuda) and turns on the GPU
# tests' allocator checks.
if(TORCH_CUDA_LIBRARIES OR TARGET torch_cuda OR CAFFE2_USE_CUDA)
  set(STUDIO_BUILD_KIND cuda)
else()
  set(STUDIO_BUILD_KIND cpu)
endif()
message(STATUS "Build kind: ${STUDIO_BUILD_KIND}")

# The Python whose torch is the LibTorch we build against: tests check that it
# reads our model files, and the benchmark compares with it. Debian's
# python3-torch for Debian's LibTorch; the virtual environment's interpreter
# when the LibTorch is a torch wheel's.
set(STUDIO_TORCH_PYTHON "/usr/bin/python3")
foreach(_candidate "${TORCH_INSTALL_PREFIX}/../../../../bin/python" "${TORCH_INSTALL_PREFIX}/../../../bin/python")
  get_filename_component(_candidate "${_candidate}" ABSOLUTE)
  if(NOT TORCH_INSTALL_PREFIX STREQUAL "/usr" AND EXISTS "${_candidate}")
    set(STUDIO_TORCH_PYTHON "${_candidate}")
    break()
  endif()
endforeach()
message(STATUS "Python with this LibTorch's torch: ${STUDIO_TORCH_PYTHON}")

# TorchConfig hands out TORCH_LIBRARIES and TORCH_CXX_FLAGS; wrap them in one
# imported target so the rest of the build uses target_* commands only.
add_library(studio_torch INTERFACE)
set(_studio_torch_libraries ${TORCH_LIBRARIES})
if(STUDIO_BUILD_KIND STREQUAL "cuda")
  # Only LibTorch talks to CUDA: our programs link no CUDA library of the
  # toolkit's (/usr/local/cuda) themselves. LibTorch finds its own copies at
  # run time (PyPI's torch: the NVIDIA wheels beside it, through
  # $ORIGIN/../../nvidia/...; the official archive: its lib/), which may be
  # newer than the toolkit's: linking the toolkit's libcudart beside them
  # would load two runtimes.
  list(FILTER _studio_torch_libraries EXCLUDE REGEX "nvrtc|^CUDA::|/usr/local/cuda")
  if(TARGET torch::cudart)
    set_property(TARGET torch::cudart PROPERTY INTERFACE_LINK_LIBRARIES "")
  endif()
  # At link time the linker follows libtorch_cuda.so's own dependencies: point
  # it at the NVIDIA wheels, or it settles for the toolkit's older NCCL and
  # reports missing symbols.
  get_filename_component(_studio_site_packages "${TORCH_INSTALL_PREFIX}/.." ABSOLUTE)
  file(GLOB _studio_nvidia_lib_dirs LIST_DIRECTORIES true "${_studio_site_packages}/nvidia/*/lib")
  if(_studio_nvidia_lib_dirs)
    list(JOIN _studio_nvidia_lib_dirs ":" _studio_rpath_link)
    target_link_options(studio_torch INTERFACE "LINKER:-rpath-link,${_studio_rpath_link}")
  endif()
endif()
target_link_libraries(studio_torch INTERFACE ${_studio_torch_libraries})
target_include_directories(studio_torch SYSTEM INTERFACE ${TORCH_INCLUDE_DIRS})
if(TORCH_CXX_FLAGS)
  separate_arguments(_studio_torch_flags UNIX_COMMAND "${TORCH_CXX_FLAGS}")
  target_compile_options(studio_torch INTERFACE ${_studio_torch_flags})
endif()

# --- SentencePiece (pkg-config) ---------------------------------------------
find_package(PkgConfig)
if(PkgConfig_FOUND)
  pkg_check_modules(SENTENCEPIECE IMPORTED_TARGET sentencepiece)
endif()
if(NOT TARGET PkgConfig::SENTENCEPIECE)
  # Without pkg-config (Windows without vcpkg's .pc files): the header and
  # the two libraries by name, under CMAKE_PREFIX_PATH.
  find_path(SENTENCEPIECE_INCLUDE_DIR sentencepiece_processor.h)
  find_library(SENTENCEPIECE_LIBRARY sentencepiece)
  find_library(SENTENCEPIECE_TRAIN_LIBRARY sentencepiece_train)
  if(NOT SENTENCEPIECE_INCLUDE_DIR OR NOT SENTENCEPIECE_LIBRARY OR NOT SENTENCEPIECE_TRAIN_LIBRARY)
    message(FATAL_ERROR "SentencePiece not found: install libsentencepiece-dev (Debian) or sentencepiece "
                        "(vcpkg), or add its prefix to CMAKE_PREFIX_PATH")
  endif()
  add_library(PkgConfig::SENTENCEPIECE INTERFACE IMPORTED)
  set_target_properties(PkgConfig::SENTENCEPIECE PROPERTIES
    INTERFACE_INCLUDE_DIRECTORIES "${SENTENCEPIECE_INCLUDE_DIR}"
    INTERFACE_LINK_LIBRARIES "${SENTENCEPIECE_TRAIN_LIBRARY};${SENTENCEPIECE_LIBRARY}")
  get_filename_component(SENTENCEPIECE_LIBRARY_DIRS "${SENTENCEPIECE_LIBRARY}" DIRECTORY)
  set(SENTENCEPIECE_VERSION "unknown")
endif()

# libsentencepiece carries its own copy of protobuf, which clashes with the
# libprotobuf LibTorch loads. No program links it: model/ builds it into a
# plugin loaded with RTLD_DEEPBIND (model/data/SentencePieceBackend.h).

# --- nlohmann/json (header only) --------------------------------------------
find_package(nlohmann_json 3.9 REQUIRED)
find_package(ZLIB REQUIRED)  # inflating the code files of LibTorch archives (model/files/ZipDirectory)

# --- Qt 6 -------------------------------------------------------------------
set(_studio_qt_components Core Network Test)  # Network: the CLI's serve
if(STUDIO_BUILD_GUI)
  list(APPEND _studio_qt_components Gui Widgets PrintSupport Svg)
endif()
find_package(Qt6 6.4 REQUIRED COMPONENTS ${_studio_qt_components})
if(STUDIO_BUILD_GUI)
  find_package(Qt6 6.4 REQUIRED COMPONENTS LinguistTools)
endif()
set(CMAKE_AUTOMOC ON)

if(STUDIO_BUILD_GUI)
  find_package(QCustomPlotQt6 REQUIRED)
endif()
