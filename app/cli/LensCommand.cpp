// lens: what the decoder would predict after each of its blocks (the logit
// lens, or a tuned lens); tuned-lens: trains one.

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <memory>

#include <nlohmann/json.hpp>

#include "app/cli/Commands.h"
#include "app/cli/ModelOptions.h"
#include "model/data/EncodedCorpus.h"
#include "model/data/Text.h"
#include "model/explaining/LogitLens.h"
#include "model/explaining/TunedLens.h"
#include "model/files/AtomicFile.h"
#include "model/training/FineTune.h"

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
          {"tuned", "FILE",
           "read each block through this tuned lens (attention-studio-cli tuned-lens) instead"},
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

// --tuned FILE for the translator's model: read and checked against it (nullptr without --tuned).
std::shared_ptr<const model::TunedLens> tunedLensFrom(const ParsedArgs& args,
                                                      const model::Translator& translator) {
  if (!args.has("tuned")) return nullptr;
  const std::string path = args.require("tuned");
  auto lens = std::make_shared<model::TunedLens>(model::loadTunedLens(path));
  auto handle = translator.modelHandle();
  model::checkTunedLensFits(*lens, handle, path);
  return lens;
}

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
  const auto tuned = tunedLensFrom(args, translator);
  const auto summary = model::lensOverSentences(translator, lines, options, {}, tuned);
  if (args.has("json")) {
    nlohmann::json stages = nlohmann::json::array();
    for (int64_t r = 0; r < summary.stages; ++r)
      stages.push_back({{"layer", r / 3 + 1},
                        {"block", model::DecoderLens::blockName(r)},
                        {"next_top1_share", summary.top1_share[size_t(r)]},
                        {"mean_next_probability", summary.mean_probability[size_t(r)]},
                        {"median_next_rank", summary.median_rank[size_t(r)]}});
    const nlohmann::json out = {{"method", tuned ? "tuned lens" : "logit lens"},
                                {"sentences", summary.sentences},
                                {"blank_lines_skipped", blank},
                                {"steps", summary.steps},
                                {"stages", stages}};
    std::cout << out.dump() << "\n" << std::flush;
    return kOk;
  }
  const std::string skipped = blank ? ", " + std::to_string(blank) + " blank lines skipped" : "";
  std::printf("%s%s on %lld sentences of %s (%lld steps, each translation's own pieces and its end)%s\n",
              tuned ? "the tuned lens of " : "",
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
  capture.tuned_lens = tunedLensFrom(args, translator);
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
      "after each decoder block, as if the model ended there%s: the %lld likeliest pieces, then "
      "[the piece that came next: its probability, its rank]\n",
      lens.tuned ? " (through the tuned lens's maps)" : "", static_cast<long long>(lens.top));
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

namespace studio::cli {

const CommandSpec& tunedLensSpec() {
  static const CommandSpec spec{
      "tuned-lens",
      "Train a tuned lens: the logit lens with a learnt map for each decoder block\n\n"
      "Earlier blocks were never trained to be read by the output layer; a tuned lens (Belrose et al.,\n"
      "2023) learns, for each block but the last, an affine map h -> h + A h + b that brings the block's\n"
      "reading as close as it can to the model's own output (the KL divergence from it), on the data\n"
      "folder's training pairs, teacher-forced. The model is not changed. Prints each block's divergence\n"
      "on the dev pairs through the logit lens and through the tuned lens, and writes the lens for\n"
      "`lens --tuned FILE` (it fits this model's weights alone).",
      {
          {"model", "FILE", "a model file or checkpoint (required)"},
          {"out", "FILE",
           "where the tuned lens goes (default: beside the model, RUN/best.pt -> RUN/best.tuned-lens,\n"
           "where the explorer's Logit lens finds it); written whole or not at all"},
          {"data", "DIR", "the data folder (default: the one the model's run trained on)"},
          {"pairs", "N", "training pairs, evenly spaced over the train split (default 5000; 0 = all)"},
          {"held-out", "N", "dev pairs the divergences are measured on (default 200; 0 = all)"},
          {"steps", "N", "training steps, a batch each (default 300)"},
          {"learning-rate", "LR", "Adam's learning rate (default 0.001)"},
          {"max-tokens", "N", "source and target positions a batch (default 1024)"},
          {"spm", "FILE", "the SentencePiece model (default: beside the model or above it)"},
          {"device", "DEVICE", "auto (default), cpu, cuda or cuda:N"},
      }};
  return spec;
}

int runTunedLens(const ParsedArgs& args) {
  const std::string model_path = oneModel(args);
  const std::string out = args.getOr("out", model::tunedLensPathBeside(model_path));
  model::TunedLensOptions options;
  options.steps = args.integer("steps", 300, 1, 10'000'000);
  options.learning_rate = args.number("learning-rate", 1e-3, 1e-7, 10.0);
  options.max_tokens = args.integer("max-tokens", 1024, 16, 1'000'000);
  const size_t pairs = size_t(args.integer("pairs", 5000, 0, 100'000'000));
  const size_t held_out = size_t(args.integer("held-out", 200, 0, 100'000'000));
  const std::string data_dir = dataFolderFor(args, model_path);
  for (const char* file : {"train.vi", "train.en", "dev.vi", "dev.en"})
    if (!std::filesystem::exists(std::filesystem::path(data_dir) / file))
      throw std::runtime_error("'" + data_dir + "' has no " + file +
                               ": give a data folder written by prepare");
  if (std::filesystem::exists(out) && std::filesystem::equivalent(out, model_path))
    throw UsageError("--out is the model file itself: name another file");

  auto translator = model::Translator::fromFiles(model_path, args.getOr("spm", ""),
                                                 deviceFrom(args.getOr("device", "auto")));
  model::checkSameSentencePiece(translator.tokenizer().path(), data_dir);
  const auto train =
      model::lensPairsOf(data::loadEncodedSplit(data_dir, "train", translator.tokenizer()), pairs);
  const auto dev =
      model::lensPairsOf(data::loadEncodedSplit(data_dir, "dev", translator.tokenizer()), held_out);
  auto model = translator.modelHandle();
  const auto started = std::chrono::steady_clock::now();
  const auto print = terminalProgress("tuned lens, step");
  auto lens = model::trainTunedLens(model, std::filesystem::path(model_path).filename().string(), train, dev,
                                    options, [&](int64_t step, int64_t steps, double) {
                                      if (print) print(size_t(step), size_t(steps));
                                    });
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  model::saveTunedLens(lens, out);
  std::printf("tuned lens of %s: %lld steps on %lld training pairs of %s in %.0f s, into %s\n",
              lens.model_name.c_str(), static_cast<long long>(lens.steps), static_cast<long long>(lens.pairs),
              data_dir.c_str(), seconds, out.c_str());
  std::printf("KL divergence from the model's output on %lld dev positions (nats a position):\n",
              static_cast<long long>(lens.held_out_positions));
  std::printf("%-28s %12s %12s\n", "after", "logit lens", "tuned lens");
  for (int64_t r = 0; r + 1 < lens.stages; ++r)
    std::printf("layer %lld %-18s %12.3f %12.3f\n", static_cast<long long>(r / 3 + 1),
                model::DecoderLens::blockName(r), lens.kl_before[size_t(r)], lens.kl_after[size_t(r)]);
  for (int64_t r : lens.logit_blocks)
    std::printf(
        "layer %lld %s: its learnt map read the dev pairs worse than none, so it has none (the logit "
        "lens)\n",
        static_cast<long long>(r / 3 + 1), model::DecoderLens::blockName(r));
  return kOk;
}

}  // namespace studio::cli
