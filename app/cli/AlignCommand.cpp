// align: word alignments of a parallel corpus learnt without a model, the
// ones guided alignment trains a head on (model/data/WordAligner.h), in the
// Pharaoh format of fast_align.

#include <chrono>
#include <cstdio>
#include <iostream>

#include "app/cli/Commands.h"
#include "model/data/Corpus.h"
#include "model/data/Text.h"
#include "model/data/WordAligner.h"
#include "model/decoding/WordAlignment.h"
#include "model/files/AtomicFile.h"

namespace studio::cli {

namespace {

// Each side's words (split at spaces) numbered across the corpus.
std::vector<data::WordIds> numberWords(const std::vector<std::string>& lines) {
  data::WordNumbers numbers;
  std::vector<data::WordIds> out;
  out.reserve(lines.size());
  for (const auto& line : lines) out.push_back(numbers.number(data::splitWords(line)));
  return out;
}

}  // namespace

const CommandSpec& alignSpec() {
  static const CommandSpec spec{
      "align",
      "Word alignments of a parallel corpus, learnt from it alone (fast_align's model)\n\n"
      "Reads two line-aligned files (Vietnamese and English, one sentence a line), learns IBM Model 2\n"
      "with fast_align's diagonal-favouring distortion by EM in both directions, joins the two with\n"
      "grow-diag-final-and, and prints a line of links a pair: \"S-T S-T ...\", each source word S\n"
      "linked to target word T, both counted from 0 among the words a split at spaces finds (the\n"
      "Pharaoh format of fast_align and Moses). The alignments `train --guided-alignment` learns\n"
      "from its training pairs first; a pair with an empty side gets an empty line. More pairs give\n"
      "better alignments: align a test set together with the training data, then keep its lines.",
      {
          {"src", "FILE", "the Vietnamese sentences (required)"},
          {"tgt", "FILE", "the English sentences, line for line (required)"},
          {"output", "FILE", "write the alignments here (whole or not at all) instead of to stdout"},
          {"iterations", "N", "EM iterations in each direction (default 5)"},
      }};
  return spec;
}

int runAlign(const ParsedArgs& args) {
  const std::string src_path = args.require("src"), tgt_path = args.require("tgt");
  data::WordAlignerOptions options;
  options.iterations = int(args.integer("iterations", options.iterations, 1, 100));
  const auto sources = data::readLines(src_path), targets = data::readLines(tgt_path);
  if (sources.size() != targets.size())
    throw std::runtime_error("'" + src_path + "' has " + std::to_string(sources.size()) + " lines and '" +
                             tgt_path + "' " + std::to_string(targets.size()) +
                             ": the files must be aligned line for line");
  const auto started = std::chrono::steady_clock::now();
  const auto result = data::alignCorpus(numberWords(sources), numberWords(targets), options);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  std::string text;
  size_t links = 0, linked = 0;
  for (const auto& pair : result.links) {
    text += model::pharaohLinks({pair.begin(), pair.end()}) + '\n';
    links += pair.size();
    linked += pair.empty() ? 0 : 1;
  }
  if (args.has("output"))
    model::writeFileAtomically(args.require("output"), text);
  else
    std::cout << text << std::flush;
  std::fprintf(
      stderr,
      "aligned %zu of %zu pairs: %zu links, %.1f s (the diagonal's tension %.2f Vietnamese to English, "
      "%.2f back)\n",
      linked, sources.size(), links, seconds, result.forward.tension, result.backward.tension);
  return kOk;
}

}  // namespace studio::cli
