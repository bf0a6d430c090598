#include "model/training/WeightAverage.h"

#include <algorithm>
#include <stdexcept>

namespace studio::model {

WeightAverage::WeightAverage(const Transformer& model, double decay) : decay_(decay) {
  if (!(decay >= 0.0 && decay < 1.0))
    throw std::invalid_argument("the weight average's decay must be in [0, 1)");
  average_ = copyOf(model);
  for (auto& p : average_->parameters()) p.set_requires_grad(false);
}

double WeightAverage::decayAt(int64_t step) const {
  return std::min(decay_, double(1 + step) / double(10 + step));
}

void WeightAverage::update(const Transformer& model, int64_t step) {
  torch::NoGradGuard no_grad;
  const double weight = 1.0 - decayAt(step);  // of the new weights
  const auto averaged = average_->parameters();
  const auto current = model->parameters();
  for (size_t i = 0; i < averaged.size(); ++i) averaged[i].lerp_(current[i].detach(), weight);
}

void WeightAverage::copyFrom(const Transformer& model) { copyWeights(model, average_); }

}  // namespace studio::model
