# CPack: a Debian package and a relocatable archive. Included last by the
# top-level CMakeLists.txt. Dependencies and desktop metadata are completed by
# the packaging issue.
set(CPACK_PACKAGE_NAME "attention-studio")
set(CPACK_PACKAGE_VENDOR "Attention Studio")
set(CPACK_PACKAGE_CONTACT "Attention Studio developers <dev@attention-studio.invalid>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "${PROJECT_DESCRIPTION}")
set(CPACK_PACKAGE_VERSION "${PROJECT_VERSION}")
set(CPACK_GENERATOR "TGZ;DEB")
set(CPACK_DEBIAN_PACKAGE_SECTION "science")
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_DEPENDS "libopenblas0-openmp")
include(CPack)
