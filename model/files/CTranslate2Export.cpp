#include "model/files/CTranslate2Export.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <map>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "model/files/AtomicFile.h"

namespace studio::model {

namespace {

// CTranslate2's DataType codes.
enum class Type : uint8_t { Float32 = 0, Int8 = 1, Int16 = 2 };

struct Variable {
  std::vector<uint32_t> shape;
  Type type = Type::Float32;
  std::string bytes;
};

template <typename T>
Variable scalar(T value, Type type) {
  Variable v;
  v.type = type;
  v.bytes.assign(reinterpret_cast<const char*>(&value), sizeof value);
  return v;
}

Variable floats(const torch::Tensor& tensor) {
  const auto t = tensor.detach().to(torch::kCPU, torch::kFloat).contiguous();
  Variable v;
  for (const auto size : t.sizes()) v.shape.push_back(uint32_t(size));
  v.bytes.assign(reinterpret_cast<const char*>(t.data_ptr<float>()), size_t(t.numel()) * sizeof(float));
  return v;
}

class Writer {
 public:
  Writer(const Transformer& model, bool int8) : int8_(int8) {
    for (const auto& p : model->named_parameters(/*recurse=*/true)) params_.emplace(p.key(), p.value());
    for (const auto& b : model->named_buffers(/*recurse=*/true)) params_.emplace(b.key(), b.value());
  }

  const torch::Tensor& param(const std::string& name) const {
    const auto found = params_.find(name);
    if (found == params_.end()) throw std::logic_error("the CTranslate2 export found no '" + name + "' in the model");
    return found->second;
  }

  // A weight matrix: float32, or int8 rows with their scales.
  void weight(const std::string& name, const torch::Tensor& tensor) {
    if (!int8_) {
      variables_[name + "/weight"] = floats(tensor);
      return;
    }
    const auto t = tensor.detach().to(torch::kCPU, torch::kFloat).contiguous();
    const int64_t rows = t.size(0), cols = t.size(1);
    const float* w = t.data_ptr<float>();
    Variable q, scales;
    q.shape = {uint32_t(rows), uint32_t(cols)};
    q.type = Type::Int8;
    q.bytes.resize(size_t(rows * cols));
    scales.shape = {uint32_t(rows)};
    scales.bytes.resize(size_t(rows) * sizeof(float));
    for (int64_t r = 0; r < rows; ++r) {
      float amax = 0.0f;
      for (int64_t c = 0; c < cols; ++c) amax = std::max(amax, std::fabs(w[r * cols + c]));
      if (amax == 0.0f) amax = 127.0f;  // a zero row (a pruned head's column block leaves none)
      const float scale = 127.0f / amax;
      std::memcpy(scales.bytes.data() + r * sizeof(float), &scale, sizeof scale);
      for (int64_t c = 0; c < cols; ++c)
        q.bytes[size_t(r * cols + c)] = char(int8_t(std::nearbyint(w[r * cols + c] * scale)));
    }
    variables_[name + "/weight"] = std::move(q);
    variables_[name + "/weight_scale"] = std::move(scales);
  }

  void linear(const std::string& name, const std::string& ours) {
    weight(name, param(ours + ".weight"));
    variables_[name + "/bias"] = floats(param(ours + ".bias"));
  }

  void norm(const std::string& name, const std::string& ours) {
    variables_[name + "/gamma"] = floats(param(ours + ".weight"));
    variables_[name + "/beta"] = floats(param(ours + ".bias"));
  }

  void set(const std::string& name, Variable v) { variables_[name] = std::move(v); }
  void alias(const std::string& name, const std::string& target) { aliases_[name] = target; }

  // CTranslate2's model.bin: version 6, the spec's name and revision, the
  // variables in name order (name, rank, shape, type, size, bytes), then the
  // aliases; strings as a uint16 length (with the terminating NUL) and bytes.
  void write(FileSink& out) const {
    auto u8 = [&](uint8_t v) { out.write(&v, 1); };
    auto u16 = [&](uint16_t v) { out.write(&v, 2); };
    auto u32 = [&](uint32_t v) { out.write(&v, 4); };
    auto text = [&](const std::string& s) {
      u16(uint16_t(s.size() + 1));
      out.write(s.data(), s.size());
      u8(0);
    };
    u32(6);
    text("TransformerSpec");
    u32(7);
    u32(uint32_t(variables_.size()));
    for (const auto& [name, v] : variables_) {
      text(name);
      u8(uint8_t(v.shape.size()));
      for (const auto d : v.shape) u32(d);
      u8(uint8_t(v.type));
      u32(uint32_t(v.bytes.size()));
      out.write(v.bytes.data(), v.bytes.size());
    }
    u32(uint32_t(aliases_.size()));
    for (const auto& [name, target] : aliases_) {
      text(name);
      text(target);
    }
  }

