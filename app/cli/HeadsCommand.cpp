// heads: each attention head switched off in turn, and the pruning curve.

#include <chrono>
#include <cstdio>
#include <iostream>

#include <nlohmann/json.hpp>

#include "app/cli/Commands.h"
#include "app/cli/ModelOptions.h"
#include "model/decoding/HeadImportance.h"
#include "model/decoding/Translator.h"

namespace studio::cli {

const CommandSpec& headsSpec() {
  static const CommandSpec spec{
      "heads",
      "Rank attention heads by what switching each off costs\n\n"
      "Translates --src with every head on, then with each head alone switched off, and prints each\n"
      "head's BLEU drop and loss rise (mean cross-entropy per --ref token, teacher-forced), the most\n"
      "important first. --prune also switches heads off one by one, the least important first, and\n"
      "prints BLEU and loss against the number of heads left.",
      {
          {"model", "FILE", "a model file or checkpoint (required)"},
          {"src", "FILE", "Vietnamese sentences, one a line (required)"},
          {"ref", "FILE", "English references, line-aligned (required)"},
          {"sentences", "N", "use the first N lines (default 200; 0 = all)"},
          {"spm", "FILE", "the SentencePiece model (default: beside the model or above it)"},
          {"beam", "N", "beam size (default 4)"},
          {"alpha", "A", "GNMT length penalty (default 0.6)"},
          {"max-length-ratio", "R", "output length limit (default 1.5)"},
          {"min-length-ratio", "R", "no end before this share of the source's pieces (default 0.3; 0 = off)"},
          {"prune", "", "also the pruning curve"},
          {"json", "", "print one JSON object instead"},
          {"device", "DEVICE", kDecodingDeviceHelp},
      }};
  return spec;
}

int runHeads(const ParsedArgs& args) {
  auto options = decodingFrom(args);
  options.nbest = 1;
  const auto device = decodingDeviceFrom(args);
  auto pairs = readSentencePairs(args);
  auto& sources = pairs.sources;
  auto& references = pairs.references;
  auto translator = model::Translator::fromFiles(oneModel(args), args.getOr("spm", ""), device);
  const auto started = std::chrono::steady_clock::now();
  auto progress = [&](const char* what) {
    const auto print = terminalProgress(what);
    return [print](size_t done, size_t total) {
      if (print) print(done, total);
      return true;
    };
  };
  const auto ranking = model::rankHeads(translator, sources, references, options, progress("measured heads:"));
  std::vector<model::PruningPoint> curve;
  if (args.has("prune")) curve = model::pruningCurve(translator, sources, references, options, ranking, progress("pruned"));
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();

  if (args.has("json")) {
    nlohmann::json heads = nlohmann::json::array(), pruning = nlohmann::json::array();
    for (const auto& h : ranking.heads)
      heads.push_back({{"kind", model::toString(h.head.kind)}, {"layer", h.head.layer}, {"head", h.head.head},
                       {"bleu", h.bleu}, {"loss", h.loss}, {"bleu_drop", h.bleu_drop}, {"loss_rise", h.loss_rise}});
    for (const auto& p : curve)
      pruning.push_back({{"heads_left", p.heads_left}, {"bleu", p.bleu}, {"loss", p.loss}, {"off", p.off.toString()}});
    nlohmann::json out{{"sentences", ranking.sentences}, {"bleu", ranking.bleu}, {"loss", ranking.loss},
                       {"seconds", seconds}, {"heads", heads}};
    if (args.has("prune")) out["pruning"] = pruning;
    std::cout << out.dump() << "\n";
    return kOk;
  }
  std::printf("%zu sentences, every head on: BLEU %.2f, loss %.4f (%.0f s)\n", ranking.sentences, ranking.bleu,
              ranking.loss, seconds);
  std::printf("%-6s %5s %4s %8s %9s %8s %9s\n", "kind", "layer", "head", "BLEU", "BLEU drop", "loss", "loss rise");
  for (const auto& h : ranking.heads)
    std::printf("%-6s %5lld %4lld %8.2f %9.2f %8.4f %9.4f\n", model::toString(h.head.kind).c_str(),
                static_cast<long long>(h.head.layer), static_cast<long long>(h.head.head), h.bleu, h.bleu_drop, h.loss,
                h.loss_rise);
  if (!curve.empty()) {
    std::printf("\npruning, least important first:\n%10s %8s %8s\n", "heads left", "BLEU", "loss");
    for (const auto& p : curve) std::printf("%10lld %8.2f %8.4f\n", static_cast<long long>(p.heads_left), p.bleu, p.loss);
  }
  return kOk;
}

}  // namespace studio::cli
