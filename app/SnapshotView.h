#pragma once

// The engine's values as the GUI's (for the app's own sources only: it
// includes the engine): vectors, strings and the attention snapshot.
#include "app/translation/TranslationService.h"
#include "model/decoding/AttentionCapture.h"
#include "model/decoding/Translator.h"

namespace studio::app {

template <typename T>
QVector<T> toQVector(const std::vector<T>& v) {
  return QVector<T>(v.begin(), v.end());
}

inline QStringList toQStringList(const std::vector<std::string>& v) {
  QStringList list;
  list.reserve(qsizetype(v.size()));
  for (const auto& s : v) list << QString::fromStdString(s);
  return list;
}

// Copies every weight, token, mask and vector; with_json also the document
// that `attention-studio-cli attention` prints (without --vectors).
void fillView(AttentionView& view, const model::AttentionSnapshot& snap, bool with_json);

// The view's logit lens as the engine's (the reverse of fillView's copy of it).
model::DecoderLens lensOf(const AttentionView& view);

// Captures `sentence` with the translation `target` read by the model
// (model::captureGivenTranslation) into `view`, with the model's own
// translation (decoded with `decoding`) beside it. Throws
// std::invalid_argument when the pair does not fit the model.
void fillGivenTranslationView(AttentionView& view, const model::Translator& translator,
                              const std::string& sentence, const std::string& target,
                              const model::DecodingOptions& decoding, const model::CaptureOptions& capture);

// Explains `sentence` with each method of `request` (model::explain): the
// first translates it with `decoding`, the others explain that translation.
ExplanationReply explainSentence(const model::Translator& translator, const std::string& sentence,
                                 const ExplanationRequest& request, const model::DecodingOptions& decoding);

}  // namespace studio::app
