#include "model/data/Prepare.h"

#include <chrono>
#include <filesystem>

#include "model/data/Batching.h"
#include "model/data/EncodedCorpus.h"
#include "model/data/Text.h"
#include "model/data/TmxFile.h"
#include "model/files/AtomicFile.h"

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
    case CorpusFormat::Auto: return "auto";
    case CorpusFormat::Split: return "split";
    case CorpusFormat::Iwslt: return "iwslt";
    case CorpusFormat::Parallel: return "parallel";
    case CorpusFormat::Tsv: return "tsv";
    case CorpusFormat::Tmx:
      return "tmx";
  }
  return "auto";
}

namespace {

bool isFile(const fs::path& p) {
  std::error_code ec;
  return fs::is_regular_file(p, ec);
}

bool hasPair(const fs::path& dir, const std::string& name) {
  return isFile(dir / (name + ".vi")) && isFile(dir / (name + ".en"));
}

}  // namespace

CorpusFormat detectFormat(const PrepareOptions& o) {
  if (o.format == CorpusFormat::Parallel || (o.format == CorpusFormat::Auto && !o.src.empty())) {
    if (o.src.empty() || o.tgt.empty())
      throw CorpusError("a parallel corpus needs both a source (Vietnamese) and a target (English) file");
    return CorpusFormat::Parallel;
  }
  if (o.corpus.empty()) throw CorpusError("no corpus given");
  std::error_code ec;
  if (!fs::exists(o.corpus, ec)) throw CorpusError("corpus '" + o.corpus + "' does not exist");
  const bool file = fs::is_regular_file(o.corpus, ec);
  if ((o.format == CorpusFormat::Tsv || o.format == CorpusFormat::Tmx) && !file)
    throw CorpusError("corpus '" + o.corpus + "' is a folder, not a " + toString(o.format) + " file");
  if (o.format != CorpusFormat::Auto) return o.format;
  if (file) return looksLikeTmx(o.corpus) ? CorpusFormat::Tmx : CorpusFormat::Tsv;
  const fs::path dir(o.corpus);
  if (hasPair(dir, "train") && hasPair(dir, "tst2012")) return CorpusFormat::Iwslt;
  if (hasPair(dir, "train")) return CorpusFormat::Split;
  throw CorpusError("corpus folder '" + o.corpus +
                    "' holds neither train.vi + train.en (a split corpus, e.g. the demo corpus) nor "
                    "IWSLT'15 files (train.vi, train.en, tst2012.*, tst2013.*)");
}

namespace {

struct SplitText {
  ParallelText text;
  ReadSummary summary;
};

FilterOptions heldOutFilter(const FilterOptions& train) {
  // Dev and test sets are not filtered by length: evaluation must see them all.
  FilterOptions o = train;
  o.max_words = size_t(-1);
  o.max_ratio = 1e300;
  o.dedupe = false;  // nor cleared of repeats: a test set may hold a sentence twice
  return o;
}

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
  const CorpusFormat format = detectFormat(o);
  if (o.out_dir.empty()) throw CorpusError("no output folder given");
  FilterOptions filter = o.filter;
  filter.unescape = o.unescape.value_or(format == CorpusFormat::Iwslt);
  filter.detokenize = o.detokenize.value_or(false);
  const FilterOptions held_out = heldOutFilter(filter);

  SplitText train, dev, test;
  bool split_by_hash = false;
  const fs::path dir(o.corpus);
  switch (format) {
    case CorpusFormat::Parallel:
      train.text = readParallelFiles(o.src, o.tgt, filter, train.summary);
      split_by_hash = true;
      break;
    case CorpusFormat::Tsv:
      train.text = readTsv(o.corpus, filter, train.summary);
      split_by_hash = true;
      break;
    case CorpusFormat::Tmx:
      train.text = readTmx(o.corpus, filter, train.summary);
      split_by_hash = true;
      break;
    case CorpusFormat::Iwslt:
      train.text = readParallelFiles((dir / "train.vi").string(), (dir / "train.en").string(), filter, train.summary);
      dev.text = readParallelFiles((dir / "tst2012.vi").string(), (dir / "tst2012.en").string(), held_out, dev.summary);
      if (!hasPair(dir, "tst2013"))
        throw CorpusError("IWSLT'15 folder '" + o.corpus + "' has no tst2013.vi + tst2013.en (the test set)");
      test.text = readParallelFiles((dir / "tst2013.vi").string(), (dir / "tst2013.en").string(), held_out, test.summary);
      break;
    case CorpusFormat::Split:
    case CorpusFormat::Auto:
      train.text = readParallelFiles((dir / "train.vi").string(), (dir / "train.en").string(), filter, train.summary);
      if (hasPair(dir, "dev"))
        dev.text = readParallelFiles((dir / "dev.vi").string(), (dir / "dev.en").string(), held_out, dev.summary);
      if (hasPair(dir, "test"))
        test.text = readParallelFiles((dir / "test.vi").string(), (dir / "test.en").string(), held_out, test.summary);
      split_by_hash = !hasPair(dir, "dev") || !hasPair(dir, "test");
      break;
  }
  for (const auto* s : {&train, &dev, &test})
    if (!s->summary.source.empty()) log << s->summary.describe() << "\n";

