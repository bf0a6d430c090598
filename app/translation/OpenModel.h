#pragma once

#include <string>

#include <torch/types.h>

#include "model/decoding/Translator.h"

namespace studio::app {

// model::Translator::fromFiles for the app's workspaces, which translate and
// explain Vietnamese → English: a model trained the other way round (train
// --direction en-vi, for back-translation) is refused with a message that
// names it and says what it is for (std::runtime_error).
model::Translator openTranslator(const std::string& model_path, const torch::Device& device);

}  // namespace studio::app
