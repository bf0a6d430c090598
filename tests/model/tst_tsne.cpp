// t-SNE (model/explaining/Projection): on points drawn around well-separated
// centres in 24 dimensions, the layout puts every point beside points of its
// own group and keeps far more of each neighbourhood than the projection it
// starts from; Barnes-Hut's approximation keeps as much as the exact
// gradient; one input gives one layout, on one thread or several; the
// neighbourhood measure is 1 for the original arrangement and about k / n
// for a shuffled one; a graph that does not fit is refused, naming what.
// On the embedding map (model/explaining/EmbeddingMap): the pieces' graph
// is the brute-force cosine order, the special pieces are left off the
// plane, a vocabulary too small for the perplexity gets the most it holds,
// and pieces in groups keep more of their neighbourhoods under t-SNE than on
// the principal components.
#include <QtTest/QtTest>

#include <algorithm>
#include <cmath>
#include <random>

#include "common/SuiteMain.h"
#include "common/TestUtil.h"
#include "model/data/Tokenizer.h"
#include "model/explaining/EmbeddingMap.h"
#include "model/explaining/Projection.h"

using namespace studio;
using model::NeighbourGraph;
using model::Point2;

namespace {

constexpr int kDims = 24;

struct Groups {
  std::vector<float> rows;  // n x kDims
  std::vector<int> group;
  int n = 0;
};

Groups groups(int n, int count, uint32_t seed) {
  std::mt19937 rng(seed);
  std::normal_distribution<float> normal;
  std::vector<float> centres(size_t(count) * kDims);
  for (auto& c : centres) c = 4 * normal(rng);
  Groups g;
  g.n = n;
  g.rows.resize(size_t(n) * kDims);
  for (int i = 0; i < n; ++i) {
    g.group.push_back(i % count);
    for (int d = 0; d < kDims; ++d)
      g.rows[size_t(i) * kDims + size_t(d)] = centres[size_t(i % count) * kDims + size_t(d)] + normal(rng);
  }
  return g;
}

double distance2(const Groups& g, int a, int b) {
  double sum = 0;
  for (int d = 0; d < kDims; ++d) {
    const double t = g.rows[size_t(a) * kDims + size_t(d)] - g.rows[size_t(b) * kDims + size_t(d)];
    sum += t * t;
  }
  return sum;
}

NeighbourGraph graphOf(const Groups& g, int64_t k) {
  NeighbourGraph graph;
  graph.points = g.n;
  graph.k = k;
  for (int i = 0; i < g.n; ++i) {
    std::vector<std::pair<double, int>> all;
    for (int j = 0; j < g.n; ++j)
      if (j != i) all.push_back({distance2(g, i, j), j});
    std::partial_sort(all.begin(), all.begin() + k, all.end());
    for (int64_t j = 0; j < k; ++j) {
      graph.index.push_back(all[size_t(j)].second);
      graph.distance2.push_back(float(all[size_t(j)].first));
    }
  }
  return graph;
}

// The starting projection: the first two coordinates, as a principal-components start would be.
std::vector<Point2> firstTwo(const Groups& g) {
  std::vector<Point2> out;
  for (int i = 0; i < g.n; ++i) out.push_back({g.rows[size_t(i) * kDims], g.rows[size_t(i) * kDims + 1]});
  return out;
}

// The share of points whose nearest on the layout is of their own group.
double nearestOfOwnGroup(const Groups& g, const std::vector<Point2>& layout) {
  int same = 0;
  for (int i = 0; i < g.n; ++i) {
    int best = -1;
    double best_d = 1e300;
    for (int j = 0; j < g.n; ++j) {
      if (j == i) continue;
      const double dx = layout[size_t(i)][0] - layout[size_t(j)][0],
                   dy = layout[size_t(i)][1] - layout[size_t(j)][1];
      if (dx * dx + dy * dy < best_d) best_d = dx * dx + dy * dy, best = j;
    }
    same += g.group[size_t(best)] == g.group[size_t(i)];
  }
  return double(same) / g.n;
}

template <typename Call>
QString refusal(Call call) {
  try {
    call();
  } catch (const std::invalid_argument& e) {
    return QString::fromUtf8(e.what());
  }
  return "accepted";
}

}  // namespace

