#include "app/server/HttpMessage.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <stdexcept>

namespace studio::server {

namespace {

bool equalsIgnoringCase(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
         });
}

// RFC 9110 5.6.2's token characters.
bool isTokenChar(char c) {
  if (std::isalnum(static_cast<unsigned char>(c))) return true;
  return std::string_view("!#$%&'*+-.^_`|~").find(c) != std::string_view::npos;
}

bool isToken(std::string_view s) { return !s.empty() && std::all_of(s.begin(), s.end(), isTokenChar); }

std::string_view trimmed(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

// A shown excerpt of what the client sent, printable and short.
std::string shown(std::string_view s) {
  std::string out;
  for (char c : s.substr(0, 60)) out += (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) ? '?' : c;
  if (s.size() > 60) out += "...";
  return out;
}

HttpParse failure(int status, std::string message) {
  HttpParse p;
  p.state = HttpParse::State::Error;
  p.status = status;
  p.error = std::move(message);
  return p;
}

// The next line of `buffer` from `pos` (without its LF or CRLF); npos when
// no line end has come yet.
size_t lineEnd(std::string_view buffer, size_t pos, std::string_view& line) {
  const size_t lf = buffer.find('\n', pos);
  if (lf == std::string_view::npos) return lf;
  line = buffer.substr(pos, lf - pos);
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  return lf + 1;
}

// A whole number of digits in `base` that fits, or false.
bool parseSize(std::string_view s, int base, size_t& out) {
  if (s.empty()) return false;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), out, base);
  return ec == std::errc() && end == s.data() + s.size();
}

}  // namespace

std::string HttpRequest::header(std::string_view name) const {
  for (const auto& [key, value] : headers)
    if (equalsIgnoringCase(key, name)) return value;
  return {};
}

bool HttpRequest::keepAlive() const {
  const std::string connection = header("Connection");
  bool close = false, keep = false;
  size_t start = 0;
  while (start <= connection.size()) {
    size_t comma = connection.find(',', start);
    if (comma == std::string::npos) comma = connection.size();
    const auto option = trimmed(std::string_view(connection).substr(start, comma - start));
    close = close || equalsIgnoringCase(option, "close");
    keep = keep || equalsIgnoringCase(option, "keep-alive");
    start = comma + 1;
  }
  return minor_version >= 1 ? !close : keep && !close;
}

