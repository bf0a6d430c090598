#include "model/explaining/AttributionPatching.h"

#include <map>
#include <utility>

namespace studio::model {

ActivationPatching estimatePatching(Transformer& model, const std::vector<int64_t>& source,
                                    const std::vector<int64_t>& corrupted, const std::vector<int64_t>& output,
                                    const PatchingOptions& options) {
  const auto& o = model->options();
  const auto tensors = patchingTensors(model, source, corrupted, output);
  const int64_t S = tensors.S, T = tensors.T;
  const auto &src = tensors.source, &cor = tensors.corrupted, &tgt = tensors.target_in,
             &next = tensors.predicted;
  const auto& giving = options.noising ? cor : src;
  const auto& receiving = options.noising ? src : cor;

  using Site = AttentionMaps::Site;
  using Key = std::pair<Site, int64_t>;
  // The giving pass's states.
  std::map<Key, torch::Tensor> given;
  torch::Tensor giving_lp;
  {
    torch::NoGradGuard no_grad;
    AttentionMaps keep;
    keep.weights = false;
    keep.patch = [&](Site site, int64_t layer, const torch::Tensor& state) {
      given[{site, layer}] = state;
      return state;
    };
    giving_lp = predictionLogProbabilities(model->forward(giving, tgt, &keep), next)[0];
  }

  // The receiving pass with its graph: the embedded source becomes a leaf that
  // asks for gradients, so that every state after it has a path back to it
  // even where the parameters ask for none.
  torch::AutoGradMode grad_mode(true);
  std::map<Key, torch::Tensor> received;
  AttentionMaps keep;
  keep.weights = false;
  keep.patch = [&](Site site, int64_t layer, const torch::Tensor& state) {
    auto kept = site == Site::EncoderInput ? state.detach().requires_grad_(true) : state;
    received[{site, layer}] = kept;
    return kept;
  };
  auto logits = model->forward(receiving, tgt, &keep);
  auto lp = torch::log_softmax(logits.to(torch::kFloat), /*dim=*/-1)[0].gather(-1, next.view({-1, 1})).squeeze(-1);
  const auto receiving_lp = lp.detach().to(torch::kCPU).contiguous();

  ActivationPatching out;
  out.noising = options.noising;
  out.estimated = true;
  const auto given_lp = giving_lp.contiguous();
  const auto& clean = options.noising ? receiving_lp : given_lp;
  const auto& dirty = options.noising ? given_lp : receiving_lp;
  out.clean.assign(clean.data_ptr<float>(), clean.data_ptr<float>() + T);
  out.corrupted.assign(dirty.data_ptr<float>(), dirty.data_ptr<float>() + T);

  // The states that can carry a gradient (a decoder state that reads the
  // output's pieces alone may not: it is the same in both passes, and its
  // estimate 0).
  std::vector<Key> keys;
  std::vector<torch::Tensor> inputs;
  for (const auto& [key, state] : received)
    if (state.requires_grad()) {
      keys.push_back(key);
      inputs.push_back(state);
    }
  // change[key]: [T, P] (a head site: [T, H, P]), the estimated change of each prediction.
  std::map<Key, torch::Tensor> change;
  for (const auto& key : keys) {
    const auto& state = received.at(key);
    auto shape = state.sizes().vec();
    shape.back() = T;  // the last dimension (D or Dh) becomes the predictions
    change[key] = torch::zeros(shape, torch::TensorOptions().dtype(torch::kFloat));
  }
  for (int64_t t = 0; t < T; ++t) {
    const auto grads = torch::autograd::grad({lp[t]}, inputs, /*grad_outputs=*/{}, /*retain_graph=*/t + 1 < T,
                                             /*create_graph=*/false, /*allow_unused=*/true);
    for (size_t i = 0; i < keys.size(); ++i) {
      if (!grads[i].defined()) continue;
      const auto difference = (given.at(keys[i]) - inputs[i].detach()).to(torch::kFloat);
      // [1, P, D] -> [P] (heads: [1, H, P, Dh] -> [H, P]).
      const auto per_position = (difference * grads[i].to(torch::kFloat)).sum(-1)[0].to(torch::kCPU);
      change[keys[i]].select(-1, t).copy_(per_position);
    }
  }

  std::vector<PatchedStates::Row> encoder_rows, decoder_rows;
  patchingRows(o, options, &encoder_rows, &decoder_rows);
  const auto fill = [&](PatchedStates& states, const std::vector<PatchedStates::Row>& rows, int64_t positions) {
    states.rows = rows;
    states.positions = positions;
    states.pieces = T;
    for (const auto& row : rows) {
      const auto found = change.find({row.site, row.layer});
      // [P, T]: this row's estimated change at each position for each prediction.
      torch::Tensor row_change = torch::zeros({positions, T});
      if (found != change.end()) row_change = (row.head >= 0 ? found->second[0][row.head] : found->second[0]);
      // The positions' rows, then "all": to first order, the sum of the positions' changes.
      const auto columns = torch::cat({row_change, row_change.sum(0, /*keepdim=*/true)}).contiguous();
      const float* base = receiving_lp.data_ptr<float>();
      const float* estimated = columns.data_ptr<float>();
      for (int64_t c = 0; c <= positions; ++c)
        for (int64_t t = 0; t < T; ++t) states.log_probabilities.push_back(base[t] + estimated[c * T + t]);
    }
  };
  fill(out.encoder, encoder_rows, S);
  fill(out.decoder, decoder_rows, T);
  return out;
}

}  // namespace studio::model
