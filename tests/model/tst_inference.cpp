// The inference engine (model/inference/) against the LibTorch modules it
// stands in for: its packed products equal torch::linear, its encoder the
// model's encode(), each decoder step the cached decodeStep() + project() +
// log_softmax to float rounding, and every search (greedy, beam, n-best,
// batches whose sentences leave, head masks, weights that change between
// searches) gives the same translations on both paths.

#include <algorithm>
#include <cmath>
#include <map>
#include <random>

#include <ATen/Parallel.h>
#include <QtTest/QtTest>
#include <torch/torch.h>

#include "common/SuiteMain.h"
#include "common/TestUtil.h"
#include "model/decoding/Decoding.h"
#include "model/decoding/StepDecoder.h"
#include "model/inference/Bf16Linear.h"
#include "model/inference/FastDecoder.h"
#include "model/inference/FastEncoder.h"
#include "model/inference/PackedLinear.h"
#include "model/inference/QuantizedLinear.h"
#include "model/runtime/Runtime.h"
#include "model/training/Optimizer.h"

using namespace studio;
using studio::test::maxAbsDifference;
using Engine = model::DecodingOptions::Engine;

namespace {

// A shape whose sizes are no multiples of the kernels' panels and vector
// widths: d_model 48 (3 heads of 16), d_ff 100, 70 pieces.
model::TransformerOptions oddOptions(model::NormPosition norm) {
  auto o = test::smallOptions(norm);
  o.d_model = 48;
  o.heads = 3;
  o.d_ff = 100;
  o.vocab_size = 70;
  return o;
}

// Randomized gains and biases too (a fresh model has unit gains and zero
// biases, which would hide a norm or bias read from the wrong place).
void randomizeAffine(model::Transformer& m) {
  torch::NoGradGuard no_grad;
  for (auto& p : m->named_parameters()) {
    const auto& name = p.key();
    if (name.find("norm") != std::string::npos || name.find("bias") != std::string::npos)
      p.value().copy_(torch::randn_like(p.value()) * 0.3 + (name.find("weight") != std::string::npos ? 1.0 : 0.0));
  }
}

// A model of `o` with random weights, gains and biases, in eval mode.
model::Transformer randomizedModel(const model::TransformerOptions& o) {
  model::Transformer m(o);
  randomizeAffine(m);
  m->eval();
  return m;
}

// Where `other` (int8 or bf16 weights, beam 4) chose another translation
// than float32, float32's own 4-best must hold that translation within
// `margin` of its best score: a near tie that the weights' rounding can
// tip (which sentences tip depends on the CPU's float32 kernels and on the
// model the suite trained, so differs from machine to machine). Empty when
// so; else what differs. `same` counts the sentences translated alike.
QString onlyNearTiesDiffer(const std::vector<std::vector<model::Hypothesis>>& f32,
                           const std::vector<std::vector<model::Hypothesis>>& other, double margin, int* same) {
  *same = 0;
  for (size_t i = 0; i < other.size(); ++i) {
    if (other[i][0].tokens == f32[i][0].tokens) {
      ++*same;
      continue;
    }
    const model::Hypothesis* found = nullptr;
    for (const auto& h : f32[i])
      if (h.tokens == other[i][0].tokens) found = &h;
    if (!found) return QString("sentence %1: its translation is not in float32's %2-best").arg(i).arg(f32[i].size());
    if (f32[i][0].score - found->score > margin)
      return QString("sentence %1: its translation scores %2 in float32, %3 below the best")
          .arg(i)
          .arg(found->score)
          .arg(f32[i][0].score - found->score);
  }
  return {};
}

}  // namespace

class TestInference : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void initTestCase();
  void packedLinearEqualsTorchLinear_data();
  void packedLinearEqualsTorchLinear();
  void encoderEqualsTheModules_data();
  void encoderEqualsTheModules();
  void decoderStepsEqualTheModules_data();
  void decoderStepsEqualTheModules();
  void reorderedRowsEqualTheModules();
  void searchesTranslateAsTheModules_data();
  void searchesTranslateAsTheModules();
  void traceAndPrefixAsTheModules();
  void headMasksAsTheModules();
  void manyRowsTakeBlasAndAgree();
  void changedWeightsArePackedAgain();
  void threadsGiveTheSameResults();
  void whereTheEngineDoesNotRun();
  void badInputIsRefused();
  void int8ProductIsExact_data();
  void int8ProductIsExact();
  void int8KernelsAgreeToTheBit_data();
  void int8KernelsAgreeToTheBit();
  void int8ActivationsQuantizeAsDocumented_data();
  void int8ActivationsQuantizeAsDocumented();
  void int8TranslatesAsFloat32();
  void int8IsRefusedWhereItCannotRun();
  void bf16ProductRoundsAsAutocast();
  void bf16TranslatesAsFloat32();

 private:
  // Beam 4 with `options`' precision (int8 or bf16) against float32 on the
  // held-out batch: the engine runs, only near ties differ, probabilities close.
  void translatesAsFloat32(model::DecodingOptions options);

  model::Transformer trained_{nullptr};
  test::SequenceBatch held_out_;
};

void TestInference::initTestCase() {
  // The reversal task's model (as tst_decoding): its choices are clear, so
  // both paths must pick the same tokens; its beams split and finish apart.
  trained_ = test::trainedReversalModel(5, 400);
  std::mt19937 held_out_rng(55);
  held_out_ = test::makeSequenceBatch(held_out_rng, 40, /*reverse=*/true, trained_->options());
}

