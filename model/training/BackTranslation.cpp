#include "model/training/BackTranslation.h"

#include <chrono>
#include <cmath>
#include <filesystem>
#include <stdexcept>
#include <unordered_set>

#include "model/data/Corpus.h"
#include "model/data/Prepare.h"
#include "model/data/Text.h"
#include "model/decoding/TextTranslation.h"
#include "model/files/AtomicFile.h"
#include "model/training/DerivedDataFolder.h"

namespace studio::model {

namespace fs = std::filesystem;

MonolingualEnglish readMonolingualEnglish(const std::vector<std::string>& files, const std::string& data_dir,
                                          size_t max_sentences) {
  if (files.empty()) throw std::invalid_argument("no English text given to back-translate");
  // The data folder's English, whitespace normalized as the new lines are.
  std::unordered_set<std::string> held_out, training;
  for (const char* split : {"dev.en", "test.en"})
    for (const auto& line : dataFolderLines(data_dir, split))
      held_out.insert(data::normalizeWhitespace(line));
  for (const auto& line : dataFolderLines(data_dir, "train.en"))
    training.insert(data::normalizeWhitespace(line));

  MonolingualEnglish out;
  // prepare's limits: a longer line would be dropped there after translation.
  const data::FilterOptions filter;
  std::unordered_set<std::string> seen;
  for (const auto& file : files) {
    const auto lines = data::readLines(file);
    for (size_t i = 0; i < lines.size(); ++i) {
      ++out.read;
      if (!data::isValidUtf8(lines[i]))
        throw data::CorpusError("'" + file + "' line " + std::to_string(i + 1) +
                                ": not UTF-8 (give English text in UTF-8, a sentence a line)");
      std::string line = data::normalizeWhitespace(lines[i]);
      if (line.empty()) {
        ++out.blank;
      } else if (data::wordCount(line) > filter.max_words) {
        ++out.too_long;
      } else if (held_out.count(line)) {
        ++out.in_dev_or_test;
      } else if (training.count(line)) {
        ++out.in_training;
      } else if (!seen.insert(line).second) {
        ++out.duplicates;
      } else if (max_sentences > 0 && out.lines.size() >= max_sentences) {
        ++out.beyond_limit;
      } else {
        out.lines.push_back(std::move(line));
      }
    }
  }
  if (out.lines.empty())
    throw std::invalid_argument(
        "nothing to back-translate in " + std::string(files.size() == 1 ? "'" : "the files '") +
        files.front() + "'" + (files.size() > 1 ? " and the others" : "") + ": of " +
        std::to_string(out.read) + " lines, " + std::to_string(out.blank) + " blank, " +
        std::to_string(out.too_long) + " too long, " + std::to_string(out.in_dev_or_test) +
        " the English of a dev or test pair, " + std::to_string(out.in_training) + " of a training pair, " +
        std::to_string(out.duplicates) + " repeated");
  return out;
}

nlohmann::json backTranslateData(const Translator& reverse, const BackTranslationOptions& options,
                                 std::ostream& log, const std::function<void(size_t, size_t)>& progress) {
  const std::string model_name =
      options.model_files.empty() ? "the model" : "'" + options.model_files.front() + "'";
  if (!reverse.modelHandle()->options().reversed)
    throw std::invalid_argument(
        model_name +
        " translates Vietnamese to English; back-translation needs one that translates "
        "English to Vietnamese: train it on the data folder with --direction en-vi");
  if (options.real_weight < 1 || options.real_weight > data::kMaxCorpusWeight)
    throw std::invalid_argument("the weight of the real pairs must be within [1, " +
                                std::to_string(data::kMaxCorpusWeight) + "], got " +
                                std::to_string(options.real_weight));
  checkNewDataFolder(options.out_dir, options.data_dir);
  const fs::path data = fs::absolute(options.data_dir), out = fs::absolute(options.out_dir);
  const std::string spm = (data / "spm.model").string();
  std::error_code ec;
  if (!fs::is_regular_file(spm, ec))
    throw std::invalid_argument("'" + spm + "' is missing: give a data folder made by prepare");
  const auto english = readMonolingualEnglish(options.english, options.data_dir, options.max_sentences);

  log << "back-translating " << english.lines.size() << " English sentences to Vietnamese with " << model_name
      << " ("
      << (options.decoding.sampling.on ? "sampling" : "beam " + std::to_string(options.decoding.beam_size))
      << ")\n";
  const auto started = std::chrono::steady_clock::now();
  const auto translated = translateTexts(reverse, english.lines, options.decoding, data::SplitMode::Lines,
                                         options.max_tokens, progress);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  std::vector<std::string> sources, targets;
  size_t empty = 0, cut = 0;
  for (size_t i = 0; i < translated.size(); ++i) {
    const std::string vietnamese = translated[i].text();
    cut += !translated[i].source.notices.empty();
    if (vietnamese.empty()) {
      ++empty;
      continue;
    }
    sources.push_back(vietnamese);
    targets.push_back(english.lines[i]);
  }

  if (sources.empty())
    throw std::invalid_argument(
        model_name + " translated each of the " + std::to_string(english.lines.size()) +
        " English sentences to nothing: train it longer (its dev BLEU says how far it is)");

  // The synthetic pairs in a folder of their own beside the output; the data folder itself is the other
  // corpus. Both are prepared into a staging folder, which becomes the output folder once whole.
  const fs::path corpus = out.string() + ".synthetic-corpus", staging = out.string() + ".preparing";
  fs::remove_all(corpus, ec);
  fs::remove_all(staging, ec);
  RemovedUnlessKept corpus_guard(corpus.string()), staging_guard(staging.string());
  fs::create_directories(corpus);
  writeLines((corpus / "train.vi").string(), sources);
  writeLines((corpus / "train.en").string(), targets);
  data::PrepareOptions prepare;
  prepare.corpora.push_back({data.string(), "", "", data::CorpusFormat::Split, options.real_weight});
  prepare.corpora.push_back({corpus.string(), "", "", data::CorpusFormat::Split, 1});
  prepare.out_dir = staging.string();
  prepare.spm_model = spm;
  prepare.stop = options.stop;
  nlohmann::json summary = data::prepareData(prepare, log);

  nlohmann::json record = {
      {"model", options.model_files},
      {"data", data.string()},
      {"english", options.english},
      {"search", options.decoding.sampling.on ? "sampling" : "beam"},
      {"int8", options.decoding.int8},
      {"bf16", options.decoding.bf16},
      {"lines_read", english.read},
      {"left_out",
       {{"blank", english.blank},
        {"too_long", english.too_long},
        {"in_dev_or_test", english.in_dev_or_test},
        {"in_training", english.in_training},
        {"duplicates", english.duplicates},
        {"beyond_max_sentences", english.beyond_limit}}},
      {"translated", english.lines.size()},
      {"empty_translations", empty},
      {"sources_cut_to_fit", cut},
      {"seconds", seconds},
      {"real_weight", options.real_weight},
  };
  if (!options.decoding.sampling.on)
    record["beam"] = options.decoding.beam_size;
  else
    record["sampling"] = {{"temperature", options.decoding.sampling.temperature},
                          {"top_k", options.decoding.sampling.top_k},
                          {"top_p", options.decoding.sampling.top_p},
                          {"seed", options.decoding.sampling.seed}};
  // summary.json names the synthetic corpus by what it is (the folder that held it is removed).
  const std::string synthetic = "back-translated English of " + nlohmann::json(options.english).dump();
  if (summary.contains("corpora") && summary["corpora"].size() == 2) {
    summary["corpora"][1]["corpus"] = summary["corpora"][1]["path"] = synthetic;
    record["real_pairs_kept"] = summary["corpora"][0]["read"]["train"]["kept"];
    record["synthetic_pairs_kept"] = summary["corpora"][1]["read"]["train"]["kept"];
  }
  summary["backtranslation"] = record;
  writeFileAtomically((staging / "summary.json").string(), summary.dump(2) + "\n");
  writeFileAtomically((staging / "backtranslation.json").string(), record.dump(2) + "\n");
  fs::remove_all(corpus, ec);
  moveDataFolderIntoPlace(staging.string(), options.out_dir);
  staging_guard.keep();
  log << "back-translated data folder: " << options.out_dir << " ("
      << record.value("synthetic_pairs_kept", nlohmann::json(sources.size())).dump()
      << " synthetic pairs kept of " << english.lines.size()
      << " English sentences, beside the training pairs of " << options.data_dir << "; "
      << std::lround(seconds) << " s to translate)\n";
  return record;
}

}  // namespace studio::model
