#pragma once

#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "model/data/Corpus.h"

// The corpora that one `prepare` reads: what each one is, reading its
// splits, and putting several together — their held-out sets, repeats across
// them, and how much each weighs in training.
namespace studio::data {

enum class CorpusFormat {
  Auto,      // detected from what the corpus is
  Split,     // a folder with train.vi/train.en (and dev.*, test.*): the demo corpus
  Iwslt,     // a folder with IWSLT'15 files: train.*, tst2012.* (dev), tst2013.* (test)
  Parallel,  // two line-aligned files: src and tgt, or PREFIX.vi + PREFIX.en
  Tsv,       // one file, source TAB target
  Tmx,       // a translation memory (TMX): its units' Vietnamese and English variants
};

CorpusFormat corpusFormatFromString(const std::string& text);  // throws std::invalid_argument
std::string toString(CorpusFormat format);

// Fewer usable pairs than this cannot be split into train, dev and test by
// hash: prepare refuses them rather than train on nothing.
inline constexpr size_t kMinimumPairsToSplit = 100;

// A weight is how many times a corpus's training pairs are written into
// train.*, as fairseq's --upsample-primary repeats its first corpus: a small
// in-domain corpus beside a large general one is seen that much more often.
inline constexpr int kMaxCorpusWeight = 100;

struct CorpusSource {
  // A folder (split files, IWSLT'15), a TSV or TMX file, a PREFIX whose
  // PREFIX.vi and PREFIX.en (or .vi.gz and .en.gz) are two line-aligned
  // files, or a zip file holding one of these (model/data/ZipCorpus.h).
  std::string path;
  std::string src, tgt;  // or two line-aligned files, named one by one (path empty)
  CorpusFormat format = CorpusFormat::Auto;
  int weight = 1;  // 1 .. kMaxCorpusWeight

  std::string name() const;  // path, or "src + tgt"
};

// The corpus at `path` (a folder, a file or a PREFIX), its format detected.
CorpusSource corpusAt(const std::string& path, int weight = 1);

// The format of `source`, with Auto resolved (a zip file's: that of the
// corpus inside it). Throws CorpusError when the corpus is not there or not
// recognised, saying what was expected.
CorpusFormat detectFormat(const CorpusSource& source);

// Where a corpus's files are read, its format resolved as detectFormat does:
// its path, or inside the zip file it is (model/data/ZipCorpus.h). Throws as
// detectFormat does.
struct CorpusLocation {
  CorpusFormat format = CorpusFormat::Auto;
  std::string location;  // the folder or file read: the path, or a path through the zip file
  std::string src, tgt;  // Parallel: the two files
  // A zip file: what inside it is read ("NAME.vi + NAME.en", a folder, a
  // file; "." for its top folder). Empty for a corpus that is no zip file.
  std::string inside_zip;
};
CorpusLocation locateCorpus(const CorpusSource& source);

// What was read of one corpus.
struct CorpusSplits {
  CorpusSource source;  // src and tgt filled in when the corpus was a PREFIX (or a zip file of two files)
  CorpusFormat format = CorpusFormat::Auto;
  std::string location;  // where its folder or file is read: source.path, or a path inside the zip file it is
  ParallelText train, dev, test;  // dev and test: its own held-out files, if it has them
  ReadSummary train_read, dev_read, test_read;
  size_t held_out_by_hash = 0;  // training pairs moved into dev or test
  // Where its pairs are in ReadCorpora::dev and ::test: each corpus's are
  // together, in the order of the corpora (own files or held out by hash).
  size_t dev_first = 0, dev_pairs = 0, test_first = 0, test_pairs = 0;
  bool unescaped = false;       // its XML escapes were turned into characters (IWSLT's default)

  const ReadSummary& readOf(Split split) const;
};

struct ReadCorpora {
  std::vector<CorpusSplits> corpora;  // in the order given
  ParallelText dev, test;             // the corpora's own held-out files, then what was held out by hash
  bool held_out_by_hash = false;
  FilterOptions filter;  // the training split's filter as applied (unescape, detokenize resolved)
};

struct ReadOptions {
  FilterOptions filter;            // for the training split; dev and test are only cleaned
  std::optional<bool> unescape;    // default: on for IWSLT, off otherwise
  std::optional<bool> detokenize;  // default: off
};

// Reads every corpus, printing what was kept and dropped to `log`.
//  - dev and test are the corpora's own held-out files (IWSLT'15's
//    tst2012/tst2013, a split folder's dev.* and test.*), one after another;
//    a set no corpus has is held out by a hash of the Vietnamese side from
//    all their training pairs together;
//  - a training pair whose Vietnamese sentence is in a held-out file is
//    dropped as "held_out" (never trained on what is evaluated);
//  - with filter.dedupe, a pair that an earlier corpus holds already is a
//    "duplicate" too.
// Throws CorpusError naming the corpus at fault: one that is not there, given
// twice, or with a weight out of range; too few pairs to hold out from.
ReadCorpora readCorpora(const std::vector<CorpusSource>& sources, const ReadOptions& options,
                        std::ostream& log);

// Writes the training split, `<dir>/train.vi` and `.en`: the training pairs
// of all corpora in their order, each corpus's repeated its weight's times.
void writeTrainingSplit(const std::string& dir, const ReadCorpora& read);

// The lines of a data folder's dev or test split that each of its corpora
// gave (summary.json's "corpora"), to score each domain on its own.
struct CorpusSlice {
  std::string corpus;
  size_t first = 0, count = 0;
};
// Empty when the folder was prepared from one corpus, by an older prepare, or
// its summary.json cannot be read. `split` is "dev" or "test". A distilled
// folder's are those of the folder it was distilled from, when its split's
// files are that folder's, byte for byte.
std::vector<CorpusSlice> corpusSlices(const std::string& data_dir, const std::string& split);
// The slices with lines in them, when together they are the split's `lines`
// lines (what a scorer of that file can cut it by); else empty.
std::vector<CorpusSlice> corpusSlicesOf(const std::string& data_dir, const std::string& split, size_t lines);

// All corpora's read summaries of one split added up ("train", "dev" or
// "test"): counts and reasons, without line numbers (they are of different files).
ReadSummary totalRead(const ReadCorpora& read, Split split);

}  // namespace studio::data