HttpParse parseHttpRequest(std::string_view buffer, const HttpLimits& limits, HttpRequest& request) {
  size_t pos = 0;
  while (pos < buffer.size() && (buffer[pos] == '\r' || buffer[pos] == '\n')) ++pos;
  const size_t head_start = pos;
  auto tooLong = [&] {
    return failure(431, "the request line and headers are longer than " +
                            std::to_string(limits.max_header_bytes) + " bytes");
  };
  // The request line.
  std::string_view line;
  size_t next = lineEnd(buffer, pos, line);
  if (next == std::string_view::npos)
    return buffer.size() - head_start > limits.max_header_bytes ? tooLong() : HttpParse{};
  if (next - head_start > limits.max_header_bytes) return tooLong();
  const size_t first_space = line.find(' ');
  const size_t last_space = line.rfind(' ');
  if (first_space == std::string_view::npos || first_space == last_space)
    return failure(400, "the request line '" + shown(line) + "' is not METHOD TARGET HTTP/1.1");
  const auto method = line.substr(0, first_space);
  const auto target = line.substr(first_space + 1, last_space - first_space - 1);
  const auto version = line.substr(last_space + 1);
  if (!isToken(method)) return failure(400, "the method '" + shown(method) + "' is not a token");
  if (target.empty() || target.find(' ') != std::string_view::npos ||
      std::any_of(target.begin(), target.end(),
                  [](char c) { return static_cast<unsigned char>(c) <= 0x20 || c == 0x7f; }))
    return failure(400, "the request target '" + shown(target) + "' has spaces or control characters");
  if (version.size() != 8 || version.substr(0, 5) != "HTTP/" ||
      !std::isdigit(static_cast<unsigned char>(version[5])) || version[6] != '.' ||
      !std::isdigit(static_cast<unsigned char>(version[7])))
    return failure(400, "the request line's version '" + shown(version) + "' is not HTTP/1.1");
  if (version[5] != '1')
    return failure(505, "HTTP/" + std::string(version.substr(5)) + " is not served, HTTP/1.1 is");
  HttpRequest r;
  r.method = std::string(method);
  r.target = std::string(target);
  r.minor_version = version[7] - '0';
  // origin-form ("/path?query"), absolute-form ("http://host/path") or "*".
  std::string_view path = target;
  if (path.substr(0, 7) == "http://" || path.substr(0, 8) == "https://") {
    const size_t slash = path.find('/', path.find("//") + 2);
    path = slash == std::string_view::npos ? std::string_view("/") : path.substr(slash);
  } else if (path != "*" && path.front() != '/') {
    return failure(400, "the request target '" + shown(target) + "' does not start with '/'");
  }
  const size_t question = path.find('?');
  r.path = std::string(path.substr(0, question));
  if (question != std::string_view::npos) r.query = std::string(path.substr(question + 1));
  // The headers, up to an empty line.
  pos = next;
  for (;;) {
    next = lineEnd(buffer, pos, line);
    if (next == std::string_view::npos)
      return buffer.size() - head_start > limits.max_header_bytes ? tooLong() : HttpParse{};
    if (next - head_start > limits.max_header_bytes) return tooLong();
    pos = next;
    if (line.empty()) break;
    if (line.front() == ' ' || line.front() == '\t')
      return failure(
          400, "the header line '" + shown(line) + "' continues the one before (obsolete line folding)");
    const size_t colon = line.find(':');
    if (colon == std::string_view::npos)
      return failure(400, "the header line '" + shown(line) + "' has no ':'");
    const auto name = line.substr(0, colon);
    if (!isToken(name))
      return failure(400, "the header name '" + shown(name) + "' is not a token (no spaces before ':')");
    const auto value = trimmed(line.substr(colon + 1));
    if (std::any_of(value.begin(), value.end(),
                    [](char c) { return (static_cast<unsigned char>(c) < 0x20 && c != '\t') || c == 0x7f; }))
      return failure(400, "the header " + std::string(name) + " has control characters");
    r.headers.emplace_back(std::string(name), std::string(value));
  }
  // The body: sized by Content-Length, or chunked.
  std::string transfer_encoding, content_length;
  bool several_lengths = false;
  for (const auto& [name, value] : r.headers) {
    if (equalsIgnoringCase(name, "Transfer-Encoding")) {
      transfer_encoding += (transfer_encoding.empty() ? "" : ", ") + value;
    } else if (equalsIgnoringCase(name, "Content-Length")) {
      several_lengths = several_lengths || (!content_length.empty() && content_length != value);
      content_length = value;
    }
  }
  // The headers are in; the body is still awaited.
  HttpParse awaiting_body;
  awaiting_body.expects_continue = equalsIgnoringCase(r.header("Expect"), "100-continue");
  if (!transfer_encoding.empty()) {
    if (!content_length.empty())
      return failure(400, "both Transfer-Encoding and Content-Length are given: send one");
    if (!equalsIgnoringCase(transfer_encoding, "chunked"))
      return failure(501, "the transfer coding '" + shown(transfer_encoding) + "' is not read (chunked is)");
    std::string body;
    for (;;) {
      next = lineEnd(buffer, pos, line);
      if (next == std::string_view::npos)
        return buffer.size() - pos > 1024 ? failure(400, "a chunk size line is longer than 1024 bytes")
                                          : awaiting_body;
      const auto size_text = trimmed(line.substr(0, line.find(';')));
      size_t size = 0;
      if (!parseSize(size_text, 16, size))
        return failure(400, "the chunk size '" + shown(line) + "' is not hexadecimal");
      if (size > limits.max_body_bytes - body.size())
        return failure(413,
                       "the request body is larger than " + std::to_string(limits.max_body_bytes) + " bytes");
      pos = next;
      if (size == 0) break;
      if (buffer.size() - pos < size + 1) return awaiting_body;
      body.append(buffer.substr(pos, size));
      pos += size;
      if (buffer.substr(pos, 2) == "\r\n") {
        pos += 2;
      } else if (buffer[pos] == '\n') {
        pos += 1;
      } else if (buffer[pos] == '\r' && pos + 1 == buffer.size()) {
        return awaiting_body;
      } else {
        return failure(400, "a chunk of " + std::to_string(size) + " bytes does not end with a line break");
      }
    }
    // Trailers, up to an empty line (read and left out).
    for (;;) {
      next = lineEnd(buffer, pos, line);
      if (next == std::string_view::npos)
        return buffer.size() - pos > limits.max_header_bytes ? tooLong() : awaiting_body;
      pos = next;
      if (line.empty()) break;
    }
    r.body = std::move(body);
  } else if (!content_length.empty()) {
    if (several_lengths) return failure(400, "Content-Length is given twice with different values");
    size_t length = 0;
    if (!parseSize(content_length, 10, length))
      return failure(400, "Content-Length '" + shown(content_length) + "' is not a whole number");
    if (length > limits.max_body_bytes)
      return failure(413, "the request body (" + std::to_string(length) + " bytes) is larger than " +
                              std::to_string(limits.max_body_bytes) + " bytes");
    if (buffer.size() - pos < length) return awaiting_body;
    r.body = std::string(buffer.substr(pos, length));
    pos += length;
  }
  request = std::move(r);
  HttpParse done;
  done.state = HttpParse::State::Complete;
  done.consumed = pos;
  return done;
}

