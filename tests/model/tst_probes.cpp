// probes.rec: the record format (round trip, a torn last record, damaged
// records, unknown versions, a refused write) and the trainer's recording
// (step 0, every probe_every steps, the end; resume; own probes).

#include <cstring>
#include <filesystem>
#include <random>
#include <fstream>

#include <QTemporaryDir>
#include <QtTest/QtTest>
#include <torch/torch.h>

#include "common/SuiteMain.h"
#include "common/TestUtil.h"
#include "model/decoding/AttentionCapture.h"
#include "model/files/AtomicFile.h"
#include "model/files/Float16.h"
#include "model/training/ProbeFile.h"
#include "model/training/Probes.h"
#include "model/training/Trainer.h"

using namespace studio;
namespace fs = std::filesystem;

namespace {

// A record with recognisable weights: value = (index % 97) / 97.
model::ProbeRecord syntheticRecord(int64_t step, int64_t probe, model::ProbeTarget target, int source = 4,
                                   int target_length = 3) {
  model::ProbeRecord r;
  r.step = step;
  r.probe = probe;
  r.target = target;
  r.reference = "the reference";
  auto& a = r.attention;
  a.source_text = "câu nguồn";
  a.translation = "the translation at " + std::to_string(step);
  for (int i = 0; i + 1 < source; ++i) a.source_tokens.push_back("▁s" + std::to_string(i));
  a.source_tokens.push_back("</s>");
  a.target_tokens.push_back("<s>");
  for (int i = 1; i < target_length; ++i) a.target_tokens.push_back("▁t" + std::to_string(i));
  a.encoder_layers = 2;
  a.decoder_layers = 1;
  a.heads = 2;
  a.source_length = source;
  a.target_length = target_length;
  auto fill = [&](std::vector<float>& v, size_t n) {
    for (size_t i = 0; i < n; ++i) v.push_back(float((i + size_t(step)) % 97) / 97.0f);
  };
  const size_t S = size_t(source), T = size_t(target_length);
  fill(a.encoder_self, 2 * 2 * S * S);
  fill(a.decoder_self, 1 * 2 * T * T);
  fill(a.cross, 1 * 2 * T * S);
  return r;
}

// The synthetic record with a lens of K pieces a stage (1 decoder layer: 3 stages).
model::ProbeRecord withLens(model::ProbeRecord r, int64_t K = 2) {
  auto& lens = r.attention.lens;
  const int64_t R = 3, T = r.attention.target_length;
  lens.stages = R;
  lens.positions = T;
  lens.top = K;
  for (int64_t t = 0; t < T; ++t)
    lens.next_pieces.push_back(t + 1 < T ? r.attention.target_tokens[size_t(t + 1)] : "</s>");
  for (int64_t i = 0; i < R * T; ++i) {
    lens.next_probability.push_back(float(i % 7) / 8.0f);
    lens.next_rank.push_back(1 + i * 37);
  }
  for (int64_t i = 0; i < R * T * K; ++i) {
    lens.top_pieces.push_back("▁p" + std::to_string(i % 11));
    lens.top_probabilities.push_back(float(K - i % K) / float(2 * K));
  }
  return r;
}

void compareLens(const model::DecoderLens& got, const model::DecoderLens& want) {
  QCOMPARE(got.stages, want.stages);
  QCOMPARE(got.positions, want.positions);
  QCOMPARE(got.top, want.top);
  QVERIFY(got.next_pieces == want.next_pieces);
  QVERIFY(got.next_rank == want.next_rank);
  QVERIFY(got.top_pieces == want.top_pieces);
  QCOMPARE(got.next_probability.size(), want.next_probability.size());
  QCOMPARE(got.top_probabilities.size(), want.top_probabilities.size());
  // float16: about three decimal digits of a probability.
  for (size_t k = 0; k < want.next_probability.size(); ++k)
    QVERIFY2(std::abs(got.next_probability[k] - want.next_probability[k]) <=
                 5e-4f * std::max(1.0f, want.next_probability[k] * 4),
             qPrintable(QString("%1 against %2").arg(got.next_probability[k]).arg(want.next_probability[k])));
  for (size_t k = 0; k < want.top_probabilities.size(); ++k)
    QVERIFY(std::abs(got.top_probabilities[k] - want.top_probabilities[k]) <= 5e-4f);
}

std::string readAll(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

void writeAll(const std::string& path, const std::string& bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << bytes;
}

model::TrainingConfig probeConfig() {
  model::TrainingConfig c;
  auto& m = c.model;
  m.encoder_layers = 2;
  m.decoder_layers = 1;
  m.d_model = 32;
  m.heads = 2;
  m.d_ff = 64;
  m.max_length = 64;
  c.max_tokens = 256;
  c.warmup_steps = 10;
  c.eval_every = 5;
  c.eval_sentences = 8;
  c.log_every = 1;
  c.device = "cpu";
  return c;
}

}  // namespace

class TestProbes : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void initTestCase();
  void float16MatchesLibTorch();
  void recordsRoundTripInFloat16();
  void versionOneFilesAreReadAndResumedInTheirVersion();
  void aDamagedLensSkipsItsRecord();
  void aTornLastRecordIsLeftOutAndCutByTheWriter();
  void damagedRecordsAreSkippedWithAWarning();
  void unknownVersionsAndOtherFilesAreRefused();
  void readingGoesOnFromWhereItStopped();
  void resumingDropsTheRecordsAfterItsStep();
  void aRefusedWriteLeavesTheFileAsItWas();
  void probeSentencesParseAndFileErrorsNameTheLine();
  void theTrainerRecordsStepZeroEveryNStepsAndTheEnd();
  void ownProbesAndResume();