void TestInference::packedLinearEqualsTorchLinear_data() {
  QTest::addColumn<int>("rows");
  QTest::addColumn<int>("in");
  QTest::addColumn<int>("out");
  QTest::addColumn<bool>("bias");
  // The generic kernel takes rows 1..4 one kernel each and more as a mix;
  // AVX2's tiles one row × 64 outputs, 2-3 rows × 32, else 6 rows × 16 and
  // a tile of the 1-5 rows left. Outputs past a 64-wide panel and inside a
  // 16-wide strip; 600 rows take BLAS (PackedLinear::smallRows() is 512).
  for (int rows : {1, 2, 3, 4, 5, 6, 7, 9, 13, 35})
    QTest::addRow("%d rows, 48 -> 100", rows) << rows << 48 << 100 << true;
  QTest::newRow("1 row, 128 -> 4000, no bias") << 1 << 128 << 4000 << false;
  QTest::newRow("7 rows, 33 -> 65") << 7 << 33 << 65 << true;
  QTest::newRow("128 rows, 128 -> 4000, no bias") << 128 << 128 << 4000 << false;
  QTest::newRow("11 rows, 5 -> 7") << 11 << 5 << 7 << true;
  QTest::newRow("600 rows (BLAS), 48 -> 100") << 600 << 48 << 100 << true;
}

void TestInference::packedLinearEqualsTorchLinear() {
  QFETCH(int, rows);
  QFETCH(int, in);
  QFETCH(int, out);
  QFETCH(bool, bias);
  torch::manual_seed(uint64_t(rows * 1000 + out));
  auto w = torch::randn({out, in});
  auto b = torch::randn({out});
  auto x = torch::randn({rows, in});
  model::inference::PackedLinear packed(w.data_ptr<float>(), bias ? b.data_ptr<float>() : nullptr, out, in);
  auto expected = bias ? torch::linear(x, w, b) : torch::linear(x, w);
  // Both kernels this CPU can run (the same where it has no AVX2 tiles).
  for (const bool generic : {false, true}) {
    model::inference::PackedLinear::preferGenericKernelForTesting(generic);
    auto y = torch::full({rows, out}, std::nanf(""));
    packed.apply(x.data_ptr<float>(), rows, y.data_ptr<float>());
    // Sums of up to 128 products of N(0,1) numbers: float rounding only.
    const double diff = maxAbsDifference(y, expected);
    QVERIFY2(diff < 1e-4, qPrintable(QString("%1 kernel: max difference %2")
                                         .arg(model::inference::PackedLinear::kernelName())
                                         .arg(diff)));
  }
  model::inference::PackedLinear::preferGenericKernelForTesting(false);
}

void TestInference::encoderEqualsTheModules_data() {
  QTest::addColumn<model::NormPosition>("norm");
  QTest::newRow("post-LN") << model::NormPosition::Post;
  QTest::newRow("pre-LN") << model::NormPosition::Pre;
}

void TestInference::encoderEqualsTheModules() {
  QFETCH(model::NormPosition, norm);
  torch::manual_seed(11);
  auto o = oddOptions(norm);
  o.learnable_position_scale = true;
  auto m = randomizedModel(o);
  torch::NoGradGuard no_grad;
  auto src = test::randomTokens(4, 9, o.vocab_size);
  src[1].slice(0, 5).fill_(o.pad_id);
  src[3].slice(0, 1).fill_(o.pad_id);
  const auto expected = m->encode(src);
  const auto memory = model::inference::encode(m, src);
  QCOMPARE(memory.sizes(), expected.sizes());
  // Rows of pads are never read (they are masked keys): only real pieces compare.
  const auto real = src.ne(o.pad_id).unsqueeze(-1).to(torch::kFloat);
  const double diff = maxAbsDifference(memory * real, expected * real);
  QVERIFY2(diff < 1e-4, qPrintable(QString("max difference %1").arg(diff)));
}

void TestInference::decoderStepsEqualTheModules_data() {
  QTest::addColumn<model::NormPosition>("norm");
  QTest::newRow("post-LN") << model::NormPosition::Post;
  QTest::newRow("pre-LN") << model::NormPosition::Pre;
}

void TestInference::decoderStepsEqualTheModules() {
  QFETCH(model::NormPosition, norm);
  torch::manual_seed(12);
  auto o = oddOptions(norm);
  auto m = randomizedModel(o);
  torch::NoGradGuard no_grad;
  auto src = test::randomTokens(3, 8, o.vocab_size);
  src[0].slice(0, 3).fill_(o.pad_id);
  auto tokens = test::randomTokens(3, 12, o.vocab_size);
  tokens.select(1, 0).fill_(o.bos_id);

  const auto memory = m->encode(src);
  model::DecoderCache cache;
  model::inference::FastDecoder engine(m);
  // Room for 4 positions at the start: the cache grows twice on the way.
  engine.start(model::inference::encode(m, src), src, /*rows_per_sentence=*/1, 1, /*expected_steps=*/4);
  for (int64_t t = 0; t < tokens.size(1); ++t) {
    auto column = tokens.select(1, t).contiguous();
    const auto expected = m->project(m->decodeStep(column, memory, src, cache)).log_softmax(-1);
    std::vector<int64_t> step_tokens(column.data_ptr<int64_t>(), column.data_ptr<int64_t>() + 3);
    const auto got = engine.step(step_tokens);
    const double diff = maxAbsDifference(got, expected);
    QVERIFY2(diff < 1e-4, qPrintable(QString("step %1: max difference %2").arg(t).arg(diff)));
  }
  QCOMPARE(engine.steps(), tokens.size(1));
}

