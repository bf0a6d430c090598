// Explanations (model/explaining/): every attribution method on a model
// trained so that one source token alone decides the output, integrated
// gradients' completeness, gradient x input against a finite difference,
// contrasts, the attention methods against the captured maps, words, bad
// requests, and the deletion and insertion curves.

#include <random>

#include <nlohmann/json.hpp>
#include <QTemporaryDir>
#include <QtTest/QtTest>
#include <torch/torch.h>

#include "common/KeyTask.h"
#include "common/SuiteMain.h"
#include "common/TestUtil.h"
#include "model/data/Tokenizer.h"
#include "model/explaining/Attribution.h"
#include "model/explaining/Explanation.h"
#include "model/explaining/Faithfulness.h"

using namespace studio;

// Named, not anonymous: the suite's class holds KeyCases, and in a unity
// batch (tests/CMakeLists.txt) gcc warns of a class whose member's type has
// internal linkage.
namespace explaining_suite {

using namespace test::key_task;

// Source [1, S] with </s>, target_in [1, 2] (<s>, output), predicted {output, </s>}.
struct Inputs {
  torch::Tensor src, target_in;
  std::vector<int64_t> predicted;
};
Inputs inputsOf(const KeyCase& c) {
  auto source = c.source;
  source.push_back(3);
  return {torch::tensor(source, torch::kLong).unsqueeze(0), torch::tensor({int64_t(2), c.output}).unsqueeze(0),
          {c.output, 3}};
}

// The explained function for row t on given vectors: the predicted token's log-probability.
double logProbability(model::Transformer& m, const torch::Tensor& src_vectors, const torch::Tensor& target_vectors,
                      const Inputs& in, int64_t row) {
  torch::NoGradGuard no_grad;
  auto logits = m->project(m->decodeVectors(target_vectors, in.target_in, m->encodeVectors(src_vectors, in.src), in.src));
  return torch::log_softmax(logits, -1)[0][row][in.predicted[size_t(row)]].item<double>();
}

}  // namespace explaining_suite
using namespace explaining_suite;

class TestExplaining : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void initTestCase();
  void everyMethodPutsTheDecidingTokenFirst_data();
  void everyMethodPutsTheDecidingTokenFirst();
  void integratedGradientsAddUpToTheChange_data();
  void integratedGradientsAddUpToTheChange();
  void gradientTimesInputIsTheDirectionalDerivative();
  void aContrastIsTheDifferenceOfTwoExplanations();
  void theAttentionMethodsAreTheModelsOwnMaps();
  void badRequestsAreRefusedWithAReason();
  void wordsKeepTheScoresSums();
  void explainSpeaksInPiecesAndWords();
  void faithfulMethodsBeatRandomOnTheKeyTask();

 private:
  model::Transformer key_model_{nullptr};
  std::vector<KeyCase> cases_;
  QTemporaryDir tmp_;
};

void TestExplaining::initTestCase() {
  std::mt19937 rng(5);
  key_model_ = trainKeyModel(rng);
  for (int i = 0; i < 24; ++i) cases_.push_back(makeKeyCase(rng));
  // The model has learnt the task: each case's output is its most likely first token.
  for (const auto& c : cases_) {
    const auto in = inputsOf(c);
    auto logp = model::predictedLogProbabilities(key_model_, in.src, in.target_in, in.predicted);
    QVERIFY2(std::exp(logp[0][0].item<double>()) > 0.8, "the key task model did not learn its task");
  }
}

void TestExplaining::everyMethodPutsTheDecidingTokenFirst_data() {
  QTest::addColumn<QString>("method");
  for (auto m : model::allMethods()) QTest::newRow(model::methodName(m).c_str()) << QString::fromStdString(model::methodName(m));
}

void TestExplaining::everyMethodPutsTheDecidingTokenFirst() {
  QFETCH(QString, method);
  model::AttributionOptions options;
  options.method = model::parseMethod(method.toStdString());
  for (const auto& c : cases_) {
    const auto in = inputsOf(c);
    const auto a = model::attribute(key_model_, in.src, in.target_in, in.predicted, options);
    const int64_t pieces = int64_t(c.source.size());  // </s> left out
    QCOMPARE(a.scores.size(0), int64_t(2));
    QCOMPARE(a.scores.size(1), pieces + 1 + 2);
    const int64_t first = a.scores[0].slice(0, 0, pieces).argmax().item<int64_t>();
    QVERIFY2(first == c.key_position, qPrintable(QString("%1 ranks source piece %2 first, the key is at %3")
                                                     .arg(method).arg(first).arg(c.key_position)));
  }
}

