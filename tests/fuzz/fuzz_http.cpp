// serve's HTTP reader and its APIs (app/server): a request read from any bytes
// is never longer than the bytes nor its body past the limit, no shorter
// prefix of them reads as a request, a refusal carries a status and a
// message, and a request's body read by any API (a file's form too) ends in
// a job or a 4xx ApiError, nothing else.
#include <cstdint>
#include <string>

#include "app/server/HttpMessage.h"
#include "app/server/MultipartForm.h"
#include "app/server/TranslationApi.h"

using namespace studio::server;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string bytes(reinterpret_cast<const char*>(data), size);
  HttpLimits limits;
  limits.max_header_bytes = 512;
  limits.max_body_bytes = 1024;
  HttpRequest request;
  const auto whole = parseHttpRequest(bytes, limits, request);
  if (whole.state == HttpParse::State::Complete) {
    if (whole.consumed == 0 || whole.consumed > bytes.size() || request.body.size() > limits.max_body_bytes)
      __builtin_trap();
    // Every shorter prefix was incomplete or an error, never another request.
    for (size_t n = 0; n < whole.consumed; n += 1 + n / 8) {
      HttpRequest part;
      if (parseHttpRequest(bytes.substr(0, n), limits, part).state == HttpParse::State::Complete)
        __builtin_trap();
    }
    for (int api = 0; api < 2; ++api) {
      try {
        const auto job = api ? nativeJob(request, 3) : libreTranslateJob(request, 3);
        if (job.alternatives < 0 || job.alternatives > 3) __builtin_trap();
      } catch (const ApiError& e) {
        if (e.status < 400 || e.status > 499) __builtin_trap();
      }
    }
    try {
      const auto job = libreTranslateFileJob(request);
      if (!job.isFile() || job.file_name.find_first_of("/\\") != std::string::npos) __builtin_trap();
    } catch (const ApiError& e) {
      if (e.status < 400 || e.status > 499) __builtin_trap();
    }
    request.keepAlive();
  } else if (whole.state == HttpParse::State::Error) {
    if (whole.status < 400 || whole.error.empty() || httpReason(whole.status)[0] == '\0') __builtin_trap();
  }
  try {
    parseFormFields(bytes);
  } catch (const std::invalid_argument&) {
  }
  // The bytes as a multipart form whose boundary is their first line's rest: each part's body is bytes of
  // the input, its file's name holds no folder.
  if (bytes.size() > 2 && bytes.compare(0, 2, "--") == 0) {
    const std::string boundary = bytes.substr(2, std::min(bytes.find_first_of("\r\n"), size_t(72)) - 2);
    try {
      for (const auto& part : parseMultipartForm(bytes, boundary)) {
        if (part.body.size() > bytes.size() || bytes.find(part.body) == std::string::npos) __builtin_trap();
        if (part.filename.find_first_of("/\\") != std::string::npos) __builtin_trap();
      }
    } catch (const std::invalid_argument&) {
    }
  }
  return 0;
}
