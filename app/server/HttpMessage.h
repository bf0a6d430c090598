#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

// HTTP/1.1 as `serve` speaks it (RFC 9112): requests read from a buffer of
// bytes as they arrive, responses written whole. Plain C++, so that the
// parser can be fuzzed alone (tests/fuzz). A body is sized by
// Content-Length; chunked bodies are refused (501), as are bodies past the
// limit (413) and headers past theirs (431), each with a message that names
// what was wrong.
namespace studio::server {

struct HttpLimits {
  size_t max_header_bytes = 16 * 1024;  // the request line and the headers
  size_t max_body_bytes = 1024 * 1024;
};

struct HttpRequest {
  std::string method;     // as sent ("GET", "POST", ...)
  std::string target;     // "/translate?x=1"
  std::string path;       // "/translate", percent-decoding left to the caller
  std::string query;      // "x=1" ("" when none)
  int minor_version = 1;  // HTTP/1.minor
  std::vector<std::pair<std::string, std::string>> headers;  // names as sent, values trimmed
  std::string body;

  // The first header of that name (case-insensitive), "" when none.
  std::string header(std::string_view name) const;
  // HTTP/1.1 keeps the connection unless "Connection: close"; 1.0 closes it
  // unless "Connection: keep-alive".
  bool keepAlive() const;
};

struct HttpParse {
  enum class State { Incomplete, Complete, Error };
  State state = State::Incomplete;
  size_t consumed = 0;  // Complete: the bytes of this request (a next one may follow)
  int status = 0;       // Error: the status to answer with (400, 413, 431, 501, 505)
  std::string error;    // Error: what was wrong, for the client
  // Incomplete: the headers are in, the body is awaited, and the client
  // asked for "100 Continue" before sending it (curl does above 1 KiB).
  bool expects_continue = false;
};

// Reads the request at the start of `buffer` into `request`. Incomplete: more
// bytes are needed (nothing past the limits so far). Leading empty lines are
// skipped (RFC 9112 2.2); lines may end in LF alone.
HttpParse parseHttpRequest(std::string_view buffer, const HttpLimits& limits, HttpRequest& request);

// "Bad Request" for 400, and so on ("" for a status not listed).
const char* httpReason(int status);

// A whole response: the status line, Content-Type and Content-Length, the
// extra headers, "Connection: close" when the connection ends after it, the body.
std::string httpResponse(int status, std::string_view content_type, std::string_view body, bool keep_alive,
                         const std::vector<std::pair<std::string, std::string>>& extra_headers = {});

// application/x-www-form-urlencoded (a query or a form body): its fields in
// order, '+' a space, %XX decoded. A bad escape throws std::invalid_argument
// naming it.
std::vector<std::pair<std::string, std::string>> parseFormFields(std::string_view text);

}  // namespace studio::server
