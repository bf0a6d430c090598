#include "model/decoding/WordAlignment.h"

#include <algorithm>
#include <cstdio>
#include <numeric>
#include <stdexcept>

#include <torch/torch.h>

#include "model/data/Text.h"
#include "model/data/Tokenizer.h"
#include "model/decoding/AttentionMaps.h"
#include "model/decoding/PairScoring.h"

namespace studio::model {

PieceWords piecesIntoWords(const std::vector<std::string>& pieces, PieceText text) {
  using data::kWordStart;
  PieceWords out;
  bool mark_alone = false;     // the last word so far is a bare word-start mark
  bool after_unknown = false;  // decoded: the last piece was an unknown one, a word of its own
  for (const auto& piece : pieces) {
    if (piece == "<s>" || piece == "</s>" || piece == "<pad>") {  // decoded as nothing
      out.group.push_back(-1);
      continue;
    }
    const bool unknown = piece == "<unk>";
    const bool starts = piece.rfind(kWordStart, 0) == 0;
    const bool apart = text == PieceText::Decoded && (unknown || after_unknown);
    if (out.words.empty() || ((starts || apart) && !mark_alone)) out.words.emplace_back();
    if (unknown && text == PieceText::Decoded)
      out.words.back() += "\xe2\x81\x87";  // U+2047, as SentencePiece decodes it
    else
      out.words.back() += starts ? piece.substr(kWordStart.size()) : piece;
    mark_alone = starts && piece.size() == kWordStart.size() && out.words.back().empty();
    after_unknown = unknown;
    out.group.push_back(int(out.words.size()) - 1);
  }
  // A bare mark at the end (a translation cut at its length limit) is no word.
  if (!out.words.empty() && out.words.back().empty()) {
    for (int& g : out.group)
      if (g == int(out.words.size()) - 1) g = -1;
    out.words.pop_back();
  }
  return out;
}

std::vector<std::pair<int, int>> WordAlignment::links(double threshold) const {
  std::vector<std::pair<int, int>> out;
  for (size_t t = 0; t < weights.size(); ++t) {
    const auto& row = weights[t];
    if (row.empty()) continue;
    if (threshold > 0) {
      for (size_t s = 0; s < row.size(); ++s)
        if (row[s] >= threshold) out.emplace_back(int(s), int(t));
    } else {
      const auto best = std::max_element(row.begin(), row.end());
      if (*best > 0) out.emplace_back(int(best - row.begin()), int(t));
    }
  }
  return out;
}

std::vector<std::pair<int, int>> WordAlignment::unionLinks() const {
  auto out = links();
  // Each source word's strongest target word: the column's largest weight.
  const size_t sources = weights.empty() ? 0 : weights.front().size();
  for (size_t s = 0; s < sources; ++s) {
    size_t best = 0;
    for (size_t t = 1; t < weights.size(); ++t)
      if (weights[t][s] > weights[best][s]) best = t;
    if (weights[best][s] > 0) out.emplace_back(int(s), int(best));
  }
  std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) {
    return std::make_pair(a.second, a.first) < std::make_pair(b.second, b.first);
  });
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

