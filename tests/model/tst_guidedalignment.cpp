// Guided alignment (data/WordAligner.h, training/GuidedAlignment.h): the
// aligner finds an alignment hidden in a made-up corpus that the diagonal
// alone misses; grow-diag-final-and by hand; a batch's targets spread each
// link over its words' pieces; the loss trains one head to align where its
// unguided twin does not; a guided run records its head, logs the loss and
// resumes; bad options are refused.

#include <algorithm>
#include <cmath>
#include <fstream>
#include <random>
#include <set>

#include <torch/torch.h>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest/QtTest>
#include <nlohmann/json.hpp>

#include "common/FileUtil.h"
#include "common/SuiteMain.h"
#include "common/TestUtil.h"
#include "model/data/Batching.h"
#include "model/data/Tokenizer.h"
#include "model/data/WordAligner.h"
#include "model/files/ModelFile.h"
#include "model/training/GuidedAlignment.h"
#include "model/training/Loss.h"
#include "model/training/Optimizer.h"
#include "model/training/Schedule.h"
#include "model/training/Trainer.h"

using namespace studio;

namespace guided_alignment_suite {

const std::string kMark = "\xe2\x96\x81";

// A corpus whose target words are the source words' translations (word w
// becomes 1000 + w), in an order that moves them far from the diagonal: the
// sentence's halves swapped. Returns the true links of every pair.
std::vector<data::WordLinks> swappedHalves(std::mt19937& rng, size_t pairs,
                                           std::vector<data::WordIds>& sources,
                                           std::vector<data::WordIds>& targets) {
  std::uniform_int_distribution<int> length(4, 10), word(0, 59);
  std::vector<data::WordLinks> truth;
  for (size_t p = 0; p < pairs; ++p) {
    const int n = length(rng);
    data::WordIds source, target(size_t(n), 0);
    while (int(source.size()) < n)  // each word once: no two links that a sentence cannot tell apart
      if (const int w = word(rng); std::find(source.begin(), source.end(), w) == source.end())
        source.push_back(w);
    const int half = n / 2;
    data::WordLinks links;
    for (int s = 0; s < n; ++s) {
      const int t = s < half ? s + (n - half) : s - half;
      target[size_t(t)] = 1000 + source[size_t(s)];
      links.emplace_back(uint16_t(s), uint16_t(t));
    }
    std::sort(links.begin(), links.end());
    sources.push_back(std::move(source));
    targets.push_back(std::move(target));
    truth.push_back(std::move(links));
  }
  return truth;
}

double f1(const std::vector<data::WordLinks>& found, const std::vector<data::WordLinks>& truth) {
  size_t right = 0, found_count = 0, true_count = 0;
  for (size_t p = 0; p < truth.size(); ++p) {
    const std::set<std::pair<uint16_t, uint16_t>> gold(truth[p].begin(), truth[p].end());
    for (const auto& link : found[p]) right += gold.count(link);
    found_count += found[p].size();
    true_count += truth[p].size();
  }
  const double precision = double(right) / double(std::max<size_t>(1, found_count));
  const double recall = double(right) / double(std::max<size_t>(1, true_count));
  return precision + recall > 0 ? 2 * precision * recall / (precision + recall) : 0.0;
}

// The share of the reversal task's target pieces whose strongest source
// piece in head 0 of decoder layer `layer` is the one it reverses.
double headOnTheAntiDiagonal(model::Transformer& m, int64_t layer) {
  std::mt19937 rng(77);
  const auto batch = test::makeSequenceBatch(rng, 64, /*reverse=*/true, m->options());
  torch::NoGradGuard no_grad;
  m->eval();
  model::AttentionMaps maps;
  m(batch.src, batch.target_in, &maps);
  const auto head = maps.cross.at(size_t(layer)).select(1, 0);  // [B, T, S]
  int right = 0, all = 0;
  for (int64_t b = 0; b < head.size(0); ++b) {
    const auto n = int64_t(batch.targets[size_t(b)].size());
    for (int64_t t = 0; t < n; ++t, ++all) right += head[b][t].argmax().item<int64_t>() == n - 1 - t;
  }
  m->train();
  return double(right) / all;
}

// The reversal task's alignment as targets [B, T, S]: target t on source n - 1 - t.
torch::Tensor reversalTargets(const test::SequenceBatch& batch) {
  auto targets = torch::zeros({batch.target_in.size(0), batch.target_in.size(1), batch.src.size(1)});
  for (int64_t b = 0; b < targets.size(0); ++b) {
    const auto n = int64_t(batch.targets[size_t(b)].size());
    for (int64_t t = 0; t < n; ++t) targets[b][t][n - 1 - t] = 1.0f;
  }
  return targets;
}

}  // namespace guided_alignment_suite

