#include "model/decoding/HeadMask.h"

#include <functional>
#include <sstream>
#include <stdexcept>

#include "model/MultiHeadAttention.h"

namespace studio::model {

namespace {

// The attention module of (kind, layer), by its registered name.
MultiHeadAttentionImpl* attentionOf(Transformer& model, AttentionKind kind, int64_t layer) {
  const std::string name = (kind == AttentionKind::EncoderSelf ? "encoder.layers." : "decoder.layers.") +
                           std::to_string(layer) + (kind == AttentionKind::Cross ? ".cross_attn" : ".self_attn");
  for (const auto& item : model->named_modules()) {
    if (item.key() == name) return item.value()->as<MultiHeadAttentionImpl>();
  }
  return nullptr;
}

void forEachAttention(Transformer& model, const std::function<void(MultiHeadAttentionImpl&, AttentionKind, int64_t)>& f) {
  const auto& o = model->options();
  for (int64_t l = 0; l < o.encoder_layers; ++l)
    if (auto* a = attentionOf(model, AttentionKind::EncoderSelf, l)) f(*a, AttentionKind::EncoderSelf, l);
  for (int64_t l = 0; l < o.decoder_layers; ++l) {
    if (auto* a = attentionOf(model, AttentionKind::DecoderSelf, l)) f(*a, AttentionKind::DecoderSelf, l);
    if (auto* a = attentionOf(model, AttentionKind::Cross, l)) f(*a, AttentionKind::Cross, l);
  }
}

}  // namespace

bool operator==(const HeadRef& a, const HeadRef& b) {
  return a.kind == b.kind && a.layer == b.layer && a.head == b.head;
}

std::string toString(AttentionKind kind) {
  switch (kind) {
    case AttentionKind::EncoderSelf: return "enc";
    case AttentionKind::DecoderSelf: return "dec";
    case AttentionKind::Cross: return "cross";
  }
  return "?";
}

bool HeadMask::isOff(AttentionKind kind, int64_t layer, int64_t head) const {
  for (const auto& h : off)
    if (h == HeadRef{kind, layer, head}) return true;
  return false;
}

void HeadMask::validate(const TransformerOptions& o) const {
  for (const auto& h : off) {
    const int64_t layers = h.kind == AttentionKind::EncoderSelf ? o.encoder_layers : o.decoder_layers;
    const std::string item = model::toString(h.kind) + ":" + std::to_string(h.layer) + ":" + std::to_string(h.head);
    if (h.layer < 0 || h.layer >= layers)
      throw std::invalid_argument("head mask '" + item + "': the model has " + std::to_string(layers) + " " +
                                  (h.kind == AttentionKind::EncoderSelf ? "encoder" : "decoder") +
                                  " layers (0 to " + std::to_string(layers - 1) + ")");
    if (h.head < 0 || h.head >= o.heads)
      throw std::invalid_argument("head mask '" + item + "': the model has " + std::to_string(o.heads) +
                                  " heads a layer (0 to " + std::to_string(o.heads - 1) + ")");
  }
}

HeadMask HeadMask::parse(const std::string& text) {
  HeadMask mask;
  std::stringstream items(text);
  std::string item;
  while (std::getline(items, item, ',')) {
    if (item.empty()) continue;
    auto bad = [&](const std::string& why) {
      return std::invalid_argument("head mask '" + item + "': " + why + " (write KIND:LAYER:HEAD, KIND enc, dec or cross)");
    };
    const auto first = item.find(':'), second = item.find(':', first == std::string::npos ? first : first + 1);
    if (first == std::string::npos || second == std::string::npos) throw bad("not three fields");
    const std::string kind = item.substr(0, first);
    HeadRef ref;
    if (kind == "enc") ref.kind = AttentionKind::EncoderSelf;
    else if (kind == "dec") ref.kind = AttentionKind::DecoderSelf;
    else if (kind == "cross") ref.kind = AttentionKind::Cross;
    else throw bad("unknown kind '" + kind + "'");
    auto number = [&](const std::string& field) {
      if (field.empty() || field.size() > 6 || field.find_first_not_of("0123456789") != std::string::npos)
        throw bad("'" + field + "' is not a number");
      return std::stoll(field);
    };
    ref.layer = number(item.substr(first + 1, second - first - 1));
    ref.head = number(item.substr(second + 1));
    if (!mask.isOff(ref.kind, ref.layer, ref.head)) mask.off.push_back(ref);
  }
  return mask;
}

std::string HeadMask::toString() const {
  std::string text;
  for (const auto& h : off) {
    if (!text.empty()) text += ',';
    text += model::toString(h.kind) + ":" + std::to_string(h.layer) + ":" + std::to_string(h.head);
  }
  return text;
}

ScopedHeadMask::ScopedHeadMask(Transformer& model, const HeadMask& mask) : model_(model) {
  if (mask.empty()) return;
  mask.validate(model->options());
  const int64_t heads = model->options().heads;
  forEachAttention(model_, [&](MultiHeadAttentionImpl& attention, AttentionKind kind, int64_t layer) {
    std::vector<float> keep(size_t(heads), 1.0f);
    bool any = false;
    for (int64_t h = 0; h < heads; ++h)
      if (mask.isOff(kind, layer, h)) keep[size_t(h)] = 0.0f, any = true;
    if (any) attention.setHeadKeep(torch::tensor(keep));
  });
  applied_ = true;
}

ScopedHeadMask::~ScopedHeadMask() {
  if (!applied_) return;
  forEachAttention(model_, [](MultiHeadAttentionImpl& attention, AttentionKind, int64_t) {
    attention.setHeadKeep(torch::Tensor());
  });
}

namespace {

// The [D, D] output projection's weight of (kind, layer).
torch::Tensor outputProjection(const Transformer& model, AttentionKind kind, int64_t layer) {
  const std::string name = (kind == AttentionKind::EncoderSelf ? "encoder.layers." : "decoder.layers.") +
                           std::to_string(layer) + (kind == AttentionKind::Cross ? ".cross_attn" : ".self_attn") +
                           ".out_proj.weight";
  const auto params = model->named_parameters(/*recurse=*/true);  // find() points into it: kept alive
  const auto* found = params.find(name);
  if (!found) throw std::logic_error("the model has no parameter '" + name + "'");
  return *found;
}

}  // namespace

void pruneHeads(Transformer& model, const HeadMask& mask) {
  mask.validate(model->options());
  const int64_t dh = model->options().headDim();
  torch::NoGradGuard no_grad;
  for (const auto& head : mask.off)
    outputProjection(model, head.kind, head.layer).narrow(1, head.head * dh, dh).zero_();
}

HeadMask prunedHeads(const Transformer& model) {
  const auto& o = model->options();
  const int64_t dh = o.headDim();
  HeadMask pruned;
  auto look = [&](AttentionKind kind, int64_t layer) {
    const auto weight = outputProjection(model, kind, layer);
    for (int64_t h = 0; h < o.heads; ++h)
      if (!weight.narrow(1, h * dh, dh).any().item<bool>()) pruned.off.push_back({kind, layer, h});
  };
  for (int64_t l = 0; l < o.encoder_layers; ++l) look(AttentionKind::EncoderSelf, l);
  for (int64_t l = 0; l < o.decoder_layers; ++l) {
    look(AttentionKind::DecoderSelf, l);
    look(AttentionKind::Cross, l);
  }
  return pruned;
}

}  // namespace studio::model