 private:
  std::string path(const char* name) const { return tmp_.filePath(name).toStdString(); }
  QTemporaryDir tmp_;
  std::string data_;
};

void TestProbes::initTestCase() {
  QVERIFY(tmp_.isValid());
  data_ = test::prepareNumberedCorpus(tmp_.path().toStdString(),
                                      {"mở tập tin", "đóng cửa sổ", "lưu tài liệu", "xoá thư mục"},
                                      {"open the file", "close the window", "save the document", "delete the folder"},
                                      300, 100);
}

void TestProbes::float16MatchesLibTorch() {
  // Every half to float, bit for bit (NaNs as NaNs).
  for (uint32_t h = 0; h < 65536; ++h) {
    c10::Half half;
    half.x = uint16_t(h);
    const float want = float(half), got = model::halfToFloat(uint16_t(h));
    if (std::isnan(want)) {
      QVERIFY(std::isnan(got));
    } else {
      QVERIFY2(std::memcmp(&want, &got, sizeof got) == 0, qPrintable(QString("half 0x%1").arg(h, 4, 16)));
    }
  }
  // Floats to half: every binade from below the subnormals to past the largest half, ties included.
  std::mt19937 rng(7);
  std::vector<float> values{0.0f, -0.0f, 1.0f, 65504.0f, 65519.0f, 65520.0f, 1e9f, 5.9604645e-8f, 2.9802322e-8f,
                            2.9802326e-8f, 8.940697e-8f, 6.1035156e-5f, 6.1028e-5f, INFINITY, -INFINITY};
  for (int e = -30; e <= 17; ++e)
    for (int k = 0; k < 2000; ++k) {
      const float base = std::ldexp(1.0f, e);
      values.push_back(base * (1.0f + std::uniform_real_distribution<float>(0.0f, 1.0f)(rng)));
      // Exactly halfway between two halves: 1 + (2m + 1) * 2^-11 (ties to even).
      values.push_back(-base * (1.0f + float(2 * (k % 1024) + 1) / 2048.0f));
    }
  for (float v : values) {
    const uint16_t want = c10::Half(v).x, got = model::floatToHalf(v);
    QVERIFY2(want == got, qPrintable(QString("%1: LibTorch 0x%2, ours 0x%3").arg(double(v), 0, 'g', 9)
                                         .arg(want, 4, 16).arg(got, 4, 16)));
  }
  QVERIFY(std::isnan(model::halfToFloat(model::floatToHalf(NAN))));
}

