#include "model/explaining/TunedLens.h"

#include <algorithm>
#include <numeric>
#include <random>
#include <stdexcept>

#include <torch/torch.h>

#include "model/decoding/AttentionMaps.h"
#include "model/files/Hash.h"

namespace studio::model {

namespace {

// The pairs the model's positions hold (source and target each with room for
// their end), as teacher-forced batches.
std::vector<PairBatch> batchesOf(Transformer& model, const LensPairs& pairs, int64_t max_tokens) {
  const auto& o = model->options();
  std::vector<std::vector<int64_t>> sources, targets;
  for (size_t i = 0; i < pairs.sources.size() && i < pairs.targets.size(); ++i) {
    const auto& s = pairs.sources[i];
    const auto& t = pairs.targets[i];
    if (s.empty() || t.empty() || int64_t(s.size()) + 1 > o.max_length ||
        int64_t(t.size()) + 1 > o.max_length)
      continue;
    sources.push_back(s);
    sources.back().push_back(o.eos_id);
    targets.push_back(t);
  }
  if (sources.empty()) return {};
  return pairBatches(sources, targets, o, max_tokens);
}

// Every decoder block's output of a batch, [B, T, D] each.
std::vector<torch::Tensor> blockStates(Transformer& model, const PairBatch& batch,
                                       const torch::Device& device) {
  torch::NoGradGuard no_grad;
  AttentionMaps maps;
  maps.weights = false;
  maps.block_outputs = true;
  model(batch.src.to(device), batch.target_in.to(device), &maps);
  for (auto& s : maps.decoder_block_outputs) s = s.to(torch::kFloat);
  return maps.decoder_block_outputs;
}

torch::Tensor readLogProbabilities(Transformer& model, const torch::Tensor& states) {
  return torch::log_softmax(model->project(model->decoder()->finalNorm(states)).to(torch::kFloat),
                            /*dim=*/-1);
}

// h + A h + b for a state h [.., D], A [D, D], b [D].
torch::Tensor moved(const torch::Tensor& h, const torch::Tensor& a, const torch::Tensor& b) {
  return h + torch::matmul(h, a.t()) + b;
}

// KL(p || q) at each position [B, T] from the output's log-probabilities and the reading's.
torch::Tensor divergence(const torch::Tensor& output_log_p, const torch::Tensor& reading_log_q) {
  return (output_log_p.exp() * (output_log_p - reading_log_q)).sum(/*dim=*/-1);
}

// The model's parameters out of autograd for a while: the lens learns, the model does not.
class FrozenParameters {
 public:
  explicit FrozenParameters(Transformer& model) {
    for (auto& p : model->parameters()) {
      params_.push_back(p);
      was_.push_back(p.requires_grad());
      p.set_requires_grad(false);
    }
  }
  ~FrozenParameters() {
    for (size_t i = 0; i < params_.size(); ++i) params_[i].set_requires_grad(was_[i]);
  }
  FrozenParameters(const FrozenParameters&) = delete;
  FrozenParameters& operator=(const FrozenParameters&) = delete;

