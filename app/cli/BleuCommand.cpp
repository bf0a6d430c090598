// bleu: sacreBLEU-compatible corpus BLEU and chrF of two files.

#include <algorithm>
#include <cstdio>
#include <iostream>

#include <nlohmann/json.hpp>

#include "app/cli/Commands.h"
#include "model/data/Corpus.h"
#include "model/data/Text.h"
#include "model/evaluation/Bleu.h"
#include "model/evaluation/Chrf.h"

namespace studio::cli {

std::vector<std::string> metricsFrom(const ParsedArgs& args) {
  const std::string list = args.getOr("metrics", "bleu");
  std::vector<std::string> metrics;
  size_t start = 0;
  while (start <= list.size()) {
    size_t comma = list.find(',', start);
    if (comma == std::string::npos) comma = list.size();
    const std::string name = list.substr(start, comma - start);
    if (name != "bleu" && name != "chrf")
      throw UsageError("--metrics: '" + name + "' is not a metric (bleu, chrf)");
    if (std::find(metrics.begin(), metrics.end(), name) == metrics.end()) metrics.push_back(name);
    start = comma + 1;
  }
  return metrics;
}

int printScores(const std::vector<std::string>& hypotheses, const std::vector<std::string>& references,
                const std::string& ref_path, const std::vector<std::string>& metrics, bool json) {
  // sacreBLEU scores an empty reference (nothing to match); we do too, but an
  // empty line in a reference file usually means the files are misaligned.
  size_t empty = 0, first_empty = 0;
  for (size_t i = 0; i < references.size(); ++i)
    if (references[i].empty() && empty++ == 0) first_empty = i + 1;
  if (empty > 0)
    std::cerr << "warning: '" << ref_path << "' has " << empty << " empty line" << (empty == 1 ? "" : "s")
              << " (the first is line " << first_empty << "); scored as sacreBLEU scores them" << std::endl;
  nlohmann::json objects = nlohmann::json::array();
  std::vector<std::string> lines;
  try {
    for (const auto& metric : metrics) {
      if (metric == "bleu") {
        const auto score = model::corpusBleu(hypotheses, references);
        objects.push_back(score.toJson());
        lines.push_back(score.line());
      } else {
        const auto score = model::corpusChrf(hypotheses, references);
        objects.push_back(score.toJson());
        lines.push_back(score.line());
      }
    }
  } catch (const std::invalid_argument& e) {
    throw std::runtime_error("'" + ref_path + "': " + e.what());
  }
  if (json)  // one object for one metric, a list for several (as sacreBLEU prints them)
    std::cout << (objects.size() == 1 ? objects[0] : objects).dump() << std::endl;
  else
    for (const auto& line : lines) std::cout << line << "\n";
  std::cout << std::flush;
  return kOk;
}

const CommandSpec& bleuSpec() {
  static const CommandSpec spec{
      "bleu",
      "Score translations with BLEU and chrF, exactly as sacreBLEU 2.x does\n\n"
      "Corpus scores of a hypothesis file against a reference file (one sentence a line), with\n"
      "sacreBLEU's defaults: BLEU with 13a tokenization, mixed case, exp smoothing; chrF with\n"
      "character 6-grams, beta 2. Prints sacreBLEU's lines.",
      {
          {"hyp", "FILE", "the translations (required)"},
          {"ref", "FILE", "the references, line-aligned (required)"},
          {"metrics", "LIST", "bleu, chrf or bleu,chrf (default bleu)"},
          {"json", "", "print JSON instead (one object, or a list for several metrics)"},
      }};
  return spec;
}

int runBleu(const ParsedArgs& args) {
  const auto metrics = metricsFrom(args);
  const std::string hyp_path = args.require("hyp");
  const std::string ref_path = args.require("ref");
  const auto hyps = readUtf8Lines(hyp_path);
  const auto refs = readUtf8Lines(ref_path);
  if (hyps.size() != refs.size())
    throw std::runtime_error("'" + hyp_path + "' has " + std::to_string(hyps.size()) + " lines but '" + ref_path +
                             "' has " + std::to_string(refs.size()));
  return printScores(hyps, refs, ref_path, metrics, args.has("json"));
}

}  // namespace studio::cli
