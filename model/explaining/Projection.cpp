#include "model/explaining/Projection.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>
namespace studio::model {

void checkNeighbourGraph(const NeighbourGraph& graph) {
  if (graph.points < 3) throw std::invalid_argument("t-SNE needs at least 3 points");
  if (graph.k < 1 || graph.k >= graph.points || graph.index.size() != size_t(graph.points * graph.k) ||
      graph.distance2.size() != graph.index.size())
    throw std::invalid_argument("the neighbour graph's sizes do not fit its " + std::to_string(graph.points) +
                                " points and " + std::to_string(graph.k) + " neighbours a point");
  for (int64_t i = 0; i < graph.points; ++i)
    for (int64_t j = 0; j < graph.k; ++j) {
      const int32_t other = graph.index[size_t(i * graph.k + j)];
      const float d = graph.distance2[size_t(i * graph.k + j)];
      if (other < 0 || other >= graph.points || other == i || !(d >= 0) || std::isinf(d))
        throw std::invalid_argument("neighbour " + std::to_string(j) + " of point " + std::to_string(i) +
                                    " is not another point at a finite distance");
    }
}

PrincipalAxes principalAxes(const double* rows, int64_t n, int64_t dims) {
  if (n < 2 || dims < 2)
    throw std::invalid_argument("principal axes need two rows of two dimensions or more");
  const auto d = size_t(dims);
  PrincipalAxes out;
  out.mean.assign(d, 0.0);
  for (int64_t i = 0; i < n; ++i)
    for (size_t a = 0; a < d; ++a) out.mean[a] += rows[size_t(i) * d + a];
  for (auto& m : out.mean) m /= double(n);
  // The covariance, its lower triangle summed row after row, then mirrored.
  std::vector<double> c(d * d, 0.0), centred(d);
  for (int64_t i = 0; i < n; ++i) {
    for (size_t a = 0; a < d; ++a) centred[a] = rows[size_t(i) * d + a] - out.mean[a];
    for (size_t a = 0; a < d; ++a)
      for (size_t b = 0; b <= a; ++b) c[a * d + b] += centred[a] * centred[b];
  }
  for (size_t a = 0; a < d; ++a)
    for (size_t b = 0; b <= a; ++b) c[b * d + a] = c[a * d + b] /= double(n - 1);
  // Jacobi's method: plane rotations that zero one off-diagonal entry at a time, sweep after sweep, until
  // the matrix is diagonal; the rotations' product holds the eigenvectors (columns of v).
  std::vector<double> v(d * d, 0.0);
  for (size_t a = 0; a < d; ++a) v[a * d + a] = 1;
  double total = 0;
  for (size_t a = 0; a < d; ++a) total += c[a * d + a] * c[a * d + a];
  for (int sweep = 0; sweep < 100; ++sweep) {
    double off = 0;
    for (size_t a = 0; a < d; ++a)
      for (size_t b = 0; b < a; ++b) off += c[a * d + b] * c[a * d + b];
    if (off <= 1e-30 * total || off == 0) break;
    for (size_t p = 0; p + 1 < d; ++p)
      for (size_t q = p + 1; q < d; ++q) {
        const double apq = c[p * d + q];
        if (apq == 0) continue;
        const double theta = (c[q * d + q] - c[p * d + p]) / (2 * apq);
        const double t = (theta >= 0 ? 1.0 : -1.0) / (std::abs(theta) + std::sqrt(theta * theta + 1));
        const double cs = 1 / std::sqrt(t * t + 1), sn = t * cs;
        for (size_t k = 0; k < d; ++k) {  // columns p and q
          const double kp = c[k * d + p], kq = c[k * d + q];
          c[k * d + p] = cs * kp - sn * kq;
          c[k * d + q] = sn * kp + cs * kq;
        }
        for (size_t k = 0; k < d; ++k) {  // rows p and q
          const double pk = c[p * d + k], qk = c[q * d + k];
          c[p * d + k] = cs * pk - sn * qk;
          c[q * d + k] = sn * pk + cs * qk;
        }
        for (size_t k = 0; k < d; ++k) {
          const double kp = v[k * d + p], kq = v[k * d + q];
          v[k * d + p] = cs * kp - sn * kq;
          v[k * d + q] = sn * kp + cs * kq;
        }
      }
  }
  std::vector<size_t> order(d);
  std::iota(order.begin(), order.end(), size_t(0));
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t a, size_t b) { return c[a * d + a] > c[b * d + b]; });
  double variance = 0;
  for (size_t a = 0; a < d; ++a) variance += std::max(0.0, c[a * d + a]);
  for (int k = 0; k < 2; ++k) {
    const size_t column = order[size_t(k)];
    auto& axis = out.axis[k];
    axis.resize(d);
    size_t largest = 0;
    for (size_t a = 0; a < d; ++a) {
      axis[a] = v[a * d + column];
      if (std::abs(axis[a]) > std::abs(axis[largest])) largest = a;
    }
    if (axis[largest] < 0)
      for (auto& x : axis) x = -x;
    out.explained[k] = variance > 0 ? std::max(0.0, c[column * d + column]) / variance : 0.0;
  }
  return out;
}