WordAlignment alignPieces(const std::vector<std::string>& source_pieces,
                          const std::vector<std::string>& target_pieces, const torch::Tensor& cross,
                          bool shifted) {
  const auto S = int64_t(source_pieces.size()), T = int64_t(target_pieces.size());
  const int64_t shift = shifted ? 1 : 0;
  if (cross.dim() != 2 || cross.size(0) < T + shift || cross.size(1) < S)
    throw std::invalid_argument("the cross-attention matrix does not cover " + std::to_string(T + shift) +
                                " target steps and " + std::to_string(S) + " source pieces");
  const auto source = piecesIntoWords(source_pieces, PieceText::Typed),
             target = piecesIntoWords(target_pieces, PieceText::Decoded);
  WordAlignment out;
  out.source_words = source.words;
  out.target_words = target.words;
  const auto m = cross.to(torch::kCPU, torch::kFloat).contiguous();
  const auto acc = m.accessor<float, 2>();
  out.weights.assign(target.words.size(), std::vector<float>(source.words.size(), 0.0f));
  for (int64_t q = 0; q < T; ++q) {
    if (target.group[size_t(q)] < 0) continue;
    auto& row = out.weights[size_t(target.group[size_t(q)])];
    for (int64_t k = 0; k < S; ++k)
      if (source.group[size_t(k)] >= 0) row[size_t(source.group[size_t(k)])] += acc[q + shift][k];
  }
  for (auto& row : out.weights) {
    const float sum = std::accumulate(row.begin(), row.end(), 0.0f);
    if (sum > 0)
      for (float& w : row) w /= sum;  // the mean over pieces cancels in this scaling
  }
  return out;
}

void checkAlignmentOptions(const TransformerOptions& model, const AlignmentOptions& how) {
  if (how.layer < -1 || how.layer >= model.decoder_layers)
    throw std::invalid_argument("the model's decoder has layers 0.." +
                                std::to_string(model.decoder_layers - 1) + ", not " +
                                std::to_string(how.layer));
}

std::vector<WordAlignment> alignWords(const Translator& translator, const std::vector<std::string>& sentences,
                                      const std::vector<Translation>& translations,
                                      const AlignmentOptions& how, int64_t max_tokens) {
  if (sentences.size() != translations.size())
    throw std::invalid_argument("alignWords: " + std::to_string(sentences.size()) + " sentences and " +
                                std::to_string(translations.size()) + " translations");
  auto model = translator.modelHandle();
  const auto& o = model->options();
  checkAlignmentOptions(o, how);
  // A model trained to align (guided alignment) is read through its head.
  const bool trained_head = how.layer < 0 && o.alignment_layer >= 0;
  const int chosen = how.layer >= 0 ? how.layer
                     : trained_head ? int(o.alignment_layer)
                                    : int(o.decoder_layers) - 1;
  const auto& tokenizer = translator.tokenizer();
  std::vector<std::vector<int64_t>> sources;
  for (const auto& s : sentences) sources.push_back(translator.encodeSource(s));
  std::vector<std::vector<int64_t>> targets;
  for (const auto& t : translations) targets.push_back(t.ids);
  std::vector<WordAlignment> out(sentences.size());
  torch::NoGradGuard no_grad;
  const bool was_training = model->is_training();
  model->eval();
  const auto device = translator.device();
  for (const auto& batch : pairBatches(sources, targets, o, max_tokens)) {
    AttentionMaps maps;
    model(batch.src.to(device), batch.target_in.to(device), &maps);
    // [B, T, S]: the trained head, or the chosen layer's heads averaged.
    const auto& layer = maps.cross.at(size_t(chosen));
    const auto cross = (trained_head ? layer.select(1, 0) : layer.mean(1)).to(torch::kCPU, torch::kFloat);
    for (size_t b = 0; b < batch.pairs.size(); ++b) {
      const size_t i = batch.pairs[b];
      std::vector<std::string> source_pieces;
      for (size_t k = 0; k + 1 < sources[i].size(); ++k)
        source_pieces.push_back(tokenizer.piece(int(sources[i][k])));
      out[i] = alignPieces(source_pieces, translations[i].pieces, cross[int64_t(b)], how.shifted);
      // The words as written (a piece may read <unk>), where they are the same words.
      auto source_words = data::splitWords(sentences[i]),
           target_words = data::splitWords(translations[i].text);
      if (source_words.size() == out[i].source_words.size()) out[i].source_words = std::move(source_words);
      if (target_words.size() == out[i].target_words.size()) out[i].target_words = std::move(target_words);
    }
  }
  if (was_training) model->train();
  return out;
}

