// Explanation by examples (model/explaining/Neighbours.h): a pair of the
// index finds its own states first, at every position and on both sides,
// though the index encoded it padded in a batch; the nearest states equal a
// search over every pair's states computed one pair at a time; distinct
// pairs, copies and the evenly spaced sample; long pairs cut as in training;
// bad input refused; stopping; the JSON.

#include <random>

#include <torch/torch.h>
#include <QtTest/QtTest>
#include <nlohmann/json.hpp>

#include "common/SuiteMain.h"
#include "model/Transformer.h"
#include "model/explaining/Neighbours.h"

using namespace studio;

namespace {

model::TransformerOptions neighbourOptions(double dropout = 0.0) {
  model::TransformerOptions o;
  o.vocab_size = 80;
  o.encoder_layers = 2;
  o.decoder_layers = 2;
  o.d_model = 32;
  o.heads = 4;
  o.d_ff = 64;
  o.dropout = dropout;
  o.max_length = 16;
  return o;
}

model::Transformer randomModel(double dropout = 0.0) {
  torch::manual_seed(7);
  model::Transformer m(neighbourOptions(dropout));
  // Biases and gains away from their initial values, so that every part counts.
  torch::NoGradGuard no_grad;
  for (auto& p : m->parameters())
    if (p.dim() == 1) p.add_(torch::randn_like(p) * 0.1);
  return m;
}

// Pair i starts with id 4 + i on both sides (so that no two pairs share a
// state), then 2..7 random ids from 44..79.
data::EncodedSplit distinctPairs(size_t n, std::mt19937& rng) {
  data::EncodedSplit split;
  for (size_t i = 0; i < n; ++i) {
    std::vector<int> src{int(4 + i)}, tgt{int(4 + i)};
    const size_t s = 2 + rng() % 6, t = 2 + rng() % 6;
    for (size_t k = 0; k < s; ++k) src.push_back(int(44 + rng() % 36));
    for (size_t k = 0; k < t; ++k) tgt.push_back(int(44 + rng() % 36));
    split.add(src, tgt);
  }
  return split;
}

std::vector<int64_t> ids(const int32_t* begin, int64_t length) { return {begin, begin + length}; }

std::string pieceName(int id) {
  std::string name = std::to_string(id);
  name.insert(name.begin(), 'p');
  return name;
}

}  // namespace

class TestNeighbours : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void everyIndexedStateFindsItselfFirst();
  void nearestIsTheSearchOverEveryPairsStates();
  void distinctPairsCopiesAndTheEvenSample();
  void longPairsAreCutAsInTraining();
  void badInputIsRefusedAndStoppingLeavesNothing();
  void theModelsModeIsKeptAndDropoutIsOff();
  void theJsonNamesEachNeighbour();
  void aLayersStatesAreThatLayersOutput();
};

void TestNeighbours::everyIndexedStateFindsItselfFirst() {
  std::mt19937 rng(1);
  const auto split = distinctPairs(30, rng);
  auto m = randomModel();
  model::StateIndexOptions options;
  options.pairs = 0;
  options.batch_tokens = 40;  // several batches of mixed lengths, padded
  const auto index = model::StateIndex::build(m, split, options);
  QCOMPARE(index.pairs().size(), size_t(30));
  int64_t source_rows = 0, target_rows = 0;
  for (size_t i = 0; i < split.size(); ++i) {
    source_rows += split.srcLength(i) + 1;
    target_rows += split.tgtLength(i) + 1;
  }
  QCOMPARE(index.states(model::StateSide::Source), source_rows);
  QCOMPARE(index.states(model::StateSide::Target), target_rows);
  for (size_t p = 0; p < index.pairs().size(); ++p) {
    const auto& pair = index.pairs()[p];
    QCOMPARE(pair.line, p);
    QCOMPARE(pair.copies, size_t(1));
    const auto states =
        model::sentenceStates(m, {pair.src.begin(), pair.src.end()}, {pair.tgt.begin(), pair.tgt.end()});
    QCOMPARE(states.source.size(0), int64_t(pair.src.size() + 1));
    QCOMPARE(states.target.size(0), int64_t(pair.tgt.size() + 1));
    for (auto side : {model::StateSide::Source, model::StateSide::Target}) {
      const auto found =
          index.nearest(side, side == model::StateSide::Source ? states.source : states.target, 3);
      for (size_t position = 0; position < found.size(); ++position) {
        const auto& best = found[position].at(0);
        QVERIFY2(best.pair == p && best.position == int64_t(position),
                 qPrintable(QString("pair %1 position %2 found pair %3 position %4")
                                .arg(p)
                                .arg(position)
                                .arg(best.pair)
                                .arg(best.position)));
        QVERIFY2(best.similarity > 0.9999f, qPrintable(QString::number(best.similarity)));
        QVERIFY(found[position][1].similarity < best.similarity);  // no other pair shares it
      }
    }
  }
}

