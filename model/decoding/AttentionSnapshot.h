#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

// No LibTorch here: probes.rec's reader (and its fuzzer) use this type too.
namespace studio::model {

// Every attention weight of one sentence and its translation, as plain
// arrays (no tensors), with the token strings and the masks that applied:
// what the GUI's explorer draws and `attention-studio-cli attention` prints.
struct AttentionSnapshot {
  std::string source_text, translation;
  // The translation was given (teacher-forced: givenTranslation()), not the model's own.
  bool translation_given = false;
  // Each output piece's probability, then the end's when the translation
  // finished (empty when not known, as in the timelapse's records).
  std::vector<float> probabilities;
  std::vector<std::string> source_tokens;  // source pieces + "</s>" (+ "<pad>" when padded)
  std::vector<std::string> target_tokens;  // decoder inputs: "<s>" + output pieces
  int64_t encoder_layers = 0, decoder_layers = 0, heads = 0;
  int64_t source_length = 0, target_length = 0;  // S (padding included), T
  int64_t padding = 0;                           // pad tokens appended to the source

  // Row-major [layer][head][query][key].
  std::vector<float> encoder_self;  // [Le, H, S, S]
  std::vector<float> decoder_self;  // [Ld, H, T, T]
  std::vector<float> cross;         // [Ld, H, T, S]
  // 1 = masked (the query may not see that key).
  std::vector<uint8_t> encoder_mask;  // [S, S]
  std::vector<uint8_t> decoder_mask;  // [T, T]
  std::vector<uint8_t> cross_mask;    // [T, S]
  // How much the prediction at each decoder position drew on the source, 0..1
  // (decoding/SourceReliance.h, ALTI+); [T], or empty when not computed.
  std::vector<float> source_reliance;
  // What the weights are made of, when captured with vectors (empty
  // otherwise): each block's projected queries and keys, row-major
  // [layer][head][position][dimension]. A weight is the softmax, over the keys
  // its query may see, of query · key / sqrt(head_dim).
  int64_t head_dim = 0;
  std::vector<float> encoder_queries, encoder_keys;  // [Le, H, S, Dh] each
  std::vector<float> decoder_queries, decoder_keys;  // [Ld, H, T, Dh] each
  std::vector<float> cross_queries;                  // [Ld, H, T, Dh]
  std::vector<float> cross_keys;                     // [Ld, H, S, Dh]

  float encoderWeight(int64_t layer, int64_t head, int64_t q, int64_t k) const;
  float decoderWeight(int64_t layer, int64_t head, int64_t q, int64_t k) const;
  float crossWeight(int64_t layer, int64_t head, int64_t q, int64_t k) const;

  // The document `attention-studio-cli attention` prints; "vectors" when
  // captured and asked for.
  nlohmann::json toJson(bool vectors = true) const;
};

}  // namespace studio::model
