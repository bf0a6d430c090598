// Several corpora prepared into one data folder: each one read as what it
// is, its weight repeating its training pairs, dev and test from the corpora
// that have them (or held out by hash from all), nothing evaluated trained
// on, repeats across corpora counted, bad lists refused before anything is
// written.

#include <fstream>
#include <set>
#include <sstream>

#include <QDir>
#include <QTemporaryDir>
#include <QtTest/QtTest>
#include <nlohmann/json.hpp>

#include "common/SuiteMain.h"
#include "model/data/CorpusSources.h"
#include "model/data/Prepare.h"

using namespace studio::data;

namespace {

void writeCorpusFile(const std::string& path, const std::string& bytes) {
  std::ofstream(path, std::ios::binary) << bytes;
}

// `count` pairs "<vi> số i" / "<en> number i" from `first` on, one a line.
std::vector<std::pair<std::string, std::string>> numberedPairs(const std::string& vi, const std::string& en,
                                                               int first, int count) {
  std::vector<std::pair<std::string, std::string>> out;
  for (int i = first; i < first + count; ++i)
    out.push_back({vi + " số " + std::to_string(i), en + " number " + std::to_string(i)});
  return out;
}

std::string asTsv(const std::vector<std::pair<std::string, std::string>>& pairs) {
  std::string out;
  for (const auto& [vi, en] : pairs) out += vi + "\t" + en + "\n";
  return out;
}

void writeAligned(const std::string& prefix, const std::vector<std::pair<std::string, std::string>>& pairs) {
  std::string vi, en;
  for (const auto& p : pairs) vi += p.first + "\n", en += p.second + "\n";
  writeCorpusFile(prefix + ".vi", vi);
  writeCorpusFile(prefix + ".en", en);
}

std::vector<std::string> linesOf(const std::string& path) {
  std::ifstream in(path);
  std::vector<std::string> out;
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

}  // namespace

class TestCorpora : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void init() { QVERIFY(dir_.isValid()); }
  void severalCorporaAreReadIntoOneFolder();
  void aTrainingPairThatIsEvaluatedIsDropped();
  void repeatsAcrossCorporaAreCountedOnce();
  void heldOutSetsComeFromAllCorporaByHash();
  void badListsAreRefusedBeforeAnythingIsWritten_data();
  void badListsAreRefusedBeforeAnythingIsWritten();

 private:
  std::string path(const std::string& name) const {
    return dir_.filePath(QString::fromStdString(name)).toStdString();
  }
  // A split folder: 150 training pairs, 20 dev, 20 test.
  std::string splitFolder(const std::string& name) const {
    const std::string folder = path(name);
    QDir().mkpath(QString::fromStdString(folder));
    writeAligned(folder + "/train", numberedPairs("mở tập tin", "open the file", 0, 150));
    writeAligned(folder + "/dev", numberedPairs("đóng cửa sổ", "close the window", 0, 20));
    writeAligned(folder + "/test", numberedPairs("lưu tài liệu", "save the document", 0, 20));
    return folder;
  }
  PrepareOptions options(const std::string& out) const {
    PrepareOptions o;
    o.out_dir = path(out);
    o.tokenizer.vocab_size = 80;
    return o;
  }

  QTemporaryDir dir_;
};

