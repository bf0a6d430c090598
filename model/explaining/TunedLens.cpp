#include "model/explaining/TunedLens.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <fstream>
#include <numeric>
#include <random>
#include <stdexcept>

#include <torch/torch.h>
#include <nlohmann/json.hpp>

#include "model/decoding/AttentionMaps.h"
#include "model/files/AtomicFile.h"
#include "model/files/Hash.h"

namespace studio::model {

namespace {

constexpr char kMagic[8] = {'A', 'S', 'T', 'U', 'N', 'E', 'D', 'L'};
constexpr uint32_t kVersion = 1;
constexpr size_t kHeaderBytes = 8 + 4 + 4 + 8 + 8;

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

void putU32(std::string& out, uint32_t v) {
  for (int i = 0; i < 4; ++i) out.push_back(char((v >> (8 * i)) & 0xff));
}
void putU64(std::string& out, uint64_t v) {
  for (int i = 0; i < 8; ++i) out.push_back(char((v >> (8 * i)) & 0xff));
}
[[noreturn]] void refuse(const std::string& name, const std::string& what) {
  throw std::runtime_error("'" + name + "' " + what);
}

uint64_t getLE(const std::string& bytes, size_t at, int width) {
  uint64_t v = 0;
  for (int i = width - 1; i >= 0; --i) v = v << 8 | uint8_t(bytes[at + size_t(i)]);
  return v;
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

std::string encodeTunedLens(const TunedLens& lens) {
  const auto R = size_t(lens.stages), D = size_t(lens.d_model);
  if (lens.stages < 3 || lens.stages % 3 != 0 || lens.d_model < 1 || lens.a.size() != R - 1 ||
      lens.b.size() != R - 1)
    throw std::invalid_argument("a tuned lens's maps do not match its shape");
  for (size_t r = 0; r + 1 < R; ++r)
    if (lens.a[r].size() != D * D || lens.b[r].size() != D)
      throw std::invalid_argument("a tuned lens's maps do not match its shape");
  const nlohmann::json header{{"format", "Attention Studio tuned lens"},
                              {"d_model", lens.d_model},
                              {"stages", lens.stages},
                              {"model", lens.model_name},
                              {"model_fingerprint", lens.model_fingerprint},
                              {"steps", lens.steps},
                              {"pairs", lens.pairs},
                              {"held_out_positions", lens.held_out_positions},
                              {"kl_before", lens.kl_before},
                              {"kl_after", lens.kl_after},
                              {"logit_blocks", lens.logit_blocks}};
  const std::string text = header.dump();
  std::string payload;
  putU32(payload, uint32_t(text.size()));
  payload += text;
  auto floats = [&](const std::vector<float>& values) {
    for (float v : values) {
      uint32_t bits;
      std::memcpy(&bits, &v, sizeof bits);
      putU32(payload, bits);
    }
  };
  for (size_t r = 0; r + 1 < R; ++r) {
    floats(lens.a[r]);
    floats(lens.b[r]);
  }
  std::string out(kMagic, sizeof kMagic);
  putU32(out, kVersion);
  putU32(out, 0);
  putU64(out, payload.size());
  Hash64 hash;
  hash.add(payload);
  putU64(out, hash.value());
  return out + payload;
}

TunedLens decodeTunedLens(const std::string& bytes, const std::string& name) {
  auto fail = [&](const std::string& what) { refuse(name, what); };
  if (bytes.size() < kHeaderBytes || std::memcmp(bytes.data(), kMagic, sizeof kMagic) != 0)
    fail("is not a tuned lens (no ASTUNEDL header)");
  const auto version = uint32_t(getLE(bytes, 8, 4));
  if (version != kVersion)
    fail("is a tuned lens of format version " + std::to_string(version) + "; this build reads version " +
         std::to_string(kVersion));
  const uint64_t length = getLE(bytes, 16, 8);
  if (length != bytes.size() - kHeaderBytes)
    fail("is cut short or has bytes after its end (" + std::to_string(bytes.size() - kHeaderBytes) +
         " bytes where its header says " + std::to_string(length) + ")");
  const std::string payload = bytes.substr(kHeaderBytes);
  Hash64 hash;
  hash.add(payload);
  if (hash.value() != getLE(bytes, 24, 8)) fail("is damaged (its checksum does not match)");
  if (payload.size() < 4) fail("has no header");
  const uint64_t text_length = getLE(payload, 0, 4);
  if (text_length > payload.size() - 4) fail("has a header longer than the file");
  nlohmann::json header;
  try {
    header = nlohmann::json::parse(payload.substr(4, size_t(text_length)));
  } catch (const nlohmann::json::exception& e) {
    fail(std::string("has a header that is not JSON: ") + e.what());
  }
  if (!header.is_object()) fail("has a header that is not a JSON object");
  auto integer = [&](const char* field, int64_t low, int64_t high) -> int64_t {
    if (!header.contains(field) || !header[field].is_number_integer())
      fail(std::string("has no whole number '") + field + "' in its header");
    const auto v = header[field].get<int64_t>();
    if (v < low || v > high)
      fail(std::string("has '") + field + "' " + std::to_string(v) + " (from " + std::to_string(low) +
           " to " + std::to_string(high) + ")");
    return v;
  };
  auto text = [&](const char* field) -> std::string {
    if (!header.contains(field) || !header[field].is_string())
      fail(std::string("has no text '") + field + "' in its header");
    return header[field].get<std::string>();
  };
  TunedLens lens;
  lens.d_model = integer("d_model", 1, 65536);
  lens.stages = integer("stages", 3, 3 * 256);
  if (lens.stages % 3 != 0) fail("has 'stages' " + std::to_string(lens.stages) + ", not 3 a decoder layer");
  lens.model_name = text("model");
  lens.model_fingerprint = text("model_fingerprint");
  lens.steps = integer("steps", 0, INT64_MAX);
  lens.pairs = integer("pairs", 0, INT64_MAX);
  lens.held_out_positions = integer("held_out_positions", 0, INT64_MAX);
  for (const char* field : {"kl_before", "kl_after"}) {
    if (!header.contains(field) || !header[field].is_array())
      fail(std::string("has no list '") + field + "' in its header");
    auto& list = std::string(field) == "kl_before" ? lens.kl_before : lens.kl_after;
    for (const auto& v : header[field]) {
      if (!v.is_number()) fail(std::string("has a '") + field + "' that is not numbers");
      list.push_back(v.get<double>());
    }
    if (!list.empty() && int64_t(list.size()) != lens.stages - 1)
      fail(std::string("has ") + std::to_string(list.size()) + " '" + field + "' values for " +
           std::to_string(lens.stages - 1) + " blocks");
  }
  if (header.contains("logit_blocks")) {
    if (!header["logit_blocks"].is_array()) fail("has a 'logit_blocks' that is not a list");
    for (const auto& v : header["logit_blocks"]) {
      if (!v.is_number_integer() || v.get<int64_t>() < 0 || v.get<int64_t>() + 1 >= lens.stages)
        fail("has a 'logit_blocks' entry that is no block with a map");
      lens.logit_blocks.push_back(v.get<int64_t>());
    }
  }
  const auto R = uint64_t(lens.stages), D = uint64_t(lens.d_model);
  const uint64_t floats = (R - 1) * (D * D + D);
  const uint64_t data = payload.size() - 4 - text_length;
  if (data != floats * 4)
    fail("holds " + std::to_string(data) + " bytes of maps where " + std::to_string(lens.stages - 1) +
         " maps of width " + std::to_string(lens.d_model) + " need " + std::to_string(floats * 4));
  size_t at = size_t(4 + text_length);
  auto read = [&](uint64_t count) {
    std::vector<float> values(static_cast<size_t>(count));
    for (auto& v : values) {
      const auto bits = uint32_t(getLE(payload, at, 4));
      std::memcpy(&v, &bits, sizeof v);
      if (!std::isfinite(v))
        fail("holds a map value that is not a finite number (at byte " + std::to_string(kHeaderBytes + at) +
             ")");
      at += 4;
    }
    return values;
  };
  for (uint64_t r = 0; r + 1 < R; ++r) {
    lens.a.push_back(read(D * D));
    lens.b.push_back(read(D));
  }
  return lens;
}

void saveTunedLens(const TunedLens& lens, const std::string& path) {
  writeFileAtomically(path, encodeTunedLens(lens));
}

TunedLens loadTunedLens(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read '" + path + "'");
  const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  return decodeTunedLens(bytes, path);
}

std::string tunedLensPathBeside(const std::string& model_path) {
  std::string stem = model_path;
  const std::string extension = ".pt";
  if (stem.size() > extension.size() &&
      stem.compare(stem.size() - extension.size(), extension.size(), extension) == 0)
    stem.resize(stem.size() - extension.size());
  return stem + ".tuned-lens";
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
