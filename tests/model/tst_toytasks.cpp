// The toy tasks: each letter task's pairs follow its rule, the phrases task
// puts Vietnamese noun phrases in English order (checked against sentences
// written by hand), the same seed gives the same corpus, no source is in two
// splits, bad options are refused naming the field, and a toy corpus folder
// is written whole, prepared with its task's vocabulary: one piece a letter
// or a word.

#include <algorithm>
#include <fstream>
#include <set>
#include <sstream>

#include <QTemporaryDir>
#include <QtTest/QtTest>
#include <nlohmann/json.hpp>

#include "common/SuiteMain.h"
#include "model/data/EncodedCorpus.h"
#include "model/data/Prepare.h"
#include "model/data/Tokenizer.h"
#include "model/data/ToyTasks.h"

using namespace studio::data;

namespace {

std::vector<std::string> toyWords(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> out;
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

std::string toyFileBytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), {}};
}

}  // namespace

class TestToyTasks : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void init() { QVERIFY(dir_.isValid()); }
  void eachLetterTaskFollowsItsRule_data();
  void eachLetterTaskFollowsItsRule();
  void phrasesPutVietnameseWordOrderIntoEnglish();
  void theSameSeedGivesTheSameCorpus();
  void noSourceIsInTwoSplits();
  void badOptionsAreRefusedNamingTheField();
  void aToyCorpusFolderIsWrittenWhole();
  void aFolderOfOtherFilesIsRefusedAndKept();
  void preparedWithItsVocabularyEachLetterOrWordIsOnePiece_data();
  void preparedWithItsVocabularyEachLetterOrWordIsOnePiece();

 private:
  std::string path(const std::string& name) const {
    return dir_.filePath(QString::fromStdString(name)).toStdString();
  }
  QTemporaryDir dir_;
};

void TestToyTasks::eachLetterTaskFollowsItsRule_data() {
  QTest::addColumn<QString>("task");
  QTest::newRow("copy") << "copy";
  QTest::newRow("reverse") << "reverse";
  QTest::newRow("sort") << "sort";
}

void TestToyTasks::eachLetterTaskFollowsItsRule() {
  QFETCH(QString, task);
  ToyCorpusOptions o;
  o.task = task.toStdString();
  o.train_pairs = 2000;
  o.dev_pairs = o.test_pairs = 100;
  o.min_length = 3;
  o.max_length = 7;
  o.letters = 10;
  const ToyCorpus corpus = makeToyCorpus(o);
  QCOMPARE(corpus.train.size(), size_t(2000));
  QCOMPARE(corpus.dev.size(), size_t(100));
  QCOMPARE(corpus.test.size(), size_t(100));
  std::set<size_t> lengths;
  for (const ParallelText* split : {&corpus.train, &corpus.dev, &corpus.test})
    for (size_t i = 0; i < split->size(); ++i) {
      auto source = toyWords(split->src[i]);
      const auto target = toyWords(split->tgt[i]);
      lengths.insert(source.size());
      QVERIFY2(source.size() >= 3 && source.size() <= 7, split->src[i].c_str());
      for (const auto& w : source) QVERIFY2(w.size() == 1 && w[0] >= 'a' && w[0] < 'a' + 10, w.c_str());
      if (o.task == "reverse") std::reverse(source.begin(), source.end());
      if (o.task == "sort") std::sort(source.begin(), source.end());
      QVERIFY2(source == target, (split->src[i] + " -> " + split->tgt[i]).c_str());
    }
  QCOMPARE(lengths, (std::set<size_t>{3, 4, 5, 6, 7}));
}

