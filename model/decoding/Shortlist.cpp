#include "model/decoding/Shortlist.h"

#include <algorithm>
#include <fstream>
#include <numeric>
#include <sstream>
#include <unordered_map>

#include "model/files/AtomicFile.h"

namespace studio::model {

namespace {

constexpr const char* kMagic = "attention-studio-shortlist";
constexpr int kVersion = 1;

}  // namespace

void ShortlistOptions::validate() const {
  auto fail = [](const std::string& field, const std::string& why) {
    throw std::invalid_argument("invalid shortlist option '" + field + "': " + why);
  };
  if (frequent < 0) fail("frequent", "must be >= 0");
  if (per_source < 1) fail("per_source", "must be at least 1");
  if (!(min_probability >= 0.0 && min_probability < 1.0)) fail("min_probability", "must be within [0, 1)");
  if (iterations < 1 || iterations > 100) fail("iterations", "must be within [1, 100]");
}

Shortlist::Shortlist(int64_t vocabulary_size, std::string vocabulary_hash, std::vector<int32_t> frequent,
                     std::vector<std::vector<int32_t>> by_source)
    : vocabulary_size_(vocabulary_size),
      vocabulary_hash_(std::move(vocabulary_hash)),
      frequent_(std::move(frequent)),
      by_source_(std::move(by_source)) {
  if (vocabulary_size_ < 1) throw std::invalid_argument("a shortlist needs a vocabulary of at least one piece");
  by_source_.resize(size_t(vocabulary_size_));
  auto check = [&](int32_t id) {
    if (id < 0 || id >= vocabulary_size_)
      throw std::out_of_range("shortlist piece " + std::to_string(id) + " is outside the vocabulary of " +
                              std::to_string(vocabulary_size_));
  };
  for (const auto id : frequent_) check(id);
  for (const auto& list : by_source_)
    for (const auto id : list) check(id);
}

std::vector<int64_t> Shortlist::candidates(const std::vector<int64_t>& source_pieces,
                                           const std::vector<int64_t>& always) const {
  std::vector<char> chosen(size_t(vocabulary_size_), 0);
  auto check = [&](int64_t id, const char* what) {
    if (id < 0 || id >= vocabulary_size_)
      throw std::out_of_range(std::string(what) + " piece " + std::to_string(id) +
                              " is outside the shortlist's vocabulary of " + std::to_string(vocabulary_size_));
  };
  for (const auto id : frequent_) chosen[size_t(id)] = 1;
  for (const auto s : source_pieces) {
    check(s, "source");
    for (const auto id : by_source_[size_t(s)]) chosen[size_t(id)] = 1;
  }
  for (const auto id : always) {
    check(id, "output");
    chosen[size_t(id)] = 1;
  }
  std::vector<int64_t> out;
  for (int64_t id = 0; id < vocabulary_size_; ++id)
    if (chosen[size_t(id)]) out.push_back(id);
  return out;
}

void Shortlist::checkFits(int64_t vocabulary_size, const std::string& vocabulary_hash, const std::string& name) const {
  if (vocabulary_size != vocabulary_size_)
    throw ShortlistError(name + ": the shortlist is for a vocabulary of " + std::to_string(vocabulary_size_) +
                         " pieces and the model has " + std::to_string(vocabulary_size) +
                         " (learn one from this model's data: attention-studio-cli shortlist)");
  if (!vocabulary_hash.empty() && !vocabulary_hash_.empty() && vocabulary_hash != vocabulary_hash_)
    throw ShortlistError(name + ": the shortlist was learnt with another SentencePiece model (hash " +
                         vocabulary_hash_ + ", this model's is " + vocabulary_hash +
                         "; learn one from this model's data: attention-studio-cli shortlist)");
}

Shortlist learnShortlist(const data::EncodedSplit& pairs, int64_t vocabulary_size, const std::string& vocabulary_hash,
                         const ShortlistOptions& options, const std::function<void(int, int)>& progress) {
  options.validate();
  if (vocabulary_size < 1 || vocabulary_size > (int64_t(1) << 30))
    throw std::invalid_argument("a shortlist's vocabulary size must be within [1, 2^30]");
  if (pairs.size() == 0) throw std::invalid_argument("no sentence pairs to learn a shortlist from");
  const auto V = int32_t(vocabulary_size);
  for (size_t p = 0; p < pairs.size(); ++p) {
    auto check = [&](const int32_t* ids, int64_t count, const char* side) {
      for (int64_t i = 0; i < count; ++i)
        if (ids[i] < 0 || ids[i] >= V)
          throw std::invalid_argument("sentence pair " + std::to_string(p + 1) + ": " + side + " piece " +
                                      std::to_string(ids[i]) + " is outside the vocabulary of " +
                                      std::to_string(V));
    };
    check(pairs.src(p), pairs.srcLength(p), "source");
    check(pairs.tgt(p), pairs.tgtLength(p), "target");
  }

  // IBM Model 1. t[f][e] = {p(e | f), its expected count this iteration};
  // f = V is the NULL piece every target piece may come from. Starting
  // from one value everywhere, the first iteration's counts are
  // co-occurrences.
  struct Cell {
    float probability = 1.0f, count = 0.0f;
  };
  const int32_t null_piece = V;
  std::vector<std::unordered_map<int32_t, Cell>> t(static_cast<size_t>(V) + 1);
  std::vector<Cell*> row;  // one target piece's cells, for each source piece and NULL
  for (int it = 0; it < options.iterations; ++it) {
    for (size_t p = 0; p < pairs.size(); ++p) {
      const int32_t* src = pairs.src(p);
      const int64_t S = pairs.srcLength(p);
      const int32_t* tgt = pairs.tgt(p);
      for (int64_t j = 0; j < pairs.tgtLength(p); ++j) {
        const int32_t e = tgt[j];
        row.clear();
        double denominator = 0.0;
        for (int64_t i = 0; i <= S; ++i) {
          const int32_t f = i < S ? src[i] : null_piece;
          Cell* cell = &t[size_t(f)][e];
          row.push_back(cell);
          denominator += cell->probability;
        }
        for (Cell* cell : row) cell->count += float(cell->probability / denominator);
      }
    }
    // p(e | f) = count(e, f) / Σ_e' count(e', f)
    for (size_t f = 0; f < t.size(); ++f) {
      double total = 0.0;
      for (const auto& [e, cell] : t[f]) total += cell.count;
      for (auto& [e, cell] : t[f]) {
        cell.probability = total > 0.0 ? float(cell.count / total) : 0.0f;
        cell.count = 0.0f;
      }
    }
    if (progress) progress(it + 1, options.iterations);
  }

  std::vector<std::vector<int32_t>> by_source(static_cast<size_t>(V));
  std::vector<std::pair<float, int32_t>> ranked;
  for (int32_t f = 0; f < V; ++f) {
    ranked.clear();
    for (const auto& [e, cell] : t[size_t(f)])
      if (cell.probability >= float(options.min_probability) && cell.probability > 0.0f)
        ranked.emplace_back(cell.probability, e);
    std::sort(ranked.begin(), ranked.end(), [](const auto& a, const auto& b) {
      return a.first != b.first ? a.first > b.first : a.second < b.second;
    });
    if (int64_t(ranked.size()) > options.per_source) ranked.resize(size_t(options.per_source));
    for (const auto& [probability, e] : ranked) by_source[size_t(f)].push_back(e);
    std::sort(by_source[size_t(f)].begin(), by_source[size_t(f)].end());
  }

  // The most frequent target pieces (ties: the smaller id).
  std::vector<int64_t> counts(static_cast<size_t>(V), 0);
  for (const auto id : pairs.tgt_ids) ++counts[size_t(id)];
  std::vector<int32_t> order(static_cast<size_t>(V));
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int32_t a, int32_t b) { return counts[size_t(a)] > counts[size_t(b)]; });
  std::vector<int32_t> frequent;
  for (const auto id : order) {
    if (int64_t(frequent.size()) >= options.frequent || counts[size_t(id)] == 0) break;
    frequent.push_back(id);
  }
  std::sort(frequent.begin(), frequent.end());
  return Shortlist(vocabulary_size, vocabulary_hash, std::move(frequent), std::move(by_source));
}

