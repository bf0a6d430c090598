#include "model/TransformerOptions.h"

#include <stdexcept>

#include <nlohmann/json.hpp>

#include "model/files/JsonField.h"

namespace studio::model {

namespace {

[[noreturn]] void invalid(const std::string& field, const std::string& why) {
  throw std::invalid_argument("invalid model option '" + field + "': " + why);
}

void requirePositive(const char* field, int64_t value) {
  if (value <= 0) invalid(field, "must be at least 1, got " + std::to_string(value));
}

void requireProbability(const char* field, double value) {
  if (!(value >= 0.0 && value < 1.0))
    invalid(field, "must be in [0, 1), got " + std::to_string(value));
}

void requireTokenId(const char* field, int64_t id, int64_t vocab_size) {
  if (id < 0 || id >= vocab_size)
    invalid(field, "must be a token id in [0, " + std::to_string(vocab_size) + "), got " +
                       std::to_string(id));
}

template <typename T>
void readField(const nlohmann::json& json, const char* field, T& out) {
  readJsonField(json, field, out, "model option");
}

}  // namespace

std::string toString(NormPosition position) {
  return position == NormPosition::Pre ? "pre" : "post";
}

NormPosition normPositionFromString(const std::string& text) {
  if (text == "post") return NormPosition::Post;
  if (text == "pre") return NormPosition::Pre;
  invalid("norm_position", "must be \"post\" or \"pre\", got \"" + text + "\"");
}

void TransformerOptions::validate() const {
  if (vocab_size < 5)
    invalid("vocab_size", "must hold at least the 4 special tokens and one piece, got " +
                              std::to_string(vocab_size));
  requireTokenId("pad_id", pad_id, vocab_size);
  requireTokenId("unk_id", unk_id, vocab_size);
  requireTokenId("bos_id", bos_id, vocab_size);
  requireTokenId("eos_id", eos_id, vocab_size);
  if (pad_id == bos_id || pad_id == eos_id || pad_id == unk_id)
    invalid("pad_id", "must differ from unk_id, bos_id and eos_id");
  requirePositive("encoder_layers", encoder_layers);
  requirePositive("decoder_layers", decoder_layers);
  requirePositive("d_model", d_model);
  requirePositive("heads", heads);
  requirePositive("d_ff", d_ff);
  requirePositive("max_length", max_length);
  if (d_model % heads != 0)
    invalid("d_model", "(" + std::to_string(d_model) + ") must be divisible by heads (" +
                           std::to_string(heads) + ")");
  if (d_model % 2 != 0)
    invalid("d_model", "must be even for the sinusoidal encoding, got " + std::to_string(d_model));
  requireProbability("dropout", dropout);
  requireProbability("attention_dropout", attention_dropout);
  requireProbability("relu_dropout", relu_dropout);
  if (alignment_layer < -1 || alignment_layer >= decoder_layers)
    invalid("alignment_layer", "must be a decoder layer (0 to " + std::to_string(decoder_layers - 1) +
                                   ") or -1 (none), got " + std::to_string(alignment_layer));
}

nlohmann::json toJson(const TransformerOptions& o) {
  nlohmann::json json{
      {"vocab_size", o.vocab_size},
      {"pad_id", o.pad_id},
      {"unk_id", o.unk_id},
      {"bos_id", o.bos_id},
      {"eos_id", o.eos_id},
      {"encoder_layers", o.encoder_layers},
      {"decoder_layers", o.decoder_layers},
      {"d_model", o.d_model},
      {"heads", o.heads},
      {"d_ff", o.d_ff},
      {"dropout", o.dropout},
      {"attention_dropout", o.attention_dropout},
      {"relu_dropout", o.relu_dropout},
      {"norm_position", toString(o.norm_position)},
      {"max_length", o.max_length},
      {"learnable_position_scale", o.learnable_position_scale},
      {"skip_padding_in_ffn", o.skip_padding_in_ffn},
  };
  // Written only when there is one, so that other models' files stay as they were.
  if (o.alignment_layer >= 0) json["alignment_layer"] = o.alignment_layer;
  if (o.reversed) json["direction"] = "en-vi";
  return json;
}

TransformerOptions transformerOptionsFromJson(const nlohmann::json& json) {
  if (!json.is_object()) throw std::invalid_argument("model options must be a JSON object");
  TransformerOptions o;
  readField(json, "vocab_size", o.vocab_size);
  readField(json, "pad_id", o.pad_id);
  readField(json, "unk_id", o.unk_id);
  readField(json, "bos_id", o.bos_id);
  readField(json, "eos_id", o.eos_id);
  readField(json, "encoder_layers", o.encoder_layers);
  readField(json, "decoder_layers", o.decoder_layers);
  readField(json, "d_model", o.d_model);
  readField(json, "heads", o.heads);
  readField(json, "d_ff", o.d_ff);
  readField(json, "dropout", o.dropout);
  readField(json, "attention_dropout", o.attention_dropout);
  readField(json, "relu_dropout", o.relu_dropout);
  std::string norm = toString(o.norm_position);
  readField(json, "norm_position", norm);
  o.norm_position = normPositionFromString(norm);
  readField(json, "max_length", o.max_length);
  readField(json, "learnable_position_scale", o.learnable_position_scale);
  readField(json, "skip_padding_in_ffn", o.skip_padding_in_ffn);
  readField(json, "alignment_layer", o.alignment_layer);
  std::string direction = o.reversed ? "en-vi" : "vi-en";
  readField(json, "direction", direction);
  if (direction != "vi-en" && direction != "en-vi")
    invalid("direction",
            "must be \"vi-en\" (Vietnamese to English) or \"en-vi\" (English to Vietnamese, for "
            "back-translation), got \"" +
                direction + "\"");
  o.reversed = direction == "en-vi";
  return o;
}

int64_t expectedParameterCount(const TransformerOptions& o) {
  const int64_t d = o.d_model, f = o.d_ff;
  const int64_t attention = 4 * d * d + 4 * d;   // query, key, value and output projections with biases
  const int64_t ffn = 2 * d * f + f + d;         // two linear layers with biases
  const int64_t norm = 2 * d;                    // LayerNorm gain and bias
  const int64_t encoder_layer = attention + ffn + 2 * norm;
  const int64_t decoder_layer = 2 * attention + ffn + 3 * norm;
  const bool pre = o.norm_position == NormPosition::Pre;  // a final norm after each stack
  return o.vocab_size * d + (o.learnable_position_scale ? 1 : 0) + o.encoder_layers * encoder_layer +
         o.decoder_layers * decoder_layer + (pre ? 2 * norm : 0);
}

bool operator==(const TransformerOptions& a, const TransformerOptions& b) {
  return toJson(a) == toJson(b);
}

bool sameShape(const TransformerOptions& a, const TransformerOptions& b) {
  auto plain = b;
  plain.alignment_layer = a.alignment_layer;
  return a == plain;
}

}  // namespace studio::model
