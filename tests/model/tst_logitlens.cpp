// What each decoder block would predict (model/explaining/LogitLens, the
// capture's lens): the last block's is the model's own output, each layer's
// last block is that layer's output read through the output layer, a block
// that adds nothing predicts what the block before it did, the ranks and next
// pieces say what the translation had, and bad input is refused.
#include <QTemporaryDir>
#include <QtTest/QtTest>

#include <nlohmann/json.hpp>

#include "common/SuiteMain.h"
#include "common/TestUtil.h"
#include "model/data/Tokenizer.h"
#include "model/decoding/AttentionCapture.h"
#include "model/decoding/Translator.h"
#include "model/explaining/LogitLens.h"

using namespace studio;

namespace {

const std::string kSentence = "mở tập tin số 12";
const std::string kGiven = "open file number 12";

// An untrained model (seed 7, no dropout) over the tokenizer, in eval mode.
model::Translator lensTranslator(const std::shared_ptr<const data::Tokenizer>& tokenizer,
                                 model::NormPosition norm) {
  auto o = test::smallOptions(norm);
  o.vocab_size = tokenizer->vocabSize();
  o.dropout = o.attention_dropout = o.relu_dropout = 0.0;
  torch::manual_seed(7);
  model::Transformer m(o);
  m->eval();
  return model::Translator(m, tokenizer, torch::kCPU);
}

// The model's inputs for a snapshot's source and decoder inputs, [1, S] and [1, T].
std::pair<torch::Tensor, torch::Tensor> lensInputs(const model::Translator& translator,
                                                   const model::AttentionSnapshot& snap) {
  std::vector<int64_t> src, tgt;
  for (const auto& piece : snap.source_tokens) src.push_back(translator.tokenizer().pieceId(piece));
  for (const auto& piece : snap.target_tokens) tgt.push_back(translator.tokenizer().pieceId(piece));
  return {torch::tensor(src).unsqueeze(0), torch::tensor(tgt).unsqueeze(0)};
}

// Row-major [T, V] probabilities -> the lens's numbers at stage `r`, compared.
void compareStage(const model::DecoderLens& lens, int64_t r, const torch::Tensor& probs,
                  const data::Tokenizer& tokenizer) {
  const int64_t T = lens.positions;
  QCOMPARE(probs.size(0), T);
  for (int64_t t = 0; t < T; ++t) {
    const int next = tokenizer.pieceId(lens.next_pieces[size_t(t)]);
    const float expected = probs[t][next].item<float>();
    QVERIFY2(std::abs(lens.next_probability[size_t(r * T + t)] - expected) < 1e-5,
             qPrintable(QString("stage %1 position %2").arg(r).arg(t)));
    const auto [values, indices] = probs[t].topk(lens.top);
    for (int64_t k = 0; k < lens.top; ++k) {
      const auto i = size_t((r * T + t) * lens.top + k);
      QVERIFY(std::abs(lens.top_probabilities[i] - values[k].item<float>()) < 1e-5);
      // A tie may swap two pieces; their probabilities are what must agree.
      const float of_piece = probs[t][tokenizer.pieceId(lens.top_pieces[i])].item<float>();
      QVERIFY(std::abs(of_piece - values[k].item<float>()) < 1e-5);
    }
  }
}

}  // namespace

class TestLogitLens : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void initTestCase();
  void theLastBlockIsTheModelsOwnPrediction_data();
  void theLastBlockIsTheModelsOwnPrediction();
  void eachLayersLastBlockIsThatLayersOutput_data();
  void eachLayersLastBlockIsThatLayersOutput();
  void aBlockThatAddsNothingPredictsWhatTheOneBeforeDid();
  void ranksAndNextPiecesSayWhatTheTranslationHad();
  void theLensIsInTheJsonWhenAskedFor();
  void badInputIsRefused();
  void aSummaryCountsEveryStepOfEverySentence();

 private:
  QTemporaryDir dir_;
  std::shared_ptr<const data::Tokenizer> tokenizer_;
};

void TestLogitLens::initTestCase() {
  QVERIFY(dir_.isValid());
  const auto data = test::prepareNumberedCorpus(dir_.path().toStdString(), {"mở tập tin", "đóng cửa sổ"},
                                                {"open file", "close window"}, 150, 60);
  tokenizer_ = std::make_shared<const data::Tokenizer>(data + "/spm.model");
}