std::vector<std::vector<WordAlignment>> alignTexts(const Translator& translator,
                                                   const std::vector<TextTranslation>& texts,
                                                   size_t hypotheses, const AlignmentOptions& how) {
  // Every sentence of every printed hypothesis, then each hypothesis's sentences joined.
  std::vector<std::string> sentences;
  std::vector<Translation> translations;
  std::vector<std::vector<size_t>> counts(texts.size());  // hypotheses a text
  for (size_t i = 0; i < texts.size(); ++i) {
    const auto& text = texts[i];
    const size_t count = std::min(text.nbest(), hypotheses);
    counts[i].assign(count, text.source.segments.size());
    for (size_t k = 0; k < count; ++k)
      for (size_t s = 0; s < text.source.segments.size(); ++s) {
        const auto* list = s < text.segments.size() ? &text.segments[s] : nullptr;
        sentences.push_back(text.source.segments[s].text);
        translations.push_back(!list || list->empty() ? Translation{}
                                                      : (*list)[std::min(k, list->size() - 1)]);
      }
  }
  const auto aligned = alignWords(translator, sentences, translations, how);
  std::vector<std::vector<WordAlignment>> out(texts.size());
  size_t next = 0;
  for (size_t i = 0; i < texts.size(); ++i)
    for (size_t segments : counts[i]) {
      WordAlignment joined;
      size_t source_total = 0;
      for (size_t s = 0; s < segments; ++s) source_total += aligned[next + s].source_words.size();
      for (size_t s = 0; s < segments; ++s) {
        const auto& a = aligned[next + s];
        const size_t before = joined.source_words.size();
        for (const auto& row : a.weights) {
          std::vector<float> wide(source_total, 0.0f);
          std::copy(row.begin(), row.end(), wide.begin() + long(before));
          joined.weights.push_back(std::move(wide));
        }
        joined.source_words.insert(joined.source_words.end(), a.source_words.begin(), a.source_words.end());
        joined.target_words.insert(joined.target_words.end(), a.target_words.begin(), a.target_words.end());
      }
      next += segments;
      out[i].push_back(std::move(joined));
    }
  return out;
}

std::string markedTranslation(const MarkedText& source, const std::vector<WordAlignment>& hypotheses,
                              size_t k) {
  if (hypotheses.empty()) return placeMarkup(source, {}, {});
  const auto& a = hypotheses.at(k);
  return placeMarkup(source, a.target_words, a.unionLinks());
}

std::string pharaohLinks(const std::vector<std::pair<int, int>>& links, int source_offset,
                         int target_offset) {
  std::string out;
  for (const auto& [s, t] : links) {
    if (!out.empty()) out += ' ';
    out += std::to_string(s + source_offset) + "-" + std::to_string(t + target_offset);
  }
  return out;
}

std::vector<std::pair<int, int>> formatLinks(const WordAlignment& alignment, const AlignmentFormat& format) {
  switch (format.kind) {
    case AlignmentFormat::Kind::Hard:
      return alignment.links();
    case AlignmentFormat::Kind::Union:
      return alignment.unionLinks();
    case AlignmentFormat::Kind::Threshold:
      if (!(format.threshold > 0 && format.threshold <= 1))
        throw std::invalid_argument("alignment threshold " + std::to_string(format.threshold) +
                                    " is not in (0, 1]");
      return alignment.links(format.threshold);
    case AlignmentFormat::Kind::Soft:
      break;
  }
  return {};
}

std::string alignmentLine(const WordAlignment& alignment, const AlignmentFormat& format) {
  if (format.kind != AlignmentFormat::Kind::Soft) return pharaohLinks(formatLinks(alignment, format));
  std::string rows;
  char weight[32];
  for (const auto& row : alignment.weights) {
    if (!rows.empty()) rows += ' ';
    for (size_t s = 0; s < row.size(); ++s) {
      std::snprintf(weight, sizeof weight, "%s%.3f", s ? "," : "", double(row[s]));
      rows += weight;
    }
  }
  return rows;
}

}  // namespace studio::model
