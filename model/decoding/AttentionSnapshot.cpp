#include "model/decoding/AttentionSnapshot.h"

#include <cmath>

#include <nlohmann/json.hpp>

namespace studio::model {

float AttentionSnapshot::encoderWeight(int64_t l, int64_t h, int64_t q, int64_t k) const {
  return encoder_self[size_t(((l * heads + h) * source_length + q) * source_length + k)];
}
float AttentionSnapshot::decoderWeight(int64_t l, int64_t h, int64_t q, int64_t k) const {
  return decoder_self[size_t(((l * heads + h) * target_length + q) * target_length + k)];
}
float AttentionSnapshot::crossWeight(int64_t l, int64_t h, int64_t q, int64_t k) const {
  return cross[size_t(((l * heads + h) * target_length + q) * source_length + k)];
}

const char* DecoderLens::blockName(int64_t stage) {
  static const char* const names[] = {"self-attention", "cross-attention", "feed-forward"};
  return names[stage % 3];
}

nlohmann::json DecoderLens::toJson() const {
  nlohmann::json stage_list = nlohmann::json::array();
  for (int64_t r = 0; r < stages; ++r) {
    nlohmann::json steps = nlohmann::json::array();
    for (int64_t t = 0; t < positions; ++t) {
      nlohmann::json likeliest = nlohmann::json::array();
      for (int64_t k = 0; k < top; ++k) {
        const auto i = size_t((r * positions + t) * top + k);
        likeliest.push_back({{"piece", top_pieces[i]}, {"probability", top_probabilities[i]}});
      }
      const auto i = size_t(r * positions + t);
      steps.push_back(
          {{"top", likeliest}, {"next_probability", next_probability[i]}, {"next_rank", next_rank[i]}});
    }
    stage_list.push_back({{"layer", r / 3 + 1}, {"block", blockName(r)}, {"positions", steps}});
  }
  return {{"method", tuned ? "tuned lens (Belrose et al., 2023)" : "logit lens (nostalgebraist, 2020)"},
          {"next_pieces", next_pieces},
          {"stages", stage_list}};
}

nlohmann::json AttentionSnapshot::toJson(bool vectors) const {
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
  nlohmann::json out = {{"source", source_text},
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
  if (vectors && head_dim > 0) {
    const auto Dh = head_dim;
    auto block = [&](const std::vector<float>& queries, const std::vector<float>& keys, int64_t layers,
                     int64_t rows, int64_t columns) {
      return nlohmann::json{{"queries", nested(queries, layers, rows, Dh)},
                            {"keys", nested(keys, layers, columns, Dh)}};
    };
    out["vectors"] = {{"head_dim", Dh},
                      {"scale", 1.0 / std::sqrt(double(Dh))},
                      {"encoder_self", block(encoder_queries, encoder_keys, encoder_layers, S, S)},
                      {"decoder_self", block(decoder_queries, decoder_keys, decoder_layers, T, T)},
                      {"cross", block(cross_queries, cross_keys, decoder_layers, T, S)}};
  }
  if (translation_given) out["translation_given"] = true;
  if (!probabilities.empty()) out["probabilities"] = probabilities;
  if (!lens.empty()) out["lens"] = lens.toJson();
  if (!source_reliance.empty())
    out["source_reliance"] = {{"method", "ALTI+ (Ferrando et al., 2022)"}, {"share", source_reliance}};
  return out;
}

}  // namespace studio::model
