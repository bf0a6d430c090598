#include "model/data/Prepare.h"

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <numeric>
#include <random>

#include "model/data/Batching.h"
#include "model/data/EncodedCorpus.h"
#include "model/data/Text.h"
#include "model/files/AtomicFile.h"

namespace studio::data {

namespace fs = std::filesystem;

namespace {

nlohmann::json pieceStats(const EncodedSplit& split) {
  int64_t src = 0, tgt = 0, longest = 0;
  for (size_t i = 0; i < split.size(); ++i) {
    src += split.srcLength(i);
    tgt += split.tgtLength(i);
    longest = std::max({longest, split.srcLength(i), split.tgtLength(i)});
  }
  const double n = split.size() ? double(split.size()) : 1.0;
  size_t unknown = 0;
  for (int32_t id : split.src_ids) unknown += id == kUnkId;
  for (int32_t id : split.tgt_ids) unknown += id == kUnkId;
  return {{"pairs", split.size()},
          {"source_pieces", src},
          {"target_pieces", tgt},
          {"mean_source_pieces", double(src) / n},
          {"mean_target_pieces", double(tgt) / n},
          {"longest_pieces", longest},
          {"unknown_pieces", unknown}};
}

// The files prepare writes into a data folder (and cache/).
constexpr const char* kPreparedFiles[] = {"train.vi", "train.en",  "dev.vi",    "dev.en",      "test.vi",
                                          "test.en",  "spm.model", "spm.vocab", "summary.json"};

// Refuses an output folder whose prepared files would replace a corpus's: the
// corpus folder itself, or a folder holding a corpus file under one of those names.
void refuseACorpusFolder(const std::vector<CorpusSource>& corpora, const fs::path& out) {
  std::error_code ec;
  if (fs::exists(out, ec) && !fs::is_directory(out, ec))
    throw CorpusError("the data folder '" + out.string() + "' is a file, not a folder");
  if (!fs::is_directory(out, ec)) return;
  for (const auto& corpus : corpora) {
    // What it reads: a folder, a file, PREFIX.vi + PREFIX.en, or src and tgt.
    const std::string prefix = corpus.path;
    for (const std::string& path : {prefix, prefix + ".vi", prefix + ".en", corpus.src, corpus.tgt}) {
      if (path.empty() || path == ".vi" || path == ".en") continue;
      bool clash = fs::is_directory(path, ec) && fs::equivalent(path, out, ec);
      for (const char* name : kPreparedFiles) clash = clash || fs::equivalent(path, out / name, ec);
      if (clash)
        throw CorpusError("the data folder '" + out.string() + "' holds the corpus '" + corpus.name() +
                          "': preparing would replace its files with the cleaned splits; choose another "
                          "data folder");
    }
  }
}

// What SentencePiece learns a joint vocabulary from (both languages share
// one embedding in the model): each training pair once, whatever its
// corpus's weight, both its sentences; past `most` sentences, a sample of
// the pairs spread evenly over the corpora, in their order.
std::vector<std::string> sentencesToLearnFrom(const ReadCorpora& read, size_t most, unsigned seed) {
  size_t pairs = 0;
  for (const auto& c : read.corpora) pairs += c.train.size();
  const size_t wanted = most == 0 ? pairs : std::min(pairs, most / 2);
  std::vector<size_t> chosen(wanted);
  if (wanted == pairs) {
    std::iota(chosen.begin(), chosen.end(), size_t(0));
  } else {
    std::vector<size_t> all(pairs);
    std::iota(all.begin(), all.end(), size_t(0));
    std::mt19937_64 rng(seed);
    std::sample(all.begin(), all.end(), chosen.begin(), wanted, rng);  // in order
  }
  std::vector<std::string> sentences;
  sentences.reserve(2 * wanted);
  size_t first = 0;  // the first pair of the corpus at hand, counted over all
  auto next = chosen.begin();
  for (const auto& c : read.corpora) {
    for (; next != chosen.end() && *next < first + c.train.size(); ++next) {
      sentences.push_back(c.train.src[*next - first]);
      sentences.push_back(c.train.tgt[*next - first]);
    }
    first += c.train.size();
  }
  return sentences;
}

// Puts the staged preparation in the output folder's place: the folder
// itself when there is none (or an empty one), else file by file over the
// previous preparation, its summary.json taken away first and the new one put
// last (a folder caught half-way is not taken for a prepared one); files of
// others in the folder are left alone.
void installPrepared(const fs::path& staging, const fs::path& out) {
  std::error_code ec;
  const auto fail = [&](const fs::path& what) {
    throw CorpusError("cannot move the prepared '" + what.string() + "' into the data folder '" +
                      out.string() + "': " + ec.message());
  };
  if (!fs::exists(out, ec) || fs::is_empty(out, ec)) {
    fs::remove(out, ec);
    fs::rename(staging, out, ec);
    if (ec) fail(staging);
    return;
  }
  // The previous preparation's record goes first, and what described it or only it had
  // (a distilled or back-translated folder's record, a vocabulary file, the encoded ids).
  for (const char* stale : {"summary.json", "distillation.json", "backtranslation.json", "spm.vocab"})
    fs::remove(out / stale, ec);
  fs::remove_all(out / "cache", ec);
  for (const auto& entry : fs::directory_iterator(staging)) {
    if (entry.path().filename() == "summary.json") continue;
    fs::rename(entry.path(), out / entry.path().filename(), ec);
    if (ec) fail(entry.path());
  }
  fs::rename(staging / "summary.json", out / "summary.json", ec);
  if (ec) fail(staging / "summary.json");
  fs::remove(staging, ec);
}

}  // namespace

nlohmann::json prepareData(const PrepareOptions& o, std::ostream& log) {
  const auto started = std::chrono::steady_clock::now();
  if (o.out_dir.empty()) throw CorpusError("no output folder given");
  const auto check = [&o] {
    if (o.stop && o.stop()) throw PreparationStopped();
  };
  fs::path out = fs::absolute(o.out_dir).lexically_normal();
  if (out.filename().empty()) out = out.parent_path();  // "data/"
  refuseACorpusFolder(o.corpora, out);
  ReadOptions read_options;
  read_options.filter = o.filter;
  read_options.unescape = o.unescape;
  read_options.detokenize = o.detokenize;
  ReadCorpora read = readCorpora(o.corpora, read_options, log);
  const FilterOptions& filter = read.filter;
  const ParallelText &dev = read.dev, &test = read.test;
  // Each corpus's training pairs, and the training split's (each corpus's its weight's times): the text
  // itself is let go once written and learnt from.
  std::vector<size_t> corpus_pairs;
  size_t train_pairs = 0;
  for (const auto& c : read.corpora) {
    corpus_pairs.push_back(c.train.size());
    train_pairs += c.train.size() * size_t(c.source.weight);
  }
  nlohmann::json warnings = nlohmann::json::array();
  if (read.corpora.size() > 1) {
    log << "training pairs:";
    for (const auto& c : read.corpora) {
      log << (&c == &read.corpora.front() ? " " : ", ") << c.train.size()
          << (c.source.weight > 1 ? " x " + std::to_string(c.source.weight) : "") << " from "
          << c.source.name();
      if (c.train.size() == 0)
        warnings.push_back("corpus '" + c.source.name() +
                           "' adds no training pairs: " + c.train_read.describe());
    }
    log << " = " << train_pairs << "\n";
  }

  check();

  std::error_code ec;
  if (!o.spm_model.empty()) Tokenizer given(o.spm_model);  // a bad file is refused before anything is written
  model::RemovedUnlessKept staging(out.string() + ".preparing");  // unless put in place
  const std::string& dir = staging.path();
  fs::remove_all(dir, ec);  // a preparation's that did not end
  fs::create_directories(dir, ec);
  if (ec) throw CorpusError("cannot create the data folder '" + dir + "': " + ec.message());
  writeTrainingSplit(dir, read);
  writeParallel(dir, "dev", dev);
  writeParallel(dir, "test", test);
  check();

  const std::string model_path = dir + "/spm.model";
  size_t all_sentences = 0;
  for (const auto& c : read.corpora) all_sentences += 2 * c.train.size();
  size_t learnt_from = 0;
  if (o.spm_model.empty()) {
    const auto sentences = sentencesToLearnFrom(read, o.spm_max_sentences, o.tokenizer.seed);
    learnt_from = sentences.size();
    log << "training SentencePiece (" << o.tokenizer.model_type << ", vocabulary " << o.tokenizer.vocab_size
        << ") on " << learnt_from
        << (learnt_from < all_sentences ? " of " + std::to_string(all_sentences) + " sentences (sampled)"
                                        : std::string(" sentences"))
        << "..." << std::endl;
    if (!Tokenizer::train(sentences, model_path, o.tokenizer, o.stop)) throw PreparationStopped();
  } else {
    log << "SentencePiece: " << o.spm_model << " (given, not trained)\n";
    model::copyFileAtomically(o.spm_model, model_path);
    const auto vocab = fs::path(o.spm_model).replace_extension(".vocab");
    if (fs::is_regular_file(vocab, ec)) model::copyFileAtomically(vocab.string(), dir + "/spm.vocab");
  }
  for (auto& c : read.corpora) c.train = ParallelText();  // encoded from the files written
  check();
  Tokenizer tokenizer(model_path);
  if (o.spm_model.empty() && tokenizer.vocabSize() < o.tokenizer.vocab_size) {
    const std::string warning = "the vocabulary has " + std::to_string(tokenizer.vocabSize()) +
                                " pieces, not the " + std::to_string(o.tokenizer.vocab_size) +
                                " asked for: the training text is too small for more";
    warnings.push_back(warning);
  }
  for (const auto& warning : warnings) log << "warning: " << warning.get<std::string>() << "\n";

  nlohmann::json summary;
  const bool one = read.corpora.size() == 1;
  summary["format"] = one ? toString(read.corpora[0].format) : "several";
  std::string names;
  for (const auto& c : read.corpora) names += (names.empty() ? "" : "; ") + c.source.name();
  summary["corpus"] = names;
  summary["filter"] = {{"max_words", filter.max_words},
                       {"max_ratio", filter.max_ratio},
                       {"unescape", filter.unescape},
                       {"detokenize", filter.detokenize},
                       {"dedupe", filter.dedupe},
                       {"encoding", filter.encoding ? model::legacyEncodingName(*filter.encoding) : "UTF-8"}};
  summary["read"] = nlohmann::json::object();
  for (const Split split : {Split::Train, Split::Dev, Split::Test}) {
    const ReadSummary total = totalRead(read, split);
    if (!total.source.empty())
      summary["read"][splitName(split)] = (one ? read.corpora[0].readOf(split) : total).toJson();
  }
  summary["corpora"] = nlohmann::json::array();
  for (const auto& c : read.corpora) {
    nlohmann::json entry{{"corpus", c.source.name()},
                         {"format", toString(c.format)},
                         {"weight", c.source.weight},
                         {"train_pairs", corpus_pairs[size_t(&c - read.corpora.data())]},
                         {"held_out_by_hash", c.held_out_by_hash},
                         {"unescape", c.unescaped},
                         {"dev", {{"first", c.dev_first}, {"pairs", c.dev_pairs}}},
                         {"test", {{"first", c.test_first}, {"pairs", c.test_pairs}}},
                         {"read", nlohmann::json::object()}};
    for (const Split split : {Split::Train, Split::Dev, Split::Test})
      if (!c.readOf(split).source.empty()) entry["read"][splitName(split)] = c.readOf(split).toJson();
    // Where it is from anywhere ("corpus" is the name as given, maybe relative).
    const auto absolute = [](const std::string& path) {
      return std::filesystem::absolute(path).lexically_normal().string();
    };
    if (!c.source.path.empty()) {
      entry["path"] = absolute(c.source.path);
    } else {
      entry["src"] = absolute(c.source.src);
      entry["tgt"] = absolute(c.source.tgt);
    }
    summary["corpora"].push_back(entry);
  }
  summary["held_out_by_hash"] = read.held_out_by_hash;
  summary["warnings"] = warnings;
  if (o.spm_model.empty())
    summary["sentencepiece"] = {{"model", "spm.model"},
                                {"model_type", o.tokenizer.model_type},
                                {"requested_vocab_size", o.tokenizer.vocab_size},
                                {"vocab_size", tokenizer.vocabSize()},
                                {"character_coverage", o.tokenizer.character_coverage},
                                {"trained_on_sentences", learnt_from},
                                {"training_sentences", all_sentences},
                                {"pad_id", kPadId},
                                {"unk_id", kUnkId},
                                {"bos_id", kBosId},
                                {"eos_id", kEosId}};
  else
    summary["sentencepiece"] = {{"model", "spm.model"},
                                {"copied_from", fs::absolute(o.spm_model, ec).string()},
                                {"vocab_size", tokenizer.vocabSize()},
                                {"pad_id", kPadId}, {"unk_id", kUnkId}, {"bos_id", kBosId}, {"eos_id", kEosId}};
  log << "encoding the splits..." << std::endl;
  for (const char* split : {"train", "dev", "test"}) {
    const auto encoded = loadEncodedSplit(dir, split, tokenizer, nullptr, o.threads, o.stop);
    summary["splits"][split] = pieceStats(encoded);
    if (std::string(split) == "train" && encoded.size() > 0) {
      auto src = sourceLengths(encoded), tgt = targetLengths(encoded);
      int64_t longest = 0;
      for (size_t i = 0; i < src.size(); ++i) longest = std::max(longest, exampleCost(src[i], tgt[i]));
      const int64_t budget = std::max(o.preview_max_tokens, longest);
      const auto stats = batchingStats(tokenBudgetBatches(src, tgt, budget, /*seed=*/1), src, tgt);
      summary["batching_preview"] = {{"max_tokens", budget},
                                     {"batches", stats.batches},
                                     {"padding_ratio", stats.paddingRatio()}};
      log << "batches of at most " << budget << " tokens: " << stats.batches << " a epoch, padding "
          << int(stats.paddingRatio() * 1000) / 10.0 << " %\n";
    }
  }
  summary["seconds"] = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  model::writeFileAtomically(dir + "/summary.json", summary.dump(2) + "\n");
  check();
  installPrepared(dir, out);
  staging.keep();
  log << "data folder: " << o.out_dir << " (train " << train_pairs << ", dev " << dev.size() << ", test "
      << test.size() << " pairs; vocabulary " << tokenizer.vocabSize() << ")\n";
  return summary;
}

}  // namespace studio::data
