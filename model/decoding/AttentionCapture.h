#pragma once

#include <string>

#include "model/decoding/AttentionSnapshot.h"
#include "model/decoding/Translator.h"

namespace studio::model {

// Translates `sentence` (beam search with `options`), then runs the model
// once over the source and the translation, recording every layer and head.
// With `pad_to` > source length, the source is padded to that length, as if
// it sat in a batch with a longer sentence, so the padding mask shows.
// With `source_reliance`, each prediction's share of the source
// (SourceReliance.h) is computed too.
AttentionSnapshot captureAttention(const Translator& translator, const std::string& sentence,
                                   const DecodingOptions& options, int64_t pad_to = 0, bool source_reliance = true);

// The same for a translation already made (`best`, e.g. the first of an
// n-best list): the model runs once over the source and it.
AttentionSnapshot captureAttention(const Translator& translator, const std::string& sentence, const Translation& best,
                                   int64_t pad_to = 0, bool source_reliance = true);

}  // namespace studio::model