using namespace guided_alignment_suite;

class TestGuidedAlignment : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void theAlignerFindsAHiddenAlignment();
  void growDiagFinalAndByHand();
  void aBatchsTargetsSpreadEachLinkOverItsPieces();
  void theLossTrainsTheHeadToAlign();
  void aGuidedRunRecordsItsHeadAndResumes();
  void badOptionsAreRefused();
};

void TestGuidedAlignment::theAlignerFindsAHiddenAlignment() {
  std::mt19937 rng(3);
  std::vector<data::WordIds> sources, targets;
  const auto truth = swappedHalves(rng, 3000, sources, targets);
  const auto result = data::alignCorpus(sources, targets);
  QCOMPARE(result.links.size(), truth.size());
  const double found = f1(result.links, truth);
  // The diagonal alone (the first E step's guess) puts most links in the wrong half.
  data::WordAlignerOptions diagonal_only;
  diagonal_only.iterations = 1;
  diagonal_only.learn_tension = false;
  diagonal_only.tension = 100;
  std::vector<data::WordLinks> diagonal;
  for (size_t p = 0; p < sources.size(); ++p) {
    std::vector<int> forward(targets[p].size()), backward(sources[p].size());
    for (size_t t = 0; t < forward.size(); ++t) forward[t] = int(t);
    for (size_t s = 0; s < backward.size(); ++s) backward[s] = int(s);
    diagonal.push_back(data::growDiagFinalAnd(forward, backward));
  }
  const double along_the_diagonal = f1(diagonal, truth);
  qInfo("aligner F1 %.3f, the diagonal %.3f; tension %.2f / %.2f", found, along_the_diagonal,
        result.forward.tension, result.backward.tension);
  QVERIFY2(found > 0.95, qPrintable(QString::number(found)));
  QVERIFY2(along_the_diagonal < 0.3, qPrintable(QString::number(along_the_diagonal)));
  // The halves swapped: the diagonal is no help, so EM learns to lean on it less.
  QVERIFY2(result.forward.tension < 4.0, qPrintable(QString::number(result.forward.tension)));
  QVERIFY(std::isfinite(result.forward.log_likelihood) && result.forward.log_likelihood < 0);

  // Empty sides get no links; a stop returns nothing.
  const auto some = data::alignCorpus({{1, 2}, {}, {3}}, {{7, 8}, {9}, {}});
  QCOMPARE(some.links.size(), size_t(3));
  QVERIFY(!some.links[0].empty() && some.links[1].empty() && some.links[2].empty());
  int heard = 0;
  const auto stopped = data::alignCorpus(sources, targets, {}, [&](int done, int total) {
    ++heard;
    return done < total / 2;
  });
  QVERIFY(stopped.links.empty());
  QCOMPARE(heard, 5);
}

void TestGuidedAlignment::growDiagFinalAndByHand() {
  // forward: target t's source; backward: source s's target.
  //   targets 0 1 2 3     forward 0->0 1->1 2->1 3->-1
  //   sources 0 1 2       backward 0->0 1->2 2->3
  // Intersection: (0,0), (1,2). grow-diag adds (1,1) (a neighbour of (1,2) in
  // the union whose target 1 has no link) and (2,3) (diagonal neighbour of
  // (1,2), both words free). Nothing is left for final-and.
  QCOMPARE(data::growDiagFinalAnd({0, 1, 1, -1}, {0, 2, 3}),
           (data::WordLinks{{0, 0}, {1, 1}, {1, 2}, {2, 3}}));
  // final-and: a union link far from the rest joins when both its words are free.
  QCOMPARE(data::growDiagFinalAnd({0, -1, -1, 3}, {0, -1, -1, -1}), (data::WordLinks{{0, 0}, {3, 3}}));
  // ... and not when one of them has a link already.
  QCOMPARE(data::growDiagFinalAnd({0, -1, 0}, {0}), (data::WordLinks{{0, 0}}));
  QVERIFY(data::growDiagFinalAnd({}, {}).empty());
}

