# CPack: a Debian package (.deb) and a relocatable archive (.tar.gz). Included
# last by the top-level CMakeLists.txt; scripts/package builds both, and
# scripts/test installs the .deb and starts what it installed.
#
# The build kind (CPU or CUDA, from the LibTorch found) is part of the package
# name, so that both can sit in one repository: attention-studio-cpu,
# attention-studio-cuda.

# STUDIO_BUILD_KIND comes from cmake/StudioDependencies.cmake.

# Licence and documentation, installed with the programs.
set(STUDIO_DOC_DIR ${CMAKE_INSTALL_DATADIR}/doc/attention-studio-${STUDIO_BUILD_KIND})
install(FILES ${PROJECT_SOURCE_DIR}/README.md DESTINATION ${STUDIO_DOC_DIR})
# The help window's pages (app/HelpPages.h): the README, docs/ and the
# screenshots they show, in the source tree's places so that their links work.
# Not under share/doc, which minimal installations leave out.
install(FILES ${PROJECT_SOURCE_DIR}/README.md DESTINATION ${STUDIO_HELP_INSTALL_DIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/docs/ DESTINATION ${STUDIO_HELP_INSTALL_DIR}/docs
        FILES_MATCHING PATTERN "*.md" PATTERN "*.png")
install(DIRECTORY ${PROJECT_SOURCE_DIR}/resources/screenshots/
        DESTINATION ${STUDIO_HELP_INSTALL_DIR}/resources/screenshots FILES_MATCHING PATTERN "*.png")
set(_copyright ${CMAKE_CURRENT_BINARY_DIR}/packaging/copyright)
configure_file(${PROJECT_SOURCE_DIR}/packaging/copyright.in ${_copyright} @ONLY)
install(FILES ${_copyright} DESTINATION ${STUDIO_DOC_DIR})
set(_changelog ${CMAKE_CURRENT_BINARY_DIR}/packaging/changelog.Debian.gz)
add_custom_command(OUTPUT ${_changelog}
  COMMAND gzip -9n -c ${PROJECT_SOURCE_DIR}/packaging/changelog.Debian > ${_changelog}
  DEPENDS ${PROJECT_SOURCE_DIR}/packaging/changelog.Debian)
add_custom_target(studio_changelog ALL DEPENDS ${_changelog})
install(FILES ${_changelog} DESTINATION ${STUDIO_DOC_DIR})
foreach(page attention-studio.1 attention-studio-cli.1)
  set(_gz ${CMAKE_CURRENT_BINARY_DIR}/packaging/${page}.gz)
  add_custom_command(OUTPUT ${_gz}
    COMMAND gzip -9n -c ${PROJECT_SOURCE_DIR}/packaging/${page} > ${_gz}
    DEPENDS ${PROJECT_SOURCE_DIR}/packaging/${page})
  list(APPEND _man_pages ${_gz})
endforeach()
add_custom_target(studio_man_pages ALL DEPENDS ${_man_pages})
install(FILES ${_man_pages} DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)

if(STUDIO_BUILD_KIND STREQUAL "cuda")
  # How the CUDA package's programs find LibTorch 2.x: see the script.
  set(STUDIO_TORCH_VERSION ${Torch_VERSION})
  configure_file(${PROJECT_SOURCE_DIR}/packaging/attention-studio-cuda-setup
                 ${CMAKE_CURRENT_BINARY_DIR}/packaging/attention-studio-cuda-setup @ONLY)
  install(PROGRAMS ${CMAKE_CURRENT_BINARY_DIR}/packaging/attention-studio-cuda-setup
          DESTINATION ${CMAKE_INSTALL_BINDIR})
endif()

set(CPACK_PACKAGE_NAME "attention-studio-${STUDIO_BUILD_KIND}")
set(CPACK_PACKAGE_VENDOR "Attention Studio")
set(CPACK_PACKAGE_CONTACT "Attention Studio developers <dev@attention-studio.example.org>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "Transformer translator workbench (Vietnamese to English)")
set(CPACK_PACKAGE_DESCRIPTION
    "Attention Studio trains the Transformer of “Attention Is All You Need” to translate Vietnamese into English, "
    "with live charts of loss, BLEU, learning rate and speed; translates with beam search and per-token "
    "probabilities; and shows every attention head of every layer as a heatmap with its masks. It includes "
    "attention-studio-cli for the same work without a screen.")
set(CPACK_PACKAGE_VERSION "${PROJECT_VERSION}")
set(CPACK_PACKAGE_HOMEPAGE_URL "${PROJECT_HOMEPAGE_URL}")
set(CPACK_RESOURCE_FILE_LICENSE "${PROJECT_SOURCE_DIR}/LICENSE")
set(CPACK_STRIP_FILES ON)
set(CPACK_GENERATOR "TGZ;DEB")
set(CPACK_OUTPUT_FILE_PREFIX "${CMAKE_BINARY_DIR}/packages")
# Only what a user runs: no test or benchmark executables, no static libraries.
set(CPACK_INSTALL_CMAKE_PROJECTS "${CMAKE_BINARY_DIR};${PROJECT_NAME};Unspecified;/")

# --- Debian -----------------------------------------------------------------
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION "Attention Studio trains the Transformer of “Attention Is All You Need” to
translate Vietnamese into English, with live charts of loss, BLEU, learning
rate and speed; translates with beam search and per-token probabilities; and
shows every attention head of every layer as a heatmap with its masks.
.
attention-studio-cli does the same work without a screen.")
set(CPACK_DEBIAN_PACKAGE_SECTION "science")
set(CPACK_DEBIAN_PACKAGE_PRIORITY "optional")
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_RELEASE 1)
# Library packages come from dpkg-shlibdeps (LibTorch, Qt 6, QCustomPlot,
# SentencePiece through the plugin); OpenBLAS is loaded by LibTorch at run
# time and has no link-time trace: without it training is 30-60x slower.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
if(STUDIO_BUILD_KIND STREQUAL "cuda")
  # LibTorch 2.x and the CUDA libraries come from outside Debian (PyPI's torch
  # wheel or the official archive; see attention-studio-cuda-setup): dpkg-shlibdeps
  # is told they are private, and the Depends name only Debian's libraries.
  get_filename_component(_studio_torch_lib_dir "${TORCH_LIBRARY}" DIRECTORY)
  set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS_PRIVATE_DIRS "${_studio_torch_lib_dir};${CUDAToolkit_LIBRARY_DIR}")
  set(CPACK_DEBIAN_PACKAGE_DEPENDS "libqt6svg6")
  set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "python3-venv")
else()
  set(CPACK_DEBIAN_PACKAGE_DEPENDS "libopenblas0-openmp, libqt6svg6")
  set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "python3-torch")
endif()
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "xvfb")
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)

# The archive is relocatable: programs find their plugin relative to
# themselves (bin/../lib/<arch>/attention-studio), so it unpacks anywhere.
set(CPACK_PROJECT_CONFIG_FILE "${PROJECT_SOURCE_DIR}/packaging/CPackOptions.cmake")

if(WIN32)
  include(${PROJECT_SOURCE_DIR}/packaging/windows/WindowsPackaging.cmake)
endif()

include(CPack)
