#include "model/explaining/Attribution.h"

#include <stdexcept>

#include <torch/autograd.h>

#include "model/decoding/SourceReliance.h"

namespace studio::model {

namespace {

// Restores the model's training mode when the scope ends.
class EvalScope {
 public:
  explicit EvalScope(Transformer& model) : model_(model), was_training_(model->is_training()) { model_->eval(); }
  ~EvalScope() {
    if (was_training_) model_->train();
  }
  EvalScope(const EvalScope&) = delete;
  EvalScope& operator=(const EvalScope&) = delete;

 private:
  Transformer& model_;
  bool was_training_;
};

void checkInputs(const Transformer& model, const torch::Tensor& src, const torch::Tensor& target_in,
                 const std::vector<int64_t>& predicted) {
  if (src.dim() != 2 || src.size(0) != 1 || target_in.dim() != 2 || target_in.size(0) != 1)
    throw std::invalid_argument("an attribution takes one sentence: src [1, S] and target_in [1, T]");
  if (int64_t(predicted.size()) != target_in.size(1))
    throw std::invalid_argument("an attribution needs one predicted token a prefix position (" +
                                std::to_string(target_in.size(1)) + "), not " + std::to_string(predicted.size()));
  for (int64_t token : predicted)
    if (token < 0 || token >= model->options().vocab_size)
      throw std::invalid_argument("predicted token " + std::to_string(token) + " is outside the vocabulary");
}

// The chosen layer and head of per-layer maps [1, H, Q, K] -> [Q, K].
torch::Tensor selectMap(const std::vector<torch::Tensor>& per_layer, int64_t layer, int64_t head) {
  auto stacked = torch::cat(per_layer, /*dim=*/0).to(torch::kFloat);  // [L, H, Q, K]
  auto layers = layer == -2 ? stacked.mean(0) : stacked[layer == -1 ? stacked.size(0) - 1 : layer];  // [H, Q, K]
  return head == -1 ? layers.mean(0) : layers[head];
}

torch::Tensor attentionScores(Transformer& model, const torch::Tensor& src, const torch::Tensor& target_in,
                              const AttributionOptions& options) {
  torch::NoGradGuard no_grad;
  AttentionMaps maps;
  model->forward(src, target_in, &maps);
  auto cross = selectMap(maps.cross, options.layer, options.head);         // [T, S]
  auto self = selectMap(maps.decoder_self, options.layer, options.head);  // [T, T]
  return torch::cat({cross, self}, /*dim=*/1);
}

// A block's heads averaged, its residual added: 0.5 A + 0.5 I. a [1, H, Q, Q].
torch::Tensor withResidual(const torch::Tensor& a) {
  auto mean = a[0].to(torch::kFloat).mean(0);  // [Q, Q]
  return 0.5 * mean + 0.5 * torch::eye(mean.size(0), mean.options());
}

torch::Tensor rolloutScores(Transformer& model, const torch::Tensor& src, const torch::Tensor& target_in) {
  torch::NoGradGuard no_grad;
  AttentionMaps maps;
  model->forward(src, target_in, &maps);
  const int64_t S = src.size(1), T = target_in.size(1);
  const auto options = torch::TensorOptions().dtype(torch::kFloat).device(src.device());
  auto r_enc = torch::eye(S, options);  // [S, S] each encoder output's mixture of source tokens
  for (const auto& a : maps.encoder_self) r_enc = torch::matmul(withResidual(a), r_enc);
  auto source_rows = torch::cat({r_enc, torch::zeros({S, T}, options)}, /*dim=*/1);             // [S, S + T]
  auto r = torch::cat({torch::zeros({T, S}, options), torch::eye(T, options)}, /*dim=*/1);  // [T, S + T]
  for (size_t l = 0; l < maps.decoder_self.size(); ++l) {
    r = torch::matmul(withResidual(maps.decoder_self[l]), r);
    auto cross = maps.cross[l][0].to(torch::kFloat).mean(0);  // [T, S]
    r = 0.5 * r + 0.5 * torch::matmul(cross, source_rows);
  }
  return r;
}

// f for each row of log-probabilities logp [B, T, V]: the predicted token's,
// minus the alternative's at the contrast row. -> [B, T]
torch::Tensor explainedFunction(const torch::Tensor& logp, const torch::Tensor& predicted,
                                const AttributionOptions& options) {
  auto f = logp.gather(-1, predicted.view({1, -1, 1}).expand({logp.size(0), -1, 1})).squeeze(-1);
  if (options.contrast_row >= 0) {
    auto alternative = logp.select(1, options.contrast_row).select(-1, options.contrast_token);  // [B]
    auto column = torch::zeros_like(f);
    column.select(1, options.contrast_row).copy_(alternative);
    f = f - column;
  }
  return f;
}

// Gradient x input (steps 0) or integrated gradients (steps > 0).
Attribution gradientScores(Transformer& model, const torch::Tensor& src, const torch::Tensor& target_in,
                           const torch::Tensor& predicted, const AttributionOptions& options, int64_t steps) {
  torch::AutoGradMode grad_mode(true);
  const auto& o = model->options();
  const int64_t S = src.size(1), T = target_in.size(1);
  auto weight = model->embeddingWeight().detach();
  auto xs = weight.index_select(0, src[0]).unsqueeze(0);        // [1, S, D]
  auto xt = weight.index_select(0, target_in[0]).unsqueeze(0);  // [1, T, D]
  // The baseline (ig): the padding token's vector in place of every piece,
  // <s> and </s> kept as they are (as Captum's text examples keep [CLS] and
  // [SEP]): what is explained is the pieces, not the sentence's frame, which
  // then scores 0. For grad, zero: (input - 0) x gradient is gradient x input.
  torch::Tensor base_s, base_t;
  if (steps > 0) {
    auto pad = weight[o.pad_id].view({1, 1, -1});
    auto frame = [&](const torch::Tensor& ids) {  // [1, L] -> [1, L, 1], true at <s> and </s>
      return ((ids == o.bos_id) | (ids == o.eos_id)).unsqueeze(-1);
    };
    base_s = torch::where(frame(src), xs, pad.expand_as(xs));
    base_t = torch::where(frame(target_in), xt, pad.expand_as(xt));
  } else {
    base_s = torch::zeros_like(xs);
    base_t = torch::zeros_like(xt);
  }

  // The points where gradients are taken: the input itself, or the midpoints
  // of `steps` equal parts of the straight line from the baseline to it.
  const int64_t points = steps > 0 ? steps : 1;
  auto alphas = steps > 0 ? (torch::arange(points, xs.options()) + 0.5) / double(points) : torch::ones({1}, xs.options());
  alphas = alphas.view({points, 1, 1});
  auto vs = (base_s + alphas * (xs - base_s)).detach().requires_grad_(true);  // [P, S, D]
  auto vt = (base_t + alphas * (xt - base_t)).detach().requires_grad_(true);  // [P, T, D]
  auto src_b = src.expand({points, S}), tgt_b = target_in.expand({points, T});
  auto logits = model->project(model->decodeVectors(vt, tgt_b, model->encodeVectors(vs, src_b), src_b));
  auto f = explainedFunction(torch::log_softmax(logits.to(torch::kFloat), -1), predicted, options);  // [P, T]

  Attribution result;
  auto scores = torch::zeros({T, S + T}, xs.options());
  for (int64_t t = 0; t < T; ++t) {
    auto grads = torch::autograd::grad({f.select(1, t).sum()}, {vs, vt}, /*grad_outputs=*/{}, /*retain_graph=*/t + 1 < T);
    auto gs = grads[0].mean(0, /*keepdim=*/true), gt = grads[1].mean(0, /*keepdim=*/true);  // [1, ., D]
    auto per_dimension_s = (xs - base_s) * gs, per_dimension_t = (xt - base_t) * gt;       // [1, ., D]
    if (steps == 0 && !options.signed_gradient) {
      scores[t].slice(0, 0, S).copy_(per_dimension_s.norm(2, -1)[0]);
      scores[t].slice(0, S).copy_(per_dimension_t.norm(2, -1)[0]);
    } else {
      scores[t].slice(0, 0, S).copy_(per_dimension_s.sum(-1)[0]);
      scores[t].slice(0, S).copy_(per_dimension_t.sum(-1)[0]);
    }
  }
  result.scores = scores.detach();
  if (steps > 0) {
    torch::NoGradGuard no_grad;
    auto ends_s = torch::cat({base_s, xs}), ends_t = torch::cat({base_t, xt});  // [2, ., D]
    auto src2 = src.expand({2, S}), tgt2 = target_in.expand({2, T});
    auto end_logits = model->project(model->decodeVectors(ends_t, tgt2, model->encodeVectors(ends_s, src2), src2));
    auto ends = explainedFunction(torch::log_softmax(end_logits.to(torch::kFloat), -1), predicted, options);
    auto delta = (ends[1] - ends[0]).to(torch::kCPU).contiguous();
    auto gap = (delta - result.scores.sum(-1).to(torch::kCPU)).contiguous();
    result.delta.assign(delta.data_ptr<float>(), delta.data_ptr<float>() + T);
    result.gap.assign(gap.data_ptr<float>(), gap.data_ptr<float>() + T);
  }
  return result;
}

}  // namespace

std::string methodName(AttributionMethod method) {
  switch (method) {
    case AttributionMethod::Attention: return "attention";
    case AttributionMethod::Rollout: return "rollout";
    case AttributionMethod::Alti: return "alti";
    case AttributionMethod::Gradient: return "grad";
    case AttributionMethod::IntegratedGradients: return "ig";
  }
  return "?";
}

const std::vector<AttributionMethod>& allMethods() {
  static const std::vector<AttributionMethod> all{AttributionMethod::Attention, AttributionMethod::Rollout,
                                                  AttributionMethod::Alti, AttributionMethod::Gradient,
                                                  AttributionMethod::IntegratedGradients};
  return all;
}

AttributionMethod parseMethod(const std::string& name) {
  for (auto method : allMethods())
    if (methodName(method) == name) return method;
  throw std::invalid_argument("unknown attribution method '" + name + "' (attention, rollout, alti, grad or ig)");
}

bool explainsAnOutput(AttributionMethod method) {
  return method == AttributionMethod::Gradient || method == AttributionMethod::IntegratedGradients;
}

void AttributionOptions::validate(const TransformerOptions& model) const {
  if (layer < -2 || layer >= model.decoder_layers)
    throw std::invalid_argument("layer " + std::to_string(layer) + " is not a decoder layer of this model (0 to " +
                                std::to_string(model.decoder_layers - 1) + ")");
  if (head < -1 || head >= model.heads)
    throw std::invalid_argument("head " + std::to_string(head) + " is not a head of this model (0 to " +
                                std::to_string(model.heads - 1) + ")");
  if (method == AttributionMethod::IntegratedGradients && (steps < 1 || steps > 4096))
    throw std::invalid_argument("steps (" + std::to_string(steps) + ") must be between 1 and 4096");
  if (contrast_row >= 0) {
    if (!explainsAnOutput(method))
      throw std::invalid_argument("a contrast needs a method that explains an output (grad or ig), not " +
                                  methodName(method));
    if (contrast_token < 0 || contrast_token >= model.vocab_size)
      throw std::invalid_argument("the contrast token " + std::to_string(contrast_token) + " is outside the vocabulary");
  }
}

Attribution attribute(Transformer& model, const torch::Tensor& src, const torch::Tensor& target_in,
                      const std::vector<int64_t>& predicted, const AttributionOptions& options) {
  checkInputs(model, src, target_in, predicted);
  options.validate(model->options());
  if (options.contrast_row >= target_in.size(1))
    throw std::invalid_argument("contrast row " + std::to_string(options.contrast_row) + " is past the translation (" +
                                std::to_string(target_in.size(1)) + " predictions)");
  EvalScope eval(model);
  auto predicted_ids = torch::tensor(predicted, torch::kLong).to(src.device());

  Attribution result;
  switch (options.method) {
    case AttributionMethod::Attention: result.scores = attentionScores(model, src, target_in, options); break;
    case AttributionMethod::Rollout: result.scores = rolloutScores(model, src, target_in); break;
    case AttributionMethod::Alti: result.scores = sourceReliance(model, src, target_in).contributions; break;
    case AttributionMethod::Gradient:
      result = gradientScores(model, src, target_in, predicted_ids, options, /*steps=*/0);
      break;
    case AttributionMethod::IntegratedGradients:
      result = gradientScores(model, src, target_in, predicted_ids, options, options.steps);
      break;
  }
  result.scores = result.scores.to(torch::kCPU).to(torch::kFloat).contiguous();
  auto logp = predictedLogProbabilities(model, src, target_in, predicted)[0].exp().contiguous();
  result.probabilities.assign(logp.data_ptr<float>(), logp.data_ptr<float>() + logp.numel());
  return result;
}

torch::Tensor predictedLogProbabilities(Transformer& model, const torch::Tensor& src, const torch::Tensor& target_in,
                                        const std::vector<int64_t>& predicted) {
  torch::NoGradGuard no_grad;
  EvalScope eval(model);
  const int64_t B = src.size(0), T = target_in.size(1);
  auto logits = model->forward(src, target_in.expand({B, T}));
  auto logp = torch::log_softmax(logits.to(torch::kFloat), -1);  // [B, T, V]
  auto ids = torch::tensor(predicted, torch::kLong).to(src.device()).view({1, T, 1}).expand({B, T, 1});
  return logp.gather(-1, ids).squeeze(-1).to(torch::kCPU);
}

torch::Tensor predictedLogProbabilities(Transformer& model, const torch::Tensor& src, const torch::Tensor& target_in,
                                        const std::vector<int64_t>& predicted, const std::vector<int64_t>& rows) {
  torch::NoGradGuard no_grad;
  EvalScope eval(model);
  const int64_t B = src.size(0), T = target_in.size(1);
  if (int64_t(rows.size()) != B) throw std::invalid_argument("one row a source is needed");
  auto hidden = model->decode(target_in.expand({B, T}), model->encode(src), src);  // [B, T, D]
  auto row_ids = torch::tensor(rows, torch::kLong).to(src.device());
  auto chosen = hidden.gather(1, row_ids.view({B, 1, 1}).expand({B, 1, hidden.size(2)})).squeeze(1);  // [B, D]
  auto logp = torch::log_softmax(model->project(chosen).to(torch::kFloat), -1);                       // [B, V]
  std::vector<int64_t> tokens(rows.size());
  for (size_t b = 0; b < rows.size(); ++b) tokens[b] = predicted.at(size_t(rows[b]));
  auto token_ids = torch::tensor(tokens, torch::kLong).to(src.device()).view({B, 1});
  return logp.gather(-1, token_ids).squeeze(-1).to(torch::kCPU);
}

}  // namespace studio::model
