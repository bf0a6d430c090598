// toy-corpus: a made-up task to watch a Transformer learn in a minute or two.

#include <iostream>
#include <stdexcept>

#include "app/cli/Commands.h"
#include "model/data/ToyTasks.h"

namespace studio::cli {

namespace {

std::string taskList() {
  std::string text;
  for (const auto& task : data::toyTasks()) text += "\n  " + task.name + ": " + task.description;
  return text;
}

}  // namespace

const CommandSpec& toyCorpusSpec() {
  static const CommandSpec spec{
      "toy-corpus",
      "Write a toy task as a corpus folder, to watch a Transformer learn it in minutes\n\n"
      "The tasks:" +
          taskList() +
          "\n\nThe folder holds train, dev and test .vi/.en (no source sentence in two of them) and\n"
          "toy-task.json. Prepare and train it as any corpus; prepare asks SentencePiece for the task's\n"
          "small vocabulary (a piece a letter, or a word):\n"
          "  attention-studio-cli toy-corpus --task reverse --out corpora/reverse\n"
          "  attention-studio-cli prepare --corpus corpora/reverse --out data/reverse\n"
          "  attention-studio-cli train --data data/reverse --out runs/reverse --preset toy",
      {
          {"task", "NAME", "reverse (default), copy, sort or phrases"},
          {"out", "DIR", "the corpus folder to write (required; a folder of other files is refused)"},
          {"pairs", "N", "training pairs (default 20000)"},
          {"held-out", "N", "pairs each of dev and test (default 500)"},
          {"min-length", "N", "letter tasks: the fewest letters a sentence has (default 4)"},
          {"max-length", "N", "letter tasks: the most (default 12, at most 100)"},
          {"letters", "N", "letter tasks: how many of a to z (default 26)"},
          {"seed", "N", "the pairs are the same for the same seed (default 1)"},
      }};
  return spec;
}

int runToyCorpus(const ParsedArgs& args) {
  data::ToyCorpusOptions o;
  o.task = args.getOr("task", "reverse");
  o.train_pairs = size_t(args.integer("pairs", 20000, 100, 10'000'000));
  o.dev_pairs = o.test_pairs = size_t(args.integer("held-out", 500, 1, 1'000'000));
  o.min_length = int(args.integer("min-length", 4, 1, 100));
  o.max_length = int(args.integer("max-length", std::max<int64_t>(12, o.min_length), 1, 100));
  o.letters = int(args.integer("letters", 26, 2, 26));
  o.seed = uint64_t(args.integer("seed", 1, 0, INT64_MAX));
  if (o.task == "phrases")
    for (const char* option : {"min-length", "max-length", "letters"})
      if (args.has(option))
        throw UsageError(std::string("--") + option +
                         " is for the letter tasks; phrases has its own sentences");
  if (const auto problem = data::checkToyCorpusOptions(o); !problem.empty()) throw UsageError(problem);
  const std::string out = args.require("out");
  const auto record = data::writeToyCorpus(o, out);
  std::cout << "toy corpus '" << o.task << "' written to " << out << ": train " << record["pairs"]["train"]
            << ", dev " << record["pairs"]["dev"] << ", test " << record["pairs"]["test"] << " pairs\n"
            << "next: attention-studio-cli prepare --corpus " << out << " --out DATA_DIR\n";
  return kOk;
}

}  // namespace studio::cli
