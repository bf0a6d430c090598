#include "model/MultiHeadAttention.h"

#include <atomic>
#include <cmath>
#include <cstdlib>
#include <string>
#include <tuple>

#include "model/AttentionKernel.h"
#include "model/BatchedProduct.h"
#include "model/LinearLayer.h"
#include "model/Masks.h"
#include "model/TorchCompat.h"

namespace studio::model {

namespace {
FusedAttention initialChoice() {
  const char* value = std::getenv("STUDIO_ATTENTION");
  const std::string text = value ? value : "";
  return text == "fused" ? FusedAttention::Always : text == "explicit" ? FusedAttention::Never : FusedAttention::OnGpu;
}
std::atomic<FusedAttention> g_fused_attention{initialChoice()};
}  // namespace

bool fusedAttentionAvailable() { return compat::kFusedAttention; }
void setFusedAttention(FusedAttention when) { g_fused_attention.store(when); }
FusedAttention fusedAttention() { return g_fused_attention.load(); }
bool usesFusedAttention(bool cuda) {
  const auto when = g_fused_attention.load();
  return compat::kFusedAttention && (when == FusedAttention::Always || (when == FusedAttention::OnGpu && cuda));
}

MultiHeadAttentionImpl::MultiHeadAttentionImpl(int64_t d_model, int64_t heads, double dropout,
                                               Kind kind)
    : d_model_(d_model), heads_(heads), head_dim_(d_model / heads), kind_(kind) {
  if (kind_ == Kind::Self) {
    qkv_proj_ = register_module("qkv_proj", torch::nn::Linear(d_model, 3 * d_model));
  } else {
    q_proj_ = register_module("q_proj", torch::nn::Linear(d_model, d_model));
    kv_proj_ = register_module("kv_proj", torch::nn::Linear(d_model, 2 * d_model));
  }
  out_proj_ = register_module("out_proj", torch::nn::Linear(d_model, d_model));
  dropout_ = register_module("dropout", Dropout(dropout));
}

torch::Tensor MultiHeadAttentionImpl::splitHeads(const torch::Tensor& x) const {
  const auto batch = x.size(0);
  const auto length = x.size(1);
  auto heads = x.view({batch, length, heads_, head_dim_}).transpose(1, 2);  // [B, H, T, Dh]
  // On the CPU contiguous, so that the attention products below are plain
  // batched matrix products over [B*H, T, Dh] views (no hidden copies in
  // matmul). On a GPU the fused kernel reads the strided view as it is (a
  // copy is a launch, and a training step there is bound by launches); the
  // explicit path's reshapes copy where they must.
  return x.is_cuda() ? heads : heads.contiguous();
}

std::tuple<torch::Tensor, torch::Tensor, torch::Tensor> MultiHeadAttentionImpl::selfProjections(
    const torch::Tensor& x) {
  TORCH_CHECK(kind_ == Kind::Self, "selfProjections() is for self-attention");
  auto qkv = applyLinear(qkv_proj_, x).chunk(3, /*dim=*/-1);  // 3 x [B, T, D]
  return {splitHeads(qkv[0]), splitHeads(qkv[1]), splitHeads(qkv[2])};
}

std::pair<torch::Tensor, torch::Tensor> MultiHeadAttentionImpl::keysValues(
    const torch::Tensor& memory) {
  TORCH_CHECK(kind_ == Kind::Cross, "keysValues() is for cross-attention");
  auto kv = applyLinear(kv_proj_, memory).chunk(2, /*dim=*/-1);  // 2 x [B, Tk, D]
  return {splitHeads(kv[0]), splitHeads(kv[1])};
}

torch::Tensor MultiHeadAttentionImpl::attendProjected(const torch::Tensor& q, const torch::Tensor& keys,
                                                      const torch::Tensor& values, const AttentionMask& mask,
                                                      torch::Tensor* probs,
                                                      const AttentionMaps::HeadsPatch* heads,
                                                      bool probs_in_graph) {
  const auto batch = q.size(0);
  const auto query_length = q.size(2);
  const auto key_length = keys.size(2);
  const auto rows = batch * heads_;
  const double scale = 1.0 / std::sqrt(static_cast<double>(head_dim_));
  if (!probs && usesFusedAttention(q.is_cuda()) && (!is_training() || dropout_->p() == 0.0)) {
    // Rows that may see no key give zeros, as maskedSoftmax does: they attend
    // everywhere (no NaN) and their output is multiplied by zero.
    auto per_head = compat::fusedAttention(q, keys, values, mask.defined() ? mask.allowedForFused() : torch::Tensor(),
                                           0.0, scale);  // [B, H, Tq, Dh]
    if (mask.defined()) per_head = per_head * mask.seesAKey(per_head.scalar_type());
    if (head_keep_.defined())
      per_head = per_head * head_keep_.to(per_head.device(), per_head.scalar_type()).view({1, heads_, 1, 1});
    if (heads) per_head = (*heads)(per_head);
    return applyLinear(out_proj_, per_head.transpose(1, 2).reshape({batch, query_length, d_model_}));
  }
  auto q3 = (q * scale).reshape({rows, query_length, head_dim_});  // [B*H, Tq, Dh]
  auto k3 = keys.reshape({rows, key_length, head_dim_});           // [B*H, Tk, Dh]
  auto v3 = values.reshape({rows, key_length, head_dim_});         // [B*H, Tk, Dh]
  if (q3.is_cpu() && q3.scalar_type() == torch::kBFloat16 && head_dim_ % 32 != 0) {
    // bf16 batched products whose heads are not a multiple of 32 wide (a d_model of 96 in 4 heads) run
    // in float32 on our kernel: the oneDNN of Debian's LibTorch 1.13 stops the process with an illegal
    // instruction on some of their shapes on a CPU with AMX.
    q3 = q3.to(torch::kFloat);
    k3 = k3.to(torch::kFloat);
    v3 = v3.to(torch::kFloat);
  }
  // One query a row (a decoding step) on the CPU: a broadcast product and a
  // sum, in one vectorized pass each. bmm would loop over the B*H tiny
  // matrices one by one (LibTorch's CPU kernel for small products), which
  // took a third of beam search's time at batch 32. Several queries:
  // batchedProduct (our kernel for the same reason on the CPU, bmm elsewhere).
  const bool one_query_on_cpu = query_length == 1 && q.device().is_cpu();
  auto scores = (one_query_on_cpu ? (k3 * q3).sum(/*dim=*/-1) : batchedProduct(q3, k3.transpose(1, 2)))
                    .view({batch, heads_, query_length, key_length});  // [B, H, Tq, Tk]
  auto weights = maskedSoftmax(scores, mask.blocked());  // [B, H, Tq, Tk]
  if (probs) *probs = probs_in_graph ? weights : weights.detach();
  auto kept = dropout_(weights).reshape({rows, query_length, key_length});
  auto context = (one_query_on_cpu ? (kept.transpose(1, 2) * v3).sum(/*dim=*/1, /*keepdim=*/true)
                                   : batchedProduct(kept, v3))  // [B*H, Tq, Dh]
                     .to(q.scalar_type());
  auto per_head = context.view({batch, heads_, query_length, head_dim_});
  if (head_keep_.defined())
    per_head = per_head * head_keep_.to(per_head.device(), per_head.scalar_type()).view({1, heads_, 1, 1});
  if (heads) per_head = (*heads)(per_head);
  context = per_head.transpose(1, 2)
                .reshape({batch, query_length, d_model_});  // [B, Tq, D]
  return applyLinear(out_proj_, context);
}

torch::Tensor MultiHeadAttentionImpl::attend(const torch::Tensor& query, const torch::Tensor& keys,
                                             const torch::Tensor& values,
                                             const AttentionMask& mask, torch::Tensor* probs) {
  TORCH_CHECK(kind_ == Kind::Cross, "attend() is for cross-attention");
  return attendProjected(splitHeads(applyLinear(q_proj_, query)), keys, values, mask, probs);
}

torch::Tensor MultiHeadAttentionImpl::forward(const torch::Tensor& query, const torch::Tensor& memory,
                                              const AttentionMask& mask, torch::Tensor* probs,
                                              AttentionVectors* vectors,
                                              const AttentionMaps::HeadsPatch* heads, bool probs_in_graph) {
  torch::Tensor q, k, v;
  if (kind_ == Kind::Self) {
    std::tie(q, k, v) = selfProjections(query);
  } else {
    std::tie(k, v) = keysValues(memory);
    q = splitHeads(applyLinear(q_proj_, query));
  }
  if (vectors) *vectors = {q.detach(), k.detach()};
  return attendProjected(q, k, v, mask, probs, heads, probs_in_graph);
}

torch::Tensor MultiHeadAttentionImpl::headValueOutputs(const torch::Tensor& memory) {
  const auto& fused = kind_ == Kind::Self ? qkv_proj_->weight : kv_proj_->weight;
  auto value_weight = fused.slice(/*dim=*/0, fused.size(0) - d_model_, fused.size(0));  // [D, D]
  auto values = splitHeads(torch::matmul(memory, value_weight.t()));                   // [B, H, Tk, Dh]
  // out_proj's columns h*Dh..(h+1)*Dh read head h: [D, H, Dh] -> [H, Dh, D].
  auto output_weight = out_proj_->weight.view({d_model_, heads_, head_dim_}).permute({1, 2, 0});
  auto per_head = torch::matmul(values, output_weight);  // [B, H, Tk, D]
  if (head_keep_.defined())
    per_head = per_head * head_keep_.to(per_head.device(), per_head.scalar_type()).view({1, heads_, 1, 1});
  return per_head;
}

torch::Tensor MultiHeadAttentionImpl::constantOutput() {
  const auto& fused_bias = kind_ == Kind::Self ? qkv_proj_->bias : kv_proj_->bias;
  auto value_bias = fused_bias.slice(/*dim=*/0, fused_bias.size(0) - d_model_, fused_bias.size(0));  // [D]
  if (head_keep_.defined())
    value_bias = (value_bias.view({heads_, head_dim_}) *
                  head_keep_.to(value_bias.device(), value_bias.scalar_type()).view({heads_, 1}))
                     .reshape({d_model_});
  return out_proj_(value_bias);  // W_O b_V + b_O: the attention weights of a row sum to 1
}

}  // namespace studio::model
