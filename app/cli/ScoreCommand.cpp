// score: the model's probability of given translations (teacher forcing).

#include <cmath>
#include <cstdio>
#include <iostream>

#include <nlohmann/json.hpp>

#include "app/cli/Commands.h"
#include "app/cli/ModelOptions.h"
#include "model/data/Text.h"
#include "model/decoding/PairScoring.h"

namespace studio::cli {

const CommandSpec& scoreSpec() {
  static const CommandSpec spec{
      "score",
      "Score given translations with the model\n\n"
      "Feeds each line of --tgt to the model as the translation of the same line of --src and prints,\n"
      "a line a pair, the log-probability the model gives it (the sum over its pieces and the end) and its\n"
      "mean a piece: SUM ||| MEAN. A low mean marks a pair the model finds unlikely (a misaligned or\n"
      "untranslated pair in a corpus, a worse translation of a sentence). A pair longer than the model's\n"
      "positions prints nan ||| nan, with a notice on stderr naming the line.",
      {
          {"model", "FILE", "a model file or checkpoint (required); given again, an ensemble (as translate)"},
          weightsOption(),
          {"src", "FILE", "Vietnamese sentences, one a line (required)"},
          {"tgt", "FILE", "their English translations, line-aligned (required)"},
          {"spm", "FILE", "the SentencePiece model (default: beside the model or above it)"},
          {"pieces", "", "add each piece with its probability: ||| ▁Open:0.906 ▁file:0.527 </s>:0.709"},
          {"json", "",
           "print JSON instead: a list of {line, log_probability, mean_log_probability, pieces,\n"
           "probabilities} (or {line, error})"},
          {"device", "DEVICE", "auto (default), cpu, cuda or cuda:N"},
      }};
  return spec;
}

int runScore(const ParsedArgs& args) {
  const auto src_path = args.require("src"), tgt_path = args.require("tgt");
  const auto device = deviceFrom(args.getOr("device", "auto"));
  auto sources = readUtf8Lines(src_path), targets = readUtf8Lines(tgt_path);
  if (sources.size() != targets.size())
    throw std::runtime_error("'" + src_path + "' has " + std::to_string(sources.size()) + " lines but '" +
                             tgt_path + "' has " + std::to_string(targets.size()));
  for (auto& line : sources) line = data::normalizeWhitespace(line);
  for (auto& line : targets) line = data::normalizeWhitespace(line);
  const auto translator = translatorFrom(args, device);
  const auto scores = model::scorePairs(translator, sources, targets, 4096, terminalProgress("scored"));
  double total = 0.0;
  size_t pieces = 0, scored = 0;
  nlohmann::json list = nlohmann::json::array();
  for (size_t i = 0; i < scores.size(); ++i) {
    const auto& s = scores[i];
    if (!s.scored) {
      std::fprintf(stderr, "'%s' line %zu: not scored, %s\n", src_path.c_str(), i + 1, s.why.c_str());
      if (args.has("json"))
        list.push_back({{"line", i + 1}, {"error", s.why}});
      else
        std::cout << "nan ||| nan\n";
      continue;
    }
    ++scored;
    total += s.log_probability;
    pieces += s.probabilities.size();
    if (args.has("json")) {
      list.push_back({{"line", i + 1},
                      {"log_probability", s.log_probability},
                      {"mean_log_probability", s.meanLogProbability()},
                      {"pieces", s.pieces},
                      {"probabilities", s.probabilities}});
      continue;
    }
    char numbers[64];
    std::snprintf(numbers, sizeof numbers, "%.4f ||| %.4f", s.log_probability, s.meanLogProbability());
    std::string line = numbers;
    if (args.has("pieces")) {
      line += " |||";
      for (size_t k = 0; k < s.probabilities.size(); ++k) {
        char probability[16];
        std::snprintf(probability, sizeof probability, ":%.3f", double(s.probabilities[k]));
        line += " " + (k < s.pieces.size() ? s.pieces[k] : std::string("</s>")) + probability;
      }
    }
    std::cout << line << "\n";
  }
  if (args.has("json")) std::cout << list.dump(2) << "\n";
  std::cout << std::flush;
  if (pieces > 0)
    std::fprintf(stderr, "scored %zu of %zu pairs: mean log-probability a piece %.4f (perplexity %.2f)\n",
                 scored, scores.size(), total / double(pieces), std::exp(-total / double(pieces)));
  return kOk;
}

}  // namespace studio::cli
