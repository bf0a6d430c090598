#pragma once

#include <memory>
#include <string>

#include "model/decoding/AttentionSnapshot.h"
#include "model/decoding/Translator.h"

namespace studio::model {

struct TunedLens;  // explaining/TunedLens.h

// What a capture records besides the weights and masks.
struct CaptureOptions {
  // With `pad_to` > the source's length, the source is padded to that length,
  // as if it sat in a batch with a longer sentence, so the padding mask shows.
  int64_t pad_to = 0;
  // Each prediction's share of the source (SourceReliance.h).
  bool source_reliance = true;
  // Each block's projected queries and keys (AttentionSnapshot's vectors).
  bool vectors = false;
  // > 0: what each decoder block would predict (AttentionSnapshot::lens),
  // the `lens_top` likeliest pieces at each.
  int64_t lens_top = 0;
  // With lens_top: read each block through this tuned lens's maps (the
  // tuned lens, explaining/TunedLens.h; it must fit the model) instead of
  // as it is (the logit lens).
  std::shared_ptr<const TunedLens> tuned_lens = nullptr;
};

// Translates `sentence` (beam search with `options`), then runs the model
// once over the source and the translation, recording every layer and head.
AttentionSnapshot captureAttention(const Translator& translator, const std::string& sentence,
                                   const DecodingOptions& options, const CaptureOptions& capture = {});

// The same for a translation already made (`best`, e.g. the first of an
// n-best list): the model runs once over the source and it.
AttentionSnapshot captureAttention(const Translator& translator, const std::string& sentence,
                                   const Translation& best, const CaptureOptions& capture = {});

// The same for a translation given as text, read by the model instead of
// its own (givenTranslation(), scored with GNMT's `alpha`): the snapshot says
// so (translation_given). Throws std::invalid_argument when it is empty or the
// pair does not fit the model's positions.
AttentionSnapshot captureGivenTranslation(const Translator& translator, const std::string& sentence,
                                          const std::string& text, double alpha,
                                          const CaptureOptions& capture = {});

}  // namespace studio::model
