// evaluate: a test set translated and scored, with its glossary terms and
// verbatim spans counted.

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <map>

#include "app/cli/Commands.h"
#include "app/cli/ModelOptions.h"
#include "app/cli/TranslationLines.h"
#include "model/data/CorpusSources.h"
#include "model/data/Text.h"
#include "model/data/Tokenizer.h"
#include "model/decoding/Glossary.h"
#include "model/decoding/TextTranslation.h"
#include "model/decoding/Translator.h"
#include "model/decoding/Verbatim.h"
#include "model/evaluation/Bleu.h"
#include "model/evaluation/Chrf.h"
#include "model/evaluation/Ter.h"
#include "model/files/AtomicFile.h"

namespace studio::cli {

namespace {

// "verbatim: KEPT of FOUND kept (P %) [kind KEPT/FOUND ...]": how many of the
// sources' spans of `kinds` the translations hold (a span found n times in a
// line counts as kept as often as the translation holds it, at most n).
void printVerbatimCounts(const model::Translator& translator, const std::vector<std::string>& sources,
                         const std::vector<std::string>& hypotheses, unsigned kinds, FILE* out) {
  const auto& tokenizer = translator.tokenizer();
  const auto writable = [&](std::string_view character) { return tokenizer.canWrite(character); };
  std::map<unsigned, std::pair<size_t, size_t>> by_kind;  // kind: kept, found
  for (size_t i = 0; i < sources.size(); ++i) {
    const std::string source = data::normalizeWhitespace(sources[i]);
    std::map<std::pair<std::string, unsigned>, size_t> needed;
    for (const auto& span : model::findVerbatimSpans(source, kinds, writable))
      ++needed[{source.substr(span.begin, span.end - span.begin), span.kind}];
    for (const auto& [key, times] : needed) {
      auto& [kept, found] = by_kind[key.second];
      found += times;
      kept += std::min(times, model::countVerbatim(hypotheses[i], key.first, key.second));
    }
  }
  size_t kept = 0, found = 0;
  std::string detail;
  for (const auto& [kind, counts] : by_kind) {
    kept += counts.first;
    found += counts.second;
    detail += " " + model::verbatimKindName(kind) + " " + std::to_string(counts.first) + "/" +
              std::to_string(counts.second);
  }
  std::fprintf(out, "verbatim: %zu of %zu kept (%.1f %%) in the translations%s%s\n", kept, found,
               found ? 100.0 * double(kept) / double(found) : 100.0, detail.empty() ? "" : ":",
               detail.c_str());
}

// With --src a data folder's dev or test split prepared from several corpora:
// each corpus's lines scored on their own ("by corpus: NAME (N lines): BLEU
// 41.2, chrF 60.1"), the domains apart.
void printScoresByCorpus(const std::string& src_path, const std::vector<std::string>& hypotheses,
                         const std::vector<std::string>& references, const std::vector<std::string>& metrics,
                         FILE* out) {
  const std::filesystem::path src(src_path);
  const std::string split = src.stem().string();
  if (src.extension() != ".vi" || (split != "dev" && split != "test")) return;
  for (const auto& slice : data::corpusSlicesOf(src.parent_path().string(), split, hypotheses.size())) {
    const auto first = std::ptrdiff_t(slice.first), last = std::ptrdiff_t(slice.first + slice.count);
    const std::vector<std::string> hyp(hypotheses.begin() + first, hypotheses.begin() + last),
        ref(references.begin() + first, references.begin() + last);
    std::string scores;
    for (const auto& metric : metrics) {
      char text[64];
      if (metric == "bleu")
        std::snprintf(text, sizeof text, "BLEU %.1f", model::corpusBleu(hyp, ref).score);
      else if (metric == "chrf")
        std::snprintf(text, sizeof text, "chrF %.1f", model::corpusChrf(hyp, ref).score);
      else if (metric == "chrf++")
        std::snprintf(text, sizeof text, "chrF++ %.1f", model::corpusChrf(hyp, ref, 2).score);
      else
        std::snprintf(text, sizeof text, "TER %.1f", model::corpusTer(hyp, ref).score);
      scores += (scores.empty() ? "" : ", ") + std::string(text);
    }
    std::fprintf(out, "by corpus: %s (%zu lines): %s\n", slice.corpus.c_str(), slice.count, scores.c_str());
  }
}

}  // namespace

const CommandSpec& evaluateSpec() {
  static const CommandSpec spec{
      "evaluate",
      "Translate a test set and score it with BLEU (and chrF, TER)\n\n"
      "Translates --src with the model (each line split into sentences, as translate does) and prints\n"
      "sacreBLEU's lines against --ref. When --src is a data folder's dev.vi or test.vi prepared from\n"
      "several corpora, each corpus's lines are scored on their own too (\"by corpus:\").",
      {
          {"model", "FILE", "a model file or checkpoint (required); given again, an ensemble (as translate)"},
          weightsOption(),
          {"src", "FILE", "Vietnamese sentences, one a line (required)"},
          {"ref", "FILE", "English references, line-aligned (required)"},
          {"spm", "FILE", "the SentencePiece model (default: beside the model or above it)"},
          {"beam", "N", "beam size (default 4)"},
          {"alpha", "A", "GNMT length penalty (default 0.6)"},
          {"max-length-ratio", "R", "output length limit (default 1.5)"},
          {"min-length-ratio", "R", "no end before this share of the source's pieces (default 0.3; 0 = off)"},
          {"hyp-out", "FILE", "also write the translations here"},
          {"glossary", "FILE",
           "translate following these terms (as translate --glossary); also prints how many of\n"
           "the terms that apply are in the translations"},
          {"count-terms", "FILE",
           "translate freely, and print how many of this glossary's terms that apply are in\n"
           "the translations (the term accuracy without the glossary)"},
          {"verbatim", "KINDS",
           "keep text of these kinds as typed (as translate --verbatim); also prints how many of\n"
           "the sources' spans of these kinds the translations hold"},
          {"count-verbatim", "KINDS",
           "translate freely, and print how many of the sources' spans of these kinds (as\n"
           "--verbatim) the translations hold"},
          {"metrics", "LIST", "bleu, chrf, chrf++, ter, or several joined by commas (default bleu)"},
          {"confidence", "",
           "add each score's 95 % confidence interval (bootstrap resampling, as bleu --confidence)"},
          {"samples", "N", "--confidence's resamples (default 1000)"},
          {"seed", "N", "--confidence's random seed (default 12345, sacreBLEU's)"},
          {"json", "", "print JSON instead (one object, or a list for several metrics)"},
          {"no-split", "",
           "translate each line as one sentence (long ones are still cut to fit, with a notice)"},
          {"bf16", "", "matrix products in bf16 (faster on CPUs with bf16 instructions and on GPUs)"},
          {"int8", "",
           "the weights in int8 (per output channel) on the CPU's inference engine: a smaller, faster\n"
           "model at a small cost in quality (docs/benchmarks.md); needs AVX2"},
          {"shortlist", "FILE",
           "a vocabulary shortlist (attention-studio-cli shortlist): the output layer over the\n"
           "pieces likely for each batch's sentences alone; faster (docs/benchmarks.md)"},
          {"device", "DEVICE", kDecodingDeviceHelp},
      }};
  return spec;
}

int runEvaluate(const ParsedArgs& args) {
  if (args.has("glossary") && args.has("count-terms"))
    throw UsageError("--glossary counts its own terms; drop --count-terms");
  if (args.has("verbatim") && args.has("count-verbatim"))
    throw UsageError("--verbatim counts its own spans; drop --count-verbatim");
  unsigned counted = 0;  // the kinds of verbatim text to count
  if (args.has("count-verbatim")) {
    try {
      counted = model::parseVerbatimKinds(args.require("count-verbatim"));
    } catch (const model::VerbatimError& e) {
      throw UsageError(std::string("--count-verbatim: ") + e.what());
    }
  }
  const auto metrics = metricsFrom(args);
  const auto confidence = resamplingFrom(args);
  auto options = decodingFrom(args);
  options.nbest = 1;
  const auto src_path = args.require("src"), ref_path = args.require("ref");
  const auto device = decodingDeviceFrom(args);
  const auto sources = readUtf8Lines(src_path);
  const auto references = readUtf8Lines(ref_path);
  if (sources.size() != references.size())
    throw std::runtime_error("'" + src_path + "' has " + std::to_string(sources.size()) + " lines but '" +
                             ref_path + "' has " + std::to_string(references.size()));
  auto translator = translatorFrom(args, device);
  checkShortlist(options, translator);
  const auto mode = args.has("no-split") ? data::SplitMode::Lines : data::SplitMode::Sentences;
  const auto results =
      model::translateTexts(translator, sources, options, mode, 4096, terminalProgress("translated"));
  printNotices(results, "'" + src_path + "' line");
  std::vector<std::string> hypotheses;
  for (const auto& r : results) hypotheses.push_back(r.text());
  if (auto out = args.get("hyp-out")) {
    std::string text;
    for (const auto& h : hypotheses) text += h + "\n";
    model::writeFileAtomically(*out, text);
  }
  const int code = printScores(hypotheses, references, ref_path, metrics, args.has("json"), confidence);
  printScoresByCorpus(src_path, hypotheses, references, metrics, args.has("json") ? stderr : stdout);
  if (options.glossary || args.has("count-terms")) {
    const auto glossary =
        options.glossary ? *options.glossary : model::readGlossary(args.require("count-terms"));
    size_t applied = 0, present = 0;
    for (size_t i = 0; i < sources.size(); ++i)
      for (const auto& match : model::matchGlossary(glossary, data::normalizeWhitespace(sources[i]))) {
        ++applied;
        if (hypotheses[i].find(glossary.terms[match.term].target) != std::string::npos) ++present;
      }
    std::fprintf(args.has("json") ? stderr : stdout,
                 "terms: %zu of %zu present (%.1f %%) in the translations\n", present, applied,
                 applied ? 100.0 * double(present) / double(applied) : 100.0);
  }
  if (options.verbatim != 0 || counted != 0)
    printVerbatimCounts(translator, sources, hypotheses, options.verbatim | counted,
                        args.has("json") ? stderr : stdout);
  return code;
}

}  // namespace studio::cli