  if (split_by_hash) {
    // Hold out dev and/or test from the training data, by a hash of the
    // Vietnamese side, like the demo corpus.
    ParallelText all = std::move(train.text);
    train.text = {};
    const bool need_dev = dev.text.size() == 0, need_test = test.text.size() == 0;
    if (all.size() < kMinimumPairsToSplit)
      throw CorpusError("corpus '" + (format == CorpusFormat::Parallel ? o.src : o.corpus) + "' has " +
                        std::to_string(all.size()) + " usable pairs after cleaning (" + train.summary.describe() +
                        "); holding out dev and test sets needs at least " + std::to_string(kMinimumPairsToSplit) +
                        ": add pairs, or give dev and test files of your own");
    auto [dev_fraction, test_fraction] = heldOutFractions(all.size());
    if (!need_dev) dev_fraction = 0;
    if (!need_test) test_fraction = 0;
    for (size_t i = 0; i < all.size(); ++i) {
      const Split split = splitOf(all.src[i], dev_fraction, test_fraction);
      ParallelText& target = split == Split::Dev ? dev.text : split == Split::Test ? test.text : train.text;
      target.src.push_back(std::move(all.src[i]));
      target.tgt.push_back(std::move(all.tgt[i]));
    }
    log << "held out by hash of the Vietnamese side: dev " << (need_dev ? dev.text.size() : 0) << ", test "
        << (need_test ? test.text.size() : 0) << "\n";    if (need_dev && dev.text.size() == 0)
      throw CorpusError("no pair of corpus '" + o.corpus + "' fell into the dev set (" + std::to_string(all.size()) +
                        " pairs): add pairs, or give dev files of your own");
  }
  if (train.text.size() == 0) throw CorpusError("no training pairs are left after filtering: " + train.summary.describe());

  std::error_code ec;
  if (!o.spm_model.empty()) Tokenizer check(o.spm_model);  // a bad file is refused before anything is written
  fs::create_directories(o.out_dir, ec);
  if (ec) throw CorpusError("cannot create the data folder '" + o.out_dir + "': " + ec.message());
  writeParallel(o.out_dir, "train", train.text);
  writeParallel(o.out_dir, "dev", dev.text);
  writeParallel(o.out_dir, "test", test.text);

  // A joint vocabulary: both languages share one embedding in the model.
  std::vector<std::string> sentences;
  sentences.reserve(train.text.size() * 2);
  sentences.insert(sentences.end(), train.text.src.begin(), train.text.src.end());
  sentences.insert(sentences.end(), train.text.tgt.begin(), train.text.tgt.end());
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
  nlohmann::json warnings = nlohmann::json::array();
  if (o.spm_model.empty() && tokenizer.vocabSize() < o.tokenizer.vocab_size) {
    const std::string warning = "the vocabulary has " + std::to_string(tokenizer.vocabSize()) + " pieces, not the " +
                                std::to_string(o.tokenizer.vocab_size) +
                                " asked for: the training text is too small for more";
    log << "warning: " << warning << "\n";
    warnings.push_back(warning);
  }

  nlohmann::json summary;
  summary["format"] = toString(format);
  summary["corpus"] = format == CorpusFormat::Parallel ? o.src + " + " + o.tgt : o.corpus;
  summary["filter"] = {{"max_words", filter.max_words},
                       {"max_ratio", filter.max_ratio},
                       {"unescape", filter.unescape},
                       {"detokenize", filter.detokenize},
                       {"dedupe", filter.dedupe},
                       {"encoding", filter.encoding ? model::legacyEncodingName(*filter.encoding) : "UTF-8"}};
  summary["read"] = nlohmann::json::object();
  for (const auto& [name, s] : {std::pair{"train", &train}, {"dev", &dev}, {"test", &test}})
    if (!s->summary.source.empty()) summary["read"][name] = s->summary.toJson();
  summary["held_out_by_hash"] = split_by_hash;
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
  log << "data folder: " << o.out_dir << " (train " << train.text.size() << ", dev " << dev.text.size()
      << ", test " << test.text.size() << " pairs; vocabulary " << tokenizer.vocabSize() << ")\n";
  return summary;
}

}  // namespace studio::data
