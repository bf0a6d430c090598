// The Transformer's modules: shapes, masks, padding, attention maps, tied
// weights, positional encoding, option validation.

#include <cmath>

#include <QtTest/QtTest>
#include <nlohmann/json.hpp>
#include <torch/torch.h>

#include "common/SuiteMain.h"
#include "common/TestUtil.h"
#include "model/AttentionKernel.h"
#include "model/BatchedProduct.h"
#include "model/Dropout.h"
#include "model/FeedForward.h"
#include "model/Masks.h"
#include "model/MultiHeadAttention.h"
#include "model/Transformer.h"
#include "model/training/Loss.h"

using namespace studio;
using studio::test::maxAbsDifference;
using studio::test::randomTokens;
using studio::test::smallOptions;

namespace {

model::TransformerOptions deterministic(model::TransformerOptions o) {
  o.dropout = o.attention_dropout = o.relu_dropout = 0.0;
  return o;
}

torch::Tensor appendPadding(const torch::Tensor& tokens, int64_t count, int64_t pad_id) {
  return torch::cat({tokens, torch::full({tokens.size(0), count}, pad_id, torch::kLong)}, /*dim=*/1);
}

// Copies every parameter and buffer of `from` into `to` (same shapes).
void copyWeights(model::Transformer& from, model::Transformer& to) {
  torch::NoGradGuard no_grad;
  auto source = from->named_parameters();
  for (auto& p : to->named_parameters()) p.value().copy_(source[p.key()]);
}

}  // namespace

class TestTransformer : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void initTestCase() { torch::manual_seed(20261122); }

  void shapes_data();
  void shapes();
  void dropoutKeepsTheRightFractionAndTheMean();
  void causality_data();
  void causality();
  void sourcePaddingLeavesOutputsUnchanged();
  void targetPaddingLeavesOutputsUnchanged();
  void allPaddingRowsGiveNoNaN();
  void attentionRowsSumToOneAndMaskedKeysAreZero_data();
  void attentionRowsSumToOneAndMaskedKeysAreZero();
  void attentionMapsOnlyWhenAsked();
  void maskedSoftmaxOfFullyMaskedRowIsZeroWithFiniteGradient();
  void attentionMaskFormsForFusedAttention();
  void fusedAndExplicitAttentionAgree();
  void bf16HeadsNotAMultipleOf32WideMultiplyInFloat32();
  void batchedProductEqualsBmm_data();
  void batchedProductEqualsBmm();
  void paddingSkippingFeedForwardEqualsPlain();
  void paddingSkippingModelEqualsPlainModel();
  void tiedEmbeddingIsOneMatrixTrainedByAllThreeUses();
  void positionalEncodingMatchesThePaper();
  void learnablePositionScaleIsAParameterOnlyWhenAsked();
  void parameterCountMatchesTheFormula_data();
  void parameterCountMatchesTheFormula();
  void xavierInitialization();
  void invalidOptionsNameTheField_data();
  void invalidOptionsNameTheField();
  void optionsJsonRoundTrip();
  void optionsJsonWrongTypeNamesTheField();
};

void TestTransformer::shapes_data() {
  QTest::addColumn<int>("batch");
  QTest::addColumn<int>("source");
  QTest::addColumn<int>("target");
  QTest::addColumn<model::NormPosition>("norm");
  QTest::newRow("1x1x1 post") << 1 << 1 << 1 << model::NormPosition::Post;
  QTest::newRow("1x1x1 pre") << 1 << 1 << 1 << model::NormPosition::Pre;
  QTest::newRow("1x7x3 post") << 1 << 7 << 3 << model::NormPosition::Post;
  QTest::newRow("3x1x9 pre") << 3 << 1 << 9 << model::NormPosition::Pre;
  QTest::newRow("5x12x1 post") << 5 << 12 << 1 << model::NormPosition::Post;
  QTest::newRow("8x16x20 pre") << 8 << 16 << 20 << model::NormPosition::Pre;
}

void TestTransformer::shapes() {
  QFETCH(int, batch);
  QFETCH(int, source);
  QFETCH(int, target);
  QFETCH(model::NormPosition, norm);
  auto o = smallOptions(norm);
  model::Transformer m(o);
  auto src = randomTokens(batch, source, o.vocab_size);
  auto tgt = randomTokens(batch, target, o.vocab_size);
  auto memory = m->encode(src);
  QCOMPARE(memory.sizes().vec(), (std::vector<int64_t>{batch, source, o.d_model}));
  auto hidden = m->decode(tgt, memory, src);
  QCOMPARE(hidden.sizes().vec(), (std::vector<int64_t>{batch, target, o.d_model}));
  auto logits = m(src, tgt);
  QCOMPARE(logits.sizes().vec(), (std::vector<int64_t>{batch, target, o.vocab_size}));
  QVERIFY(test::allFinite(logits));
}