void TestCorpora::severalCorporaAreReadIntoOneFolder() {
  const std::string folder = splitFolder("general");
  writeCorpusFile(path("domain.tsv"), asTsv(numberedPairs("in trang", "print the page", 0, 40)));
  writeAligned(path("aligned"), numberedPairs("xoá dòng", "delete the line", 0, 30));
  auto o = options("mixed");
  o.corpora = {corpusAt(folder), corpusAt(path("domain.tsv"), 3), corpusAt(path("aligned"), 2)};
  std::ostringstream log;
  const auto summary = prepareData(o, log);

  // Training: each corpus's pairs, its weight's times; dev and test: the folder's own.
  const auto train = linesOf(o.out_dir + "/train.vi");
  QCOMPARE(train.size(), size_t(150 + 3 * 40 + 2 * 30));
  QCOMPARE(linesOf(o.out_dir + "/train.en").size(), train.size());
  QCOMPARE(std::count(train.begin(), train.end(), std::string("in trang số 7")), long(3));
  QCOMPARE(std::count(train.begin(), train.end(), std::string("xoá dòng số 29")), long(2));
  QCOMPARE(std::count(train.begin(), train.end(), std::string("mở tập tin số 149")), long(1));
  QCOMPARE(linesOf(o.out_dir + "/dev.vi"), linesOf(folder + "/dev.vi"));
  QCOMPARE(linesOf(o.out_dir + "/test.en"), linesOf(folder + "/test.en"));
  QCOMPARE(summary["held_out_by_hash"].get<bool>(), false);
  QCOMPARE(summary["splits"]["train"]["pairs"].get<size_t>(), train.size());
  const auto slices = corpusSlices(o.out_dir, "test");  // whose lines are where
  QCOMPARE(slices.size(), size_t(3));
  QCOMPARE(slices[0].corpus, folder);
  QCOMPARE(slices[0].first, size_t(0));
  QCOMPARE(slices[0].count, size_t(20));
  QCOMPARE(slices[1].count + slices[2].count, size_t(0));

  // What each was read as, and the totals.
  QCOMPARE(summary["format"].get<std::string>(), std::string("several"));
  const auto& corpora = summary["corpora"];
  QCOMPARE(corpora.size(), size_t(3));
  QCOMPARE(corpora[0]["format"].get<std::string>(), std::string("split"));
  QCOMPARE(corpora[1]["format"].get<std::string>(), std::string("tsv"));
  QCOMPARE(corpora[2]["format"].get<std::string>(), std::string("parallel"));
  QCOMPARE(corpora[2]["read"]["train"]["source"].get<std::string>(),
           path("aligned.vi") + " + " + path("aligned.en"));
  QCOMPARE(corpora[1]["weight"].get<int>(), 3);
  QCOMPARE(corpora[1]["path"].get<std::string>(), path("domain.tsv"));
  QCOMPARE(corpora[2]["path"].get<std::string>(), path("aligned"));  // its PREFIX
  {
    // A corpus named from the current folder is written where it is, for the app run from elsewhere.
    const QString here = QDir::currentPath();
    QVERIFY(QDir::setCurrent(QString::fromStdString(path(""))));
    auto relative = options("mixed-relative");
    relative.corpora = {corpusAt(folder), corpusAt("domain.tsv"), corpusAt("./aligned", 2)};
    std::ostringstream quiet;
    const auto from_here = prepareData(relative, quiet);
    QVERIFY(QDir::setCurrent(here));
    QCOMPARE(from_here["corpora"][1]["corpus"].get<std::string>(), std::string("domain.tsv"));
    QCOMPARE(from_here["corpora"][1]["path"].get<std::string>(), path("domain.tsv"));
    QCOMPARE(from_here["corpora"][2]["path"].get<std::string>(), path("aligned"));
  }
  QCOMPARE(corpora[1]["train_pairs"].get<size_t>(), size_t(40));
  QVERIFY(!corpora[1]["read"].contains("dev"));
  QCOMPARE(summary["read"]["train"]["read"].get<size_t>(), size_t(150 + 40 + 30));
  QCOMPARE(summary["read"]["dev"]["kept"].get<size_t>(), size_t(20));
  const QString printed = QString::fromStdString(log.str());
  QVERIFY2(printed.contains(QString::fromStdString("40 x 3 from " + path("domain.tsv"))), log.str().c_str());
  QVERIFY2(printed.contains(" = 330"), log.str().c_str());

  // The vocabulary is learnt from each pair once: the same as from weights of 1.
  auto unweighted = options("mixed-unweighted");
  unweighted.corpora = {corpusAt(folder), corpusAt(path("domain.tsv")), corpusAt(path("aligned"))};
  std::ostringstream quiet;
  prepareData(unweighted, quiet);
  std::ifstream a(o.out_dir + "/spm.vocab"), b(unweighted.out_dir + "/spm.vocab");
  std::stringstream sa, sb;
  sa << a.rdbuf();
  sb << b.rdbuf();
  QVERIFY(!sa.str().empty());
  QCOMPARE(sa.str(), sb.str());
  QCOMPARE(linesOf(unweighted.out_dir + "/train.vi").size(), size_t(150 + 40 + 30));
}

