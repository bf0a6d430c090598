#include "model/decoding/Greedy.h"

#include <cmath>

namespace studio::model {

std::vector<DecodedSentence> greedyDecode(Transformer& model, const torch::Tensor& src, int64_t max_length,
                                          bool use_cache) {
  torch::NoGradGuard no_grad;
  const auto& o = model->options();
  const int64_t batch = src.size(0);
  max_length = std::min(max_length, o.max_length - 1);

  auto memory = model->encode(src);  // [B, S, D]
  auto long_options = torch::TensorOptions().dtype(torch::kLong).device(src.device());
  auto output = torch::full({batch, 1}, o.bos_id, long_options);  // [B, 1]
  std::vector<DecodedSentence> sentences(static_cast<size_t>(batch));
  std::vector<bool> done(static_cast<size_t>(batch), false);
  int64_t remaining = batch;
  DecoderCache cache;

  for (int64_t step = 0; step < max_length && remaining > 0; ++step) {
    auto last = use_cache ? model->decodeStep(output.select(/*dim=*/1, -1), memory, src, cache)  // [B, D]
                          : model->decode(output, memory, src).select(/*dim=*/1, -1);        // [B, D]
    auto logits = model->project(last);                                   // [B, V]
    auto probs = logits.to(torch::kFloat).softmax(/*dim=*/-1);            // [B, V]
    auto [best_prob, best] = probs.max(/*dim=*/-1);                       // [B], [B]
    auto next = best.to(torch::kCPU).contiguous();
    auto prob_cpu = best_prob.to(torch::kCPU).contiguous();
    auto next_a = next.accessor<int64_t, 1>();
    auto prob_a = prob_cpu.accessor<float, 1>();
    for (int64_t b = 0; b < batch; ++b) {
      const auto i = static_cast<size_t>(b);
      if (done[i]) {
        next_a[b] = o.pad_id;
        continue;
      }
      const int64_t token = next_a[b];
      const float p = prob_a[b];
      sentences[i].log_probability += std::log(std::max(p, 1e-30f));
      if (token == o.eos_id) {
        sentences[i].finished = true;
        done[i] = true;
        --remaining;
      } else {
        sentences[i].tokens.push_back(token);
        sentences[i].probabilities.push_back(p);
      }
    }
    output = torch::cat({output, next.to(src.device()).unsqueeze(1)}, /*dim=*/1);  // [B, t+1]
  }
  return sentences;
}

}  // namespace studio::model