void TestTransformer::causality_data() {
  QTest::addColumn<model::NormPosition>("norm");
  QTest::newRow("post-LN") << model::NormPosition::Post;
  QTest::newRow("pre-LN") << model::NormPosition::Pre;
}

void TestTransformer::causality() {
  QFETCH(model::NormPosition, norm);
  auto o = deterministic(smallOptions(norm));
  model::Transformer m(o);
  m->eval();
  auto src = randomTokens(3, 6, o.vocab_size);
  auto tgt = randomTokens(3, 9, o.vocab_size);
  auto logits = m(src, tgt);
  for (int64_t t : {0, 3, 7}) {
    auto changed = tgt.clone();
    changed.slice(1, t + 1) = randomTokens(3, 9 - (t + 1), o.vocab_size);
    QVERIFY(!changed.equal(tgt));
    auto other = m(src, changed);
    const double diff = maxAbsDifference(logits.slice(1, 0, t + 1), other.slice(1, 0, t + 1));
    QVERIFY2(diff <= 1e-6, qPrintable(QString("t=%1: logits up to t moved by %2").arg(t).arg(diff)));
    // ... while later positions do see the change.
    QVERIFY(maxAbsDifference(logits.slice(1, t + 1), other.slice(1, t + 1)) > 1e-4);
  }
}

void TestTransformer::sourcePaddingLeavesOutputsUnchanged() {
  auto o = deterministic(smallOptions());
  model::Transformer m(o);
  m->eval();
  auto src = randomTokens(2, 5, o.vocab_size);
  auto tgt = randomTokens(2, 4, o.vocab_size);
  auto logits = m(src, tgt);
  for (int64_t extra : {1, 3, 11}) {
    auto padded = appendPadding(src, extra, o.pad_id);
    auto other = m(padded, tgt);
    const double diff = maxAbsDifference(logits, other);
    QVERIFY2(diff <= 1e-5, qPrintable(QString("%1 pads moved logits by %2").arg(extra).arg(diff)));
    // The encoder's real positions are unchanged too.
    const double memory_diff = maxAbsDifference(m->encode(src), m->encode(padded).slice(1, 0, 5));
    QVERIFY2(memory_diff <= 1e-5, qPrintable(QString("memory moved by %1").arg(memory_diff)));
  }
}

void TestTransformer::targetPaddingLeavesOutputsUnchanged() {
  for (auto norm : {model::NormPosition::Post, model::NormPosition::Pre}) {
    auto o = deterministic(smallOptions(norm));
    model::Transformer m(o);
    m->eval();
    auto src = appendPadding(randomTokens(2, 5, o.vocab_size), 2, o.pad_id);
    auto tgt = randomTokens(2, 6, o.vocab_size);
    auto logits = m(src, tgt);
    auto other = m(src, appendPadding(tgt, 4, o.pad_id)).slice(1, 0, 6);
    const double diff = maxAbsDifference(logits, other);
    QVERIFY2(diff <= 1e-5, qPrintable(QString("target pads moved logits by %1").arg(diff)));
  }
}

void TestTransformer::allPaddingRowsGiveNoNaN() {
  for (auto norm : {model::NormPosition::Post, model::NormPosition::Pre}) {
    auto o = smallOptions(norm);  // dropout on: the training path
    model::Transformer m(o);
    m->train();
    auto src = randomTokens(3, 6, o.vocab_size);
    auto tgt_in = randomTokens(3, 5, o.vocab_size);
    auto tgt_out = randomTokens(3, 5, o.vocab_size);
    src[1].fill_(o.pad_id);  // a whole source row of padding
    tgt_in[1].fill_(o.pad_id);
    tgt_out[1].fill_(o.pad_id);
    tgt_in[2].slice(0, 2).fill_(o.pad_id);
    model::AttentionMaps maps;
    auto logits = m(src, tgt_in, &maps);
    QVERIFY(test::allFinite(logits));
    for (const auto& p : maps.encoder_self) QVERIFY(test::allFinite(p));
    for (const auto& p : maps.decoder_self) QVERIFY(test::allFinite(p));
    for (const auto& p : maps.cross) QVERIFY(test::allFinite(p));
    // The all-pad source row attends nowhere: its encoder maps are all zero.
    QCOMPARE(maps.encoder_self[0][1].abs().sum().item<double>(), 0.0);
    auto loss = model::labelSmoothedCrossEntropy(logits, tgt_out, o.pad_id).loss;
    QVERIFY(std::isfinite(loss.item<double>()));
    loss.backward();
    for (const auto& p : m->named_parameters()) {
      QVERIFY2(p.value().grad().defined(), qPrintable(QString::fromStdString(p.key())));
      QVERIFY2(test::allFinite(p.value().grad()), qPrintable(QString::fromStdString(p.key())));
    }
  }
}

