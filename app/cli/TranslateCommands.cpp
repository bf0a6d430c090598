// translate, evaluate, attention.

#include <algorithm>
#include <cstdio>
#include <iostream>

#include <nlohmann/json.hpp>

#include "app/cli/Commands.h"
#include "app/cli/ModelOptions.h"
#include "model/decoding/AttentionCapture.h"
#include "model/decoding/Glossary.h"
#include "model/decoding/HeadMask.h"
#include "model/decoding/SourceReliance.h"
#include "model/decoding/TextTranslation.h"
#include "model/decoding/Translator.h"
#include "model/data/Text.h"
#include "model/files/AtomicFile.h"

namespace studio::cli {

namespace {

// Sentences that were too long for the model, one line each on stderr.
void printNotices(const std::vector<model::TextTranslation>& results, const std::string& where) {
  for (size_t i = 0; i < results.size(); ++i)
    for (const auto& notice : results[i].source.notices)
      std::fprintf(stderr, "%s %zu: %s\n", where.c_str(), i + 1, notice.c_str());
}

}  // namespace

const CommandSpec& translateSpec() {
  static const CommandSpec spec{
      "translate",
      "Translate Vietnamese lines from stdin to English on stdout\n\n"
      "Reads text a line, splits each line into sentences, translates them in batches sorted by length,\n"
      "and writes one line a line in input order. A sentence longer than the model's positions is cut at\n"
      "clauses (or between words) and translated in parts, with a notice on stderr: nothing is dropped.\n"
      "With --nbest N: N lines an input line, \"INDEX ||| TEXT ||| SCORE\" (a line of several sentences\n"
      "joins each sentence's k-th hypothesis; SCORE is their mean).",
      {
          {"model", "FILE", "a model file or checkpoint (required), e.g. RUN_DIR/best.pt"},
          {"spm", "FILE", "the SentencePiece model (default: spm.model beside the model or above it)"},
          {"beam", "N", "beam size (default 4; 1 is greedy)"},
          {"nbest", "N", "hypotheses a sentence (default 1)"},
          {"alpha", "A", "GNMT length penalty (default 0.6)"},
          {"max-length-ratio", "R", "output length limit as a ratio of the source's (default 1.5)"},
          {"min-length-ratio", "R", "no end before this share of the source's pieces (default 0.3; 0 = off)"},
          {"scores", "", "append \" ||| score ||| piece:probability ...\" to each line"},
          {"reliance", "", "append \" ||| source MEAN ||| word:share ...\": how much each word of the best translation drew on the source (ALTI+)"},
          {"head-mask", "LIST", "switch heads off, e.g. enc:0:1,cross:2:3 (kinds enc, dec, cross; from 0)"},
          {"prefix", "TEXT", "every translation starts with TEXT; the model writes the rest"},
          {"glossary", "FILE", "terms to follow, a line each: VIETNAMESE<TAB>ENGLISH ('#' comments): where the\n"
                               "Vietnamese words occur in a sentence (as typed), its translation contains the\n"
                               "English (constrained beam search). With --scores, \" ||| terms ...\" follows:\n"
                               "each term's first piece (-1: missing) and the free translation's score"},
          {"no-split", "", "one sentence a line: do not split lines at . ! ? …"},
          {"bf16", "", "matrix products in bf16 (faster on CPUs with bf16 instructions and on GPUs)"},
          {"int8", "", "the weights in int8 (per output channel) on the CPU's inference engine: a smaller, faster\n"
                       "model at a small cost in quality (docs/benchmarks.md); needs AVX2"},
          {"shortlist", "FILE", "a vocabulary shortlist (attention-studio-cli shortlist): the output layer over the\n"
                                "pieces likely for each batch's sentences alone; faster (docs/benchmarks.md)"},
          {"device", "DEVICE", "auto (default), cpu, cuda or cuda:N"},
      }};
  return spec;
}

namespace {
// " ||| source MEAN ||| word:share ..." for a text's best translation, every sentence's words in turn.
void printReliance(const model::Translator& translator, const model::TextTranslation& result,
                   const model::DecodingOptions& options) {
  auto model = translator.modelHandle();
  model::ScopedHeadMask heads_off(model, options.head_mask);
  std::vector<model::WordReliance> words;
  for (size_t s = 0; s < result.segments.size(); ++s) {
    if (result.segments[s].empty()) continue;
    auto more = model::wordReliance(translator, result.source.segments[s].text, result.segments[s][0]);
    words.insert(words.end(), more.begin(), more.end());
  }
  double mean = 0;
  for (const auto& w : words) mean += w.share / double(words.size());
  char number[32];
  std::snprintf(number, sizeof number, "%.3f", mean);
  std::cout << " ||| source " << number << " |||";
  for (const auto& w : words) {
    std::snprintf(number, sizeof number, "%.3f", double(w.share));
    std::cout << " " << w.word << ":" << number;
  }
}
}  // namespace

int runTranslate(const ParsedArgs& args) {
  auto options = decodingFrom(args);
  const auto device = deviceFrom(args.getOr("device", "auto"));
  try {
    options.head_mask = model::HeadMask::parse(args.getOr("head-mask", ""));
  } catch (const std::invalid_argument& e) {
    throw UsageError(std::string("--head-mask: ") + e.what());
  }
  auto translator = model::Translator::fromFiles(args.require("model"), args.getOr("spm", ""), device);
  checkShortlist(options, translator);
  try {
    options.head_mask.validate(translator.model()->options());
  } catch (const std::invalid_argument& e) {
    throw UsageError(std::string("--head-mask: ") + e.what());
  }
  try {
    if (args.has("prefix")) options.prefix = translator.encodeTarget(data::normalizeWhitespace(args.require("prefix")));
  } catch (const std::invalid_argument& e) {
    throw UsageError(std::string("--prefix: ") + e.what());
  }
  std::vector<std::string> lines;
  std::string line;
  size_t number = 0;
  while (std::getline(std::cin, line)) {
    ++number;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (!data::isValidUtf8(line)) throw std::runtime_error("input line " + std::to_string(number) + " is not valid UTF-8");
    lines.push_back(data::normalizeWhitespace(line));
  }
  const auto mode = args.has("no-split") ? data::SplitMode::Lines : data::SplitMode::Sentences;
  const auto results = model::translateTexts(translator, lines, options, mode, 4096, terminalProgress("translated"));
  printNotices(results, "input line");
  const bool scores = args.has("scores"), reliance = args.has("reliance");
  for (size_t i = 0; i < results.size(); ++i) {
    const size_t count = std::min(results[i].nbest(), size_t(options.nbest));
    if (count == 0) {
      std::cout << "\n";
      continue;
    }
    for (size_t k = 0; k < count; ++k) {
      const auto t = results[i].joined(k);
      if (options.nbest > 1) std::cout << i << " ||| ";
      std::cout << t.text;
      if (options.nbest > 1 || scores) std::printf(" ||| %.4f", t.score), std::fflush(stdout);
      if (scores) {
        std::cout << " |||";
        for (size_t p = 0; p < t.pieces.size(); ++p) std::printf(" %s:%.3f", t.pieces[p].c_str(), t.probabilities[p]);
        if (t.finished) std::printf(" </s>:%.3f", t.probabilities.back());
        if (!t.terms.empty()) {
          std::cout << " ||| terms";
          for (const auto& term : t.terms)
            std::cout << " " << term.source << "=" << term.target << "@" << term.start;
          std::printf(" ||| free %.4f", t.unconstrained_score);
        }
        std::fflush(stdout);
      }
      if (reliance && k == 0) printReliance(translator, results[i], options);
      std::cout << "\n";
    }
  }
  std::cout << std::flush;
  return kOk;
}

const CommandSpec& evaluateSpec() {
  static const CommandSpec spec{
      "evaluate",
      "Translate a test set and score it with BLEU (and chrF)\n\n"
      "Translates --src with the model (each line split into sentences, as translate does) and prints\n"
      "sacreBLEU's lines against --ref.",
      {
          {"model", "FILE", "a model file or checkpoint (required)"},
          {"src", "FILE", "Vietnamese sentences, one a line (required)"},
          {"ref", "FILE", "English references, line-aligned (required)"},
          {"spm", "FILE", "the SentencePiece model (default: beside the model or above it)"},
          {"beam", "N", "beam size (default 4)"},
          {"alpha", "A", "GNMT length penalty (default 0.6)"},
          {"max-length-ratio", "R", "output length limit (default 1.5)"},
          {"min-length-ratio", "R", "no end before this share of the source's pieces (default 0.3; 0 = off)"},
          {"hyp-out", "FILE", "also write the translations here"},
          {"glossary", "FILE", "translate following these terms (as translate --glossary); also prints how many of\n"
                               "the terms that apply are in the translations"},
          {"count-terms", "FILE", "translate freely, and print how many of this glossary's terms that apply are in\n"
                                  "the translations (the term accuracy without the glossary)"},
          {"metrics", "LIST", "bleu, chrf or bleu,chrf (default bleu)"},
          {"json", "", "print JSON instead (one object, or a list for several metrics)"},
          {"no-split", "", "translate each line as one sentence (long ones are still cut to fit, with a notice)"},
          {"bf16", "", "matrix products in bf16 (faster on CPUs with bf16 instructions and on GPUs)"},
          {"int8", "", "the weights in int8 (per output channel) on the CPU's inference engine: a smaller, faster\n"
                       "model at a small cost in quality (docs/benchmarks.md); needs AVX2"},
          {"shortlist", "FILE", "a vocabulary shortlist (attention-studio-cli shortlist): the output layer over the\n"
                                "pieces likely for each batch's sentences alone; faster (docs/benchmarks.md)"},
          {"device", "DEVICE", "auto (default), cpu, cuda or cuda:N"},
      }};
  return spec;
}

int runEvaluate(const ParsedArgs& args) {
  if (args.has("glossary") && args.has("count-terms"))
    throw UsageError("--glossary counts its own terms; drop --count-terms");
  const auto metrics = metricsFrom(args);
  auto options = decodingFrom(args);
  options.nbest = 1;
  const auto src_path = args.require("src"), ref_path = args.require("ref");
  const auto device = deviceFrom(args.getOr("device", "auto"));
  const auto sources = readUtf8Lines(src_path);
  const auto references = readUtf8Lines(ref_path);
  if (sources.size() != references.size())
    throw std::runtime_error("'" + src_path + "' has " + std::to_string(sources.size()) + " lines but '" + ref_path +
                             "' has " + std::to_string(references.size()));
  auto translator = model::Translator::fromFiles(args.require("model"), args.getOr("spm", ""), device);
  checkShortlist(options, translator);
  const auto mode = args.has("no-split") ? data::SplitMode::Lines : data::SplitMode::Sentences;
  const auto results = model::translateTexts(translator, sources, options, mode, 4096, terminalProgress("translated"));
  printNotices(results, "'" + src_path + "' line");
  std::vector<std::string> hypotheses;
  for (const auto& r : results) hypotheses.push_back(r.text());
  if (auto out = args.get("hyp-out")) {
    std::string text;
    for (const auto& h : hypotheses) text += h + "\n";
    model::writeFileAtomically(*out, text);
  }
  const int code = printScores(hypotheses, references, ref_path, metrics, args.has("json"));
  if (options.glossary || args.has("count-terms")) {
    const auto glossary = options.glossary ? *options.glossary : model::readGlossary(args.require("count-terms"));
    size_t applied = 0, present = 0;
    for (size_t i = 0; i < sources.size(); ++i)
      for (const auto& match : model::matchGlossary(glossary, data::normalizeWhitespace(sources[i]))) {
        ++applied;
        if (hypotheses[i].find(glossary.terms[match.term].target) != std::string::npos) ++present;
      }
    std::fprintf(args.has("json") ? stderr : stdout, "terms: %zu of %zu present (%.1f %%) in the translations\n",
                 present, applied, applied ? 100.0 * double(present) / double(applied) : 100.0);
  }
  return code;
}

const CommandSpec& attentionSpec() {
  static const CommandSpec spec{
      "attention",
      "Print every attention weight of one sentence as JSON\n\n"
      "Translates --text, then records encoder self-, decoder self- and cross-attention of every layer\n"
      "and head, with the tokens and the masks that applied.",
      {
          {"model", "FILE", "a model file or checkpoint (required)"},
          {"text", "TEXT", "the Vietnamese sentence (required)"},
          {"spm", "FILE", "the SentencePiece model (default: beside the model or above it)"},
          {"beam", "N", "beam size for the translation (default 4)"},
          {"alpha", "A", "GNMT length penalty (default 0.6)"},
          {"max-length-ratio", "R", "output length limit (default 1.5)"},
          {"min-length-ratio", "R", "no end before this share of the source's pieces (default 0.3; 0 = off)"},
          {"pad-to", "N", "pad the source to N tokens, as in a batch, to show the padding mask"},
          {"vectors", "",
           "add each block's projected queries and keys (\"vectors\"): weight = softmax(q · k / "
           "sqrt(head_dim))"},
          {"out", "FILE", "write the JSON here instead of stdout"},
          {"device", "DEVICE", "auto (default), cpu, cuda or cuda:N"},
      }};
  return spec;
}

int runAttention(const ParsedArgs& args) {
  auto options = decodingFrom(args);
  const std::string text = args.require("text");
  if (!data::isValidUtf8(text)) throw UsageError("--text is not valid UTF-8");
  model::CaptureOptions capture;
  capture.pad_to = args.integer("pad-to", 0, 0, 100000);
  capture.vectors = args.has("vectors");
  const auto device = deviceFrom(args.getOr("device", "auto"));
  auto translator = model::Translator::fromFiles(args.require("model"), args.getOr("spm", ""), device);
  const auto snapshot =
      model::captureAttention(translator, data::normalizeWhitespace(text), options, capture);
  const std::string json = snapshot.toJson().dump() + "\n";
  if (auto out = args.get("out"))
    model::writeFileAtomically(*out, json);
  else
    std::cout << json << std::flush;
  return kOk;
}

}  // namespace studio::cli