// Rows that split (several continue one row), swap, leave with their
// sentence, and a cache that grows after those: each row's step still sees
// its own history, as the modules' cache reordered row by row.
void TestInference::reorderedRowsEqualTheModules() {
  torch::manual_seed(21);
  auto o = oddOptions(model::NormPosition::Post);
  auto m = randomizedModel(o);
  torch::NoGradGuard no_grad;
  auto src = test::randomTokens(2, 8, o.vocab_size);
  src[1].slice(0, 5).fill_(o.pad_id);
  const auto memory = m->encode(src);
  model::DecoderCache cache;
  model::inference::FastDecoder engine(m);
  engine.start(model::inference::encode(m, src), src, /*rows_per_sentence=*/1, /*most_rows_per_sentence=*/3,
               /*expected_steps=*/2);
  // After step k: row i continues row origin[i] and is of sentence sentence[i].
  const std::map<int, std::pair<std::vector<int64_t>, std::vector<int64_t>>> reorders = {
      {0, {{0, 0, 1, 1, 1}, {0, 0, 1, 1, 1}}},  // both split
      {2, {{1, 0, 4, 2}, {0, 0, 1, 1}}},        // swapped, one row of sentence 1 dropped
      {4, {{3, 3, 2}, {1, 1, 1}}},              // sentence 0 leaves; one row splits
      {9, {{2, 0, 1}, {1, 1, 1}}},
  };
  std::vector<int64_t> sentence = {0, 1};
  std::mt19937 rng(3);
  for (int step = 0; step < 20; ++step) {
    std::vector<int64_t> tokens(sentence.size());
    for (auto& t : tokens) t = step == 0 ? o.bos_id : int64_t(4 + rng() % uint32_t(o.vocab_size - 4));
    const auto rows = torch::tensor(sentence, torch::kLong);
    const auto expected = m->project(m->decodeStep(torch::tensor(tokens, torch::kLong), memory.index_select(0, rows),
                                                   src.index_select(0, rows), cache))
                              .log_softmax(-1);
    const auto got = engine.step(tokens);
    const double diff = maxAbsDifference(got, expected);
    QVERIFY2(diff < 1e-4, qPrintable(QString("step %1: max difference %2").arg(step).arg(diff)));
    if (const auto found = reorders.find(step); found != reorders.end()) {
      const auto& [origin, next] = found->second;
      engine.reorder(origin, next);
      const auto index = torch::tensor(origin, torch::kLong);
      cache.reorder(index, index);
      sentence = next;
    }
  }
  QCOMPARE(engine.steps(), int64_t(20));
}

void TestInference::searchesTranslateAsTheModules_data() {
  QTest::addColumn<int>("beam");
  QTest::addColumn<int>("nbest");
  QTest::addColumn<double>("alpha");
  QTest::newRow("greedy") << 1 << 1 << 0.0;
  QTest::newRow("beam 4") << 4 << 1 << 0.0;
  QTest::newRow("beam 4, 4-best, length penalty") << 4 << 4 << 0.6;
  QTest::newRow("beam 6, 3-best") << 6 << 3 << 1.0;
}

// A batch of 40 whose sentences finish at different steps (cut short for
// some: the limit is ceil(0.7 L) + 2): rows leave, beams split and die.
void TestInference::searchesTranslateAsTheModules() {
  QFETCH(int, beam);
  QFETCH(int, nbest);
  QFETCH(double, alpha);
  model::DecodingOptions options;
  options.beam_size = beam;
  options.nbest = nbest;
  options.length_penalty = alpha;
  options.max_length_ratio = 0.7;
  options.max_length_extra = 2;
  {
    model::StepDecoder probe(trained_, held_out_.src, beam, options);
    QVERIFY2(probe.usesEngine(), "the engine does not run on the CPU model in eval mode");
  }
  const auto fast = model::beamSearch(trained_, held_out_.src, options);
  options.engine = Engine::LibTorch;
  const auto reference = model::beamSearch(trained_, held_out_.src, options);
  std::string why;
  QVERIFY2(test::sameHypotheses(fast, reference, &why), why.c_str());
  int cut = 0;
  for (const auto& list : fast) cut += !list[0].finished;
  QVERIFY2(cut > 0 && cut < 40, qPrintable(QString("%1 of 40 cut at the limit").arg(cut)));
}

void TestInference::traceAndPrefixAsTheModules() {
  model::DecodingOptions options;
  options.beam_size = 4;
  options.nbest = 2;
  options.prefix = {5, 6};
  std::vector<model::BeamTrace> fast_traces, reference_traces;
  const auto fast = model::beamSearch(trained_, held_out_.src.slice(0, 0, 6), options, &fast_traces);
  options.engine = Engine::LibTorch;
  const auto reference = model::beamSearch(trained_, held_out_.src.slice(0, 0, 6), options, &reference_traces);
  std::string why;
  QVERIFY2(test::sameHypotheses(fast, reference, &why), why.c_str());
  for (size_t i = 0; i < fast_traces.size(); ++i) {
    QCOMPARE(fast_traces[i].size(), reference_traces[i].size());
    for (size_t n = 0; n < fast_traces[i].size(); ++n) {
      QCOMPARE(fast_traces[i][n].token, reference_traces[i][n].token);
      QCOMPARE(fast_traces[i][n].parent, reference_traces[i][n].parent);
      QCOMPARE(int(fast_traces[i][n].fate), int(reference_traces[i][n].fate));
    }
    QCOMPARE(fast[i][0].tokens.at(0), int64_t(5));
  }
}