const char* httpReason(int status) {
  switch (status) {
    case 200:
      return "OK";
    case 204:
      return "No Content";
    case 400:
      return "Bad Request";
    case 404:
      return "Not Found";
    case 405:
      return "Method Not Allowed";
    case 408:
      return "Request Timeout";
    case 413:
      return "Content Too Large";
    case 415:
      return "Unsupported Media Type";
    case 422:
      return "Unprocessable Content";
    case 431:
      return "Request Header Fields Too Large";
    case 500:
      return "Internal Server Error";
    case 501:
      return "Not Implemented";
    case 503:
      return "Service Unavailable";
    case 505:
      return "HTTP Version Not Supported";
    default:
      return "";
  }
}

std::string httpResponse(int status, std::string_view content_type, std::string_view body, bool keep_alive,
                         const std::vector<std::pair<std::string, std::string>>& extra_headers) {
  std::string out = "HTTP/1.1 " + std::to_string(status) + " " + httpReason(status) + "\r\n";
  if (!content_type.empty()) out += "Content-Type: " + std::string(content_type) + "\r\n";
  out += "Content-Length: " + std::to_string(body.size()) + "\r\n";
  for (const auto& [name, value] : extra_headers) out += name + ": " + value + "\r\n";
  if (!keep_alive) out += "Connection: close\r\n";
  out += "\r\n";
  out += body;
  return out;
}

std::vector<std::pair<std::string, std::string>> parseFormFields(std::string_view text) {
  auto decode = [](std::string_view s) {
    std::string out;
    for (size_t i = 0; i < s.size(); ++i) {
      if (s[i] == '+') {
        out += ' ';
      } else if (s[i] == '%') {
        unsigned value = 0;
        const auto hex = s.substr(i + 1, 2);
        const auto [end, ec] = std::from_chars(hex.data(), hex.data() + hex.size(), value, 16);
        if (hex.size() != 2 || ec != std::errc() || end != hex.data() + 2)
          throw std::invalid_argument("the escape '%" + shown(hex) + "' is not two hexadecimal digits");
        out += static_cast<char>(value);
        i += 2;
      } else {
        out += s[i];
      }
    }
    return out;
  };
  std::vector<std::pair<std::string, std::string>> fields;
  size_t start = 0;
  while (start < text.size()) {
    size_t amp = text.find('&', start);
    if (amp == std::string_view::npos) amp = text.size();
    const auto field = text.substr(start, amp - start);
    if (!field.empty()) {
      const size_t eq = field.find('=');
      fields.emplace_back(decode(field.substr(0, eq)),
                          eq == std::string_view::npos ? std::string() : decode(field.substr(eq + 1)));
    }
    start = amp + 1;
  }
  return fields;
}

}  // namespace studio::server