ShortlistCoverage measureCoverage(const Shortlist& shortlist, const data::EncodedSplit& pairs) {
  ShortlistCoverage coverage;
  size_t pieces = 0, covered = 0;
  double sizes = 0.0;
  for (size_t p = 0; p < pairs.size(); ++p) {
    const std::vector<int64_t> source(pairs.src(p), pairs.src(p) + pairs.srcLength(p));
    const auto listed = shortlist.candidates(source, {});
    sizes += double(listed.size());
    for (int64_t j = 0; j < pairs.tgtLength(p); ++j) {
      ++pieces;
      if (std::binary_search(listed.begin(), listed.end(), int64_t(pairs.tgt(p)[j]))) ++covered;
    }
  }
  coverage.sentences = pairs.size();
  coverage.covered = pieces ? double(covered) / double(pieces) : 1.0;
  coverage.mean_size = pairs.size() ? sizes / double(pairs.size()) : 0.0;
  return coverage;
}

void saveShortlist(const Shortlist& shortlist, const std::string& path) {
  std::ostringstream out;
  out << kMagic << " " << kVersion << "\n";
  out << "pieces " << shortlist.vocabularySize() << " "
      << (shortlist.vocabularyHash().empty() ? "-" : shortlist.vocabularyHash()) << "\n";
  out << "frequent";
  for (const auto id : shortlist.frequent()) out << " " << id;
  out << "\n";
  for (int64_t s = 0; s < shortlist.vocabularySize(); ++s) {
    const auto& list = shortlist.forSource(s);
    if (list.empty()) continue;
    out << s << ":";
    for (const auto id : list) out << " " << id;
    out << "\n";
  }
  writeFileAtomically(path, out.str());
}

