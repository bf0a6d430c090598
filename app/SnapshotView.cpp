#include "app/SnapshotView.h"

#include <nlohmann/json.hpp>

#include "model/data/Text.h"
#include "model/explaining/Explanation.h"

namespace studio::app {

void fillView(AttentionView& view, const model::AttentionSnapshot& snap, bool with_json) {
  view.source = QString::fromStdString(snap.source_text);
  view.translation = QString::fromStdString(snap.translation);
  view.translationGiven = snap.translation_given;
  view.probabilities = toQVector(snap.probabilities);
  view.sourceTokens = toQStringList(snap.source_tokens);
  view.targetTokens = toQStringList(snap.target_tokens);
  view.encoderLayers = int(snap.encoder_layers);
  view.decoderLayers = int(snap.decoder_layers);
  view.heads = int(snap.heads);
  view.sourceLength = int(snap.source_length);
  view.targetLength = int(snap.target_length);
  view.padding = int(snap.padding);
  view.alignmentLayer = int(snap.alignment_layer);
  view.encoderSelf = toQVector(snap.encoder_self);
  view.decoderSelf = toQVector(snap.decoder_self);
  view.cross = toQVector(snap.cross);
  view.encoderMask = toQVector(snap.encoder_mask);
  view.decoderMask = toQVector(snap.decoder_mask);
  view.crossMask = toQVector(snap.cross_mask);
  view.sourceReliance = toQVector(snap.source_reliance);
  view.headDim = int(snap.head_dim);
  view.encoderQueries = toQVector(snap.encoder_queries);
  view.encoderKeys = toQVector(snap.encoder_keys);
  view.decoderQueries = toQVector(snap.decoder_queries);
  view.decoderKeys = toQVector(snap.decoder_keys);
  view.crossQueries = toQVector(snap.cross_queries);
  view.crossKeys = toQVector(snap.cross_keys);
  const auto& lens = snap.lens;
  view.lensStages = int(lens.stages);
  view.lensTop = int(lens.top);
  view.lensTopPieces = toQStringList(lens.top_pieces);
  view.lensTopProbabilities = toQVector(lens.top_probabilities);
  view.lensNextPieces = toQStringList(lens.next_pieces);
  view.lensNextProbability = toQVector(lens.next_probability);
  view.lensNextRank = QVector<qint64>(lens.next_rank.begin(), lens.next_rank.end());
  view.lensTuned = lens.tuned;
  if (with_json) view.json = QByteArray::fromStdString(snap.toJson(/*vectors=*/false).dump(1));
}

model::DecoderLens lensOf(const AttentionView& view) {
  model::DecoderLens lens;
  if (!view.hasLens()) return lens;
  auto strings = [](const QStringList& list) {
    std::vector<std::string> out;
    out.reserve(size_t(list.size()));
    for (const auto& s : list) out.push_back(s.toStdString());
    return out;
  };
  lens.stages = view.lensStages;
  lens.positions = view.lensNextPieces.size();
  lens.top = view.lensTop;
  lens.top_pieces = strings(view.lensTopPieces);
  lens.top_probabilities.assign(view.lensTopProbabilities.begin(), view.lensTopProbabilities.end());
  lens.next_pieces = strings(view.lensNextPieces);
  lens.next_probability.assign(view.lensNextProbability.begin(), view.lensNextProbability.end());
  lens.next_rank.assign(view.lensNextRank.begin(), view.lensNextRank.end());
  lens.tuned = view.lensTuned;
  return lens;
}

void fillGivenTranslationView(AttentionView& view, const model::Translator& translator,
                              const std::string& sentence, const std::string& target,
                              const model::DecodingOptions& decoding, const model::CaptureOptions& capture) {
  fillView(view,
           model::captureGivenTranslation(translator, sentence, target, decoding.length_penalty, capture),
           /*with_json=*/true);
  const auto own = translator.translate({sentence}, decoding).at(0);
  if (!own.empty()) {
    view.ownTranslation = QString::fromStdString(own[0].text);
    view.ownProbabilities = toQVector(own[0].probabilities);
  }
}

ExplanationReply explainSentence(const model::Translator& translator, const std::string& sentence,
                                 const ExplanationRequest& request, const model::DecodingOptions& decoding) {
  if (request.methods.isEmpty() || request.methods.size() > 2)
    throw std::invalid_argument("choose one or two explanation methods");
  ExplanationReply reply;
  reply.source = QString::fromStdString(sentence);
  model::ExplainRequest engine;
  engine.decoding = decoding;
  engine.attribution.layer = request.layer;
  engine.attribution.head = request.head;
  engine.attribution.steps = request.steps;
  engine.target = data::normalizeWhitespace(request.target.toStdString());
  nlohmann::json documents = nlohmann::json::array();
  for (const auto& method : request.methods) {
    engine.attribution.method = model::parseMethod(method.toStdString());
    // A contrast is asked of the methods that explain an output; the others show the plain scores.
    engine.contrast = model::explainsAnOutput(engine.attribution.method) ? request.contrast.toStdString() : "";
    const auto e = model::explain(translator, sentence, engine);
    engine.target = e.translation;  // the second method explains the same translation
    ExplanationView v;
    v.method = method;
    v.sourcePieces = toQStringList(e.source_pieces);
    v.prefixPieces = toQStringList(e.prefix_pieces);
    v.predictedPieces = toQStringList(e.predicted_pieces);
    const auto& scores = e.attribution.scores;
    v.scores = QVector<float>(scores.data_ptr<float>(), scores.data_ptr<float>() + scores.numel());
    v.probabilities = toQVector(e.attribution.probabilities);
    v.delta = toQVector(e.attribution.delta);
    v.gap = toQVector(e.attribution.gap);
    v.layer = request.layer;
    v.head = request.head;
    v.contrastRow = int(e.options.contrast_row);
    v.contrastPiece = QString::fromStdString(e.contrast_piece);
    if (reply.views.isEmpty()) reply.translation = QString::fromStdString(e.translation);
    documents.push_back(e.toJson(/*words=*/true));
    reply.views << v;
  }
  // One method: the document `explain --json --words` prints; two: {"explanations": [both]}.
  const auto json = documents.size() == 1 ? documents[0] : nlohmann::json{{"explanations", documents}};
  reply.json = QByteArray::fromStdString(json.dump(1));
  return reply;
}

}  // namespace studio::app
