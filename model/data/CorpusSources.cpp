#include "model/data/CorpusSources.h"

#include <filesystem>
#include <fstream>
#include <optional>
#include <utility>

#include <nlohmann/json.hpp>
#include <unordered_set>

#include "model/data/TmxFile.h"
#include "model/data/ZipCorpus.h"
#include "model/files/Hash.h"

namespace studio::data {

namespace fs = std::filesystem;

CorpusFormat corpusFormatFromString(const std::string& text) {
  if (text == "auto") return CorpusFormat::Auto;
  if (text == "split") return CorpusFormat::Split;
  if (text == "iwslt") return CorpusFormat::Iwslt;
  if (text == "parallel") return CorpusFormat::Parallel;
  if (text == "tsv") return CorpusFormat::Tsv;
  if (text == "tmx") return CorpusFormat::Tmx;
  throw std::invalid_argument("corpus format must be auto, split, iwslt, parallel, tsv or tmx, got '" + text +
                              "'");
}

std::string toString(CorpusFormat format) {
  switch (format) {
    case CorpusFormat::Auto:
      return "auto";
    case CorpusFormat::Split:
      return "split";
    case CorpusFormat::Iwslt:
      return "iwslt";
    case CorpusFormat::Parallel:
      return "parallel";
    case CorpusFormat::Tsv:
      return "tsv";
    case CorpusFormat::Tmx:
      return "tmx";
  }
  return "auto";
}

std::string CorpusSource::name() const { return path.empty() ? src + " + " + tgt : path; }

CorpusSource corpusAt(const std::string& path, int weight) {
  CorpusSource source;
  source.path = path;
  source.weight = weight;
  return source;
}

const ReadSummary& CorpusSplits::readOf(Split split) const {
  return split == Split::Train ? train_read : split == Split::Dev ? dev_read : test_read;
}

namespace {

// The two files of PREFIX: PREFIX.vi + PREFIX.en, or packed, PREFIX.vi.gz +
// PREFIX.en.gz; nullopt when neither pair is there (or `path` itself is).
std::optional<std::pair<std::string, std::string>> pairOfPrefix(const std::string& path) {
  std::error_code ec;
  if (path.empty() || fs::exists(path, ec) || isCorpusFile(path)) return std::nullopt;
  for (const std::string packed : {"", ".gz"})
    if (isCorpusFile(path + ".vi" + packed) && isCorpusFile(path + ".en" + packed))
      return std::pair{path + ".vi" + packed, path + ".en" + packed};
  return std::nullopt;
}

// A folder's NAME.vi + NAME.en (or .vi.gz + .en.gz).
std::optional<std::pair<std::string, std::string>> pairIn(const fs::path& dir, const std::string& name) {
  return pairOfPrefix((dir / name).string());
}

bool hasPair(const fs::path& dir, const std::string& name) { return pairIn(dir, name).has_value(); }

}  // namespace

CorpusLocation locateCorpus(const CorpusSource& s) {
  const auto parallel = [&](const std::string& prefix) {
    const auto pair = pairOfPrefix(prefix);
    return CorpusLocation{CorpusFormat::Parallel, prefix, pair->first, pair->second, {}};
  };
  if (s.format == CorpusFormat::Parallel || (s.format == CorpusFormat::Auto && s.path.empty())) {
    if (pairOfPrefix(s.path)) return parallel(s.path);
    if (s.src.empty() || s.tgt.empty())
      throw CorpusError(s.path.empty()
                            ? "a parallel corpus needs both a source (Vietnamese) and a target (English) file"
                            : "corpus '" + s.path + "': no " + s.path + ".vi and " + s.path + ".en");
    return {CorpusFormat::Parallel, s.path, s.src, s.tgt, {}};
  }
  if (s.path.empty()) throw CorpusError("no corpus given");
  std::error_code ec;
  const bool file = isCorpusFile(s.path);
  if (!file && !fs::exists(s.path, ec) && !isFolderInZip(s.path)) {
    if (s.format == CorpusFormat::Auto && pairOfPrefix(s.path)) return parallel(s.path);
    throw CorpusError("corpus '" + s.path + "' does not exist (nor do " + s.path + ".vi and " + s.path +
                      ".en, two line-aligned files)");
  }
  if ((s.format == CorpusFormat::Tsv || s.format == CorpusFormat::Tmx) && !file)
    throw CorpusError("corpus '" + s.path + "' is a folder, not a " + toString(s.format) + " file");
  if (file && isZipFile(s.path)) {
    if (s.format != CorpusFormat::Auto)
      throw CorpusError("corpus '" + s.path + "' is a zip file: leave its format to be found, or name the " +
                        toString(s.format) + " file inside it as '" + s.path + "/NAME'");
    const ZipCorpus zip = zipCorpusAt(s.path);
    const auto inside = [&](const std::string& path) { return path.substr(s.path.size() + 1); };
    return {zip.format, zip.location, zip.src, zip.tgt,
            zip.format == CorpusFormat::Parallel ? inside(zip.src) + " + " + inside(zip.tgt)
            : zip.location == s.path             ? std::string(".")
                                                 : inside(zip.location)};
  }
  if (s.format != CorpusFormat::Auto) return {s.format, s.path, {}, {}, {}};
  if (file) return {looksLikeTmx(s.path) ? CorpusFormat::Tmx : CorpusFormat::Tsv, s.path, {}, {}, {}};
  const fs::path dir(s.path);
  if (hasPair(dir, "train") && hasPair(dir, "tst2012")) return {CorpusFormat::Iwslt, s.path, {}, {}, {}};
  if (hasPair(dir, "train")) return {CorpusFormat::Split, s.path, {}, {}, {}};
  throw CorpusError("corpus folder '" + s.path +
                    "' holds neither train.vi + train.en (a split corpus, e.g. the demo corpus) nor "
                    "IWSLT'15 files (train.vi, train.en, tst2012.*, tst2013.*)");
}

CorpusFormat detectFormat(const CorpusSource& s) { return locateCorpus(s).format; }

namespace {

FilterOptions filterFor(CorpusFormat format, const ReadOptions& options) {
  FilterOptions filter = options.filter;
  filter.unescape = options.unescape.value_or(format == CorpusFormat::Iwslt);
  filter.detokenize = options.detokenize.value_or(false);
  return filter;
}

FilterOptions heldOutFilter(const FilterOptions& train) {
  // Dev and test sets are not filtered by length: evaluation must see them all.
  FilterOptions o = train;
  o.max_words = size_t(-1);
  o.max_ratio = 1e300;
  o.dedupe = false;  // nor cleared of repeats: a test set may hold a sentence twice
  o.held_out = nullptr;
  return o;
}

// A corpus resolved: its format, and its held-out files read.
CorpusSplits openCorpus(const CorpusSource& source, const ReadOptions& options) {
  CorpusSplits c;
  c.source = source;
  const CorpusLocation where = locateCorpus(source);
  c.format = where.format;
  c.location = where.location;
  if (c.format == CorpusFormat::Parallel && c.source.src.empty()) {
    c.source.src = where.src;
    c.source.tgt = where.tgt;
  }
  const FilterOptions held_out = heldOutFilter(filterFor(c.format, options));
  const fs::path dir(c.location);
  auto readHeldOut = [&](const std::string& name, ParallelText& text, ReadSummary& summary) {
    const auto pair = pairIn(dir, name);
    if (!pair)
      throw CorpusError("corpus folder '" + c.location + "' has no " + name + ".vi + " + name + ".en");
    text = readParallelFiles(pair->first, pair->second, held_out, summary);
  };
  if (c.format == CorpusFormat::Iwslt) {
    if (!hasPair(dir, "tst2013"))
      throw CorpusError("IWSLT'15 folder '" + source.path +
                        "' has no tst2013.vi + tst2013.en (the test set)");
    readHeldOut("tst2012", c.dev, c.dev_read);
    readHeldOut("tst2013", c.test, c.test_read);
  } else if (c.format == CorpusFormat::Split) {
    if (hasPair(dir, "dev")) readHeldOut("dev", c.dev, c.dev_read);
    if (hasPair(dir, "test")) readHeldOut("test", c.test, c.test_read);
  }
  return c;
}

void readTraining(CorpusSplits& c, const FilterOptions& filter) {
  const fs::path dir(c.location);
  switch (c.format) {
    case CorpusFormat::Parallel:
      c.train = readParallelFiles(c.source.src, c.source.tgt, filter, c.train_read);
      break;
    case CorpusFormat::Tsv:
      c.train = readTsv(c.location, filter, c.train_read);
      break;
    case CorpusFormat::Tmx:
      c.train = readTmx(c.location, filter, c.train_read);
      break;
    case CorpusFormat::Iwslt:
    case CorpusFormat::Split:
    case CorpusFormat::Auto: {
      const auto pair = pairIn(dir, "train");
      if (!pair) throw CorpusError("corpus folder '" + c.location + "' has no train.vi + train.en");
      c.train = readParallelFiles(pair->first, pair->second, filter, c.train_read);
      break;
    }
  }
}

void checkSources(const std::vector<CorpusSource>& sources) {
  if (sources.empty()) throw CorpusError("no corpus given");
  std::vector<fs::path> seen;
  for (const auto& s : sources) {
    if (s.weight < 1 || s.weight > kMaxCorpusWeight)
      throw CorpusError("corpus '" + s.name() + "': weight " + std::to_string(s.weight) +
                        " is not a whole number from 1 to " + std::to_string(kMaxCorpusWeight));
    std::error_code ec;
    fs::path where = fs::weakly_canonical(s.path.empty() ? s.src : s.path, ec);
    if (ec) where = s.path.empty() ? s.src : s.path;
    for (const auto& earlier : seen)
      if (earlier == where)
        throw CorpusError("corpus '" + s.name() +
                          "' is given twice: give it once, with a weight to train on it more often");
    seen.push_back(where);
  }
}

// Moves training pairs into dev and/or test (whichever none of the corpora
// has) by a hash of their Vietnamese side, across all corpora at once.
void holdOutByHash(ReadCorpora& read, bool need_dev, bool need_test, std::ostream& log) {
  size_t total = 0;
  for (const auto& c : read.corpora) total += c.train.size();
  const std::string what = read.corpora.size() == 1
                               ? "corpus '" + read.corpora[0].source.name() + "'"
                               : "the " + std::to_string(read.corpora.size()) + " corpora";
  if (total < kMinimumPairsToSplit) {
    std::string why;
    for (const auto& c : read.corpora) why += (why.empty() ? "" : "; ") + c.train_read.describe();
    throw CorpusError(
        what + (read.corpora.size() == 1 ? " has " : " have ") + std::to_string(total) +
        " usable pairs after cleaning (" + why + "); holding out dev and test sets needs at least " +
        std::to_string(kMinimumPairsToSplit) + ": add pairs, or give dev and test files of your own");
  }
  auto [dev_fraction, test_fraction] = heldOutFractions(total);
  if (!need_dev) dev_fraction = 0;
  if (!need_test) test_fraction = 0;
  const size_t dev_before = read.dev.size(), test_before = read.test.size();
  for (auto& c : read.corpora) {
    if (need_dev) c.dev_first = read.dev.size();
    if (need_test) c.test_first = read.test.size();
    ParallelText all = std::move(c.train);
    c.train = {};
    for (size_t i = 0; i < all.size(); ++i) {
      const Split split = splitOf(all.src[i], dev_fraction, test_fraction);
      ParallelText& target = split == Split::Dev ? read.dev : split == Split::Test ? read.test : c.train;
      if (split != Split::Train) ++c.held_out_by_hash;
      target.src.push_back(std::move(all.src[i]));
      target.tgt.push_back(std::move(all.tgt[i]));
    }
    if (need_dev) c.dev_pairs = read.dev.size() - c.dev_first;
    if (need_test) c.test_pairs = read.test.size() - c.test_first;
  }
  log << "held out by hash of the Vietnamese side: dev " << read.dev.size() - dev_before << ", test "
      << read.test.size() - test_before << "\n";
  if (need_dev && read.dev.size() == 0)
    throw CorpusError("no pair of " + what + " fell into the dev set (" + std::to_string(total) +
                      " pairs): add pairs, or give dev files of your own");
}

}  // namespace

ReadCorpora readCorpora(const std::vector<CorpusSource>& sources, const ReadOptions& options,
                        std::ostream& log) {
  checkSources(sources);
  ReadCorpora read;
  // The held-out files first: the training pairs are read against them.
  std::unordered_set<uint64_t> held_out;
  for (const auto& source : sources) {
    read.corpora.push_back(openCorpus(source, options));
    const CorpusSplits& c = read.corpora.back();
    for (const ParallelText* set : {&c.dev, &c.test})
      for (const auto& vi : set->src) held_out.insert(sentenceHash(vi));
  }
  std::unordered_set<uint64_t> kept_pairs;  // across corpora, for dedupe
  for (auto& c : read.corpora) {
    FilterOptions filter = filterFor(c.format, options);
    c.unescaped = filter.unescape;
    if (!held_out.empty()) filter.held_out = &held_out;
    c.train_read.kept_pairs = std::move(kept_pairs);
    readTraining(c, filter);
    kept_pairs = std::move(c.train_read.kept_pairs);
    c.train_read.kept_pairs.clear();
    if (&c == &read.corpora.front()) {
      read.filter = filter;
      read.filter.held_out = nullptr;
    }
    for (const ReadSummary* s : {&c.train_read, &c.dev_read, &c.test_read})
      if (!s->source.empty()) log << s->describe() << "\n";
  }
  bool has_dev = false, has_test = false;
  for (auto& c : read.corpora) {
    has_dev = has_dev || !c.dev_read.source.empty();
    has_test = has_test || !c.test_read.source.empty();
    c.dev_first = read.dev.size(), c.dev_pairs = c.dev.size();
    c.test_first = read.test.size(), c.test_pairs = c.test.size();
    read.dev.append(c.dev);
    read.test.append(c.test);
  }
  read.held_out_by_hash = !has_dev || !has_test;
  if (read.held_out_by_hash) holdOutByHash(read, !has_dev, !has_test, log);
  size_t training = 0;
  for (const auto& c : read.corpora) training += c.train.size();
  if (training == 0) {
    std::string why;
    for (const auto& c : read.corpora) why += (why.empty() ? "" : "; ") + c.train_read.describe();
    throw CorpusError("no training pairs are left after filtering: " + why);
  }
  return read;
}

void writeTrainingSplit(const std::string& dir, const ReadCorpora& read) {
  std::vector<std::pair<const ParallelText*, int>> parts;
  for (const auto& c : read.corpora) parts.push_back({&c.train, c.source.weight});
  writeParallel(dir, "train", parts);
}

std::vector<CorpusSlice> corpusSlices(const std::string& data_dir, const std::string& split) {
  std::string dir = data_dir;
  nlohmann::json summary;
  for (int hop = 0;; ++hop) {
    std::ifstream in(dir + "/summary.json");
    summary = nlohmann::json::parse(in, nullptr, /*allow_exceptions=*/false);
    if (!summary.is_object()) return {};
    // A distilled folder (model/training/Distillation.h) holds the dev and test of the folder it was
    // distilled from: line for line the same files, they are cut as that folder's.
    const auto from = summary.find("distillation");
    if (hop == 4 || from == summary.end() || !from->is_object() || !from->contains("data") ||
        !(*from)["data"].is_string())
      break;
    const std::string original = (*from)["data"].get<std::string>();
    std::error_code ec;
    const auto same = [&](const std::string& name) {
      try {
        return model::hashFile(dir + "/" + name) == model::hashFile(original + "/" + name);
      } catch (const std::exception&) {
        return false;  // one of them missing or unreadable
      }
    };
    if (original.empty() || std::filesystem::equivalent(original, dir, ec) || !same(split + ".vi") ||
        !same(split + ".en"))
      break;
    dir = original;
  }
  std::vector<CorpusSlice> slices;
  if (!summary.contains("corpora") || !summary["corpora"].is_array()) return {};
  for (const auto& c : summary["corpora"]) {
    if (!c.is_object() || !c.contains(split) || !c[split].is_object() || !c.contains("corpus")) return {};
    const auto& range = c[split];
    const auto first = range.find("first"), count = range.find("pairs");
    if (first == range.end() || count == range.end() || !first->is_number_unsigned() ||
        !count->is_number_unsigned() || !c["corpus"].is_string())
      return {};
    slices.push_back({c["corpus"].get<std::string>(), first->get<size_t>(), count->get<size_t>()});
  }
  if (slices.size() < 2) return {};
  return slices;
}

std::vector<CorpusSlice> corpusSlicesOf(const std::string& data_dir, const std::string& split, size_t lines) {
  std::vector<CorpusSlice> slices;
  size_t total = 0;
  for (const auto& slice : corpusSlices(data_dir, split))
    if (slice.count > 0) slices.push_back(slice), total += slice.count;
  if (total != lines) return {};
  return slices;
}

ReadSummary totalRead(const ReadCorpora& read, Split split) {
  ReadSummary total;
  for (const auto& c : read.corpora) {
    const ReadSummary& s = c.readOf(split);
    if (s.source.empty()) continue;
    total.source += (total.source.empty() ? "" : "; ") + s.source;
    total.read += s.read;
    total.kept += s.kept;
    for (const auto& [reason, count] : s.dropped) total.dropped[reason] += count;
    for (const auto& [reason, count] : s.dropped) total.first_lines[reason];  // reasons, not lines
    total.decoded.insert(total.decoded.end(), s.decoded.begin(), s.decoded.end());
    if (total.decoded_as.empty()) total.decoded_as = s.decoded_as;
    if (total.hint.empty()) total.hint = s.hint;
  }
  return total;
}

}  // namespace studio::data
