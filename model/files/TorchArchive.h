#pragma once

#include <fstream>
#include <memory>
#include <string>

#include <ATen/core/Tensor.h>

#include "model/files/Pickle.h"
#include "model/files/ZipDirectory.h"

// A LibTorch archive (what torch::serialize::OutputArchive writes and
// Python's torch.jit.load reads) opened by a reader of our own. LibTorch's
// loader trusts the file: a few flipped bytes crash it, and an archive's code
// runs when it loads. This reader checks the zip directory, reads data.pkl
// with the strict Pickle reader, checks that every tensor lies inside its
// storage record and that every record is as large as its tensors say, all
// before allocating for a tensor. Model files are read with it alone;
// checkpoints, whose optimizer state LibTorch itself reads, are first checked
// with it (requireLoadableByLibTorch).
namespace studio::model {

class TorchArchive {
 public:
  // Opens and checks `path`; throws ArchiveFormatError (or std::runtime_error
  // when the file cannot be read) saying what is wrong, without the path.
  explicit TorchArchive(const std::string& path);

  // The archive's root module, an Object whose attributes are the entries.
  const PickleValue& root() const { return pickle_->root(); }

  // A tensor of the archive (a PickleValue of kind Tensor), read from the
  // file into a new CPU tensor. Checked against its record's CRC-32.
  at::Tensor readTensor(const PickleValue& tensor);

  // Throws ArchiveFormatError unless LibTorch's own loader can be given this
  // file: its code declares classes with typed attributes and nothing else
  // (no method, so nothing runs on load), and its other pickles read.
  void requireLoadableByLibTorch();

 private:
  std::ifstream file_;
  uint64_t file_size_ = 0;
  std::unique_ptr<ZipDirectory> zip_;
  std::unique_ptr<Pickle> pickle_;
};

// The largest pickle we read (data.pkl holds names and shapes, not weights).
inline constexpr uint64_t kMaxPickleBytes = 64u << 20;

}  // namespace studio::model
