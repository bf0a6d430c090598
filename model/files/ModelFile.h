#pragma once

#include <functional>
#include <string>

#include <torch/serialize/input-archive.h>
#include <torch/serialize/output-archive.h>

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

// Writes atomically (model/files/AtomicFile.h): every write checked, flushed
// to the disk, renamed over `path`, so a crash or a full disk mid-write leaves
// any previous file intact. Throws FileWriteError naming the path, the cause
// and the free space.
void saveModel(Transformer& model, const std::string& path);

// The same, with more entries written by `extra` into the archive (a
// training checkpoint adds the optimizer and trainer state). loadModel()
// ignores them, so a checkpoint is also a model file.
using ArchiveWriter = std::function<void(torch::serialize::OutputArchive&)>;
void saveModel(Transformer& model, const std::string& path, const ArchiveWriter& extra);

// Opens a model file's archive for `read` (to read what `extra` wrote), its
// tensors on the CPU. Errors are ModelFileError naming the file.
void readModelArchive(const std::string& path, const std::function<void(torch::serialize::InputArchive&)>& read);

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
