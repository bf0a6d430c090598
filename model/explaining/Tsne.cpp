#include "model/explaining/Projection.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>

// t-SNE's part of Projection.h: the affinities, the Barnes-Hut quadtree and the optimisation.
namespace studio::model {

namespace {

// The symmetric affinities P, row by row (CSR): each point's neighbours and
// p_ij, summing to 1 over every pair.
struct Affinities {
  std::vector<int64_t> start;  // points + 1
  std::vector<int32_t> column;
  std::vector<double> value;
};

// p_{j|i} over point i's neighbours: a Gaussian whose precision is found by
// bisection so that the distribution's entropy is log(perplexity).
void conditionalRow(const float* distance2, int64_t k, double perplexity, double* out) {
  const double target = std::log(perplexity);
  const double nearest = double(distance2[0]);
  double beta = 1, low = 0, high = std::numeric_limits<double>::infinity();
  for (int attempt = 0; attempt < 200; ++attempt) {
    double sum = 0, weighted = 0;
    for (int64_t j = 0; j < k; ++j) {
      const double d = double(distance2[j]) - nearest;
      out[j] = std::exp(-beta * d);
      sum += out[j];
      weighted += d * out[j];
    }
    const double entropy = std::log(sum) + beta * weighted / sum;
    for (int64_t j = 0; j < k; ++j) out[j] /= sum;
    const double miss = entropy - target;
    if (std::abs(miss) < 1e-5) return;
    if (miss > 0) {  // too spread: sharpen
      low = beta;
      beta = std::isinf(high) ? beta * 2 : (beta + high) / 2;
    } else {
      high = beta;
      beta = (beta + low) / 2;
    }
  }
}

Affinities affinities(const NeighbourGraph& graph, double perplexity) {
  const int64_t n = graph.points, k = graph.k;
  struct Entry {
    int32_t row, column;
    double value;
  };
  std::vector<Entry> entries;
  entries.reserve(size_t(2 * n * k));
  std::vector<double> row(static_cast<size_t>(k));
  for (int64_t i = 0; i < n; ++i) {
    conditionalRow(graph.distance2.data() + i * k, k, perplexity, row.data());
    for (int64_t j = 0; j < k; ++j) {
      const int32_t other = graph.index[size_t(i * k + j)];
      entries.push_back({int32_t(i), other, row[size_t(j)]});
      entries.push_back({other, int32_t(i), row[size_t(j)]});
    }
  }
  std::sort(entries.begin(), entries.end(), [](const Entry& a, const Entry& b) {
    return a.row != b.row ? a.row < b.row : a.column < b.column;
  });
  Affinities p;
  p.start.assign(size_t(n + 1), 0);
  const double scale = 1.0 / (2.0 * double(n));
  for (size_t e = 0; e < entries.size();) {
    size_t last = e;
    double value = 0;
    while (last < entries.size() && entries[last].row == entries[e].row &&
           entries[last].column == entries[e].column)
      value += entries[last++].value;
    p.column.push_back(entries[e].column);
    p.value.push_back(value * scale);
    ++p.start[size_t(entries[e].row) + 1];
    e = last;
  }
  for (int64_t i = 0; i < n; ++i) p.start[size_t(i + 1)] += p.start[size_t(i)];
  return p;
}

// A quadtree over the layout: each cell holds its points' count and centre
// of mass; a leaf holds one position (several points only where they
// coincide).
class QuadTree {
 public:
  explicit QuadTree(const std::vector<Point2>& y) {
    double lo[2] = {y[0][0], y[0][1]}, hi[2] = {y[0][0], y[0][1]};
    for (const auto& p : y)
      for (int d = 0; d < 2; ++d) {
        lo[d] = std::min(lo[d], p[d]);
        hi[d] = std::max(hi[d], p[d]);
      }
    const double half = std::max({hi[0] - lo[0], hi[1] - lo[1], 1e-12}) / 2 * (1 + 1e-9);
    cells_.reserve(y.size() * 2);
    cells_.push_back(Cell{{(lo[0] + hi[0]) / 2, (lo[1] + hi[1]) / 2}, half});
    for (const auto& p : y) insert(p);
  }

