#pragma once

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>

// Reading gzip files (RFC 1952; zlib inflates them): corpora are downloaded
// packed (OPUS serves its translation memories as .tmx.gz), and prepare
// reads them as they are.
namespace studio::model {

// A gzip stream that cannot be read: the message says what and at which byte
// of the packed data.
class GzipError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Whether `bytes` begin as a gzip stream does.
bool isGzip(std::string_view bytes);

// What a gzip stream holds: every member one after another (as `cat a.gz
// b.gz` makes), each checked against its CRC-32 and length; zero bytes after
// the last are padding. With `limit` > 0, stops once that many bytes are out
// and returns them (the cut member is not checked), or what there is when
// the data ends first: the beginning of a file, to tell what it is without
// reading or unpacking it whole. Throws GzipError.
std::string gunzip(std::string_view gz, size_t limit = 0);

}  // namespace studio::model