void TestInference::headMasksAsTheModules() {
  // One head of each kind off, and all heads of the last cross-attention.
  const auto mask = model::HeadMask::parse("enc:0:1,dec:1:0,cross:0:2,cross:1:0,cross:1:1,cross:1:2,cross:1:3");
  model::DecodingOptions options;
  options.beam_size = 4;
  options.head_mask = mask;
  const auto fast = model::beamSearch(trained_, held_out_.src, options);
  options.engine = Engine::LibTorch;
  const auto reference = model::beamSearch(trained_, held_out_.src, options);
  std::string why;
  QVERIFY2(test::sameHypotheses(fast, reference, &why), why.c_str());
  // And the mask changed something (else this compares nothing new).
  options.head_mask = {};
  const auto unmasked = model::beamSearch(trained_, held_out_.src, options);
  QVERIFY(!test::sameHypotheses(fast, unmasked, &why));
}

// 160 sentences of beam 4: 640 rows, past PackedLinear::smallRows(), so
// that the products go through BLAS; then the batch shrinks below it.
void TestInference::manyRowsTakeBlasAndAgree() {
  std::mt19937 rng(56);
  const auto batch = test::makeSequenceBatch(rng, 160, /*reverse=*/true, trained_->options());
  model::DecodingOptions options;
  options.beam_size = 4;
  const auto fast = model::beamSearch(trained_, batch.src, options);
  options.engine = Engine::LibTorch;
  const auto reference = model::beamSearch(trained_, batch.src, options);
  std::string why;
  QVERIFY2(test::sameHypotheses(fast, reference, &why), why.c_str());
}

// Dev evaluations during training decode with weights that an optimizer
// changed in place since the last packing: the engine must see the new ones.
void TestInference::changedWeightsArePackedAgain() {
  torch::manual_seed(13);
  std::mt19937 rng(13);
  model::Transformer m(test::taskModelOptions());
  auto adam = model::makeAdam(m->parameters(), 0.0);
  model::DecodingOptions options;
  options.beam_size = 2;
  for (int round = 0; round < 3; ++round) {
    m->train();
    for (int64_t step = 1; step <= 60; ++step) test::trainTaskStep(m, *adam, rng, round * 60 + step, true);
    m->eval();
    options.engine = Engine::Auto;
    const auto fast = model::beamSearch(m, held_out_.src, options);
    options.engine = Engine::LibTorch;
    const auto reference = model::beamSearch(m, held_out_.src, options);
    std::string why;
    QVERIFY2(test::sameHypotheses(fast, reference, &why),
             qPrintable(QString("round %1: %2").arg(round).arg(QString::fromStdString(why))));
  }
  // Weights copied into the same module (as a checkpoint loads) count too.
  {
    torch::NoGradGuard no_grad;
    auto from = trained_->named_parameters();
    for (auto& p : m->named_parameters()) p.value().copy_(from[p.key()]);
  }
  options.engine = Engine::Auto;
  const auto fast = model::beamSearch(m, held_out_.src, options);
  const auto reference = model::beamSearch(trained_, held_out_.src, options);
  std::string why;
  QVERIFY2(test::sameHypotheses(fast, reference, &why), why.c_str());
}

// Work is split among threads by rows and outputs, not inside our sums
// (BLAS and LibTorch's log-softmax may round differently): one thread or
// two give the same translations and the same numbers to float rounding.
void TestInference::threadsGiveTheSameResults() {
  const int threads = at::get_num_threads();
  model::DecodingOptions options;
  options.beam_size = 4;
  auto logp = [&](int n) {
    at::set_num_threads(n);
    model::StepDecoder decoder(trained_, held_out_.src, 1, options);
    std::vector<int64_t> bos(size_t(held_out_.src.size(0)), trained_->options().bos_id);
    decoder.logProbabilities(bos);
    std::vector<int64_t> next(bos.size(), 6);
    return decoder.logProbabilities(next).clone();
  };
  const auto one = logp(1);
  const auto two = logp(2);
  at::set_num_threads(1);
  const auto one_thread = model::beamSearch(trained_, held_out_.src, options);
  at::set_num_threads(2);
  const auto two_threads = model::beamSearch(trained_, held_out_.src, options);
  at::set_num_threads(threads);
  const double diff = maxAbsDifference(one, two);
  QVERIFY2(diff < 1e-5, qPrintable(QString("max difference %1").arg(diff)));
  std::string why;
  QVERIFY2(test::sameHypotheses(one_thread, two_threads, &why), why.c_str());
}

