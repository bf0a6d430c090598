#include "model/training/Distillation.h"

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <set>
#include <stdexcept>

#include "model/data/Corpus.h"
#include "model/data/Prepare.h"
#include "model/decoding/TextTranslation.h"
#include "model/evaluation/Bleu.h"
#include "model/files/AtomicFile.h"
#include "model/training/DerivedDataFolder.h"
#include "model/training/FineTune.h"

namespace studio::model {

namespace fs = std::filesystem;

nlohmann::json distillData(const Translator& teacher, const DistillationOptions& options, std::ostream& log,
                           const std::function<void(size_t, size_t)>& progress) {
  checkNewDataFolder(options.out_dir, options.data_dir);
  std::error_code ec;
  const fs::path data = fs::absolute(options.data_dir), out = fs::absolute(options.out_dir);
  const auto sources = dataFolderLines(options.data_dir, "train.vi");
  const auto references = dataFolderLines(options.data_dir, "train.en");
  if (sources.size() != references.size())
    throw std::invalid_argument("'" + (data / "train.vi").string() + "' has " +
                                std::to_string(sources.size()) + " lines and '" +
                                (data / "train.en").string() + "' " + std::to_string(references.size()) +
                                ": not one data folder's training split");
  if (sources.empty()) throw std::invalid_argument("'" + (data / "train.vi").string() + "' has no pairs");
  std::vector<std::string> dev[2], test[2];
  for (int side = 0; side < 2; ++side) {
    const std::string language = side == 0 ? ".vi" : ".en";
    dev[side] = dataFolderLines(options.data_dir, "dev" + language);
    test[side] = dataFolderLines(options.data_dir, "test" + language);
  }

  log << "the teacher translates " << sources.size() << " training sources of " << options.data_dir
      << " (beam " << options.decoding.beam_size << ")\n";
  const auto started = std::chrono::steady_clock::now();
  const auto translated = translateTexts(teacher, sources, options.decoding, data::SplitMode::Lines,
                                         options.max_tokens, progress);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  std::vector<std::string> targets;
  targets.reserve(translated.size());
  size_t identical = 0, empty = 0, cut = 0;
  for (size_t i = 0; i < translated.size(); ++i) {
    targets.push_back(translated[i].text());
    identical += targets.back() == references[i];
    empty += targets.back().empty();
    cut += !translated[i].source.notices.empty();
  }
  std::set<std::string> distinct(sources.begin(), sources.end());
  const auto bleu = corpusBleu(targets, references);

  // The teacher's corpus in a folder of its own beside the output, prepared
  // into a staging folder, which becomes the output folder once whole.
  const fs::path corpus = out.string() + ".teacher-corpus", staging = out.string() + ".preparing";
  fs::remove_all(corpus, ec);
  fs::remove_all(staging, ec);
  RemovedUnlessKept corpus_guard(corpus.string()), staging_guard(staging.string());
  fs::create_directories(corpus);
  writeLines((corpus / "train.vi").string(), sources);
  writeLines((corpus / "train.en").string(), targets);
  writeLines((corpus / "dev.vi").string(), dev[0]);
  writeLines((corpus / "dev.en").string(), dev[1]);
  writeLines((corpus / "test.vi").string(), test[0]);
  writeLines((corpus / "test.en").string(), test[1]);
  data::PrepareOptions prepare;
  prepare.corpora.push_back({corpus.string(), "", "", data::CorpusFormat::Auto, 1});
  prepare.out_dir = staging.string();
  prepare.spm_model = teacher.tokenizer().path();
  prepare.stop = options.stop;
  nlohmann::json summary;
  try {
    summary = data::prepareData(prepare, log);
  } catch (const data::CorpusError& e) {
    // The folder it names is ours and gone: name the data folder the teacher translated instead.
    std::string message = e.what();
    const std::string ours = corpus.string(), theirs = data.string();
    for (size_t at = message.find(ours); at != std::string::npos; at = message.find(ours, at + theirs.size()))
      message.replace(at, ours.size(), theirs);
    throw data::CorpusError("the teacher's translations of " + (data / "train.vi").string() +
                            " did not make a data folder (its English is the teacher's): " + message);
  }

  nlohmann::json record = {
      {"teacher", options.teacher_files},
      {"data", data.string()},
      {"beam", options.decoding.beam_size},
      {"length_penalty", options.decoding.length_penalty},
      {"int8", options.decoding.int8},
      {"bf16", options.decoding.bf16},
      {"training_pairs", sources.size()},
      {"distinct_sources", distinct.size()},
      {"seconds", seconds},
      {"identical_to_reference", identical},
      {"empty_translations", empty},
      {"sources_cut_to_fit", cut},
      {"bleu_against_reference", bleu.score},
      {"training_pairs_kept", summary["splits"]["train"]["pairs"]},
  };
  // summary.json names the corpus it read: the data folder's Vietnamese with the teacher's English (the
  // folder that held them is removed).
  const std::string read_from = data.string() + " (its Vietnamese, the teacher's English)";
  summary["corpus"] = read_from;
  for (auto& corpus_summary : summary["corpora"])
    corpus_summary["corpus"] = corpus_summary["path"] = read_from;
  summary["distillation"] = record;
  writeFileAtomically((staging / "summary.json").string(), summary.dump(2) + "\n");
  writeFileAtomically((staging / "distillation.json").string(), record.dump(2) + "\n");
  fs::remove_all(corpus, ec);
  moveDataFolderIntoPlace(staging.string(), options.out_dir);
  staging_guard.keep();
  log << "distilled data folder: " << options.out_dir
      << " (the teacher's translations equal the reference in " << identical << " of " << sources.size()
      << " pairs; BLEU against it " << bleu.score << ")\n";
  return record;
}

std::vector<StudentRun> findStudents(const std::string& teacher_model) {
  std::vector<StudentRun> students;
  std::error_code ec;
  fs::path teacher_run;
  try {
    teacher_run = findModelOrigin(teacher_model).run_dir;
  } catch (const std::exception&) {
    return students;
  }
  if (teacher_run.empty()) return students;
  const fs::path teacher = fs::weakly_canonical(fs::absolute(teacher_model), ec);
  auto readJson = [](const fs::path& path) {
    std::ifstream in(path);
    return nlohmann::json::parse(in, nullptr, /*allow_exceptions=*/false);
  };
  for (const auto& entry : fs::directory_iterator(teacher_run.parent_path(), ec)) {
    const fs::path run = entry.path();
    if (!entry.is_directory(ec) || fs::equivalent(run, teacher_run, ec) ||
        !fs::is_regular_file(run / "best.pt", ec))
      continue;
    const auto config = readJson(run / "config.json");
    if (!config.is_object() || !config.contains("data") || !config["data"].is_string()) continue;
    const auto record = readJson(fs::path(config["data"].get<std::string>()) / "distillation.json");
    if (!record.is_object() || !record.contains("teacher") || !record["teacher"].is_array() ||
        record["teacher"].empty() || !record["teacher"][0].is_string())
      continue;
    if (fs::weakly_canonical(fs::absolute(record["teacher"][0].get<std::string>()), ec) != teacher) continue;
    students.push_back({run.filename().string(), run.string(), (run / "best.pt").string()});
  }
  std::sort(students.begin(), students.end(),
            [](const StudentRun& a, const StudentRun& b) { return a.name < b.name; });
  return students;
}

}  // namespace studio::model