void TestLogitLens::theLastBlockIsTheModelsOwnPrediction_data() {
  QTest::addColumn<int>("norm");
  QTest::addColumn<bool>("given");
  QTest::newRow("post-norm, its own translation") << int(model::NormPosition::Post) << false;
  QTest::newRow("post-norm, a given translation") << int(model::NormPosition::Post) << true;
  QTest::newRow("pre-norm, its own translation") << int(model::NormPosition::Pre) << false;
  QTest::newRow("pre-norm, a given translation") << int(model::NormPosition::Pre) << true;
}

void TestLogitLens::theLastBlockIsTheModelsOwnPrediction() {
  QFETCH(int, norm);
  QFETCH(bool, given);
  const auto translator = lensTranslator(tokenizer_, model::NormPosition(norm));
  model::CaptureOptions capture;
  capture.lens_top = 4;
  model::DecodingOptions greedy;
  greedy.beam_size = 1;
  greedy.max_length_ratio = 1.0;
  const auto snap = given ? model::captureGivenTranslation(translator, kSentence, kGiven, 0.6, capture)
                          : model::captureAttention(translator, kSentence, greedy, capture);
  const auto& lens = snap.lens;
  QCOMPARE(lens.stages, 3 * snap.decoder_layers);
  QCOMPARE(lens.positions, snap.target_length);
  QCOMPARE(lens.top, int64_t(4));
  auto model = translator.modelHandle();
  torch::NoGradGuard no_grad;
  const auto [src, tgt] = lensInputs(translator, snap);
  const auto probs = torch::softmax(model(src, tgt), -1)[0];  // [T, V]
  compareStage(lens, lens.stages - 1, probs, *tokenizer_);
  // The model's own probabilities of its pieces, as the translation recorded them (teacher forcing
  // gives the same numbers as the search did, up to float rounding; the end's too when it finished).
  if (given)
    for (size_t t = 0; t < snap.probabilities.size(); ++t)
      QVERIFY(std::abs(snap.probabilities[t] -
                       lens.next_probability[size_t((lens.stages - 1) * lens.positions) + t]) < 1e-4);
}

void TestLogitLens::eachLayersLastBlockIsThatLayersOutput_data() {
  QTest::addColumn<int>("norm");
  QTest::newRow("post-norm") << int(model::NormPosition::Post);
  QTest::newRow("pre-norm") << int(model::NormPosition::Pre);
}

void TestLogitLens::eachLayersLastBlockIsThatLayersOutput() {
  // AttentionMaps::layer_outputs (the neighbours' states) is an independent record of each layer's output.
  QFETCH(int, norm);
  const auto translator = lensTranslator(tokenizer_, model::NormPosition(norm));
  model::CaptureOptions capture;
  capture.lens_top = 3;
  const auto snap = model::captureGivenTranslation(translator, kSentence, kGiven, 0.6, capture);
  auto model = translator.modelHandle();
  torch::NoGradGuard no_grad;
  const auto [src, tgt] = lensInputs(translator, snap);
  model::AttentionMaps maps;
  maps.layer_outputs = true;
  maps.weights = false;
  model(src, tgt, &maps);
  QCOMPARE(int64_t(maps.decoder_layer_outputs.size()), snap.decoder_layers);
  for (int64_t layer = 0; layer < snap.decoder_layers; ++layer) {
    auto state = maps.decoder_layer_outputs[size_t(layer)];
    if (norm == int(model::NormPosition::Pre)) state = model->decoder()->finalNorm(state);
    compareStage(snap.lens, 3 * layer + 2, torch::softmax(model->project(state), -1)[0], *tokenizer_);
  }
}

