#include "model/explaining/Neighbours.h"

#include <algorithm>
#include <numeric>
#include <stdexcept>
#include <string_view>
#include <unordered_map>

#include <torch/torch.h>
#include <nlohmann/json.hpp>

#include "model/data/Batching.h"

namespace studio::model {

namespace {

// Eval mode and no gradients for as long as it lives; the mode is restored.
class InferenceScope {
 public:
  explicit InferenceScope(Transformer model)
      : model_(std::move(model)), was_training_(model_->is_training()) {
    model_->eval();
  }
  ~InferenceScope() { model_->train(was_training_); }
  InferenceScope(const InferenceScope&) = delete;
  InferenceScope& operator=(const InferenceScope&) = delete;

 private:
  Transformer model_;
  bool was_training_;
  torch::NoGradGuard no_grad_;
};

std::string pairKey(const data::EncodedSplit& split, size_t i) {
  // The ids' bytes, the source's length first: equal keys, equal pairs.
  std::string key;
  const auto s = split.srcLength(i), t = split.tgtLength(i);
  key.append(reinterpret_cast<const char*>(&s), sizeof s);
  key.append(reinterpret_cast<const char*>(split.src(i)), size_t(s) * sizeof(int32_t));
  key.append(reinterpret_cast<const char*>(split.tgt(i)), size_t(t) * sizeof(int32_t));
  return key;
}

torch::Tensor unitRows(const torch::Tensor& rows) {
  return rows / rows.norm(2, {1}, /*keepdim=*/true).clamp_min(1e-12);
}

std::vector<std::string> piecesOf(const std::vector<int32_t>& ids,
                                  const std::function<std::string(int)>& piece) {
  std::vector<std::string> out;
  for (auto id : ids) out.push_back(piece(id));
  out.push_back("</s>");
  return out;
}

void checkLayer(const TransformerOptions& o, int64_t layer) {
  if (layer < -1 || layer >= std::min(o.encoder_layers, o.decoder_layers))
    throw std::invalid_argument("layer " + std::to_string(layer) + ": this model has " +
                                std::to_string(o.encoder_layers) + " encoder and " +
                                std::to_string(o.decoder_layers) + " decoder layers (-1 for its outputs)");
}

// Teacher-forced states of a batch: the encoder's and decoder's outputs, or layer `layer`'s.
std::pair<torch::Tensor, torch::Tensor> batchStates(Transformer& model, const torch::Tensor& src,
                                                    const torch::Tensor& target_in, int64_t layer) {
  if (layer < 0) {
    const auto memory = model->encode(src);
    return {memory, model->decode(target_in, memory, src)};
  }
  AttentionMaps maps;
  maps.layer_outputs = true;
  maps.weights = false;
  const auto memory = model->encode(src, &maps);
  model->decode(target_in, memory, src, &maps);
  return {maps.encoder_layer_outputs.at(size_t(layer)), maps.decoder_layer_outputs.at(size_t(layer))};
}

}  // namespace

SentenceStates sentenceStates(Transformer model, const std::vector<int64_t>& src,
                              const std::vector<int64_t>& tgt, int64_t layer) {
  const auto& o = model->options();
  checkLayer(o, layer);
  const auto limit = size_t(std::max<int64_t>(1, o.max_length - 1));
  if (src.size() > limit || tgt.size() > limit)
    throw std::invalid_argument("the sentence or its translation has more than " + std::to_string(limit) +
                                " pieces, the most this model takes");
  const InferenceScope scope(model);
  const auto device = model->embeddingWeight().device();
  std::vector<int64_t> s(src), tin{o.bos_id};
  s.push_back(o.eos_id);
  tin.insert(tin.end(), tgt.begin(), tgt.end());
  const auto src_t = torch::tensor(s, torch::kLong).unsqueeze(0).to(device);
  const auto tin_t = torch::tensor(tin, torch::kLong).unsqueeze(0).to(device);
  const auto [memory, hidden] = batchStates(model, src_t, tin_t, layer);
  return {memory[0].to(torch::kCPU, torch::kFloat).contiguous(),
          hidden[0].to(torch::kCPU, torch::kFloat).contiguous()};
}

StateIndex StateIndex::build(Transformer model, const data::EncodedSplit& split,
                             const StateIndexOptions& options,
                             const std::function<bool(size_t, size_t)>& progress) {
  if (split.size() == 0) throw std::invalid_argument("no training pairs to index");
  const auto& o = model->options();
  checkLayer(o, options.layer);
  StateIndex index;
  index.split_size_ = split.size();
  index.d_model_ = o.d_model;
  index.layer_ = options.layer;

  // Distinct pairs, in the order they first occur, with their counts.
  std::vector<size_t> first;
  std::vector<size_t> copies;
  {
    std::unordered_map<std::string, size_t> seen;
    seen.reserve(split.size());
    for (size_t i = 0; i < split.size(); ++i) {
      const auto [it, added] = seen.emplace(pairKey(split, i), first.size());
      if (added) {
        first.push_back(i);
        copies.push_back(1);
      } else {
        ++copies[it->second];
      }
    }
  }
  index.distinct_ = first.size();
  const size_t wanted = options.pairs == 0 ? first.size() : std::min(options.pairs, first.size());
  const auto limit = size_t(std::max<int64_t>(1, o.max_length - 1));
  data::EncodedSplit chosen;
  for (size_t n = 0; n < wanted; ++n) {
    const size_t d = wanted == first.size() ? n : size_t(uint64_t(n) * first.size() / wanted);
    const size_t i = first[d];
    IndexedPair pair;
    pair.line = i;
    pair.copies = copies[d];
    pair.src.assign(split.src(i), split.src(i) + std::min<size_t>(size_t(split.srcLength(i)), limit));
    pair.tgt.assign(split.tgt(i), split.tgt(i) + std::min<size_t>(size_t(split.tgtLength(i)), limit));
    chosen.add(std::vector<int>(pair.src.begin(), pair.src.end()),
               std::vector<int>(pair.tgt.begin(), pair.tgt.end()));
    index.pairs_.push_back(std::move(pair));
  }

  // Batches of similar lengths, within the token budget.
  std::vector<size_t> order(chosen.size());
  std::iota(order.begin(), order.end(), size_t(0));
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    return data::exampleCost(chosen.srcLength(a), chosen.tgtLength(a)) <
           data::exampleCost(chosen.srcLength(b), chosen.tgtLength(b));
  });
  // Rows in pair order, then position (ties in nearest() go to the earlier
  // pair): pair p's rows start at its offset. Each batch's rows are written
  // in place, unit length, so the peak is the index and one batch.
  std::vector<int64_t> source_offset{0}, target_offset{0};
  for (size_t p = 0; p < chosen.size(); ++p) {
    source_offset.push_back(source_offset.back() + chosen.srcLength(p) + 1);
    target_offset.push_back(target_offset.back() + chosen.tgtLength(p) + 1);
  }
  index.source_ = torch::empty({source_offset.back(), o.d_model}, torch::kFloat);
  index.target_ = torch::empty({target_offset.back(), o.d_model}, torch::kFloat);
  auto where = [](const std::vector<int64_t>& offset, std::vector<int32_t>& pair,
                  std::vector<int32_t>& position) {
    for (size_t p = 0; p + 1 < offset.size(); ++p)
      for (int64_t k = 0; k < offset[p + 1] - offset[p]; ++k) {
        pair.push_back(int32_t(p));
        position.push_back(int32_t(k));
      }
  };
  where(source_offset, index.source_pair_, index.source_position_);
  where(target_offset, index.target_pair_, index.target_position_);

  const InferenceScope scope(model);
  const auto device = model->embeddingWeight().device();
  size_t done = 0;
  for (size_t start = 0; start < order.size();) {
    std::vector<size_t> batch;
    int64_t longest = 0;
    for (; start < order.size() && batch.size() < 128; ++start) {
      const int64_t cost = std::max(
          longest, data::exampleCost(chosen.srcLength(order[start]), chosen.tgtLength(order[start])));
      if (!batch.empty() && cost * int64_t(batch.size() + 1) > options.batch_tokens) break;
      longest = cost;
      batch.push_back(order[start]);
    }
    const auto tensors = data::makeBatchTensors(chosen, batch, o.pad_id, o.bos_id, o.eos_id);
    const auto src = tensors.src.to(device);
    const auto [memory, hidden] = batchStates(model, src, tensors.target_in.to(device), options.layer);
    const auto memory_cpu = memory.to(torch::kCPU, torch::kFloat).contiguous();
    const auto hidden_cpu = hidden.to(torch::kCPU, torch::kFloat).contiguous();
    // A pair's real rows: its pieces and </s> on both sides.
    for (size_t b = 0; b < batch.size(); ++b) {
      const auto p = batch[b];
      const int64_t s = chosen.srcLength(p) + 1, t = chosen.tgtLength(p) + 1;
      index.source_.narrow(0, source_offset[p], s).copy_(unitRows(memory_cpu[int64_t(b)].narrow(0, 0, s)));
      index.target_.narrow(0, target_offset[p], t).copy_(unitRows(hidden_cpu[int64_t(b)].narrow(0, 0, t)));
    }
    done += batch.size();
    if (progress && !progress(done, order.size())) {
      StateIndex stopped;
      stopped.stopped_ = true;
      return stopped;
    }
  }
  return index;
}

