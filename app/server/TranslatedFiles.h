#pragma once

#include <QtGlobal>

#include <deque>
#include <map>
#include <string>

// What serve keeps of the files POST /translate_file translated, for GET
// /download_file/ID.NAME: their names and bytes in memory, and how a
// download is described (its media type, its name in a URL).
namespace studio::server {

// A file's media type for its download, by its extension (application/octet-stream for one not listed).
std::string mediaTypeOf(const std::string& name);

// A name as a URL's path keeps it: unreserved characters as they are, the rest %XX.
std::string percentEncoded(const std::string& text);

// Translated files kept for their download: the newest 32, at most 256 MiB together.
struct TranslatedFiles {
  struct File {
    std::string name, bytes;
  };
  std::map<std::string, File> by_id;
  std::deque<std::string> order;  // oldest first
  size_t bytes = 0;
  quint64 next = 0;

  // Keeps a file (dropping the oldest past the limits); its id, random and never given before.
  std::string keep(std::string name, std::string content);
};

}  // namespace studio::server