void TestLogitLens::aBlockThatAddsNothingPredictsWhatTheOneBeforeDid() {
  // Pre-norm: with layer 1's cross-attention projecting to zero, its block adds nothing to the stream,
  // so the lens after it is the lens after the self-attention, to the bit; with it, they differ.
  auto translator = lensTranslator(tokenizer_, model::NormPosition::Pre);
  model::CaptureOptions capture;
  capture.lens_top = 3;
  const auto before = model::captureGivenTranslation(translator, kSentence, kGiven, 0.6, capture).lens;
  const int64_t T = before.positions;
  auto same = [&](const model::DecoderLens& lens, int64_t a, int64_t b) {
    for (int64_t t = 0; t < T; ++t)
      if (lens.next_probability[size_t(a * T + t)] != lens.next_probability[size_t(b * T + t)]) return false;
    return true;
  };
  QVERIFY(!same(before, 0, 1));
  {
    torch::NoGradGuard no_grad;
    auto params = translator.modelHandle()->named_parameters();
    params["decoder.layers.0.cross_attn.out_proj.weight"].zero_();
    params["decoder.layers.0.cross_attn.out_proj.bias"].zero_();
  }
  const auto after = model::captureGivenTranslation(translator, kSentence, kGiven, 0.6, capture).lens;
  QVERIFY(same(after, 0, 1));
  for (int64_t t = 0; t < T; ++t)
    for (int64_t k = 0; k < after.top; ++k)
      QCOMPARE(after.top_probabilities[size_t((0 * T + t) * after.top + k)],
               after.top_probabilities[size_t((1 * T + t) * after.top + k)]);
  // The block before is untouched by the change.
  for (int64_t t = 0; t < T; ++t)
    QCOMPARE(after.next_probability[size_t(t)], before.next_probability[size_t(t)]);
}

void TestLogitLens::ranksAndNextPiecesSayWhatTheTranslationHad() {
  const auto translator = lensTranslator(tokenizer_, model::NormPosition::Post);
  model::CaptureOptions capture;
  capture.lens_top = 100000;  // more than the vocabulary: every piece, in order
  const auto snap = model::captureGivenTranslation(translator, kSentence, kGiven, 0.6, capture);
  const auto& lens = snap.lens;
  const int64_t V = translator.modelHandle()->options().vocab_size;
  QCOMPARE(lens.top, V);
  // Each position is followed by the next decoder input; the last by the end of sentence.
  QCOMPARE(int64_t(lens.next_pieces.size()), lens.positions);
  for (int64_t t = 0; t + 1 < lens.positions; ++t)
    QCOMPARE(lens.next_pieces[size_t(t)], snap.target_tokens[size_t(t + 1)]);
  QCOMPARE(lens.next_pieces.back(), std::string("</s>"));
  for (int64_t r = 0; r < lens.stages; ++r)
    for (int64_t t = 0; t < lens.positions; ++t) {
      const auto row = size_t((r * lens.positions + t) * lens.top);
      double sum = 0;
      for (int64_t k = 0; k < V; ++k) {
        sum += lens.top_probabilities[row + size_t(k)];
        if (k > 0)
          QVERIFY(lens.top_probabilities[row + size_t(k)] <= lens.top_probabilities[row + size_t(k) - 1]);
      }
      QVERIFY(std::abs(sum - 1.0) < 1e-4);
      // The rank is where the next piece stands in that order (ties in its favour).
      const auto cell = size_t(r * lens.positions + t);
      const float p = lens.next_probability[cell];
      int64_t likelier = 0;
      for (int64_t k = 0; k < V; ++k) likelier += lens.top_probabilities[row + size_t(k)] > p;
      QCOMPARE(lens.next_rank[cell], likelier + 1);
      QCOMPARE(lens.top_probabilities[row + size_t(lens.next_rank[cell] - 1)], p);
    }
}

void TestLogitLens::theLensIsInTheJsonWhenAskedFor() {
  const auto translator = lensTranslator(tokenizer_, model::NormPosition::Post);
  model::CaptureOptions capture;
  const auto plain = model::captureGivenTranslation(translator, kSentence, kGiven, 0.6, capture);
  QVERIFY(plain.lens.empty());
  QVERIFY(!plain.toJson().contains("lens"));
  capture.lens_top = 2;
  const auto snap = model::captureGivenTranslation(translator, kSentence, kGiven, 0.6, capture);
  const auto json = snap.toJson()["lens"];
  QCOMPARE(json["next_pieces"].get<std::vector<std::string>>(), snap.lens.next_pieces);
  const auto& stages = json["stages"];
  QCOMPARE(int64_t(stages.size()), 3 * snap.decoder_layers);
  QCOMPARE(stages[0]["layer"].get<int>(), 1);
  QCOMPARE(stages[0]["block"].get<std::string>(), std::string("self-attention"));
  QCOMPARE(stages[4]["layer"].get<int>(), 2);
  QCOMPARE(stages[4]["block"].get<std::string>(), std::string("cross-attention"));
  QCOMPARE(stages[5]["block"].get<std::string>(), std::string("feed-forward"));
  const auto& cell = stages[5]["positions"][1];
  QCOMPARE(int64_t(cell["top"].size()), int64_t(2));
  QCOMPARE(cell["top"][0]["piece"].get<std::string>(),
           snap.lens.top_pieces[size_t((5 * snap.lens.positions + 1) * 2)]);
  QCOMPARE(cell["next_rank"].get<int64_t>(), snap.lens.next_rank[size_t(5 * snap.lens.positions + 1)]);
}