void TestInference::whereTheEngineDoesNotRun() {
  model::DecodingOptions options;
  // In training mode (dropout), without the cache, or when asked: LibTorch.
  // bf16 runs on the engine (bf16TranslatesAsFloat32).
  trained_->train();
  QVERIFY(!model::inference::FastDecoder::supports(*trained_));
  trained_->eval();
  QVERIFY(model::inference::FastDecoder::supports(*trained_));
  auto uses = [&](const model::DecodingOptions& o) {
    return model::StepDecoder(trained_, held_out_.src, 1, o).usesEngine();
  };
  QVERIFY(uses(options));
  auto other = options;
  other.bf16 = true;
  QVERIFY(uses(other));
  other = options;
  other.use_cache = false;
  QVERIFY(!uses(other));
  other = options;
  other.engine = Engine::LibTorch;
  QVERIFY(!uses(other));
  // A double-precision model stays on LibTorch.
  model::Transformer wide(test::taskModelOptions());
  wide->to(torch::kDouble);
  wide->eval();
  QVERIFY(!model::inference::FastDecoder::supports(*wide));
}

void TestInference::badInputIsRefused() {
  torch::NoGradGuard no_grad;
  const auto& o = trained_->options();
  // A token id past the vocabulary, in the source and in a step.
  auto src = held_out_.src.slice(0, 0, 2).clone();
  src[0][0] = o.vocab_size;
  QVERIFY_THROWS_EXCEPTION(std::out_of_range, model::inference::encode(trained_, src));
  model::inference::FastDecoder engine(trained_);
  engine.start(model::inference::encode(trained_, held_out_.src.slice(0, 0, 2)), held_out_.src.slice(0, 0, 2), 1);
  try {
    engine.step({o.bos_id, o.vocab_size + 3});
    QFAIL("a token past the vocabulary was accepted");
  } catch (const std::out_of_range& e) {
    QVERIFY2(QString(e.what()).contains(QString::number(o.vocab_size + 3)), e.what());
  }
  // Too many or too few tokens for the rows; a reorder to a row that is not there.
  QVERIFY_THROWS_EXCEPTION(std::logic_error, engine.step({o.bos_id}));
  QVERIFY_THROWS_EXCEPTION(std::logic_error, engine.reorder({0, 5}, {0, 1}));
  // A head the model lacks.
  QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                           model::inference::FastDecoder(trained_, model::HeadMask::parse("cross:7:0")));
  // Past the model's max_length.
  model::inference::FastDecoder longer(trained_);
  longer.start(model::inference::encode(trained_, held_out_.src.slice(0, 0, 1)), held_out_.src.slice(0, 0, 1), 1);
  for (int64_t t = 0; t < o.max_length; ++t) longer.step({o.bos_id});
  try {
    longer.step({o.bos_id});
    QFAIL("decoding past max_length was accepted");
  } catch (const std::length_error& e) {
    QVERIFY2(QString(e.what()).contains("max_length"), e.what());
  }
}

void TestInference::int8ProductIsExact_data() {
  QTest::addColumn<int>("rows");
  QTest::addColumn<int>("in");
  QTest::addColumn<int>("out");
  // Inputs not a multiple of 4, outputs past a 32-wide panel, odd rows.
  QTest::newRow("1 row, 48 -> 100") << 1 << 48 << 100;
  QTest::newRow("2 rows, 33 -> 65") << 2 << 33 << 65;
  QTest::newRow("5 rows, 130 -> 31") << 5 << 130 << 31;
  QTest::newRow("64 rows, 512 -> 96") << 64 << 512 << 96;
}

namespace {

// The documented quantization of a row of activations, in torch: unsigned
// bytes over [min(0, min x), max(0, max x)] in kActivationSteps steps, the
// byte `zero` standing for 0. Returns the numbers the bytes stand for.
torch::Tensor quantizedActivations(const torch::Tensor& x) {
  const float steps = float(model::inference::QuantizedLinear::kActivationSteps);
  auto low = x.amin(1, true).clamp_max(0.0), high = x.amax(1, true).clamp_min(0.0);
  auto inverse = steps / (high - low);
  auto zero = torch::round(-low * inverse).clamp(0, steps);
  auto q = (torch::round(x * inverse) + zero).clamp(0, steps);
  return (q - zero) * ((high - low) / steps);
}

}  // namespace

// The int8 product is exact integer arithmetic on the quantized numbers:
// it equals, to float rounding, the float product of the dequantized
// weight and the rows quantized as documented; and it is near the float
// product (the quantization's error).
void TestInference::int8ProductIsExact() {
  if (const auto why = model::inference::int8Unsupported(); !why.empty()) QSKIP(why.c_str());
  QFETCH(int, rows);
  QFETCH(int, in);
  QFETCH(int, out);
  torch::manual_seed(uint64_t(rows + in + out));
  auto w = torch::randn({out, in});
  auto b = torch::randn({out});
  auto x = torch::randn({rows, in});
  x[0][0] = 0.0f;
  if (rows > 2) x[1] = x[1].abs() + 0.1;  // a row without negatives: its zero is byte 0
  if (rows > 2) x[2] = -x[2].abs() - 0.1;  // one without positives: byte 255
  model::inference::QuantizedLinear q(w.data_ptr<float>(), b.data_ptr<float>(), out, in);
  auto y = torch::empty({rows, out});
  q.apply(x.data_ptr<float>(), rows, y.data_ptr<float>());

  auto dequantized = q.dequantized();
  auto w_q = torch::from_blob(dequantized.data(), {out, in}).clone();
  // Each weight row is within half a step of its float values.
  auto steps = w.abs().amax(1, true) / model::inference::QuantizedLinear::kWeightSteps;
  QVERIFY(((w_q - w).abs() <= steps * 0.5001).all().item<bool>());
  const auto x_q = quantizedActivations(x);
  const auto expected = torch::linear(x_q.to(torch::kDouble), w_q.to(torch::kDouble), b.to(torch::kDouble));
  const double exact = maxAbsDifference(y, expected);
  QVERIFY2(exact < 1e-3, qPrintable(QString("against the quantized numbers: max difference %1").arg(exact)));
  // Against the float product: within a few quantization steps of each sum.
  const auto full = torch::linear(x, w, b);
  const double relative = ((y - full).abs().max() / full.abs().max()).item<double>();
  QVERIFY2(relative < 0.03, qPrintable(QString("against float32: %1 of the largest output").arg(relative)));
}