class TestTsne : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void nearestNeighboursAreFoundExhaustively();
  void groupsStayTogetherAndNeighbourhoodsAreKept();
  void barnesHutKeepsAsMuchAsTheExactGradient();
  void oneInputGivesOneLayoutOnAnyNumberOfThreads();
  void theMeasureIsOneForTheOriginalAndSmallForAShuffle();
  void progressIsToldAndCanStopIt();
  void aGraphThatDoesNotFitIsRefused();
  void theEmbeddingMapsPiecesAreLaidOut();
};

void TestTsne::nearestNeighboursAreFoundExhaustively() {
  const Groups g = groups(301, 5, 8);  // 301 rows: blocks of 8 rows do not divide them
  const auto graph = model::nearestNeighbours(g.rows.data(), g.n, kDims, 12, 1);
  QCOMPARE(graph.points, int64_t(g.n));
  QCOMPARE(graph.k, int64_t(12));
  for (int i = 0; i < g.n; ++i) {
    std::vector<bool> listed(size_t(g.n), false);
    for (int j = 0; j < 12; ++j) {
      const int other = graph.index[size_t(i * 12 + j)];
      QVERIFY(other != i && !listed[size_t(other)]);
      listed[size_t(other)] = true;
      const double d = distance2(g, i, other);
      QVERIFY2(std::abs(graph.distance2[size_t(i * 12 + j)] - d) <= 1e-4 * d, qPrintable(QString::number(i)));
      if (j > 0) QVERIFY(graph.distance2[size_t(i * 12 + j)] >= graph.distance2[size_t(i * 12 + j - 1)]);
    }
    const double kth = graph.distance2[size_t(i * 12 + 11)];
    for (int other = 0; other < g.n; ++other)
      if (other != i && !listed[size_t(other)]) QVERIFY(distance2(g, i, other) >= kth * (1 - 1e-4));
  }
  // The same graph on several threads.
  const auto threaded = model::nearestNeighbours(g.rows.data(), g.n, kDims, 12, 3);
  QVERIFY(threaded.index == graph.index && threaded.distance2 == graph.distance2);
  QVERIFY(refusal([&] {
            model::nearestNeighbours(g.rows.data(), g.n, kDims, g.n, 1);
          }).contains("cannot be found"));
}

void TestTsne::groupsStayTogetherAndNeighbourhoodsAreKept() {
  const Groups g = groups(600, 12, 1);
  const auto graph = graphOf(g, model::tsneNeighbours(30, g.n));
  QCOMPARE(graph.k, int64_t(90));
  const auto start = firstTwo(g);
  const auto layout = model::tsneLayout(graph, start);
  QCOMPARE(layout.size(), size_t(g.n));
  for (const auto& p : layout) QVERIFY(std::isfinite(p[0]) && std::isfinite(p[1]));
  const double before = model::neighbourhoodKept(graph, start, 10);
  const double after = model::neighbourhoodKept(graph, layout, 10);
  QVERIFY2(after > 0.3 && after > 3 * before, qPrintable(QString("%1 -> %2").arg(before).arg(after)));
  QVERIFY2(nearestOfOwnGroup(g, layout) > 0.99, qPrintable(QString::number(nearestOfOwnGroup(g, layout))));
  QVERIFY2(nearestOfOwnGroup(g, start) < 0.9, qPrintable(QString::number(nearestOfOwnGroup(g, start))));
  // Centred on the origin.
  double mean[2] = {0, 0};
  for (const auto& p : layout) mean[0] += p[0] / g.n, mean[1] += p[1] / g.n;
  QVERIFY(std::abs(mean[0]) < 1e-6 && std::abs(mean[1]) < 1e-6);
}

void TestTsne::barnesHutKeepsAsMuchAsTheExactGradient() {
  const Groups g = groups(300, 6, 2);
  const auto graph = graphOf(g, model::tsneNeighbours(20, g.n));
  model::TsneOptions exact;
  exact.perplexity = 20;
  exact.theta = 0;
  model::TsneOptions approximate = exact;
  approximate.theta = 0.5;
  const double kept_exact = model::neighbourhoodKept(graph, model::tsneLayout(graph, firstTwo(g), exact), 10);
  const double kept_bh =
      model::neighbourhoodKept(graph, model::tsneLayout(graph, firstTwo(g), approximate), 10);
  QVERIFY2(std::abs(kept_exact - kept_bh) < 0.06 && kept_exact > 0.3,
           qPrintable(QString("exact %1, Barnes-Hut %2").arg(kept_exact).arg(kept_bh)));
}