void TestCorpora::aTrainingPairThatIsEvaluatedIsDropped() {
  const std::string folder = splitFolder("with-own-sets");
  // Line 3 is a test sentence with another English; line 5 a dev sentence as it is.
  auto pairs = numberedPairs("in trang", "print the page", 0, 40);
  pairs[2] = {"lưu tài liệu số 4", "store the document number 4"};
  pairs[4] = {"đóng cửa sổ số 11", "close the window number 11"};
  writeCorpusFile(path("leaky.tsv"), asTsv(pairs));
  auto o = options("no-leaks");
  o.corpora = {corpusAt(folder), corpusAt(path("leaky.tsv"))};
  std::ostringstream log;
  const auto summary = prepareData(o, log);
  const auto& read = summary["corpora"][1]["read"]["train"];
  QCOMPARE(read["dropped"]["held_out"].get<size_t>(), size_t(2));
  QCOMPARE(read["first_dropped_lines"]["held_out"], nlohmann::json::array({3, 5}));
  const auto train = linesOf(o.out_dir + "/train.vi");
  QCOMPARE(std::count(train.begin(), train.end(), std::string("lưu tài liệu số 4")), long(0));
  QCOMPARE(train.size(), size_t(150 + 38));

  // One folder whose training split holds one of its own test sentences, too.
  const std::string own = splitFolder("self-leaking");
  auto leaking = numberedPairs("mở tập tin", "open the file", 0, 150);
  leaking[99] = {"lưu tài liệu số 0", "save the document number 0"};
  writeAligned(own + "/train", leaking);
  auto single = options("self-leaking-data");
  single.corpora = {corpusAt(own)};
  std::ostringstream quiet;
  const auto one = prepareData(single, quiet);
  QCOMPARE(one["read"]["train"]["dropped"]["held_out"].get<size_t>(), size_t(1));
  QCOMPARE(one["read"]["train"]["first_dropped_lines"]["held_out"], nlohmann::json::array({100}));
  QCOMPARE(linesOf(single.out_dir + "/train.vi").size(), size_t(149));
  QVERIFY(corpusSlices(single.out_dir, "test").empty());  // one corpus: nothing to tell apart
}

void TestCorpora::repeatsAcrossCorporaAreCountedOnce() {
  const auto first = numberedPairs("mở tập tin", "open the file", 0, 120);
  auto second = numberedPairs("in trang", "print the page", 0, 60);
  second[9] = first[0];                                        // line 10: a pair of the first corpus
  second[19] = first[50];                                      // line 20
  second[29] = {first[60].first, "open that file number 60"};  // the same Vietnamese, another English: kept
  writeCorpusFile(path("first.tsv"), asTsv(first));
  writeCorpusFile(path("second.tsv"), asTsv(second));
  for (const bool dedupe : {true, false}) {
    auto o = options(dedupe ? "deduped" : "repeats-kept");
    o.filter.dedupe = dedupe;
    o.corpora = {corpusAt(path("first.tsv")), corpusAt(path("second.tsv"))};
    std::ostringstream log;
    const auto summary = prepareData(o, log);
    const auto& read = summary["corpora"][1]["read"]["train"];
    QCOMPARE(read["dropped"].contains("duplicate"), dedupe);
    if (dedupe) {
      QCOMPARE(read["dropped"]["duplicate"].get<size_t>(), size_t(2));
      QCOMPARE(read["first_dropped_lines"]["duplicate"], nlohmann::json::array({10, 20}));
      QCOMPARE(summary["read"]["train"]["dropped"]["duplicate"].get<size_t>(), size_t(2));
    }
    size_t pairs = 0;
    for (const char* split : {"train", "dev", "test"})
      pairs += summary["splits"][split]["pairs"].get<size_t>();
    QCOMPARE(pairs, size_t(dedupe ? 178 : 180));
  }
}