 private:
  std::vector<torch::Tensor> params_;
  std::vector<bool> was_;
};

torch::Tensor fromFloats(const std::vector<float>& values, at::IntArrayRef shape, const torch::Tensor& like) {
  return torch::from_blob(const_cast<float*>(values.data()), shape, torch::kFloat)
      .clone()
      .to(like.device(), like.scalar_type());
}

}  // namespace

torch::Tensor TunedLens::apply(const torch::Tensor& states) const {
  if (states.dim() < 2 || states.size(0) != stages || states.size(-1) != d_model)
    throw std::invalid_argument("a tuned lens of " + std::to_string(stages) + " blocks of width " +
                                std::to_string(d_model) + " cannot read states of shape " +
                                std::to_string(states.size(0)) + " × … × " + std::to_string(states.size(-1)));
  std::vector<torch::Tensor> out;
  for (int64_t r = 0; r < stages; ++r) {
    auto h = states[r];
    if (r + 1 < stages)
      h = moved(h, fromFloats(a[size_t(r)], {d_model, d_model}, h), fromFloats(b[size_t(r)], {d_model}, h));
    out.push_back(h);
  }
  return torch::stack(out);
}

LensPairs lensPairsOf(const data::EncodedSplit& split, size_t count) {
  LensPairs pairs;
  const size_t n = split.size(), take = count == 0 ? n : std::min(count, n);
  for (size_t k = 0; k < take; ++k) {
    const size_t i = take == n ? k : k * n / take;
    pairs.sources.emplace_back(split.src(i), split.src(i) + split.srcLength(i));
    pairs.targets.emplace_back(split.tgt(i), split.tgt(i) + split.tgtLength(i));
  }
  return pairs;
}

std::string modelFingerprint(Transformer& model) {
  Hash64 hash;
  for (const auto& named : model->named_parameters()) {
    hash.add(named.key());
    const auto values = named.value().detach().to(torch::kCPU, torch::kFloat).contiguous();
    for (int64_t size : values.sizes()) hash.add(&size, sizeof size);
    hash.add(values.data_ptr<float>(), size_t(values.numel()) * sizeof(float));
  }
  return hash.hex();
}

std::vector<double> lensDivergence(Transformer& model, const TunedLens* lens, const LensPairs& pairs,
                                   int64_t max_tokens, int64_t* positions) {
  const auto& o = model->options();
  const int64_t R = 3 * o.decoder_layers;
  if (lens && (lens->stages != R || lens->d_model != o.d_model))
    throw std::invalid_argument("the tuned lens does not fit the model's shape");
  torch::NoGradGuard no_grad;
  model->eval();
  const auto device = model->embeddingWeight().device();
  std::vector<double> sums(size_t(R - 1), 0.0);
  int64_t count = 0;
  for (const auto& batch : batchesOf(model, pairs, max_tokens)) {
    auto states = torch::stack(blockStates(model, batch, device));  // [R, B, T, D]
    if (lens) states = lens->apply(states);
    const auto output = readLogProbabilities(model, states[R - 1]);
    const auto mask = batch.target_out.to(device).ne(o.pad_id).to(torch::kFloat);
    count += mask.sum().item<int64_t>();
    for (int64_t r = 0; r + 1 < R; ++r)
      sums[size_t(r)] +=
          (divergence(output, readLogProbabilities(model, states[r])) * mask).sum().item<double>();
  }
  if (positions) *positions = count;
  for (auto& s : sums) s = count > 0 ? s / double(count) : 0.0;
  return sums;
}

TunedLens trainTunedLens(Transformer& model, const std::string& model_name, const LensPairs& train,
                         const LensPairs& held_out, const TunedLensOptions& options,
                         const std::function<void(int64_t, int64_t, double)>& progress,
                         const std::function<bool()>& stop) {
  const auto& o = model->options();
  const int64_t R = 3 * o.decoder_layers, D = o.d_model;
  auto batches = batchesOf(model, train, options.max_tokens);
  if (batches.empty())
    throw std::invalid_argument("no training pairs for the tuned lens (none given, or none the model's " +
                                std::to_string(o.max_length) + " positions hold)");
  TunedLens lens;
  lens.d_model = D;
  lens.stages = R;
  lens.model_fingerprint = modelFingerprint(model);
  lens.model_name = model_name;
  for (const auto& batch : batches) lens.pairs += int64_t(batch.pairs.size());

  model->eval();
  const auto device = model->embeddingWeight().device();
  const auto floats = torch::TensorOptions().dtype(torch::kFloat).device(device);
  // Zero maps: training starts from the logit lens.
  auto a = torch::zeros({R - 1, D, D}, floats).requires_grad_(true);
  auto b = torch::zeros({R - 1, D}, floats).requires_grad_(true);
  torch::optim::Adam adam({a, b}, torch::optim::AdamOptions(options.learning_rate));
  {
    FrozenParameters frozen(model);
    std::mt19937_64 rng(options.seed);
    std::vector<size_t> order(batches.size());
    for (int64_t step = 0; step < options.steps; ++step) {
      if (stop && stop()) break;
      const size_t at = size_t(step) % order.size();
      if (at == 0) {  // a new pass over the batches, in a new order
        std::iota(order.begin(), order.end(), size_t(0));
        std::shuffle(order.begin(), order.end(), rng);
      }
      const auto& batch = batches[order[at]];
      const auto states = blockStates(model, batch, device);
      torch::Tensor output;
      {
        torch::NoGradGuard no_grad;
        output = readLogProbabilities(model, states[size_t(R - 1)]);
      }
      const auto mask = batch.target_out.to(device).ne(o.pad_id).to(torch::kFloat);
      const auto positions = mask.sum().clamp_min(1.0);
      adam.zero_grad();
      double loss = 0;
      // A block at a time: one block's vocabulary-wide reading is what memory holds.
      for (int64_t r = 0; r + 1 < R; ++r) {
        const auto reading = readLogProbabilities(model, moved(states[size_t(r)], a[r], b[r]));
        auto block_loss = (divergence(output, reading) * mask).sum() / positions;
        block_loss.backward();
        loss += block_loss.item<double>();
      }
      adam.step();
      lens.steps = step + 1;
      if (progress) progress(step + 1, options.steps, loss / double(R - 1));
    }
  }
  const auto a_cpu = a.detach().to(torch::kCPU).contiguous(), b_cpu = b.detach().to(torch::kCPU).contiguous();
  for (int64_t r = 0; r + 1 < R; ++r) {
    const float* pa = a_cpu[r].data_ptr<float>();
    const float* pb = b_cpu[r].data_ptr<float>();
    lens.a.emplace_back(pa, pa + D * D);
    lens.b.emplace_back(pb, pb + D);
  }
  lens.kl_before = lensDivergence(model, nullptr, held_out, options.max_tokens);
  lens.kl_after = lensDivergence(model, &lens, held_out, options.max_tokens, &lens.held_out_positions);
  for (int64_t r = 0; r + 1 < R; ++r)
    if (lens.kl_after[size_t(r)] > lens.kl_before[size_t(r)]) {
      std::fill(lens.a[size_t(r)].begin(), lens.a[size_t(r)].end(), 0.0f);
      std::fill(lens.b[size_t(r)].begin(), lens.b[size_t(r)].end(), 0.0f);
      lens.kl_after[size_t(r)] = lens.kl_before[size_t(r)];  // a zero map reads as the logit lens
      lens.logit_blocks.push_back(r);
    }
  return lens;
}

void checkTunedLensFits(const TunedLens& lens, Transformer& model, const std::string& path) {
  const auto& o = model->options();
  if (lens.d_model != o.d_model || lens.stages != 3 * o.decoder_layers)
    throw std::invalid_argument("'" + path + "' is a tuned lens for " + std::to_string(lens.stages / 3) +
                                " decoder layers of width " + std::to_string(lens.d_model) +
                                "; this model has " + std::to_string(o.decoder_layers) + " of width " +
                                std::to_string(o.d_model));
  if (lens.model_fingerprint != modelFingerprint(model))
    throw std::invalid_argument("'" + path + "' was trained on other weights ('" + lens.model_name +
                                "'): train a tuned lens for this model (attention-studio-cli tuned-lens)");
}

}  // namespace studio::model
