#include "model/training/Corrections.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <unordered_set>

#include <nlohmann/json.hpp>

#include "model/data/Text.h"
#include "model/data/TmxWriter.h"
#include "model/files/AtomicFile.h"
#include "model/training/FineTune.h"
#include "model/training/RunFolder.h"

namespace studio::model {

namespace fs = std::filesystem;

namespace {

std::string oneLine(std::string text) {
  std::replace_if(text.begin(), text.end(), [](char c) { return c == '\t' || c == '\n' || c == '\r'; }, ' ');
  return data::normalizeWhitespace(text);
}

}  // namespace

std::string correctionsFileFor(const std::string& model_path) {
  fs::path dir = fs::absolute(model_path).parent_path();
  const auto name = dir.filename().string();
  if (name == "checkpoints" || name == "models") dir = dir.parent_path();
  return (dir / "corrections.tsv").string();
}

size_t appendCorrection(const std::string& path, const Correction& c) {
  const Correction clean{oneLine(c.source), oneLine(c.corrected), oneLine(c.before), 0};
  if (clean.source.empty()) throw std::invalid_argument("a correction needs its Vietnamese sentence");
  if (clean.corrected.empty()) throw std::invalid_argument("a correction needs the corrected translation");
  LineAppender file(path);
  file.open();
  file.append(clean.source + "\t" + clean.corrected + "\t" + clean.before);
  return readCorrections(path).size();
}

std::vector<Correction> readCorrections(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return {};  // none made yet
  std::vector<Correction> out;
  std::string line;
  size_t number = 0;
  while (std::getline(in, line)) {
    ++number;
    const std::string where = path + ":" + std::to_string(number) + ": ";
    if (!data::isValidUtf8(line)) throw std::runtime_error(where + "not UTF-8 text");
    if (line.empty()) continue;
    const auto first = line.find('\t'), second = first == std::string::npos ? first : line.find('\t', first + 1);
    if (second == std::string::npos)
      throw std::runtime_error(where + "a correction is SOURCE<TAB>CORRECTED<TAB>BEFORE (two tabs)");
    Correction c{line.substr(0, first), line.substr(first + 1, second - first - 1), line.substr(second + 1), number};
    if (c.source.empty()) throw std::runtime_error(where + "the Vietnamese sentence is empty");
    if (c.corrected.empty()) throw std::runtime_error(where + "the corrected translation is empty");
    out.push_back(std::move(c));
  }
  return out;
}

std::vector<Correction> newestOfEachSentence(std::vector<Correction> corrections) {
  std::vector<Correction> out;
  std::unordered_set<std::string> seen;
  for (auto c = corrections.rbegin(); c != corrections.rend(); ++c)
    if (seen.insert(c->source).second) out.push_back(std::move(*c));
  std::reverse(out.begin(), out.end());
  return out;
}

std::vector<Correction> correctionsWithLineage(const std::string& model_path,
                                               std::vector<std::string>* files) {
  // The model's own file, then each model it started from, up to one that started from nothing.
  std::vector<std::string> chain;
  std::vector<std::string> runs;
  std::string path = model_path;
  for (int depth = 0; depth < 64 && !path.empty(); ++depth) {
    chain.push_back(correctionsFileFor(path));
    std::string next;
    try {
      const auto origin = findModelOrigin(path);
      if (origin.run_dir.empty()) break;
      if (std::find(runs.begin(), runs.end(), origin.run_dir) != runs.end()) break;  // a loop of runs
      runs.push_back(origin.run_dir);
      next = readRunConfig(origin.run_dir).init_from;
    } catch (const std::exception&) {
      break;  // a model or run no longer there: its corrections, if any, were read; the chain ends
    }
    path = next;
  }
  std::vector<Correction> out;
  if (files) files->clear();
  for (auto file = chain.rbegin(); file != chain.rend(); ++file) {
    auto later = newestOfEachSentence(readCorrections(*file));
    if (later.empty()) continue;
    if (files) files->push_back(*file);
    out.erase(std::remove_if(out.begin(), out.end(),
                             [&](const Correction& c) {
                               return std::any_of(later.begin(), later.end(),
                                                  [&](const Correction& l) { return l.source == c.source; });
                             }),
              out.end());
    for (auto& c : later) out.push_back(std::move(c));
  }
  return out;
}

size_t exportCorrectionsTmx(const std::string& file, const std::string& out, const std::string& version) {
  std::error_code ignored;
  if (fs::equivalent(file, out, ignored))
    throw std::runtime_error("'" + out + "' is the corrections file itself: choose another file");
  const auto corrections = readCorrections(file);
  if (corrections.empty()) throw std::runtime_error("'" + file + "' holds no corrections to export");
  std::vector<data::TmxUnit> units;
  for (const auto& c : corrections) {
    try {
      data::checkTmxText(c.source, "the Vietnamese sentence");
      data::checkTmxText(c.corrected, "the corrected translation");
      data::checkTmxText(c.before, "what the model said");
    } catch (const std::invalid_argument& e) {
      throw std::runtime_error(file + ":" + std::to_string(c.line) + ": " + e.what());
    }
    data::TmxUnit unit{c.source, c.corrected, {}};
    if (!c.before.empty()) unit.properties.emplace_back("x-model-translation", c.before);
    units.push_back(std::move(unit));
  }
  writeFileAtomically(out, data::tmxDocument(units, "Attention Studio", version));
  return units.size();
}

void writeCorrectionsData(const std::vector<Correction>& corrections, const std::string& spm_path,
                          const std::string& out_dir, int repeat) {
  if (corrections.empty()) throw std::invalid_argument("there are no corrections to learn from");
  fs::create_directories(out_dir);
  std::string train_vi, train_en, dev_vi, dev_en;
  for (const auto& c : corrections) {
    dev_vi += c.source + "\n";
    dev_en += c.corrected + "\n";
  }
  for (int r = 0; r < std::max(1, repeat); ++r) train_vi += dev_vi, train_en += dev_en;
  writeFileAtomically(out_dir + "/train.vi", train_vi);
  writeFileAtomically(out_dir + "/train.en", train_en);
  writeFileAtomically(out_dir + "/dev.vi", dev_vi);
  writeFileAtomically(out_dir + "/dev.en", dev_en);
  writeFileAtomically(out_dir + "/test.vi", "");
  writeFileAtomically(out_dir + "/test.en", "");
  copyFileAtomically(spm_path, out_dir + "/spm.model");
  const size_t n = corrections.size(), train = n * size_t(std::max(1, repeat));
  const nlohmann::json summary{{"format", "corrections"},
                               {"corrections", n},
                               {"repeat", repeat},
                               {"read", {{"train", {{"read", train}, {"kept", train}}}, {"dev", {{"read", n}, {"kept", n}}}}},
                               {"sentencepiece", {{"model", "spm.model"}, {"copied_from", spm_path}}}};
  writeFileAtomically(out_dir + "/summary.json", summary.dump(2) + "\n");
}

TrainingConfig correctionsLearningConfig(const std::string& model_path, const std::string& original_data,
                                         int64_t steps) {
  auto c = fineTuningPreset();
  c.init_from = model_path;
  c.original_data = original_data;
  c.replay_share = original_data.empty() ? 0.0 : 0.75;
  c.max_steps = std::max<int64_t>(1, steps);
  c.eval_every = std::max<int64_t>(1, steps / 4);
  c.warmup_steps = std::max<int64_t>(1, std::min<int64_t>(c.warmup_steps, steps / 4));
  c.eval_sentences = 300;
  c.eval_samples = 3;
  c.default_probes = 0;
  c.cpu_workers = 1;
  return c;
}

}  // namespace studio::model
