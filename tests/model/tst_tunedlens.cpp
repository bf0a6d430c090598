// The tuned lens (model/explaining/TunedLens): zero maps are the logit lens,
// a map is applied as h + A h + b, training brings every block's reading
// closer to the model's output on held-out pairs without touching the model,
// the file keeps every number and refuses damage by name, and a lens fits
// the weights it was trained on alone.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <fstream>

#include <QTemporaryDir>
#include <QtTest/QtTest>

#include <nlohmann/json.hpp>

#include "common/SuiteMain.h"
#include "common/TestUtil.h"
#include "model/data/EncodedCorpus.h"
#include "model/data/Tokenizer.h"
#include "model/decoding/AttentionCapture.h"
#include "model/decoding/AttentionMaps.h"
#include "model/decoding/Translator.h"
#include "model/explaining/LogitLens.h"
#include "model/explaining/TunedLens.h"
#include "model/files/Hash.h"

using namespace studio;

namespace {

const std::string kTunedSentence = "mở tập tin số 12";

// An untrained model (no dropout) over the tokenizer, in eval mode.
model::Translator tunedLensTranslator(const std::shared_ptr<const data::Tokenizer>& tokenizer, int seed,
                                      int64_t decoder_layers = 2) {
  auto o = test::smallOptions();
  o.vocab_size = tokenizer->vocabSize();
  o.decoder_layers = decoder_layers;
  o.dropout = o.attention_dropout = o.relu_dropout = 0.0;
  torch::manual_seed(seed);
  model::Transformer m(o);
  m->eval();
  return model::Translator(m, tokenizer, torch::kCPU);
}

// `count` pairs of a split of the data folder, as the lens reads them.
model::LensPairs splitPairs(const std::string& data, const std::string& split,
                            const data::Tokenizer& tokenizer, size_t count) {
  const auto s = data::loadEncodedSplit(data, split, tokenizer);
  model::LensPairs pairs;
  for (size_t i = 0; i < s.size() && i < count; ++i) {
    pairs.sources.emplace_back(s.src(i), s.src(i) + s.srcLength(i));
    pairs.targets.emplace_back(s.tgt(i), s.tgt(i) + s.tgtLength(i));
  }
  return pairs;
}

// A lens of the model's shape with every map zero.
model::TunedLens zeroLens(model::Transformer& model) {
  const auto& o = model->options();
  model::TunedLens lens;
  lens.d_model = o.d_model;
  lens.stages = 3 * o.decoder_layers;
  lens.model_fingerprint = model::modelFingerprint(model);
  lens.model_name = "test";
  for (int64_t r = 0; r + 1 < lens.stages; ++r) {
    lens.a.emplace_back(size_t(o.d_model * o.d_model), 0.0f);
    lens.b.emplace_back(size_t(o.d_model), 0.0f);
  }
  return lens;
}

// A tuned-lens file framed by hand: magic, version, flags, length, checksum, payload.
std::string tunedLensBytes(const std::string& header, const std::string& data, uint32_t version = 1) {
  std::string payload;
  const auto n = uint32_t(header.size());
  for (int i = 0; i < 4; ++i) payload.push_back(char((n >> (8 * i)) & 0xff));
  payload += header + data;
  std::string out = "ASTUNEDL";
  for (int i = 0; i < 4; ++i) out.push_back(char((version >> (8 * i)) & 0xff));
  out += std::string(4, '\0');
  const uint64_t length = payload.size();
  for (int i = 0; i < 8; ++i) out.push_back(char((length >> (8 * i)) & 0xff));
  model::Hash64 hash;
  hash.add(payload);
  const uint64_t sum = hash.value();
  for (int i = 0; i < 8; ++i) out.push_back(char((sum >> (8 * i)) & 0xff));
  return out + payload;
}

void expectLensRefused(const std::string& bytes, const QString& fragment) {
  try {
    model::decodeTunedLens(bytes, "lens.bin");
    QFAIL(qPrintable("read: " + fragment));
  } catch (const std::runtime_error& e) {
    const QString message = e.what();
    QVERIFY2(message.contains("lens.bin") && message.contains(fragment), e.what());
  }
}

}  // namespace

class TestTunedLens : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void initTestCase();
  void zeroMapsAreTheLogitLens();
  void aMapIsAppliedAsStatePlusAStatePlusB();
  void trainingBringsEveryBlockCloserToTheOutput();
  void aMapWorseThanNoneIsLeftOut();
  void theFileKeepsEveryNumberAndRefusesDamage();
  void aLensFitsItsModelAlone();

 private:
  QTemporaryDir dir_;
  std::string data_;
  std::shared_ptr<const data::Tokenizer> tokenizer_;
};

