#include "model/explaining/Patching.h"

#include <cmath>
#include <limits>
#include <map>
#include <optional>
#include <stdexcept>
#include <utility>

#include <nlohmann/json.hpp>

#include "model/explaining/AttributionPatching.h"

namespace studio::model {

namespace {

// A batch of P + 1 corrupted states [P + 1, P, D] with row p's position p
// taken from the clean pass's [1, P, D], and the last row's every position.
torch::Tensor patchedBatch(const torch::Tensor& corrupted, const torch::Tensor& clean) {
  const int64_t P = clean.size(1);
  auto options = torch::TensorOptions().dtype(torch::kBool).device(clean.device());
  auto chosen = torch::cat({torch::eye(P, options), torch::ones({1, P}, options)}, /*dim=*/0).unsqueeze(-1);
  return torch::where(chosen, clean.expand_as(corrupted), corrupted);
}

// The heads' outputs [P + 1, H, P, Dh] with head `head`'s patched as
// patchedBatch patches a state (the clean pass's [1, H, P, Dh]).
torch::Tensor patchedHeadBatch(const torch::Tensor& corrupted, const torch::Tensor& clean, int64_t head) {
  auto out = corrupted.clone();
  out.select(1, head).copy_(patchedBatch(corrupted.select(1, head), clean.select(1, head)));
  return out;
}

// A batch of `rows` copies of one sequence [1, ...].
torch::Tensor copies(const torch::Tensor& one, int64_t rows) {
  auto shape = one.sizes().vec();
  shape[0] = rows;
  return one.expand(shape).contiguous();
}

std::string spelled(const data::Tokenizer& tokenizer, const std::vector<int64_t>& ids) {
  std::string out;
  for (size_t i = 0; i + 1 < ids.size(); ++i) out += (out.empty() ? "" : " ") + tokenizer.piece(int(ids[i]));
  return out;
}

// The corrupted sentence's ids: its words through SentencePiece, a word "<unk>" the unknown piece.
std::vector<int64_t> corruptedIds(const data::Tokenizer& tokenizer, const std::string& text, int64_t unk_id) {
  static const std::string kUnk = "<unk>";
  std::vector<int64_t> ids;
  size_t at = 0;
  while (at <= text.size()) {
    size_t next = text.find(kUnk, at);
    const std::string part = text.substr(at, next == std::string::npos ? std::string::npos : next - at);
    for (int id : tokenizer.encode(part)) ids.push_back(id);
    if (next == std::string::npos) break;
    ids.push_back(unk_id);
    at = next + kUnk.size();
  }
  return ids;
}

nlohmann::json statesJson(const ActivationPatching& p, const PatchedStates& states) {
  nlohmann::json log_probabilities = nlohmann::json::array(), recovery = nlohmann::json::array();
  for (int64_t r = 0; r < states.rows_count(); ++r) {
    nlohmann::json lp_row = nlohmann::json::array(), recovery_row = nlohmann::json::array();
    for (int64_t c = 0; c <= states.positions; ++c) {
      std::vector<float> pieces;
      for (int64_t t = 0; t < states.pieces; ++t) pieces.push_back(states.at(r, c, t));
      lp_row.push_back(pieces);
      const double value = p.recovery(states, r, c);
      recovery_row.push_back(std::isnan(value) ? nlohmann::json(nullptr) : nlohmann::json(value));
    }
    log_probabilities.push_back(lp_row);
    recovery.push_back(recovery_row);
  }
  std::vector<std::string> names;
  for (const auto& row : states.rows) names.push_back(row.name());
  return {{"rows", names},
          {"positions", states.positions},
          {"log_probabilities", log_probabilities},
          {"recovery", recovery}};
}

}  // namespace

torch::Tensor predictionLogProbabilities(const torch::Tensor& logits, const torch::Tensor& predicted) {
  auto log_probabilities = torch::log_softmax(logits.to(torch::kFloat), /*dim=*/-1);
  auto index = predicted.view({1, -1, 1}).expand({logits.size(0), -1, 1});
  return log_probabilities.gather(/*dim=*/-1, index).squeeze(-1).to(torch::kCPU).contiguous();
}

PatchingTensors patchingTensors(Transformer& model, const std::vector<int64_t>& source,
                                const std::vector<int64_t>& corrupted, const std::vector<int64_t>& output) {
  const auto& o = model->options();
  if (source.empty()) throw std::invalid_argument("patching needs a source of at least one piece");
  if (source.size() != corrupted.size())
    throw std::invalid_argument("the corrupted source has " + std::to_string(corrupted.size()) +
                                " ids and the source " + std::to_string(source.size()) +
                                ": patching needs as many");
  if (source == corrupted) throw std::invalid_argument("the corrupted source is the source: change a piece");
  if (int64_t(source.size()) > o.max_length)
    throw std::invalid_argument("the source has " + std::to_string(source.size()) +
                                " ids; this model reads at most " + std::to_string(o.max_length));
  if (int64_t(output.size()) + 1 > o.max_length)
    throw std::invalid_argument("the translation has " + std::to_string(output.size()) +
                                " pieces; this model writes at most " + std::to_string(o.max_length - 1));
  for (const auto* ids : {&source, &corrupted, &output})
    for (int64_t id : *ids)
      if (id < 0 || id >= o.vocab_size)
        throw std::invalid_argument("id " + std::to_string(id) + " is outside the vocabulary (" +
                                    std::to_string(o.vocab_size) + " pieces)");
  const auto device = model->embeddingWeight().device();
  std::vector<int64_t> target_in{o.bos_id}, predicted(output);
  target_in.insert(target_in.end(), output.begin(), output.end());
  predicted.push_back(o.eos_id);
  const auto as_row = [&](const std::vector<int64_t>& ids) {
    return torch::tensor(ids, torch::kLong).unsqueeze(0).to(device);
  };
  return {as_row(source),         as_row(corrupted),
          as_row(target_in),      torch::tensor(predicted, torch::kLong).to(device),
          int64_t(source.size()), int64_t(output.size()) + 1};
}

void patchingRows(const TransformerOptions& o, const PatchingOptions& options,
                  std::vector<PatchedStates::Row>* encoder_rows,
                  std::vector<PatchedStates::Row>* decoder_rows) {
  using Site = AttentionMaps::Site;
  *encoder_rows = {{Site::EncoderInput, 0, "embeddings"}};
  decoder_rows->clear();
  // A block's row, then (an attention's, when asked) a row each of its heads.
  const auto addRows = [&](std::vector<PatchedStates::Row>& rows, Site site, int64_t layer, const char* part,
                           std::optional<Site> heads) {
    rows.push_back({site, layer, part});
    if (heads && options.heads)
      for (int64_t h = 0; h < o.heads; ++h) rows.push_back({*heads, layer, part, h});
  };
  for (int64_t l = 0; l < o.encoder_layers; ++l) {
    addRows(*encoder_rows, Site::EncoderSelfAttention, l, "self-attention", Site::EncoderSelfAttentionHeads);
    addRows(*encoder_rows, Site::EncoderFeedForward, l, "feed-forward", std::nullopt);
    addRows(*encoder_rows, Site::EncoderLayer, l, "layer", std::nullopt);
  }
  for (int64_t l = 0; l < o.decoder_layers; ++l) {
    addRows(*decoder_rows, Site::DecoderSelfAttention, l, "self-attention", Site::DecoderSelfAttentionHeads);
    addRows(*decoder_rows, Site::DecoderCrossAttention, l, "cross-attention",
            Site::DecoderCrossAttentionHeads);
    addRows(*decoder_rows, Site::DecoderFeedForward, l, "feed-forward", std::nullopt);
    addRows(*decoder_rows, Site::DecoderLayer, l, "layer", std::nullopt);
  }
}

std::string PatchedStates::Row::name() const {
  if (part == "embeddings") return part;
  return "layer " + std::to_string(layer + 1) + (part == "layer" ? "" : " " + part) +
         (head >= 0 ? " head " + std::to_string(head + 1) : "");
}

double PatchedStates::logProbability(int64_t row, int64_t column, int64_t piece) const {
  if (piece >= 0) return at(row, column, piece);
  double sum = 0;
  for (int64_t t = 0; t < pieces; ++t) sum += at(row, column, t);
  return sum;
}

double ActivationPatching::cleanLogProbability(int64_t piece) const {
  if (piece >= 0) return clean.at(size_t(piece));
  double sum = 0;
  for (float v : clean) sum += v;
  return sum;
}

double ActivationPatching::corruptedLogProbability(int64_t piece) const {
  if (piece >= 0) return corrupted.at(size_t(piece));
  double sum = 0;
  for (float v : corrupted) sum += v;
  return sum;
}

double ActivationPatching::recovery(const PatchedStates& states, int64_t row, int64_t column,
                                    int64_t piece) const {
  const double clean_lp = cleanLogProbability(piece), corrupted_lp = corruptedLogProbability(piece);
  const double low = noising ? clean_lp : corrupted_lp, change = (noising ? corrupted_lp : clean_lp) - low;
  if (std::abs(change) < kLeastChange) return std::numeric_limits<double>::quiet_NaN();
  return (states.logProbability(row, column, piece) - low) / change;
}

nlohmann::json ActivationPatching::toJson() const {
  return {{"source_text", source_text},
          {"corrupted_text", corrupted_text},
          {"translation", translation},
          {"corrupted_translation", corrupted_translation},
          {"direction", noising ? "noising" : "denoising"},
          {"method", estimated ? "attribution" : "exact"},
          {"source", source_pieces},
          {"corrupted", corrupted_pieces},
          {"prefix", prefix_pieces},
          {"predicted", predicted_pieces},
          {"clean_log_probabilities", clean},
          {"corrupted_log_probabilities", corrupted},
          {"encoder", statesJson(*this, encoder)},
          {"decoder", statesJson(*this, decoder)}};
}

ActivationPatching patchActivations(Transformer& model, const std::vector<int64_t>& source,
                                    const std::vector<int64_t>& corrupted, const std::vector<int64_t>& output,
                                    const PatchingOptions& options) {
  if (options.estimate) return estimatePatching(model, source, corrupted, output, options);
  const auto& o = model->options();
  torch::NoGradGuard no_grad;
  const auto tensors = patchingTensors(model, source, corrupted, output);
  const int64_t S = tensors.S, T = tensors.T;
  const auto &src = tensors.source, &cor = tensors.corrupted, &tgt = tensors.target_in,
             &next = tensors.predicted;

  using Site = AttentionMaps::Site;
  std::vector<PatchedStates::Row> encoder_rows, decoder_rows;
  patchingRows(o, options, &encoder_rows, &decoder_rows);

  // Denoising reads the corrupted sentence with the clean pass's states put in; noising the other way.
  const auto& giving = options.noising ? cor : src;
  const auto& receiving = options.noising ? src : cor;
  // The pass the states come from, every state it patches in kept.
  std::map<std::pair<Site, int64_t>, torch::Tensor> kept_states;
  AttentionMaps keep;
  keep.weights = false;
  keep.patch = [&](Site site, int64_t layer, const torch::Tensor& state) {
    kept_states[{site, layer}] = state;
    return state;
  };
  ActivationPatching out;
  out.noising = options.noising;
  const auto kept = predictionLogProbabilities(model->forward(giving, tgt, &keep), next);
  const auto other = predictionLogProbabilities(model->forward(receiving, tgt), next);
  const auto& clean = options.noising ? other : kept;
  const auto& dirty = options.noising ? kept : other;
  out.clean.assign(clean.data_ptr<float>(), clean.data_ptr<float>() + T);
  out.corrupted.assign(dirty.data_ptr<float>(), dirty.data_ptr<float>() + T);

  // One pass a site (a head), each of its positions (and all of them) a row of the batch.
  const auto patching = [&](const PatchedStates::Row& row) {
    AttentionMaps maps;
    maps.weights = false;
    maps.patch = [&row, &from = kept_states.at({row.site, row.layer})](Site site, int64_t layer,
                                                                       const torch::Tensor& state) {
      if (site != row.site || layer != row.layer) return state;
      return row.head >= 0 ? patchedHeadBatch(state, from, row.head) : patchedBatch(state, from);
    };
    return maps;
  };
  const auto keepRows = [](PatchedStates& states, const torch::Tensor& rows) {
    states.log_probabilities.insert(states.log_probabilities.end(), rows.data_ptr<float>(),
                                    rows.data_ptr<float>() + rows.numel());
  };

  out.encoder.rows = encoder_rows;
  out.encoder.positions = S;
  out.encoder.pieces = T;
  for (const auto& row : out.encoder.rows) {
    auto maps = patching(row);
    keepRows(out.encoder, predictionLogProbabilities(
                              model->forward(copies(receiving, S + 1), copies(tgt, S + 1), &maps), next));
  }

  out.decoder.rows = decoder_rows;
  out.decoder.positions = T;
  out.decoder.pieces = T;
  const auto memory = copies(model->encode(receiving), T + 1);
  for (const auto& row : out.decoder.rows) {
    auto maps = patching(row);
    auto hidden = model->decode(copies(tgt, T + 1), memory, copies(receiving, T + 1), &maps);
    keepRows(out.decoder, predictionLogProbabilities(model->project(hidden), next));
  }
  return out;
}

ActivationPatching patchActivations(const Translator& translator, const std::string& sentence,
                                    const PatchingRequest& request) {
  auto model = translator.modelHandle();
  const auto& o = model->options();
  const auto& tokenizer = translator.tokenizer();
  const auto pieces = tokenizer.encode(sentence);
  if (pieces.empty()) throw std::invalid_argument("there is nothing to patch: the sentence has no pieces");
  if (int64_t(pieces.size()) > o.max_length - 1)
    throw std::invalid_argument("the sentence has " + std::to_string(pieces.size()) +
                                " pieces; this model reads at most " + std::to_string(o.max_length - 1));
  std::vector<int64_t> source(pieces.begin(), pieces.end());
  source.push_back(o.eos_id);
  auto corrupted = corruptedIds(tokenizer, request.corrupted, o.unk_id);
  if (corrupted.empty())
    throw std::invalid_argument("the corrupted sentence is empty: write the sentence with a word changed");
  corrupted.push_back(o.eos_id);
  if (corrupted.size() != source.size())
    throw std::invalid_argument(
        "the corrupted sentence has " + std::to_string(corrupted.size() - 1) + " pieces (" +
        spelled(tokenizer, corrupted) + ") and the sentence " + std::to_string(source.size() - 1) + " (" +
        spelled(tokenizer, source) +
        "): patching puts one pass's state in the other's place, so both need as many; change a word for one "
        "of as many pieces, or write <unk> for each piece of a word");
  if (corrupted == source)
    throw std::invalid_argument("the corrupted sentence is the sentence, piece for piece: change a word");

  std::vector<int64_t> output;
  std::string translation;
  if (request.target.empty()) {
    auto results = translator.translate({sentence}, request.decoding);
    if (results.empty() || results[0].empty()) throw std::runtime_error("the model gave no translation");
    translation = results[0][0].text;
    output = results[0][0].ids;
  } else {
    translation = request.target;
    output = translator.encodeTarget(request.target, "the translation");
  }

  auto out = patchActivations(model, source, corrupted, output, request.patching);
  out.source_text = sentence;
  out.corrupted_text = request.corrupted;
  out.translation = translation;
  for (int64_t id : source) out.source_pieces.push_back(tokenizer.piece(int(id)));
  for (int64_t id : corrupted) out.corrupted_pieces.push_back(tokenizer.piece(int(id)));
  out.prefix_pieces.push_back(tokenizer.piece(int(o.bos_id)));
  for (int64_t id : output) {
    out.prefix_pieces.push_back(tokenizer.piece(int(id)));
    out.predicted_pieces.push_back(tokenizer.piece(int(id)));
  }
  out.predicted_pieces.push_back(tokenizer.piece(int(o.eos_id)));

  // What the model makes of the corrupted sentence itself (its own search, the first model alone).
  auto decoding = request.decoding;
  decoding.nbest = 1;
  auto hypotheses = beamSearch(
      model, torch::tensor(corrupted, torch::kLong).unsqueeze(0).to(translator.device()), decoding);
  if (!hypotheses.empty() && !hypotheses[0].empty())
    out.corrupted_translation =
        tokenizer.decode(std::vector<int>(hypotheses[0][0].tokens.begin(), hypotheses[0][0].tokens.end()));
  return out;
}

}  // namespace studio::model