void TestLogitLens::badInputIsRefused() {
  const auto translator = lensTranslator(tokenizer_, model::NormPosition::Post);
  auto model = translator.modelHandle();
  const auto state = torch::zeros({1, 3, model->options().d_model});
  const std::vector<torch::Tensor> six(6, state), five(5, state);
  const std::vector<int64_t> next{4, 5, 3};
  auto message = [&](const std::vector<torch::Tensor>& outputs, const std::vector<int64_t>& ids,
                     int64_t top) {
    try {
      model::decoderLens(model, outputs, ids, *tokenizer_, top);
    } catch (const std::invalid_argument& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  QVERIFY(message(six, next, 2).empty());
  QVERIFY(message(five, next, 2).find("3 block outputs a decoder layer (6), got 5") != std::string::npos);
  QVERIFY(message(six, {4, 5}, 2).find("one next piece a position (3), got 2") != std::string::npos);
  QVERIFY(message(six, {4, 5, 100000}, 2).find("100000 is outside the vocabulary") != std::string::npos);
  QVERIFY(message(six, next, 0).find("top >= 1") != std::string::npos);
}

void TestLogitLens::aSummaryCountsEveryStepOfEverySentence() {
  // Two hand-made lenses of 3 blocks: 2 steps and 3 steps.
  model::DecoderLens a, b;
  a.stages = b.stages = 3;
  a.positions = 2;
  b.positions = 3;
  a.next_rank = {1, 4, /**/ 2, 1, /**/ 1, 1};
  a.next_probability = {0.5f, 0.1f, /**/ 0.2f, 0.6f, /**/ 0.7f, 0.9f};
  b.next_rank = {10, 1, 3, /**/ 5, 7, 1, /**/ 1, 1, 2};
  b.next_probability = {0.01f, 0.3f, 0.1f, /**/ 0.05f, 0.02f, 0.4f, /**/ 0.8f, 0.5f, 0.3f};
  const auto summary = model::summarizeLenses({a, b});
  QCOMPARE(summary.stages, int64_t(3));
  QCOMPARE(summary.sentences, int64_t(2));
  QCOMPARE(summary.steps, int64_t(5));
  // Block 0's ranks 1 4 10 1 3: two of five first, median 3; block 1's 2 1 5 7 1: median 2; block 2's 1 1 1
  // 1 2.
  QCOMPARE(summary.top1_share, (std::vector<double>{0.4, 0.4, 0.8}));
  QCOMPARE(summary.median_rank, (std::vector<double>{3.0, 2.0, 1.0}));
  QVERIFY(std::abs(summary.mean_probability[0] - (0.5 + 0.1 + 0.01 + 0.3 + 0.1) / 5) < 1e-6);
  QVERIFY(std::abs(summary.mean_probability[2] - (0.7 + 0.9 + 0.8 + 0.5 + 0.3) / 5) < 1e-6);
  // An even count's median is the mean of the middle two.
  QCOMPARE(model::summarizeLenses({a}).median_rank, (std::vector<double>{2.5, 1.5, 1.0}));
  QCOMPARE(model::summarizeLenses({}).steps, int64_t(0));
  // Lenses of models with different depths do not add up.
  model::DecoderLens deeper = a;
  deeper.stages = 6;
  try {
    model::summarizeLenses({a, deeper});
    QFAIL("lenses of 3 and 6 blocks were summed");
  } catch (const std::invalid_argument& e) {
    QVERIFY2(std::string(e.what()).find("3 and 6 blocks") != std::string::npos, e.what());
  }
}

STUDIO_TEST_MAIN(TestLogitLens)
#include "tst_logitlens.moc"