NeighbourGraph nearestNeighbours(const float* rows, int64_t n, int64_t dims, int64_t k, int threads) {
  if (n < 2 || k < 1 || k >= n || dims < 1)
    throw std::invalid_argument("the " + std::to_string(k) + " nearest of " + std::to_string(n) +
                                " rows cannot be found");
  NeighbourGraph graph;
  graph.points = n;
  graph.k = k;
  graph.index.resize(size_t(n * k));
  graph.distance2.resize(size_t(n * k));
  // The rows as columns, so that one row's products with all the others run along memory.
  std::vector<float> columns(size_t(n * dims)), squares(size_t(n), 0.0f);
  for (int64_t i = 0; i < n; ++i)
    for (int64_t d = 0; d < dims; ++d) {
      const float v = rows[i * dims + d];
      columns[size_t(d * n + i)] = v;
      squares[size_t(i)] += v * v;
    }
  constexpr int64_t kBlock = 8;  // rows whose products share one pass over the columns
  const int64_t blocks = (n + kBlock - 1) / kBlock;
  const int parts = int(std::clamp<int64_t>(threads, 1, blocks));
  auto work = [&](int part) {
    std::vector<float> dot(static_cast<size_t>(kBlock * n));
    std::vector<std::pair<float, int32_t>> order(static_cast<size_t>(n));
    for (int64_t block = blocks * part / parts; block < blocks * (part + 1) / parts; ++block) {
      const int64_t first = block * kBlock, count = std::min(kBlock, n - first);
      std::fill(dot.begin(), dot.end(), 0.0f);
      for (int64_t d = 0; d < dims; ++d) {
        const float* column = columns.data() + d * n;
        for (int64_t r = 0; r < count; ++r) {
          const float v = rows[(first + r) * dims + d];
          float* out = dot.data() + r * n;
          for (int64_t j = 0; j < n; ++j) out[j] += v * column[j];
        }
      }
      for (int64_t r = 0; r < count; ++r) {
        const int64_t i = first + r;
        for (int64_t j = 0; j < n; ++j)
          order[size_t(j)] = {
              j == i ? std::numeric_limits<float>::infinity()
                     : std::max(0.0f, squares[size_t(i)] + squares[size_t(j)] - 2 * dot[size_t(r * n + j)]),
              int32_t(j)};
        std::partial_sort(order.begin(), order.begin() + k, order.end());
        for (int64_t j = 0; j < k; ++j) {
          graph.distance2[size_t(i * k + j)] = order[size_t(j)].first;
          graph.index[size_t(i * k + j)] = order[size_t(j)].second;
        }
      }
    }
  };
  std::vector<std::thread> helpers;
  for (int part = 1; part < parts; ++part) helpers.emplace_back(work, part);
  work(0);
  for (auto& helper : helpers) helper.join();
  return graph;
}

double neighbourhoodKept(const NeighbourGraph& graph, const std::vector<Point2>& layout, int64_t k) {
  checkNeighbourGraph(graph);
  const int64_t n = graph.points;
  if (layout.size() != size_t(n))
    throw std::invalid_argument("the layout has " + std::to_string(layout.size()) + " points, not " +
                                std::to_string(n));
  if (k < 1 || k > graph.k)
    throw std::invalid_argument("neighbourhoods of " + std::to_string(k) +
                                " need between 1 and the graph's " + std::to_string(graph.k) + " neighbours");
  std::vector<std::pair<double, int32_t>> distance(static_cast<size_t>(n));
  double kept = 0;
  for (int64_t i = 0; i < n; ++i) {
    for (int64_t j = 0; j < n; ++j) {
      const double dx = layout[size_t(i)][0] - layout[size_t(j)][0],
                   dy = layout[size_t(i)][1] - layout[size_t(j)][1];
      distance[size_t(j)] = {j == i ? std::numeric_limits<double>::infinity() : dx * dx + dy * dy,
                             int32_t(j)};
    }
    std::partial_sort(distance.begin(), distance.begin() + k, distance.end());
    std::vector<int32_t> near(static_cast<size_t>(k));
    for (int64_t j = 0; j < k; ++j) near[size_t(j)] = distance[size_t(j)].second;
    std::sort(near.begin(), near.end());
    int64_t found = 0;
    for (int64_t j = 0; j < k; ++j)
      found += std::binary_search(near.begin(), near.end(), graph.index[size_t(i * graph.k + j)]);
    kept += double(found) / double(k);
  }
  return kept / double(n);
}

}  // namespace studio::model
