#pragma once

#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

// A form a browser or a client sends with files in it (multipart/form-data,
// RFC 7578): the body's parts between its boundary lines, each with its
// field's name and, for a file, the file's name and type. LibreTranslate's
// POST /translate_file sends its file so. Plain C++, fuzzed with the HTTP
// reader (tests/fuzz/fuzz_http.cpp).
namespace studio::server {

struct FormPart {
  std::string name;          // the field's name
  bool is_file = false;      // it gave a filename (which may be "")
  std::string filename;      // the file's name as sent, without the folders a client may have put before it
  std::string content_type;  // "" when the part gives none
  std::string body;
};

// The boundary a Content-Type of multipart/form-data names; "" for any other
// type. Throws std::invalid_argument when it is multipart/form-data without
// a boundary, or with one longer than RFC 2046's 70 characters.
std::string multipartBoundary(std::string_view content_type);

// The parts of a multipart/form-data body with that boundary. Throws
// std::invalid_argument naming what is wrong: a body that does not begin
// with its boundary or does not end with its closing one, a part whose
// headers do not end, or that is no form-data field (its
// Content-Disposition).
std::vector<FormPart> parseMultipartForm(std::string_view body, const std::string& boundary);

}  // namespace studio::server