void TestNeighbours::nearestIsTheSearchOverEveryPairsStates() {
  std::mt19937 rng(2);
  const auto split = distinctPairs(25, rng);
  auto m = randomModel();
  model::StateIndexOptions options;
  options.pairs = 0;
  options.batch_tokens = 64;
  const auto index = model::StateIndex::build(m, split, options);
  // Every state of every pair, computed alone, and where it is.
  std::vector<torch::Tensor> source, target;
  std::vector<std::pair<size_t, int64_t>> source_at, target_at;
  for (size_t i = 0; i < split.size(); ++i) {
    const auto states = model::sentenceStates(m, ids(split.src(i), split.srcLength(i)),
                                              ids(split.tgt(i), split.tgtLength(i)));
    source.push_back(states.source);
    target.push_back(states.target);
    for (int64_t k = 0; k < states.source.size(0); ++k) source_at.emplace_back(i, k);
    for (int64_t k = 0; k < states.target.size(0); ++k) target_at.emplace_back(i, k);
  }
  const auto queries = torch::randn({6, 32});
  for (auto side : {model::StateSide::Source, model::StateSide::Target}) {
    const auto all = torch::cat(side == model::StateSide::Source ? source : target);
    const auto& at = side == model::StateSide::Source ? source_at : target_at;
    const auto found = index.nearest(side, queries, 5);
    QCOMPARE(found.size(), size_t(6));
    for (int64_t q = 0; q < 6; ++q) {
      // Cosine similarity written out.
      std::vector<std::pair<double, size_t>> scored;
      const auto query = queries[q];
      for (int64_t r = 0; r < all.size(0); ++r) {
        const double cosine = (query * all[r]).sum().item<double>() /
                              (query.norm().item<double>() * all[r].norm().item<double>());
        scored.emplace_back(cosine, size_t(r));
      }
      std::stable_sort(scored.begin(), scored.end(),
                       [](const auto& a, const auto& b) { return a.first > b.first; });
      QCOMPARE(found[size_t(q)].size(), size_t(5));
      for (size_t r = 0; r < 5; ++r) {
        const auto& hit = found[size_t(q)][r];
        QVERIFY2(std::abs(hit.similarity - scored[r].first) < 1e-4,
                 qPrintable(QString("%1 vs %2").arg(hit.similarity).arg(scored[r].first)));
        // The same state, unless two came within rounding of each other.
        if (r + 1 < scored.size() && scored[r].first - scored[r + 1].first > 1e-4 &&
            (r == 0 || scored[r - 1].first - scored[r].first > 1e-4)) {
          QCOMPARE(hit.pair, at[scored[r].second].first);
          QCOMPARE(hit.position, at[scored[r].second].second);
        }
      }
    }
  }
}

void TestNeighbours::distinctPairsCopiesAndTheEvenSample() {
  // Ten distinct pairs; pair 0 three times, pair 4 twice (lines 0, 3, 7 and 5, 12).
  data::EncodedSplit split;
  auto add = [&](int n) { split.add({4 + n, 50, 51}, {4 + n, 60}); };
  for (int n : {0, 1, 2, 0, 3, 4, 5, 0, 6, 7, 8, 9, 4}) add(n);
  auto m = randomModel();
  model::StateIndexOptions options;
  options.pairs = 0;
  auto index = model::StateIndex::build(m, split, options);
  QCOMPARE(index.splitPairs(), size_t(13));
  QCOMPARE(index.distinctPairs(), size_t(10));
  QCOMPARE(index.pairs().size(), size_t(10));
  const std::vector<size_t> first_lines{0, 1, 2, 4, 5, 6, 8, 9, 10, 11};
  for (size_t i = 0; i < 10; ++i) QCOMPARE(index.pairs()[i].line, first_lines[i]);
  QCOMPARE(index.pairs()[0].copies, size_t(3));
  QCOMPARE(index.pairs()[4].copies, size_t(2));
  QCOMPARE(index.pairs()[1].copies, size_t(1));
  QCOMPARE(index.pairs()[4].src, (std::vector<int32_t>{8, 50, 51}));

  // Three of the ten, evenly spaced: distinct pairs 0, 3 and 6.
  options.pairs = 3;
  index = model::StateIndex::build(m, split, options);
  QCOMPARE(index.pairs().size(), size_t(3));
  QCOMPARE(index.distinctPairs(), size_t(10));
  QCOMPARE(index.pairs()[0].line, size_t(0));
  QCOMPARE(index.pairs()[1].line, size_t(4));
  QCOMPARE(index.pairs()[2].line, size_t(8));
  QCOMPARE(index.states(model::StateSide::Source), int64_t(3 * 4));
  // More asked than there are: every one.
  options.pairs = 50;
  QCOMPARE(model::StateIndex::build(m, split, options).pairs().size(), size_t(10));
}

