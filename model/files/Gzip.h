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

// The first `bytes` bytes of what `head` (the beginning of a file) holds:
// unpacked when it is gzip, "" when that is damaged; as it is otherwise.
std::string unpackedHead(std::string_view head, size_t bytes);

// unpackedHead of the file at `path` ("" when it cannot be read): its first
// bytes, to tell what it is without reading or unpacking it whole.
std::string fileHead(const std::string& path, size_t bytes);

// How many bytes of a file are read for its first `bytes` unpacked: packed
// data is smaller than what it holds.
inline constexpr size_t kPackedHeadBytes = 64 * 1024;

}  // namespace studio::model
