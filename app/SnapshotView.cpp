#include "app/SnapshotView.h"

#include <nlohmann/json.hpp>

namespace studio::app {

void fillView(AttentionView& view, const model::AttentionSnapshot& snap, bool with_json) {
  view.source = QString::fromStdString(snap.source_text);
  view.translation = QString::fromStdString(snap.translation);
  view.sourceTokens = toQStringList(snap.source_tokens);
  view.targetTokens = toQStringList(snap.target_tokens);
  view.encoderLayers = int(snap.encoder_layers);
  view.decoderLayers = int(snap.decoder_layers);
  view.heads = int(snap.heads);
  view.sourceLength = int(snap.source_length);
  view.targetLength = int(snap.target_length);
  view.padding = int(snap.padding);
  view.encoderSelf = toQVector(snap.encoder_self);
  view.decoderSelf = toQVector(snap.decoder_self);
  view.cross = toQVector(snap.cross);
  view.encoderMask = toQVector(snap.encoder_mask);
  view.decoderMask = toQVector(snap.decoder_mask);
  view.crossMask = toQVector(snap.cross_mask);
  view.sourceReliance = toQVector(snap.source_reliance);
  if (with_json) view.json = QByteArray::fromStdString(snap.toJson().dump(1));
}

}  // namespace studio::app