void TestInference::int8KernelsAgreeToTheBit_data() {
  QTest::addColumn<int>("in");
  QTest::addColumn<int>("out");
  // Inputs not a multiple of 4 or of an AMX tile's 64, outputs past a panel.
  QTest::newRow("48 -> 100") << 48 << 100;
  QTest::newRow("33 -> 65") << 33 << 65;
  QTest::newRow("130 -> 31") << 130 << 31;
  QTest::newRow("512 -> 96") << 512 << 96;
}

// Every int8 kernel this CPU runs (AVX2; AVX-VNNI, AVX512-VNNI and AMX where there)
// makes the same exact integer sums and the same epilogue, so the same
// floats, for any number of rows (AMX: whole tiles of 16 and a part;
// AVX512-VNNI: fours and a rest); apply() uses the kernel int8KernelFor()
// names.
void TestInference::int8KernelsAgreeToTheBit() {
  if (const auto why = model::inference::int8Unsupported(); !why.empty()) QSKIP(why.c_str());
  QFETCH(int, in);
  QFETCH(int, out);
  const auto kernels = model::inference::int8KernelsHere();
  QCOMPARE(kernels.front(), model::inference::Int8Kernel::Avx2);
  torch::manual_seed(uint64_t(in * out));
  auto w = torch::randn({out, in});
  auto b = torch::randn({out});
  model::inference::QuantizedLinear q(w.data_ptr<float>(), b.data_ptr<float>(), out, in);
  for (int rows : {1, 2, 3, 5, 15, 16, 17, 40}) {
    auto x = torch::randn({rows, in}) * 2;
    auto reference = torch::empty({rows, out});
    q.applyWith(model::inference::Int8Kernel::Avx2, x.data_ptr<float>(), rows, reference.data_ptr<float>());
    auto chosen = torch::empty({rows, out});
    q.apply(x.data_ptr<float>(), rows, chosen.data_ptr<float>());
    QVERIFY2(torch::equal(chosen, reference),
             qPrintable(QString("%1 rows: apply() (%2) differs from AVX2")
                            .arg(rows)
                            .arg(model::inference::int8KernelName(model::inference::int8KernelFor(rows)))));
    for (auto kernel : kernels) {
      auto y = torch::full({rows, out}, std::numeric_limits<float>::quiet_NaN());
      q.applyWith(kernel, x.data_ptr<float>(), rows, y.data_ptr<float>());
      QVERIFY2(torch::equal(y, reference), qPrintable(QString("%1 rows: %2 differs from AVX2 by up to %3")
                                                          .arg(rows)
                                                          .arg(model::inference::int8KernelName(kernel))
                                                          .arg(maxAbsDifference(y, reference))));
    }
  }
  // A kernel this CPU lacks is refused by name.
  const auto all = {model::inference::Int8Kernel::AvxVnni, model::inference::Int8Kernel::Avx512Vnni,
                    model::inference::Int8Kernel::Amx};
  for (auto kernel : all) {
    if (std::find(kernels.begin(), kernels.end(), kernel) != kernels.end()) continue;
    auto x = torch::randn({1, in});
    auto y = torch::empty({1, out});
    QVERIFY_THROWS_EXCEPTION(std::runtime_error, q.applyWith(kernel, x.data_ptr<float>(), 1, y.data_ptr<float>()));
  }
  if (kernels.size() == 1)
    QSKIP("only the AVX2 kernel runs on this CPU (no AVX-VNNI, AVX512-VNNI or AMX): "
          "it was checked against itself only");
}

void TestInference::int8ActivationsQuantizeAsDocumented_data() {
  QTest::addColumn<int>("length");
  QTest::addColumn<QString>("kind");
  for (int length : {1, 7, 31, 32, 33, 100, 512})
    for (const char* kind : {"mixed", "positive", "negative"})
      QTest::newRow(qPrintable(QString("%1 %2").arg(length).arg(kind))) << length << QString(kind);
}

