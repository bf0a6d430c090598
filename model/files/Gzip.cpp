#include "model/files/Gzip.h"

#include <algorithm>
#include <fstream>
#include <memory>

#include <zlib.h>

namespace studio::model {

bool isGzip(std::string_view bytes) { return bytes.size() >= 2 && bytes[0] == '\x1f' && bytes[1] == '\x8b'; }

std::string gunzip(std::string_view gz, size_t limit) {
  if (!isGzip(gz)) throw GzipError("not gzip data (it does not begin with 1f 8b)");
  z_stream z{};
  // 16 + MAX_WBITS: a gzip wrapper, its header skipped and its CRC-32 and length checked by zlib.
  if (inflateInit2(&z, 16 + MAX_WBITS) != Z_OK) throw GzipError("cannot start zlib's inflate");
  const std::unique_ptr<z_stream, int (*)(z_stream*)> end(&z, inflateEnd);
  std::string out;
  size_t member_start = 0, pos = 0;  // in `gz`
  constexpr size_t kChunk = size_t(1) << 20;
  for (;;) {
    // Fed a gigabyte at most at a time: zlib counts in 32 bits.
    const size_t feed = std::min<size_t>(gz.size() - pos, size_t(1) << 30);
    z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(gz.data() + pos));
    z.avail_in = uInt(feed);
    int status = Z_OK;
    while (status == Z_OK && (z.avail_in > 0 || z.avail_out == 0)) {
      // Room for as much again as is out, from 4 KiB to 1 MiB, and no more than a limit asks.
      const size_t had = out.size();
      size_t room = std::clamp(had, size_t(4096), kChunk);
      if (limit > 0) room = std::min(room, limit - had);
      out.resize(had + room);
      z.next_out = reinterpret_cast<Bytef*>(out.data() + had);
      z.avail_out = uInt(room);
      status = inflate(&z, Z_NO_FLUSH);
      out.resize(had + room - z.avail_out);
      if (limit > 0 && out.size() >= limit) {
        out.resize(limit);
        return out;
      }
      if (status == Z_BUF_ERROR && z.avail_in > 0) status = Z_OK;  // needs more room: go on
    }
    pos += feed - z.avail_in;
    if (status == Z_STREAM_END) {
      // Another member may follow; zero bytes are padding (tape blocks, some archivers).
      const std::string_view rest = gz.substr(pos);
      if (rest.empty() || std::all_of(rest.begin(), rest.end(), [](char c) { return c == '\0'; })) return out;
      if (!isGzip(rest))
        throw GzipError("bytes that are not gzip data at byte " + std::to_string(pos) +
                        ", after the data's end");
      member_start = pos;
      inflateReset(&z);
      continue;
    }
    if (status == Z_OK || status == Z_BUF_ERROR) {
      if (pos < gz.size()) continue;  // the next gigabyte
      if (limit > 0) return out;      // the beginning of a file, all there is of it
      throw GzipError("the data ends too early (cut off at byte " + std::to_string(gz.size()) +
                      ", a download not finished?)");
    }
    const std::string why = z.msg ? z.msg : "error " + std::to_string(status);
    throw GzipError("damaged data in the member that begins at byte " + std::to_string(member_start) + ": " +
                    why);
  }
}

std::string unpackedHead(std::string_view head, size_t bytes) {
  if (!isGzip(head)) return std::string(head.substr(0, bytes));
  try {
    return gunzip(head, bytes);
  } catch (const GzipError&) {
    return {};  // damaged: reading it whole says so
  }
}

std::string fileHead(const std::string& path, size_t bytes) {
  std::ifstream in(path, std::ios::binary);
  std::string head(std::max(bytes, kPackedHeadBytes), '\0');
  in.read(head.data(), std::streamsize(head.size()));
  head.resize(size_t(in.gcount()));
  return unpackedHead(head, bytes);
}

}  // namespace studio::model
