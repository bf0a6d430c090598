#include "model/training/Loss.h"

#include <stdexcept>
#include <string>

#include <ATen/ATen.h>
#include <torch/autograd.h>

#include "model/training/SmoothedLossRows.h"

namespace studio::model {

namespace {

// The loss and its gradient in one pass each. With q the smoothed target
// distribution (1 - eps on the gold token, delta = eps / (V - 2) on every
// token but gold and padding, 0 on padding), the gradient with respect to
// the logits is (softmax - q), since q sums to one; written in place into
// one [N, V] buffer, it avoids autograd's three full-size temporaries
// (gather, select and the sum's broadcast) and their accumulation.
class SmoothedCrossEntropy : public torch::autograd::Function<SmoothedCrossEntropy> {
 public:
  static torch::Tensor forward(torch::autograd::AutogradContext* ctx, const torch::Tensor& logits,
                               const torch::Tensor& gold, const torch::Tensor& keep, int64_t pad_id, double epsilon,
                               double denominator, bool count_correct, LossResult* stats) {
    const int64_t vocab = logits.size(-1);
    const double delta = epsilon / double(vocab - 2);
    const auto flat = logits.to(torch::kFloat);  // [N, V]
    torch::Tensor gold_lp, pad_lp, all_lp;      // [N] each
    if (flat.device().is_cpu() && flat.is_contiguous()) {
      // On the CPU, row by row without the [N, V] log-probabilities (SmoothedLossRows.h).
      auto rows = smoothedRowsForward(flat, gold, pad_id, keep, count_correct);
      gold_lp = rows.gold_lp;
      pad_lp = rows.pad_lp;
      all_lp = rows.all_lp;
      if (count_correct) stats->correct = rows.correct;
      ctx->save_for_backward({flat, gold, keep, rows.log_normalizer});
    } else {
      auto log_probs = flat.log_softmax(/*dim=*/-1);                      // [N, V]
      gold_lp = log_probs.gather(/*dim=*/1, gold.unsqueeze(1)).squeeze(1);
      pad_lp = log_probs.select(/*dim=*/1, pad_id);
      all_lp = log_probs.sum(/*dim=*/-1);
      if (count_correct)
        stats->correct =
            (log_probs.argmax(/*dim=*/-1).eq(gold).logical_and(keep.to(torch::kBool))).sum().item<int64_t>();
      ctx->save_for_backward({log_probs, gold, keep});
    }
    // -(1 - eps) log p(gold) - delta * sum over the others of log p
    auto per_token = -(1.0 - epsilon) * gold_lp - delta * (all_lp - gold_lp - pad_lp);
    // Statistics for reports, from the same log-probabilities.
    stats->nll_sum = (-gold_lp * keep).sum();
    ctx->saved_data["pad_id"] = pad_id;
    ctx->saved_data["epsilon"] = epsilon;
    ctx->saved_data["denominator"] = denominator;
    ctx->saved_data["dtype"] = static_cast<int64_t>(logits.scalar_type());
    return (per_token * keep).sum() / denominator;
  }

  static torch::autograd::variable_list backward(torch::autograd::AutogradContext* ctx,
                                                 torch::autograd::variable_list grad_outputs) {
    const auto saved = ctx->get_saved_variables();
    const auto& gold = saved[1];
    const auto& keep = saved[2];
    const int64_t pad_id = ctx->saved_data["pad_id"].toInt();
    const double epsilon = ctx->saved_data["epsilon"].toDouble();
    const double denominator = ctx->saved_data["denominator"].toDouble();
    const auto dtype = static_cast<c10::ScalarType>(ctx->saved_data["dtype"].toInt());
    const torch::Tensor none;
    if (saved.size() == 4) {  // the CPU's rows: saved[0] the logits, saved[3] their log-normalizers
      auto grad = smoothedRowsBackward(saved[0], saved[3], gold, keep * (grad_outputs[0] / denominator), pad_id,
                                       epsilon);
      return {grad.to(dtype), none, none, none, none, none, none, none};
    }
    const auto& log_probs = saved[0];
    const int64_t vocab = log_probs.size(-1);
    const double delta = epsilon / double(vocab - 2);

    auto grad = log_probs.exp();  // softmax, [N, V]
    grad.sub_(delta);
    grad.select(/*dim=*/1, pad_id).add_(delta);
    grad.scatter_add_(/*dim=*/1, gold.unsqueeze(1),
                      torch::full({grad.size(0), 1}, -(1.0 - epsilon - delta), grad.options()));
    grad.mul_((keep * (grad_outputs[0] / denominator)).unsqueeze(1));
    return {grad.to(dtype), torch::Tensor(), torch::Tensor(), torch::Tensor(),
            torch::Tensor(), torch::Tensor(), torch::Tensor(), torch::Tensor()};
  }
};

}  // namespace

LossResult labelSmoothedCrossEntropy(const torch::Tensor& logits, const torch::Tensor& target,
                                     int64_t pad_id, double epsilon, bool count_correct) {
  if (!(epsilon >= 0.0 && epsilon < 1.0))
    throw std::invalid_argument("label smoothing epsilon must be in [0, 1), got " +
                                std::to_string(epsilon));
  const int64_t vocab = logits.size(-1);
  if (vocab < 3) throw std::invalid_argument("label smoothing needs a vocabulary of at least 3");

  auto flat = logits.reshape({-1, vocab});  // [N, V]
  auto gold = target.reshape({-1});         // [N]
  auto keep = gold.ne(pad_id);
  LossResult result;
  result.tokens = keep.sum().item<int64_t>();
  const double denominator = result.tokens > 0 ? double(result.tokens) : 1.0;
  auto keep_f = keep.to(torch::kFloat);
  result.loss = SmoothedCrossEntropy::apply(flat, gold, keep_f, pad_id, epsilon, denominator, count_correct, &result);
  return result;
}

LossResult modelLoss(Transformer& model, const torch::Tensor& src, const torch::Tensor& target_in,
                     const torch::Tensor& target_out, int64_t pad_id, double epsilon, bool count_correct,
                     const torch::Tensor& memory, AttentionMaps* maps) {
  auto gold = target_out.reshape({-1});  // [B T]
  auto hidden = model->decode(target_in, memory.defined() ? memory : model->encode(src), src, maps)
                    .reshape({gold.size(0), -1});  // [B T, D]
  // Padding positions are left out of the output projection on the CPU; on a
  // GPU, finding them would wait for it (nonzero), and the loss's mask leaves
  // them out anyway.
  if (!gold.is_cuda()) {
    const auto rows = gold.ne(pad_id).nonzero().squeeze(1);
    if (rows.size(0) < gold.size(0)) {
      hidden = hidden.index_select(0, rows);
      gold = gold.index_select(0, rows);
    }
  }
  return labelSmoothedCrossEntropy(model->project(hidden), gold, pad_id, epsilon, count_correct);
}

}  // namespace studio::model
