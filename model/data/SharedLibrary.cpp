#include "model/data/SharedLibrary.h"

#ifdef _WIN32
#ifndef NOMINMAX
#define NOMINMAX
#endif
#include <windows.h>
#else
#include <dlfcn.h>
#endif

#include <system_error>

namespace studio::data {

#ifdef _WIN32

namespace {

std::wstring widen(const std::string& text) {
  if (text.empty()) return {};
  const int n = MultiByteToWideChar(CP_UTF8, 0, text.data(), int(text.size()), nullptr, 0);
  std::wstring wide(size_t(n), L'\0');
  MultiByteToWideChar(CP_UTF8, 0, text.data(), int(text.size()), wide.data(), n);
  return wide;
}

std::string narrow(const std::wstring& text) {
  if (text.empty()) return {};
  const int n = WideCharToMultiByte(CP_UTF8, 0, text.data(), int(text.size()), nullptr, 0, nullptr, nullptr);
  std::string out(size_t(n), '\0');
  WideCharToMultiByte(CP_UTF8, 0, text.data(), int(text.size()), out.data(), n, nullptr, nullptr);
  return out;
}

std::string lastErrorText() {
  const DWORD code = GetLastError();
  wchar_t* buffer = nullptr;
  const DWORD n = FormatMessageW(FORMAT_MESSAGE_ALLOCATE_BUFFER | FORMAT_MESSAGE_FROM_SYSTEM |
                                     FORMAT_MESSAGE_IGNORE_INSERTS,
                                 nullptr, code, 0, reinterpret_cast<wchar_t*>(&buffer), 0, nullptr);
  std::string text = n ? narrow(std::wstring(buffer, n)) : "error " + std::to_string(code);
  if (buffer) LocalFree(buffer);
  while (!text.empty() && (text.back() == '\n' || text.back() == '\r' || text.back() == ' ')) text.pop_back();
  return text;
}

}  // namespace

std::unique_ptr<SharedLibrary> SharedLibrary::open(const std::string& path, std::string* error) {
  // An absolute path, so that LOAD_LIBRARY_SEARCH_DLL_LOAD_DIR means the plugin's folder.
  std::error_code ec;
  const auto absolute = std::filesystem::absolute(std::filesystem::u8path(path), ec);
  const std::wstring wide = ec ? widen(path) : absolute.wstring();
  HMODULE handle =
      LoadLibraryExW(wide.c_str(), nullptr, LOAD_LIBRARY_SEARCH_DLL_LOAD_DIR | LOAD_LIBRARY_SEARCH_DEFAULT_DIRS);
  if (!handle) {
    if (error) *error = lastErrorText();
    return nullptr;
  }
  return std::unique_ptr<SharedLibrary>(new SharedLibrary(handle));
}

void* SharedLibrary::symbol(const char* name) const {
  return reinterpret_cast<void*>(GetProcAddress(static_cast<HMODULE>(handle_), name));
}

std::filesystem::path executableDir() {
  std::wstring buffer(MAX_PATH, L'\0');
  for (;;) {
    const DWORD n = GetModuleFileNameW(nullptr, buffer.data(), DWORD(buffer.size()));
    if (n == 0) return {};
    if (n < buffer.size()) return std::filesystem::path(buffer.substr(0, n)).parent_path();
    buffer.resize(buffer.size() * 2);  // a long path: try a bigger buffer
  }
}

std::string pluginFileName(const std::string& stem) { return stem + ".dll"; }

#else

#if defined(STUDIO_SANITIZE)
// AddressSanitizer's dlopen refuses RTLD_DEEPBIND and ends the program (a
// library bound to itself first would call libc's malloc, not the sanitizer's).
// The sanitized test build (scripts/test --sanitize) needs the plugin all the
// same, so it calls glibc's own dlopen. The plugin and libsentencepiece are
// not instrumented; the whole suite passes with every sanitizer check on.
using DlopenFn = void* (*)(const char*, int);
DlopenFn uninterceptedDlopen() {
  static const DlopenFn fn = [] {
    void* libc = dlopen("libc.so.6", RTLD_NOW | RTLD_NOLOAD);
    return libc ? reinterpret_cast<DlopenFn>(dlsym(libc, "dlopen")) : &dlopen;
  }();
  return fn;
}
#define STUDIO_DLOPEN uninterceptedDlopen()
#else
#define STUDIO_DLOPEN dlopen
#endif

std::unique_ptr<SharedLibrary> SharedLibrary::open(const std::string& path, std::string* error) {
  void* handle = STUDIO_DLOPEN(path.c_str(), RTLD_NOW | RTLD_LOCAL | RTLD_DEEPBIND);
  if (!handle) {
    if (error) {
      const char* text = dlerror();
      *error = text ? text : "dlopen failed";
    }
    return nullptr;
  }
  return std::unique_ptr<SharedLibrary>(new SharedLibrary(handle));
}

void* SharedLibrary::symbol(const char* name) const { return dlsym(handle_, name); }

std::filesystem::path executableDir() {
  std::error_code ec;
  const auto exe = std::filesystem::read_symlink("/proc/self/exe", ec);
  return ec ? std::filesystem::path() : exe.parent_path();
}

std::string pluginFileName(const std::string& stem) { return stem + ".so"; }

#endif

}  // namespace studio::data
