#pragma once

#include <cstdint>
#include <string>

#include <nlohmann/json_fwd.hpp>

namespace studio::model {

// Where layer normalization sits relative to each residual connection.
// Post: x = norm(x + sublayer(x)), as in the paper.
// Pre:  x = x + sublayer(norm(x)), with a final norm after each stack.
enum class NormPosition { Post, Pre };

std::string toString(NormPosition position);
NormPosition normPositionFromString(const std::string& text);  // "post" | "pre"

// Everything that fixes the shape of a Transformer. Validated once, at model
// construction, with messages that name the field.
struct TransformerOptions {
  int64_t vocab_size = 8000;  // one joint vocabulary, one tied embedding
  int64_t pad_id = 0;
  int64_t unk_id = 1;
  int64_t bos_id = 2;
  int64_t eos_id = 3;

  int64_t encoder_layers = 6;
  int64_t decoder_layers = 6;
  int64_t d_model = 512;
  int64_t heads = 8;
  int64_t d_ff = 2048;

  double dropout = 0.1;            // residual dropout (sublayer outputs, embeddings)
  double attention_dropout = 0.0;  // on attention probabilities
  double relu_dropout = 0.0;       // inside the feed-forward, after the ReLU

  NormPosition norm_position = NormPosition::Post;
  int64_t max_length = 1024;  // rows of the sinusoidal table
  bool learnable_position_scale = false;
  bool skip_padding_in_ffn = true;  // gather non-pad rows before the feed-forward
  // The decoder layer whose first cross-attention head was trained to align
  // words (guided alignment, training/GuidedAlignment.h), from 0; -1: none.
  // Decoding reads word alignments from that head. Not part of the shape.
  int64_t alignment_layer = -1;
  // Trained English → Vietnamese (JSON "direction": "en-vi"), the other way
  // round from the product's translator: a model for back-translation, which
  // turns English text into synthetic Vietnamese sources (BackTranslation.h).
  // Not part of the shape; an ensemble's models share it.
  bool reversed = false;

  // Throws std::invalid_argument naming the first offending field.
  void validate() const;

  int64_t headDim() const { return d_model / heads; }
  const char* sourceLanguage() const { return reversed ? "English" : "Vietnamese"; }
  const char* targetLanguage() const { return reversed ? "Vietnamese" : "English"; }
};

// JSON round trip. fromJson throws std::invalid_argument naming the field
// whose type or value is wrong; missing fields keep their defaults.
nlohmann::json toJson(const TransformerOptions& options);
TransformerOptions transformerOptionsFromJson(const nlohmann::json& json);

bool operator==(const TransformerOptions& a, const TransformerOptions& b);
// The same shape and weights' meaning, whether or not a head was trained to
// align (the direction must agree).
bool sameShape(const TransformerOptions& a, const TransformerOptions& b);

// The number of parameters a Transformer of these options has, without
// building it (for disk and memory estimates); equal to parameterCount().
int64_t expectedParameterCount(const TransformerOptions& o);
inline bool operator!=(const TransformerOptions& a, const TransformerOptions& b) { return !(a == b); }

}  // namespace studio::model