void TestCorpora::heldOutSetsComeFromAllCorporaByHash() {
  // Neither corpus alone has the 100 pairs that holding out needs; together they do.
  const auto a = numberedPairs("mở tập tin", "open the file", 0, 70);
  const auto b = numberedPairs("in trang", "print the page", 0, 70);
  writeCorpusFile(path("a.tsv"), asTsv(a));
  writeCorpusFile(path("b.tsv"), asTsv(b));
  auto alone = options("a-alone");
  alone.corpora = {corpusAt(path("a.tsv"))};
  std::ostringstream log;
  try {
    prepareData(alone, log);
    QFAIL("70 pairs were split into train, dev and test");
  } catch (const CorpusError& e) {
    QVERIFY2(QString::fromUtf8(e.what()).contains("has 70 usable pairs"), e.what());
  }
  auto o = options("a-and-b");
  o.corpora = {corpusAt(path("a.tsv"), 2), corpusAt(path("b.tsv"))};
  const auto summary = prepareData(o, log);
  QCOMPARE(summary["held_out_by_hash"].get<bool>(), true);

  // Every pair is in exactly one split, by the hash of its Vietnamese side,
  // whichever corpus it came from; held-out pairs are not repeated.
  std::set<std::string> expected_dev, expected_test;
  size_t held_out[2] = {0, 0};
  const auto [dev_fraction, test_fraction] = heldOutFractions(140);
  for (int k = 0; k < 2; ++k)
    for (const auto& [vi, en] : k == 0 ? a : b) {
      const Split split = splitOf(vi, dev_fraction, test_fraction);
      if (split == Split::Dev) expected_dev.insert(vi);
      if (split == Split::Test) expected_test.insert(vi);
      held_out[k] += split != Split::Train;
    }
  const auto dev = linesOf(o.out_dir + "/dev.vi"), test = linesOf(o.out_dir + "/test.vi");
  QCOMPARE(std::set<std::string>(dev.begin(), dev.end()), expected_dev);
  QCOMPARE(std::set<std::string>(test.begin(), test.end()), expected_test);
  QCOMPARE(dev.size(), expected_dev.size());
  QVERIFY(!dev.empty());
  QCOMPARE(summary["corpora"][0]["held_out_by_hash"].get<size_t>(), held_out[0]);
  QCOMPARE(summary["corpora"][1]["held_out_by_hash"].get<size_t>(), held_out[1]);
  // Each corpus's held-out lines together, in the corpora's order.
  for (const char* split : {"dev", "test"}) {
    const auto slices = corpusSlices(o.out_dir, split);
    const auto lines = linesOf(o.out_dir + "/" + split + ".vi");
    QCOMPARE(slices.size(), size_t(2));
    QCOMPARE(slices[0].first, size_t(0));
    QCOMPARE(slices[1].first, slices[0].count);
    QCOMPARE(slices[0].count + slices[1].count, lines.size());
    for (size_t i = 0; i < lines.size(); ++i)
      QVERIFY2(QString::fromStdString(lines[i]).startsWith(i < slices[0].count ? "mở tập tin" : "in trang"),
               lines[i].c_str());
  }
  QVERIFY(corpusSlices(alone.out_dir, "dev").empty());  // not written: no summary
  const auto train = linesOf(o.out_dir + "/train.vi");
  QCOMPARE(train.size(), 2 * (70 - held_out[0]) + (70 - held_out[1]));
  for (const auto& vi : train) QVERIFY2(!expected_dev.count(vi) && !expected_test.count(vi), vi.c_str());
}

void TestCorpora::badListsAreRefusedBeforeAnythingIsWritten_data() {
  QTest::addColumn<QStringList>("corpora");  // PATH or PATH*WEIGHT
  QTest::addColumn<QString>("expected");
  QTest::newRow("none") << QStringList{} << "no corpus given";
  QTest::newRow("a weight of 0") << QStringList{"good.tsv", "other.tsv*0"}
                                 << "weight 0 is not a whole number from 1 to 100";
  QTest::newRow("a weight of 101") << QStringList{"good.tsv*101", "other.tsv"} << "weight 101";
  QTest::newRow("the same corpus twice")
      << QStringList{"good.tsv", "other.tsv", "./good.tsv"} << "is given twice";
  QTest::newRow("a missing corpus") << QStringList{"good.tsv", "missing"} << "does not exist (nor do";
  QTest::newRow("a folder of nothing") << QStringList{"good.tsv", "empty"} << "holds neither train.vi";
}

void TestCorpora::badListsAreRefusedBeforeAnythingIsWritten() {
  QFETCH(QStringList, corpora);
  QFETCH(QString, expected);
  writeCorpusFile(path("good.tsv"), asTsv(numberedPairs("mở tập tin", "open the file", 0, 120)));
  writeCorpusFile(path("other.tsv"), asTsv(numberedPairs("in trang", "print the page", 0, 120)));
  QDir().mkpath(dir_.filePath("empty"));
  auto o = options("refused");
  for (const QString& item : corpora) {
    const QString name = item.section('*', 0, 0);
    const int weight = item.contains('*') ? item.section('*', 1).toInt() : 1;
    o.corpora.push_back(corpusAt(name.startsWith("./")
                                     ? dir_.path().toStdString() + "/./" + name.mid(2).toStdString()
                                     : path(name.toStdString()),
                                 weight));
  }
  std::ostringstream log;
  try {
    prepareData(o, log);
    QFAIL("the list was prepared");
  } catch (const CorpusError& e) {
    QVERIFY2(QString::fromUtf8(e.what()).contains(expected), e.what());
    if (!corpora.isEmpty() && expected != "no corpus given")
      QVERIFY2(QString::fromUtf8(e.what()).contains(dir_.path()), e.what());  // names the corpus
  }
  QVERIFY(!QFileInfo::exists(QString::fromStdString(o.out_dir)));
}

STUDIO_TEST_MAIN(TestCorpora)
#include "tst_corpora.moc"
