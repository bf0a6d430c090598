#include "model/data/DemoCorpus.h"

#include <algorithm>
#include <chrono>
#include <ctime>
#include <unordered_set>

#include "model/files/AtomicFile.h"
#include "model/data/Catalog.h"
#include "model/data/Corpus.h"
#include "model/data/Text.h"

namespace studio::data {

std::vector<CatalogSource> readManifest(const std::string& path) {
  std::vector<CatalogSource> sources;
  const auto lines = readLines(path);
  for (size_t i = 0; i < lines.size(); ++i) {
    if (lines[i].empty() || lines[i][0] == '#') continue;
    std::vector<std::string> fields;
    size_t start = 0;
    for (;;) {
      const size_t tab = lines[i].find('\t', start);
      fields.push_back(lines[i].substr(start, tab == std::string::npos ? std::string::npos : tab - start));
      if (tab == std::string::npos) break;
      start = tab + 1;
    }
    if (fields.size() != 4)
      throw CorpusError("manifest '" + path + "' line " + std::to_string(i + 1) + ": expected 4 TAB-separated " +
                        "fields (package, version, path, catalog), found " + std::to_string(fields.size()));
    sources.push_back({fields[0], fields[1], fields[2], fields[3]});
  }
  return sources;
}

namespace {

nlohmann::json countsJson(const CatalogCounts& c) {
  return {{"entries", c.entries},           {"header", c.header}, {"untranslated", c.untranslated},
          {"invalid_utf8", c.invalid_utf8}, {"empty", c.empty},   {"identical", c.identical},
          {"kept", c.kept}};
}

nlohmann::json lengthStats(const std::vector<std::string>& lines) {
  if (lines.empty()) return nlohmann::json::object();
  std::vector<size_t> words;
  words.reserve(lines.size());
  double total = 0;
  for (const auto& l : lines) {
    words.push_back(wordCount(l));
    total += double(words.back());
  }
  std::sort(words.begin(), words.end());
  auto at = [&](double q) { return words[std::min(words.size() - 1, size_t(q * double(words.size())))]; };
  return {{"mean_words", total / double(words.size())}, {"median_words", at(0.5)},
          {"p95_words", at(0.95)}, {"max_words", words.back()}, {"total_words", size_t(total)}};
}

std::string utcNow() {
  const auto now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm tm{};
  gmtime_r(&now, &tm);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return text;
}

}  // namespace

EnglishOnly englishWithoutVietnamese(const std::vector<CatalogSource>& vietnamese,
                                     const std::vector<CatalogSource>& english_catalogs, std::ostream& log) {
  EnglishOnly out;
  std::unordered_set<std::string> held;  // every message a Vietnamese catalog holds, cleaned
  for (const auto& source : vietnamese) {
    try {
      for (const auto& entry : readMoFile(source.path).entries)
        if (!entry.isHeader() && isValidUtf8(entry.msgid)) held.insert(cleanMessage(entry.msgid));
    } catch (const std::exception&) {
      // buildDemoCorpus reports it; its messages cannot be held apart
    }
  }
  std::unordered_set<std::string> seen;
  for (const auto& source : english_catalogs) {
    MoCatalog catalog;
    try {
      catalog = readMoFile(source.path);
    } catch (const std::exception& e) {
      ++out.unreadable;
      log << "warning: skipped " << source.catalog << " (" << source.package << "): " << e.what() << "\n";
      continue;
    }
    ++out.catalogs;
    for (const auto& entry : catalog.entries) {
      if (entry.isHeader()) continue;
      ++out.messages;
      if (!isValidUtf8(entry.msgid)) {
        ++out.invalid_utf8;
        continue;
      }
      std::string line = cleanMessage(entry.msgid);
      if (line.empty()) {
        ++out.empty;
      } else if (held.count(line)) {
        ++out.in_vietnamese;
      } else if (!seen.insert(line).second) {
        ++out.duplicates;
      } else {
        out.lines.push_back(std::move(line));
      }
    }
  }
  return out;
}

nlohmann::json buildDemoCorpus(const std::vector<CatalogSource>& catalogs, const std::string& out_dir,
                               std::ostream& log, const std::vector<CatalogSource>& english_catalogs) {
  nlohmann::json provenance;
  provenance["description"] =
      "Vietnamese-English sentence pairs from the gettext catalogs (msgstr Vietnamese, msgid English) of "
      "Debian packages, cleaned and deduplicated by Attention Studio's demo-corpus builder.";
  provenance["created"] = utcNow();
  provenance["catalogs"] = nlohmann::json::array();

  std::vector<SentencePair> all;
  CatalogCounts totals;
  size_t unreadable = 0;
  for (const auto& source : catalogs) {
    nlohmann::json entry{{"package", source.package}, {"version", source.version}, {"catalog", source.catalog}};
    try {
      const auto catalog = readMoFile(source.path);
      CatalogCounts counts;
      auto pairs = pairsFromCatalog(catalog, counts);
      totals += counts;
      entry["counts"] = countsJson(counts);
      all.insert(all.end(), std::make_move_iterator(pairs.begin()), std::make_move_iterator(pairs.end()));
    } catch (const std::exception& e) {
      ++unreadable;
      entry["error"] = e.what();
      log << "warning: skipped " << source.catalog << " (" << source.package << "): " << e.what() << "\n";
    }
    provenance["catalogs"].push_back(entry);
  }

  // Deduplicate on the (vi, en) pair, keeping the first occurrence.
  std::unordered_set<std::string> seen;
  std::vector<SentencePair> unique;
  unique.reserve(all.size());
  for (auto& pair : all) {
    if (seen.insert(pair.vi + '\t' + pair.en).second) unique.push_back(std::move(pair));
  }
  const size_t duplicates = all.size() - unique.size();

  const auto [dev_fraction, test_fraction] = heldOutFractions(unique.size());
  ParallelText splits[3];
  for (const auto& pair : unique) {
    auto& text = splits[static_cast<int>(splitOf(pair.vi, dev_fraction, test_fraction))];
    text.src.push_back(pair.vi);
    text.tgt.push_back(pair.en);
  }
  for (Split split : {Split::Train, Split::Dev, Split::Test})
    writeParallel(out_dir, splitName(split), splits[static_cast<int>(split)]);

  provenance["totals"] = countsJson(totals);
  provenance["totals"]["unreadable_catalogs"] = unreadable;
  provenance["totals"]["duplicates"] = duplicates;
  provenance["totals"]["pairs"] = unique.size();
  provenance["split"] = {{"method", "hash of the Vietnamese side"},
                         {"dev_fraction", dev_fraction},
                         {"test_fraction", test_fraction}};
  for (Split split : {Split::Train, Split::Dev, Split::Test}) {
    const auto& text = splits[static_cast<int>(split)];
    provenance["splits"][splitName(split)] = {
        {"pairs", text.size()}, {"vi", lengthStats(text.src)}, {"en", lengthStats(text.tgt)}};
  }
  if (!english_catalogs.empty()) {
    const auto english = englishWithoutVietnamese(catalogs, english_catalogs, log);
    std::string text;
    for (const auto& line : english.lines) text += line + '\n';
    model::writeFileAtomically(out_dir + "/english.en", text);
    provenance["english_only"] = {
        {"file", "english.en"},
        {"description",
         "English messages of the same programs (the msgids of their other languages' "
         "catalogs) that no Vietnamese catalog holds: monolingual English for back-translation"},
        {"catalogs", english.catalogs},
        {"unreadable_catalogs", english.unreadable},
        {"messages", english.messages},
        {"invalid_utf8", english.invalid_utf8},
        {"empty", english.empty},
        {"in_vietnamese_catalogs", english.in_vietnamese},
        {"duplicates", english.duplicates},
        {"lines", english.lines.size()},
        {"en", lengthStats(english.lines)}};
    log << "english only: " << english.lines.size() << " English messages of " << english.catalogs
        << " other languages' catalogs that no Vietnamese catalog holds (english.en)\n";
  }
  model::writeFileAtomically(out_dir + "/provenance.json", provenance.dump(2) + "\n");
  log << "demo corpus: " << catalogs.size() << " catalogs, " << totals.entries << " entries, "
      << totals.kept << " usable pairs, " << duplicates << " duplicates, " << unique.size() << " pairs: train "
      << splits[0].size() << ", dev " << splits[1].size() << ", test " << splits[2].size() << "\n";
  return provenance;
}

}  // namespace studio::data