void TestNeighbours::longPairsAreCutAsInTraining() {
  data::EncodedSplit split;
  std::vector<int> longer;
  for (int k = 0; k < 30; ++k) longer.push_back(44 + k % 30);
  split.add(longer, longer);
  split.add({5, 50}, {5, 60});
  auto m = randomModel();
  const auto index = model::StateIndex::build(m, split);
  const size_t limit = size_t(neighbourOptions().max_length - 1);
  QCOMPARE(index.pairs()[0].src.size(), limit);
  QCOMPARE(index.pairs()[0].tgt.size(), limit);
  QCOMPARE(index.states(model::StateSide::Source), int64_t(limit + 1 + 3));
  // The cut pair finds itself.
  const auto& pair = index.pairs()[0];
  const auto states =
      model::sentenceStates(m, {pair.src.begin(), pair.src.end()}, {pair.tgt.begin(), pair.tgt.end()});
  const auto found = index.nearest(model::StateSide::Target, states.target, 1);
  QCOMPARE(found.back().at(0).pair, size_t(0));
  QCOMPARE(found.back().at(0).position, int64_t(limit));
}

void TestNeighbours::badInputIsRefusedAndStoppingLeavesNothing() {
  auto m = randomModel();
  QVERIFY_THROWS_EXCEPTION(std::invalid_argument, model::StateIndex::build(m, data::EncodedSplit{}));
  std::vector<int64_t> too_long(16, 44);
  try {
    model::sentenceStates(m, too_long, {44});
    QFAIL("a source of 16 pieces was taken by a model of max_length 16");
  } catch (const std::invalid_argument& e) {
    QVERIFY2(QString(e.what()).contains("15 pieces"), e.what());
  }
  std::mt19937 rng(3);
  const auto split = distinctPairs(20, rng);
  model::StateIndexOptions options;
  options.batch_tokens = 20;
  const auto index = model::StateIndex::build(m, split, options);
  QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                           index.nearest(model::StateSide::Source, torch::randn({2, 31}), 3));
  QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                           index.nearest(model::StateSide::Source, torch::randn({32}), 3));
  // More neighbours asked than there are states: every state, once.
  const auto every = index.nearest(model::StateSide::Target, torch::randn({1, 32}), 100000);
  QCOMPARE(int64_t(every[0].size()), index.states(model::StateSide::Target));

  size_t calls = 0, last_done = 0;
  const auto stopped = model::StateIndex::build(m, split, options, [&](size_t done, size_t total) {
    ++calls;
    last_done = done;
    return total == 20 && calls < 2;
  });
  QVERIFY(stopped.stopped());
  QCOMPARE(calls, size_t(2));
  QVERIFY(last_done < 20);
  QVERIFY(stopped.pairs().empty());
  QCOMPARE(stopped.states(model::StateSide::Source), int64_t(0));
  QVERIFY_THROWS_EXCEPTION(std::logic_error,
                           stopped.nearest(model::StateSide::Source, torch::randn({1, 32}), 1));
}

void TestNeighbours::theModelsModeIsKeptAndDropoutIsOff() {
  std::mt19937 rng(4);
  const auto split = distinctPairs(10, rng);
  auto m = randomModel(/*dropout=*/0.5);
  m->train();
  const auto once = model::StateIndex::build(m, split);
  QVERIFY(m->is_training());
  const auto& pair = once.pairs()[3];
  const auto states =
      model::sentenceStates(m, {pair.src.begin(), pair.src.end()}, {pair.tgt.begin(), pair.tgt.end()});
  QVERIFY(m->is_training());
  // Dropout off: the state computed alone is the indexed one.
  const auto found = once.nearest(model::StateSide::Source, states.source, 1);
  for (size_t k = 0; k < found.size(); ++k) {
    QCOMPARE(found[k][0].pair, size_t(3));
    QVERIFY(found[k][0].similarity > 0.9999f);
  }
}