void TestTsne::oneInputGivesOneLayoutOnAnyNumberOfThreads() {
  const Groups g = groups(700, 7, 3);
  const auto graph = graphOf(g, 90);
  model::TsneOptions one, three;
  one.iterations = three.iterations = 300;
  three.threads = 3;
  const auto a = model::tsneLayout(graph, firstTwo(g), one);
  QVERIFY(a == model::tsneLayout(graph, firstTwo(g), one));
  QVERIFY(a == model::tsneLayout(graph, firstTwo(g), three));
  // The start's scale does not matter: it is rescaled (to rounding, which the optimisation then
  // spreads: the same neighbourhoods, not the same coordinates).
  auto bigger = firstTwo(g);
  for (auto& p : bigger) p = {p[0] * 1000, p[1] * 1000};
  const double kept = model::neighbourhoodKept(graph, a, 10);
  const double kept_bigger = model::neighbourhoodKept(graph, model::tsneLayout(graph, bigger, one), 10);
  QVERIFY2(std::abs(kept - kept_bigger) < 0.03, qPrintable(QString("%1 %2").arg(kept).arg(kept_bigger)));
}

void TestTsne::theMeasureIsOneForTheOriginalAndSmallForAShuffle() {
  // Points on a line with unequal gaps: their own coordinates keep every neighbourhood.
  const int n = 400;
  std::vector<Point2> line;
  for (int i = 0; i < n; ++i) line.push_back({double(i) + 0.001 * i * i, 0});
  NeighbourGraph graph;
  graph.points = n;
  graph.k = 10;
  for (int i = 0; i < n; ++i) {
    std::vector<std::pair<double, int>> all;
    for (int j = 0; j < n; ++j)
      if (j != i) all.push_back({std::pow(line[size_t(i)][0] - line[size_t(j)][0], 2), j});
    std::sort(all.begin(), all.end());
    for (int j = 0; j < 10; ++j) {
      graph.index.push_back(all[size_t(j)].second);
      graph.distance2.push_back(float(all[size_t(j)].first));
    }
  }
  QCOMPARE(model::neighbourhoodKept(graph, line, 10), 1.0);
  auto shuffled = line;
  std::shuffle(shuffled.begin(), shuffled.end(), std::mt19937(4));
  const double kept = model::neighbourhoodKept(graph, shuffled, 10);
  QVERIFY2(kept < 0.08, qPrintable(QString::number(kept)));  // about 10 / 400 by chance
  QVERIFY(
      refusal([&] { model::neighbourhoodKept(graph, line, 11); }).contains("between 1 and the graph's 10"));
  QVERIFY(refusal([&] {
            model::neighbourhoodKept(graph, {line.begin(), line.end() - 1}, 10);
          }).contains("399 points, not 400"));
}

void TestTsne::progressIsToldAndCanStopIt() {
  const Groups g = groups(120, 4, 5);
  const auto graph = graphOf(g, 30);
  model::TsneOptions options;
  options.perplexity = 10;
  options.iterations = 300;
  std::vector<int> told;
  const auto layout = model::tsneLayout(graph, firstTwo(g), options, [&](int iteration) {
    told.push_back(iteration);
    return true;
  });
  QCOMPARE(layout.size(), size_t(g.n));
  QCOMPARE(told.size(), size_t(12));
  QCOMPARE(told.front(), 25);
  QCOMPARE(told.back(), 300);
  told.clear();
  const auto stopped = model::tsneLayout(graph, firstTwo(g), options, [&](int iteration) {
    told.push_back(iteration);
    return iteration < 100;
  });
  QVERIFY(stopped.empty());
  QCOMPARE(told.back(), 100);
}

