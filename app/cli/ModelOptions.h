#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <torch/types.h>

#include "app/cli/CommandLine.h"
#include "model/decoding/AttentionCapture.h"
#include "model/decoding/Decoding.h"
#include "model/decoding/Translator.h"

// What the model commands share: the device, decoding options, progress.
namespace studio::cli {

// A progress line on stderr when it is a terminal (nothing otherwise).
std::function<void(size_t, size_t)> terminalProgress(const char* what);

// --device, checked before any work: a device that is not here is a usage
// error that lists the ones that are.
torch::Device deviceFrom(const std::string& name);

// --device for the commands that translate with the --model files: as
// deviceFrom(), except that "auto" (the default) keeps models narrower than
// kGpuDecodingMinWidth on the CPU's engine where a GPU is present
// (model::decodingDevice: faster there).
torch::Device decodingDeviceFrom(const ParsedArgs& args);
inline constexpr const char* kDecodingDeviceHelp =
    "auto (default: a GPU where there is one, but the CPU's engine for a model narrower than d_model 512, "
    "faster there), cpu, cuda or cuda:N";

// --beam, --nbest, --alpha, --max-length-ratio, --min-length-ratio, --bf16,
// --int8, --glossary, --shortlist, --sampling with --top-k, --top-p,
// --temperature and --seed.
model::DecodingOptions decodingFrom(const ParsedArgs& args);

// --src and --ref, line-aligned, the first --sentences of them (default
// `default_sentences`; 0 = all), the sources' whitespace normalized. Errors name the files.
struct SentencePairs {
  std::vector<std::string> sources, references;
};
SentencePairs readSentencePairs(const ParsedArgs& args, int64_t default_sentences = 200);

// --model for a command that reads one model: given twice, a usage error
// (only translate and evaluate decode with several, translatorFrom()).
std::string oneModel(const ParsedArgs& args);

// --data, or else the data folder the model's run trained on; a usage error
// naming the model when neither is known.
std::string dataFolderFor(const ParsedArgs& args, const std::string& model_path);

// translate, evaluate, score: the first --model with --spm, every later
// --model joined to it as an ensemble (Translator::addToEnsemble), weighted
// by --weights when given (Translator::setEnsembleWeights).
model::Translator translatorFrom(const ParsedArgs& args, const torch::Device& device);
// The --weights option those commands list.
const OptionSpec& weightsOption();

// attention and lens: --text (whitespace normalized) and --target, checked
// before any model is loaded (not UTF-8, an empty --target: usage errors).
struct CaptureInput {
  std::string sentence;
  std::optional<std::string> target;
};
CaptureInput captureInputFrom(const ParsedArgs& args);
// The sentence captured with --target's translation read by the model (a
// pair that does not fit it: a usage error), or with its own decoded with `options`.
model::AttentionSnapshot captureSentence(const CaptureInput& input, const model::Translator& translator,
                                         const model::DecodingOptions& options,
                                         const model::CaptureOptions& capture);

// Throws model::ShortlistError when options.shortlist was learnt for another
// vocabulary than the translator's (its size or its SentencePiece model).
void checkShortlist(const model::DecodingOptions& options, const model::Translator& translator);

}  // namespace studio::cli
