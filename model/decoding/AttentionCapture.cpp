#include "model/decoding/AttentionCapture.h"

#include "model/Masks.h"
#include "model/decoding/PairScoring.h"
#include "model/decoding/SourceReliance.h"
#include "model/explaining/LogitLens.h"

namespace studio::model {

namespace {

std::vector<float> flatten(const std::vector<torch::Tensor>& per_layer) {
  // per layer [1, H, Q, K] -> [L, H, Q, K] as floats
  auto stacked = torch::cat(per_layer, /*dim=*/0).to(torch::kCPU).to(torch::kFloat).contiguous();
  return std::vector<float>(stacked.data_ptr<float>(), stacked.data_ptr<float>() + stacked.numel());
}

// One of each block's vectors (its queries or its keys), per layer [1, H, T, Dh] -> [L, H, T, Dh].
std::vector<float> flatten(const std::vector<AttentionVectors>& per_layer,
                           torch::Tensor AttentionVectors::*which) {
  std::vector<torch::Tensor> tensors;
  for (const auto& block : per_layer) tensors.push_back(block.*which);
  return flatten(tensors);
}

std::vector<uint8_t> maskToBytes(const torch::Tensor& mask, int64_t rows, int64_t cols) {
  auto m = mask.expand({1, 1, rows, cols}).reshape({rows, cols}).to(torch::kCPU).to(torch::kUInt8).contiguous();
  return std::vector<uint8_t>(m.data_ptr<uint8_t>(), m.data_ptr<uint8_t>() + m.numel());
}

}  // namespace

AttentionSnapshot captureAttention(const Translator& translator, const std::string& sentence,
                                   const DecodingOptions& options, const CaptureOptions& capture) {
  auto results = translator.translate({sentence}, options);
  return captureAttention(translator, sentence, results.at(0).empty() ? Translation{} : results[0][0],
                          capture);
}

AttentionSnapshot captureAttention(const Translator& translator, const std::string& sentence,
                                   const Translation& best, const CaptureOptions& capture) {
  const int64_t pad_to = capture.pad_to;
  auto model = translator.modelHandle();
  const auto& o = model->options();
  const auto& tokenizer = translator.tokenizer();
  AttentionSnapshot snap;
  snap.source_text = sentence;
  snap.translation = best.text;
  snap.probabilities = best.probabilities;

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
  maps.vectors = capture.vectors;
  maps.block_outputs = capture.lens_top > 0;
  model->eval();
  model(src, tgt, &maps);

  snap.encoder_layers = int64_t(maps.encoder_self.size());
  snap.decoder_layers = int64_t(maps.decoder_self.size());
  snap.heads = o.heads;
  snap.alignment_layer = o.alignment_layer;
  snap.source_length = src.size(1);
  snap.target_length = tgt.size(1);
  snap.encoder_self = flatten(maps.encoder_self);
  snap.decoder_self = flatten(maps.decoder_self);
  snap.cross = flatten(maps.cross);
  const auto S = snap.source_length, T = snap.target_length;
  snap.encoder_mask = maskToBytes(paddingMask(src, o.pad_id), S, S);
  snap.decoder_mask = maskToBytes(decoderSelfMask(tgt, o.pad_id), T, T);
  snap.cross_mask = maskToBytes(paddingMask(src, o.pad_id), T, S);
  if (capture.vectors) {
    snap.head_dim = o.d_model / o.heads;
    snap.encoder_queries = flatten(maps.encoder_self_vectors, &AttentionVectors::queries);
    snap.encoder_keys = flatten(maps.encoder_self_vectors, &AttentionVectors::keys);
    snap.decoder_queries = flatten(maps.decoder_self_vectors, &AttentionVectors::queries);
    snap.decoder_keys = flatten(maps.decoder_self_vectors, &AttentionVectors::keys);
    snap.cross_queries = flatten(maps.cross_vectors, &AttentionVectors::queries);
    snap.cross_keys = flatten(maps.cross_vectors, &AttentionVectors::keys);
  }
  if (capture.lens_top > 0) {
    // Each position is followed by the next decoder input, the last by the end.
    std::vector<int64_t> next(target.begin() + 1, target.end());
    next.push_back(o.eos_id);
    snap.lens = decoderLens(model, maps.decoder_block_outputs, next, tokenizer, capture.lens_top,
                            capture.tuned_lens.get());
  }
  // On the sentence itself: padding would only add inputs that contribute nothing.
  if (capture.source_reliance)
    snap.source_reliance = sourceReliance(model, src.slice(/*dim=*/1, 0, real_length), tgt).source_share;
  return snap;
}

AttentionSnapshot captureGivenTranslation(const Translator& translator, const std::string& sentence,
                                          const std::string& text, double alpha,
                                          const CaptureOptions& capture) {
  auto snap =
      captureAttention(translator, sentence, givenTranslation(translator, sentence, text, alpha), capture);
  snap.translation_given = true;
  return snap;
}

}  // namespace studio::model
