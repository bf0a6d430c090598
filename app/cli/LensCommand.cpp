// lens: what the decoder would predict after each of its blocks (the logit lens).

#include <cstdio>
#include <filesystem>
#include <iostream>

#include <nlohmann/json.hpp>

#include "app/cli/Commands.h"
#include "app/cli/ModelOptions.h"
#include "model/data/Text.h"
#include "model/explaining/LogitLens.h"

namespace studio::cli {

const CommandSpec& lensSpec() {
  static const CommandSpec spec{
      "lens",
      "What the decoder would predict after each of its blocks (the logit lens)\n\n"
      "Translates --text (or reads --target, a translation of your own), then reads the decoder's state\n"
      "after each layer's self-attention, cross-attention and feed-forward block through the output layer,\n"
      "as if the model ended there. For each output piece it prints every block's --top likeliest pieces\n"
      "and the probability and rank of the piece that came next; the last block's is the model's own\n"
      "prediction. --json prints the same as `attention --lens K` does under \"lens\".\n\n"
      "With --src instead of --text, the lens of each sentence of the file (its own translation), summed\n"
      "up block by block: how often the piece that came next was already the likeliest there, its mean\n"
      "probability and its median rank. Where in the decoder the translation is decided.",
      {
          {"model", "FILE", "a model file or checkpoint (required)"},
          {"text", "TEXT", "the Vietnamese sentence (or --src)"},
          {"src", "FILE", "Vietnamese sentences, one a line: each one's lens, summed up block by block"},
          {"sentences", "N", "with --src: its first N lines (default 200; 0 = all)"},
          {"target", "TEXT",
           "an English translation for the model to read instead of writing its own (teacher forcing)"},
          {"spm", "FILE", "the SentencePiece model (default: beside the model or above it)"},
          {"top", "K", "likeliest pieces shown a block (default 3)"},
          {"json", "", "print {\"source\", \"translation\", \"target_tokens\", \"lens\"} as JSON instead"},
          {"beam", "N", "beam size for the translation (default 4)"},
          {"alpha", "A", "GNMT length penalty (default 0.6)"},
          {"max-length-ratio", "R", "output length limit (default 1.5)"},
          {"min-length-ratio", "R", "no end before this share of the source's pieces (default 0.3; 0 = off)"},
          {"device", "DEVICE", "auto (default), cpu, cuda or cuda:N"},
      }};
  return spec;
}

namespace {

// lens --src: every sentence's lens (its own translation), summed up.
int summarizeFile(const ParsedArgs& args, const model::DecodingOptions& options) {
  if (args.has("target")) throw UsageError("--target reads one sentence's translation: give it with --text");
  const std::string path = args.require("src");
  const int64_t count = args.integer("sentences", 200, 0, 100000000);
  std::vector<std::string> lines;
  int64_t blank = 0;
  for (const auto& line : readUtf8Lines(path)) {
    if (count > 0 && int64_t(lines.size()) >= count) break;
    auto sentence = data::normalizeWhitespace(line);
    if (sentence.empty())
      ++blank;
    else
      lines.push_back(std::move(sentence));
  }
  if (lines.empty()) throw std::runtime_error(path + " has no sentences");
  const std::string model_path = oneModel(args);
  auto translator = model::Translator::fromFiles(model_path, args.getOr("spm", ""),
                                                 deviceFrom(args.getOr("device", "auto")));
  const auto summary = model::lensOverSentences(translator, lines, options);
  if (args.has("json")) {
    nlohmann::json stages = nlohmann::json::array();
    for (int64_t r = 0; r < summary.stages; ++r)
      stages.push_back({{"layer", r / 3 + 1},
                        {"block", model::DecoderLens::blockName(r)},
                        {"next_top1_share", summary.top1_share[size_t(r)]},
                        {"mean_next_probability", summary.mean_probability[size_t(r)]},
                        {"median_next_rank", summary.median_rank[size_t(r)]}});
    const nlohmann::json out = {{"sentences", summary.sentences},
                                {"blank_lines_skipped", blank},
                                {"steps", summary.steps},
                                {"stages", stages}};
    std::cout << out.dump() << "\n" << std::flush;
    return kOk;
  }
  const std::string skipped = blank ? ", " + std::to_string(blank) + " blank lines skipped" : "";
  std::printf("%s on %lld sentences of %s (%lld steps, each translation's own pieces and its end)%s\n",
              std::filesystem::path(model_path).filename().string().c_str(),
              static_cast<long long>(summary.sentences), path.c_str(), static_cast<long long>(summary.steps),
              skipped.c_str());
  std::printf("%-28s %18s %17s %12s\n", "after", "next piece likeliest", "mean probability", "median rank");
  for (int64_t r = 0; r < summary.stages; ++r)
    std::printf("layer %lld %-18s %19.1f %% %17.3f %12.1f\n", static_cast<long long>(r / 3 + 1),
                model::DecoderLens::blockName(r), 100 * summary.top1_share[size_t(r)],
                summary.mean_probability[size_t(r)], summary.median_rank[size_t(r)]);
  return kOk;
}

}  // namespace

int runLens(const ParsedArgs& args) {
  const auto options = decodingFrom(args);
  if (args.has("src") && args.has("text"))
    throw UsageError("give --text (one sentence) or --src (a file), not both");
  if (args.has("src")) return summarizeFile(args, options);
  const auto input = captureInputFrom(args);
  if (input.sentence.empty()) throw UsageError("--text is empty");
  model::CaptureOptions capture;
  capture.source_reliance = false;
  capture.lens_top = args.integer("top", 3, 1, 100);
  const std::string model_path = oneModel(args);
  auto translator = model::Translator::fromFiles(model_path, args.getOr("spm", ""),
                                                 deviceFrom(args.getOr("device", "auto")));
  const auto snap = captureSentence(input, translator, options, capture);
  const auto& lens = snap.lens;
  if (args.has("json")) {
    const nlohmann::json out = {{"source", snap.source_text},
                                {"translation", snap.translation},
                                {"translation_given", snap.translation_given},
                                {"target_tokens", snap.target_tokens},
                                {"lens", lens.toJson()}};
    std::cout << out.dump() << "\n" << std::flush;
    return kOk;
  }
  std::printf("%s: \"%s\" -> \"%s\"%s\n", std::filesystem::path(model_path).filename().string().c_str(),
              snap.source_text.c_str(), snap.translation.c_str(), snap.translation_given ? " (given)" : "");
  std::printf(
      "after each decoder block, as if the model ended there: the %lld likeliest pieces, then "
      "[the piece that came next: its probability, its rank]\n",
      static_cast<long long>(lens.top));
  for (int64_t t = 0; t < lens.positions; ++t) {
    std::printf("\nafter %s -> %s\n", snap.target_tokens.at(size_t(t)).c_str(),
                lens.next_pieces.at(size_t(t)).c_str());
    for (int64_t r = 0; r < lens.stages; ++r) {
      std::printf("  layer %lld %-16s", static_cast<long long>(r / 3 + 1), model::DecoderLens::blockName(r));
      for (int64_t k = 0; k < lens.top; ++k) {
        const auto i = size_t((r * lens.positions + t) * lens.top + k);
        std::printf(" %s %.3f", lens.top_pieces[i].c_str(), lens.top_probabilities[i]);
      }
      const auto i = size_t(r * lens.positions + t);
      std::printf("  [%s: %.3f, rank %lld]\n", lens.next_pieces[size_t(t)].c_str(), lens.next_probability[i],
                  static_cast<long long>(lens.next_rank[i]));
    }
  }
  return kOk;
}

}  // namespace studio::cli