void TestNeighbours::theJsonNamesEachNeighbour() {
  data::EncodedSplit split;
  for (int n : {0, 1, 2, 1}) split.add({4 + n, 50}, {4 + n, 60, 61});
  auto m = randomModel();
  const auto index = model::StateIndex::build(m, split);
  const auto found = model::findNeighbours(m, index, {5, 50}, {5, 60, 61}, 2, pieceName);
  QCOMPARE(found.source_pieces, (std::vector<std::string>{"p5", "p50", "</s>"}));
  QCOMPARE(found.output_pieces, (std::vector<std::string>{"p5", "p60", "p61", "</s>"}));
  const auto json = model::neighboursJson(index, found, pieceName);
  QCOMPARE(json["pairs_indexed"].get<size_t>(), size_t(3));
  QCOMPARE(json["distinct_pairs"].get<size_t>(), size_t(3));
  QCOMPARE(json["split_pairs"].get<size_t>(), size_t(4));
  QCOMPARE(json["source_states"].get<int64_t>(), int64_t(3 * 3));
  QCOMPARE(json["output_states"].get<int64_t>(), int64_t(3 * 4));
  QCOMPARE(json["source_neighbours"].size(), size_t(3));
  QCOMPARE(json["output_neighbours"].size(), size_t(4));
  // The sentence is pair 1 (lines 2 and 4): it comes first, line 2 (from 1), twice in the split.
  for (const char* side : {"source_neighbours", "output_neighbours"}) {
    const auto& lists = json[side];
    for (size_t i = 0; i < lists.size(); ++i) {
      QCOMPARE(lists[i].size(), size_t(2));
      const auto& best = lists[i][0];
      QCOMPARE(best["line"].get<size_t>(), size_t(2));
      QCOMPARE(best["copies"].get<size_t>(), size_t(2));
      QCOMPARE(best["position"].get<size_t>(), i);
      const auto& pieces = std::string(side) == "source_neighbours" ? best["source"] : best["target"];
      QCOMPARE(best["piece"], pieces[i]);
      QCOMPARE(best["source"].back().get<std::string>(), std::string("</s>"));
      QVERIFY(best["similarity"].get<double>() > 0.9999);
      QVERIFY(lists[i][1]["similarity"].get<double>() <= best["similarity"].get<double>());
    }
  }
}

void TestNeighbours::aLayersStatesAreThatLayersOutput() {
  // A model with fewer layers, holding the first ones of a two-layer model
  // (post-norm: no final norm), outputs what those layers output: one
  // encoder layer for the source side; for the target side, both encoder
  // layers (every decoder layer reads the whole encoder's output) and one
  // decoder layer.
  auto two = randomModel();
  auto cut = [&](int64_t encoder_layers, int64_t decoder_layers) {
    auto o = neighbourOptions();
    o.encoder_layers = encoder_layers;
    o.decoder_layers = decoder_layers;
    model::Transformer m(o);
    torch::NoGradGuard no_grad;
    const auto from = two->named_parameters();
    for (auto& p : m->named_parameters()) p.value().copy_(from[p.key()]);
    return m;
  };
  const std::vector<int64_t> src{5, 50, 51, 52}, tgt{5, 60, 61};
  const auto first = model::sentenceStates(two, src, tgt, 0);
  QVERIFY(torch::allclose(first.source, model::sentenceStates(cut(1, 1), src, tgt).source, 1e-5, 1e-5));
  QVERIFY(torch::allclose(first.target, model::sentenceStates(cut(2, 1), src, tgt).target, 1e-5, 1e-5));
  // The last layer of a post-norm stack is its output; the first is not.
  const auto out = model::sentenceStates(two, src, tgt);
  QVERIFY(torch::allclose(model::sentenceStates(two, src, tgt, 1).target, out.target, 1e-6, 1e-6));
  QVERIFY(!torch::allclose(first.target, out.target, 1e-3, 1e-3));

  // An index of layer 0: each state finds itself; the sentence's states come from that layer.
  std::mt19937 rng(5);
  const auto split = distinctPairs(12, rng);
  model::StateIndexOptions options;
  options.layer = 0;
  const auto index = model::StateIndex::build(two, split, options);
  QCOMPARE(index.layer(), int64_t(0));
  const auto& pair = index.pairs()[7];
  const std::vector<int64_t> s7(pair.src.begin(), pair.src.end()), t7(pair.tgt.begin(), pair.tgt.end());
  const auto found = model::findNeighbours(two, index, s7, t7, 1, pieceName);
  for (const auto& list : found.target) {
    QCOMPARE(list.at(0).pair, size_t(7));
    QVERIFY(list.at(0).similarity > 0.9999f);
  }
  QCOMPARE(model::neighboursJson(index, found, pieceName)["layer"].get<int64_t>(), int64_t(0));
  options.layer = 2;  // the model has layers 0 and 1
  try {
    model::StateIndex::build(two, split, options);
    QFAIL("layer 2 of a two-layer model was indexed");
  } catch (const std::invalid_argument& e) {
    QVERIFY2(QString(e.what()).contains("2 encoder and 2 decoder layers"), e.what());
  }
  QVERIFY_THROWS_EXCEPTION(std::invalid_argument, model::sentenceStates(two, src, tgt, -2));
}

STUDIO_TEST_MAIN(TestNeighbours)
#include "tst_neighbours.moc"
