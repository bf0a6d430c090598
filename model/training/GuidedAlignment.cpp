#include "model/training/GuidedAlignment.h"

#include <algorithm>

#include <torch/torch.h>

namespace studio::model {

PieceWordSplitter::PieceWordSplitter(const data::Tokenizer& tokenizer) {
  pieces_.reserve(size_t(tokenizer.vocabSize()));
  for (int id = 0; id < tokenizer.vocabSize(); ++id) pieces_.push_back(tokenizer.piece(id));
}

PieceWords PieceWordSplitter::words(const int32_t* ids, int64_t count) const {
  std::vector<std::string> pieces;
  pieces.reserve(size_t(count));
  for (int64_t k = 0; k < count; ++k) {
    const auto id = size_t(ids[k]);
    pieces.push_back(id < pieces_.size() ? pieces_[id] : std::string("<unk>"));
  }
  return piecesIntoWords(pieces, PieceText::Typed);
}

TrainingAlignments alignTrainingPairs(const data::EncodedSplit& train, const PieceWordSplitter& words,
                                      const data::WordAlignerOptions& options,
                                      const std::function<bool(int, int)>& progress) {
  data::WordNumbers source_numbers, target_numbers;
  std::vector<data::WordIds> sources, targets;
  sources.reserve(train.size());
  targets.reserve(train.size());
  for (size_t i = 0; i < train.size(); ++i) {
    sources.push_back(source_numbers.number(words.words(train.src(i), train.srcLength(i)).words));
    targets.push_back(target_numbers.number(words.words(train.tgt(i), train.tgtLength(i)).words));
  }
  auto result = data::alignCorpus(sources, targets, options, progress);
  TrainingAlignments out;
  if (result.links.empty() && !sources.empty()) return out;  // stopped
  out.links = std::move(result.links);
  out.forward = result.forward;
  out.backward = result.backward;
  for (const auto& l : out.links) {
    out.linked_pairs += l.empty() ? 0 : 1;
    out.link_count += l.size();
  }
  return out;
}

torch::Tensor alignmentTargets(const data::EncodedSplit& split, const std::vector<size_t>& rows,
                               const std::vector<data::WordLinks>& links, const PieceWordSplitter& words,
                               int64_t target_length, int64_t source_length) {
  const auto B = int64_t(rows.size());
  auto targets = torch::zeros({B, target_length, source_length}, torch::kFloat);
  auto a = targets.accessor<float, 3>();
  std::vector<int> source_pieces;
  for (int64_t b = 0; b < B; ++b) {
    const size_t i = rows[size_t(b)];
    if (i >= links.size() || links[i].empty()) continue;
    const auto source = words.words(split.src(i), split.srcLength(i));
    const auto target = words.words(split.tgt(i), split.tgtLength(i));
    // The source pieces of each source word.
    std::vector<std::vector<int>> pieces_of(source.words.size());
    for (size_t k = 0; k < source.group.size() && int64_t(k) < source_length; ++k)
      if (source.group[k] >= 0) pieces_of[size_t(source.group[k])].push_back(int(k));
    // The source words each target word is linked to.
    std::vector<std::vector<int>> linked(target.words.size());
    for (const auto& [s, t] : links[i])
      if (t < linked.size() && s < pieces_of.size()) linked[t].push_back(s);
    for (size_t k = 0; k < target.group.size() && int64_t(k) < target_length; ++k) {
      if (target.group[k] < 0) continue;
      source_pieces.clear();
      for (int s : linked[size_t(target.group[k])])
        source_pieces.insert(source_pieces.end(), pieces_of[size_t(s)].begin(), pieces_of[size_t(s)].end());
      if (source_pieces.empty()) continue;
      const float share = 1.0f / float(source_pieces.size());
      for (int p : source_pieces) a[b][int64_t(k)][p] += share;
    }
  }
  return targets;
}

torch::Tensor guidedAlignmentLoss(const torch::Tensor& attention, const torch::Tensor& targets) {
  const auto weights = targets.to(attention.device(), torch::kFloat);
  return -(weights * (attention.to(torch::kFloat) + 1e-6).log()).sum();
}

int64_t defaultAlignmentLayer(int64_t decoder_layers) {
  return decoder_layers >= 4 ? decoder_layers - 2 : decoder_layers - 1;
}

}  // namespace studio::model