void TestTransformer::attentionRowsSumToOneAndMaskedKeysAreZero_data() {
  QTest::addColumn<model::NormPosition>("norm");
  QTest::newRow("post-LN") << model::NormPosition::Post;
  QTest::newRow("pre-LN") << model::NormPosition::Pre;
}

void TestTransformer::attentionRowsSumToOneAndMaskedKeysAreZero() {
  QFETCH(model::NormPosition, norm);
  auto o = deterministic(smallOptions(norm));
  model::Transformer m(o);
  m->eval();
  auto src = randomTokens(3, 7, o.vocab_size);
  auto tgt = randomTokens(3, 6, o.vocab_size);
  src[0].slice(0, 4).fill_(o.pad_id);
  src[2].slice(0, 1).fill_(o.pad_id);
  tgt[1].slice(0, 3).fill_(o.pad_id);
  model::AttentionMaps maps;
  m(src, tgt, &maps);
  QCOMPARE(maps.encoder_self.size(), size_t(o.encoder_layers));
  QCOMPARE(maps.decoder_self.size(), size_t(o.decoder_layers));
  QCOMPARE(maps.cross.size(), size_t(o.decoder_layers));

  auto check = [](const torch::Tensor& probs, const torch::Tensor& mask, const char* what) {
    auto full_mask = mask.expand_as(probs);
    const double masked_total = probs.masked_select(full_mask).abs().sum().item<double>();
    QVERIFY2(masked_total == 0.0, qPrintable(QString("%1: masked keys carry %2").arg(what).arg(masked_total)));
    auto sums = probs.sum(-1);
    const double worst = (sums - 1.0).abs().max().item<double>();
    QVERIFY2(worst <= 1e-5, qPrintable(QString("%1: a row sums to 1 +- %2").arg(what).arg(worst)));
  };
  for (const auto& p : maps.encoder_self) {
    QCOMPARE(p.sizes().vec(), (std::vector<int64_t>{3, o.heads, 7, 7}));
    check(p, model::paddingMask(src, o.pad_id), "encoder self");
  }
  for (const auto& p : maps.decoder_self) {
    QCOMPARE(p.sizes().vec(), (std::vector<int64_t>{3, o.heads, 6, 6}));
    check(p, model::decoderSelfMask(tgt, o.pad_id), "decoder self");
  }
  for (const auto& p : maps.cross) {
    QCOMPARE(p.sizes().vec(), (std::vector<int64_t>{3, o.heads, 6, 7}));
    check(p, model::paddingMask(src, o.pad_id), "cross");
  }
}

void TestTransformer::attentionMapsOnlyWhenAsked() {
  auto o = deterministic(smallOptions());
  model::Transformer m(o);
  m->eval();
  auto src = randomTokens(2, 4, o.vocab_size);
  auto tgt = randomTokens(2, 3, o.vocab_size);
  model::AttentionMaps maps;
  auto recorded = m(src, tgt, &maps);
  // Recording changes nothing: exactly, with the explicit kernel it uses;
  // to rounding, against the fused one (LibTorch 2.x) used otherwise.
  model::setFusedAttention(model::FusedAttention::Never);
  QCOMPARE(maxAbsDifference(m(src, tgt), recorded), 0.0);
  model::setFusedAttention(model::FusedAttention::Always);
  QVERIFY(maxAbsDifference(m(src, tgt), recorded) < 1e-5);
  model::setFusedAttention(model::FusedAttention::OnGpu);
  QVERIFY(!maps.encoder_self.empty());
  for (const auto& p : maps.cross) QVERIFY(!p.requires_grad());
}

void TestTransformer::maskedSoftmaxOfFullyMaskedRowIsZeroWithFiniteGradient() {
  auto scores = torch::randn({2, 1, 3, 4}, torch::requires_grad());
  auto mask = torch::zeros({2, 1, 3, 4}, torch::kBool);
  mask[0][0][1].fill_(true);           // one fully masked row
  mask[1][0].slice(1, 2).fill_(true);  // keys 2, 3 masked for every query
  auto probs = model::maskedSoftmax(scores, mask);
  QCOMPARE(probs[0][0][1].abs().sum().item<double>(), 0.0);
  QCOMPARE(probs.masked_select(mask).abs().sum().item<double>(), 0.0);
  QVERIFY((probs[1][0].sum(-1) - 1).abs().max().item<double>() < 1e-6);
  (probs * torch::randn_like(probs)).sum().backward();
  QVERIFY(test::allFinite(scores.grad()));
  QCOMPARE(scores.grad().masked_select(mask).abs().sum().item<double>(), 0.0);
  // Unmasked entries match a plain softmax over the unmasked keys.
  auto expected = scores.detach()[1][0].slice(1, 0, 2).softmax(-1);
  QVERIFY(maxAbsDifference(probs.detach()[1][0].slice(1, 0, 2), expected) < 1e-6);
}

