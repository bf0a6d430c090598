#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

// Reader for GNU gettext's binary message catalogs (.mo files).
namespace studio::data {

struct MoEntry {
  std::optional<std::string> context;       // msgctxt
  std::string msgid;                        // the English source
  std::optional<std::string> msgid_plural;  // plural source, for plural entries
  std::vector<std::string> msgstr;          // translations; several for plural entries
  bool isHeader() const { return msgid.empty() && !context; }
};

struct MoCatalog {
  bool big_endian = false;
  uint32_t revision = 0;
  std::vector<MoEntry> entries;  // in file order, the header (if any) included
  std::string header() const;    // the header entry's text, or ""
};

class MoError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Parses a catalog from memory; `name` is used in error messages. Handles
// both byte orders, revisions 0 and 1, contexts and plural entries. A
// malformed catalog throws MoError naming the file and what is wrong.
MoCatalog parseMo(const std::string& bytes, const std::string& name);
MoCatalog readMoFile(const std::string& path);

// Writes a catalog (for tests and tools): entries must be sorted by the
// caller if lookups matter; readers here do not need it.
std::string writeMo(const std::vector<MoEntry>& entries, bool big_endian);

}  // namespace studio::data
