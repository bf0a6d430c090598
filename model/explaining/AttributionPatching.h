#pragma once

#include <cstdint>
#include <vector>

#include "model/Transformer.h"
#include "model/explaining/Patching.h"

// Attribution patching (Nanda, 2023; Syed et al., 2023): activation
// patching's every number estimated at once. Patching the state x of the
// receiving pass with the giving pass's x' changes a prediction's
// log-probability by about (x' - x) · d log P / dx at x; one backward pass a
// prediction gives that gradient at every site, position and head, where
// exact patching runs a pass a site. What the estimate misses is what the
// model does between the two states that is not linear.
namespace studio::model {

// The estimate of patchActivations(model, source, corrupted, output,
// options) (options.estimate is implied): the same rows, columns and
// log-probabilities, each the receiving pass's plus its estimated change
// ("all" the sum of the row's positions'), estimated = true. The clean and
// corrupted log-probabilities are the passes' own. On the model's device, in
// eval mode; gradients are taken whether or not the model's parameters
// require them. Throws std::invalid_argument as patchActivations.
ActivationPatching estimatePatching(Transformer& model, const std::vector<int64_t>& source,
                                    const std::vector<int64_t>& corrupted, const std::vector<int64_t>& output,
                                    const PatchingOptions& options);

}  // namespace studio::model
