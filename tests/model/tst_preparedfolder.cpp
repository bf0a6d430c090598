// A data folder is written whole or not at all: a preparation is staged
// beside it and put in its place at the end, so that one stopped at any step
// (or failing) leaves the folder prepared before as it was; preparing over a
// folder replaces the preparation's files and leaves the others; a folder that
// holds the corpus itself is refused before anything is written.
// SentencePiece learns from a seeded sample of a corpus past a size.

#include <fstream>
#include <sstream>

#include <QDir>
#include <QTemporaryDir>
#include <QtTest/QtTest>
#include <nlohmann/json.hpp>

#include "common/SuiteMain.h"
#include "model/data/CorpusSources.h"
#include "model/data/EncodedCorpus.h"
#include "model/data/Prepare.h"
#include "model/files/Hash.h"

using namespace studio::data;

namespace {

void writeFile(const std::string& path, const std::string& bytes) {
  std::ofstream(path, std::ios::binary) << bytes;
}

// `count` numbered pairs as two aligned files PREFIX.vi / PREFIX.en.
void writeNumbered(const std::string& prefix, const std::string& vi, const std::string& en, int count) {
  std::string v, e;
  for (int i = 0; i < count; ++i) {
    v += vi + " số " + std::to_string(i) + "\n";
    e += en + " number " + std::to_string(i) + "\n";
  }
  writeFile(prefix + ".vi", v);
  writeFile(prefix + ".en", e);
}

bool exists(const std::string& path) { return QFileInfo::exists(QString::fromStdString(path)); }

}  // namespace

class TestPreparedFolder : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void init() { QVERIFY(dir_.isValid()); }
  void aPreparationStoppedAtAnyStepLeavesThePreviousFolder();
  void preparingAgainReplacesThePreparationAndKeepsOtherFiles();
  void encodingStopsWhenAsked();
  void aFolderHoldingTheCorpusIsRefused_data();
  void aFolderHoldingTheCorpusIsRefused();
  void aFolderNamedWithATrailingSlash();
  void sentencePieceLearnsFromASampleOfALargeCorpus();

 private:
  std::string path(const std::string& name) const {
    return dir_.filePath(QString::fromStdString(name)).toStdString();
  }
  // A split folder of 150 training pairs and 20 dev and test pairs, its sentences about `topic`.
  std::string corpus(const std::string& name, const std::string& topic) const {
    const std::string folder = path(name);
    QDir().mkpath(QString::fromStdString(folder));
    writeNumbered(folder + "/train", topic + " tập tin", topic + " the file", 150);
    writeNumbered(folder + "/dev", topic + " cửa sổ", topic + " the window", 20);
    writeNumbered(folder + "/test", topic + " tài liệu", topic + " the document", 20);
    return folder;
  }
  PrepareOptions options(const std::string& corpus_dir, const std::string& out) const {
    PrepareOptions o;
    o.corpora = {corpusAt(corpus_dir)};
    o.out_dir = out;
    o.tokenizer.vocab_size = 80;
    return o;
  }
  // The hashes of a prepared folder's files, to see it unchanged.
  static std::map<std::string, std::string> hashes(const std::string& folder) {
    std::map<std::string, std::string> out;
    for (const char* name : {"train.vi", "train.en", "dev.vi", "test.en", "spm.model", "summary.json",
                             "cache/train.ids", "cache/test.ids"})
      out[name] = studio::model::hashFile(folder + "/" + name);
    return out;
  }

  QTemporaryDir dir_;
};

void TestPreparedFolder::aPreparationStoppedAtAnyStepLeavesThePreviousFolder() {
  const std::string out = path("data");
  std::ostringstream log;
  prepareData(options(corpus("first", "mở"), out), log);
  const auto before = hashes(out);

  // Another corpus into the same folder, stopped at the first, second, ... time it asks, until it is not.
  const std::string second = corpus("second", "đóng");
  int asked_to_stop_at = 1;
  for (;; ++asked_to_stop_at) {
    QVERIFY2(asked_to_stop_at < 50, "the preparation never finished");
    auto o = options(second, out);
    int asked = 0;
    o.stop = [&] { return ++asked == asked_to_stop_at; };
    try {
      prepareData(o, log);
      break;  // asked fewer times than that: it ran to its end
    } catch (const PreparationStopped&) {
    }
    QCOMPARE(hashes(out), before);
    QVERIFY2(!exists(out + ".preparing"), "the staging folder was left behind");
  }
  QVERIFY2(asked_to_stop_at >= 4, "it is asked after reading, writing, SentencePiece and encoding");
  QVERIFY(hashes(out) != before);  // the preparation that ran to its end is the folder now
  QVERIFY(!exists(out + ".preparing"));
}

void TestPreparedFolder::preparingAgainReplacesThePreparationAndKeepsOtherFiles() {
  const std::string out = path("again");
  std::ostringstream log;
  prepareData(options(corpus("a", "mở"), out), log);
  writeFile(out + "/notes.txt", "mine\n");
  writeFile(out + "/distillation.json", "{}\n");  // what described the previous content
  writeFile(out + "/backtranslation.json", "{}\n");
  writeFile(out + "/cache/stale.ids", "old");

  const auto summary = prepareData(options(corpus("b", "in"), out), log);
  std::ifstream train(out + "/train.vi");
  std::string first;
  std::getline(train, first);
  QVERIFY2(first.rfind("in tập tin", 0) == 0, first.c_str());
  QCOMPARE(summary["corpus"].get<std::string>(), path("b"));
  std::ifstream written(out + "/summary.json");
  QCOMPARE(nlohmann::json::parse(written)["corpus"].get<std::string>(), path("b"));
  QVERIFY(exists(out + "/notes.txt"));
  QVERIFY(!exists(out + "/distillation.json"));
  QVERIFY(!exists(out + "/backtranslation.json"));
  QVERIFY(!exists(out + "/cache/stale.ids"));
  QVERIFY(exists(out + "/cache/train.ids"));
  QVERIFY(!exists(out + ".preparing"));
  // The encoded ids are the new text's: read from the cache as they are.
  bool from_cache = false;
  const Tokenizer tokenizer(out + "/spm.model");
  QCOMPARE(loadEncodedSplit(out, "train", tokenizer, &from_cache).size(), size_t(150));
  QVERIFY(from_cache);
}

