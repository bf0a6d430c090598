// average: one model whose weights are the mean of several checkpoints'.

#include <filesystem>
#include <iostream>

#include "app/cli/Commands.h"
#include "model/decoding/Translator.h"
#include "model/training/Checkpoints.h"

namespace studio::cli {

namespace fs = std::filesystem;

const CommandSpec& averageSpec() {
  static const CommandSpec spec{
      "average",
      "Average the weights of several checkpoints into one model\n\n"
      "The mean of each parameter over the checkpoints given with --model (repeated), or over the last N\n"
      "checkpoints of a run folder (--run DIR --last N). The checkpoints must share the model's options.\n"
      "Writes a model file (weights only) atomically; translate and evaluate read it like a checkpoint,\n"
      "with the spm.model beside it or in its parent folder.",
      {
          {"model", "FILE", "a checkpoint to average (give two or more)"},
          {"run", "DIR", "a run folder: average its newest checkpoints"},
          {"last", "N", "with --run: how many of the newest checkpoints (default 2)"},
          {"out", "FILE", "the model file to write (default with --run: DIR/averaged.pt)"},
      }};
  return spec;
}

int runAverage(const ParsedArgs& args) {
  std::vector<std::string> paths = args.all("model");
  std::string out = args.getOr("out", "");
  if (args.has("run")) {
    if (!paths.empty()) throw UsageError("give --model files or --run, not both");
    const std::string run = args.require("run");
    const int64_t last = args.integer("last", 2, 2, 1000);
    const auto all = model::listCheckpoints(run);
    if (all.size() < 2)
      throw std::runtime_error("run folder '" + run + "' has " + std::to_string(all.size()) +
                               " checkpoint(s); averaging needs two or more");
    for (size_t i = all.size() > size_t(last) ? all.size() - size_t(last) : 0; i < all.size(); ++i)
      paths.push_back(all[i].second);
    if (out.empty()) out = (fs::path(run) / "averaged.pt").string();
  } else {
    if (args.has("last")) throw UsageError("--last goes with --run");
    if (paths.size() < 2) throw UsageError("give two or more --model files, or --run DIR");
    if (out.empty()) throw UsageError("--out is required with --model");
  }
  model::averageCheckpoints(paths, out);
  std::cout << "averaged " << paths.size() << " checkpoints into " << out << ":\n";
  for (const auto& p : paths) std::cout << "  " << p << "\n";
  // translate and evaluate look for spm.model beside the model or above it: say so when there is none there.
  try {
    model::findSentencePieceModel(out);
  } catch (const data::TokenizerError&) {
    std::string spm;
    try {
      spm = model::findSentencePieceModel(paths.front());
    } catch (const data::TokenizerError&) {
    }
    std::cout << "no spm.model beside " << out
              << " or in its folder's parent: translate and evaluate it with --spm "
              << (spm.empty() ? std::string("FILE") : spm) << "\n";
  }
  return kOk;
}

}  // namespace studio::cli
