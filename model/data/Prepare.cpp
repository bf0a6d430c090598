#include "model/data/Prepare.h"

#include <chrono>
#include <filesystem>

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

}  // namespace

nlohmann::json prepareData(const PrepareOptions& o, std::ostream& log) {
  const auto started = std::chrono::steady_clock::now();
  if (o.out_dir.empty()) throw CorpusError("no output folder given");
  ReadOptions read_options;
  read_options.filter = o.filter;
  read_options.unescape = o.unescape;
  read_options.detokenize = o.detokenize;
  const ReadCorpora read = readCorpora(o.corpora, read_options, log);
  const FilterOptions& filter = read.filter;
  ParallelText train = weightedTrainingText(read);
  const ParallelText &dev = read.dev, &test = read.test;
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
    log << " = " << train.size() << "\n";
  }

  std::error_code ec;
  if (!o.spm_model.empty()) Tokenizer check(o.spm_model);  // a bad file is refused before anything is written
  fs::create_directories(o.out_dir, ec);
  if (ec) throw CorpusError("cannot create the data folder '" + o.out_dir + "': " + ec.message());
  writeParallel(o.out_dir, "train", train);
  writeParallel(o.out_dir, "dev", dev);
  writeParallel(o.out_dir, "test", test);

  // A joint vocabulary: both languages share one embedding in the model.
  // Trained on each training pair once, whatever its corpus's weight.
  std::vector<std::string> sentences;
  for (const auto& c : read.corpora) {
    sentences.insert(sentences.end(), c.train.src.begin(), c.train.src.end());
    sentences.insert(sentences.end(), c.train.tgt.begin(), c.train.tgt.end());
  }
  const std::string model_path = o.out_dir + "/spm.model";
  if (o.spm_model.empty()) {
    log << "training SentencePiece (" << o.tokenizer.model_type << ", vocabulary " << o.tokenizer.vocab_size
        << ") on " << sentences.size() << " sentences...\n";
    Tokenizer::train(sentences, model_path, o.tokenizer);
  } else if (fs::absolute(o.spm_model, ec) != fs::absolute(model_path, ec)) {
    log << "SentencePiece: " << o.spm_model << " (given, not trained)\n";
    model::copyFileAtomically(o.spm_model, model_path);
    const auto vocab = fs::path(o.spm_model).replace_extension(".vocab");
    if (fs::is_regular_file(vocab, ec)) model::copyFileAtomically(vocab.string(), o.out_dir + "/spm.vocab");
  }
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
                         {"train_pairs", c.train.size()},
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
                                {"pad_id", kPadId}, {"unk_id", kUnkId}, {"bos_id", kBosId}, {"eos_id", kEosId}};
  else
    summary["sentencepiece"] = {{"model", "spm.model"},
                                {"copied_from", fs::absolute(o.spm_model, ec).string()},
                                {"vocab_size", tokenizer.vocabSize()},
                                {"pad_id", kPadId}, {"unk_id", kUnkId}, {"bos_id", kBosId}, {"eos_id", kEosId}};
  for (const char* split : {"train", "dev", "test"}) {
    const auto encoded = loadEncodedSplit(o.out_dir, split, tokenizer, nullptr, o.threads);
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
  model::writeFileAtomically(o.out_dir + "/summary.json", summary.dump(2) + "\n");
  log << "data folder: " << o.out_dir << " (train " << train.size() << ", dev " << dev.size() << ", test "
      << test.size() << " pairs; vocabulary " << tokenizer.vocabSize() << ")\n";
  return summary;
}

}  // namespace studio::data