void TestTransformer::attentionMaskFormsForFusedAttention() {
  auto blocked = torch::zeros({2, 1, 3, 4}, torch::kBool);
  blocked[0][0][1].fill_(true);           // query 1 of sentence 0 may see no key
  blocked[1][0].slice(1, 2).fill_(true);  // keys 2, 3 blocked for every query
  const model::AttentionMask mask(blocked);
  QVERIFY(mask.defined());
  QVERIFY(!model::AttentionMask().defined());
  const auto& allowed = mask.allowedForFused();
  // The row that sees nothing is allowed everything; the others are the mask's complement.
  auto expected = blocked.logical_not();
  expected[0][0][1].fill_(true);
  QVERIFY(allowed.equal(expected));
  const auto sees = mask.seesAKey(torch::kFloat);
  QCOMPARE(sees.sizes().vec(), (std::vector<int64_t>{2, 1, 3, 1}));
  QCOMPARE(sees.scalar_type(), torch::kFloat);
  QCOMPARE(sees.sum().item<double>(), 5.0);
  QCOMPARE(sees[0][0][1][0].item<double>(), 0.0);
  // Computed once: every layer that asks again gets the same tensors.
  QCOMPARE(mask.allowedForFused().data_ptr(), allowed.data_ptr());
  QCOMPARE(mask.seesAKey(torch::kFloat).data_ptr(), sees.data_ptr());
  QCOMPARE(mask.seesAKey(torch::kDouble).scalar_type(), torch::kDouble);
  QVERIFY(mask.blocked().equal(blocked));
}

void TestTransformer::paddingSkippingFeedForwardEqualsPlain() {
  model::FeedForward ffn(16, 40, /*relu_dropout=*/0.0);
  auto tokens = randomTokens(3, 5, 20);
  tokens[0].slice(0, 2).fill_(0);
  tokens[2].slice(0, 4).fill_(0);
  auto x = torch::randn({3, 5, 16});
  auto rows = model::nonPaddingIndex(tokens, 0);
  QCOMPARE(rows.numel(), int64_t(2 + 5 + 4));  // row 0 padded from 2, row 2 from 4
  auto skipped = ffn->forwardRows(x, rows);
  auto plain = ffn(x);
  auto real = tokens.ne(0).unsqueeze(-1).expand_as(x);
  QVERIFY(maxAbsDifference(skipped.masked_select(real), plain.masked_select(real)) <= 1e-6);
  QCOMPARE(skipped.masked_select(real.logical_not()).abs().sum().item<double>(), 0.0);
}

void TestTransformer::paddingSkippingModelEqualsPlainModel() {
  auto o = deterministic(smallOptions());
  o.skip_padding_in_ffn = true;
  model::Transformer skipping(o);
  o.skip_padding_in_ffn = false;
  model::Transformer plain(o);
  copyWeights(skipping, plain);
  skipping->eval();
  plain->eval();
  auto src = appendPadding(randomTokens(2, 5, o.vocab_size), 3, o.pad_id);
  auto tgt = appendPadding(randomTokens(2, 4, o.vocab_size), 2, o.pad_id);
  auto a = skipping(src, tgt).slice(1, 0, 4);
  auto b = plain(src, tgt).slice(1, 0, 4);
  QVERIFY(maxAbsDifference(a, b) <= 1e-5);
}

