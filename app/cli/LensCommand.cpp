// lens: what the decoder would predict after each of its blocks (the logit lens).

#include <cstdio>
#include <filesystem>
#include <iostream>

#include <nlohmann/json.hpp>

#include "app/cli/Commands.h"
#include "app/cli/ModelOptions.h"
#include "model/data/Text.h"
#include "model/decoding/AttentionCapture.h"

namespace studio::cli {

const CommandSpec& lensSpec() {
  static const CommandSpec spec{
      "lens",
      "What the decoder would predict after each of its blocks (the logit lens)\n\n"
      "Translates --text (or reads --target, a translation of your own), then reads the decoder's state\n"
      "after each layer's self-attention, cross-attention and feed-forward block through the output layer,\n"
      "as if the model ended there. For each output piece it prints every block's --top likeliest pieces\n"
      "and the probability and rank of the piece that came next; the last block's is the model's own\n"
      "prediction. --json prints the same as `attention --lens K` does under \"lens\".",
      {
          {"model", "FILE", "a model file or checkpoint (required)"},
          {"text", "TEXT", "the Vietnamese sentence (required)"},
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

int runLens(const ParsedArgs& args) {
  const auto options = decodingFrom(args);
  const std::string text = args.require("text");
  if (!data::isValidUtf8(text)) throw UsageError("--text is not valid UTF-8");
  if (data::normalizeWhitespace(text).empty()) throw UsageError("--text is empty");
  const auto target = args.get("target");
  if (target && !data::isValidUtf8(*target)) throw UsageError("--target is not valid UTF-8");
  if (target && data::normalizeWhitespace(*target).empty()) throw UsageError("--target is empty");
  model::CaptureOptions capture;
  capture.source_reliance = false;
  capture.lens_top = args.integer("top", 3, 1, 100);
  const std::string model_path = oneModel(args);
  auto translator = model::Translator::fromFiles(model_path, args.getOr("spm", ""),
                                                 deviceFrom(args.getOr("device", "auto")));
  const std::string sentence = data::normalizeWhitespace(text);
  model::AttentionSnapshot snap;
  if (target) {
    try {
      snap = model::captureGivenTranslation(translator, sentence, data::normalizeWhitespace(*target),
                                            options.length_penalty, capture);
    } catch (const std::invalid_argument& e) {
      throw UsageError(std::string("--text and --target: ") + e.what());
    }
  } else {
    snap = model::captureAttention(translator, sentence, options, capture);
  }
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
      "after each decoder block, as if the model ended there: the %lld likeliest pieces, then [the piece "
      "that "
      "came next: its probability, its rank]\n",
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