void TestGuidedAlignment::aBatchsTargetsSpreadEachLinkOverItsPieces() {
  QTemporaryDir dir;
  const auto folder = test::prepareNumberedCorpus(dir.path().toStdString(), {"mở tập tin", "đóng cửa sổ"},
                                                  {"open file", "close window"}, 120, 60);
  const data::Tokenizer tokenizer(folder + "/spm.model");
  const model::PieceWordSplitter splitter(tokenizer);
  data::EncodedSplit split;
  split.add(tokenizer.encode("mở tập tin 12"), tokenizer.encode("open file 12"));
  split.add(tokenizer.encode("đóng"), tokenizer.encode("close"));
  // Links: open <- mở; file <- tập, tin; 12 <- 12. The second pair none.
  const std::vector<data::WordLinks> links{{{0, 0}, {1, 1}, {2, 1}, {3, 2}}, {}};
  const auto t = data::makeBatchTensors(split, {0, 1}, 0, 2, 3);
  const auto targets =
      model::alignmentTargets(split, {0, 1}, links, splitter, t.target_in.size(1), t.src.size(1));
  QCOMPARE(targets.sizes(), (c10::IntArrayRef{2, t.target_in.size(1), t.src.size(1)}));
  // The words of each piece, counted here from the pieces' marks: a piece
  // with the mark starts a word, but the one after a bare mark (this small
  // vocabulary spells "open" as "▁ o p e n") belongs to the mark's.
  auto wordsOf = [&](const std::string& text) {
    std::vector<int> word;
    int w = -1;
    bool after_bare_mark = false;
    for (const auto& piece : tokenizer.pieces(text)) {
      if (piece.rfind(kMark, 0) == 0 && !after_bare_mark) ++w;
      after_bare_mark = piece == kMark;
      word.push_back(std::max(w, 0));
    }
    return word;
  };
  const auto source_word = wordsOf("mở tập tin 12"), target_word = wordsOf("open file 12");
  QCOMPARE(int64_t(source_word.size()), split.srcLength(0));
  QCOMPARE(int64_t(target_word.size()), split.tgtLength(0));
  const std::vector<std::set<int>> linked{{0}, {1, 2}, {3}};  // target word -> source words
  for (int64_t p = 0; p < t.target_in.size(1); ++p)
    for (int64_t s = 0; s < t.src.size(1); ++s) {
      float expected = 0;
      if (p < int64_t(target_word.size()) && s < int64_t(source_word.size())) {
        const auto& words = linked[size_t(target_word[size_t(p)])];
        int pieces = 0;
        for (int w : source_word) pieces += int(words.count(w));
        if (words.count(source_word[size_t(s)])) expected = 1.0f / float(pieces);
      }
      QVERIFY2(std::abs(targets[0][p][s].item<float>() - expected) < 1e-6f,
               qPrintable(QString("piece %1, source piece %2: %3, expected %4")
                              .arg(p)
                              .arg(s)
                              .arg(targets[0][p][s].item<float>())
                              .arg(expected)));
    }
  QCOMPARE(targets[1].abs().sum().item<float>(), 0.0f);  // no links, no targets
  // Each linked row sums to 1; the end of sentence's row is zero.
  const auto sums = targets[0].sum(-1);
  for (int64_t p = 0; p < split.tgtLength(0); ++p) QVERIFY(std::abs(sums[p].item<float>() - 1.0f) < 1e-5f);
  QCOMPARE(sums[split.tgtLength(0)].item<float>(), 0.0f);

  // The loss: minus the targets' weighted log-attention, and its gradient reaches the attention.
  auto attention = torch::full({1, 2, 3}, 1.0f / 3).requires_grad_(true);
  auto hand = torch::zeros({1, 2, 3});
  hand[0][0][1] = 0.5f;
  hand[0][0][2] = 0.5f;
  hand[0][1][0] = 1.0f;
  const auto loss = model::guidedAlignmentLoss(attention, hand);
  QVERIFY(std::abs(loss.item<double>() - 2 * std::log(3.0)) < 1e-4);
  loss.backward();
  QVERIFY(std::abs(attention.grad()[0][1][0].item<float>() + 1.0f / (1.0f / 3 + 1e-6f)) < 1e-3f);
  QCOMPARE(attention.grad()[0][1][1].item<float>(), 0.0f);
}