// The bytes the kernel multiplies (AVX2 for whole 32s, scalar for the
// tail) are the documented ones, whatever the row's length and signs; the
// padding is zeros; a row of zeros has scale 0, one that is not finite NaN.
void TestInference::int8ActivationsQuantizeAsDocumented() {
  if (const auto why = model::inference::int8Unsupported(); !why.empty()) QSKIP(why.c_str());
  QFETCH(int, length);
  QFETCH(QString, kind);
  torch::manual_seed(uint64_t(length));
  auto x = torch::randn({1, length}) * 3;
  if (kind == "positive") x = x.abs();
  if (kind == "negative") x = -x.abs();
  const int padded = length + 5;
  std::vector<uint8_t> q(size_t(padded), 0xAB);
  const auto scale = model::inference::quantizeActivations(x.data_ptr<float>(), length, padded, q.data());
  auto bytes = torch::from_blob(q.data(), {1, padded}, torch::kUInt8).to(torch::kFloat);
  const float steps = float(model::inference::QuantizedLinear::kActivationSteps);
  const auto low = x.min().clamp_max(0.0), high = x.max().clamp_min(0.0);
  const auto inverse = steps / (high - low);
  QCOMPARE(scale.zero, int(torch::round(-low * inverse).item<float>()));
  QCOMPARE(scale.scale, ((high - low) / steps).item<float>());
  const auto expected = (torch::round(x * inverse) + scale.zero).clamp(0, steps);
  QVERIFY2(torch::equal(bytes.slice(1, 0, length), expected),
           qPrintable(QString("%1 bytes differ").arg(bytes.slice(1, 0, length).ne(expected).sum().item<int>())));
  QVERIFY(bytes.slice(1, length).eq(0).all().item<bool>());
  if (kind == "positive") QCOMPARE(scale.zero, 0);
  if (kind == "negative") QCOMPARE(scale.zero, model::inference::QuantizedLinear::kActivationSteps);

  auto zeros = torch::zeros({length});
  QCOMPARE(model::inference::quantizeActivations(zeros.data_ptr<float>(), length, padded, q.data()).scale, 0.0f);
  QVERIFY(std::all_of(q.begin(), q.end(), [](uint8_t b) { return b == 0; }));
  auto broken = x.flatten().clone();
  broken[length - 1] = std::numeric_limits<float>::quiet_NaN();
  QVERIFY(std::isnan(model::inference::quantizeActivations(broken.data_ptr<float>(), length, padded, q.data()).scale));
  broken[length - 1] = std::numeric_limits<float>::infinity();
  QVERIFY(std::isnan(model::inference::quantizeActivations(broken.data_ptr<float>(), length, padded, q.data()).scale));
}

// On the reversal model, whose choices are clear, int8 weights change few
// translations, and only near ties (onlyNearTiesDiffer); the probabilities
// of the translations both make move by the quantization's error only (up
// to 0.07 on this model of d_model 64, where a row's 127 steps are coarse;
// 0.10 on the one the Debian build trains on an AMD EPYC with AVX-512, a
// token's 0.77 becoming 0.67: the bound is 0.15).
void TestInference::int8TranslatesAsFloat32() {
  if (const auto why = model::inference::int8Unsupported(); !why.empty()) QSKIP(why.c_str());
  model::DecodingOptions options;
  options.int8 = true;
  translatesAsFloat32(options);
}

void TestInference::translatesAsFloat32(model::DecodingOptions options) {
  options.beam_size = 4;
  options.nbest = 4;
  {
    model::StepDecoder probe(trained_, held_out_.src, 4, options);
    QVERIFY(probe.usesEngine());
  }
  const auto other = model::beamSearch(trained_, held_out_.src, options);
  options.int8 = options.bf16 = false;
  const auto f32 = model::beamSearch(trained_, held_out_.src, options);
  QCOMPARE(other.size(), f32.size());
  int same = 0;
  const QString why = onlyNearTiesDiffer(f32, other, 0.3, &same);
  QVERIFY2(why.isEmpty(), qPrintable(why));
  QVERIFY2(same * 10 >= 9 * int(other.size()), qPrintable(QString("%1 of %2 the same").arg(same).arg(other.size())));
  double largest = 0.0;
  QString where;
  for (size_t i = 0; i < other.size(); ++i) {
    if (other[i][0].tokens != f32[i][0].tokens) continue;
    for (size_t t = 0; t < other[i][0].probabilities.size(); ++t) {
      const double moved = std::abs(other[i][0].probabilities[t] - f32[i][0].probabilities[t]);
      if (moved <= largest) continue;
      largest = moved;
      where = QString("sentence %1, token %2: %3 in float32, %4 here")
                  .arg(i)
                  .arg(t)
                  .arg(f32[i][0].probabilities[t])
                  .arg(other[i][0].probabilities[t]);
    }
  }
  QVERIFY2(largest < 0.15, qPrintable(QString("a probability moved by %1 (%2)").arg(largest).arg(where)));
  QVERIFY(largest > 0.0);  // the other precision did run: the numbers are not float32's
}

void TestInference::int8IsRefusedWhereItCannotRun() {
  model::DecodingOptions options;
  options.int8 = true;
  auto refused = [&](const model::DecodingOptions& o, const QString& words) {
    try {
      model::beamSearch(trained_, held_out_.src.slice(0, 0, 2), o);
    } catch (const std::exception& e) {
      return QString(e.what()).contains(words) ? QString() : QString("the error does not say '%1': %2").arg(words, e.what());
    }
    return QString("int8 decoding was not refused (expected '%1')").arg(words);
  };
  auto other = options;
  other.bf16 = true;
  QString why = refused(other, "'int8'");
  QVERIFY2(why.isEmpty(), qPrintable(why));
  other = options;
  other.engine = Engine::LibTorch;
  why = refused(other, "'int8'");
  QVERIFY2(why.isEmpty(), qPrintable(why));
  trained_->train();
  why = refused(options, "training mode");
  trained_->eval();
  QVERIFY2(why.isEmpty(), qPrintable(why));
  // A CPU without the kernel (AVX2): the error says so and what to do.
  model::inference::pretendNoInt8ForTesting(true);
  why = refused(options, "AVX2");
  model::inference::pretendNoInt8ForTesting(false);
  QVERIFY2(why.isEmpty(), qPrintable(why));
}