void TestTransformer::tiedEmbeddingIsOneMatrixTrainedByAllThreeUses() {
  auto o = deterministic(smallOptions());
  model::Transformer m(o);
  int matrices = 0;
  for (const auto& p : m->parameters())
    if (p.sizes().equals({o.vocab_size, o.d_model})) ++matrices;
  QCOMPARE(matrices, 1);

  auto src = randomTokens(2, 5, o.vocab_size);
  auto tgt = randomTokens(2, 4, o.vocab_size);
  auto weights = torch::randn({2, 4, o.vocab_size});
  auto tied_logits = m(src, tgt);
  (tied_logits * weights).sum().backward();
  auto tied_grad = m->embeddingWeight().grad().clone();

  // The same computation with three separate copies of the matrix, one per use.
  auto w = m->embeddingWeight().detach();
  auto w_enc = w.clone().requires_grad_(true);
  auto w_dec = w.clone().requires_grad_(true);
  auto w_out = w.clone().requires_grad_(true);
  const double scale = std::sqrt(double(o.d_model));
  auto memory = m->encoder()(m->positionalEncoding()(torch::embedding(w_enc, src) * scale),
                             model::paddingMask(src, o.pad_id), torch::Tensor());
  auto hidden = m->decoder()(m->positionalEncoding()(torch::embedding(w_dec, tgt) * scale), memory,
                             model::decoderSelfMask(tgt, o.pad_id), model::paddingMask(src, o.pad_id),
                             torch::Tensor());
  auto untied_logits = torch::nn::functional::linear(hidden, w_out);
  QVERIFY(maxAbsDifference(tied_logits, untied_logits) <= 1e-6);
  (untied_logits * weights).sum().backward();
  for (const auto& g : {w_enc.grad(), w_dec.grad(), w_out.grad()}) QVERIFY(g.abs().sum().item<double>() > 0);
  const double diff = maxAbsDifference(tied_grad, w_enc.grad() + w_dec.grad() + w_out.grad());
  QVERIFY2(diff <= 1e-5, qPrintable(QString("tied gradient differs from the three uses' sum by %1").arg(diff)));
}

void TestTransformer::positionalEncodingMatchesThePaper() {
  const int64_t d = 16;
  auto table = model::sinusoidalTable(50, d);
  for (int64_t pos : {0, 1, 7, 49}) {
    for (int64_t i = 0; i < d / 2; ++i) {
      const double angle = double(pos) / std::pow(10000.0, 2.0 * double(i) / double(d));
      QVERIFY(std::abs(table[pos][2 * i].item<double>() - std::sin(angle)) < 1e-6);
      QVERIFY(std::abs(table[pos][2 * i + 1].item<double>() - std::cos(angle)) < 1e-6);
    }
  }
  model::PositionalEncoding pe(d, 50, false);
  auto x = torch::zeros({2, 9, d});
  QVERIFY(maxAbsDifference(pe(x, /*offset=*/3)[1], table.slice(0, 3, 12)) == 0.0);
  bool threw = false;
  try {
    pe(torch::zeros({1, 51, d}));
  } catch (const std::length_error&) {
    threw = true;
  }
  QVERIFY(threw);
}

void TestTransformer::learnablePositionScaleIsAParameterOnlyWhenAsked() {
  auto o = smallOptions();
  model::Transformer fixed(o);
  QVERIFY(!fixed->named_parameters().contains("positional.scale"));
  o.learnable_position_scale = true;
  model::Transformer learnable(o);
  QVERIFY(learnable->named_parameters().contains("positional.scale"));
  QCOMPARE(learnable->named_parameters()["positional.scale"].item<double>(), 1.0);
}

void TestTransformer::parameterCountMatchesTheFormula_data() {
  QTest::addColumn<model::NormPosition>("norm");
  QTest::addColumn<int>("layers");
  QTest::newRow("small post") << model::NormPosition::Post << 2;
  QTest::newRow("small pre") << model::NormPosition::Pre << 3;
}

void TestTransformer::parameterCountMatchesTheFormula() {
  QFETCH(model::NormPosition, norm);
  QFETCH(int, layers);
  auto o = smallOptions(norm);
  o.encoder_layers = layers;
  o.decoder_layers = layers + 1;
  model::Transformer m(o);
  const int64_t D = o.d_model, F = o.d_ff, V = o.vocab_size;
  const int64_t attention = 4 * D * D + 4 * D;  // q, k, v, out with biases
  const int64_t ffn = D * F + F + F * D + D;
  const int64_t norm_params = 2 * D;
  int64_t expected = V * D;
  expected += o.encoder_layers * (attention + ffn + 2 * norm_params);
  expected += o.decoder_layers * (2 * attention + ffn + 3 * norm_params);
  if (norm == model::NormPosition::Pre) expected += 2 * norm_params;
  QCOMPARE(m->parameterCount(), expected);
  QCOMPARE(model::expectedParameterCount(o), expected);  // what disk estimates use, without a model
  o.learnable_position_scale = true;
  QCOMPARE(model::expectedParameterCount(o), model::Transformer(o)->parameterCount());
}

void TestTransformer::xavierInitialization() {
  auto o = smallOptions();
  model::Transformer m(o);
  auto params = m->named_parameters();
  // One fused [3D, D] block holds q, k, v; each block gets the bound of a D x D matrix.
  const double bound = std::sqrt(6.0 / double(2 * o.d_model));
  auto qkv = params["encoder.layers.0.self_attn.qkv_proj.weight"];
  QVERIFY(qkv.abs().max().item<double>() <= bound);
  QVERIFY(qkv.abs().max().item<double>() > 0.9 * bound);
  QCOMPARE(params["encoder.layers.0.self_attn.qkv_proj.bias"].abs().sum().item<double>(), 0.0);
  QCOMPARE(params["decoder.layers.1.norm3.weight"].min().item<double>(), 1.0);
  const double ffn_bound = std::sqrt(6.0 / double(o.d_model + o.d_ff));
  QVERIFY(params["decoder.layers.0.ffn.linear1.weight"].abs().max().item<double>() <= ffn_bound);
}