int64_t StateIndex::states(StateSide side) const {
  const auto& rows = side == StateSide::Source ? source_ : target_;
  return rows.defined() ? rows.size(0) : 0;
}

std::vector<std::vector<StateNeighbour>> StateIndex::nearest(StateSide side, const torch::Tensor& states,
                                                             size_t k) const {
  const auto& rows = side == StateSide::Source ? source_ : target_;
  if (!rows.defined() || rows.size(0) == 0) throw std::logic_error("the state index is empty");
  if (states.dim() != 2 || states.size(1) != d_model_)
    throw std::invalid_argument("states of width " + std::to_string(states.dim() == 2 ? states.size(1) : 0) +
                                " for an index of width " + std::to_string(d_model_));
  const torch::NoGradGuard no_grad;
  const auto similarity =
      unitRows(states.to(torch::kCPU, torch::kFloat)).mm(rows.t()).contiguous();  // [n, N]
  const auto& pair = side == StateSide::Source ? source_pair_ : target_pair_;
  const auto& position = side == StateSide::Source ? source_position_ : target_position_;
  const auto n = similarity.size(0), N = similarity.size(1);
  const auto keep = std::min<int64_t>(int64_t(k), N);
  std::vector<std::vector<StateNeighbour>> out(static_cast<size_t>(n));
  std::vector<int64_t> candidates(static_cast<size_t>(N));
  for (int64_t q = 0; q < n; ++q) {
    const float* s = similarity.data_ptr<float>() + q * N;
    std::iota(candidates.begin(), candidates.end(), int64_t(0));
    std::partial_sort(candidates.begin(), candidates.begin() + keep, candidates.end(),
                      [s](int64_t a, int64_t b) { return s[a] != s[b] ? s[a] > s[b] : a < b; });
    for (int64_t r = 0; r < keep; ++r) {
      const auto row = size_t(candidates[size_t(r)]);
      out[size_t(q)].push_back({size_t(pair[row]), int64_t(position[row]), s[row]});
    }
  }
  return out;
}

