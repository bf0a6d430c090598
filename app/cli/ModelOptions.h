#pragma once

#include <functional>
#include <string>

#include <torch/types.h>

#include "app/cli/CommandLine.h"
#include "model/decoding/Decoding.h"

// What the model commands share: the device, decoding options, progress.
namespace studio::cli {

// A progress line on stderr when it is a terminal (nothing otherwise).
std::function<void(size_t, size_t)> terminalProgress(const char* what);

// --device, checked before any work: a device that is not here is a usage
// error that lists the ones that are.
torch::Device deviceFrom(const std::string& name);

// --beam, --nbest, --alpha, --max-length-ratio, --bf16.
model::DecodingOptions decodingFrom(const ParsedArgs& args);

}  // namespace studio::cli
