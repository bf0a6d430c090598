// prepare and demo-corpus.

#include <iostream>

#include "app/cli/Commands.h"
#include "model/data/DemoCorpus.h"
#include "model/data/Prepare.h"

namespace studio::cli {

const CommandSpec& prepareSpec() {
  static const CommandSpec spec{
      "prepare",
      "Turn a parallel corpus into a data folder for training\n\n"
      "Reads a corpus (Vietnamese -> English), filters it, trains a joint SentencePiece model and writes\n"
      "a data folder: the splits, spm.model, the encoded ids and summary.json.",
      {
          {"corpus", "PATH", "a folder (demo corpus, IWSLT'15) or a TSV file"},
          {"src", "FILE", "Vietnamese side of two line-aligned files"},
          {"tgt", "FILE", "English side of two line-aligned files"},
          {"format", "FORMAT", "auto (default), split, iwslt, parallel or tsv"},
          {"out", "DIR", "the data folder to write (required)"},
          {"vocab-size", "N", "SentencePiece vocabulary size (default 8000)"},
          {"spm", "FILE", "encode with this SentencePiece model instead of training one: a model's own\n"
                          "(RUN_DIR/spm.model), to fine-tune that model on this corpus (train --from)"},
          {"max-words", "N", "drop training pairs longer than N words (default 200)"},
          {"max-ratio", "R", "drop training pairs whose word counts differ more (default 3.0)"},
          {"unescape", "", "turn XML escapes (&apos; &quot;) into characters (default for IWSLT)"},
          {"no-unescape", "", "keep XML escapes"},
          {"detokenize", "", "undo Moses tokenization"},
          {"threads", "N", "threads for SentencePiece and encoding (default: all)"},
      }};
  return spec;
}

int runPrepare(const ParsedArgs& args) {
  data::PrepareOptions o;
  o.corpus = args.getOr("corpus", "");
  o.src = args.getOr("src", "");
  o.tgt = args.getOr("tgt", "");
  if (o.corpus.empty() && o.src.empty() && o.tgt.empty())
    throw UsageError("give a corpus: --corpus PATH, or --src FILE --tgt FILE");
  if (!o.corpus.empty() && (!o.src.empty() || !o.tgt.empty()))
    throw UsageError("give either --corpus or --src/--tgt, not both");
  if (o.corpus.empty() && (o.src.empty() || o.tgt.empty()))
    throw UsageError("--src and --tgt go together");
  try {
    o.format = data::corpusFormatFromString(args.getOr("format", "auto"));
  } catch (const std::invalid_argument& e) {
    throw UsageError(std::string("--format: ") + e.what());
  }
  o.out_dir = args.require("out");
  o.tokenizer.vocab_size = int(args.integer("vocab-size", 8000, 8, 1'000'000));
  o.spm_model = args.getOr("spm", "");
  if (!o.spm_model.empty() && args.has("vocab-size"))
    throw UsageError("--spm brings its own vocabulary; drop --vocab-size");
  o.filter.max_words = size_t(args.integer("max-words", 200, 1, 1'000'000));
  o.filter.max_ratio = args.number("max-ratio", 3.0, 1.0, 1e9);
  if (args.has("unescape") && args.has("no-unescape"))
    throw UsageError("--unescape and --no-unescape contradict each other");
  if (args.has("unescape")) o.unescape = true;
  if (args.has("no-unescape")) o.unescape = false;
  if (args.has("detokenize")) o.detokenize = true;
  o.threads = int(args.integer("threads", 0, 0, 1024));
  o.tokenizer.threads = o.threads;
  data::prepareData(o, std::cout);
  return kOk;
}

const CommandSpec& demoCorpusSpec() {
  static const CommandSpec spec{
      "demo-corpus",
      "Build the offline demo corpus from Debian's gettext catalogs\n\n"
      "Reads the unpacked catalogs listed in a manifest (scripts/demo-corpus makes it and calls this),\n"
      "cleans and deduplicates the pairs, splits them and writes provenance.json.",
      {
          {"manifest", "FILE", "one catalog a line: package TAB version TAB path TAB catalog (required)"},
          {"out", "DIR", "where train/dev/test .vi/.en and provenance.json go (required)"},
      }};
  return spec;
}

int runDemoCorpus(const ParsedArgs& args) {
  const auto catalogs = data::readManifest(args.require("manifest"));
  const std::string out = args.require("out");
  if (catalogs.empty()) throw std::runtime_error("the manifest lists no catalogs");
  data::buildDemoCorpus(catalogs, out, std::cout);
  return kOk;
}

}  // namespace studio::cli
