#include "model/Loss.h"

#include <stdexcept>
#include <string>

#include <ATen/ATen.h>

namespace studio::model {

LossResult labelSmoothedCrossEntropy(const torch::Tensor& logits, const torch::Tensor& target,
                                     int64_t pad_id, double epsilon) {
  if (!(epsilon >= 0.0 && epsilon < 1.0))
    throw std::invalid_argument("label smoothing epsilon must be in [0, 1), got " +
                                std::to_string(epsilon));
  const int64_t vocab = logits.size(-1);
  if (vocab < 3) throw std::invalid_argument("label smoothing needs a vocabulary of at least 3");

  auto log_probs = logits.reshape({-1, vocab}).to(torch::kFloat).log_softmax(/*dim=*/-1);  // [N, V]
  auto gold = target.reshape({-1});                                                        // [N]
  auto keep = gold.ne(pad_id);                                                             // [N]
  auto keep_f = keep.to(torch::kFloat);

  auto gold_lp = log_probs.gather(/*dim=*/1, gold.unsqueeze(1)).squeeze(1);  // [N]
  auto pad_lp = log_probs.select(/*dim=*/1, pad_id);                         // [N]
  auto all_lp = log_probs.sum(/*dim=*/-1);                                   // [N]
  // Sum of -log p over the V - 2 tokens that are neither gold nor padding.
  auto others = -(all_lp - gold_lp - pad_lp);
  auto per_token = -(1.0 - epsilon) * gold_lp + (epsilon / double(vocab - 2)) * others;

  LossResult result;
  result.tokens = keep.sum().item<int64_t>();
  const double denominator = result.tokens > 0 ? double(result.tokens) : 1.0;
  result.loss = (per_token * keep_f).sum() / denominator;
  result.nll_sum = (-gold_lp * keep_f).sum().detach();
  {
    torch::NoGradGuard no_grad;
    result.correct = (log_probs.argmax(/*dim=*/-1).eq(gold).logical_and(keep)).sum().item<int64_t>();
  }
  return result;
}

}  // namespace studio::model