  // The repulsive force on a point at `p` (sum over the others of q^2 (p - y_j),
  // q = 1 / (1 + |p - y_j|^2)) and its part of Z (sum of q over the others).
  void repulsion(const Point2& p, double theta2, double force[2], double& z,
                 std::vector<int64_t>& stack_) const {
    stack_.clear();
    stack_.push_back(0);
    while (!stack_.empty()) {
      const Cell& c = cells_[size_t(stack_.back())];
      stack_.pop_back();
      if (c.count == 0) continue;
      const double dx = p[0] - c.mass[0] / double(c.count), dy = p[1] - c.mass[1] / double(c.count);
      const double d2 = dx * dx + dy * dy;
      if (c.child < 0) {  // a leaf: its points are at one position
        if (d2 == 0) {    // the point itself, and any at its very place
          z += double(c.count - 1);
          continue;
        }
      } else if (d2 == 0 || 4 * c.half * c.half >= theta2 * d2) {
        for (int q = 0; q < 4; ++q) stack_.push_back(c.child + q);
        continue;
      }
      const double q = 1 / (1 + d2);
      z += double(c.count) * q;
      const double pull = double(c.count) * q * q;
      force[0] += pull * dx;
      force[1] += pull * dy;
    }
  }

 private:
  struct Cell {
    Point2 centre;
    double half;
    int64_t count = 0;
    double mass[2] = {0, 0};  // the sum of its points' positions
    int64_t child = -1;       // the first of four, or -1 for a leaf
    Point2 at{};              // a leaf's position
  };

  int quadrant(const Cell& c, const Point2& p) const {
    return (p[0] > c.centre[0] ? 1 : 0) + (p[1] > c.centre[1] ? 2 : 0);
  }

  void split(int64_t cell) {
    const int64_t first = int64_t(cells_.size());
    const Cell parent = cells_[size_t(cell)];
    const double half = parent.half / 2;
    for (int q = 0; q < 4; ++q)
      cells_.push_back(
          Cell{{parent.centre[0] + (q & 1 ? half : -half), parent.centre[1] + (q & 2 ? half : -half)}, half});
    Cell& moved = cells_[size_t(first + quadrant(parent, parent.at))];
    moved.count = parent.count;
    moved.mass[0] = parent.mass[0];
    moved.mass[1] = parent.mass[1];
    moved.at = parent.at;
    cells_[size_t(cell)].child = first;
  }

  void insert(const Point2& p) {
    int64_t cell = 0;
    while (true) {
      Cell& c = cells_[size_t(cell)];
      if (c.child < 0) {
        if (c.count == 0 || (c.at == p) || c.half < 1e-12) {
          if (c.count == 0) c.at = p;
          ++c.count;
          c.mass[0] += p[0];
          c.mass[1] += p[1];
          return;
        }
        split(cell);  // may move cells_: index again
      }
      Cell& parent = cells_[size_t(cell)];
      ++parent.count;
      parent.mass[0] += p[0];
      parent.mass[1] += p[1];
      cell = parent.child + quadrant(parent, p);
    }
  }

