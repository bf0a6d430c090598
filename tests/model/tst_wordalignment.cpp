// Word alignment (WordAlignment.h): pieces joined into the words a split at
// spaces finds; a hand-made attention matrix turned into word weights and
// links by hand; the batched alignment of a real translator equal to the
// captured attention's, whatever the batch (its first head alone where the
// model was trained to align with it); a model trained to reverse its
// input aligned on the anti-diagonal; bad layers and matrices refused.

#include <cmath>
#include <random>
#include <sstream>

#include <torch/torch.h>
#include <QTemporaryDir>
#include <QtTest/QtTest>

#include "common/SuiteMain.h"
#include "common/TestUtil.h"
#include "model/data/Tokenizer.h"
#include "model/decoding/AttentionCapture.h"
#include "model/decoding/AttentionMaps.h"
#include "model/decoding/Translator.h"
#include "model/decoding/WordAlignment.h"
#include "model/files/ModelFile.h"

using namespace studio;

namespace word_alignment_suite {

const std::string kMark = "\xe2\x96\x81";

std::vector<std::string> spaceSplit(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> words;
  for (std::string w; in >> w;) words.push_back(w);
  return words;
}

}  // namespace word_alignment_suite

using namespace word_alignment_suite;

class TestWordAlignment : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void piecesJoinIntoTheWordsOfTheText();
  void aMatrixBecomesWordWeightsAndLinks();
  void aTranslatorsAlignmentIsItsCapturedAttention();
  void aModelThatReversesAlignsOnTheAntiDiagonal();
  void badLayersAndMatricesAreRefused();
};

void TestWordAlignment::piecesJoinIntoTheWordsOfTheText() {
  auto words = model::piecesIntoWords({kMark + "Mở", kMark + "tập", kMark + "ti", "n", "."});
  QCOMPARE(words.words, (std::vector<std::string>{"Mở", "tập", "tin."}));
  QCOMPARE(words.group, (std::vector<int>{0, 1, 2, 2, 2}));
  // A bare mark joins the word after it; a first piece without one starts a word.
  words = model::piecesIntoWords({"'", "s", kMark, kMark + "file", kMark, "\xe2\x80\x9c", "x"});
  QCOMPARE(words.words, (std::vector<std::string>{"'s", "file", "\xe2\x80\x9cx"}));
  QCOMPARE(words.group, (std::vector<int>{0, 0, 1, 1, 2, 2, 2}));
  // A bare mark at the end is no word (a translation cut at its limit).
  words = model::piecesIntoWords({kMark + "open", kMark});
  QCOMPARE(words.words, (std::vector<std::string>{"open"}));
  QCOMPARE(words.group, (std::vector<int>{0, -1}));
  QVERIFY(model::piecesIntoWords({}).words.empty());
  // An unknown piece: inside its word as typed, a word of its own as decoded
  // (" \u2047 "); the start, end and padding are no word.
  const std::vector<std::string> unknown{kMark + "r", "<unk>", "i", "</s>", kMark, "<unk>", "<pad>"};
  words = model::piecesIntoWords(unknown, model::PieceText::Typed);
  QCOMPARE(words.words, (std::vector<std::string>{"r<unk>i", "<unk>"}));
  QCOMPARE(words.group, (std::vector<int>{0, 0, 0, -1, 1, 1, -1}));
  words = model::piecesIntoWords(unknown, model::PieceText::Decoded);
  QCOMPARE(words.words, (std::vector<std::string>{"r", "\xe2\x81\x87", "i", "\xe2\x81\x87"}));
  QCOMPARE(words.group, (std::vector<int>{0, 1, 2, -1, 3, 3, -1}));
  QCOMPARE(model::piecesIntoWords({"<s>"}).words.size(), size_t(0));
}

