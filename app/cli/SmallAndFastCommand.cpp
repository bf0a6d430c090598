// small-and-fast: a model's ways to run (float32, int8, a shortlist, heads pruned) measured side by side.

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <iostream>

#include <nlohmann/json.hpp>

#include "app/cli/Commands.h"
#include "app/cli/ModelOptions.h"
#include "model/decoding/SmallAndFast.h"
#include "model/training/Distillation.h"

namespace studio::cli {

const CommandSpec& smallAndFastSpec() {
  static const CommandSpec spec{
      "small-and-fast",
      "Measure a model's ways to run: float32, int8, a shortlist, heads pruned\n\n"
      "Translates --src with each way on this computer and prints BLEU and chrF against --ref, how many\n"
      "sentences come out as in float32, the speed and the weights' memory. --shortlist adds the ways\n"
      "with that shortlist; --rank-heads first ranks the heads on the same sentences (as the heads\n"
      "command) and adds the fastest way with a quarter and a half of them pruned, the least important\n"
      "first. The students of the model (runs beside its run folder that trained on its translations:\n"
      "the Training workspace's Learn from, or distill) are measured too, in each precision, and --student\n"
      "adds another. export saves the way chosen (a student's: export --model STUDENT).",
      {
          {"model", "FILE", "a model file or checkpoint (required)"},
          {"src", "FILE", "Vietnamese sentences, one a line (required)"},
          {"ref", "FILE", "English references, line-aligned (required)"},
          {"sentences", "N", "use the first N lines (default 200; 0 = all)"},
          {"spm", "FILE", "the SentencePiece model (default: beside the model or above it)"},
          {"shortlist", "FILE", "a shortlist learnt by the shortlist command"},
          {"rank-heads", "", "rank the heads first and add ways with heads pruned"},
          {"student", "FILE",
           "a smaller model to measure beside it (repeatable; found beside its run: none needed)"},
          {"beam", "N", "beam size (default 4)"},
          {"alpha", "A", "GNMT length penalty (default 0.6)"},
          {"max-length-ratio", "R", "output length limit (default 1.5)"},
          {"min-length-ratio", "R", "no end before this share of the source's pieces (default 0.3; 0 = off)"},
          {"json", "", "print one JSON object instead"},
      }};
  return spec;
}

int runSmallAndFast(const ParsedArgs& args) {
  auto options = decodingFrom(args);
  options.nbest = 1;
  auto pairs = readSentencePairs(args);
  auto& sources = pairs.sources;
  auto& references = pairs.references;
  auto translator = model::Translator::fromFiles(oneModel(args), args.getOr("spm", ""), torch::kCPU);
  checkShortlist(options, translator);
  // The shortlist goes to the ways that ask for it, not to every way.
  const auto shortlist = options.shortlist;
  options.shortlist = nullptr;
  auto progress = [](const char* what) {
    const auto print = terminalProgress(what);
    return [print](size_t done, size_t total) {
      if (print) print(done, total);
      return true;
    };
  };
  model::HeadImportance ranking;
  if (args.has("rank-heads"))
    ranking = model::rankHeads(translator, sources, references, options, progress("measured heads:"));
  auto variants = model::smallAndFastVariants(translator.model()->options(), bool(shortlist),
                                              args.has("rank-heads") ? &ranking : nullptr);
  // Its students: those beside its run, then those given.
  std::vector<std::pair<std::string, std::string>> students;
  for (const auto& s : model::findStudents(oneModel(args))) students.emplace_back(s.name, s.model);
  for (const auto& file : args.all("student")) {
    const std::filesystem::path path(file);
    if (!std::filesystem::is_regular_file(path))
      throw UsageError("--student '" + file + "' is not a model file");
    // best.pt is named after its run folder, other files after themselves.
    const std::string name = path.filename() == "best.pt" && path.has_parent_path()
                                 ? std::filesystem::absolute(path).parent_path().filename().string()
                                 : path.stem().string();
    students.emplace_back(name, file);
  }
  const auto student_ways = model::studentVariants(variants, students);
  variants.insert(variants.end(), student_ways.begin(), student_ways.end());
  const auto points =
      model::measureVariants(translator, sources, references, options, shortlist, variants, progress("measured ways:"));

  if (args.has("json")) {
    nlohmann::json rows = nlohmann::json::array();
    for (const auto& p : points)
      rows.push_back({{"name", p.variant.name},
                      {"int8", p.variant.int8},
                      {"bf16", p.variant.bf16},
                      {"shortlist", p.variant.shortlist},
                      {"pruned_heads", p.variant.pruned.toString()},
                      {"model", p.variant.model.empty() ? nlohmann::json() : nlohmann::json(p.variant.model)},
                      {"bleu", p.bleu},
                      {"chrf", p.chrf},
                      {"bleu_ci", p.bleu_ci},
                      {"p_value", p.p_value < 0 ? nlohmann::json() : nlohmann::json(p.p_value)},
                      {"same_as_float32", p.same_as_float32},
                      {"seconds", p.seconds},
                      {"sentences_per_second", p.sentences_per_second},
                      {"pieces_per_second", p.pieces_per_second},
                      {"weight_bytes", p.weight_bytes}});
    std::cout << nlohmann::json{{"sentences", sources.size()}, {"beam", options.beam_size}, {"ways", rows}}.dump()
              << "\n";
    return kOk;
  }
  std::printf("%zu sentences of %s, beam %lld\n", sources.size(), args.require("src").c_str(),
              static_cast<long long>(options.beam_size));
  std::printf("%-40s %14s %6s %9s %8s %8s %9s %9s\n", "way", "BLEU (95% CI)", "chrF", "same", "p", "sent/s",
              "pieces/s", "weights");
  for (const auto& p : points) {
    char p_text[32] = "-";
    if (p.p_value >= 0)
      std::snprintf(p_text, sizeof p_text, "%.4f%s", p.p_value, p.p_value < 0.05 ? "*" : "");
    std::printf("%-40s %6.2f \u00b1 %5.2f %6.2f %4zu/%-4zu %8s %8.1f %9.0f %6.1f MB\n",
                p.variant.name.c_str(), p.bleu, p.bleu_ci, p.chrf, p.same_as_float32, p.sentences, p_text,
                p.sentences_per_second, p.pieces_per_second, double(p.weight_bytes) / 1e6);
  }
  std::printf(
      "p: paired bootstrap resampling of BLEU against float32 (1,000 resamples, as sacreBLEU's "
      "--paired-bs);\n"
      "* marks a difference unlikely to be chance (p < 0.05); '-' float32 itself, or its very "
      "translations\n");
  for (const auto& p : points)
    if (!p.variant.pruned.empty()) std::printf("%s: --prune-heads %s\n", p.variant.name.c_str(), p.variant.pruned.toString().c_str());
  return kOk;
}

}  // namespace studio::cli
