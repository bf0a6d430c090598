#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <vector>

// Rows of many dimensions drawn on the plane, and how faithfully.
//
// The principal components: the two directions along which the rows vary
// most (a projection: distances mean something, but most neighbours part).
//
// t-SNE (van der Maaten and Hinton 2008) with the Barnes-Hut approximation
// of its repulsive forces (van der Maaten 2014): a layout in which points
// that are near in the original space stay near. The input is each point's
// nearest neighbours (3 x perplexity of them); the optimisation follows the
// choices of Kobak and Berens 2019 (initialised from the principal
// components, learning rate n / 12 during the early exaggeration of 12), and
// nothing in it is random.
//
// Everything here is plain C++ whose sums run in one fixed order: one input
// gives one result in any program, on any number of threads (a BLAS product
// would not, and t-SNE carries the last bit of a difference into another
// layout).
namespace studio::model {

using Point2 = std::array<double, 2>;

// Each point's k nearest others, nearest first: index[i * k + j] and the
// squared distance to it, distance2[i * k + j].
struct NeighbourGraph {
  int64_t points = 0;
  int64_t k = 0;
  std::vector<int32_t> index;
  std::vector<float> distance2;
};

// The mean of `n` rows of `dims` doubles and their covariance's two largest
// eigenvectors (Jacobi's method), each signed so that its largest coordinate
// is positive, with the share of the variance along each.
struct PrincipalAxes {
  std::vector<double> mean;
  std::vector<double> axis[2];
  double explained[2] = {0, 0};
};
PrincipalAxes principalAxes(const double* rows, int64_t n, int64_t dims);

// The `k` nearest of each of `n` rows of `dims` floats (squared Euclidean
// distance, nearest first, ties by index), found exhaustively. The sums run
// in one fixed order whatever `threads` is, so one input gives one graph in
// any program (a BLAS product would not: its order follows its threads).
NeighbourGraph nearestNeighbours(const float* rows, int64_t n, int64_t dims, int64_t k, int threads = 1);

// Throws std::invalid_argument for a graph that does not fit: fewer than 3
// points, sizes that disagree, a neighbour that is the point itself or out
// of range, a distance that is negative or not finite (naming which).
void checkNeighbourGraph(const NeighbourGraph& graph);

struct TsneOptions {
  double perplexity = 30;  // the effective number of neighbours each point's affinities spread over
  int iterations = 750;    // in all, the early exaggeration's included
  int exaggeration_iterations = 250;
  double exaggeration = 12;
  double theta = 0.5;        // Barnes-Hut: a cell this small for its distance counts as one point (0 = exact)
  double learning_rate = 0;  // 0: max(points / exaggeration, 200)
  int threads = 1;           // the points' forces shared among this many (the layout is the same)
};

// The layout of `graph`'s points, starting from `initial` (one point each:
// it is rescaled so that its first coordinate's standard deviation is 1e-4,
// and should be the principal components for a layout that keeps the data's
// large-scale arrangement). `progress(iteration)` is called every 25
// iterations and at the end; returning false stops the optimisation (the
// result is then empty). Throws std::invalid_argument for a graph that does
// not fit (sizes, a neighbour out of range or itself, fewer than 3 points,
// a perplexity the neighbours cannot hold).
std::vector<Point2> tsneLayout(const NeighbourGraph& graph, const std::vector<Point2>& initial,
                               const TsneOptions& options = {},
                               const std::function<bool(int iteration)>& progress = {});

// The neighbours a point needs for `perplexity` (three times it, at most
// points - 1).
int64_t tsneNeighbours(double perplexity, int64_t points);

// How much of the neighbourhoods a layout keeps: for each point, the share
// of its k nearest in `graph` (the original space) that are among its k
// nearest on the layout, averaged over the points. 1 is every neighbourhood
// kept, about k / points what a random layout keeps.
double neighbourhoodKept(const NeighbourGraph& graph, const std::vector<Point2>& layout, int64_t k);

}  // namespace studio::model
