#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "model/files/LegacyEncodings.h"

// Reading parallel corpora: line-aligned files, TSV, split folders (the demo
// corpus, IWSLT'15), with validation that never drops a line silently.
namespace studio::data {

class CorpusError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// A preparation (prepareData, encodeParallel) stopped when its caller asked.
class PreparationStopped : public std::runtime_error {
 public:
  PreparationStopped() : std::runtime_error("the preparation was stopped") {}
};

struct FilterOptions {
  size_t max_words = 200;   // a pair with more words on either side is dropped
  double max_ratio = 3.0;   // (longer + 1) / (shorter + 1), in words
  bool unescape = false;    // XML character references (&apos; &quot; ...) -> characters
  bool detokenize = false;  // undo Moses tokenization
  bool dedupe = false;      // a pair kept already (after clean-up) is dropped as "duplicate"
  // sentenceHash of the held-out sets' Vietnamese sentences: a pair with one
  // of them is dropped as "held_out" (nullptr: none).
  const std::unordered_set<uint64_t>* held_out = nullptr;
  // The 8-bit encoding that a file which is not UTF-8 is read in (both
  // sides; a file that is valid UTF-8 is read as UTF-8). nullopt: UTF-8
  // only, a line that is not dropped as "invalid_utf8".
  std::optional<model::LegacyEncoding> encoding;
};

// What happened to every line read: kept, or dropped for one reason.
struct ReadSummary {
  std::string source;  // the file(s) read
  size_t read = 0;
  size_t kept = 0;
  // Dropped, by reason: "invalid_utf8", "empty", "too_long", "length_ratio",
  // "duplicate" (FilterOptions::dedupe), "held_out" (FilterOptions::held_out),
  // "malformed" (a TSV line without exactly one TAB, a TMX unit with an
  // undefined entity), "no_vietnamese" / "no_english" (a TMX unit without
  // that language).
  std::map<std::string, size_t> dropped;
  std::map<std::string, std::vector<size_t>> first_lines;  // up to 5 line numbers a reason
  // Files read in an 8-bit encoding (FilterOptions::encoding), and its name.
  std::vector<std::string> decoded;
  std::string decoded_as;
  // With lines dropped as invalid_utf8: which file reads as which 8-bit
  // encoding, and the option that reads it so ("" when none is clear).
  std::string hint;
  std::unordered_set<uint64_t> kept_pairs;  // with FilterOptions::dedupe: a hash of each pair kept

  void drop(const std::string& reason, size_t line);
  size_t droppedTotal() const;
  nlohmann::json toJson() const;
  std::string describe() const;  // one line, for people
};

struct ParallelText {
  std::vector<std::string> src;  // Vietnamese
  std::vector<std::string> tgt;  // English
  size_t size() const { return src.size(); }
  void append(const ParallelText& other);
};

// The bytes of a corpus file, or of a file inside a zip file named by a path
// through it (model/data/ZipCorpus.h); gzip-packed files unpacked. Throws
// CorpusError naming the file when it cannot be read, or when it is packed
// another way (xz, zstd, bzip2; a zip file itself), saying what to do.
std::string readCorpusFile(const std::string& path);

// The first `bytes` bytes of what readCorpusFile reads, without reading the
// file whole: to tell what it is. Empty when it cannot be read.
std::string corpusFileHead(const std::string& path, size_t bytes);

// After units of `paths` were dropped as invalid_utf8 (and no encoding was
// given): names in summary.hint the first file that reads as one of the 8-bit
// encodings, and the option that reads it.
void addEncodingHint(const std::vector<std::string>& paths, ReadSummary& summary);

// The lines of a text file: a UTF-8 BOM and CR line ends removed, the
// trailing newline not counted as a line. A file that is not valid UTF-8 is
// read in `encoding` when one is given (and its name added to
// summary->decoded). Throws CorpusError naming the file when it cannot be
// read, when its bytes clearly read as the other 8-bit encoding, or the
// line of a byte the encoding does not define.
std::vector<std::string> readLines(const std::string& path,
                                   const std::optional<model::LegacyEncoding>& encoding = std::nullopt,
                                   ReadSummary* summary = nullptr);

// readLines without a string a line, for corpora of millions: the file's
// text (UTF-8) and its lines as views into it.
struct TextLines {
  std::unique_ptr<std::string> text;  // where `lines` point: it stays put when the struct moves
  std::vector<std::string_view> lines;
};
TextLines readTextLines(const std::string& path,
                        const std::optional<model::LegacyEncoding>& encoding = std::nullopt,
                        ReadSummary* summary = nullptr);

// Two line-aligned files. Different line counts throw CorpusError naming both
// files and both counts.
ParallelText readParallelFiles(const std::string& src_path, const std::string& tgt_path,
                               const FilterOptions& options, ReadSummary& summary);

// One file, "source TAB target" a line.
ParallelText readTsv(const std::string& path, const FilterOptions& options, ReadSummary& summary);

// The hash that FilterOptions::held_out holds of a (cleaned) sentence.
uint64_t sentenceHash(std::string_view sentence);

// Applies the options' clean-up and filters to one pair (1-based `line` for
// the summary); appends it to `out` when kept.
void addPair(std::string_view src, std::string_view tgt, size_t line, const FilterOptions& options,
             ReadSummary& summary, ParallelText& out);

enum class Split { Train, Dev, Test };
const char* splitName(Split split);

// The split of a pair, from a hash of its Vietnamese side alone, so that one
// Vietnamese sentence never lands in two splits. Deterministic everywhere.
Split splitOf(std::string_view vi, double dev_fraction, double test_fraction);

// Dev and test fractions that give about 1,500 pairs each (at least 1,000,
// at most 2,000), and never more than a tenth of the corpus each.
std::pair<double, double> heldOutFractions(size_t pairs);

// Writes `<dir>/<name>.vi` and `<dir>/<name>.en`, one sentence a line, atomically.
void writeParallel(const std::string& dir, const std::string& name, const ParallelText& text);
// The same from several texts one after another, each written its count's
// times over (a corpus's training pairs, its weight's times), without
// copying them.
void writeParallel(const std::string& dir, const std::string& name,
                   const std::vector<std::pair<const ParallelText*, int>>& parts);

}  // namespace studio::data