void TestTransformer::invalidOptionsNameTheField_data() {
  QTest::addColumn<QString>("field");
  QTest::addColumn<QString>("value");
  QTest::newRow("d_model not divisible by heads") << "d_model" << "30";
  QTest::newRow("zero encoder layers") << "encoder_layers" << "0";
  QTest::newRow("zero decoder layers") << "decoder_layers" << "0";
  QTest::newRow("zero heads") << "heads" << "0";
  QTest::newRow("zero d_ff") << "d_ff" << "0";
  QTest::newRow("dropout 1") << "dropout" << "1.0";
  QTest::newRow("dropout negative") << "dropout" << "-0.1";
  QTest::newRow("attention dropout 1.5") << "attention_dropout" << "1.5";
  QTest::newRow("relu dropout 1") << "relu_dropout" << "1";
  QTest::newRow("empty vocabulary") << "vocab_size" << "0";
  QTest::newRow("pad outside vocabulary") << "pad_id" << "100";
  QTest::newRow("zero max length") << "max_length" << "0";
}

void TestTransformer::invalidOptionsNameTheField() {
  QFETCH(QString, field);
  QFETCH(QString, value);
  auto json = model::toJson(smallOptions());
  json[field.toStdString()] = nlohmann::json::parse(value.toStdString());
  auto o = model::transformerOptionsFromJson(json);
  try {
    model::Transformer m(o);
    QFAIL("no exception");
  } catch (const std::invalid_argument& e) {
    const QString message = e.what();
    QVERIFY2(message.contains("'" + field + "'"), qPrintable(message));
  }
}

void TestTransformer::optionsJsonRoundTrip() {
  auto o = smallOptions(model::NormPosition::Pre);
  o.learnable_position_scale = true;
  o.attention_dropout = 0.25;
  auto back = model::transformerOptionsFromJson(nlohmann::json::parse(model::toJson(o).dump()));
  QVERIFY(back == o);
  QVERIFY(back.norm_position == model::NormPosition::Pre);
}

void TestTransformer::optionsJsonWrongTypeNamesTheField() {
  auto json = model::toJson(smallOptions());
  json["heads"] = "eight";
  try {
    model::transformerOptionsFromJson(json);
    QFAIL("no exception");
  } catch (const std::invalid_argument& e) {
    QVERIFY2(QString(e.what()).contains("'heads'"), e.what());
  }
  json = model::toJson(smallOptions());
  json["norm_position"] = "middle";
  try {
    model::transformerOptionsFromJson(json);
    QFAIL("no exception");
  } catch (const std::invalid_argument& e) {
    QVERIFY2(QString(e.what()).contains("'norm_position'"), e.what());
  }
}

void TestTransformer::dropoutKeepsTheRightFractionAndTheMean() {
  const int64_t n = 3000001;  // not a multiple of three: the last draw is cut
  for (double p : {0.1, 0.3, 0.5}) {
    const auto keep = model::dropoutKeepMask({n}, p).to(torch::kDouble);
    const double kept = keep.mean().item<double>();
    const double sigma = std::sqrt(p * (1 - p) / double(n));
    QVERIFY2(std::abs(kept - (1 - p)) < 5 * sigma, qPrintable(QString("p %1: kept %2").arg(p).arg(kept)));
    // The three fields of a draw, and neighbouring draws, are independent: pairs kept together (1-p)^2.
    for (int64_t lag : {1, 2, 3}) {
      const double both = (keep.narrow(0, 0, n - lag) * keep.narrow(0, lag, n - lag)).mean().item<double>();
      QVERIFY2(std::abs(both - (1 - p) * (1 - p)) < 6 * sigma,
               qPrintable(QString("p %1 lag %2: both %3").arg(p).arg(lag).arg(both)));
    }
  }
  model::Dropout dropout(0.25);
  auto ones = torch::ones({1000, 1000});
  auto out = dropout(ones);
  QVERIFY(std::abs(out.mean().item<double>() - 1.0) < 0.01);  // inverted dropout keeps the expectation
  const auto values = std::get<0>(at::_unique(out));
  QCOMPARE(values.numel(), int64_t(2));  // 0 and 1 / (1 - p)
  QVERIFY(std::abs(values.max().item<double>() - 1.0 / 0.75) < 1e-6);
  // Seeded: the same masks again; eval(): the identity.
  torch::manual_seed(7);
  auto a = dropout(ones);
  torch::manual_seed(7);
  auto b = dropout(ones);
  QVERIFY(torch::equal(a, b));
  QVERIFY(!torch::equal(dropout(ones), b));  // the next mask is another
  // ... on any number of threads (word w of a mask depends on its key and w alone).
  const int threads = at::get_num_threads();
  at::set_num_threads(1);
  torch::manual_seed(7);
  auto one_thread = dropout(ones);
  at::set_num_threads(std::max(2, threads));
  torch::manual_seed(7);
  auto several = dropout(ones);
  at::set_num_threads(threads);
  QVERIFY(torch::equal(one_thread, a));
  QVERIFY(torch::equal(several, a));
  dropout->eval();
  QVERIFY(torch::equal(dropout(ones), ones));
  // Gradients flow through the kept elements, scaled.
  dropout->train();
  auto x = torch::ones({100, 100}, torch::requires_grad());
  auto y = dropout(x);
  y.sum().backward();
  QVERIFY(torch::equal(x.grad(), y.detach()));
}