void TestTunedLens::initTestCase() {
  QVERIFY(dir_.isValid());
  data_ =
      test::prepareNumberedCorpus(dir_.path().toStdString(), {"mở tập tin", "đóng cửa sổ", "lưu tài liệu"},
                                  {"open file", "close window", "save document"}, 150, 60);
  tokenizer_ = std::make_shared<const data::Tokenizer>(data_ + "/spm.model");
}

void TestTunedLens::zeroMapsAreTheLogitLens() {
  const auto translator = tunedLensTranslator(tokenizer_, 7);
  auto model = translator.modelHandle();
  model::CaptureOptions capture;
  capture.source_reliance = false;
  capture.lens_top = 5;
  model::DecodingOptions greedy;
  greedy.beam_size = 1;
  const auto logit = model::captureAttention(translator, kTunedSentence, greedy, capture);
  capture.tuned_lens = std::make_shared<model::TunedLens>(zeroLens(model));
  const auto tuned = model::captureAttention(translator, kTunedSentence, greedy, capture);
  QVERIFY(!logit.lens.tuned && tuned.lens.tuned);
  QVERIFY(tuned.lens.top_pieces == logit.lens.top_pieces);
  QVERIFY(tuned.lens.next_rank == logit.lens.next_rank);
  QVERIFY(tuned.lens.next_probability == logit.lens.next_probability);
  QCOMPARE(QString::fromStdString(tuned.lens.toJson()["method"].get<std::string>()),
           QString("tuned lens (Belrose et al., 2023)"));
  // Zero maps measure what the logit lens does.
  const auto pairs = splitPairs(data_, "dev", *tokenizer_, 20);
  const auto lens = zeroLens(model);
  QVERIFY(model::lensDivergence(model, &lens, pairs) == model::lensDivergence(model, nullptr, pairs));
}

// With A = -I and b = the last block's state, every block reads as the last:
// the map is applied as h + A h + b. One position (the translation's start).
void TestTunedLens::aMapIsAppliedAsStatePlusAStatePlusB() {
  const auto translator = tunedLensTranslator(tokenizer_, 11);
  auto model = translator.modelHandle();
  const auto src = torch::tensor(translator.encodeSource(kTunedSentence)).unsqueeze(0);
  const auto tgt = torch::tensor(std::vector<int64_t>{model->options().bos_id}).unsqueeze(0);
  model::AttentionMaps maps;
  maps.block_outputs = true;
  {
    torch::NoGradGuard no_grad;
    model(src, tgt, &maps);
  }
  const auto last = maps.decoder_block_outputs.back().reshape({-1}).contiguous();
  auto lens = zeroLens(model);
  const int64_t D = lens.d_model;
  for (int64_t r = 0; r + 1 < lens.stages; ++r) {
    for (int64_t i = 0; i < D; ++i) lens.a[size_t(r)][size_t(i * D + i)] = -1.0f;
    lens.b[size_t(r)].assign(last.data_ptr<float>(), last.data_ptr<float>() + D);
  }
  model::CaptureOptions capture;
  capture.source_reliance = false;
  capture.lens_top = 5;
  capture.tuned_lens = std::make_shared<model::TunedLens>(lens);
  const auto snap = model::captureAttention(translator, kTunedSentence, model::Translation{}, capture);
  const auto& l = snap.lens;
  QCOMPARE(l.positions, int64_t(1));
  for (int64_t r = 0; r + 1 < l.stages; ++r) {
    QVERIFY2(std::abs(l.next_probability[size_t(r)] - l.next_probability[size_t(l.stages - 1)]) < 1e-5,
             qPrintable(QString("block %1").arg(r)));
    for (int64_t k = 0; k < l.top; ++k)
      QVERIFY(std::abs(l.top_probabilities[size_t(r * l.top + k)] -
                       l.top_probabilities[size_t((l.stages - 1) * l.top + k)]) < 1e-5);
  }
  // A lens of another shape is refused where it is applied.
  auto narrow = lens;
  narrow.d_model = D / 2;
  QVERIFY_THROWS_EXCEPTION(std::invalid_argument, narrow.apply(torch::zeros({lens.stages, 1, D})));
}