void TestPreparedFolder::encodingStopsWhenAsked() {
  const std::string out = path("encode");
  std::ostringstream log;
  prepareData(options(corpus("c", "lưu"), out), log);
  const Tokenizer tokenizer(out + "/spm.model");
  ParallelText text;
  for (int i = 0; i < 5000; ++i) {
    text.src.push_back("lưu tập tin số " + std::to_string(i));
    text.tgt.push_back("save the file number " + std::to_string(i));
  }
  std::atomic<int> asked{0};
  QVERIFY_THROWS_EXCEPTION(PreparationStopped,
                           encodeParallel(tokenizer, text, 2, [&] { return ++asked >= 1; }));
  QVERIFY(asked.load() >= 1);
  QCOMPARE(encodeParallel(tokenizer, text, 2, [] { return false; }).size(), size_t(5000));
}

void TestPreparedFolder::aFolderHoldingTheCorpusIsRefused_data() {
  QTest::addColumn<QString>("how");
  QTest::newRow("the corpus folder") << "folder";
  QTest::newRow("aligned files named as the splits") << "files";
  QTest::newRow("a TSV file named as a split") << "tsv";
}

void TestPreparedFolder::aFolderHoldingTheCorpusIsRefused() {
  QFETCH(QString, how);
  const std::string folder = corpus("own-" + how.toStdString(), "xoá");
  PrepareOptions o = options(folder, folder);
  if (how == "files") {
    o.corpora = {corpusAt(folder + "/train")};  // PREFIX for train.vi + train.en
  } else if (how == "tsv") {
    writeFile(folder + "/dev.en", "xoá dòng\tdelete the line\n");  // a TSV corpus under a split's name
    o.corpora = {CorpusSource{folder + "/dev.en", "", "", CorpusFormat::Tsv, 1}};
  }
  const auto before =
      studio::model::hashFile(folder + "/train.vi") + studio::model::hashFile(folder + "/dev.en");
  std::ostringstream log;
  try {
    prepareData(o, log);
    QFAIL("a folder holding the corpus was prepared into");
  } catch (const CorpusError& e) {
    QVERIFY2(QString::fromUtf8(e.what()).contains("holds the corpus"), e.what());
    QVERIFY2(QString::fromUtf8(e.what()).contains(QString::fromStdString(folder)), e.what());
  }
  QCOMPARE(studio::model::hashFile(folder + "/train.vi") + studio::model::hashFile(folder + "/dev.en"),
           before);
  QVERIFY(!exists(folder + "/summary.json"));
  QVERIFY(!exists(folder + ".preparing"));

  // A file given as the data folder is refused too.
  o = options(folder, folder + "/train.vi");
  QVERIFY_THROWS_EXCEPTION(CorpusError, prepareData(o, log));
}

void TestPreparedFolder::aFolderNamedWithATrailingSlash() {
  const std::string out = path("slashed");
  std::ostringstream log;
  prepareData(options(corpus("d", "chép"), out + "/"), log);
  QVERIFY(exists(out + "/summary.json"));
  QVERIFY(!exists(out + "/.preparing"));
  QVERIFY(!exists(out + ".preparing"));
}

void TestPreparedFolder::sentencePieceLearnsFromASampleOfALargeCorpus() {
  const std::string corpus_dir = corpus("large", "tải");
  std::ostringstream log;
  auto o = options(corpus_dir, path("sampled"));
  o.spm_max_sentences = 101;  // of 300 (150 pairs): 50 pairs, both sides
  const auto sampled = prepareData(o, log);
  QCOMPARE(sampled["sentencepiece"]["trained_on_sentences"].get<size_t>(), size_t(100));
  QCOMPARE(sampled["sentencepiece"]["training_sentences"].get<size_t>(), size_t(300));
  QVERIFY2(log.str().find("on 100 of 300 sentences (sampled)") != std::string::npos, log.str().c_str());
  QCOMPARE(sampled["splits"]["train"]["pairs"].get<size_t>(), size_t(150));  // every pair is still encoded

  // The same sample again (seeded): the same model; all of them, another.
  o.out_dir = path("sampled-again");
  prepareData(o, log);
  QCOMPARE(studio::model::hashFile(path("sampled-again/spm.model")),
           studio::model::hashFile(path("sampled/spm.model")));
  o.out_dir = path("whole");
  o.spm_max_sentences = 0;
  const auto whole = prepareData(o, log);
  QCOMPARE(whole["sentencepiece"]["trained_on_sentences"].get<size_t>(), size_t(300));
  QVERIFY(studio::model::hashFile(path("whole/spm.model")) !=
          studio::model::hashFile(path("sampled/spm.model")));
  o.out_dir = path("under");
  o.spm_max_sentences = 300;  // no fewer than there are: all of them, as with 0
  prepareData(o, log);
  QCOMPARE(studio::model::hashFile(path("under/spm.model")),
           studio::model::hashFile(path("whole/spm.model")));
}

STUDIO_TEST_MAIN(TestPreparedFolder)
#include "tst_preparedfolder.moc"