void TestProbes::recordsRoundTripInFloat16() {
  const auto file = path("roundtrip.rec");
  model::ProbeFileWriter writer(file);
  writer.open(-1);
  const auto a = syntheticRecord(0, 0, model::ProbeTarget::Reference);
  const auto b = withLens(syntheticRecord(0, 0, model::ProbeTarget::Own, 5, 2), 3);
  const auto c = syntheticRecord(100, 1, model::ProbeTarget::Reference);
  writer.append({a, b});
  writer.append({c});
  QCOMPARE(writer.bytes(), uint64_t(fs::file_size(file)));

  const auto contents = model::readProbeFile(file);
  QVERIFY2(contents.warning.empty(), contents.warning.c_str());
  QCOMPARE(contents.records.size(), size_t(3));
  QCOMPARE(contents.end_offset, uint64_t(fs::file_size(file)));
  const std::vector<const model::ProbeRecord*> written{&a, &b, &c};
  for (size_t i = 0; i < 3; ++i) {
    const auto& got = contents.records[i];
    const auto& want = *written[i];
    QCOMPARE(got.step, want.step);
    QCOMPARE(got.probe, want.probe);
    QVERIFY(got.target == want.target);
    QCOMPARE(got.reference, want.reference);
    QCOMPARE(got.attention.source_text, want.attention.source_text);
    QCOMPARE(got.attention.translation, want.attention.translation);
    QVERIFY(got.attention.source_tokens == want.attention.source_tokens);
    QVERIFY(got.attention.target_tokens == want.attention.target_tokens);
    QCOMPARE(got.attention.heads, want.attention.heads);
    QCOMPARE(got.attention.encoder_layers, want.attention.encoder_layers);
    QCOMPARE(got.attention.cross.size(), want.attention.cross.size());
    // float16 keeps about three decimal digits of a weight in [0, 1].
    for (size_t k = 0; k < want.attention.encoder_self.size(); ++k)
      QVERIFY(std::abs(got.attention.encoder_self[k] - want.attention.encoder_self[k]) <= 5e-4f);
    for (size_t k = 0; k < want.attention.cross.size(); ++k)
      QVERIFY(std::abs(got.attention.cross[k] - want.attention.cross[k]) <= 5e-4f);
    // The masks of one unpadded sentence: only the decoder's future.
    const auto T = got.attention.target_length;
    QCOMPARE(got.attention.decoder_mask.size(), size_t(T * T));
    for (int64_t q = 0; q < T; ++q)
      for (int64_t k = 0; k < T; ++k) QCOMPARE(int(got.attention.decoder_mask[size_t(q * T + k)]), k > q ? 1 : 0);
    for (auto m : got.attention.cross_mask) QCOMPARE(int(m), 0);
    compareLens(got.attention.lens, want.attention.lens);
  }
  QVERIFY(contents.records[0].attention.lens.empty());
  QCOMPARE(contents.records[1].attention.lens.stages, int64_t(3));
  QCOMPARE(contents.version, model::kProbeFileVersion);

  // A lens that does not fit its record is refused before anything is written.
  auto wrong = withLens(syntheticRecord(0, 0, model::ProbeTarget::Own));
  wrong.attention.lens.next_pieces.pop_back();
  QVERIFY_THROWS_EXCEPTION(std::invalid_argument, model::encodeProbeRecord(wrong));
  wrong = withLens(syntheticRecord(0, 0, model::ProbeTarget::Own));
  wrong.attention.lens.stages = 6;  // two decoder layers' worth for a model of one
  QVERIFY_THROWS_EXCEPTION(std::invalid_argument, model::encodeProbeRecord(wrong));
}