void TestWordAlignment::aMatrixBecomesWordWeightsAndLinks() {
  // Source words "ab" (2 pieces) and "c"; the fourth column is the end of
  // sentence. Target words "x" (2 pieces) and "y"; the fourth row the end's.
  const std::vector<std::string> source{kMark + "a", "b", kMark + "c"}, target{kMark + "x", "x", kMark + "y"};
  const auto cross = torch::tensor({0.1f, 0.2f, 0.3f, 0.4f,  //
                                    0.5f, 0.1f, 0.2f, 0.2f,  //
                                    0.0f, 0.1f, 0.6f, 0.3f,  //
                                    0.7f, 0.1f, 0.1f, 0.1f})
                         .reshape({4, 4});
  const auto a = model::alignPieces(source, target, cross);
  QCOMPARE(a.source_words, (std::vector<std::string>{"ab", "c"}));
  QCOMPARE(a.target_words, (std::vector<std::string>{"xx", "y"}));
  // Word "xx": rows 0 and 1 summed over "ab" (0.1 + 0.2 + 0.5 + 0.1) and "c" (0.3 + 0.2), scaled to 1.
  QCOMPARE(a.weights.size(), size_t(2));
  QVERIFY(std::abs(a.weights[0][0] - 0.9f / 1.4f) < 1e-6f && std::abs(a.weights[0][1] - 0.5f / 1.4f) < 1e-6f);
  QVERIFY(std::abs(a.weights[1][0] - 0.1f / 0.7f) < 1e-6f && std::abs(a.weights[1][1] - 0.6f / 0.7f) < 1e-6f);
  QCOMPARE(a.links(), (std::vector<std::pair<int, int>>{{0, 0}, {1, 1}}));
  QCOMPARE(model::pharaohLinks(a.links()), std::string("0-0 1-1"));
  QCOMPARE(model::pharaohLinks(a.links(), 3, 10), std::string("3-10 4-11"));
  // A threshold keeps every link at least that strong.
  QCOMPARE(a.links(0.3), (std::vector<std::pair<int, int>>{{0, 0}, {1, 0}, {1, 1}}));
  QCOMPARE(a.links(0.9), (std::vector<std::pair<int, int>>{}));
  // Both ways: each target word's strongest source word and each source word's strongest target word.
  model::WordAlignment both;
  both.weights = {{0.6f, 0.4f}, {0.7f, 0.3f}};
  QCOMPARE(both.links(), (std::vector<std::pair<int, int>>{{0, 0}, {0, 1}}));
  QCOMPARE(both.unionLinks(), (std::vector<std::pair<int, int>>{{0, 0}, {1, 0}, {0, 1}}));
  QCOMPARE(a.unionLinks(), a.links());
  // Written as translate --alignment and the app's Save word alignments write them.
  using Kind = model::AlignmentFormat::Kind;
  QCOMPARE(model::alignmentLine(both, {Kind::Hard}), std::string("0-0 0-1"));
  QCOMPARE(model::alignmentLine(both, {Kind::Union}), std::string("0-0 1-0 0-1"));
  QCOMPARE(model::alignmentLine(both, {Kind::Threshold, 0.35}), std::string("0-0 1-0 0-1"));
  QCOMPARE(model::alignmentLine(both, {Kind::Threshold, 0.65}), std::string("0-1"));
  QCOMPARE(model::alignmentLine(both, {Kind::Soft}), std::string("0.600,0.400 0.700,0.300"));
  QVERIFY(model::formatLinks(both, {Kind::Soft}).empty());
  QCOMPARE(model::alignmentLine(model::WordAlignment{}, {Kind::Soft}), std::string());
  QVERIFY_THROWS_EXCEPTION(std::invalid_argument, model::formatLinks(both, {Kind::Threshold, 0.0}));
  QVERIFY_THROWS_EXCEPTION(std::invalid_argument, model::formatLinks(both, {Kind::Threshold, 1.5}));
  // Shifted: piece p by row p + 1 ("xx": rows 1 and 2, "y": row 3).
  const auto s = model::alignPieces(source, target, cross, /*shifted=*/true);
  QVERIFY(std::abs(s.weights[0][0] - 0.7f / 1.5f) < 1e-6f && std::abs(s.weights[1][0] - 0.8f / 0.9f) < 1e-6f);
  QCOMPARE(s.links(), (std::vector<std::pair<int, int>>{{1, 0}, {0, 1}}));
}

void TestWordAlignment::aTranslatorsAlignmentIsItsCapturedAttention() {
  QTemporaryDir dir;
  const auto data = test::prepareNumberedCorpus(dir.path().toStdString(), {"mở tập tin", "đóng cửa sổ"},
                                                {"open file", "close window"}, 150, 60);
  const auto tokenizer = std::make_shared<const data::Tokenizer>(data + "/spm.model");
  auto o = test::smallOptions();
  o.vocab_size = tokenizer->vocabSize();
  o.max_length = 64;
  // The same weights without and with a head trained to align (layer 0's
  // first): by default the first averages the last layer's heads, the
  // second reads its head alone; a layer asked for averages its heads.
  for (int64_t trained_head : {-1, 0}) {
    o.alignment_layer = trained_head;
    torch::manual_seed(11);
    model::Transformer m(o);
    m->eval();
    const model::Translator translator(m, tokenizer, torch::kCPU);
    const std::vector<std::string> sentences{"mở tập tin số 12", "đóng cửa sổ",
                                             "mở cửa sổ số 3 rồi đóng tập tin số 4", "tin"};
    model::DecodingOptions options;
    options.beam_size = 2;
    options.min_length_ratio = 0;
    std::vector<model::Translation> best;
    for (const auto& list : translator.translate(sentences, options)) best.push_back(list.at(0));
    for (int layer : {-1, 0, 1}) {
      const auto together = model::alignWords(translator, sentences, best, {layer});
      QCOMPARE(together.size(), sentences.size());
      for (size_t i = 0; i < sentences.size(); ++i) {
        // Alone (no padding): the same weights.
        const auto alone = model::alignWords(translator, {sentences[i]}, {best[i]}, {layer}).at(0);
        // From the capture: the layer's heads averaged, then the same words.
        const auto snap = model::captureAttention(translator, sentences[i], best[i]);
        const bool head_alone = layer < 0 && trained_head >= 0;
        const int64_t L = layer >= 0 ? layer : head_alone ? trained_head : snap.decoder_layers - 1;
        const int64_t heads = head_alone ? 1 : snap.heads;
        auto cross = torch::zeros({snap.target_length, snap.source_length});
        for (int64_t q = 0; q < snap.target_length; ++q)
          for (int64_t k = 0; k < snap.source_length; ++k) {
            float sum = 0;
            for (int64_t h = 0; h < heads; ++h) sum += snap.crossWeight(L, h, q, k);
            cross[q][k] = sum / float(heads);
          }
        const std::vector<std::string> source_pieces(snap.source_tokens.begin(),
                                                     snap.source_tokens.end() - 1);
        const auto captured = model::alignPieces(source_pieces, best[i].pieces, cross);
        const auto& a = together[i];
        QCOMPARE(a.source_words, spaceSplit(sentences[i]));
        QCOMPARE(a.target_words, spaceSplit(best[i].text));
        QCOMPARE(a.source_words.size(), captured.source_words.size());
        QCOMPARE(a.weights.size(), captured.weights.size());
        for (size_t t = 0; t < a.weights.size(); ++t)
          for (size_t s = 0; s < a.weights[t].size(); ++s) {
            QVERIFY2(std::abs(a.weights[t][s] - captured.weights[t][s]) < 1e-5f, sentences[i].c_str());
            QVERIFY2(std::abs(a.weights[t][s] - alone.weights[t][s]) < 1e-5f, sentences[i].c_str());
          }
        QCOMPARE(a.links().size(), a.target_words.size());  // every word its strongest link
      }
    }
  }
}