void TestTsne::aGraphThatDoesNotFitIsRefused() {
  const Groups g = groups(50, 2, 6);
  const auto graph = graphOf(g, 12);
  const auto start = firstTwo(g);
  model::TsneOptions options;
  options.perplexity = 4;
  QCOMPARE(refusal([&] { model::tsneLayout(graph, start, options); }), QString("accepted"));
  auto bad = graph;
  bad.index[5 * 12 + 3] = 5;
  QVERIFY(refusal([&] {
            model::tsneLayout(bad, start, options);
          }).contains("neighbour 3 of point 5 is not another point"));
  bad = graph;
  bad.index[7] = 50;
  QVERIFY(refusal([&] { model::tsneLayout(bad, start, options); }).contains("neighbour 7 of point 0"));
  bad = graph;
  bad.distance2[13] = std::nanf("");
  QVERIFY(refusal([&] { model::tsneLayout(bad, start, options); }).contains("neighbour 1 of point 1"));
  bad = graph;
  bad.index.pop_back();
  QVERIFY(refusal([&] { model::tsneLayout(bad, start, options); }).contains("sizes do not fit"));
  QVERIFY(refusal([&] {
            model::tsneLayout(graph, {start.begin(), start.end() - 2}, options);
          }).contains("48 points, not 50"));
  auto nan_start = start;
  nan_start[3][1] = std::nan("");
  QVERIFY(refusal([&] { model::tsneLayout(graph, nan_start, options); }).contains("not finite"));
  options.perplexity = 13;
  QVERIFY(refusal([&] { model::tsneLayout(graph, start, options); }).contains("the graph's 12 neighbours"));
  options.perplexity = 4;
  options.iterations = 0;
  QVERIFY(refusal([&] { model::tsneLayout(graph, start, options); }).contains("iterations"));
  NeighbourGraph two;
  two.points = 2;
  two.k = 1;
  two.index = {1, 0};
  two.distance2 = {1, 1};
  QVERIFY(refusal([&] { model::tsneLayout(two, {{0, 0}, {1, 1}}); }).contains("at least 3 points"));
}

void TestTsne::theEmbeddingMapsPiecesAreLaidOut() {
  QTemporaryDir dir;
  const std::string data =
      test::prepareNumberedCorpus(dir.path().toStdString(), {"mở tập tin", "đóng cửa sổ"},
                                  {"open the file", "close the window"}, 150, 60);
  data::Tokenizer tokenizer(data + "/spm.model");
  auto options = test::smallOptions();
  options.vocab_size = tokenizer.vocabSize();
  torch::manual_seed(7);
  model::Transformer m(options);
  {
    // Rows around twelve directions, as pieces of twelve kinds would lie: t-SNE keeps the groups apart,
    // two components cannot.
    torch::NoGradGuard no_grad;
    auto weight = m->embeddingWeight();
    const torch::Tensor centres = 3 * torch::randn({12, options.d_model});
    for (int64_t id = 0; id < weight.size(0); ++id)
      weight[id].copy_(centres[id % 12] + torch::randn({options.d_model}));
  }
  const auto map = model::embeddingMap(m, tokenizer);
  std::vector<int64_t> ids;
  const auto graph = model::pieceGraph(map, 5, &ids);
  QCOMPARE(graph.points, model::mappedPieces(map));
  QCOMPARE(int64_t(ids.size()), graph.points);
  for (size_t i = 0; i < ids.size(); ++i) {
    QVERIFY(map.points[size_t(ids[i])].script != model::PieceScript::Special);
    // The graph's neighbours are nearestPieces' order, at 2 - 2 cos.
    const auto nearest = model::nearestPieces(map, ids[i], 5);
    for (size_t j = 0; j < 5; ++j) {
      QCOMPARE(int64_t(ids[size_t(graph.index[i * 5 + j])]), nearest[j].id);
      QVERIFY(std::abs(graph.distance2[i * 5 + j] - (2 - 2 * nearest[j].cosine)) < 1e-5);
    }
  }
  const auto principal = model::principalLayout(map);
  QCOMPARE(principal.points.size(), map.points.size());
  QCOMPARE(principal.points[9][0], map.points[9].x);
  const auto tsne = model::tsnePieceLayout(map);
  QCOMPARE(tsne.points.size(), map.points.size());
  for (size_t id = 0; id < map.points.size(); ++id)
    QCOMPARE(std::isnan(tsne.points[id][0]), map.points[id].script == model::PieceScript::Special);
  QCOMPARE(tsne.layout, model::EmbeddingLayout::Tsne);
  QCOMPARE(tsne.perplexity, std::min(30.0, double(graph.points - 1) / 3));  // a small vocabulary: lowered
  QVERIFY2(tsne.neighbourhood_kept > principal.neighbourhood_kept,
           qPrintable(QString("%1 %2").arg(tsne.neighbourhood_kept).arg(principal.neighbourhood_kept)));
  QVERIFY(refusal([&] { model::pieceGraph(map, graph.points); }).contains("nearest need more than"));
}

STUDIO_TEST_MAIN(TestTsne)
#include "tst_tsne.moc"