void TestProbes::versionOneFilesAreReadAndResumedInTheirVersion() {
  // A run recorded before lenses were: version 1, no lens section.
  const auto file = path("v1.rec");
  const auto first = withLens(syntheticRecord(0, 0, model::ProbeTarget::Reference));
  const auto v1_bytes = model::encodeProbeRecord(first, 1);
  QVERIFY(v1_bytes.size() < model::encodeProbeRecord(first).size());
  writeAll(file, model::probeFileHeader(1) + v1_bytes);
  auto contents = model::readProbeFile(file);
  QVERIFY2(contents.warning.empty(), contents.warning.c_str());
  QCOMPARE(contents.version, uint32_t(1));
  QCOMPARE(contents.records.size(), size_t(1));
  QVERIFY(contents.records[0].attention.lens.empty());
  QCOMPARE(contents.records[0].attention.cross.size(), first.attention.cross.size());

  // Resumed, it stays version 1: the new records go without their lens.
  model::ProbeFileWriter resumed(file);
  resumed.open(/*keep_through=*/10);
  QCOMPARE(resumed.version(), uint32_t(1));
  resumed.append({withLens(syntheticRecord(20, 0, model::ProbeTarget::Reference))});
  contents = model::readProbeFile(file);
  QVERIFY2(contents.warning.empty(), contents.warning.c_str());
  QCOMPARE(contents.records.size(), size_t(2));
  QCOMPARE(contents.records[1].step, int64_t(20));
  QVERIFY(contents.records[1].attention.lens.empty());
  // Read from where it stopped, too (the header's version is read again).
  const auto tail = model::readProbeFile(file, 16 + v1_bytes.size());
  QCOMPARE(tail.records.size(), size_t(1));
  QCOMPARE(tail.version, uint32_t(1));

  // A new run in that folder starts a file of this build's version.
  model::ProbeFileWriter fresh(file);
  fresh.open(-1);
  QCOMPARE(fresh.version(), model::kProbeFileVersion);
  fresh.append({withLens(syntheticRecord(0, 0, model::ProbeTarget::Reference))});
  contents = model::readProbeFile(file);
  QCOMPARE(contents.version, model::kProbeFileVersion);
  QCOMPARE(contents.records.size(), size_t(1));
  QCOMPARE(contents.records[0].attention.lens.stages, int64_t(3));
}

void TestProbes::aDamagedLensSkipsItsRecord() {
  // Checksums off (as the fuzzer reads), so that the fields' own checks are what refuses.
  const auto good = withLens(syntheticRecord(0, 0, model::ProbeTarget::Reference));
  const auto bytes = model::encodeProbeRecord(good);
  // A rank of 0 (ranks count from 1): find the first rank's bytes and zero them.
  const auto& lens = good.attention.lens;
  const size_t R = size_t(lens.stages), T = size_t(lens.positions), K = size_t(lens.top);
  size_t tops = 0;
  for (const auto& piece : lens.top_pieces) tops += 4 + piece.size();
  const size_t lens_tail = 4 + tops + 2 * R * T * K;  // the likeliest pieces and their probabilities
  const size_t ranks_at = bytes.size() - lens_tail - 4 * R * T;  // the ranks come just before them
  auto zero_rank = bytes;
  std::memset(zero_rank.data() + ranks_at, 0, 4);
  auto wrong_top = bytes;
  // The stage count, just after the flag byte: stages(4) top(4) follow the maps.
  size_t nexts = 4;
  for (const auto& piece : lens.next_pieces) nexts += 4 + piece.size();
  const size_t header_at = ranks_at - 2 * R * T - nexts - 8;
  QCOMPARE(int(uint8_t(bytes[header_at - 1])), 1);   // the flag: a lens follows
  QCOMPARE(int(uint8_t(bytes[header_at])), int(R));  // stages, little-endian
  wrong_top[header_at] = char(R + 1);
  for (const auto* variant : {&zero_rank, &wrong_top}) {
    const auto contents = model::parseProbeFile(model::probeFileHeader() + *variant + bytes, "lens.rec", 0,
                                                /*verify_checksums=*/false);
    QCOMPARE(contents.records.size(), size_t(1));
    QVERIFY2(QString::fromStdString(contents.warning).contains("1 damaged record"), contents.warning.c_str());
  }
}