Shortlist readShortlist(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw ShortlistError(path + ": cannot open the shortlist");
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) throw ShortlistError(path + ": cannot read the shortlist");
  return parseShortlist(text.str(), path);
}

Shortlist parseShortlist(const std::string& text, const std::string& name) {
  std::istringstream lines(text);
  std::string line;
  size_t number = 0;
  auto fail = [&](const std::string& why) -> void {
    throw ShortlistError(name + ":" + std::to_string(number) + ": " + why);
  };
  // Whole decimal numbers of a line's fields, each within [0, limit).
  auto ids = [&](std::istringstream& fields, int64_t limit, const char* what) {
    std::vector<int32_t> out;
    std::string field;
    while (fields >> field) {
      size_t used = 0;
      long long value = -1;
      try {
        value = std::stoll(field, &used);
      } catch (const std::exception&) {
        used = 0;
      }
      if (used != field.size() || value < 0) fail(std::string("'") + field + "' is not a " + what + " piece id");
      if (value >= limit)
        fail(std::string(what) + " piece " + field + " is outside the vocabulary of " + std::to_string(limit));
      out.push_back(int32_t(value));
    }
    return out;
  };

  ++number;
  std::string magic;
  int version = 0;
  if (!std::getline(lines, line)) fail("empty: not a shortlist");
  {
    std::istringstream head(line);
    if (!(head >> magic >> version) || magic != kMagic)
      fail(std::string("not a shortlist (the first line should be '") + kMagic + " " + std::to_string(kVersion) + "')");
    if (version != kVersion)
      fail("shortlist format version " + std::to_string(version) + "; this build reads version " +
           std::to_string(kVersion));
  }
  ++number;
  if (!std::getline(lines, line)) fail("missing the 'pieces' line");
  int64_t vocabulary = 0;
  std::string hash;
  {
    std::istringstream fields(line);
    std::string key, extra;
    if (!(fields >> key >> vocabulary >> hash) || key != "pieces" || vocabulary < 1 || vocabulary > (int64_t(1) << 30) ||
        (fields >> extra))
      fail("expected 'pieces <vocabulary size> <vocabulary hash or ->'");
    if (hash == "-") hash.clear();
  }
  ++number;
  if (!std::getline(lines, line)) fail("missing the 'frequent' line");
  std::vector<int32_t> frequent;
  {
    std::istringstream fields(line);
    std::string key;
    if (!(fields >> key) || key != "frequent") fail("expected 'frequent <id> <id> ...'");
    frequent = ids(fields, vocabulary, "target");
  }
  std::vector<std::vector<int32_t>> by_source(static_cast<size_t>(vocabulary));
  std::vector<char> seen(size_t(vocabulary), 0);
  while (std::getline(lines, line)) {
    ++number;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty()) continue;
    const auto colon = line.find(':');
    if (colon == std::string::npos) fail("expected '<source id>: <id> <id> ...'");
    std::istringstream head(line.substr(0, colon));
    const auto source = ids(head, vocabulary, "source");
    if (source.size() != 1) fail("expected one source piece id before ':'");
    if (seen[size_t(source[0])]) fail("source piece " + std::to_string(source[0]) + " is listed twice");
    seen[size_t(source[0])] = 1;
    std::istringstream rest(line.substr(colon + 1));
    by_source[size_t(source[0])] = ids(rest, vocabulary, "target");
  }
  return Shortlist(vocabulary, hash, std::move(frequent), std::move(by_source));
}

}  // namespace studio::model
