// Fine-tuning (model/training/FineTune.h): a run that starts from a trained
// model keeps its vocabulary and shape, starts from its weights, evaluates
// the original dev split beside the new one, replays original pairs, and
// refuses data that does not fit the model, naming the files.

#include <filesystem>
#include <fstream>
#include <sstream>

#include <QTemporaryDir>
#include <QtTest/QtTest>
#include <nlohmann/json.hpp>
#include <torch/torch.h>

#include "common/SuiteMain.h"
#include "common/TestUtil.h"
#include "model/data/Prepare.h"
#include "model/decoding/Translator.h"
#include "model/files/AtomicFile.h"
#include "model/files/ModelFile.h"
#include "model/training/Checkpoints.h"
#include "model/training/Corrections.h"
#include "model/training/FineTune.h"
#include "model/training/RunFolder.h"
#include "model/training/Trainer.h"

using namespace studio;
namespace fs = std::filesystem;

namespace {

model::TrainingConfig baseConfig() {
  model::TrainingConfig c;
  auto& m = c.model;
  m.encoder_layers = m.decoder_layers = 1;
  m.d_model = 32;
  m.heads = 2;
  m.d_ff = 64;
  m.max_length = 64;
  c.max_tokens = 512;
  c.warmup_steps = 10;
  c.eval_every = 5;
  c.eval_sentences = 8;
  c.eval_samples = 1;
  c.log_every = 1;
  c.default_probes = 0;
  c.device = "cpu";
  return c;
}

struct FineTuneRecorder {
  std::vector<model::EvalEvent> evals;
  std::string failure, log;
  model::TrainerCallbacks callbacks() {
    model::TrainerCallbacks c;
    c.log = [this](const std::string& line) { log += line + "\n"; };
    c.evaluation = [this](const model::EvalEvent& e) { evals.push_back(e); };
    c.failed = [this](const std::string& m) { failure = m; };
    return c;
  }
};

// Writes `count` pairs "VI[i % k] số i <TAB> EN[i % k] number i" (each side
// `repeat` times over) into DIR/corpus.tsv and prepares it with `spm` (a
// SentencePiece model of 120 pieces trained on it when "").
std::string prepareCorpus(const std::string& dir, const std::vector<std::string>& vi,
                          const std::vector<std::string>& en, int count, const std::string& spm, int repeat = 1) {
  fs::create_directories(dir);
  std::ostringstream tsv;
  for (int i = 0; i < count; ++i) {
    std::string src, tgt;
    for (int r = 0; r < repeat; ++r) {
      src += (r ? " " : "") + vi[size_t(i) % vi.size()] + " số " + std::to_string(i);
      tgt += (r ? " " : "") + en[size_t(i) % en.size()] + " number " + std::to_string(i);
    }
    tsv << src << "\t" << tgt << "\n";
  }
  std::ofstream(dir + "/corpus.tsv") << tsv.str();
  data::PrepareOptions options;
  options.corpora = {data::corpusAt(dir + "/corpus.tsv")};
  options.out_dir = dir + "/data";
  options.tokenizer.vocab_size = 120;
  options.spm_model = spm;
  options.filter.max_words = 100000;
  options.filter.max_ratio = 100;
  std::ostringstream log;
  data::prepareData(options, log);
  return options.out_dir;
}

const std::vector<std::string> kVi{"mở tập tin", "đóng cửa sổ", "lưu tài liệu", "xoá thư mục", "tìm kiếm văn bản"};
const std::vector<std::string> kEn{"open the file", "close the window", "save the document", "delete the folder",
                                   "search the text"};
// The new domain: other sentences, the same words mostly.
const std::vector<std::string> kViNew{"mở thư mục", "lưu tập tin", "đóng tài liệu"};
const std::vector<std::string> kEnNew{"open the folder", "save the file", "close the document"};

}  // namespace

class TestFineTune : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void initTestCase();
  void prepareWithAModelsSentencePieceCopiesIt();
  void fineTuningStartsFromTheModelAndKeepsItsShape();
  void dataOfAnotherSentencePieceIsRefusedNamingBothFiles_data();
  void dataOfAnotherSentencePieceIsRefusedNamingBothFiles();
  void keepingTheOptimizerNeedsATrainingCheckpoint();
  void aModelWithTooFewPositionsForTheDataIsRefused();
  void replayMixesInTheChosenShareOfOriginalPairs();
  void correctionsAreAppendedWholeAndReadBackNamingBadLines();
  void aRoundOfCorrectionsChangesTheCorrectedTranslation();

 private:
  std::string dir(const char* name) const { return tmp_.filePath(name).toStdString(); }
  model::TrainingConfig fineTuneConfig(const std::string& from) const {
    auto c = baseConfig();
    c.init_from = from;
    c.original_data = original_data_;
    c.replay_share = 0.5;
    c.max_steps = 6;
    c.eval_every = 3;
    return c;
  }
  QTemporaryDir tmp_;
  std::string original_data_, base_run_, new_data_;
};