void TestTransformer::batchedProductEqualsBmm_data() {
  QTest::addColumn<int>("n");
  QTest::addColumn<int>("m");
  QTest::addColumn<int>("k");
  QTest::addColumn<int>("p");
  QTest::addColumn<bool>("transposed");
  // Rows in blocks of 4 and the 1-3 left; columns in blocks of 16 and a part.
  QTest::newRow("attention scores, b = kᵀ as a view") << 24 << 13 << 16 << 11 << true;
  QTest::newRow("attention context") << 24 << 13 << 11 << 16 << false;
  QTest::newRow("one row, 40 columns") << 3 << 1 << 7 << 40 << false;
  QTest::newRow("4 rows, 17 columns, transposed") << 5 << 4 << 9 << 17 << true;
  QTest::newRow("empty batch") << 0 << 3 << 4 << 5 << false;
}

// bf16 attention on the CPU: heads 32 wide multiply in bf16 (oneDNN); heads
// 24 wide (d_model 96 in 4 heads) in float32 on our kernel, because the oneDNN
// of Debian's LibTorch 1.13 stopped a training run with an illegal
// instruction on an AMX CPU at one of their batch shapes (step 825 of a
// 2+1-layer d_model-96 student, every time). Either way the output is
// attention's, to bf16's precision.
void TestTransformer::bf16HeadsNotAMultipleOf32WideMultiplyInFloat32() {
  torch::NoGradGuard no_grad;
  for (const int64_t d_model : {int64_t(96), int64_t(128)}) {
    torch::manual_seed(11);
    model::MultiHeadAttention attention(d_model, 4, 0.0, model::MultiHeadAttentionImpl::Kind::Self);
    attention->eval();
    const int64_t head_dim = d_model / 4;
    const auto q = torch::randn({7, 4, 65, head_dim}), k = torch::randn({7, 4, 65, head_dim}),
               v = torch::randn({7, 4, 65, head_dim});
    const model::AttentionMask mask;
    torch::Tensor probs32, probs16;
    const auto reference = attention->attendProjected(q, k, v, mask, &probs32);
    attention->to(torch::kBFloat16);
    const auto bf16 = attention->attendProjected(q.to(torch::kBFloat16), k.to(torch::kBFloat16),
                                                 v.to(torch::kBFloat16), mask, &probs16);
    attention->to(torch::kFloat);
    QCOMPARE(probs16.scalar_type(), head_dim % 32 == 0 ? torch::kBFloat16 : torch::kFloat);
    QVERIFY2(test::maxAbsDifference(probs16.to(torch::kFloat), probs32) < 0.02,
             qPrintable(QString::number(d_model)));
    QVERIFY2(test::maxAbsDifference(bf16.to(torch::kFloat), reference) < 0.1,
             qPrintable(QString::number(d_model)));
  }
}

