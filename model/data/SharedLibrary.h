#pragma once

#include <filesystem>
#include <memory>
#include <string>

// A shared library opened at run time: dlopen on Linux, LoadLibraryExW on
// Windows. The SentencePiece plugin is opened through it (see
// SentencePieceBackend.h for why it is a plugin at all).
namespace studio::data {

class SharedLibrary {
 public:
  // Opens the library at `path` (UTF-8). Returns nullptr and sets `error`
  // (the system's words) when it cannot be opened.
  //   Linux:   RTLD_NOW | RTLD_LOCAL | RTLD_DEEPBIND, so that the library and
  //            what it links bind to their own symbols first (protobuf).
  //   Windows: the library's own folder is searched for the DLLs it needs
  //            (sentencepiece.dll, libprotobuf.dll beside the plugin); each
  //            DLL has its own symbols there, so no clash arises.
  static std::unique_ptr<SharedLibrary> open(const std::string& path, std::string* error);

  // The address of an exported function, or nullptr.
  void* symbol(const char* name) const;

  // Libraries stay loaded until the process ends: a plugin's objects may
  // outlive any owner, and unloading first would leave them without code.
  ~SharedLibrary() = default;
  SharedLibrary(const SharedLibrary&) = delete;
  SharedLibrary& operator=(const SharedLibrary&) = delete;

 private:
  explicit SharedLibrary(void* handle) : handle_(handle) {}
  void* handle_;
};

// The folder of the running executable ("" when it cannot be told).
std::filesystem::path executableDir();

// The file name of a plugin called `stem` on this platform:
// "stem.so" on Linux, "stem.dll" on Windows.
std::string pluginFileName(const std::string& stem);

}  // namespace studio::data
