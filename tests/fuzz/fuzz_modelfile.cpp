// A model file or checkpoint from a stranger. loadModel and readModelOptions
// use our own archive reader only; readModelArchive hands the file to
// LibTorch's loader once that reader has passed it. Any bytes give a model
// whose options validate, or a ModelFileError naming the file: no other
// exception, no crash, no allocation beyond what the file holds.
#include <cstdint>
#include <cstdlib>

#include "FuzzInput.h"
#include "model/files/ModelFile.h"

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  torch::set_num_threads(1);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const auto path = studio::fuzz::writeInput("model.pt", data, size);
  try {
    const auto options = studio::model::readModelOptions(path);
    options.validate();
    auto model = studio::model::loadModel(path);
    if (!(model->options() == options)) __builtin_trap();
  } catch (const studio::model::ModelFileError&) {
  }
  try {
    // What resuming reads besides the weights: the optimizer's archive.
    studio::model::readModelArchive(path, [](torch::serialize::InputArchive& archive) {
      torch::serialize::InputArchive optimizer;
      if (archive.try_read("optimizer", optimizer)) {
        c10::IValue value;
        optimizer.try_read("pytorch_version", value);
      }
    });
  } catch (const studio::model::ModelFileError&) {
  }
  return 0;
}