SentenceNeighbours findNeighbours(Transformer model, const StateIndex& index, const std::vector<int64_t>& src,
                                  const std::vector<int64_t>& tgt, size_t k,
                                  const std::function<std::string(int)>& piece) {
  const auto states = sentenceStates(model, src, tgt, index.layer());
  SentenceNeighbours found;
  for (auto id : src) found.source_pieces.push_back(piece(int(id)));
  found.source_pieces.push_back("</s>");
  for (auto id : tgt) found.output_pieces.push_back(piece(int(id)));
  found.output_pieces.push_back("</s>");
  found.source = index.nearest(StateSide::Source, states.source, k);
  found.target = index.nearest(StateSide::Target, states.target, k);
  return found;
}

nlohmann::json neighboursJson(const StateIndex& index, const SentenceNeighbours& found,
                              const std::function<std::string(int)>& piece) {
  auto side = [&](const std::vector<std::vector<StateNeighbour>>& lists, StateSide which) {
    auto out = nlohmann::json::array();
    for (const auto& list : lists) {
      auto hits = nlohmann::json::array();
      for (const auto& hit : list) {
        const auto& pair = index.pairs().at(hit.pair);
        auto source = piecesOf(pair.src, piece), target = piecesOf(pair.tgt, piece);
        const auto& pieces = which == StateSide::Source ? source : target;
        hits.push_back({{"similarity", hit.similarity},
                        {"line", pair.line + 1},
                        {"copies", pair.copies},
                        {"position", hit.position},
                        {"piece", pieces.at(size_t(hit.position))},
                        {"source", source},
                        {"target", target}});
      }
      out.push_back(hits);
    }
    return out;
  };
  return {{"layer", index.layer()},
          {"pairs_indexed", index.pairs().size()},
          {"distinct_pairs", index.distinctPairs()},
          {"split_pairs", index.splitPairs()},
          {"source_states", index.states(StateSide::Source)},
          {"output_states", index.states(StateSide::Target)},
          {"source", found.source_pieces},
          {"output", found.output_pieces},
          {"source_neighbours", side(found.source, StateSide::Source)},
          {"output_neighbours", side(found.target, StateSide::Target)}};
}

}  // namespace studio::model