void TestExplaining::integratedGradientsAddUpToTheChange_data() {
  QTest::addColumn<bool>("pre_norm");
  QTest::newRow("post-norm, the key task") << false;
  QTest::newRow("pre-norm, random weights") << true;
}

void TestExplaining::integratedGradientsAddUpToTheChange() {
  QFETCH(bool, pre_norm);
  torch::manual_seed(2);
  auto m = pre_norm ? model::Transformer(test::smallOptions(model::NormPosition::Pre)) : key_model_;
  m->eval();
  const auto in = pre_norm ? Inputs{torch::tensor({5, 9, 7, 12, 3}).unsqueeze(0), torch::tensor({2, 6, 8}).unsqueeze(0),
                                    {6, 8, 3}}
                           : inputsOf(cases_[0]);
  model::AttributionOptions options;
  options.method = model::AttributionMethod::IntegratedGradients;
  options.steps = 256;
  const auto a = model::attribute(m, in.src, in.target_in, in.predicted, options);
  auto weight = m->embeddingWeight().detach();
  auto xs = weight.index_select(0, in.src[0]).unsqueeze(0), xt = weight.index_select(0, in.target_in[0]).unsqueeze(0);
  // The baseline: <pad>'s vector for every piece, <s> (2) and </s> (3) as they are.
  auto baseline = [&](const torch::Tensor& ids, const torch::Tensor& x) {
    auto out = x.clone();
    for (int64_t i = 0; i < ids.size(1); ++i)
      if (ids[0][i].item<int64_t>() > 3) out[0][i] = weight[0];
    return out;
  };
  const auto bs = baseline(in.src, xs), bt = baseline(in.target_in, xt);
  for (int64_t t = 0; t < in.target_in.size(1); ++t) {
    // delta is f(input) - f(baseline), measured here on its own.
    const double delta = logProbability(m, xs, xt, in, t) - logProbability(m, bs, bt, in, t);
    QVERIFY2(std::abs(a.delta[size_t(t)] - delta) < 1e-4, qPrintable(QString("delta %1 vs %2").arg(a.delta[size_t(t)]).arg(delta)));
    const double sum = a.scores[t].sum().item<double>();
    QVERIFY(std::abs(sum + a.gap[size_t(t)] - delta) < 1e-4);
    // Completeness: with 256 steps the scores add up to the change within 1 %.
    QVERIFY2(std::abs(a.gap[size_t(t)]) <= 0.01 * std::abs(delta) + 1e-3,
             qPrintable(QString("row %1: scores sum to %2, the change is %3").arg(t).arg(sum).arg(delta)));
    // The frame (<s>, </s>) is in the baseline: it scores nothing.
    QCOMPARE(a.scores[t][in.src.size(1) - 1].item<float>(), 0.0f);
    QCOMPARE(a.scores[t][in.src.size(1)].item<float>(), 0.0f);
  }
  // Fewer steps, a cruder sum: the gap is reported, not hidden.
  options.steps = 2;
  const auto rough = model::attribute(m, in.src, in.target_in, in.predicted, options);
  QVERIFY(std::abs(rough.scores[0].sum().item<double>() + rough.gap[0] - rough.delta[0]) < 1e-4);
}

void TestExplaining::gradientTimesInputIsTheDirectionalDerivative() {
  // sum_j grad_j . x_j is the derivative of f(s x) at s = 1 (f along the inputs' own direction).
  torch::manual_seed(4);
  auto m = model::Transformer(test::smallOptions());
  m->eval();
  const Inputs in{torch::tensor({5, 9, 7, 12, 3}).unsqueeze(0), torch::tensor({2, 6, 8}).unsqueeze(0), {6, 8, 3}};
  model::AttributionOptions options;
  options.method = model::AttributionMethod::Gradient;
  options.signed_gradient = true;
  const auto a = model::attribute(m, in.src, in.target_in, in.predicted, options);
  auto weight = m->embeddingWeight().detach().to(torch::kDouble);
  m->to(torch::kDouble);
  auto xs = weight.index_select(0, in.src[0]).unsqueeze(0), xt = weight.index_select(0, in.target_in[0]).unsqueeze(0);
  const double eps = 1e-4;
  for (int64_t t = 0; t < 3; ++t) {
    const double derivative =
        (logProbability(m, xs * (1 + eps), xt * (1 + eps), in, t) - logProbability(m, xs * (1 - eps), xt * (1 - eps), in, t)) /
        (2 * eps);
    const double sum = a.scores[t].sum().item<double>();
    QVERIFY2(std::abs(sum - derivative) <= 1e-3 * std::abs(derivative) + 1e-4,
             qPrintable(QString("row %1: %2 vs %3").arg(t).arg(sum).arg(derivative)));
  }
  // A prediction never depends on the prefix after it.
  QCOMPARE(a.scores[0].slice(0, 5 + 1).abs().max().item<float>(), 0.0f);
}

