#pragma once

#include <ostream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

// The offline demo corpus: Vietnamese translations of software shipped in
// Debian packages as gettext catalogs, cleaned, deduplicated and split.
namespace studio::data {

struct CatalogSource {
  std::string package;  // Debian package name
  std::string version;  // its version
  std::string path;     // the .mo file on disk
  std::string catalog;  // its path inside the package (for provenance)
};

// Reads the manifest scripts/demo-corpus writes: one catalog a line,
// "package TAB version TAB path TAB catalog". Throws CorpusError naming the
// file and line of a malformed line.
std::vector<CatalogSource> readManifest(const std::string& path);

// Reads every catalog, cleans and deduplicates the (vi, en) pairs, splits them
// by a hash of the Vietnamese side and writes train/dev/test .vi/.en and
// provenance.json into `out_dir` (each file atomically). A catalog that cannot
// be read is reported in the provenance and on `log`, not fatal. Returns the
// provenance.
//
// With `english_catalogs` (other languages' catalogs of the same programs),
// english.en is written too: monolingual English for back-translation (see
// englishWithoutVietnamese), its counts in the provenance's "english_only".
nlohmann::json buildDemoCorpus(const std::vector<CatalogSource>& catalogs, const std::string& out_dir,
                               std::ostream& log, const std::vector<CatalogSource>& english_catalogs = {});

// English messages of the same programs that no Vietnamese catalog holds:
// the msgids of `english_catalogs` (catalogs of other languages, whose
// English is the programs' own), cleaned as the pairs' English is
// (cleanMessage), each once, in the order read, less every message a
// Vietnamese catalog of `vietnamese` holds (translated or kept as English),
// so none is the English of a training, dev or test pair. A catalog that
// cannot be read is counted, not fatal.
struct EnglishOnly {
  std::vector<std::string> lines;
  size_t catalogs = 0, unreadable = 0;  // catalogs read, and those that could not be
  size_t messages = 0;                  // msgids read (headers left out)
  size_t invalid_utf8 = 0, empty = 0;   // dropped: not UTF-8, nothing left after cleaning
  size_t in_vietnamese = 0;             // dropped: a Vietnamese catalog holds it
  size_t duplicates = 0;                // dropped: met before
};
EnglishOnly englishWithoutVietnamese(const std::vector<CatalogSource>& vietnamese,
                                     const std::vector<CatalogSource>& english_catalogs, std::ostream& log);

}  // namespace studio::data