  std::vector<Cell> cells_;
};

}  // namespace

int64_t tsneNeighbours(double perplexity, int64_t points) {
  return std::max<int64_t>(1, std::min<int64_t>(points - 1, int64_t(std::floor(3 * perplexity))));
}

std::vector<Point2> tsneLayout(const NeighbourGraph& graph, const std::vector<Point2>& initial,
                               const TsneOptions& options, const std::function<bool(int)>& progress) {
  checkNeighbourGraph(graph);
  const int64_t n = graph.points;
  if (initial.size() != size_t(n))
    throw std::invalid_argument("the initial layout has " + std::to_string(initial.size()) + " points, not " +
                                std::to_string(n));
  if (!(options.perplexity >= 1) || options.perplexity > double(graph.k))
    throw std::invalid_argument("a perplexity of " + std::to_string(options.perplexity) +
                                " needs between 1 and the graph's " + std::to_string(graph.k) +
                                " neighbours");
  if (options.iterations < 1 || options.exaggeration_iterations < 0 || !(options.theta >= 0))
    throw std::invalid_argument("t-SNE's iterations and theta must be positive");
  const Affinities p = affinities(graph, options.perplexity);

  // The start: centred, its first coordinate's standard deviation 1e-4.
  std::vector<Point2> y = initial;
  Point2 mean{0, 0};
  for (const auto& q : y) {
    mean[0] += q[0] / double(n);
    mean[1] += q[1] / double(n);
  }
  double variance = 0;
  for (const auto& q : y) variance += (q[0] - mean[0]) * (q[0] - mean[0]) / double(n);
  const double scale = variance > 0 ? 1e-4 / std::sqrt(variance) : 1.0;
  for (auto& q : y)
    for (int d = 0; d < 2; ++d) {
      q[d] = (q[d] - mean[d]) * scale;
      if (!std::isfinite(q[d]))
        throw std::invalid_argument("the initial layout holds a value that is not finite");
    }

  // No factor 4 in the gradient (as van der Maaten's bhtsne): the learning rate is Belkina et al.'s n / 12.
  const double rate =
      options.learning_rate > 0 ? options.learning_rate : std::max(double(n) / options.exaggeration, 200.0);
  const double theta2 = options.theta * options.theta;
  const int threads = int(std::clamp<int64_t>(options.threads, 1, std::max<int64_t>(1, n / 256)));
  std::vector<Point2> update(size_t(n), Point2{0, 0}), gain(size_t(n), Point2{1, 1});
  std::vector<Point2> attract(static_cast<size_t>(n)), repel(static_cast<size_t>(n));
  for (int iteration = 0; iteration < options.iterations; ++iteration) {
    const bool early = iteration < options.exaggeration_iterations;
    const double exaggeration = early ? options.exaggeration : 1.0;
    const double momentum = early ? 0.5 : 0.8;
    const QuadTree tree(y);
    // Each thread its own share of the points; Z summed point by point in order, so that the layout is
    // the same however many threads made it.
    std::vector<double> z_part(size_t(n), 0.0);
    auto forces = [&](int part) {
      std::vector<int64_t> stack;
      const int64_t first = n * part / threads, last = n * (part + 1) / threads;
      for (int64_t i = first; i < last; ++i) {
        double force[2] = {0, 0};
        tree.repulsion(y[size_t(i)], theta2, force, z_part[size_t(i)], stack);
        repel[size_t(i)] = {force[0], force[1]};
        double pull_sum[2] = {0, 0};
        for (int64_t e = p.start[size_t(i)]; e < p.start[size_t(i + 1)]; ++e) {
          const Point2& other = y[size_t(p.column[size_t(e)])];
          const double dx = y[size_t(i)][0] - other[0], dy = y[size_t(i)][1] - other[1];
          const double pull = p.value[size_t(e)] / (1 + dx * dx + dy * dy);
          pull_sum[0] += pull * dx;
          pull_sum[1] += pull * dy;
        }
        attract[size_t(i)] = {pull_sum[0], pull_sum[1]};
      }
    };
    std::vector<std::thread> helpers;
    for (int part = 1; part < threads; ++part) helpers.emplace_back(forces, part);
    forces(0);
    for (auto& helper : helpers) helper.join();
    const double z = std::accumulate(z_part.begin(), z_part.end(), 0.0);
    Point2 centre{0, 0};
    for (int64_t i = 0; i < n; ++i) {
      for (int d = 0; d < 2; ++d) {
        const double g = exaggeration * attract[size_t(i)][d] - repel[size_t(i)][d] / z;
        double& u = update[size_t(i)][d];
        double& a = gain[size_t(i)][d];
        a = (g > 0) != (u > 0) ? a + 0.2 : a * 0.8;  // delta-bar-delta: faster along a steady direction
        a = std::max(a, 0.01);
        u = momentum * u - rate * a * g;
        y[size_t(i)][d] += u;
        centre[d] += y[size_t(i)][d] / double(n);
      }
    }
    for (auto& q : y) {
      q[0] -= centre[0];
      q[1] -= centre[1];
    }
    const int done = iteration + 1;
    if (progress && (done % 25 == 0 || done == options.iterations) && !progress(done)) return {};
  }
  return y;
}

}  // namespace studio::model