void TestFineTune::initTestCase() {
  QVERIFY(tmp_.isValid());
  original_data_ = prepareCorpus(dir("original"), kVi, kEn, 300, "");
  base_run_ = dir("base");
  auto config = baseConfig();
  config.max_steps = 10;
  FineTuneRecorder r;
  model::Trainer base(config, original_data_, base_run_, false, r.callbacks());
  QVERIFY2(base.run(), r.failure.c_str());
  QVERIFY(fs::is_regular_file(base_run_ + "/best.pt"));
  new_data_ = prepareCorpus(dir("new"), kViNew, kEnNew, 150, base_run_ + "/spm.model");
}

void TestFineTune::prepareWithAModelsSentencePieceCopiesIt() {
  QCOMPARE(test::readBytes(new_data_ + "/spm.model"), test::readBytes(base_run_ + "/spm.model"));
  std::ifstream in(new_data_ + "/summary.json");
  const auto summary = nlohmann::json::parse(in);
  QCOMPARE(summary["sentencepiece"]["copied_from"].get<std::string>(), fs::absolute(base_run_ + "/spm.model").string());
  // A file that is no SentencePiece model is refused before anything is written.
  data::PrepareOptions options;
  options.corpora = {data::corpusAt(dir("new") + "/corpus.tsv")};
  options.out_dir = dir("not-written");
  options.spm_model = dir("new") + "/corpus.tsv";
  std::ostringstream log;
  try {
    data::prepareData(options, log);
    QFAIL("a corpus file taken for a SentencePiece model was accepted");
  } catch (const data::TokenizerError& e) {
    QVERIFY2(std::string(e.what()).find("corpus.tsv") != std::string::npos, e.what());
  }
  QVERIFY(!fs::exists(dir("not-written")));
}

void TestFineTune::fineTuningStartsFromTheModelAndKeepsItsShape() {
  auto config = fineTuneConfig(base_run_ + "/best.pt");
  config.model.d_model = 64;  // replaced by the model's own options
  config.model.max_length = 128;
  config.keep_last = 5;
  const std::string run = dir("fine-tuned");
  FineTuneRecorder r;
  model::Trainer trainer(config, new_data_, run, false, r.callbacks());
  QVERIFY2(trainer.run(), r.failure.c_str());
  QVERIFY2(r.log.find("its weights, a fresh Adam optimizer") != std::string::npos, r.log.c_str());
  QVERIFY2(r.log.find("replay: ") != std::string::npos, r.log.c_str());

  // The model's options, stored in the run's config.json too.
  const auto base = model::loadModel(base_run_ + "/best.pt");
  const auto stored = model::readRunConfig(run);
  QVERIFY(stored.model == base->options());
  QCOMPARE(stored.init_from, base_run_ + "/best.pt");
  QCOMPARE(stored.original_data, original_data_);
  // Fine-tuning it again: its origin is the original data, not the new one.
  QCOMPARE(model::findModelOrigin(run + "/best.pt").data_dir, original_data_);
  QCOMPARE(model::findModelOrigin(base_run_ + "/best.pt").data_dir, original_data_);

  // Evaluated before the first step (on both dev splits), then every 3 steps.
  QCOMPARE(r.evals.size(), size_t(3));
  QCOMPARE(r.evals[0].step, int64_t(0));
  for (const auto& e : r.evals) {
    QVERIFY(e.original_bleu >= 0);
    QVERIFY(e.original_chrf >= 0);
  }
  // Step 0's checkpoint holds the model's weights as they were; step 6's moved on.
  auto start = model::loadModel(run + "/checkpoints/" + model::checkpointName(0));
  auto end = model::loadModel(run + "/checkpoints/" + model::checkpointName(6));
  auto start_params = start->named_parameters(), end_params = end->named_parameters();
  bool moved = false;
  for (const auto& p : base->named_parameters()) {
    QVERIFY2(torch::equal(p.value(), start_params[p.key()]), p.key().c_str());
    moved = moved || !torch::equal(p.value(), end_params[p.key()]);
  }
  QVERIFY(moved);
  // metrics.jsonl keeps the original dev's scores.
  std::ifstream metrics(run + "/metrics.jsonl");
  std::string line;
  int with_original = 0;
  while (std::getline(metrics, line)) {
    const auto record = nlohmann::json::parse(line);
    if (record["type"] == "eval" && record.contains("original_bleu")) ++with_original;
  }
  QCOMPARE(with_original, 3);
}

void TestFineTune::dataOfAnotherSentencePieceIsRefusedNamingBothFiles_data() {
  QTest::addColumn<bool>("original");
  QTest::newRow("new data") << false;
  QTest::newRow("original data") << true;
}