void TestExplaining::aContrastIsTheDifferenceOfTwoExplanations() {
  const auto in = inputsOf(cases_[1]);
  const int64_t alternative = kFirstOutput + (cases_[1].output - kFirstOutput + 1) % kKeys;
  auto other = in.predicted;
  other[0] = alternative;
  for (auto method : {model::AttributionMethod::Gradient, model::AttributionMethod::IntegratedGradients}) {
    model::AttributionOptions plain;
    plain.method = method;
    plain.steps = 16;
    auto contrast = plain;
    contrast.contrast_row = 0;
    contrast.contrast_token = alternative;
    // The signed scores are linear in f: the contrast's are the difference of the two outputs'.
    plain.signed_gradient = contrast.signed_gradient = true;
    const auto a = model::attribute(key_model_, in.src, in.target_in, in.predicted, plain);
    const auto b = model::attribute(key_model_, in.src, in.target_in, other, plain);
    const auto c = model::attribute(key_model_, in.src, in.target_in, in.predicted, contrast);
    QVERIFY(test::maxAbsDifference(c.scores[0], a.scores[0] - b.scores[0]) < 1e-4);
    QVERIFY(test::maxAbsDifference(c.scores[1], a.scores[1]) < 1e-6);  // other rows as they were
    // Why this output rather than the other: the key, again, in every case.
    contrast.signed_gradient = false;
    for (const auto& k : cases_) {
      const auto kin = inputsOf(k);
      contrast.contrast_token = kFirstOutput + (k.output - kFirstOutput + 1) % kKeys;
      const auto d = model::attribute(key_model_, kin.src, kin.target_in, kin.predicted, contrast);
      QCOMPARE(d.scores[0].slice(0, 0, int64_t(k.source.size())).argmax().item<int64_t>(), k.key_position);
    }
  }
}

void TestExplaining::theAttentionMethodsAreTheModelsOwnMaps() {
  torch::manual_seed(6);
  auto m = model::Transformer(test::smallOptions());
  m->eval();
  const Inputs in{torch::tensor({5, 9, 7, 12, 3}).unsqueeze(0), torch::tensor({2, 6, 8}).unsqueeze(0), {6, 8, 3}};
  model::AttentionMaps maps;
  {
    torch::NoGradGuard no_grad;
    m(in.src, in.target_in, &maps);
  }
  model::AttributionOptions options;
  options.method = model::AttributionMethod::Attention;
  options.layer = 0;
  options.head = 1;
  auto a = model::attribute(m, in.src, in.target_in, in.predicted, options);
  QVERIFY(test::maxAbsDifference(a.scores.slice(1, 0, 5), maps.cross[0][0][1]) < 1e-6);
  QVERIFY(test::maxAbsDifference(a.scores.slice(1, 5), maps.decoder_self[0][0][1]) < 1e-6);
  options.layer = -1;  // the last layer, the mean of its heads
  options.head = -1;
  a = model::attribute(m, in.src, in.target_in, in.predicted, options);
  QVERIFY(test::maxAbsDifference(a.scores.slice(1, 0, 5), maps.cross[1][0].mean(0)) < 1e-6);
  for (auto method : {model::AttributionMethod::Rollout, model::AttributionMethod::Alti}) {
    options.method = method;
    a = model::attribute(m, in.src, in.target_in, in.predicted, options);
    QVERIFY(test::maxAbsDifference(a.scores.sum(-1), torch::ones({3})) < 1e-5);  // shares of the inputs
    QCOMPARE(a.scores[0][5 + 1].item<float>(), 0.0f);  // the first prediction sees <s> only
  }
}

