#pragma once

#include <string>
#include <vector>

#include "model/Transformer.h"

// Switching attention heads off at inference, to see what they do: a masked
// head's output is multiplied by zero before the output projection, so it
// adds exactly nothing to the layer (the projection's bias stays). The
// weights are not copied or changed; the mask lives in the attention modules
// while a ScopedHeadMask does.
namespace studio::model {

enum class AttentionKind { EncoderSelf, DecoderSelf, Cross };

struct HeadRef {
  AttentionKind kind = AttentionKind::EncoderSelf;
  int64_t layer = 0;  // counted from 0
  int64_t head = 0;   // counted from 0
};
bool operator==(const HeadRef& a, const HeadRef& b);

struct HeadMask {
  std::vector<HeadRef> off;  // the heads switched off

  bool empty() const { return off.empty(); }
  bool isOff(AttentionKind kind, int64_t layer, int64_t head) const;
  // Throws std::invalid_argument naming a head the model does not have.
  void validate(const TransformerOptions& options) const;

  // "enc:0:1,dec:2:0,cross:1:3" (kinds enc, dec, cross; layers and heads
  // from 0). Throws std::invalid_argument naming the item that is wrong.
  static HeadMask parse(const std::string& text);
  std::string toString() const;
};

std::string toString(AttentionKind kind);  // "enc", "dec", "cross"

// Prunes `mask`'s heads from `model` for good: their columns of the
// attention's output projection become zero, so each adds nothing to its
// layer whichever path decodes (the same translations as the mask), the
// inference engine skips their attention, and a CTranslate2 export carries
// them as they are. Throws std::invalid_argument as HeadMask::validate.
void pruneHeads(Transformer& model, const HeadMask& mask);

// The heads of `model` that are pruned: all of their output projection's
// columns zero.
HeadMask prunedHeads(const Transformer& model);

// Applies `mask` to `model` for as long as it lives; the model's heads are
// all on again after. One at a time on a model.
class ScopedHeadMask {
 public:
  ScopedHeadMask(Transformer& model, const HeadMask& mask);
  ~ScopedHeadMask();
  ScopedHeadMask(const ScopedHeadMask&) = delete;
  ScopedHeadMask& operator=(const ScopedHeadMask&) = delete;

 private:
  Transformer model_;
  bool applied_ = false;
};

}  // namespace studio::model
