#include "app/cli/ModelOptions.h"

#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <limits>
#include <sstream>

#include "model/data/Text.h"
#include "model/decoding/DecodingDevice.h"
#include "model/decoding/Glossary.h"
#include "model/decoding/Shortlist.h"
#include "model/decoding/Verbatim.h"
#include "model/files/Hash.h"
#include "model/runtime/Runtime.h"
#include "model/training/FineTune.h"

namespace studio::cli {

std::function<void(size_t, size_t)> terminalProgress(const char* what) {
  if (!isatty(fileno(stderr))) return nullptr;
  return [what](size_t done, size_t total) {
    std::fprintf(stderr, "\r%s %zu/%zu sentences (%.0f %%)\x1b[K", what, done, total,
                 total ? 100.0 * double(done) / double(total) : 100.0);
    if (done >= total) std::fprintf(stderr, "\n");
    std::fflush(stderr);
  };
}

torch::Device deviceFrom(const std::string& name) {
  try {
    return model::resolveDevice(name);
  } catch (const model::DeviceError& e) {
    throw UsageError(std::string("--device: ") + e.what());
  }
}

torch::Device decodingDeviceFrom(const ParsedArgs& args) {
  try {
    return model::decodingDevice(args.getOr("device", "auto"), args.all("model"));
  } catch (const model::DeviceError& e) {
    throw UsageError(std::string("--device: ") + e.what());
  }
}

model::DecodingOptions decodingFrom(const ParsedArgs& args) {
  model::DecodingOptions d;
  d.beam_size = args.integer("beam", 4, 1, 256);
  d.nbest = args.integer("nbest", 1, 1, 256);
  d.length_penalty = args.number("alpha", 0.6, 0.0, 10.0);
  d.max_length_ratio = args.number("max-length-ratio", 1.5, 0.01, 100.0);
  d.min_length_ratio = args.number("min-length-ratio", d.min_length_ratio, 0.0, 1.0);
  d.sampling.on = args.has("sampling");
  for (const char* refinement : {"top-k", "top-p", "temperature", "seed"})
    if (args.has(refinement) && !d.sampling.on)
      throw UsageError(std::string("--") + refinement + " refines --sampling: give --sampling too");
  if (d.sampling.on) {
    if (args.has("beam")) throw UsageError("--sampling draws --nbest samples: leave --beam out");
    if (args.has("glossary"))
      throw UsageError("--sampling and --glossary: a glossary's terms need the search");
    d.sampling.top_k = args.integer("top-k", 0, 0, 1'000'000);
    d.sampling.top_p = args.number("top-p", 1.0, 1e-6, 1.0);
    d.sampling.temperature = args.number("temperature", 1.0, 1e-3, 1000.0);
    d.sampling.seed = uint64_t(args.integer("seed", 0, 0, std::numeric_limits<int64_t>::max()));
  }
  if (d.nbest > d.beam_size && !d.sampling.on) throw UsageError("--nbest cannot exceed --beam");
  d.bf16 = args.has("bf16");
  d.int8 = args.has("int8");
  if (d.int8 && d.bf16) throw UsageError("--int8 and --bf16: choose one precision");
  if (args.has("glossary")) {
    d.glossary = std::make_shared<const model::Glossary>(model::readGlossary(args.require("glossary")));
    for (const auto& note : d.glossary->notes)
      std::cerr << "note: " << d.glossary->path << ": " << note << "\n";
  }
  if (args.has("verbatim")) {
    if (d.sampling.on) throw UsageError("--sampling and --verbatim: the verbatim spans need the search");
    try {
      d.verbatim = model::parseVerbatimKinds(args.require("verbatim"));
    } catch (const model::VerbatimError& e) {
      throw UsageError(std::string("--verbatim: ") + e.what());
    }
  }
  if (args.has("shortlist"))
    d.shortlist = std::make_shared<const model::Shortlist>(model::readShortlist(args.require("shortlist")));
  return d;
}

std::string oneModel(const ParsedArgs& args) {
  const auto models = args.all("model");
  if (models.size() > 1)
    throw UsageError(
        "--model given " + std::to_string(models.size()) +
        " times: this command reads one model (translate and evaluate take several, an ensemble)");
  return args.require("model");
}

const OptionSpec& weightsOption() {
  static const OptionSpec option{
      "weights", "W1,W2,...",
      "with several --model: each model's weight in the ensemble's mean, in their order (default: equal)"};
  return option;
}

model::Translator translatorFrom(const ParsedArgs& args, const torch::Device& device) {
  args.require("model");  // a usage error when there is none
  const auto models = args.all("model");
  // --weights W1,W2,...: a positive number a model, in the order of the --model options.
  std::vector<double> weights;
  if (const auto given = args.get("weights")) {
    if (models.size() < 2)
      throw UsageError("--weights weighs an ensemble's models: give --model more than once");
    std::string item;
    std::istringstream list(*given);
    while (std::getline(list, item, ',')) {
      char* end = nullptr;
      const double w = std::strtod(item.c_str(), &end);
      if (item.empty() || end != item.c_str() + item.size() || !(w > 0.0) || !std::isfinite(w))
        throw UsageError("--weights: '" + item + "' is not a positive number");
      weights.push_back(w);
    }
    if (weights.size() != models.size())
      throw UsageError("--weights gives " + std::to_string(weights.size()) + " weights for " +
                       std::to_string(models.size()) + " models");
  }
  auto translator = model::Translator::fromFiles(models.front(), args.getOr("spm", ""), device);
  for (size_t i = 1; i < models.size(); ++i) translator.addToEnsemble(models[i]);
  if (!weights.empty()) translator.setEnsembleWeights(weights);
  return translator;
}

void checkShortlist(const model::DecodingOptions& options, const model::Translator& translator) {
  if (!options.shortlist) return;
  auto model = translator.modelHandle();
  if (model->options().reversed)
    throw model::ShortlistError(
        "--shortlist: a shortlist lists the English pieces likely for Vietnamese ones, and "
        "this model translates English to Vietnamese");
  options.shortlist->checkFits(model->options().vocab_size, model::hashFile(translator.tokenizer().path()),
                               "--shortlist");
}

SentencePairs readSentencePairs(const ParsedArgs& args, int64_t default_sentences) {
  const auto src_path = args.require("src"), ref_path = args.require("ref");
  const int64_t limit = args.integer("sentences", default_sentences, 0, 10000000);
  SentencePairs pairs{readUtf8Lines(src_path), readUtf8Lines(ref_path)};
  auto& sources = pairs.sources;
  auto& references = pairs.references;
  if (sources.size() != references.size())
    throw std::runtime_error("'" + src_path + "' has " + std::to_string(sources.size()) + " lines but '" + ref_path +
                             "' has " + std::to_string(references.size()));
  if (limit > 0 && sources.size() > size_t(limit)) sources.resize(size_t(limit)), references.resize(size_t(limit));
  if (sources.empty()) throw std::runtime_error("'" + src_path + "' has no lines");
  for (auto& line : sources) line = data::normalizeWhitespace(line);
  return pairs;
}

CaptureInput captureInputFrom(const ParsedArgs& args) {
  const std::string text = args.require("text");
  if (!data::isValidUtf8(text)) throw UsageError("--text is not valid UTF-8");
  CaptureInput input{data::normalizeWhitespace(text), args.get("target")};
  if (input.target && !data::isValidUtf8(*input.target)) throw UsageError("--target is not valid UTF-8");
  if (input.target) {
    *input.target = data::normalizeWhitespace(*input.target);
    if (input.target->empty()) throw UsageError("--target is empty");
  }
  return input;
}

model::AttentionSnapshot captureSentence(const CaptureInput& input, const model::Translator& translator,
                                         const model::DecodingOptions& options,
                                         const model::CaptureOptions& capture) {
  if (!input.target) return model::captureAttention(translator, input.sentence, options, capture);
  try {
    return model::captureGivenTranslation(translator, input.sentence, *input.target, options.length_penalty,
                                          capture);
  } catch (const std::invalid_argument& e) {
    throw UsageError(std::string("--text and --target: ") + e.what());
  }
}

std::string dataFolderFor(const ParsedArgs& args, const std::string& model_path) {
  std::string data_dir = args.getOr("data", "");
  if (data_dir.empty()) data_dir = model::findModelOrigin(model_path).data_dir;
  if (data_dir.empty())
    throw UsageError(
        "no data folder is known for '" + model_path +
        "' (no run folder's config.json beside it, or its data folder is gone): --data DIR names it");
  return data_dir;
}

}  // namespace studio::cli