void TestProbes::aTornLastRecordIsLeftOutAndCutByTheWriter() {
  const auto file = path("torn.rec");
  model::ProbeFileWriter writer(file);
  writer.open(-1);
  writer.append({syntheticRecord(0, 0, model::ProbeTarget::Reference)});
  writer.append({syntheticRecord(10, 0, model::ProbeTarget::Reference)});
  const auto whole = readAll(file);
  // A crash while appending the third: half of it reached the disk.
  const auto third = model::encodeProbeRecord(syntheticRecord(20, 0, model::ProbeTarget::Reference));
  for (size_t cut : {size_t(3), size_t(8), third.size() / 2, third.size() - 1}) {
    writeAll(file, whole + third.substr(0, cut));
    const auto contents = model::readProbeFile(file);
    QCOMPARE(contents.records.size(), size_t(2));
    QCOMPARE(contents.records[1].step, int64_t(10));
    QVERIFY2(QString::fromStdString(contents.warning).contains("torn record"), contents.warning.c_str());
    QCOMPARE(contents.end_offset, uint64_t(whole.size()));
  }
  // The writer cuts the torn tail before it appends.
  model::ProbeFileWriter again(file);
  again.open(/*keep_through=*/1000);
  again.append({syntheticRecord(20, 0, model::ProbeTarget::Reference)});
  const auto contents = model::readProbeFile(file);
  QVERIFY2(contents.warning.empty(), contents.warning.c_str());
  QCOMPARE(contents.records.size(), size_t(3));
  QCOMPARE(contents.records[2].step, int64_t(20));
}

void TestProbes::damagedRecordsAreSkippedWithAWarning() {
  const auto file = path("damaged.rec");
  model::ProbeFileWriter writer(file);
  writer.open(-1);
  const auto first = model::encodeProbeRecord(syntheticRecord(0, 0, model::ProbeTarget::Reference));
  writer.append({syntheticRecord(0, 0, model::ProbeTarget::Reference), syntheticRecord(10, 0, model::ProbeTarget::Own),
                 syntheticRecord(20, 0, model::ProbeTarget::Reference)});
  auto bytes = readAll(file);
  // Flip a byte inside the second record's weights.
  const size_t second = 16 + first.size();
  bytes[second + 100] = char(bytes[second + 100] ^ 0x5a);
  writeAll(file, bytes);
  const auto contents = model::readProbeFile(file);
  QCOMPARE(contents.records.size(), size_t(2));
  QCOMPARE(contents.records[0].step, int64_t(0));
  QCOMPARE(contents.records[1].step, int64_t(20));
  QVERIFY2(QString::fromStdString(contents.warning).contains("1 damaged record"), contents.warning.c_str());
}

void TestProbes::unknownVersionsAndOtherFilesAreRefused() {
  const auto newer = path("newer.rec");
  writeAll(newer, model::probeFileHeader(7) + model::encodeProbeRecord(syntheticRecord(0, 0, model::ProbeTarget::Own)));
  try {
    model::readProbeFile(newer);
    QFAIL("a version-7 file was read");
  } catch (const std::runtime_error& e) {
    const QString message = e.what();
    QVERIFY2(message.contains("version 7") && message.contains("newer.rec"), e.what());
  }
  // The writer refuses it too, and leaves it alone.
  model::ProbeFileWriter writer(newer);
  QVERIFY_THROWS_EXCEPTION(std::runtime_error, writer.open(100));
  QVERIFY(readAll(newer).substr(0, 8) == "ASPROBES");

  const auto other = path("metrics.jsonl");
  writeAll(other, "{\"type\": \"train\"}\n");
  try {
    model::readProbeFile(other);
    QFAIL("a JSON file was read as probes");
  } catch (const std::runtime_error& e) {
    QVERIFY2(QString(e.what()).contains("not a probe record file"), e.what());
  }
  QVERIFY_THROWS_EXCEPTION(std::runtime_error, model::readProbeFile(path("missing.rec")));
}