void TestFineTune::dataOfAnotherSentencePieceIsRefusedNamingBothFiles() {
  QFETCH(bool, original);
  // The new corpus prepared as for a new model: a SentencePiece model of its own.
  static const std::string own = prepareCorpus(dir("own-spm"), kViNew, kEnNew, 150, "");
  auto config = fineTuneConfig(base_run_ + "/best.pt");
  if (original) config.original_data = own;
  const std::string run = dir(original ? "refused-original" : "refused-new");
  FineTuneRecorder r;
  model::Trainer trainer(config, original ? new_data_ : own, run, false, r.callbacks());
  QVERIFY(!trainer.run());
  QVERIFY2(r.failure.find(own + "/spm.model") != std::string::npos, r.failure.c_str());
  QVERIFY2(r.failure.find(base_run_ + "/spm.model") != std::string::npos, r.failure.c_str());
  QVERIFY2(r.failure.find("prepare --spm") != std::string::npos, r.failure.c_str());
  QVERIFY(model::latestCheckpoint(run).empty());
}

void TestFineTune::keepingTheOptimizerNeedsATrainingCheckpoint() {
  // A model file (no optimizer state) with its SentencePiece model beside it.
  fs::create_directories(dir("plain"));
  auto base = model::loadModel(base_run_ + "/best.pt");
  model::saveModel(base, dir("plain") + "/model.pt");
  fs::copy_file(base_run_ + "/spm.model", dir("plain") + "/spm.model");
  auto config = fineTuneConfig(dir("plain") + "/model.pt");
  config.original_data.clear();  // a lone model file: no origin known
  config.replay_share = 0;
  config.init_optimizer = true;
  FineTuneRecorder refused;
  model::Trainer a(config, new_data_, dir("plain-run"), false, refused.callbacks());
  QVERIFY(!a.run());
  QVERIFY2(refused.failure.find("init_optimizer needs a training checkpoint") != std::string::npos,
           refused.failure.c_str());
  QVERIFY2(refused.failure.find("model.pt") != std::string::npos, refused.failure.c_str());

  // From best.pt (a checkpoint) Adam's state comes along.
  config = fineTuneConfig(base_run_ + "/best.pt");
  config.init_optimizer = true;
  config.max_steps = 2;
  FineTuneRecorder kept;
  model::Trainer b(config, new_data_, dir("kept-optimizer"), false, kept.callbacks());
  QVERIFY2(b.run(), kept.failure.c_str());
  QVERIFY2(kept.log.find("its weights and Adam's state") != std::string::npos, kept.log.c_str());
}

void TestFineTune::aModelWithTooFewPositionsForTheDataIsRefused() {
  // Pairs of about 100 pieces against the model's 64 positions.
  const std::string long_data = prepareCorpus(dir("long"), kViNew, kEnNew, 120, base_run_ + "/spm.model", 14);
  auto config = fineTuneConfig(base_run_ + "/best.pt");
  FineTuneRecorder r;
  model::Trainer trainer(config, long_data, dir("long-run"), false, r.callbacks());
  QVERIFY(!trainer.run());
  QVERIFY2(r.failure.find(long_data + "/train.vi") != std::string::npos, r.failure.c_str());
  QVERIFY2(r.failure.find("longer than the 64 positions") != std::string::npos, r.failure.c_str());
}

void TestFineTune::replayMixesInTheChosenShareOfOriginalPairs() {
  auto config = fineTuneConfig(base_run_ + "/best.pt");
  const data::Tokenizer tokenizer(base_run_ + "/spm.model");
  const auto fresh = data::loadEncodedSplit(new_data_, "train", tokenizer);
  const auto original = data::loadEncodedSplit(original_data_, "train", tokenizer);
  auto mixed = fresh, again = fresh;
  std::string log;
  model::appendReplay(mixed, config, tokenizer, [&](const std::string& line) { log += line; });
  model::appendReplay(again, config, tokenizer, [](const std::string&) {});
  QCOMPARE(mixed.size(), 2 * fresh.size());  // a share of 0.5: as many original pairs as new ones
  QCOMPARE(mixed.src_ids, again.src_ids);    // the same pairs for the same seed
  QVERIFY2(log.find("50 %") != std::string::npos, log.c_str());
  // Each appended pair is one of the original training pairs.
  for (size_t i = fresh.size(); i < mixed.size(); ++i) {
    const std::vector<int32_t> src(mixed.src(i), mixed.src(i) + mixed.srcLength(i));
    bool found = false;
    for (size_t j = 0; j < original.size() && !found; ++j)
      found = std::equal(src.begin(), src.end(), original.src(j), original.src(j) + original.srcLength(j));
    QVERIFY(found);
  }
  config.replay_share = 0;
  auto none = fresh;
  model::appendReplay(none, config, tokenizer, [](const std::string&) {});
  QCOMPARE(none.size(), fresh.size());
}