void TestExplaining::badRequestsAreRefusedWithAReason() {
  const auto in = inputsOf(cases_[0]);
  auto refusal = [&](model::AttributionOptions options, std::vector<int64_t> predicted = {}) -> std::string {
    try {
      model::attribute(key_model_, in.src, in.target_in, predicted.empty() ? in.predicted : predicted, options);
    } catch (const std::invalid_argument& e) {
      return e.what();
    }
    return "";
  };
  model::AttributionOptions o;
  o.method = model::AttributionMethod::Gradient;
  o.contrast_row = 2;
  o.contrast_token = 5;
  QVERIFY(refusal(o).find("past the translation") != std::string::npos);
  o.contrast_row = 0;
  o.contrast_token = 999;
  QVERIFY(refusal(o).find("outside the vocabulary") != std::string::npos);
  o.contrast_token = 5;
  o.method = model::AttributionMethod::Attention;
  QVERIFY(refusal(o).find("needs a method that explains an output") != std::string::npos);
  model::AttributionOptions layer;
  layer.method = model::AttributionMethod::Attention;
  layer.layer = 3;
  QVERIFY(refusal(layer).find("not a decoder layer") != std::string::npos);
  layer.layer = 0;
  layer.head = 2;
  QVERIFY(refusal(layer).find("not a head") != std::string::npos);
  QVERIFY(refusal(model::AttributionOptions{}, {1}).find("one predicted token a prefix position") != std::string::npos);
  QVERIFY_THROWS_EXCEPTION(std::invalid_argument, model::parseMethod("saliency"));
}

void TestExplaining::wordsKeepTheScoresSums() {
  const std::vector<std::string> source{"\u2581t\xe1\xba\xadp", "\u2581tin", "s", "</s>"};
  const std::vector<std::string> prefix{"<s>", "\u2581fil", "e"};
  const std::vector<std::string> predicted{"\u2581fil", "e", "</s>"};
  const auto s = model::wordGroups(source), p = model::wordGroups(prefix), r = model::wordGroups(predicted);
  QCOMPARE(s.words, (std::vector<std::string>{"t\xe1\xba\xadp", "tins", "</s>"}));
  QCOMPARE(p.words, (std::vector<std::string>{"<s>", "file"}));
  QCOMPARE(r.group, (std::vector<int64_t>{0, 0, 1}));
  torch::manual_seed(1);
  auto scores = torch::rand({3, 7});
  auto merged = model::mergeIntoWords(scores, r, s, p);
  QCOMPARE(merged.size(0), int64_t(2));
  QCOMPARE(merged.size(1), int64_t(5));
  // Row "file" is the mean of its two pieces' rows; column "tins" the sum of its two pieces.
  QVERIFY(std::abs(merged[0][1].item<float>() - (scores[0][1] + scores[0][2] + scores[1][1] + scores[1][2]).item<float>() / 2) < 1e-6);
  QVERIFY(std::abs(merged[1].sum().item<float>() - scores[2].sum().item<float>()) < 1e-5);
}