void TestToyTasks::phrasesPutVietnameseWordOrderIntoEnglish() {
  ToyCorpusOptions o;
  o.task = "phrases";
  const ToyCorpus corpus = makeToyCorpus(o);
  // Written by hand: a sentence that begins (a subject and its verb) or ends
  // (a whole noun phrase: no number before it) with the first says the second
  // in the same place.
  const struct {
    bool at_start;
    std::string vi, en;
  } facts[] = {
      {false, "hai con mèo đen này", "these two black cats"},
      {false, "một quyển sách cũ", "an old book"},
      {false, "một quyển sách mới", "a new book"},
      {false, "con gà già", "the old chicken"},
      {false, "năm con cá", "five fish"},
      {false, "quả táo đỏ đó", "that red apple"},
      {false, "ba cái ô đó", "those three umbrellas"},
      {true, "anh ấy không thích", "he does not like"},
      {true, "chúng tôi không có", "we do not have"},
      {true, "cô ấy có", "she has"},
      {true, "họ thích", "they like"},
  };
  const std::set<std::string> numbers{"một", "hai", "ba", "bốn", "năm"};
  const auto endsWith = [](const std::string& text, const std::string& end) {
    return text.size() >= end.size() && text.compare(text.size() - end.size(), end.size(), end) == 0;
  };
  for (const auto& fact : facts) {
    size_t seen = 0;
    for (size_t i = 0; i < corpus.train.size(); ++i) {
      const std::string &source = corpus.train.src[i], &target = corpus.train.tgt[i];
      if (fact.at_start ? source.rfind(fact.vi + " ", 0) != 0 : !endsWith(source, " " + fact.vi)) continue;
      if (!fact.at_start) {
        const auto before = toyWords(source.substr(0, source.size() - fact.vi.size()));
        if (numbers.count(before.back())) continue;  // "bốn con gà già": part of another phrase
      }
      ++seen;
      const bool says = fact.at_start ? target.rfind(fact.en + " ", 0) == 0 : endsWith(target, " " + fact.en);
      QVERIFY2(says, (source + " -> " + target + " (expected \"" + fact.en + "\")").c_str());
    }
    QVERIFY2(seen > 0, ("no training sentence says \"" + fact.vi + "\" there").c_str());
  }
  // Two phrases are joined by "và" and "and" alike.
  for (size_t i = 0; i < corpus.train.size(); ++i) {
    const auto vi = toyWords(corpus.train.src[i]), en = toyWords(corpus.train.tgt[i]);
    QCOMPARE(std::count(vi.begin(), vi.end(), "và"), std::count(en.begin(), en.end(), "and"));
  }
}

void TestToyTasks::theSameSeedGivesTheSameCorpus() {
  for (const auto& task : toyTasks()) {
    ToyCorpusOptions o;
    o.task = task.name;
    o.train_pairs = 500;
    const ToyCorpus a = makeToyCorpus(o), b = makeToyCorpus(o);
    QCOMPARE(a.train.src, b.train.src);
    QCOMPARE(a.test.tgt, b.test.tgt);
    o.seed = 2;
    QVERIFY2(makeToyCorpus(o).train.src != a.train.src, task.name.c_str());
  }
}

void TestToyTasks::noSourceIsInTwoSplits() {
  for (const auto& task : toyTasks()) {
    ToyCorpusOptions o;
    o.task = task.name;
    o.train_pairs = 5000;
    const ToyCorpus corpus = makeToyCorpus(o);
    std::set<std::string> sources;
    for (const ParallelText* split : {&corpus.train, &corpus.dev, &corpus.test})
      for (const auto& s : split->src) QVERIFY2(sources.insert(s).second, (task.name + ": " + s).c_str());
    QCOMPARE(sources.size(), size_t(6000));
  }
}

void TestToyTasks::badOptionsAreRefusedNamingTheField() {
  const auto refused = [](ToyCorpusOptions o, const std::string& says) {
    const std::string problem = checkToyCorpusOptions(o);
    QVERIFY2(problem.find(says) != std::string::npos, problem.c_str());
    try {
      makeToyCorpus(o);
      QFAIL("made a corpus with bad options");
    } catch (const std::invalid_argument& e) {
      QCOMPARE(std::string(e.what()), problem);
    }
  };
  ToyCorpusOptions o;
  QVERIFY(checkToyCorpusOptions(o).empty());
  o.task = "translate";
  refused(o, "no toy task 'translate' (tasks: reverse, copy, sort, phrases)");
  o = {};
  o.letters = 27;
  refused(o, "letters: from 2 to 26, got 27");
  o = {};
  o.min_length = 5;
  o.max_length = 4;
  refused(o, "min_length, max_length");
  o = {};
  o.train_pairs = 10;
  refused(o, "train_pairs: at least 100");
  // Three letters in sentences of one or two: 12 sentences in all.
  o = {};
  o.letters = 3;
  o.min_length = 1;
  o.max_length = 2;
  try {
    makeToyCorpus(o);
    QFAIL("made more distinct sentences than there are");
  } catch (const std::invalid_argument& e) {
    QVERIFY2(std::string(e.what()).find("fewer than 21000 distinct sentences") != std::string::npos,
             e.what());
    QVERIFY2(std::string(e.what()).find("(found 12)") != std::string::npos, e.what());
  }
}