void TestGuidedAlignment::theLossTrainsTheHeadToAlign() {
  // Two models of the reversal task from the same start, one with its first
  // layer's head 0 guided to the task's alignment: that head learns it, its
  // unguided twin's does not.
  constexpr int64_t kLayer = 0, kSteps = 250;
  auto options = test::taskModelOptions();
  bool attached = true;  // the head's weights came with their graph at every step
  auto train = [&](double weight) {
    torch::manual_seed(5);
    model::Transformer m(options);
    m->train();
    auto adam = model::makeAdam(m->parameters(), 0.0);
    std::mt19937 rng(9);
    for (int64_t step = 1; step <= kSteps; ++step) {
      const auto batch = test::makeSequenceBatch(rng, 64, /*reverse=*/true, options);
      model::setLearningRate(*adam, model::noamLearningRate(step, options.d_model, 200, 1.0));
      adam->zero_grad();
      model::AttentionMaps maps;
      maps.weights = false;
      maps.attached_cross_layer = kLayer;
      auto out = model::modelLoss(m, batch.src, batch.target_in, batch.target_out, options.pad_id, 0.1, false,
                                  {}, &maps);
      attached = attached && maps.attached_cross.defined() && maps.attached_cross.requires_grad();
      auto loss = out.loss;
      if (weight > 0)
        loss = loss +
               weight * model::guidedAlignmentLoss(maps.attached_cross.select(1, 0), reversalTargets(batch)) /
                   double(out.tokens);
      loss.backward();
      adam->step();
    }
    return m;
  };
  auto guided = train(0.5);
  auto unguided = train(0.0);
  QVERIFY(attached);
  const double guided_share = headOnTheAntiDiagonal(guided, kLayer);
  const double unguided_share = headOnTheAntiDiagonal(unguided, kLayer);
  qInfo("head 0 of layer 0 on the anti-diagonal: guided %.3f, unguided %.3f", guided_share, unguided_share);
  QVERIFY2(guided_share > 0.9, qPrintable(QString::number(guided_share)));
  QVERIFY2(guided_share > unguided_share + 0.2, qPrintable(QString::number(unguided_share)));
}