void TestTunedLens::trainingBringsEveryBlockCloserToTheOutput() {
  const auto translator = tunedLensTranslator(tokenizer_, 5);
  auto model = translator.modelHandle();
  const auto fingerprint = model::modelFingerprint(model);
  const auto train = splitPairs(data_, "train", *tokenizer_, 200);
  const auto dev = splitPairs(data_, "dev", *tokenizer_, 40);
  model::TunedLensOptions options;
  options.steps = 60;
  options.learning_rate = 1e-2;
  options.max_tokens = 256;
  int64_t heard = 0;
  const auto lens = model::trainTunedLens(model, "untrained", train, dev, options,
                                          [&](int64_t step, int64_t steps, double loss) {
                                            QCOMPARE(steps, int64_t(60));
                                            QVERIFY(std::isfinite(loss) && loss >= 0);
                                            heard = step;
                                          });
  QCOMPARE(heard, int64_t(60));
  QCOMPARE(lens.steps, int64_t(60));
  QCOMPARE(lens.pairs, int64_t(train.sources.size()));  // every pair fits the positions
  QCOMPARE(lens.stages, int64_t(6));
  QCOMPARE(lens.model_fingerprint, fingerprint);
  QCOMPARE(lens.kl_before.size(), size_t(5));
  for (size_t r = 0; r < 5; ++r)
    QVERIFY2(lens.kl_after[r] < 0.8 * lens.kl_before[r],
             qPrintable(QString("block %1: %2 -> %3").arg(r).arg(lens.kl_before[r]).arg(lens.kl_after[r])));
  // The divergences are the held-out pairs' as lensDivergence measures them.
  QVERIFY(lens.kl_before == model::lensDivergence(model, nullptr, dev, options.max_tokens));
  int64_t positions = 0;
  QVERIFY(lens.kl_after == model::lensDivergence(model, &lens, dev, options.max_tokens, &positions));
  QVERIFY(lens.logit_blocks.empty());  // every map helped here
  QCOMPARE(lens.held_out_positions, positions);
  // The model is as it was, its parameters learning again.
  QCOMPARE(model::modelFingerprint(model), fingerprint);
  for (const auto& p : model->parameters()) QVERIFY(p.requires_grad());

  // lensDivergence of the logit lens, by hand for the first dev pair: KL(output || block 0's reading).
  model::LensPairs one;
  one.sources = {dev.sources[0]};
  one.targets = {dev.targets[0]};
  auto src_ids = dev.sources[0];
  src_ids.push_back(model->options().eos_id);
  std::vector<int64_t> tgt_ids{model->options().bos_id};
  tgt_ids.insert(tgt_ids.end(), dev.targets[0].begin(), dev.targets[0].end());
  model::AttentionMaps maps;
  maps.block_outputs = true;
  torch::NoGradGuard no_grad;
  model(torch::tensor(src_ids).unsqueeze(0), torch::tensor(tgt_ids).unsqueeze(0), &maps);
  const auto read = [&](const torch::Tensor& h) {
    return torch::log_softmax(model->project(model->decoder()->finalNorm(h)).to(torch::kDouble), -1)[0];
  };
  const auto p = read(maps.decoder_block_outputs.back()), q = read(maps.decoder_block_outputs[0]);
  const double by_hand = (p.exp() * (p - q)).sum(-1).mean().item<double>();
  const double measured = model::lensDivergence(model, nullptr, one)[0];
  QVERIFY2(std::abs(by_hand - measured) < 1e-4 * std::max(1.0, by_hand),
           qPrintable(QString("%1 against %2").arg(by_hand).arg(measured)));

  QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                           model::trainTunedLens(model, "none", model::LensPairs{}, dev, options));
}

// A learning rate far too high: the maps learnt read the held-out pairs
// worse than no map, so each such block keeps none and reads as the logit lens.
void TestTunedLens::aMapWorseThanNoneIsLeftOut() {
  const auto translator = tunedLensTranslator(tokenizer_, 5);
  auto model = translator.modelHandle();
  const auto train = splitPairs(data_, "train", *tokenizer_, 60);
  const auto dev = splitPairs(data_, "dev", *tokenizer_, 40);
  model::TunedLensOptions options;
  options.steps = 10;
  options.learning_rate = 5.0;
  options.max_tokens = 256;
  const auto lens = model::trainTunedLens(model, "untrained", train, dev, options);
  QVERIFY(!lens.logit_blocks.empty());
  for (int64_t r : lens.logit_blocks) {
    QVERIFY(
        std::all_of(lens.a[size_t(r)].begin(), lens.a[size_t(r)].end(), [](float v) { return v == 0.0f; }));
    QVERIFY(
        std::all_of(lens.b[size_t(r)].begin(), lens.b[size_t(r)].end(), [](float v) { return v == 0.0f; }));
    QCOMPARE(lens.kl_after[size_t(r)], lens.kl_before[size_t(r)]);
  }
  // What it says it reads is what it reads, and never worse than the logit lens.
  QVERIFY(lens.kl_after == model::lensDivergence(model, &lens, dev, options.max_tokens));
  for (size_t r = 0; r < lens.kl_after.size(); ++r) QVERIFY(lens.kl_after[r] <= lens.kl_before[r]);
  const auto back = model::decodeTunedLens(model::encodeTunedLens(lens), "lens.bin");
  QVERIFY(back.logit_blocks == lens.logit_blocks);
}