void TestProbes::readingGoesOnFromWhereItStopped() {
  const auto file = path("live.rec");
  model::ProbeFileWriter writer(file);
  writer.open(-1);
  writer.append({syntheticRecord(0, 0, model::ProbeTarget::Reference)});
  const auto first = model::readProbeFile(file);
  QCOMPARE(first.records.size(), size_t(1));
  writer.append({syntheticRecord(100, 0, model::ProbeTarget::Reference), syntheticRecord(100, 1, model::ProbeTarget::Own)});
  const auto next = model::readProbeFile(file, first.end_offset);
  QCOMPARE(next.records.size(), size_t(2));
  QCOMPARE(next.records[0].step, int64_t(100));
  const auto none = model::readProbeFile(file, next.end_offset);
  QVERIFY(none.records.empty());
  QCOMPARE(none.end_offset, next.end_offset);
}

void TestProbes::resumingDropsTheRecordsAfterItsStep() {
  const auto file = path("resume.rec");
  model::ProbeFileWriter writer(file);
  writer.open(-1);
  for (int64_t step : {0, 5, 10, 15}) writer.append({syntheticRecord(step, 0, model::ProbeTarget::Reference)});
  model::ProbeFileWriter resumed(file);
  resumed.open(/*keep_through=*/10);
  auto contents = model::readProbeFile(file);
  QCOMPARE(contents.records.size(), size_t(3));
  QCOMPARE(contents.records.back().step, int64_t(10));
  // A new run in the same folder starts the file afresh.
  model::ProbeFileWriter fresh(file);
  fresh.open(-1);
  QVERIFY(model::readProbeFile(file).records.empty());
}

void TestProbes::aRefusedWriteLeavesTheFileAsItWas() {
  const auto file = path("refused.rec");
  model::ProbeFileWriter writer(file);
  writer.open(-1);
  writer.append({syntheticRecord(0, 0, model::ProbeTarget::Reference)});
  const auto before = readAll(file);
  model::testing::failWritesAfter(50);
  try {
    writer.append({syntheticRecord(5, 0, model::ProbeTarget::Reference), syntheticRecord(5, 1, model::ProbeTarget::Own)});
    model::testing::failWritesAfter(-1);
    QFAIL("the write was not refused");
  } catch (const model::FileWriteError& e) {
    model::testing::failWritesAfter(-1);
    QVERIFY2(QString(e.what()).contains("refused.rec") && QString(e.what()).contains("No space left"), e.what());
  }
  QVERIFY(readAll(file) == before);
  const auto contents = model::readProbeFile(file);
  QVERIFY2(contents.warning.empty(), contents.warning.c_str());
  QCOMPARE(contents.records.size(), size_t(1));
}

void TestProbes::probeSentencesParseAndFileErrorsNameTheLine() {
  auto p = model::parseProbe("  mở tập tin ||| open the file ");
  QCOMPARE(p.source, std::string("mở tập tin"));
  QCOMPARE(p.reference, std::string("open the file"));
  p = model::parseProbe("đóng cửa sổ\tclose the window");
  QCOMPARE(p.reference, std::string("close the window"));
  p = model::parseProbe("chỉ có nguồn");
  QVERIFY(p.reference.empty());
  QVERIFY_THROWS_EXCEPTION(std::invalid_argument, model::parseProbe(" ||| only a reference"));

  writeAll(path("probes.txt"), "# my probes\nmở tập tin\topen the file\n\n ||| a reference alone\n");
  try {
    model::readProbeSentences(path("probes.txt"));
    QFAIL("a line without a source was taken");
  } catch (const std::invalid_argument& e) {
    QVERIFY2(QString(e.what()).contains("probes.txt' line 4"), e.what());
  }
  writeAll(path("probes.txt"), "# my probes\nmở tập tin\topen the file\n\nlưu ||| save\n");
  const auto probes = model::readProbeSentences(path("probes.txt"));
  QCOMPARE(probes.size(), size_t(2));
  QCOMPARE(probes[1].reference, std::string("save"));
}

