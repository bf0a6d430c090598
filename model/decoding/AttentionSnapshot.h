#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

// No LibTorch here: probes.rec's reader (and its fuzzer) use this type too.
namespace studio::model {

// What the decoder would predict after each of its blocks, read through the
// output layer as if the stack ended there (the "logit lens": nostalgebraist,
// 2020): stage r is block r % 3 (self-attention, cross-attention,
// feed-forward) of decoder layer r / 3; the last stage is the model's own
// prediction. Position t is the step that reads decoder input t.
struct DecoderLens {
  int64_t stages = 0, positions = 0, top = 0;  // R = 3 × decoder layers, T, K
  std::vector<std::string> top_pieces;         // [R, T, K], likeliest first
  std::vector<float> top_probabilities;        // [R, T, K]
  // [T]: the piece that came next in the translation (the end of sentence at the last position).
  std::vector<std::string> next_pieces;
  std::vector<float> next_probability;  // [R, T]
  std::vector<int64_t> next_rank;       // [R, T]: 1 = likeliest at that stage
  bool tuned = false;  // read through a tuned lens's maps (else as the states are: the logit lens)

  bool empty() const { return stages == 0; }
  static const char* blockName(int64_t stage);  // "self-attention", "cross-attention", "feed-forward"
  nlohmann::json toJson() const;
};

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
  // The decoder layer whose first cross-attention head was trained to align
  // (TransformerOptions::alignment_layer); -1: none.
  int64_t alignment_layer = -1;

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
  // Each decoder block's prediction, when captured with it (empty otherwise).
  DecoderLens lens;

  float encoderWeight(int64_t layer, int64_t head, int64_t q, int64_t k) const;
  float decoderWeight(int64_t layer, int64_t head, int64_t q, int64_t k) const;
  float crossWeight(int64_t layer, int64_t head, int64_t q, int64_t k) const;

  // The document `attention-studio-cli attention` prints; "vectors" when
  // captured and asked for; "lens" when captured.
  nlohmann::json toJson(bool vectors = true) const;
};

}  // namespace studio::model
