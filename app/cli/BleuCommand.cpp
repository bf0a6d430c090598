// bleu: sacreBLEU-compatible corpus BLEU of two files.

#include <cstdio>
#include <iostream>

#include <nlohmann/json.hpp>

#include "app/cli/Commands.h"
#include "model/evaluation/Bleu.h"
#include "model/data/Corpus.h"
#include "model/data/Text.h"

namespace studio::cli {

int printBleu(const std::vector<std::string>& hypotheses, const std::vector<std::string>& references,
              const std::string& ref_path, bool json) {
  model::BleuScore score;
  try {
    score = model::corpusBleu(hypotheses, references);
  } catch (const std::invalid_argument& e) {
    throw std::runtime_error("'" + ref_path + "': " + e.what());
  }
  if (json)
    std::cout << score.toJson().dump() << std::endl;
  else
    std::cout << score.line() << std::endl;
  return kOk;
}

const CommandSpec& bleuSpec() {
  static const CommandSpec spec{
      "bleu",
      "Score translations with BLEU, exactly as sacreBLEU 2.x does\n\n"
      "Corpus BLEU of a hypothesis file against a reference file (one sentence a line), with\n"
      "sacreBLEU's defaults: 13a tokenization, mixed case, exp smoothing. Prints sacreBLEU's line.",
      {
          {"hyp", "FILE", "the translations (required)"},
          {"ref", "FILE", "the references, line-aligned (required)"},
          {"json", "", "print one JSON object instead"},
      }};
  return spec;
}

int runBleu(const ParsedArgs& args) {
  const std::string hyp_path = args.require("hyp");
  const std::string ref_path = args.require("ref");
  const auto hyps = readUtf8Lines(hyp_path);
  const auto refs = readUtf8Lines(ref_path);
  if (hyps.size() != refs.size())
    throw std::runtime_error("'" + hyp_path + "' has " + std::to_string(hyps.size()) + " lines but '" + ref_path +
                             "' has " + std::to_string(refs.size()));
  return printBleu(hyps, refs, ref_path, args.has("json"));
}

}  // namespace studio::cli
