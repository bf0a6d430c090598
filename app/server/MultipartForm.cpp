#include "app/server/MultipartForm.h"

#include <algorithm>
#include <cctype>

namespace studio::server {

namespace {

std::string lowered(std::string_view s) {
  std::string out(s);
  std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return char(std::tolower(c)); });
  return out;
}

std::string_view trimmed(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
  return s;
}

// A header's parameters after its value ("form-data; name=\"q\""): each name (lower case) and value,
// a quoted value's backslash escapes read. The value before the first ';' comes first, with name "".
std::vector<std::pair<std::string, std::string>> parameters(std::string_view header) {
  std::vector<std::pair<std::string, std::string>> out;
  size_t i = 0;
  bool first = true;
  while (i <= header.size()) {
    std::string name, value;
    size_t start = i;
    while (i < header.size() && header[i] != ';' && header[i] != '=') ++i;
    if (first) {
      while (i < header.size() && header[i] != ';') ++i;
      out.push_back({"", std::string(trimmed(header.substr(start, i - start)))});
      first = false;
      ++i;
      continue;
    }
    name = lowered(trimmed(header.substr(start, i - start)));
    if (i < header.size() && header[i] == '=') {
      ++i;
      while (i < header.size() && (header[i] == ' ' || header[i] == '\t')) ++i;
      if (i < header.size() && header[i] == '"') {
        for (++i; i < header.size() && header[i] != '"'; ++i) {
          if (header[i] == '\\' && i + 1 < header.size()) ++i;
          value += header[i];
        }
        while (i < header.size() && header[i] != ';') ++i;
      } else {
        start = i;
        while (i < header.size() && header[i] != ';') ++i;
        value = std::string(trimmed(header.substr(start, i - start)));
      }
    }
    if (!name.empty()) out.push_back({name, value});
    ++i;
  }
  return out;
}

// RFC 8187's ext-value (filename*=UTF-8''na%C3%AFve.txt): its text, "" when it is not UTF-8's.
std::string extendedValue(const std::string& value) {
  const size_t quote = value.find('\'');
  const size_t second = quote == std::string::npos ? quote : value.find('\'', quote + 1);
  if (second == std::string::npos || lowered(value.substr(0, quote)) != "utf-8") return {};
  std::string out;
  for (size_t i = second + 1; i < value.size(); ++i) {
    if (value[i] == '%' && i + 2 < value.size() && std::isxdigit(static_cast<unsigned char>(value[i + 1])) &&
        std::isxdigit(static_cast<unsigned char>(value[i + 2]))) {
      out += char(std::stoi(value.substr(i + 1, 2), nullptr, 16));
      i += 2;
    } else {
      out += value[i];
    }
  }
  return out;
}

// Finds `delimiter` alone at the start of a line of `body` from `from`: followed by "--" (the closing one),
// or by nothing but spaces and tabs up to the line's end (RFC 2046's transport padding): its position, or
// npos.
size_t delimiterAt(std::string_view body, std::string_view delimiter, size_t from) {
  for (size_t at = body.find(delimiter, from); at != std::string_view::npos;
       at = body.find(delimiter, at + 1)) {
    if (at > 0 && body[at - 1] != '\n') continue;
    size_t after = at + delimiter.size();
    if (body.substr(after, 2) == "--") return at;
    while (after < body.size() && (body[after] == ' ' || body[after] == '\t')) ++after;
    if (after == body.size() || body[after] == '\r' || body[after] == '\n') return at;
  }
  return std::string_view::npos;
}

}  // namespace

std::string multipartBoundary(std::string_view content_type) {
  const auto params = parameters(content_type);
  if (params.empty() || lowered(params.front().second) != "multipart/form-data") return {};
  for (const auto& [name, value] : params)
    if (name == "boundary") {
      if (value.empty() || value.size() > 70)
        throw std::invalid_argument("multipart/form-data with a boundary of " + std::to_string(value.size()) +
                                    " characters (1 to 70)");
      return value;
    }
  throw std::invalid_argument("multipart/form-data without a boundary");
}

std::vector<FormPart> parseMultipartForm(std::string_view body, const std::string& boundary) {
  const std::string delimiter = "--" + boundary;
  size_t at = delimiterAt(body, delimiter, 0);
  if (at == std::string_view::npos)
    throw std::invalid_argument("the form's body does not begin with its boundary");
  std::vector<FormPart> parts;
  for (;;) {
    size_t pos = at + delimiter.size();
    if (body.substr(pos, 2) == "--") return parts;  // the closing boundary: what follows is an epilogue
    const std::string number = "part " + std::to_string(parts.size() + 1);
    while (pos < body.size() && (body[pos] == ' ' || body[pos] == '\t')) ++pos;
    if (body.substr(pos, 2) == "\r\n")
      pos += 2;
    else if (body.substr(pos, 1) == "\n")
      pos += 1;
    else
      throw std::invalid_argument("the form's " + number + " does not start on a line after its boundary");
    // Its headers, up to an empty line.
    FormPart part;
    bool field = false;
    for (;;) {
      const size_t end = body.find('\n', pos);
      if (end == std::string_view::npos)
        throw std::invalid_argument("the headers of the form's " + number + " do not end");
      const std::string_view line = trimmed(body.substr(pos, end - pos));
      pos = end + 1;
      if (line.empty()) break;
      const size_t colon = line.find(':');
      if (colon == std::string_view::npos)
        throw std::invalid_argument("the form's " + number + " has a header without ':'");
      const std::string name = lowered(trimmed(line.substr(0, colon)));
      const std::string_view value = trimmed(line.substr(colon + 1));
      if (name == "content-type") part.content_type = std::string(value);
      if (name != "content-disposition") continue;
      const auto params = parameters(value);
      field = lowered(params.front().second) == "form-data";
      std::string extended;
      for (const auto& [key, text] : params) {
        if (key == "name") part.name = text;
        if (key == "filename") part.is_file = true, part.filename = text;
        if (key == "filename*") part.is_file = true, extended = extendedValue(text);
      }
      if (!extended.empty()) part.filename = extended;
    }
    if (!field)
      throw std::invalid_argument("the form's " + number +
                                  " is no form-data field (its Content-Disposition)");
    part.filename = part.filename.substr(part.filename.find_last_of("/\\") + 1);
    // Its body, up to the line break before the next boundary.
    const size_t next = delimiterAt(body, delimiter, pos);
    if (next == std::string_view::npos)
      throw std::invalid_argument("the form's body does not end with its closing boundary");
    size_t end = next;
    if (end > pos && body[end - 1] == '\n') --end;
    if (end > pos && body[end - 1] == '\r') --end;
    part.body = std::string(body.substr(pos, end - pos));
    parts.push_back(std::move(part));
    at = next;
  }
}

}  // namespace studio::server
