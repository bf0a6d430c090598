#include "common/TestUtil.h"

#include <ATen/ATen.h>
#include <torch/optim/optimizer.h>

#include "model/Loss.h"
#include "model/Optimizer.h"
#include "model/Schedule.h"

namespace studio::test {

model::TransformerOptions smallOptions(model::NormPosition norm) {
  model::TransformerOptions o;
  o.vocab_size = 23;
  o.encoder_layers = 2;
  o.decoder_layers = 2;
  o.d_model = 32;
  o.heads = 4;
  o.d_ff = 64;
  o.dropout = 0.1;
  o.attention_dropout = 0.1;
  o.relu_dropout = 0.1;
  o.max_length = 64;
  o.norm_position = norm;
  return o;
}

double maxAbsDifference(const torch::Tensor& a, const torch::Tensor& b) {
  return (a.to(torch::kDouble) - b.to(torch::kDouble)).abs().max().item<double>();
}

torch::Tensor randomTokens(int64_t batch, int64_t length, int64_t vocab, int64_t first) {
  return torch::randint(first, vocab, {batch, length}, torch::kLong);
}

bool allFinite(const torch::Tensor& t) { return torch::isfinite(t).all().item<bool>(); }

SequenceBatch makeSequenceBatch(std::mt19937& rng, int64_t size, bool reverse,
                                const model::TransformerOptions& o) {
  std::uniform_int_distribution<int64_t> length_of(3, 9);
  std::uniform_int_distribution<int64_t> symbol(kTaskFirstSymbol, kTaskFirstSymbol + kTaskSymbols - 1);
  SequenceBatch batch;
  std::vector<std::vector<int64_t>> sources;
  int64_t longest = 0;
  for (int64_t i = 0; i < size; ++i) {
    std::vector<int64_t> s(static_cast<size_t>(length_of(rng)));
    for (auto& t : s) t = symbol(rng);
    auto target = s;
    if (reverse) std::reverse(target.begin(), target.end());
    longest = std::max<int64_t>(longest, int64_t(s.size()));
    sources.push_back(s);
    batch.targets.push_back(target);
  }
  batch.src = torch::full({size, longest}, o.pad_id, torch::kLong);
  batch.target_in = torch::full({size, longest + 1}, o.pad_id, torch::kLong);
  batch.target_out = torch::full({size, longest + 1}, o.pad_id, torch::kLong);
  for (int64_t i = 0; i < size; ++i) {
    const auto& s = sources[size_t(i)];
    const auto& t = batch.targets[size_t(i)];
    batch.target_in[i][0] = o.bos_id;
    for (size_t j = 0; j < s.size(); ++j) {
      batch.src[i][int64_t(j)] = s[j];
      batch.target_in[i][int64_t(j) + 1] = t[j];
      batch.target_out[i][int64_t(j)] = t[j];
    }
    batch.target_out[i][int64_t(t.size())] = o.eos_id;
  }
  return batch;
}

model::TransformerOptions taskModelOptions(model::NormPosition norm) {
  model::TransformerOptions o;
  o.vocab_size = kTaskFirstSymbol + kTaskSymbols;
  o.encoder_layers = 2;
  o.decoder_layers = 2;
  o.d_model = 64;
  o.heads = 4;
  o.d_ff = 128;
  o.dropout = 0.0;
  o.max_length = 32;
  o.norm_position = norm;
  return o;
}

double trainTaskStep(model::Transformer& m, torch::optim::Optimizer& optimizer, std::mt19937& rng, int64_t step,
                     bool reverse) {
  const auto& o = m->options();
  auto batch = makeSequenceBatch(rng, 64, reverse, o);
  model::setLearningRate(optimizer, model::noamLearningRate(step, o.d_model, /*warmup=*/200, /*factor=*/1.0));
  optimizer.zero_grad();
  auto loss = model::labelSmoothedCrossEntropy(m(batch.src, batch.target_in), batch.target_out, o.pad_id, 0.1);
  loss.loss.backward();
  optimizer.step();
  return loss.loss.item<double>();
}

}  // namespace studio::test