// The bf16 product: x and W rounded to bf16, multiplied (float32 sums), the
// result rounded to bf16 as autocast's, the bias added in float32, by every
// kernel this CPU runs (float32 everywhere; oneDNN, AVX512-BF16 and AMX where
// the instructions are) and by the one apply() picks. Against the same
// arithmetic in double: within one bf16 step of each output; against
// float32's product: within a few steps of the largest. Rows 1 to 64, 600
// (AMX's tiles whole and cut) and 1,100 (past kBf16Avx512MaxRows, where a
// CPU without AMX takes oneDNN), odd inputs and outputs past a block of 64.
void TestInference::bf16ProductRoundsAsAutocast() {
  torch::manual_seed(11);
  const auto kernels = model::inference::bf16KernelsHere();
  QVERIFY(!kernels.empty() && kernels.front() == model::inference::Bf16Kernel::Float);
  const bool instructions = !model::cpuBf16Instructions().empty();
  QCOMPARE(kernels.size() > 1, instructions);
  QCOMPARE(model::inference::bf16KernelsDescription().empty(), !instructions);
  model::inference::Bf16Linear::keepEveryKernelForTesting(true);
  for (const auto& [rows, in, out] : std::vector<std::tuple<int64_t, int64_t, int64_t>>{{1, 48, 100},
                                                                                        {3, 33, 65},
                                                                                        {7, 130, 31},
                                                                                        {17, 96, 130},
                                                                                        {64, 512, 96},
                                                                                        {600, 64, 40},
                                                                                        {1100, 40, 24}}) {
    const auto x = torch::randn({rows, in});
    const auto w = torch::randn({out, in}) * 0.1;
    const auto b = torch::randn({out});
    const model::inference::Bf16Linear product(w.data_ptr<float>(), b.data_ptr<float>(), out, in);
    QCOMPARE(product.packedBytes(), size_t(out * in * 2));
    const auto sums = torch::mm(x.to(torch::kBFloat16).to(torch::kDouble), w.to(torch::kBFloat16).to(torch::kDouble).t());
    const auto rounded = sums.to(torch::kBFloat16).to(torch::kDouble);
    const auto step = sums.abs() / 128 + 1e-6;  // one bf16 step (8 significant bits) of each output
    const auto full = torch::linear(x, w, b);
    // (Structured bindings are captured by copy, by name: C++17 lambdas cannot capture them.)
    auto check = [&, rows = rows, in = in, out = out](const torch::Tensor& y, const QString& kernel) {
      const auto off = ((y.to(torch::kDouble) - b.to(torch::kDouble)) - rounded).abs();
      QVERIFY2((off <= step).all().item<bool>(),
               qPrintable(QString("%1, %2 x %3 -> %4: an output %5 steps off the rounded product")
                              .arg(kernel).arg(rows).arg(in).arg(out).arg((off / step).max().item<double>())));
      const double relative = ((y - full).abs().max() / full.abs().max()).item<double>();
      QVERIFY2(relative < 0.02, qPrintable(QString("%1 against float32: %2 of the largest output").arg(kernel).arg(relative)));
    };
    for (const auto kernel : kernels) {
      auto y = torch::full({rows, out}, std::nan(""));
      product.applyWith(kernel, x.data_ptr<float>(), rows, y.data_ptr<float>());
      check(y, model::inference::bf16KernelName(kernel));
      if (QTest::currentTestFailed()) break;
    }
    auto y = torch::full({rows, out}, std::nan(""));
    product.apply(x.data_ptr<float>(), rows, y.data_ptr<float>());
    check(y, QString("apply (%1)").arg(model::inference::bf16KernelName(model::inference::bf16KernelFor(rows))));
    if (QTest::currentTestFailed()) break;
  }
  model::inference::Bf16Linear::keepEveryKernelForTesting(false);
  if (QTest::currentTestFailed()) return;
  // A kernel that does not run here is refused, as is float32 on a product made without its copy.
  const auto w = torch::randn({8, 8});
  const model::inference::Bf16Linear product(w.data_ptr<float>(), nullptr, 8, 8);
  float x[8] = {}, y[8] = {};
  for (const auto kernel : {model::inference::Bf16Kernel::OneDnn, model::inference::Bf16Kernel::Avx512Bf16,
                            model::inference::Bf16Kernel::Amx})
    if (std::find(kernels.begin(), kernels.end(), kernel) == kernels.end())
      QVERIFY_THROWS_EXCEPTION(std::invalid_argument, product.applyWith(kernel, x, 1, y));
  if (instructions) QVERIFY_THROWS_EXCEPTION(std::invalid_argument, product.applyWith(model::inference::Bf16Kernel::Float, x, 1, y));
  if (kernels.size() < 4)
    qInfo("bf16 kernels here: %s (AVX512-BF16 and AMX checked only on a CPU that has them)",
          model::inference::bf16KernelsDescription().c_str());
}

// bf16 weights run on the engine (on any CPU; faster only with AMX or
// AVX512-BF16) and, as int8, change only near ties on the reversal model;
// their probabilities move by bf16's rounding.
void TestInference::bf16TranslatesAsFloat32() {
  model::DecodingOptions options;
  options.bf16 = true;
  translatesAsFloat32(options);
}

STUDIO_TEST_MAIN(TestInference)
#include "tst_inference.moc"
