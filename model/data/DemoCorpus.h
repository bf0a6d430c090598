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
nlohmann::json buildDemoCorpus(const std::vector<CatalogSource>& catalogs, const std::string& out_dir,
                               std::ostream& log);

}  // namespace studio::data
