#include "model/decoding/AttentionCapture.h"

#include <nlohmann/json.hpp>

#include "model/Masks.h"

namespace studio::model {

namespace {

std::vector<float> flatten(const std::vector<torch::Tensor>& per_layer) {
  // per layer [1, H, Q, K] -> [L, H, Q, K] as floats
  auto stacked = torch::cat(per_layer, /*dim=*/0).to(torch::kCPU).to(torch::kFloat).contiguous();
  return std::vector<float>(stacked.data_ptr<float>(), stacked.data_ptr<float>() + stacked.numel());
}

std::vector<uint8_t> maskToBytes(const torch::Tensor& mask, int64_t rows, int64_t cols) {
  auto m = mask.expand({1, 1, rows, cols}).reshape({rows, cols}).to(torch::kCPU).to(torch::kUInt8).contiguous();
  return std::vector<uint8_t>(m.data_ptr<uint8_t>(), m.data_ptr<uint8_t>() + m.numel());
}

}  // namespace

float AttentionSnapshot::encoderWeight(int64_t l, int64_t h, int64_t q, int64_t k) const {
  return encoder_self[size_t(((l * heads + h) * source_length + q) * source_length + k)];
}
float AttentionSnapshot::decoderWeight(int64_t l, int64_t h, int64_t q, int64_t k) const {
  return decoder_self[size_t(((l * heads + h) * target_length + q) * target_length + k)];
}
float AttentionSnapshot::crossWeight(int64_t l, int64_t h, int64_t q, int64_t k) const {
  return cross[size_t(((l * heads + h) * target_length + q) * source_length + k)];
}

AttentionSnapshot captureAttention(const Translator& translator, const std::string& sentence,
                                   const DecodingOptions& options, int64_t pad_to) {
  auto results = translator.translate({sentence}, options);
  return captureAttention(translator, sentence, results.at(0).empty() ? Translation{} : results[0][0], pad_to);
}

AttentionSnapshot captureAttention(const Translator& translator, const std::string& sentence, const Translation& best,
                                   int64_t pad_to) {
  auto model = translator.modelHandle();
  const auto& o = model->options();
  const auto& tokenizer = translator.tokenizer();
  AttentionSnapshot snap;
  snap.source_text = sentence;
  snap.translation = best.text;

  std::vector<int64_t> source = translator.encodeSource(sentence);
  for (int64_t id : source) snap.source_tokens.push_back(tokenizer.piece(int(id)));
  const int64_t real_length = int64_t(source.size());
  if (pad_to > real_length) {
    snap.padding = std::min<int64_t>(pad_to, o.max_length) - real_length;
    for (int64_t i = 0; i < snap.padding; ++i) {
      source.push_back(o.pad_id);
      snap.source_tokens.push_back(tokenizer.piece(int(o.pad_id)));
    }
  }
  // The decoder reads BOS and the output ids; each row of the cross and
  // decoder maps is the step that predicted the next output token.
  std::vector<int64_t> target{o.bos_id};
  target.insert(target.end(), best.ids.begin(), best.ids.end());
  snap.target_tokens.push_back(tokenizer.piece(int(o.bos_id)));
  for (const auto& piece : best.pieces) snap.target_tokens.push_back(piece);

  torch::NoGradGuard no_grad;
  const auto device = translator.device();
  auto src = torch::tensor(source, torch::kLong).unsqueeze(0).to(device);
  auto tgt = torch::tensor(target, torch::kLong).unsqueeze(0).to(device);
  AttentionMaps maps;
  model->eval();
  model(src, tgt, &maps);

  snap.encoder_layers = int64_t(maps.encoder_self.size());
  snap.decoder_layers = int64_t(maps.decoder_self.size());
  snap.heads = o.heads;
  snap.source_length = src.size(1);
  snap.target_length = tgt.size(1);
  snap.encoder_self = flatten(maps.encoder_self);
  snap.decoder_self = flatten(maps.decoder_self);
  snap.cross = flatten(maps.cross);
  const auto S = snap.source_length, T = snap.target_length;
  snap.encoder_mask = maskToBytes(paddingMask(src, o.pad_id), S, S);
  snap.decoder_mask = maskToBytes(decoderSelfMask(tgt, o.pad_id), T, T);
  snap.cross_mask = maskToBytes(paddingMask(src, o.pad_id), T, S);
  return snap;
}

nlohmann::json AttentionSnapshot::toJson() const {
  auto nested = [&](const std::vector<float>& flat, int64_t layers, int64_t rows, int64_t cols) {
    nlohmann::json out = nlohmann::json::array();
    for (int64_t l = 0; l < layers; ++l) {
      nlohmann::json layer = nlohmann::json::array();
      for (int64_t h = 0; h < heads; ++h) {
        nlohmann::json head = nlohmann::json::array();
        for (int64_t r = 0; r < rows; ++r) {
          const auto begin = flat.begin() + long(((l * heads + h) * rows + r) * cols);
          head.push_back(std::vector<float>(begin, begin + long(cols)));
        }
        layer.push_back(head);
      }
      out.push_back(layer);
    }
    return out;
  };
  auto mask = [](const std::vector<uint8_t>& flat, int64_t rows, int64_t cols) {
    nlohmann::json out = nlohmann::json::array();
    for (int64_t r = 0; r < rows; ++r) {
      std::vector<int> row;
      for (int64_t c = 0; c < cols; ++c) row.push_back(flat[size_t(r * cols + c)]);
      out.push_back(row);
    }
    return out;
  };
  const auto S = source_length, T = target_length;
  return {{"source", source_text},
          {"translation", translation},
          {"source_tokens", source_tokens},
          {"target_tokens", target_tokens},
          {"padding", padding},
          {"layers", {{"encoder", encoder_layers}, {"decoder", decoder_layers}}},
          {"heads", heads},
          {"shapes",
           {{"encoder_self", {encoder_layers, heads, S, S}},
            {"decoder_self", {decoder_layers, heads, T, T}},
            {"cross", {decoder_layers, heads, T, S}}}},
          {"masks",
           {{"encoder_self", mask(encoder_mask, S, S)},
            {"decoder_self", mask(decoder_mask, T, T)},
            {"cross", mask(cross_mask, T, S)}}},
          {"attention",
           {{"encoder_self", nested(encoder_self, encoder_layers, S, S)},
            {"decoder_self", nested(decoder_self, decoder_layers, T, T)},
            {"cross", nested(cross, decoder_layers, T, S)}}}};
}

}  // namespace studio::model
