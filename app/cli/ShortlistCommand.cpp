// shortlist: learn a vocabulary shortlist from a data folder's training pairs.

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <iostream>

#include "app/cli/Commands.h"
#include "model/data/EncodedCorpus.h"
#include "model/data/Tokenizer.h"
#include "model/decoding/Shortlist.h"
#include "model/files/Hash.h"

namespace studio::cli {

namespace fs = std::filesystem;

const CommandSpec& shortlistSpec() {
  static const CommandSpec spec{
      "shortlist",
      "Learn a vocabulary shortlist for faster decoding\n\n"
      "Learns from a data folder's training pairs (the folder the model was trained on: its spm.model and\n"
      "train split) which English pieces each Vietnamese piece translates to (IBM Model 1), and writes the\n"
      "shortlist: the most frequent English pieces plus each source piece's best translations. translate\n"
      "and evaluate --shortlist FILE then compute the output layer over a batch's list alone. Prints the\n"
      "share of the dev split's reference pieces that their sentence's list holds.",
      {
          {"data", "DIR", "a data folder written by prepare (required)"},
          {"out", "FILE", "the shortlist to write (default DIR/shortlist.txt)"},
          {"frequent", "N", "the most frequent English pieces always listed (default 100)"},
          {"per-source", "N", "translations kept for each source piece (default 50)"},
          {"min-probability", "P", "... with p(English piece | Vietnamese piece) at least P (default 0.001)"},
          {"iterations", "N", "IBM Model 1 iterations (default 5)"},
      }};
  return spec;
}

int runShortlist(const ParsedArgs& args) {
  const std::string dir = args.require("data");
  const std::string out = args.getOr("out", (fs::path(dir) / "shortlist.txt").string());
  model::ShortlistOptions o;
  o.frequent = args.integer("frequent", o.frequent, 0, 1'000'000);
  o.per_source = args.integer("per-source", o.per_source, 1, 1'000'000);
  o.min_probability = args.number("min-probability", o.min_probability, 0.0, 0.999);
  o.iterations = int(args.integer("iterations", o.iterations, 1, 100));
  const std::string spm = (fs::path(dir) / "spm.model").string();
  if (!fs::exists(spm)) throw std::runtime_error("'" + dir + "' has no spm.model: give a data folder written by prepare");
  const data::Tokenizer tokenizer(spm);
  const auto started = std::chrono::steady_clock::now();
  const auto train = data::loadEncodedSplit(dir, "train", tokenizer);
  std::cout << "learning from " << train.size() << " training pairs of " << dir << "\n" << std::flush;
  const auto shortlist = model::learnShortlist(train, tokenizer.vocabSize(), model::hashFile(spm), o,
                                               [](int done, int total) {
                                                 std::fprintf(stderr, "IBM Model 1: iteration %d/%d\n", done, total);
                                               });
  model::saveShortlist(shortlist, out);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  std::printf("wrote %s (%zu frequent pieces, up to %lld a source piece) in %.1f s\n", out.c_str(),
              shortlist.frequent().size(), static_cast<long long>(o.per_source), seconds);
  if (fs::exists(fs::path(dir) / "dev.vi") && fs::exists(fs::path(dir) / "dev.en")) {
    const auto dev = data::loadEncodedSplit(dir, "dev", tokenizer);
    const auto c = model::measureCoverage(shortlist, dev);
    std::printf("dev split: %.2f %% of the %zu references' pieces are in their sentence's list; a list holds %.0f "
                "pieces on average (%.1f %% of %d)\n",
                100.0 * c.covered, c.sentences, c.mean_size, 100.0 * c.mean_size / tokenizer.vocabSize(),
                tokenizer.vocabSize());
  }
  return kOk;
}

}  // namespace studio::cli