void TestToyTasks::aToyCorpusFolderIsWrittenWhole() {
  ToyCorpusOptions o;
  o.task = "sort";
  o.train_pairs = 300;
  o.dev_pairs = o.test_pairs = 20;
  const std::string folder = path("toy");
  const auto record = writeToyCorpus(o, folder);
  QCOMPARE(record["task"].get<std::string>(), std::string("sort"));
  QCOMPARE(record["pairs"]["train"].get<int>(), 300);
  const auto expected = makeToyCorpus(o);
  std::string train_vi;
  for (const auto& s : expected.train.src) train_vi += s + "\n";
  QCOMPARE(toyFileBytes(folder + "/train.vi"), train_vi);
  for (const char* name : {"train.en", "dev.vi", "dev.en", "test.vi", "test.en", "toy-task.json"})
    QVERIFY2(QFileInfo::exists(QString::fromStdString(folder + "/" + name)), name);
  const auto info = toyCorpusAt(folder);
  QVERIFY(info.has_value());
  QCOMPARE(info->task, std::string("sort"));
  QCOMPARE(info->vocab_size, 2 * 26 + 5);
  QCOMPARE(info->model_type, std::string("bpe"));
  QVERIFY(!toyCorpusAt(path("nothing-here")).has_value());
  // Read as any corpus folder: its own dev and test.
  QVERIFY(detectFormat(corpusAt(folder)) == CorpusFormat::Split);

  // Written again, another task: replaced, nothing staged left beside it.
  o.task = "copy";
  writeToyCorpus(o, folder);
  QCOMPARE(toyCorpusAt(folder)->task, std::string("copy"));
  QVERIFY(!QFileInfo::exists(QString::fromStdString(folder + ".writing")));
  // Bad options leave the folder as it was.
  o.letters = 40;
  QVERIFY_THROWS_EXCEPTION(std::invalid_argument, writeToyCorpus(o, folder));
  QCOMPARE(toyCorpusAt(folder)->task, std::string("copy"));
}

void TestToyTasks::aFolderOfOtherFilesIsRefusedAndKept() {
  const std::string folder = path("mine");
  QVERIFY(QDir().mkpath(QString::fromStdString(folder)));
  std::ofstream(folder + "/train.vi") << "của tôi\n";
  try {
    writeToyCorpus({}, folder);
    QFAIL("wrote over a folder of other files");
  } catch (const CorpusError& e) {
    QVERIFY2(std::string(e.what()).find("'" + folder + "' holds files that are not a toy corpus's") !=
                 std::string::npos,
             e.what());
  }
  QCOMPARE(toyFileBytes(folder + "/train.vi"), std::string("của tôi\n"));
}

void TestToyTasks::preparedWithItsVocabularyEachLetterOrWordIsOnePiece_data() {
  QTest::addColumn<QString>("task");
  QTest::newRow("reverse") << "reverse";
  QTest::newRow("phrases") << "phrases";
}

void TestToyTasks::preparedWithItsVocabularyEachLetterOrWordIsOnePiece() {
  QFETCH(QString, task);
  ToyCorpusOptions o;
  o.task = task.toStdString();
  const std::string corpus = path("corpus-" + o.task), data = path("data-" + o.task);
  writeToyCorpus(o, corpus);
  const auto info = toyCorpusAt(corpus);
  QVERIFY(info.has_value());
  PrepareOptions p;
  p.corpora = {corpusAt(corpus)};
  p.out_dir = data;
  p.tokenizer.vocab_size = info->vocab_size;
  p.tokenizer.model_type = info->model_type;
  std::ostringstream log;
  const auto summary = prepareData(p, log);
  QVERIFY2(summary["warnings"].empty(), summary["warnings"].dump().c_str());
  QCOMPARE(summary["sentencepiece"]["vocab_size"].get<int>(), info->vocab_size);
  Tokenizer tokenizer(data + "/spm.model");
  const ToyCorpus pairs = makeToyCorpus(o);
  for (const ParallelText* split : {&pairs.train, &pairs.test})
    for (size_t i = 0; i < split->size(); ++i)
      for (const std::string* sentence : {&split->src[i], &split->tgt[i]}) {
        const auto ids = tokenizer.encode(*sentence);
        QVERIFY2(ids.size() == toyWords(*sentence).size(), sentence->c_str());
        for (int id : ids) QVERIFY2(id != kUnkId, sentence->c_str());
      }
}

STUDIO_TEST_MAIN(TestToyTasks)
#include "tst_toytasks.moc"
