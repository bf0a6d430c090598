#include "model/explaining/EmbeddingMap.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

#include <ATen/Parallel.h>
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
  // Plain loops from here on (model/explaining/Projection.h): the map is the same on any number of threads.
  const double* w = weight.data_ptr<double>();
  const auto d = size_t(dims);
  std::vector<double> rows;
  rows.reserve(fitted.size() * d);
  for (const int64_t id : fitted) rows.insert(rows.end(), w + size_t(id) * d, w + size_t(id + 1) * d);
  const auto axes = principalAxes(rows.data(), int64_t(fitted.size()), dims);
  map.explained[0] = axes.explained[0];
  map.explained[1] = axes.explained[1];
  map.unit.resize(size_t(vocab) * d);
  for (int64_t id = 0; id < vocab; ++id) {
    auto& p = map.points[size_t(id)];
    const double* row = w + size_t(id) * d;
    double x = 0, y = 0, square = 0;
    for (size_t a = 0; a < d; ++a) {
      x += (row[a] - axes.mean[a]) * axes.axis[0][a];
      y += (row[a] - axes.mean[a]) * axes.axis[1][a];
      square += row[a] * row[a];
    }
    p.x = x;
    p.y = y;
    p.norm = std::sqrt(square);
    const double scale = 1 / std::max(p.norm, 1e-12);
    for (size_t a = 0; a < d; ++a) map.unit[size_t(id) * d + a] = float(row[a] * scale);
  }
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

NeighbourGraph pieceGraph(const EmbeddingMap& map, int64_t k, std::vector<int64_t>* ids) {
  std::vector<int64_t> mapped;
  for (size_t id = 0; id < map.points.size(); ++id)
    if (map.points[id].script != PieceScript::Special) mapped.push_back(int64_t(id));
  const auto n = int64_t(mapped.size());
  if (k < 1 || k >= n)
    throw std::invalid_argument("a piece's " + std::to_string(k) + " nearest need more than the map's " +
                                std::to_string(n) + " pieces");
  std::vector<float> rows(size_t(n * map.dimensions));
  for (int64_t i = 0; i < n; ++i)
    std::copy_n(map.unit.data() + mapped[size_t(i)] * map.dimensions, map.dimensions,
                rows.begin() + i * map.dimensions);
  // Unit rows: the squared distance is 2 - 2 cos.
  auto graph = nearestNeighbours(rows.data(), n, map.dimensions, k, at::get_num_threads());
  if (ids) *ids = std::move(mapped);
  return graph;
}

const char* embeddingLayoutName(EmbeddingLayout layout) {
  return layout == EmbeddingLayout::Tsne ? "tsne" : "pca";
}

namespace {

// A layout of the graph's points spread onto the piece ids.
PieceLayout spread(EmbeddingLayout layout, const EmbeddingMap& map, const NeighbourGraph& graph,
                   const std::vector<int64_t>& ids, const std::vector<Point2>& points) {
  PieceLayout out;
  out.layout = layout;
  const double none = std::numeric_limits<double>::quiet_NaN();
  out.points.assign(map.points.size(), Point2{none, none});
  for (size_t i = 0; i < ids.size(); ++i) out.points[size_t(ids[i])] = points[i];
  out.neighbourhood_kept = neighbourhoodKept(graph, points, std::min(kNeighbourhoodMeasured, graph.k));
  return out;
}

}  // namespace

int64_t mappedPieces(const EmbeddingMap& map) {
  int64_t mapped = 0;
  for (const auto& p : map.points) mapped += p.script != PieceScript::Special;
  return mapped;
}

PieceLayout principalLayout(const EmbeddingMap& map) {
  std::vector<int64_t> ids;
  const auto graph = pieceGraph(map, std::min(kNeighbourhoodMeasured, mappedPieces(map) - 1), &ids);
  std::vector<Point2> points;
  for (const int64_t id : ids) points.push_back({map.points[size_t(id)].x, map.points[size_t(id)].y});
  auto out = spread(EmbeddingLayout::PrincipalComponents, map, graph, ids, points);
  for (size_t id = 0; id < map.points.size(); ++id)  // the special pieces are projected too, if not fitted
    out.points[id] = {map.points[id].x, map.points[id].y};
  return out;
}

PieceLayout tsnePieceLayout(const EmbeddingMap& map, TsneOptions options,
                            const std::function<bool(int)>& progress) {
  const int64_t mapped = mappedPieces(map);
  if (mapped < 4) throw std::invalid_argument("the vocabulary has fewer than four pieces to lay out");
  // A small vocabulary holds fewer neighbours than the perplexity asks: the most it can.
  options.perplexity = std::min(options.perplexity, double(mapped - 1) / 3);
  std::vector<int64_t> ids;
  const auto graph = pieceGraph(
      map, std::max(tsneNeighbours(options.perplexity, mapped), std::min(kNeighbourhoodMeasured, mapped - 1)),
      &ids);
  std::vector<Point2> start;
  for (const int64_t id : ids) start.push_back({map.points[size_t(id)].x, map.points[size_t(id)].y});
  const auto points = tsneLayout(graph, start, options, progress);
  if (points.empty()) return {};
  auto out = spread(EmbeddingLayout::Tsne, map, graph, ids, points);
  out.perplexity = options.perplexity;
  return out;
}

}  // namespace studio::model
