#include "model/explaining/EmbeddingMap.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include <torch/torch.h>

#include "model/evaluation/CodePoints.h"

namespace studio::model {

namespace {

bool isVietnameseLetter(uint32_t c) {
  // Latin-1's and Latin Extended's letters (à, ă, đ, ơ, ư, ...), Latin Extended
  // Additional (ạ, ế, ữ, ...) and the combining tone marks of decomposed text.
  return (c >= 0xc0 && c <= 0x24f && c != 0xd7 && c != 0xf7) || (c >= 0x1e00 && c <= 0x1eff) ||
         (c >= 0x300 && c <= 0x323);
}

}  // namespace

PieceScript pieceScript(const std::string& piece, bool control) {
  if (control) return PieceScript::Special;
  std::u32string text;
  try {
    text = decodeUtf8(piece);
  } catch (const std::invalid_argument&) {
    return PieceScript::Other;  // not UTF-8: no letters to tell
  }
  bool ascii_letter = false, other = false;
  for (const char32_t c : text) {
    if (c == 0x2581) continue;  // SentencePiece's word start
    if (isVietnameseLetter(uint32_t(c))) return PieceScript::Vietnamese;
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'))
      ascii_letter = true;
    else
      other = true;
  }
  return ascii_letter && !other ? PieceScript::Ascii : PieceScript::Other;
}

const char* pieceScriptName(PieceScript script) {
  switch (script) {
    case PieceScript::Special:
      return "special";
    case PieceScript::Vietnamese:
      return "vietnamese";
    case PieceScript::Ascii:
      return "ascii";
    case PieceScript::Other:
      return "other";
  }
  return "other";
}

EmbeddingMap embeddingMap(const Transformer& model, const data::Tokenizer& tokenizer) {
  torch::NoGradGuard no_grad;
  const torch::Tensor weight = model->embeddingWeight().detach().to(torch::kCPU, torch::kDouble).contiguous();
  const int64_t vocab = weight.size(0), dims = weight.size(1);
  if (vocab != tokenizer.vocabSize())
    throw std::invalid_argument(
        "the model has " + std::to_string(vocab) + " embedding rows and the SentencePiece model " +
        std::to_string(tokenizer.vocabSize()) + " pieces: not the model's vocabulary");
  const auto& o = model->options();
  EmbeddingMap map;
  map.dimensions = dims;
  map.points.resize(size_t(vocab));
  std::vector<int64_t> fitted;
  for (int64_t id = 0; id < vocab; ++id) {
    auto& p = map.points[size_t(id)];
    p.piece = tokenizer.piece(int(id));
    const bool control = id == o.pad_id || id == o.unk_id || id == o.bos_id || id == o.eos_id ||
                         (p.piece.size() > 2 && p.piece.front() == '<' && p.piece.back() == '>');
    p.script = pieceScript(p.piece, control);
    if (p.script != PieceScript::Special) fitted.push_back(id);
  }
  if (fitted.size() < 3) throw std::invalid_argument("the vocabulary has fewer than three pieces to map");
  // Principal components of the fitted rows: the covariance's two largest eigenvectors.
  const torch::Tensor rows = weight.index_select(0, torch::tensor(fitted, torch::kLong));
  const torch::Tensor mean = rows.mean(0);
  const torch::Tensor centred = rows - mean;
  const torch::Tensor covariance = centred.t().mm(centred) / double(fitted.size() - 1);
  const auto [values, vectors] = torch::linalg_eigh(covariance, "L");  // ascending
  const double total = values.clamp_min(0).sum().item<double>();
  torch::Tensor components = vectors.narrow(1, dims - 2, 2).flip({1}).clone();  // [D, 2], the largest first
  for (int64_t c = 0; c < 2; ++c) {
    const torch::Tensor column = components.select(1, c);
    if (column[column.abs().argmax()].item<double>() < 0) column.neg_();
    map.explained[c] = total > 0 ? std::max(0.0, values[dims - 1 - c].item<double>()) / total : 0.0;
  }
  const torch::Tensor projected = (weight - mean).mm(components).contiguous();  // [V, 2]
  const torch::Tensor norms = weight.norm(2, 1);
  const torch::Tensor unit = (weight / norms.clamp_min(1e-12).unsqueeze(1)).to(torch::kFloat).contiguous();
  const auto xy = projected.accessor<double, 2>();
  const auto n = norms.accessor<double, 1>();
  for (int64_t id = 0; id < vocab; ++id) {
    auto& p = map.points[size_t(id)];
    p.x = xy[id][0];
    p.y = xy[id][1];
    p.norm = n[id];
  }
  map.unit.assign(unit.data_ptr<float>(), unit.data_ptr<float>() + unit.numel());
  return map;
}

std::vector<PieceNeighbour> nearestPieces(const EmbeddingMap& map, int64_t id, int k) {
  const auto vocab = int64_t(map.points.size());
  if (id < 0 || id >= vocab)
    throw std::out_of_range("piece " + std::to_string(id) + " is not among the map's " +
                            std::to_string(vocab));
  const size_t dims = size_t(map.dimensions);
  const float* from = map.unit.data() + size_t(id) * dims;
  std::vector<PieceNeighbour> all;
  all.reserve(size_t(vocab));
  for (int64_t other = 0; other < vocab; ++other) {
    if (other == id || map.points[size_t(other)].script == PieceScript::Special) continue;
    const float* to = map.unit.data() + size_t(other) * dims;
    double dot = 0;
    for (size_t d = 0; d < dims; ++d) dot += double(from[d]) * double(to[d]);
    all.push_back({other, dot});
  }
  const size_t keep = std::min(all.size(), size_t(std::max(0, k)));
  std::partial_sort(all.begin(), all.begin() + long(keep), all.end(),
                    [](const PieceNeighbour& a, const PieceNeighbour& b) {
                      return a.cosine != b.cosine ? a.cosine > b.cosine : a.id < b.id;
                    });
  all.resize(keep);
  return all;
}

}  // namespace studio::model