void TestGuidedAlignment::aGuidedRunRecordsItsHeadAndResumes() {
  QTemporaryDir dir;
  const auto folder =
      test::prepareNumberedCorpus(dir.path().toStdString(), {"mở tập tin", "đóng cửa sổ", "lưu tài liệu"},
                                  {"open the file", "close the window", "save the document"}, 300, 80);
  model::TrainingConfig c;
  auto& m = c.model;
  m.encoder_layers = m.decoder_layers = 2;
  m.d_model = 32;
  m.heads = 2;
  m.d_ff = 64;
  m.max_length = 64;
  c.max_tokens = 256;
  c.warmup_steps = 10;
  c.eval_every = 6;
  c.eval_sentences = 8;
  c.eval_samples = 0;
  c.log_every = 1;
  c.device = "cpu";
  c.default_probes = 0;
  c.max_steps = 6;
  c.guided_alignment = 0.5;
  const std::string run = dir.filePath("guided").toStdString();
  std::string log, failure;
  std::vector<double> alignment;
  model::TrainerCallbacks callbacks;
  callbacks.log = [&](const std::string& line) { log += line + "\n"; };
  callbacks.step = [&](const model::StepEvent& e) { alignment.push_back(e.alignment); };
  callbacks.failed = [&](const std::string& message) { failure = message; };
  QVERIFY2(model::Trainer(c, folder, run, false, callbacks).run(), failure.c_str());
  // Every training pair of the folder (its split of the 300) aligned.
  const auto said = QRegularExpression("guided alignment: (\\d+) of (\\d+) training pairs word-aligned")
                        .match(QString::fromStdString(log));
  QVERIFY2(said.hasMatch() && said.captured(1) == said.captured(2) && said.captured(1).toInt() > 200,
           log.c_str());
  QVERIFY2(log.find("the first cross-attention head of decoder layer 1 learns them") != std::string::npos,
           log.c_str());
  QCOMPARE(alignment.size(), size_t(6));
  for (double a : alignment) QVERIFY2(std::isfinite(a) && a > 0, qPrintable(QString::number(a)));
  // The head is the model's: in config.json, the checkpoints and every line of metrics.jsonl.
  std::ifstream config_file(run + "/config.json");
  const auto config = nlohmann::json::parse(config_file);
  QCOMPARE(config["training"]["model"]["alignment_layer"].get<int>(), 1);  // the last of 2
  const auto last = model::loadModel(run + "/checkpoints/" + model::checkpointName(6));
  QCOMPARE(last->options().alignment_layer, int64_t(1));
  std::ifstream metrics(run + "/metrics.jsonl");
  int lines_with_it = 0;
  for (std::string line; std::getline(metrics, line);) {
    const auto json = nlohmann::json::parse(line);
    if (json["type"] == "train") lines_with_it += json.contains("alignment") ? 1 : 0;
  }
  QCOMPARE(lines_with_it, 6);
  // It resumes with its head (the options match the checkpoint's).
  failure.clear();
  QVERIFY2(model::Trainer(c, folder, run, true, callbacks, 9).run(), failure.c_str());
  QCOMPARE(model::loadModel(run + "/checkpoints/" + model::checkpointName(9))->options().alignment_layer,
           int64_t(1));
  // Another layer, asked for; the default of deeper decoders; a model without the option reads as none.
  c.guided_alignment_layer = 0;
  const std::string other = dir.filePath("layer-1").toStdString();
  c.max_steps = 1;
  QVERIFY2(model::Trainer(c, folder, other, false, callbacks).run(), failure.c_str());
  QCOMPARE(model::loadModel(other + "/checkpoints/" + model::checkpointName(1))->options().alignment_layer,
           int64_t(0));
  QCOMPARE(model::defaultAlignmentLayer(1), int64_t(0));
  QCOMPARE(model::defaultAlignmentLayer(3), int64_t(2));
  QCOMPARE(model::defaultAlignmentLayer(6), int64_t(4));
  QCOMPARE(model::transformerOptionsFromJson(model::toJson(model::TransformerOptions{})).alignment_layer,
           int64_t(-1));
  QVERIFY(!model::toJson(model::TransformerOptions{}).contains("alignment_layer"));
}

void TestGuidedAlignment::badOptionsAreRefused() {
  model::TransformerOptions o;
  o.decoder_layers = 2;
  o.alignment_layer = 2;
  try {
    o.validate();
    QFAIL("a layer the model lacks was taken");
  } catch (const std::invalid_argument& e) {
    QVERIFY2(std::string(e.what()).find("alignment_layer") != std::string::npos, e.what());
  }
  o.alignment_layer = 1;
  o.validate();
  auto shape = o;
  shape.alignment_layer = -1;
  QVERIFY(model::sameShape(o, shape) && o != shape);
  model::TrainingConfig c;
  c.guided_alignment = -0.1;
  QVERIFY_THROWS_EXCEPTION(std::invalid_argument, c.validate());
  c.guided_alignment = 0.05;
  c.guided_alignment_layer = c.model.decoder_layers;
  QVERIFY_THROWS_EXCEPTION(std::invalid_argument, c.validate());
  c.guided_alignment_layer = -1;
  c.validate();
  QVERIFY_THROWS_EXCEPTION(std::invalid_argument, data::alignCorpus({{1}}, {}));
  data::WordAlignerOptions bad;
  bad.null_probability = 1.0;
  QVERIFY_THROWS_EXCEPTION(std::invalid_argument, data::alignCorpus({{1}}, {{2}}, bad));
}

STUDIO_TEST_MAIN(TestGuidedAlignment)
#include "tst_guidedalignment.moc"