void TestTransformer::batchedProductEqualsBmm() {
  QFETCH(int, n);
  QFETCH(int, m);
  QFETCH(int, k);
  QFETCH(int, p);
  QFETCH(bool, transposed);
  torch::manual_seed(uint64_t(n * 100 + m));
  auto a = torch::randn({n, m, k}, torch::requires_grad());
  // b as a transposed view of a contiguous [n, p, k] (as attention's kᵀ), or contiguous.
  auto b_leaf = transposed ? torch::randn({n, p, k}, torch::requires_grad()) : torch::randn({n, k, p}, torch::requires_grad());
  auto b = transposed ? b_leaf.transpose(1, 2) : b_leaf;
  auto weights = torch::randn({n, m, p});
  auto ours = model::batchedProduct(a, b);
  QCOMPARE(ours.sizes().vec(), (std::vector<int64_t>{n, m, p}));
  QVERIFY(ours.is_contiguous());
  (ours * weights).sum().backward();
  if (n == 0) {
    QCOMPARE(a.grad().sizes(), a.sizes());
    return;
  }
  auto grad_a = a.grad().clone(), grad_b = b_leaf.grad().clone();
  a.mutable_grad().reset();
  b_leaf.mutable_grad().reset();
  auto reference = torch::bmm(a, b);
  (reference * weights).sum().backward();
  // Sums of up to 16 products of N(0,1) numbers: float rounding only.
  QVERIFY2(maxAbsDifference(ours, reference) < 1e-4, "forward");
  QVERIFY2(maxAbsDifference(grad_a, a.grad()) < 1e-4, "gradient of a");
  QVERIFY2(maxAbsDifference(grad_b, b_leaf.grad()) < 1e-4, "gradient of b");
  QVERIFY(ours.abs().sum().item<double>() > 0.0);
  // The same numbers on one thread as on several (each product is one thread's).
  const int threads = at::get_num_threads();
  at::set_num_threads(1);
  auto one_thread = model::batchedProduct(a.detach(), b.detach());
  at::set_num_threads(threads);
  QVERIFY(torch::equal(one_thread, ours.detach()));
}

void TestTransformer::fusedAndExplicitAttentionAgree() {
  if (!model::fusedAttentionAvailable())
    QSKIP("LibTorch 1.13 has no fused attention: every attention here is the explicit one");
  using Kind = model::MultiHeadAttentionImpl::Kind;
  struct Outcome {
    torch::Tensor out;
    std::vector<torch::Tensor> grads;
  };
  for (auto kind : {Kind::Self, Kind::Cross}) {
    torch::manual_seed(11);
    model::MultiHeadAttention attention(32, 4, 0.0, kind);
    attention->train();
    const int64_t keys_length = kind == Kind::Self ? 5 : 7;
    auto x = torch::randn({3, 5, 32}), memory = torch::randn({3, keys_length, 32});
    // Padding keys for sentence 0, none for 1, every key for 2 (a fully padded
    // row); for self-attention also the causal mask.
    auto mask = torch::zeros({3, 1, 1, keys_length}, torch::kBool);
    mask[0].narrow(-1, keys_length - 2, 2).fill_(true);
    mask[2].fill_(true);
    if (kind == Kind::Self) mask = mask.logical_or(model::causalMask(5, torch::kCPU));
    auto weights = torch::randn({3, 5, 32});
    auto run = [&](bool fused) {
      model::setFusedAttention(fused ? model::FusedAttention::Always : model::FusedAttention::Never);
      attention->zero_grad();
      auto xi = x.clone().requires_grad_(true), mi = memory.clone().requires_grad_(true);
      auto out = attention(xi, kind == Kind::Self ? xi : mi, mask);
      (out * weights).sum().backward();
      Outcome o{out.detach(), {xi.grad()}};
      if (kind == Kind::Cross) o.grads.push_back(mi.grad());
      for (auto& p : attention->parameters()) o.grads.push_back(p.grad().clone());
      return o;
    };
    const auto fused = run(true), explicit_ = run(false);
    model::setFusedAttention(model::FusedAttention::OnGpu);
    QVERIFY(test::allFinite(fused.out));
    QVERIFY2(test::maxAbsDifference(fused.out, explicit_.out) < 1e-5, "outputs differ");
    // The fully padded sentence: nothing but the output projection's bias.
    auto bias = attention->named_parameters()["out_proj.bias"];
    QVERIFY(test::maxAbsDifference(fused.out[2], bias.expand({5, 32})) < 1e-6);
    for (size_t i = 0; i < fused.grads.size(); ++i)
      QVERIFY2(test::maxAbsDifference(fused.grads[i], explicit_.grads[i]) < 1e-4,
               qPrintable(QString("gradient %1 differs").arg(i)));
  }
  // A whole model on a padded batch: the same logits either way.
  auto o = test::smallOptions();
  o.dropout = 0;
  model::Transformer m(o);
  m->eval();
  auto src = test::randomTokens(2, 7, o.vocab_size), tgt = test::randomTokens(2, 5, o.vocab_size);
  src[1].narrow(0, 4, 3).fill_(o.pad_id);
  torch::NoGradGuard no_grad;
  model::setFusedAttention(model::FusedAttention::Never);
  auto reference = m(src, tgt);
  model::setFusedAttention(model::FusedAttention::Always);
  QVERIFY(test::maxAbsDifference(m(src, tgt), reference) < 1e-4);
  model::setFusedAttention(model::FusedAttention::OnGpu);
}

STUDIO_TEST_MAIN(TestTransformer)
#include "tst_transformer.moc"