void TestFineTune::correctionsAreAppendedWholeAndReadBackNamingBadLines() {
  QCOMPARE(model::correctionsFileFor(base_run_ + "/best.pt"), base_run_ + "/corrections.tsv");
  QCOMPARE(model::correctionsFileFor(base_run_ + "/checkpoints/ckpt-00000010.pt"), base_run_ + "/corrections.tsv");
  const std::string path = dir("corrections.tsv");
  QCOMPARE(model::appendCorrection(path, {"mở  tập tin", "open the\tfile", "open file", 0}), size_t(1));
  QCOMPARE(model::appendCorrection(path, {"lưu\ntài liệu", "save the document", "", 0}), size_t(2));
  const auto read = model::readCorrections(path);
  QCOMPARE(read.size(), size_t(2));
  QCOMPARE(read[0].source, std::string("mở tập tin"));  // whitespace normalized, tabs and line breaks gone
  QCOMPARE(read[0].corrected, std::string("open the file"));
  QCOMPARE(read[0].before, std::string("open file"));
  QCOMPARE(read[1].source, std::string("lưu tài liệu"));
  QCOMPARE(read[1].line, size_t(2));
  try {
    model::appendCorrection(path, {"mở", " ", "", 0});
    QFAIL("an empty correction was kept");
  } catch (const std::invalid_argument&) {
  }
  QCOMPARE(model::readCorrections(path).size(), size_t(2));
  // A sentence corrected again: its newest correction is the one learnt, in its place among the others.
  QCOMPARE(model::appendCorrection(path, {"mở tập tin", "open that file", "open the file", 0}), size_t(3));
  const auto newest = model::newestOfEachSentence(model::readCorrections(path));
  QCOMPARE(newest.size(), size_t(2));
  QCOMPARE(newest[0].source, std::string("lưu tài liệu"));
  QCOMPARE(newest[1].corrected, std::string("open that file"));
  QCOMPARE(newest[1].line, size_t(3));
  std::ofstream(path, std::ios::app) << "only one\tfield\n";
  try {
    model::readCorrections(path);
    QFAIL("a row without its two tabs was read");
  } catch (const std::runtime_error& e) {
    QVERIFY2(std::string(e.what()).find(path + ":4:") != std::string::npos, e.what());
  }
  QVERIFY(model::readCorrections(dir("none-yet.tsv")).empty());
}

void TestFineTune::aRoundOfCorrectionsChangesTheCorrectedTranslation() {
  const std::string model = base_run_ + "/best.pt";
  const auto spm = base_run_ + "/spm.model";
  const std::string sentence = "đóng cửa sổ số 7";
  auto before = model::Translator::fromFiles(model, spm, torch::kCPU).translate({sentence}, {})[0][0].text;
  // The correction: another English sentence the vocabulary can write.
  const std::string wanted = "save the document number 7";
  QVERIFY(before != wanted);
  const std::vector<model::Correction> corrections{{sentence, wanted, before, 1}};
  const std::string data = dir("corrections-data");
  model::writeCorrectionsData(corrections, spm, data);
  auto config = model::correctionsLearningConfig(model, original_data_, 120);
  QCOMPARE(config.replay_share, 0.75);
  config.learning_rate = 3e-3;  // this model is small and barely trained
  config.max_tokens = 512;
  config.device = "cpu";
  FineTuneRecorder r;
  model::Trainer trainer(config, data, dir("corrections-run"), false, r.callbacks());
  QVERIFY2(trainer.run(), r.failure.c_str());
  QVERIFY2(r.log.find("replay: 3 training pairs") != std::string::npos, r.log.c_str());
  const auto after = model::Translator::fromFiles(model::latestCheckpoint(dir("corrections-run")), spm, torch::kCPU)
                         .translate({sentence}, {})[0][0]
                         .text;
  QVERIFY2(after != before, after.c_str());
  // Here (LibTorch 1.13, this seed) it becomes exactly the correction; other builds round differently, so
  // the check is that nearly all of its words are there now and were not before.
  auto sharedWords = [&](const std::string& text) {
    std::istringstream words(wanted);
    std::string word;
    int count = 0;
    while (words >> word) count += (" " + text + " ").find(" " + word + " ") != std::string::npos;
    return count;
  };
  QVERIFY2(sharedWords(after) >= 4 && sharedWords(before) <= 1, ("before: " + before + " | after: " + after).c_str());
  // The corrections are the run's dev split: their BLEU was evaluated before and after.
  QVERIFY(r.evals.front().bleu < r.evals.back().bleu);
  QVERIFY(r.evals.back().original_bleu >= 0);
}

STUDIO_TEST_MAIN(TestFineTune)
#include "tst_finetune.moc"
