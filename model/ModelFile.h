#pragma once

#include <string>

#include "model/Transformer.h"

namespace studio::model {

// A model file is one LibTorch archive holding
//   format          "attention-studio-model" (string)
//   format_version  1 (int)
//   options         the TransformerOptions as a JSON string
//   checksum        64-bit hash of the options and every tensor (hex string)
//   <module tree>   every parameter and buffer under its registered name
// Python reads it with torch.jit.load(path).
inline constexpr const char* kModelFormat = "attention-studio-model";
inline constexpr int64_t kModelFormatVersion = 1;

// Writes atomically: to a temporary file beside `path`, then renamed over it,
// so a crash mid-write leaves any previous file intact. Throws
// std::runtime_error naming the path on failure.
void saveModel(Transformer& model, const std::string& path);

// Reads a model file onto `device`. A missing, truncated, corrupt or
// mismatched file throws ModelFileError naming the path and what is wrong;
// nothing is partly loaded.
Transformer loadModel(const std::string& path, const torch::Device& device = torch::kCPU);

// The options stored in a model file, without building the model.
TransformerOptions readModelOptions(const std::string& path);

class ModelFileError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace studio::model
