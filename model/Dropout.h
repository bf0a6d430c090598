#pragma once

#include <torch/nn/module.h>
#include <torch/nn/pimpl.h>
#include <torch/types.h>

namespace studio::model {

// Inverted dropout (as torch::nn::Dropout: zero with probability p, scale the
// rest by 1 / (1 - p), identity in eval()), with a cheaper mask on the CPU.
//
// LibTorch's CPU bernoulli_ draws one 64-bit number per element, serially:
// in a training step of the small benchmark model that was 17 % of the step.
// Here a mask takes one 64-bit key from the default generator and runs the
// SplitMix64 sequence from it, a word per three elements, on every thread
// (word w depends on the key and w alone): three 21-bit uniforms a word,
// keep when below (1 - p) · 2^21, so p is honoured to 2^-21. Seeded runs stay
// reproducible: the keys come from that generator. On other devices it is
// torch::dropout.
class DropoutImpl : public torch::nn::Module {
 public:
  explicit DropoutImpl(double p = 0.1);
  torch::Tensor forward(const torch::Tensor& input);
  double p() const { return p_; }

 private:
  double p_;
};
TORCH_MODULE(Dropout);

// The keep mask alone, for tests: 1 with probability 1 - p, else 0 (bool).
torch::Tensor dropoutKeepMask(at::IntArrayRef sizes, double p);

}  // namespace studio::model
