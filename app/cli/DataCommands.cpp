// prepare, demo-corpus, distill and back-translate.

#include <atomic>
#include <csignal>
#include <filesystem>
#include <iostream>
#include <sstream>

#include <unistd.h>

#include "app/cli/Commands.h"
#include "app/cli/ModelOptions.h"
#include "app/training/DataFolders.h"
#include "app/training/DemoCorpusFetch.h"
#include "model/data/DemoCorpus.h"
#include "model/data/Prepare.h"
#include "model/data/ToyTasks.h"
#include "model/training/BackTranslation.h"
#include "model/training/Distillation.h"

namespace studio::cli {

namespace {

// Ctrl+C during prepare: the first stops it at its next step (nothing of it is kept), a second quits at
// once (its staging folder is removed by the next prepare).
std::atomic<bool> g_prepare_interrupted{false};

void onPrepareInterrupt(int) {
  g_prepare_interrupted.store(true);
  std::signal(SIGINT, SIG_DFL);
  const char said[] = "\nstopping at the next step; Ctrl+C again quits at once\n";
  [[maybe_unused]] const auto written = ::write(STDERR_FILENO, said, sizeof said - 1);
}

}  // namespace

const CommandSpec& prepareSpec() {
  static const CommandSpec spec{
      "prepare",
      "Turn a parallel corpus into a data folder for training\n\n"
      "Reads a corpus (Vietnamese -> English), or several, filters it, trains a joint SentencePiece model\n"
      "and writes a data folder: the splits, spm.model, the encoded ids and summary.json.\n\n"
      "Several --corpus are read one after another into one data folder: dev and test are the held-out\n"
      "files those that have them bring (IWSLT'15's tst2012/tst2013, a folder's dev.*/test.*), or, when\n"
      "none has them, held out by hash from all; a training pair whose Vietnamese is in dev or test is\n"
      "dropped (held_out), and a pair an earlier corpus holds is a repeat.",
      {
          {"corpus", "PATH",
           "a folder (demo corpus, IWSLT'15), a TSV file, a translation memory (TMX: its\n"
           "units' Vietnamese and English variants, as CAT tools and OPUS write them), or PREFIX\n"
           "for PREFIX.vi + PREFIX.en; give it again for more corpora. A file packed with gzip\n"
           "(OPUS's .tmx.gz) is read as it is, and so is a zip file holding one of these (OPUS's\n"
           "moses .txt.zip: its NAME.vi + NAME.en); ZIP/NAME names a file or PREFIX inside one"},
          {"weights", "N1,N2,...",
           "with several --corpus: how many times each one's training pairs are trained on an\n"
           "epoch, a whole number from 1 to 100 each (default 1): a small corpus of your own\n"
           "domain beside a large general one"},
          {"src", "FILE", "Vietnamese side of two line-aligned files"},
          {"tgt", "FILE", "English side of two line-aligned files"},
          {"format", "FORMAT", "auto (default), split, iwslt, parallel, tsv or tmx (one corpus)"},
          {"out", "DIR", "the data folder to write (required)"},
          {"vocab-size", "N", "SentencePiece vocabulary size (default 8000; a toy corpus's: its task's)"},
          {"spm-type", "TYPE",
           "unigram (default; a toy corpus's: bpe) or bpe: SentencePiece's segmentation model"},
          {"spm-max-sentences", "N",
           "SentencePiece learns from at most N sentences, both sides of training pairs sampled evenly "
           "(default 2000000; 0: all of them)"},
          {"spm", "FILE",
           "encode with this SentencePiece model instead of training one: a model's own\n"
           "(RUN_DIR/spm.model), to fine-tune that model on this corpus (train --from)"},
          {"max-words", "N", "drop training pairs longer than N words (default 200)"},
          {"max-ratio", "R", "drop training pairs whose word counts differ more (default 3.0)"},
          {"unescape", "", "turn XML escapes (&apos; &quot;) into characters (default for IWSLT)"},
          {"no-unescape", "", "keep XML escapes"},
          {"detokenize", "", "undo Moses tokenization"},
          {"keep-duplicates", "",
           "keep a pair that is there already (by default a repeat is dropped, and counted, once\n"
           "cleaned: corpora and translation memories repeat their boilerplate)"},
          {"encoding", "NAME",
           "utf-8 (default), windows-1258, viscii, tcvn3 or vni: files that are not UTF-8 are read in\n"
           "this encoding (Vietnamese written before Unicode; a file that is valid UTF-8 stays UTF-8)"},
          {"threads", "N", "threads for SentencePiece and encoding (default: all)"},
      }};
  return spec;
}

int runPrepare(const ParsedArgs& args) {
  data::PrepareOptions o;
  const auto paths = args.all("corpus");
  const std::string src = args.getOr("src", ""), tgt = args.getOr("tgt", "");
  if (paths.empty() && src.empty() && tgt.empty())
    throw UsageError("give a corpus: --corpus PATH, or --src FILE --tgt FILE");
  if (!paths.empty() && (!src.empty() || !tgt.empty()))
    throw UsageError(
        "give either --corpus or --src/--tgt, not both (two line-aligned files beside other corpora: "
        "--corpus PREFIX for PREFIX.vi + PREFIX.en)");
  if (paths.empty() && (src.empty() || tgt.empty())) throw UsageError("--src and --tgt go together");
  data::CorpusFormat format = data::CorpusFormat::Auto;
  try {
    format = data::corpusFormatFromString(args.getOr("format", "auto"));
  } catch (const std::invalid_argument& e) {
    throw UsageError(std::string("--format: ") + e.what());
  }
  if (paths.size() > 1 && args.has("format"))
    throw UsageError("--format names one corpus's format: with several --corpus, each is told by what it is");
  for (const auto& path : paths) o.corpora.push_back({path, "", "", format, 1});
  if (paths.empty()) o.corpora.push_back({"", src, tgt, format, 1});
  if (const auto weights = args.get("weights")) {
    if (paths.size() < 2) throw UsageError("--weights weighs several corpora: give --corpus more than once");
    std::vector<std::string> items;
    std::string item;
    for (std::istringstream in(*weights); std::getline(in, item, ',');) items.push_back(item);
    if (items.size() != paths.size())
      throw UsageError("--weights has " + std::to_string(items.size()) + " numbers for " +
                       std::to_string(paths.size()) +
                       " corpora: give one a corpus, in the order of --corpus");
    for (size_t i = 0; i < items.size(); ++i) {
      size_t used = 0;
      int weight = 0;
      try {
        weight = std::stoi(items[i], &used);
      } catch (const std::exception&) {
        used = 0;
      }
      if (used == 0 || used != items[i].size() || weight < 1 || weight > data::kMaxCorpusWeight)
        throw UsageError("--weights: '" + items[i] + "' is not a whole number from 1 to " +
                         std::to_string(data::kMaxCorpusWeight));
      o.corpora[i].weight = weight;
    }
  }
  o.out_dir = args.require("out");
  // A toy corpus asks for its task's few pieces (a letter or a word each), not a real corpus's thousands.
  const auto toy = paths.size() == 1 ? data::toyCorpusAt(paths[0]) : std::nullopt;
  o.tokenizer.vocab_size =
      int(args.integer("vocab-size", toy && toy->vocab_size > 0 ? toy->vocab_size : 8000, 8, 1'000'000));
  o.spm_model = args.getOr("spm", "");
  if (!o.spm_model.empty() && args.has("vocab-size"))
    throw UsageError("--spm brings its own vocabulary; drop --vocab-size");
  o.tokenizer.model_type = args.getOr("spm-type", toy ? toy->model_type : "unigram");
  if (o.tokenizer.model_type != "unigram" && o.tokenizer.model_type != "bpe")
    throw UsageError("--spm-type: '" + o.tokenizer.model_type + "' is not unigram or bpe");
  if (!o.spm_model.empty() && args.has("spm-type"))
    throw UsageError("--spm brings its own segmentation; drop --spm-type");
  o.spm_max_sentences = size_t(args.integer("spm-max-sentences", 2'000'000, 0, 1'000'000'000));
  if (!o.spm_model.empty() && args.has("spm-max-sentences"))
    throw UsageError("--spm brings its own vocabulary; drop --spm-max-sentences");
  o.filter.max_words = size_t(args.integer("max-words", 200, 1, 1'000'000));
  o.filter.max_ratio = args.number("max-ratio", 3.0, 1.0, 1e9);
  if (args.has("unescape") && args.has("no-unescape"))
    throw UsageError("--unescape and --no-unescape contradict each other");
  if (args.has("unescape")) o.unescape = true;
  if (args.has("no-unescape")) o.unescape = false;
  if (args.has("detokenize")) o.detokenize = true;
  o.filter.dedupe = !args.has("keep-duplicates");
  const std::string encoding = args.getOr("encoding", "utf-8");
  if (encoding != "utf-8" && encoding != "UTF-8") {
    o.filter.encoding = model::parseLegacyEncoding(encoding);
    if (!o.filter.encoding)
      throw UsageError("--encoding: '" + encoding + "' is not utf-8, windows-1258, viscii, tcvn3 or vni");
  }
  o.threads = int(args.integer("threads", 0, 0, 1024));
  o.tokenizer.threads = o.threads;
  o.stop = [] { return g_prepare_interrupted.load(); };
  g_prepare_interrupted.store(false);
  const auto previous = std::signal(SIGINT, onPrepareInterrupt);
  try {
    data::prepareData(o, std::cout);
  } catch (const data::PreparationStopped&) {
    std::signal(SIGINT, previous);
    std::cerr << "stopped: nothing of this preparation was kept";
    std::error_code ec;
    if (std::filesystem::exists(o.out_dir, ec)) std::cerr << " ('" << o.out_dir << "' is as it was)";
    std::cerr << std::endl;
    return kInterrupted;
  }
  std::signal(SIGINT, previous);
  return kOk;
}

const CommandSpec& demoCorpusSpec() {
  static const CommandSpec spec{
      "demo-corpus",
      "Build the offline demo corpus from Debian's gettext catalogs\n\n"
      "--download fetches the packages of the list (scripts/debian-vi-packages.txt, built in) with\n"
      "`apt-get download` (no root needed) into a cache, unpacks them with `dpkg-deb -x`, reads their\n"
      "Vietnamese catalogs, cleans and deduplicates the pairs, splits them and writes provenance.json; a\n"
      "second run reuses the cache. --manifest reads catalogs unpacked already instead.",
      {
          {"download", "", "fetch the packages and build (the default without --manifest)"},
          {"packages", "FILE", "--download: another list, one package a line, # comments"},
          {"cache", "DIR", "--download: where the packages go (default ~/.cache/attention-studio/debs)"},
          {"manifest", "FILE", "one catalog a line: package TAB version TAB path TAB catalog"},
          {"out", "DIR",
           "where train/dev/test .vi/.en and provenance.json go (default: where the app looks,\n"
           "~/.local/share/attention-studio/demo-corpus)"},
      }};
  return spec;
}

int runDemoCorpus(const ParsedArgs& args) {
  const std::string out = args.getOr("out", app::demoCorpusDir().toStdString());
  if (args.has("manifest")) {
    if (args.has("download") || args.has("packages") || args.has("cache"))
      throw UsageError("--manifest reads unpacked catalogs: --download, --packages and --cache do not apply");
    const auto catalogs = data::readManifest(args.require("manifest"));
    if (catalogs.empty()) throw std::runtime_error("the manifest lists no catalogs");
    data::buildDemoCorpus(catalogs, out, std::cout);
    return kOk;
  }
  app::DemoCorpusFetch request;
  request.packagesFile = QString::fromStdString(args.getOr("packages", ""));
  request.cacheDir = QString::fromStdString(args.getOr("cache", ""));
  request.outDir = QString::fromStdString(out);
  const auto print = terminalProgress("packages:");
  const auto result = app::fetchDemoCorpus(
      request,
      [&](const QString&, int done, int total) {
        if (print) print(size_t(done), size_t(total));
        return true;
      },
      std::cout);
  if (!result.unavailable.isEmpty())
    std::cerr << "warning: " << result.unavailable.size()
              << " packages could not be downloaded: " << result.unavailable.join(' ').toStdString() << "\n";
  std::cout << "Demo corpus written to " << result.outDir.toStdString() << ": " << result.pairs
            << " pairs from " << result.catalogs << " catalogs of "
            << (result.packages - result.unavailable.size()) << " packages (" << result.downloaded
            << " downloaded now)\n";
  return kOk;
}

const CommandSpec& distillSpec() {
  static const CommandSpec spec{
      "distill",
      "A data folder for a smaller student: the training split translated by a teacher\n\n"
      "Sequence-level knowledge distillation (Kim and Rush 2016; how Marian and Bergamot make small fast\n"
      "models): the teacher (a model, or an ensemble: --model again) translates the data folder's\n"
      "training sources with beam search, and --out becomes a data folder whose training pairs are those\n"
      "sources with the teacher's translations; dev and test stay the people's, and the SentencePiece model\n"
      "is the teacher's. Train a smaller model on it (train --data OUT --preset starter, or a --config of\n"
      "your own). distillation.json in it says who taught, how and how far the teacher's English is from\n"
      "the references.",
      {
          {"model", "FILE", "the teacher, a model file or checkpoint (required); given again, an ensemble"},
          weightsOption(),
          {"data", "DIR", "the data folder to distil (default: the one the teacher's run trained on)"},
          {"out", "DIR", "the new data folder (required; a folder that holds one already is refused)"},
          {"spm", "FILE", "the teacher's SentencePiece model (default: beside the model or above it)"},
          {"beam", "N", "the teacher's beam size (default 4)"},
          {"alpha", "A", "GNMT length penalty (default 0.6)"},
          {"max-length-ratio", "R", "output length limit (default 1.5)"},
          {"min-length-ratio", "R", "no end before this share of the source's pieces (default 0.3; 0 = off)"},
          {"bf16", "", "matrix products in bf16 (faster on CPUs with bf16 instructions and on GPUs)"},
          {"int8", "", "the teacher's weights in int8 on the CPU's inference engine (needs AVX2)"},
          {"shortlist", "FILE", "a vocabulary shortlist for the teacher (attention-studio-cli shortlist)"},
          {"device", "DEVICE", kDecodingDeviceHelp},
      }};
  return spec;
}

int runDistill(const ParsedArgs& args) {
  model::DistillationOptions o;
  o.out_dir = args.require("out");
  o.decoding = decodingFrom(args);
  o.teacher_files = args.all("model");
  if (o.teacher_files.empty()) throw UsageError("--model is required: the teacher");
  o.data_dir = dataFolderFor(args, o.teacher_files.front());
  const auto device = decodingDeviceFrom(args);
  auto teacher = translatorFrom(args, device);
  checkShortlist(o.decoding, teacher);
  model::distillData(teacher, o, std::cout, terminalProgress("translated"));
  return kOk;
}

const CommandSpec& backTranslateSpec() {
  static const CommandSpec spec{
      "back-translate",
      "A data folder with more training pairs: English text translated into Vietnamese\n\n"
      "Back-translation (Sennrich, Haddow and Birch 2016): a model trained the other way round on the same\n"
      "data folder (train --direction en-vi) translates English sentences of your own (a sentence a line)\n"
      "into Vietnamese, and --out becomes a data folder whose training pairs are the data folder's and\n"
      "these synthetic ones (synthetic Vietnamese, your English); dev, test and the SentencePiece model\n"
      "stay the data folder's. Train the translator on it (train --data OUT). English lines that are the\n"
      "English of a dev, test or training pair are left out, and so are repeats; backtranslation.json in\n"
      "it counts what was translated and left out.",
      {
          {"model", "FILE", "the English-to-Vietnamese model, a model file or checkpoint (required)"},
          {"english", "FILE", "English text, a sentence a line (required; repeatable)"},
          {"data", "DIR", "the data folder whose pairs stay (default: the one the model's run trained on)"},
          {"out", "DIR", "the new data folder (required; a folder that holds one already is refused)"},
          {"max-sentences", "N", "translate at most the first N English sentences kept (default: all)"},
          {"real-weight", "N",
           "repeat the data folder's own training pairs N times (default 1), to keep them the larger\n"
           "share beside many synthetic ones"},
          {"spm", "FILE", "the model's SentencePiece model (default: beside the model or above it)"},
          {"beam", "N", "beam size (default 4)"},
          {"sampling", "",
           "draw each translation from the model instead of searching: noisier sources,\n"
           "which helped where pairs are plentiful (Edunov et al. 2018); on the demo corpus the\n"
           "beam's did better (docs/training.md)"},
          {"temperature", "T", "with --sampling (default 1)"},
          {"top-k", "K", "with --sampling: among the K likeliest pieces (default 0: all)"},
          {"top-p", "P", "with --sampling: among the likeliest holding P of the probability (default 1)"},
          {"seed", "N", "with --sampling (default 0)"},
          {"alpha", "A", "GNMT length penalty (default 0.6)"},
          {"max-length-ratio", "R", "output length limit (default 1.5)"},
          {"min-length-ratio", "R", "no end before this share of the source's pieces (default 0.3; 0 = off)"},
          {"bf16", "", "matrix products in bf16 (faster on CPUs with bf16 instructions and on GPUs)"},
          {"int8", "", "weights in int8 on the CPU's inference engine (needs AVX2)"},
          {"device", "DEVICE", kDecodingDeviceHelp},
      }};
  return spec;
}

int runBackTranslate(const ParsedArgs& args) {
  model::BackTranslationOptions o;
  o.out_dir = args.require("out");
  o.english = args.all("english");
  if (o.english.empty()) throw UsageError("--english is required: the English text to translate");
  o.decoding = decodingFrom(args);
  if (o.decoding.nbest > 1) throw UsageError("--nbest: back-translation keeps one translation a sentence");
  o.max_sentences = size_t(args.integer("max-sentences", 0, 0, INT64_MAX));
  o.real_weight = int(args.integer("real-weight", 1, 1, data::kMaxCorpusWeight));
  o.model_files = {oneModel(args)};
  o.data_dir = dataFolderFor(args, o.model_files.front());
  const auto device = decodingDeviceFrom(args);
  auto reverse = translatorFrom(args, device);
  model::backTranslateData(reverse, o, std::cout, terminalProgress("back-translated"));
  return kOk;
}

}  // namespace studio::cli
