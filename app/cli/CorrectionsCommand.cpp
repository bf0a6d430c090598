// learn-corrections: fine-tunes a model on the corrections made to its
// translations (corrections.tsv), briefly, and shows what changed.
// export-corrections: the corrections as a TMX translation memory.

#include <cstdio>
#include <filesystem>
#include <iostream>

#include <nlohmann/json.hpp>

#include "app/cli/Commands.h"
#include "app/cli/ModelOptions.h"
#include "model/decoding/PairScoring.h"
#include "model/decoding/Translator.h"
#include "model/training/Checkpoints.h"
#include "model/training/Corrections.h"
#include "model/training/FineTune.h"
#include "model/training/Trainer.h"

namespace studio::cli {

const CommandSpec& learnCorrectionsSpec() {
  static const CommandSpec spec{
      "learn-corrections",
      "Fine-tune a model on the corrections made to its translations\n\n"
      "Reads the corrections (SOURCE<TAB>CORRECTED<TAB>BEFORE a line: the app's Translate workspace\n"
      "appends them to corrections.tsv in the model's run folder; any such file will do), fine-tunes the\n"
      "model on them for a bounded number of steps with original training pairs replayed (three in four\n"
      "of the training pairs), evaluates the corrections and the original dev split before and after,\n"
      "and prints each corrected sentence's translation before and after. The new model is RUN_DIR's\n"
      "last checkpoint.",
      {
          {"model", "FILE", "the model that was corrected (required)"},
          {"out", "RUN_DIR", "the run folder of this round (required; must hold no checkpoint)"},
          {"corrections", "FILE",
           "the corrections (default: corrections.tsv of the model's run folder, and those of the\n"
           "models it was fine-tuned from, a sentence corrected again taking its newest correction)"},
          {"steps", "N", "optimizer steps (default 200)"},
          {"original-data", "DIR", "the data folder the model learnt from (default: the one its run names)"},
          {"no-original", "", "replay nothing and evaluate the corrections only"},
          {"replay-share", "R", "share of the training pairs drawn from the original data (default 0.75)"},
          {"device", "DEVICE", "auto (default), cpu, cuda or cuda:N"},
      }};
  return spec;
}

const CommandSpec& exportCorrectionsSpec() {
  static const CommandSpec spec{
      "export-corrections",
      "Write the corrections kept for a model as a TMX translation memory\n\n"
      "Each correction (SOURCE<TAB>CORRECTED<TAB>BEFORE) becomes a translation unit: the Vietnamese source\n"
      "and the corrected English, what the model had said as its property x-model-translation. CAT tools\n"
      "(Trados, memoQ, OmegaT) import the file into a memory; `prepare` reads it as a corpus.",
      {
          {"model", "FILE", "the model that was corrected (its run folder's corrections.tsv)"},
          {"corrections", "FILE",
           "the corrections file instead (default: corrections.tsv of --model's run folder)"},
          {"out", "FILE", "the TMX file to write (required), whole or not at all"},
      }};
  return spec;
}

int runExportCorrections(const ParsedArgs& args) {
  if (!args.has("model") && !args.has("corrections")) throw UsageError("give --model or --corrections");
  const std::string file =
      args.has("corrections") ? args.require("corrections") : model::correctionsFileFor(oneModel(args));
  const std::string out = args.require("out");
  std::error_code ignored;
  if (std::filesystem::equivalent(file, out, ignored))
    throw UsageError("--out is the corrections file itself: choose another file");
  const size_t written = model::exportCorrectionsTmx(file, out, STUDIO_VERSION);
  std::printf("wrote %zu corrections from %s to %s\n", written, file.c_str(), out.c_str());
  return kOk;
}

int runLearnCorrections(const ParsedArgs& args) {
  const std::string model_path = oneModel(args), out = args.require("out");
  const auto origin = model::findModelOrigin(model_path);
  // --corrections FILE: those alone; else the model's and those of the models it was fine-tuned from.
  const std::string chosen = args.getOr("corrections", "");
  std::vector<std::string> files{chosen};
  const auto corrections = chosen.empty() ? model::correctionsWithLineage(model_path, &files)
                                          : model::newestOfEachSentence(model::readCorrections(chosen));
  std::string file;
  for (const auto& f : files) file += (file.empty() ? "" : ", ") + f;
  if (corrections.empty())
    throw std::runtime_error("'" + (chosen.empty() ? model::correctionsFileFor(model_path) : chosen) +
                             "' holds no corrections to learn from");
  if (args.has("original-data") && args.has("no-original"))
    throw UsageError("--original-data and --no-original contradict each other");
  const std::string original = args.has("no-original") ? "" : args.getOr("original-data", origin.data_dir);
  const int64_t steps = args.integer("steps", 200, 1, 1000000);
  const auto device = deviceFrom(args.getOr("device", "auto"));
  if (!model::latestCheckpoint(out).empty())
    throw std::runtime_error("run folder '" + out + "' already holds checkpoints: choose another folder");

  const std::string data_dir = out + "/corrections-data";
  model::writeCorrectionsData(corrections, origin.spm_path, data_dir);
  std::vector<std::string> sources, wanted;
  for (const auto& c : corrections) {
    sources.push_back(c.source);
    wanted.push_back(c.corrected);
  }
  model::DecodingOptions decoding;
  // A model's translations of the sources, and the probability it gives the corrections (score).
  struct Probe {
    std::vector<std::string> texts;
    std::vector<model::PairScore> scores;
  };
  auto translate = [&](const std::string& path) {
    Probe probe;
    auto translator = model::Translator::fromFiles(path, origin.spm_path, device);
    for (const auto& list : translator.translate(sources, decoding))
      probe.texts.push_back(list.empty() ? "" : list[0].text);
    probe.scores = model::scorePairs(translator, sources, wanted);
    return probe;
  };
  const auto before = translate(origin.model_path);

  auto config = model::correctionsLearningConfig(origin.model_path, original, steps);
  if (!original.empty()) config.replay_share = args.number("replay-share", config.replay_share, 0.0, 0.9);
  config.device = args.getOr("device", "auto");
  std::printf("learning %zu corrections of %s: %lld steps%s\n", corrections.size(), file.c_str(),
              static_cast<long long>(steps), original.empty() ? "" : (", replaying " + original).c_str());
  std::vector<model::EvalEvent> evals;
  std::string failure;
  model::TrainerCallbacks callbacks;
  callbacks.log = [](const std::string& line) { std::cout << line << std::endl; };
  callbacks.evaluation = [&](const model::EvalEvent& e) {
    evals.push_back(e);
    std::printf("eval step %lld | corrections BLEU %.2f", static_cast<long long>(e.step), e.bleu);
    if (e.original_bleu >= 0) std::printf(" | original dev BLEU %.2f", e.original_bleu);
    std::printf("\n");
    std::fflush(stdout);
  };
  callbacks.failed = [&](const std::string& message) { failure = message; };
  model::Trainer trainer(config, data_dir, out, false, callbacks);
  if (!trainer.run()) throw std::runtime_error(failure);
  const std::string learnt = model::latestCheckpoint(out);
  const auto after = translate(learnt);

  size_t as_corrected_before = 0, as_corrected_after = 0, scored = 0;
  double mean_before = 0.0, mean_after = 0.0;  // of the corrections scored both times
  // A correction's mean log-probability a piece, or why it has none (too long for the model).
  auto mean = [](const model::PairScore& s) {
    char text[32];
    std::snprintf(text, sizeof text, "%.3f", s.scored ? s.meanLogProbability() : 0.0);
    return s.scored ? std::string(text) : "not scored (" + s.why + ")";
  };
  for (size_t i = 0; i < corrections.size(); ++i) {
    as_corrected_before += before.texts[i] == corrections[i].corrected;
    as_corrected_after += after.texts[i] == corrections[i].corrected;
    const auto &was = before.scores[i], &is = after.scores[i];
    if (was.scored && is.scored) {
      ++scored;
      mean_before += was.meanLogProbability();
      mean_after += is.meanLogProbability();
    }
    std::printf(
        "SRC    %s\nBEFORE %s\nAFTER  %s\nWANTED %s\n       log-probability a piece: %s before, %s after\n",
        corrections[i].source.c_str(), before.texts[i].c_str(), after.texts[i].c_str(),
        corrections[i].corrected.c_str(), mean(was).c_str(), mean(is).c_str());
  }
  std::printf("translated as corrected: %zu of %zu before, %zu after\n", as_corrected_before,
              corrections.size(), as_corrected_after);
  if (scored > 0)
    std::printf("the corrections' mean log-probability a piece: %.3f before, %.3f after\n",
                mean_before / double(scored), mean_after / double(scored));
  if (evals.size() >= 2 && evals.front().original_bleu >= 0)
    std::printf("original dev BLEU: %.2f before, %.2f after\n", evals.front().original_bleu,
                evals.back().original_bleu);
  std::printf("the model after this round: %s\n", learnt.c_str());
  return kOk;
}

}  // namespace studio::cli