void TestTunedLens::theFileKeepsEveryNumberAndRefusesDamage() {
  const auto translator = tunedLensTranslator(tokenizer_, 7);
  auto model = translator.modelHandle();
  auto lens = zeroLens(model);
  for (size_t r = 0; r < lens.a.size(); ++r) {
    for (size_t i = 0; i < lens.a[r].size(); ++i) lens.a[r][i] = float(std::sin(double(i + 7 * r))) / 3.0f;
    for (size_t i = 0; i < lens.b[r].size(); ++i) lens.b[r][i] = float(i) * 1e-3f - float(r);
  }
  lens.steps = 300;
  lens.pairs = 5000;
  lens.held_out_positions = 2734;
  lens.kl_before = {4.9, 4.5, 3.0, 2.8, 1.5};
  lens.kl_after = {1.9, 1.4, 1.4, 1.5, 0.15};
  const std::string path = dir_.filePath("model.tuned-lens").toStdString();
  model::saveTunedLens(lens, path);
  const auto back = model::loadTunedLens(path);
  QCOMPARE(back.d_model, lens.d_model);
  QCOMPARE(back.stages, lens.stages);
  QCOMPARE(back.model_name, lens.model_name);
  QCOMPARE(back.model_fingerprint, lens.model_fingerprint);
  QCOMPARE(back.steps, lens.steps);
  QCOMPARE(back.pairs, lens.pairs);
  QCOMPARE(back.held_out_positions, lens.held_out_positions);
  QVERIFY(back.kl_before == lens.kl_before && back.kl_after == lens.kl_after);
  QVERIFY(back.a == lens.a && back.b == lens.b);  // float32 bit for bit

  const std::string bytes = model::encodeTunedLens(lens);
  expectLensRefused("ASPROBES" + bytes.substr(8), "not a tuned lens");
  expectLensRefused(bytes.substr(0, bytes.size() - 5), "cut short");
  auto flipped = bytes;
  flipped[bytes.size() - 3] = char(flipped[bytes.size() - 3] ^ 0x20);
  expectLensRefused(flipped, "checksum");
  // Well framed, with a header or maps that are wrong.
  const size_t header_length = size_t(uint8_t(bytes[32])) | size_t(uint8_t(bytes[33])) << 8;
  const std::string header = bytes.substr(36, header_length), maps = bytes.substr(36 + header_length);
  expectLensRefused(tunedLensBytes(header, maps, 2), "version 2");
  expectLensRefused(tunedLensBytes("[1, 2", maps), "not JSON");
  auto edited = nlohmann::json::parse(header);
  edited.erase("d_model");
  expectLensRefused(tunedLensBytes(edited.dump(), maps), "'d_model'");
  edited = nlohmann::json::parse(header);
  edited["stages"] = 7;
  expectLensRefused(tunedLensBytes(edited.dump(), maps), "not 3 a decoder layer");
  edited = nlohmann::json::parse(header);
  edited["kl_after"] = {1.0};
  expectLensRefused(tunedLensBytes(edited.dump(), maps), "'kl_after' values");
  expectLensRefused(tunedLensBytes(header, maps.substr(4)), "bytes of maps");
  auto not_a_number = maps;
  const float nan = std::nanf("");
  std::memcpy(not_a_number.data() + 8, &nan, sizeof nan);
  expectLensRefused(tunedLensBytes(header, not_a_number), "not a finite number");
  try {
    model::loadTunedLens(dir_.filePath("missing.tuned-lens").toStdString());
    QFAIL("a missing file was read");
  } catch (const std::runtime_error& e) {
    QVERIFY2(QString(e.what()).contains("missing.tuned-lens"), e.what());
  }
}

void TestTunedLens::aLensFitsItsModelAlone() {
  const auto translator = tunedLensTranslator(tokenizer_, 7);
  auto model = translator.modelHandle();
  const auto lens = zeroLens(model);
  model::checkTunedLensFits(lens, model, "lens.bin");  // its own model: no exception
  const auto other = tunedLensTranslator(tokenizer_, 8);
  auto other_model = other.modelHandle();
  try {
    model::checkTunedLensFits(lens, other_model, "lens.bin");
    QFAIL("a lens fitted other weights");
  } catch (const std::invalid_argument& e) {
    QVERIFY2(QString(e.what()).contains("lens.bin") && QString(e.what()).contains("other weights"), e.what());
  }
  const auto shallow = tunedLensTranslator(tokenizer_, 7, 1);
  auto shallow_model = shallow.modelHandle();
  try {
    model::checkTunedLensFits(lens, shallow_model, "lens.bin");
    QFAIL("a lens fitted another shape");
  } catch (const std::invalid_argument& e) {
    QVERIFY2(QString(e.what()).contains("2 decoder layers") && QString(e.what()).contains("has 1"), e.what());
  }
}

STUDIO_TEST_MAIN(TestTunedLens)
#include "tst_tunedlens.moc"
