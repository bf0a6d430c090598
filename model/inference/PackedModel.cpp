#include "model/inference/PackedModel.h"

#include <mutex>
#include <stdexcept>
#include <string>

namespace studio::model::inference {

namespace {

const float* find(const torch::OrderedDict<std::string, torch::Tensor>& all, const std::string& name) {
  const auto* found = all.find(name);
  if (!found) throw std::logic_error("the inference engine found no parameter '" + name + "' in the model");
  if (!found->is_contiguous() || found->scalar_type() != torch::kFloat || !found->device().is_cpu())
    throw std::logic_error("the inference engine needs '" + name + "' as contiguous float32 on the CPU");
  return found->data_ptr<float>();
}

// The heads of an attention whose output projection is `weight` [D, D]:
// silent where their columns are all zero.
AttentionHeads headsOf(const float* weight, int64_t D, int64_t heads) {
  const int64_t dh = D / heads;
  AttentionHeads result;
  result.silent.assign(size_t(heads), 1);
  for (int64_t r = 0; r < D; ++r)
    for (int64_t h = 0; h < heads; ++h)
      for (int64_t c = h * dh; result.silent[size_t(h)] && c < (h + 1) * dh; ++c)
        if (weight[r * D + c] != 0.0f) result.silent[size_t(h)] = 0;
  for (int64_t h = 0; h < heads; ++h)
    if (!result.silent[size_t(h)]) result.computed.push_back(h);
  if (result.computed.empty()) result.computed.push_back(0);  // silent too: its context is zero, the products keep a shape
  return result;
}

// The computed heads' rows of a weight [parts * D, in] (Q, K, V side by
// side: `parts` blocks of D rows, each head dh rows of a block), or of a
// bias (in = 1); the weight itself when every head is computed.
const float* headRows(PackedModel& packed, const float* weight, int64_t parts, int64_t D, int64_t in,
                      const AttentionHeads& heads) {
  const auto H = int64_t(heads.silent.size()), dh = D / H;
  if (weight == nullptr || heads.count() == H) return weight;
  auto& rows = packed.compacted.emplace_back();
  rows.reserve(size_t(parts * heads.width(dh) * in));
  for (int64_t part = 0; part < parts; ++part)
    for (const auto h : heads.computed) {
      const float* first = weight + (part * D + h * dh) * in;
      rows.insert(rows.end(), first, first + dh * in);
    }
  return rows.data();
}

// The computed heads' columns of an output projection [D, D].
const float* headColumns(PackedModel& packed, const float* weight, int64_t D, const AttentionHeads& heads) {
  const auto H = int64_t(heads.silent.size()), dh = D / H;
  if (heads.count() == H) return weight;
  auto& columns = packed.compacted.emplace_back();
  columns.reserve(size_t(D * heads.width(dh)));
  for (int64_t r = 0; r < D; ++r)
    for (const auto h : heads.computed)
      columns.insert(columns.end(), weight + r * D + h * dh, weight + r * D + (h + 1) * dh);
  return columns.data();
}

std::shared_ptr<PackedModel> pack(TransformerImpl& model, WeightPrecision precision) {
  const auto& o = model.options();
  const int64_t D = o.d_model, F = o.d_ff;
  const auto params = model.named_parameters(/*recurse=*/true);
  const auto buffers = model.named_buffers(/*recurse=*/true);
  auto packed = std::make_shared<PackedModel>();
  packed->precision = precision;
  packed->embedding = find(params, "embedding.weight");
  packed->positions = find(buffers, "positional.table");
  if (params.find("positional.scale")) packed->position_scale = params["positional.scale"].item<float>();
  if (o.norm_position == NormPosition::Pre) {
    packed->final_g = find(params, "decoder.final_norm.weight");
    packed->final_b = find(params, "decoder.final_norm.bias");
  }
  if (o.norm_position == NormPosition::Pre) {
    packed->encoder_final_g = find(params, "encoder.final_norm.weight");
    packed->encoder_final_b = find(params, "encoder.final_norm.bias");
  }
  // A layer's product (`p`: the layer's prefix), and an attention's over its computed heads alone.
  auto linear = [&](const std::string& p, const std::string& name, int64_t out, int64_t in) {
    return Product(find(params, p + name + ".weight"), find(params, p + name + ".bias"), out, in, precision);
  };
  auto attention = [&](const std::string& p, const std::string& name, int64_t parts, const AttentionHeads& heads,
                       Product& in_proj, Product& out_proj) {
    const int64_t width = heads.width(o.headDim());
    in_proj = Product(headRows(*packed, find(params, p + name + ".weight"), parts, D, D, heads),
                      headRows(*packed, find(params, p + name + ".bias"), parts, D, 1, heads), parts * width, D,
                      precision);
    const std::string out = name.substr(0, name.find('.')) + ".out_proj";
    out_proj = Product(headColumns(*packed, find(params, p + out + ".weight"), D, heads),
                       find(params, p + out + ".bias"), D, width, precision);
  };
  for (int64_t i = 0; i < o.encoder_layers; ++i) {
    const std::string p = "encoder.layers." + std::to_string(i) + ".";
    PackedEncoderLayer layer;
    layer.heads = headsOf(find(params, p + "self_attn.out_proj.weight"), D, o.heads);
    attention(p, "self_attn.qkv_proj", 3, layer.heads, layer.qkv, layer.out);
    layer.ffn1 = linear(p, "ffn.linear1", F, D);
    layer.ffn2 = linear(p, "ffn.linear2", D, F);
    layer.norm1_g = find(params, p + "norm1.weight");
    layer.norm1_b = find(params, p + "norm1.bias");
    layer.norm2_g = find(params, p + "norm2.weight");
    layer.norm2_b = find(params, p + "norm2.bias");
    packed->encoder.push_back(std::move(layer));
  }
  for (int64_t i = 0; i < o.decoder_layers; ++i) {
    const std::string p = "decoder.layers." + std::to_string(i) + ".";
    PackedDecoderLayer layer;
    layer.self_heads = headsOf(find(params, p + "self_attn.out_proj.weight"), D, o.heads);
    layer.cross_heads = headsOf(find(params, p + "cross_attn.out_proj.weight"), D, o.heads);
    attention(p, "self_attn.qkv_proj", 3, layer.self_heads, layer.qkv, layer.self_out);
    attention(p, "cross_attn.q_proj", 1, layer.cross_heads, layer.q, layer.cross_out);
    layer.ffn1 = linear(p, "ffn.linear1", F, D);
    layer.ffn2 = linear(p, "ffn.linear2", D, F);
    const float* kv_w = headRows(*packed, find(params, p + "cross_attn.kv_proj.weight"), 2, D, D, layer.cross_heads);
    const float* kv_b = headRows(*packed, find(params, p + "cross_attn.kv_proj.bias"), 2, D, 1, layer.cross_heads);
    layer.kv = PackedLinear(kv_w, kv_b, 2 * layer.cross_heads.width(o.headDim()), D);
    layer.norm1_g = find(params, p + "norm1.weight");
    layer.norm1_b = find(params, p + "norm1.bias");
    layer.norm2_g = find(params, p + "norm2.weight");
    layer.norm2_b = find(params, p + "norm2.bias");
    layer.norm3_g = find(params, p + "norm3.weight");
    layer.norm3_b = find(params, p + "norm3.bias");
    packed->layers.push_back(std::move(layer));
  }
  packed->output = Product(packed->embedding, nullptr, o.vocab_size, D, precision);
  return packed;
}

// What a packing was made from: the model (alive or not), and each
// parameter's storage and version (in-place updates count up).
struct Entry {
  std::weak_ptr<TransformerImpl> model;
  WeightPrecision precision;
  std::vector<std::pair<const void*, int64_t>> state;
  std::shared_ptr<const PackedModel> packed;
};

std::vector<std::pair<const void*, int64_t>> stateOf(TransformerImpl& model) {
  std::vector<std::pair<const void*, int64_t>> state;
  for (const auto& p : model.parameters(/*recurse=*/true)) state.emplace_back(p.data_ptr(), p._version());
  for (const auto& b : model.buffers(/*recurse=*/true)) state.emplace_back(b.data_ptr(), b._version());
  return state;
}

}  // namespace

Product::Product(const float* weight, const float* bias, int64_t out, int64_t in, WeightPrecision precision)
    : precision(precision) {
  switch (precision) {
    case WeightPrecision::Int8: i8 = QuantizedLinear(weight, bias, out, in); break;
    case WeightPrecision::BFloat16: b16 = Bf16Linear(weight, bias, out, in); break;
    default: f32 = PackedLinear(weight, bias, out, in); break;
  }
}

size_t PackedModel::packedBytes() const {
  size_t bytes = output.packedBytes();
  for (const auto& layer : encoder)
    for (const auto* l : {&layer.qkv, &layer.out, &layer.ffn1, &layer.ffn2}) bytes += l->packedBytes();
  for (const auto& layer : layers) {
    for (const auto* l : {&layer.qkv, &layer.self_out, &layer.q, &layer.cross_out, &layer.ffn1, &layer.ffn2})
      bytes += l->packedBytes();
    bytes += layer.kv.packedBytes();
  }
  return bytes;
}

std::shared_ptr<const PackedModel> packedModel(const Transformer& model, WeightPrecision precision) {
  static std::mutex mutex;
  static std::vector<Entry> entries;  // the last few models decoded with
  constexpr size_t kKept = 4;
  auto impl = model.ptr();
  auto state = stateOf(*impl);
  std::lock_guard<std::mutex> lock(mutex);
  for (auto it = entries.begin(); it != entries.end();) {
    if (it->model.expired()) {
      it = entries.erase(it);
      continue;
    }
    if (it->model.lock() == impl && it->precision == precision) {
      if (it->state == state) return it->packed;
      it = entries.erase(it);  // the same model, other weights
      continue;
    }
    ++it;
  }
  std::shared_ptr<const PackedModel> packed = pack(*impl, precision);
  entries.push_back({impl, precision, std::move(state), packed});
  if (entries.size() > kKept) entries.erase(entries.begin());
  return packed;
}

}  // namespace studio::model::inference
