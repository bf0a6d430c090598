#include "model/inference/FastDecoder.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

#include <ATen/Parallel.h>

#include "model/inference/Kernels.h"

namespace studio::model::inference {

namespace {

// Rows are split among LibTorch's threads when there are enough of them for
// the split to pay (a batch of beams), else one thread does them all.
template <typename F>
void forRows(int64_t rows, int64_t work_per_row, const F& f) {
  const int64_t grain = std::max<int64_t>(1, 32768 / std::max<int64_t>(1, work_per_row));
  at::parallel_for(0, rows, grain, [&](int64_t begin, int64_t end) {
    for (int64_t r = begin; r < end; ++r) f(r);
  });
}

// LibTorch's log-softmax of rows [R, C], the rows split among the threads:
// its kernel keeps a batch of up to 256 rows on one thread, and each row's
// numbers do not depend on which rows it is computed with.
void logSoftmaxRows(float* logits, int64_t R, int64_t C, float* out) {
  const int64_t grain = std::max<int64_t>(1, 32768 / std::max<int64_t>(1, C));
  at::parallel_for(0, R, grain, [&](int64_t begin, int64_t end) {
    auto to = torch::from_blob(out + begin * C, {end - begin, C}, torch::kFloat);
    at::_log_softmax_out(to, torch::from_blob(logits + begin * C, {end - begin, C}, torch::kFloat), /*dim=*/1,
                         false);
  });
}

}  // namespace

bool FastDecoder::supports(TransformerImpl& model) {
  if (model.is_training()) return false;
  const auto& weight = model.embeddingWeight();
  return weight.device().is_cpu() && weight.scalar_type() == torch::kFloat && model.options().headDim() <= 1024;
}

FastDecoder::FastDecoder(Transformer model, const HeadMask& mask, WeightPrecision precision)
    : model_(std::move(model)) {
  const auto& o = model_->options();
  mask.validate(o);
  d_ = o.d_model;
  dh_ = o.headDim();
  ff_ = o.d_ff;
  vocab_ = o.vocab_size;
  max_positions_ = o.max_length;
  pad_id_ = o.pad_id;
  pre_norm_ = o.norm_position == NormPosition::Pre;
  embedding_scale_ = float(std::sqrt(double(d_)));
  weights_ = packedModel(model_, precision);
  for (int64_t i = 0; i < o.decoder_layers; ++i) {
    const auto& w = weights_->layers[size_t(i)];
    Layer layer;
    layer.self_heads = w.self_heads.count();
    layer.cross_heads = w.cross_heads.count();
    layer.self_width = w.self_heads.width(dh_);
    layer.cross_width = w.cross_heads.width(dh_);
    auto keep = [&](AttentionKind kind, const AttentionHeads& heads) {
      std::vector<float> factors;
      for (const auto h : heads.computed)
        factors.push_back(mask.isOff(kind, i, h) || heads.silent[size_t(h)] ? 0.0f : 1.0f);
      return factors;
    };
    layer.self_keep = keep(AttentionKind::DecoderSelf, w.self_heads);
    layer.cross_keep = keep(AttentionKind::Cross, w.cross_heads);
    layers_.push_back(std::move(layer));
  }
}

void FastDecoder::start(const torch::Tensor& memory, const torch::Tensor& src, int64_t rows_per_sentence,
                        int64_t most_rows_per_sentence, int64_t expected_steps) {
  auto mem = memory.to(torch::kCPU, torch::kFloat).contiguous();
  auto source = src.to(torch::kCPU, torch::kLong).contiguous();
  sentences_ = mem.size(0);
  source_length_ = mem.size(1);
  rows_ = sentences_ * rows_per_sentence;
  steps_ = 0;
  capacity_ = 0;
  // The source's pieces, sentence after sentence (pads are masked keys: left out).
  const int64_t S = source_length_;
  const int64_t* ids = source.data_ptr<int64_t>();
  const float* all = mem.data_ptr<float>();
  std::vector<float> rows;
  first_.assign(size_t(sentences_) + 1, 0);
  for (int64_t b = 0; b < sentences_; ++b) {
    first_[size_t(b)] = int64_t(rows.size()) / d_;
    for (int64_t s = 0; s < S; ++s)
      if (ids[b * S + s] != pad_id_) rows.insert(rows.end(), all + (b * S + s) * d_, all + (b * S + s + 1) * d_);
  }
  const int64_t M = int64_t(rows.size()) / d_;
  first_[size_t(sentences_)] = M;
  row_sentence_.resize(size_t(rows_));
  for (int64_t r = 0; r < rows_; ++r) row_sentence_[size_t(r)] = r / rows_per_sentence;
  std::vector<float> kv(size_t(M * 2 * d_));
  for (size_t i = 0; i < layers_.size(); ++i) {
    auto& layer = layers_[i];
    const auto& w = weights_->layers[i];
    const int64_t width = layer.cross_width;
    w.kv.apply(rows.data(), M, kv.data());
    layer.cross_keys_t.resize(size_t(M * width));
    layer.cross_values.resize(size_t(M * width));
    transposeKeys(kv.data(), 2 * width, 0, width, first_, layer.cross_heads, dh_, layer.cross_keys_t.data(),
                  layer.cross_values.data());
    layer.cache.reset();
  }
  slots_ = sentences_ * std::max(rows_per_sentence, most_rows_per_sentence);
  history_.clear();
  growCache(std::min(std::max<int64_t>(1, expected_steps), max_positions_));
  restrictOutput({});
}

void FastDecoder::restrictOutput(const std::vector<int64_t>& pieces) {
  for (size_t i = 0; i < pieces.size(); ++i)
    if (pieces[i] < 0 || pieces[i] >= vocab_ || (i > 0 && pieces[i] <= pieces[i - 1]))
      throw std::invalid_argument("FastDecoder::restrictOutput: the pieces must be sorted ids of the vocabulary, each once");
  listed_output_.reset();
  output_pieces_ = pieces;
  logp_.clear();  // refilled with -inf at the next step
  if (pieces.empty()) return;
  const int64_t C = int64_t(pieces.size()), D = d_;
  output_rows_.resize(size_t(C * D));
  for (int64_t c = 0; c < C; ++c)
    std::copy_n(weights_->embedding + pieces[size_t(c)] * D, D, output_rows_.data() + c * D);
  // Each output channel quantized alone (int8): the same numbers as the whole output layer's.
  listed_output_ = std::make_unique<Product>(output_rows_.data(), nullptr, C, D, weights_->precision);
}

void FastDecoder::growCache(int64_t needed) {
  if (needed <= capacity_) return;
  const int64_t capacity = std::min(std::max<int64_t>({needed, 2 * capacity_, 16}), max_positions_);
  for (auto& layer : layers_) {
    const int64_t entry = 2 * layer.self_width;
    std::unique_ptr<float[]> grown(new float[size_t(capacity * slots_ * entry)]);
    if (steps_ > 0) std::copy_n(layer.cache.get(), steps_ * slots_ * entry, grown.get());
    layer.cache = std::move(grown);
  }
  std::vector<int64_t> history(size_t(slots_ * capacity));
  for (int64_t r = 0; steps_ > 0 && r < rows_; ++r)
    std::copy_n(history_.data() + r * capacity_, steps_, history.data() + r * capacity);
  history_ = std::move(history);
  capacity_ = capacity;
}

void FastDecoder::attendSelf(Layer& layer, const float* qkv, float* context) {
  const int64_t heads = layer.self_heads, width = layer.self_width, count = steps_ + 1;
  const float scale = float(1.0 / std::sqrt(double(dh_)));
  const float* cache = layer.cache.get();
  forRows(rows_, heads * count * dh_, [&](int64_t r) {
    const int64_t* positions = history_.data() + r * capacity_;
    float* scores = scores_.data() + r * std::max(capacity_, source_length_);
    for (int64_t h = 0; h < heads; ++h)
      attendOneQuery(qkv + r * 3 * width + h * dh_, cache + h * dh_, cache + width + h * dh_, 2 * width, count,
                     positions, dh_, scale, layer.self_keep[size_t(h)], scores, context + r * width + h * dh_);
  });
}

void FastDecoder::attendCross(Layer& layer, const float* queries, float* context) {
  const int64_t heads = layer.cross_heads, width = layer.cross_width;
  const float scale = float(1.0 / std::sqrt(double(dh_)));
  forRows(rows_, heads * source_length_ * dh_, [&](int64_t r) {
    const auto b = size_t(row_sentence_[size_t(r)]);
    const int64_t count = first_[b + 1] - first_[b];
    float* scores = scores_.data() + r * std::max(capacity_, source_length_);
    for (int64_t h = 0; h < heads; ++h) {
      const int64_t block = first_[b] * width + h * count * dh_;
      attendOneQueryKeysTransposed(queries + r * width + h * dh_, layer.cross_keys_t.data() + block,
                                   layer.cross_values.data() + block, count, nullptr, dh_, scale,
                                   layer.cross_keep[size_t(h)], scores, context + r * width + h * dh_);
    }
  });
}

torch::Tensor FastDecoder::step(const std::vector<int64_t>& tokens) {
  if (int64_t(tokens.size()) != rows_)
    throw std::logic_error("FastDecoder::step: " + std::to_string(tokens.size()) + " tokens for " +
                           std::to_string(rows_) + " rows");
  if (steps_ >= max_positions_)
    throw std::length_error("decoding past the model's max_length (" + std::to_string(max_positions_) + ")");
  growCache(steps_ + 1);
  const int64_t R = rows_, D = d_;
  x_.resize(size_t(R * D));
  h_.resize(size_t(R * D));
  qkv_.resize(size_t(R * 3 * D));
  context_.resize(size_t(R * D));
  projected_.resize(size_t(R * D));
  ffn_.resize(size_t(R * ff_));
  const int64_t C = output_pieces_.empty() ? vocab_ : int64_t(output_pieces_.size());
  logits_.resize(size_t(R * C));
  scores_.resize(size_t(R * std::max(capacity_, source_length_)));

  // The embedding: sqrt(D) * E[token] + PE[position].
  const auto& weights = *weights_;
  const float* pe = weights.positions + steps_ * D;
  for (const auto token : tokens)
    if (token < 0 || token >= vocab_) throw std::out_of_range("token id " + std::to_string(token) + " out of range");
  forRows(R, D, [&](int64_t r) {
    const float* e = weights.embedding + tokens[size_t(r)] * D;
    float* x = x_.data() + r * D;
    for (int64_t i = 0; i < D; ++i) x[i] = e[i] * embedding_scale_ + pe[i] * weights.position_scale;
  });

  // This position's key and value of row r go to slot r.
  for (int64_t r = 0; r < R; ++r) history_[size_t(r * capacity_ + steps_)] = steps_ * slots_ + r;
  float* x = x_.data();
  float* h = h_.data();
  for (size_t l = 0; l < layers_.size(); ++l) {
    auto& layer = layers_[l];
    const auto& w = weights.layers[l];
    // Self-attention over the cache, this position's key and value appended.
    const float* in = x;
    if (pre_norm_) {
      layerNorm(x, nullptr, R, D, w.norm1_g, w.norm1_b, eps_, h);
      in = h;
    }
    w.qkv.apply(in, R, qkv_.data());  // [R, 3 self_width]
    const int64_t width = 2 * layer.self_width;  // a position's key and value
    forRows(R, width, [&](int64_t r) {
      std::copy_n(qkv_.data() + r * 3 * layer.self_width + layer.self_width, width,
                  layer.cache.get() + (steps_ * slots_ + r) * width);
    });
    attendSelf(layer, qkv_.data(), context_.data());
    w.self_out.apply(context_.data(), R, projected_.data());
    if (pre_norm_) addInPlace(x, projected_.data(), R * D);
    else layerNorm(x, projected_.data(), R, D, w.norm1_g, w.norm1_b, eps_, x);

    // Cross-attention over the sentence's memory.
    in = x;
    if (pre_norm_) {
      layerNorm(x, nullptr, R, D, w.norm2_g, w.norm2_b, eps_, h);
      in = h;
    }
    float* queries = pre_norm_ ? projected_.data() : h;  // whichever is free
    w.q.apply(in, R, queries);
    attendCross(layer, queries, context_.data());
    w.cross_out.apply(context_.data(), R, projected_.data());
    if (pre_norm_) addInPlace(x, projected_.data(), R * D);
    else layerNorm(x, projected_.data(), R, D, w.norm2_g, w.norm2_b, eps_, x);

    // The feed-forward.
    in = x;
    if (pre_norm_) {
      layerNorm(x, nullptr, R, D, w.norm3_g, w.norm3_b, eps_, h);
      in = h;
    }
    w.ffn1.apply(in, R, ffn_.data());
    reluInPlace(ffn_.data(), R * ff_);
    w.ffn2.apply(ffn_.data(), R, projected_.data());
    if (pre_norm_) addInPlace(x, projected_.data(), R * D);
    else layerNorm(x, projected_.data(), R, D, w.norm3_g, w.norm3_b, eps_, x);
  }
  const float* last = x;
  if (pre_norm_) {
    layerNorm(x, nullptr, R, D, weights.final_g, weights.final_b, eps_, h);
    last = h;
  }
  // The tied output projection, then LibTorch's log-softmax (the reference
  // path's own rounding; a call a thread).
  torch::Tensor logp;
  if (output_pieces_.empty()) {
    weights.output.apply(last, R, logits_.data());
    logp_.resize(size_t(R * vocab_));
    logSoftmaxRows(logits_.data(), R, vocab_, logp_.data());
    logp = torch::from_blob(logp_.data(), {R, vocab_}, torch::kFloat);
  } else {
    listed_output_->apply(last, R, logits_.data());
    listed_logp_.resize(size_t(R * C));
    logSoftmaxRows(logits_.data(), R, C, listed_logp_.data());
    // Columns outside the list are -inf from the first step on (resize fills new rows).
    logp_.resize(size_t(R * vocab_), -std::numeric_limits<float>::infinity());
    const int64_t* pieces = output_pieces_.data();
    forRows(R, C, [&](int64_t r) {
      float* to = logp_.data() + r * vocab_;
      const float* from = listed_logp_.data() + r * C;
      for (int64_t c = 0; c < C; ++c) to[pieces[c]] = from[c];
    });
    logp = torch::from_blob(logp_.data(), {R, vocab_}, torch::kFloat);
  }
  ++steps_;
  return logp;
}

void FastDecoder::reorder(const std::vector<int64_t>& origin, const std::vector<int64_t>& sentence) {
  if (origin.size() != sentence.size()) throw std::logic_error("FastDecoder::reorder: sizes differ");
  const auto rows = int64_t(origin.size());
  if (rows > slots_) throw std::logic_error("FastDecoder::reorder: more rows than start() allowed");
  for (const auto o : origin)
    if (o < 0 || o >= rows_) throw std::logic_error("FastDecoder::reorder: row " + std::to_string(o) + " out of range");
  // Each row takes the history of the row it continues: which key and value
  // of each position are its own. The keys themselves stay where they are.
  history_next_.resize(history_.size());
  for (int64_t i = 0; i < rows; ++i)
    std::copy_n(history_.data() + origin[size_t(i)] * capacity_, steps_, history_next_.data() + i * capacity_);
  std::swap(history_, history_next_);
  rows_ = rows;
  row_sentence_ = sentence;
}

}  // namespace studio::model::inference
