// Writes the model-file fuzzer's seeds: small models saved as the program
// saves them (post-norm and pre-norm, shared and separate projections).
//   make_model_seeds OUT_DIR
#include <cstdio>
#include <filesystem>

#include <torch/optim/adam.h>

#include "model/files/ModelFile.h"

using namespace studio::model;

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: make_model_seeds OUT_DIR\n");
    return 2;
  }
  std::filesystem::create_directories(argv[1]);
  torch::manual_seed(1);
  TransformerOptions o;
  o.vocab_size = 12;
  o.encoder_layers = 1;
  o.decoder_layers = 1;
  o.d_model = 4;
  o.heads = 2;
  o.d_ff = 8;
  o.max_length = 8;
  Transformer post(o);
  saveModel(post, std::string(argv[1]) + "/post-norm.pt");
  o.norm_position = NormPosition::Pre;
  o.learnable_position_scale = true;
  Transformer pre(o);
  saveModel(pre, std::string(argv[1]) + "/pre-norm.pt");

  // A checkpoint: the model and an Adam optimizer's state after one step.
  torch::optim::Adam adam(post->parameters(), torch::optim::AdamOptions(1e-3));
  auto src = torch::randint(4, 12, {2, 5}, torch::kLong), tgt = torch::randint(4, 12, {2, 4}, torch::kLong);
  post(src, tgt).sum().backward();
  adam.step();
  saveModel(post, std::string(argv[1]) + "/checkpoint.pt", [&](torch::serialize::OutputArchive& archive) {
    torch::serialize::OutputArchive state(archive.compilation_unit());
    adam.save(state);
    archive.write("optimizer", state);
    archive.write("trainer_state", c10::IValue(std::string("{\"step\":1}")));
  });
  return 0;
}