void TestProbes::theTrainerRecordsStepZeroEveryNStepsAndTheEnd() {
  auto config = probeConfig();
  config.max_steps = 12;
  config.probe_every = 4;
  std::string failure, log;
  model::TrainerCallbacks callbacks;
  callbacks.failed = [&](const std::string& m) { failure = m; };
  callbacks.log = [&](const std::string& m) { log += m + "\n"; };
  const auto run = path("run");
  QVERIFY2(model::Trainer(config, data_, run, false, callbacks).run(), failure.c_str());
  QVERIFY2(QString::fromStdString(log).contains("probes: 3 sentences recorded at step 0 in"), log.c_str());

  const auto contents = model::readProbeFile(run + "/probes.rec");
  QVERIFY2(contents.warning.empty(), contents.warning.c_str());
  // Steps 0, 4, 8, 12; each: 3 probes × (reference, own).
  QCOMPARE(contents.records.size(), size_t(4 * 3 * 2));
  std::map<int64_t, int> per_step;
  for (const auto& r : contents.records) ++per_step[r.step];
  QCOMPARE(per_step, (std::map<int64_t, int>{{0, 6}, {4, 6}, {8, 6}, {12, 6}}));
  // The default probes are the first dev pairs; the teacher-forced grid keeps its shape.
  std::ifstream dev_src(data_ + "/dev.vi"), dev_ref(data_ + "/dev.en");
  std::string first_src, first_ref;
  std::getline(dev_src, first_src);
  std::getline(dev_ref, first_ref);
  std::vector<const model::ProbeRecord*> forced;
  for (const auto& r : contents.records)
    if (r.probe == 0 && r.target == model::ProbeTarget::Reference) forced.push_back(&r);
  QCOMPARE(forced.size(), size_t(4));
  for (const auto* r : forced) {
    QCOMPARE(r->attention.source_text, first_src);
    QCOMPARE(r->reference, first_ref);
    QVERIFY(r->attention.target_tokens == forced[0]->attention.target_tokens);
    QCOMPARE(r->attention.encoder_layers, int64_t(2));
    QCOMPARE(r->attention.decoder_layers, int64_t(1));
    // Every attention row sums to one (float16 rounding aside).
    const auto S = r->attention.source_length, T = r->attention.target_length;
    for (int64_t q = 0; q < T; ++q) {
      double sum = 0;
      for (int64_t k = 0; k < S; ++k) sum += r->attention.crossWeight(0, 1, q, k);
      QVERIFY2(std::abs(sum - 1.0) < 5e-3, qPrintable(QString::number(sum)));
    }
  }
  // Each record holds the logit lens over the same target: the reference's
  // pieces next, the end last; the likeliest first; the next piece's rank 1
  // where it is the likeliest.
  for (const auto* r : forced) {
    const auto& lens = r->attention.lens;
    const auto T = r->attention.target_length;
    QCOMPARE(lens.stages, int64_t(3));
    QCOMPARE(lens.positions, T);
    QCOMPARE(lens.top, model::kProbeLensTop);
    std::vector<std::string> next(r->attention.target_tokens.begin() + 1, r->attention.target_tokens.end());
    next.push_back("</s>");
    QVERIFY(lens.next_pieces == next);
    for (int64_t i = 0; i < lens.stages * T; ++i) {
      const float* top = &lens.top_probabilities[size_t(i * lens.top)];
      for (int64_t k = 1; k < lens.top; ++k) QVERIFY(top[k] <= top[k - 1]);
      QVERIFY(lens.next_probability[size_t(i)] <= top[0]);
      if (lens.top_pieces[size_t(i * lens.top)] == lens.next_pieces[size_t(i % T)])
        QCOMPARE(lens.next_rank[size_t(i)], int64_t(1));
      else
        QVERIFY(lens.next_rank[size_t(i)] > 1);
    }
  }
  // The last round's lens is the one the run's final model gives the probe (float16 aside).
  {
    auto translator = model::Translator::fromFiles(run + "/checkpoints/ckpt-00000012.pt", "", torch::kCPU);
    const auto* last = forced.back();
    model::Translation reference;
    for (int id : translator.tokenizer().encode(last->reference)) {
      reference.ids.push_back(id);
      reference.pieces.push_back(translator.tokenizer().piece(id));
    }
    model::CaptureOptions capture;
    capture.source_reliance = false;
    capture.lens_top = model::kProbeLensTop;
    const auto fresh = model::captureAttention(translator, last->attention.source_text, reference, capture);
    QVERIFY(fresh.lens.top_pieces == last->attention.lens.top_pieces);
    QVERIFY(fresh.lens.next_rank == last->attention.lens.next_rank);
    for (size_t k = 0; k < fresh.lens.next_probability.size(); ++k)
      QVERIFY(std::abs(fresh.lens.next_probability[k] - last->attention.lens.next_probability[k]) <=
              1e-3f * std::max(1.0f, fresh.lens.next_probability[k]));
  }
  // Training changed the maps between step 0 and step 12.
  double change = 0;
  for (size_t k = 0; k < forced[0]->attention.cross.size(); ++k)
    change = std::max(change, double(std::abs(forced[0]->attention.cross[k] - forced[3]->attention.cross[k])));
  QVERIFY2(change > 1e-3, qPrintable(QString::number(change)));
}

