#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "model/Transformer.h"
#include "model/data/Tokenizer.h"
#include "model/explaining/Projection.h"

// What the model learnt about its pieces before any attention: the one
// embedding matrix (encoder input, decoder input and output layer alike,
// tied) seen as a map, as TensorBoard's projector shows word vectors. Each
// piece is a point on the matrix's first two principal components, and its
// nearest pieces are those whose rows point the same way (cosine over all
// the dimensions, not the two drawn). The vocabulary is Vietnamese's and
// English's together: a Vietnamese word and its translation may lie close.
namespace studio::model {

// What a piece is written in (its text alone says this much; which language a
// piece of ASCII letters belongs to, it does not).
enum class PieceScript {
  Special,     // <pad>, <unk>, <s>, </s> and other control pieces
  Vietnamese,  // holds a letter with Vietnamese's marks (ă, ơ, đ, ế, ...)
  Ascii,       // ASCII letters only: English, or Vietnamese written without marks
  Other,       // digits, punctuation, symbols, other scripts
};
PieceScript pieceScript(const std::string& piece, bool control);
const char* pieceScriptName(PieceScript script);  // "special", "vietnamese", "ascii", "other"

struct EmbeddingPoint {
  std::string piece;
  PieceScript script = PieceScript::Other;
  double x = 0, y = 0;  // on the first and second principal components
  double norm = 0;      // the row's length
};

struct EmbeddingMap {
  std::vector<EmbeddingPoint> points;  // one a piece id, in id order
  double explained[2] = {0, 0};        // the share of the variance along each component, 0..1
  int64_t dimensions = 0;              // d_model
  // Each row scaled to length 1, row after row (points.size() x dimensions).
  std::vector<float> unit;
};

// The map of `model`'s embedding matrix; the principal components are fitted
// to the pieces that are not Special, and each is signed so that its
// largest coordinate is positive (the same model draws the same way).
EmbeddingMap embeddingMap(const Transformer& model, const data::Tokenizer& tokenizer);

struct PieceNeighbour {
  int64_t id = 0;
  double cosine = 0;
};

// The `k` pieces (not Special, not `id` itself) whose rows are the most
// similar to piece `id`'s, most similar first. Throws std::out_of_range for
// an id that is not in the map.
std::vector<PieceNeighbour> nearestPieces(const EmbeddingMap& map, int64_t id, int k);

// The map's pieces (not Special) as a graph of each one's `k` nearest by
// cosine (squared distance between unit rows, 2 - 2 cos); `ids` receives
// the piece id of each of the graph's points.
NeighbourGraph pieceGraph(const EmbeddingMap& map, int64_t k, std::vector<int64_t>* ids = nullptr);

// How the pieces are laid out on the plane.
enum class EmbeddingLayout {
  PrincipalComponents,  // the first two: the directions of largest variance, distances kept at large
  Tsne,                 // t-SNE over cosine neighbours: each piece's neighbourhood kept, distances not
};
const char* embeddingLayoutName(EmbeddingLayout layout);  // "pca", "tsne"

// The neighbourhood whose keeping a layout is measured by: a piece's 10 nearest.
inline constexpr int64_t kNeighbourhoodMeasured = 10;

struct PieceLayout {
  EmbeddingLayout layout = EmbeddingLayout::PrincipalComponents;
  std::vector<Point2> points;  // one a piece id; t-SNE leaves Special pieces out (NaN)
  // The share of each piece's kNeighbourhoodMeasured nearest (cosine over
  // every dimension) that are among its nearest on the plane, averaged.
  double neighbourhood_kept = 0;
  double perplexity = 0;  // t-SNE's: the options', or less where the vocabulary is too small for it
};

// The pieces the map lays out: every one that is not Special.
int64_t mappedPieces(const EmbeddingMap& map);

// The principal components' layout (the map's own x and y).
PieceLayout principalLayout(const EmbeddingMap& map);
// t-SNE's layout of the pieces, started from the principal components;
// `progress` as tsneLayout's (false stops it: the result is then empty). A
// perplexity larger than a third of the pieces is lowered to that.
PieceLayout tsnePieceLayout(const EmbeddingMap& map, TsneOptions options = {},
                            const std::function<bool(int iteration)>& progress = {});

}  // namespace studio::model