void TestExplaining::explainSpeaksInPiecesAndWords() {
  // A real SentencePiece model and an untrained model: the text level, the contrast's words, the outputs.
  const std::string data = test::prepareNumberedCorpus(tmp_.path().toStdString(), {"mở thư mục", "lưu tập tin"},
                                                       {"open the folder", "save the file"}, 200, 60);
  auto tokenizer = std::make_shared<const data::Tokenizer>(data + "/spm.model");
  auto options = test::smallOptions();
  options.vocab_size = tokenizer->vocabSize();
  torch::manual_seed(3);
  model::Translator translator(model::Transformer(options), tokenizer, torch::kCPU);
  model::ExplainRequest request;
  request.target = "open the folder";
  request.attribution.method = model::AttributionMethod::Gradient;
  const auto target_pieces = tokenizer->pieces("open the folder");
  const std::string folder_at = std::to_string(target_pieces.size() - 1);
  request.contrast = target_pieces.front() + "@" + folder_at;  // "why 'folder' rather than 'open'?"
  const auto e = model::explain(translator, "mở thư mục", request);
  QCOMPARE(e.predicted_pieces.back(), std::string("</s>"));
  QCOMPARE(e.prefix_pieces.front(), std::string("<s>"));
  QCOMPARE(e.source_pieces.back(), std::string("</s>"));
  QCOMPARE(e.predicted_pieces.size(), target_pieces.size() + 1);
  QCOMPARE(e.options.contrast_row, int64_t(target_pieces.size() - 1));
  QCOMPARE(e.contrast_piece, target_pieces.front());
  const auto json = e.toJson(/*words=*/true);
  QCOMPARE(json["scores"].size(), e.predicted_pieces.size());
  QCOMPARE(json["words"]["predicted"].back().get<std::string>(), std::string("</s>"));
  QCOMPARE(json["contrast"]["alternative"].get<std::string>(), e.contrast_piece);
  const auto csv = e.toCsv();
  QCOMPARE(qsizetype(std::count(csv.begin(), csv.end(), '\n')),
           qsizetype(1 + e.predicted_pieces.size() * (e.source_pieces.size() + e.prefix_pieces.size())));

  auto refusal = [&](const std::string& contrast) -> std::string {
    auto r = request;
    r.contrast = contrast;
    try {
      model::explain(translator, "mở thư mục", r);
    } catch (const std::invalid_argument& ex) {
      return ex.what();
    }
    return "";
  };
  QVERIFY(refusal(target_pieces.front() + "@99").find("past the translation") != std::string::npos);
  QVERIFY(refusal("file").find("is not WORD@POS") != std::string::npos);
  QVERIFY(refusal("file@x").find("not a whole number") != std::string::npos);
  const auto unknown = refusal("xylophonequartz@0");
  QVERIFY2(unknown.find("not a piece of this model's vocabulary") != std::string::npos, unknown.c_str());
  QVERIFY(refusal(target_pieces.back() + "@" + folder_at).find("is what the translation has") != std::string::npos);
  request.attribution.method = model::AttributionMethod::Alti;
  request.contrast = "file@0";
  QVERIFY_THROWS_EXCEPTION(std::invalid_argument, model::explain(translator, "mở thư mục", request));
  // A translation longer than the model writes (300 words of five pieces): named as the translation, with its
  // length.
  request.contrast.clear();
  std::string long_target;
  for (int i = 0; i < 300; ++i) long_target += "open ";
  request.target = long_target;
  try {
    model::explain(translator, "mở thư mục", request);
    QFAIL("a translation longer than the positions was explained");
  } catch (const std::invalid_argument& e) {
    QVERIFY2(std::string(e.what()).find("the translation has 1500 pieces; this model writes at most") !=
                 std::string::npos,
             e.what());
  }
}

void TestExplaining::faithfulMethodsBeatRandomOnTheKeyTask() {
  std::vector<model::FaithfulnessCase> cases;
  for (const auto& c : cases_) cases.push_back({c.source, {c.output}});
  cases.push_back({{}, {kFirstOutput}});  // nothing to remove: skipped, counted
  model::FaithfulnessOptions options;
  options.attribution.steps = 16;
  options.max_batch = 7;  // several batches a case
  const auto report = model::measureFaithfulness(key_model_, cases, options, torch::kCPU);
  QCOMPARE(report.sentences, int64_t(cases_.size()));
  QCOMPARE(report.predictions, int64_t(cases_.size()));
  QCOMPARE(report.skipped, int64_t(1));
  QCOMPARE(report.fractions.front(), 0.0);
  QCOMPARE(report.fractions.back(), 1.0);
  double probability = 0;  // the unchanged source's mean probability
  for (const auto& c : cases_) {
    const auto in = inputsOf(c);
    probability += std::exp(model::predictedLogProbabilities(key_model_, in.src, in.target_in, in.predicted)[0][0].item<double>());
  }
  probability /= double(cases_.size());
  const auto& random = report.curves.back();
  QCOMPARE(random.method, std::string("random"));
  for (const auto& curve : report.curves) {
    QVERIFY(std::abs(curve.deletion.front() - probability) < 1e-5);   // nothing removed yet
    QVERIFY(std::abs(curve.insertion.back() - probability) < 1e-5);   // everything back
    QVERIFY(std::abs(curve.deletion.back() - random.deletion.back()) < 1e-5);  // everything removed: no order left
    if (curve.method == "random") continue;
    // The key first: removing it takes the answer away at once, putting it back alone restores it.
    QVERIFY2(curve.deletion_area < random.deletion_area,
             qPrintable(QString("%1: deletion area %2, random %3").arg(curve.method.c_str()).arg(curve.deletion_area).arg(random.deletion_area)));
    QVERIFY2(curve.insertion_area > random.insertion_area,
             qPrintable(QString("%1: insertion area %2, random %3").arg(curve.method.c_str()).arg(curve.insertion_area).arg(random.insertion_area)));
  }
}

STUDIO_TEST_MAIN(TestExplaining)
#include "tst_explaining.moc"
