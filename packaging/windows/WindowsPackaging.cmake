# Windows installer (NSIS) and ZIP, through CPack. Included from
# packaging/CPackConfig.cmake on WIN32 only. NOT BUILT OR TESTED: the project
# is developed on Debian 12 and no Windows machine is available; see
# packaging/windows/README.md for the procedure and what is known not to work.

# Qt's DLLs and plugins next to the executables, with windeployqt.
find_program(WINDEPLOYQT windeployqt HINTS "${Qt6_DIR}/../../../bin")
if(NOT WINDEPLOYQT)
  message(WARNING "windeployqt not found: the installer would miss Qt's DLLs")
endif()
install(CODE "
  execute_process(COMMAND \"${WINDEPLOYQT}\" --release --no-translations --compiler-runtime
                          --dir \"\${CMAKE_INSTALL_PREFIX}/bin\"
                          \"\${CMAKE_INSTALL_PREFIX}/bin/attention-studio.exe\")
")

# LibTorch's DLLs (the official archive keeps them in lib/), SentencePiece's,
# and QCustomPlot's.
file(GLOB STUDIO_TORCH_DLLS "${TORCH_INSTALL_PREFIX}/lib/*.dll")
install(FILES ${STUDIO_TORCH_DLLS} DESTINATION bin)
if(SENTENCEPIECE_LIBRARY_DIRS)
  file(GLOB STUDIO_SPM_DLLS "${SENTENCEPIECE_LIBRARY_DIRS}/../bin/sentencepiece*.dll")
  install(FILES ${STUDIO_SPM_DLLS} DESTINATION bin)
endif()

set(CPACK_GENERATOR "NSIS;ZIP")
set(CPACK_NSIS_DISPLAY_NAME "Attention Studio (${STUDIO_BUILD_KIND})")
set(CPACK_NSIS_PACKAGE_NAME "Attention Studio")
# Rendered from resources/attention-studio.svg at build time (resources/render_icon.cpp).
set(CPACK_NSIS_MUI_ICON "${STUDIO_ICON_ICO}")
set(CPACK_NSIS_MUI_UNIICON "${STUDIO_ICON_ICO}")
set(CPACK_NSIS_INSTALLED_ICON_NAME "bin\\\\attention-studio.exe")
set(CPACK_NSIS_ENABLE_UNINSTALL_BEFORE_INSTALL ON)
set(CPACK_NSIS_MODIFY_PATH ON)  # offers to put attention-studio-cli on PATH
set(CPACK_PACKAGE_EXECUTABLES "attention-studio" "Attention Studio")
set(CPACK_CREATE_DESKTOP_LINKS "attention-studio")
set(CPACK_PACKAGE_INSTALL_DIRECTORY "Attention Studio")