void TestProbes::ownProbesAndResume() {
  auto config = probeConfig();
  config.max_steps = 6;
  config.probe_every = 0;  // at every evaluation (eval_every 5) and the end
  config.probes = {model::parseProbe("mở tập tin ||| open the file"), model::parseProbe("tìm kiếm")};
  std::string failure;
  model::TrainerCallbacks callbacks;
  callbacks.failed = [&](const std::string& m) { failure = m; };
  const auto run = path("own");
  QVERIFY2(model::Trainer(config, data_, run, false, callbacks).run(), failure.c_str());
  auto contents = model::readProbeFile(run + "/probes.rec");
  // Steps 0, 5, 6: probe 0 twice (reference, own), probe 1 (no reference) once.
  QCOMPARE(contents.records.size(), size_t(3 * 3));
  QCOMPARE(contents.records[2].probe, int64_t(1));
  QVERIFY(contents.records[2].target == model::ProbeTarget::Own);
  QCOMPARE(contents.records[2].attention.source_text, std::string("tìm kiếm"));

  // A crash mid-append, then resume from the step-6 checkpoint to 10: the
  // torn tail goes, the records go on from step 10 only.
  {
    std::ofstream append(run + "/probes.rec", std::ios::binary | std::ios::app);
    append << std::string("\x40\x00\x00\x00garbage", 11);
  }
  model::TrainerCallbacks resumed_callbacks = callbacks;
  QVERIFY2(model::Trainer({}, "", run, true, resumed_callbacks, /*max_steps_override=*/10).run(), failure.c_str());
  contents = model::readProbeFile(run + "/probes.rec");
  QVERIFY2(contents.warning.empty(), contents.warning.c_str());
  std::vector<int64_t> steps;
  for (const auto& r : contents.records)
    if (steps.empty() || steps.back() != r.step) steps.push_back(r.step);
  QCOMPARE(steps, (std::vector<int64_t>{0, 5, 6, 10}));

  // A probe longer than the model's positions is refused, naming it.
  std::string long_source;
  for (int i = 0; i < 40; ++i) long_source += "mở tập tin đóng cửa sổ ";
  config.probes = {model::parseProbe(long_source + " ||| x")};
  QVERIFY(!model::Trainer(config, data_, path("too-long"), false, callbacks).run());
  QVERIFY2(QString::fromStdString(failure).contains("probe 1") && QString::fromStdString(failure).contains("too long"),
           failure.c_str());
}

STUDIO_TEST_MAIN(TestProbes)
#include "tst_probes.moc"