 private:
  bool int8_;
  std::map<std::string, torch::Tensor> params_;
  std::map<std::string, Variable> variables_;  // in name order, as CTranslate2 writes them
  std::map<std::string, std::string> aliases_;
};

// The settings of a stack CTranslate2's spec holds as scalars.
void stackSettings(Writer& w, const std::string& stack, const TransformerOptions& o) {
  const bool pre = o.norm_position == NormPosition::Pre;
  w.set(stack + "/activation", scalar<int8_t>(0, Type::Int8));  // ReLU
  w.set(stack + "/num_heads", scalar<int16_t>(int16_t(o.heads), Type::Int16));
  w.set(stack + "/pre_norm", scalar<int8_t>(pre ? 1 : 0, Type::Int8));
  w.set(stack + "/scale_embeddings", scalar<int8_t>(1, Type::Int8));
}

}  // namespace

void exportCTranslate2(const Transformer& model, const std::vector<std::string>& pieces, const std::string& dir,
                       const CTranslate2Export& how) {
  const auto& o = model->options();
  if (int64_t(pieces.size()) != o.vocab_size)
    throw std::invalid_argument("the vocabulary has " + std::to_string(pieces.size()) + " pieces but the model " +
                                std::to_string(o.vocab_size));
  if (o.heads > 32767 || o.max_length <= 0) throw std::invalid_argument("the model's options do not fit CTranslate2");

  Writer w(model, how.int8);
  torch::NoGradGuard no_grad;
  stackSettings(w, "encoder", o);
  w.set("encoder/embeddings_merge", scalar<int8_t>(0, Type::Int8));
  w.set("encoder/multi_query_attention", scalar<int8_t>(0, Type::Int8));
  stackSettings(w, "decoder", o);
  w.set("decoder/alibi", scalar<int8_t>(0, Type::Int8));
  w.set("decoder/alibi_use_positive_positions", scalar<int8_t>(0, Type::Int8));
  w.set("decoder/scale_alibi", scalar<int8_t>(0, Type::Int8));
  w.set("decoder/start_from_zero_embedding", scalar<int8_t>(0, Type::Int8));
  // The attention CTranslate2 returns as the alignment: the head trained to
  // align (guided alignment: layer L's first), else the last layer's heads
  // averaged, as our translate --alignment reads them.
  const bool trained_head = o.alignment_layer >= 0;
  w.set("decoder/alignment_heads", scalar<int16_t>(trained_head ? 1 : int16_t(o.heads), Type::Int16));
  w.set("decoder/alignment_layer", scalar<int16_t>(trained_head ? int16_t(o.alignment_layer) : -1, Type::Int16));

  // One embedding for both stacks and the output layer; one position table
  // (a learnt scale folded into it). CTranslate2 keeps the first by name and
  // aliases the others.
  w.weight("decoder/embeddings", w.param("embedding.weight"));
  w.alias("encoder/embeddings_0/weight", "decoder/embeddings/weight");
  w.alias("decoder/projection/weight", "decoder/embeddings/weight");
  auto table = w.param("positional.table").detach().to(torch::kFloat);
  const auto params = model->named_parameters(/*recurse=*/true);  // find() points into it: kept alive
  if (const auto* scale = params.find("positional.scale")) table = table * scale->detach();
  w.set("decoder/position_encodings/encodings", floats(table));
  w.alias("encoder/position_encodings/encodings", "decoder/position_encodings/encodings");

  for (int64_t i = 0; i < o.encoder_layers; ++i) {
    const std::string ct = "encoder/layer_" + std::to_string(i) + "/", ours = "encoder.layers." + std::to_string(i) + ".";
    w.linear(ct + "self_attention/linear_0", ours + "self_attn.qkv_proj");
    w.linear(ct + "self_attention/linear_1", ours + "self_attn.out_proj");
    w.norm(ct + "self_attention/layer_norm", ours + "norm1");
    w.linear(ct + "ffn/linear_0", ours + "ffn.linear1");
    w.linear(ct + "ffn/linear_1", ours + "ffn.linear2");
    w.norm(ct + "ffn/layer_norm", ours + "norm2");
  }
  for (int64_t i = 0; i < o.decoder_layers; ++i) {
    const std::string ct = "decoder/layer_" + std::to_string(i) + "/", ours = "decoder.layers." + std::to_string(i) + ".";
    w.linear(ct + "self_attention/linear_0", ours + "self_attn.qkv_proj");
    w.linear(ct + "self_attention/linear_1", ours + "self_attn.out_proj");
    w.norm(ct + "self_attention/layer_norm", ours + "norm1");
    w.linear(ct + "attention/linear_0", ours + "cross_attn.q_proj");
    w.linear(ct + "attention/linear_1", ours + "cross_attn.kv_proj");
    w.linear(ct + "attention/linear_2", ours + "cross_attn.out_proj");
    w.norm(ct + "attention/layer_norm", ours + "norm2");
    w.linear(ct + "ffn/linear_0", ours + "ffn.linear1");
    w.linear(ct + "ffn/linear_1", ours + "ffn.linear2");
    w.norm(ct + "ffn/layer_norm", ours + "norm3");
  }
  if (o.norm_position == NormPosition::Pre) {
    w.norm("encoder/layer_norm", "encoder.final_norm");
    w.norm("decoder/layer_norm", "decoder.final_norm");
  }

  const auto at = [&](int64_t id) {
    if (id < 0 || id >= o.vocab_size) throw std::invalid_argument("a special id of the model is outside its vocabulary");
    return pieces[size_t(id)];
  };
  nlohmann::json config = {
      {"add_source_bos", false},          {"add_source_eos", true},
      {"bos_token", at(o.bos_id)},        {"decoder_start_token", at(o.bos_id)},
      {"eos_token", at(o.eos_id)},        {"layer_norm_epsilon", 1e-5},
      {"multi_query_attention", false},   {"unk_token", at(o.unk_id)},
  };
  nlohmann::json ours = {{"source", how.source}, {"options", toJson(o)}, {"weights", how.int8 ? "int8" : "float32"}};

  std::filesystem::create_directories(dir);
  const std::filesystem::path folder(dir);
  writeAtomically((folder / "model.bin").string(), [&](FileSink& out) { w.write(out); });
  writeFileAtomically((folder / "shared_vocabulary.json").string(), nlohmann::json(pieces).dump(2, ' ', true));
  writeFileAtomically((folder / "attention-studio.json").string(), ours.dump(1) + "\n");
  writeFileAtomically((folder / "config.json").string(), config.dump(2) + "\n");
}

}  // namespace studio::model