void TestWordAlignment::aModelThatReversesAlignsOnTheAntiDiagonal() {
  // The task model reverses sequences: output word t is source word n - 1 - t.
  auto m = test::trainedReversalModel(5, 400);
  std::mt19937 rng(41);
  const auto batch = test::makeSequenceBatch(rng, 40, /*reverse=*/true, m->options());
  torch::NoGradGuard no_grad;
  model::AttentionMaps maps;
  m(batch.src, batch.target_in, &maps);
  const auto cross = maps.cross.back().mean(1);  // [B, T, S]
  int on_diagonal = 0, links = 0;
  for (int64_t b = 0; b < batch.src.size(0); ++b) {
    const auto& target = batch.targets[size_t(b)];
    std::vector<std::string> source_pieces, target_pieces;
    for (size_t k = 0; k < target.size(); ++k)
      source_pieces.push_back(kMark + std::to_string(target[target.size() - 1 - k]));
    for (int64_t id : target) target_pieces.push_back(kMark + std::to_string(id));
    const auto a = model::alignPieces(source_pieces, target_pieces, cross[b]);
    const int n = int(target.size());
    for (const auto& [s, t] : a.links()) {
      ++links;
      on_diagonal += s == n - 1 - t;
    }
  }
  const double share = double(on_diagonal) / links;
  qInfo("reversal model: %d of %d links on the anti-diagonal (%.1f %%)", on_diagonal, links, 100 * share);
  QVERIFY2(share > 0.9, qPrintable(QString::number(share)));
}

void TestWordAlignment::badLayersAndMatricesAreRefused() {
  QVERIFY_THROWS_EXCEPTION(std::invalid_argument, model::alignPieces({kMark + "a", kMark + "b"},
                                                                     {kMark + "x"}, torch::zeros({1, 1})));
  QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                           model::alignPieces({kMark + "a"}, {kMark + "x"}, torch::zeros({1, 1}),
                                              /*shifted=*/true));
  QTemporaryDir dir;
  const auto data =
      test::prepareNumberedCorpus(dir.path().toStdString(), {"mở tập tin"}, {"open file"}, 120, 40);
  auto o = test::smallOptions();
  const auto tokenizer = std::make_shared<const data::Tokenizer>(data + "/spm.model");
  o.vocab_size = tokenizer->vocabSize();
  const model::Translator translator(model::Transformer(o), tokenizer, torch::kCPU);
  model::Translation t;
  try {
    model::alignWords(translator, {"mở"}, {t}, {int(o.decoder_layers)});
    QFAIL("a layer past the last was taken");
  } catch (const std::invalid_argument& e) {
    QVERIFY2(
        std::string(e.what()).find("layers 0.." + std::to_string(o.decoder_layers - 1)) != std::string::npos,
        e.what());
  }
  QVERIFY_THROWS_EXCEPTION(std::invalid_argument, model::alignWords(translator, {"mở", "tin"}, {t}));
  // An empty translation aligns nothing; its source still has its words.
  const auto empty = model::alignWords(translator, {"mở tập tin"}, {t}).at(0);
  QCOMPARE(empty.source_words.size(), size_t(3));
  QVERIFY(empty.target_words.empty() && empty.links().empty());
}

STUDIO_TEST_MAIN(TestWordAlignment)
#include "tst_wordalignment.moc"
