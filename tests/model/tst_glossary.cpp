// Glossaries: the TSV file and its errors, matching terms on words, and
// constrained beam search (ConstrainedSearch.h): every term in the
// translation, in beam and greedy search, and exactly beamSearch()'s result
// when there are no terms.

#include <fstream>
#include <random>

#include <QTemporaryDir>
#include <QtTest/QtTest>
#include <torch/torch.h>

#include "common/SuiteMain.h"
#include "common/TestUtil.h"
#include "model/data/Tokenizer.h"
#include "model/decoding/ConstrainedSearch.h"
#include "model/decoding/Decoding.h"
#include "model/decoding/Glossary.h"
#include "model/decoding/Translator.h"

using namespace studio;

namespace {

std::string glossaryError(const std::string& text) {
  try {
    model::parseGlossary(text, "terms.tsv");
  } catch (const model::GlossaryError& e) {
    return e.what();
  }
  return "";
}

std::vector<std::string> matchedSources(const model::Glossary& g, const std::string& sentence) {
  std::vector<std::string> out;
  for (const auto& m : model::matchGlossary(g, sentence)) out.push_back(g.terms[m.term].source);
  return out;
}

// Whether `tokens` holds `term` at `start`.
bool holdsAt(const std::vector<int64_t>& tokens, const std::vector<int64_t>& term, int64_t start) {
  if (start < 0 || size_t(start) + term.size() > tokens.size()) return false;
  return std::equal(term.begin(), term.end(), tokens.begin() + start);
}

}  // namespace

class TestGlossary : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void initTestCase();
  void theFileIsReadWithItsCommentsAndBlankLines();
  void badRowsAreRefusedNamingTheLine_data();
  void badRowsAreRefusedNamingTheLine();
  void termsMatchWholeWordsAsTyped();
  void withoutTermsItIsBeamSearch_data();
  void withoutTermsItIsBeamSearch();
  void everyTermIsInTheTranslation_data();
  void everyTermIsInTheTranslation();
  void theTranslatorSaysWhereEachTermLanded();

 private:
  model::Transformer model_{nullptr};
  QTemporaryDir tmp_;
};

void TestGlossary::initTestCase() {
  torch::manual_seed(7);
  model_ = model::Transformer(test::smallOptions());
  model_->eval();
}

void TestGlossary::theFileIsReadWithItsCommentsAndBlankLines() {
  QVERIFY(tmp_.isValid());
  const std::string path = tmp_.filePath("terms.tsv").toStdString();
  std::ofstream(path) << "# software terms\n\ntập tin\tfile\r\n thư mục \t folder\n# the same again is fine\n"
                         "tập tin\tfile\n";
  const auto g = model::readGlossary(path);
  QCOMPARE(g.path, path);
  QCOMPARE(g.terms.size(), size_t(2));
  QCOMPARE(g.terms[0].source, std::string("tập tin"));
  QCOMPARE(g.terms[0].target, std::string("file"));
  QCOMPARE(g.terms[0].line, size_t(3));
  QCOMPARE(g.terms[1].source, std::string("thư mục"));  // spaces around a side do not count
  QCOMPARE(g.terms[1].target, std::string("folder"));
  try {
    model::readGlossary(tmp_.filePath("missing.tsv").toStdString());
    QFAIL("a missing glossary was read");
  } catch (const model::GlossaryError& e) {
    QVERIFY(std::string(e.what()).find("missing.tsv") != std::string::npos);
  }
}

void TestGlossary::badRowsAreRefusedNamingTheLine_data() {
  QTest::addColumn<QByteArray>("text");
  QTest::addColumn<QString>("expected");
  QTest::newRow("no tab") << QByteArray("# ok\ntập tin file\n") << "terms.tsv:2: no tab";
  QTest::newRow("two tabs") << QByteArray("tập tin\tfile\tfolder\n") << "terms.tsv:1: more than one tab";
  QTest::newRow("empty source") << QByteArray("a\tb\n\tfile\n") << "terms.tsv:2: the Vietnamese term is empty";
  QTest::newRow("empty target") << QByteArray("tập tin\t \n") << "terms.tsv:1: the English term is empty";
  QTest::newRow("punctuation only") << QByteArray("...\tdots\n") << "terms.tsv:1: the Vietnamese term has no word";
  QTest::newRow("two targets") << QByteArray("tập tin\tfile\nx\ty\ntập tin\tdocument\n")
                               << "terms.tsv:3: 'tập tin' is given twice, as 'file' (line 1) and as 'document'";
  QTest::newRow("not UTF-8") << QByteArray("ok\tfine\nt\xe1p\tfile\n") << "terms.tsv:2: not UTF-8";
}

void TestGlossary::badRowsAreRefusedNamingTheLine() {
  QFETCH(QByteArray, text);
  QFETCH(QString, expected);
  const std::string error = glossaryError(text.toStdString());
  QVERIFY2(QString::fromStdString(error).startsWith(expected), error.c_str());
}

void TestGlossary::termsMatchWholeWordsAsTyped() {
  const auto g = model::parseGlossary("tập tin\tfile\ntin\tnews\nthư mục gốc\troot folder\nthư mục\tfolder\n");
  using V = std::vector<std::string>;
  QCOMPARE(matchedSources(g, "Mở tập tin."), V{"tập tin"});             // the longer term wins over "tin"
  QCOMPARE(matchedSources(g, "Mở Tập tin"), V{"tin"});                  // case as typed: "Tập" is not "tập"
  QCOMPARE(matchedSources(g, "Mở tap tin"), V{"tin"});                  // diacritics as typed
  QCOMPARE(matchedSources(g, "thông tinh"), V{});                      // whole words only
  QCOMPARE(matchedSources(g, "“tập tin” trong thư mục gốc!"), (V{"tập tin", "thư mục gốc"}));
  QCOMPARE(matchedSources(g, "thư mục và tập tin, tập tin"), (V{"thư mục", "tập tin"}));  // once, in order
  const std::string sentence = "Xoá (tập tin)?";
  const auto matches = model::matchGlossary(g, sentence);
  QCOMPARE(matches.size(), size_t(1));
  QCOMPARE(sentence.substr(matches[0].begin, matches[0].end - matches[0].begin), std::string("tập tin"));
}

void TestGlossary::withoutTermsItIsBeamSearch_data() {
  QTest::addColumn<int>("beam");
  QTest::addColumn<int>("nbest");
  QTest::newRow("greedy") << 1 << 1;
  QTest::newRow("beam 4") << 4 << 1;
  QTest::newRow("beam 5, 3-best") << 5 << 3;
}

void TestGlossary::withoutTermsItIsBeamSearch() {
  QFETCH(int, beam);
  QFETCH(int, nbest);
  model::DecodingOptions options;
  options.beam_size = beam;
  options.nbest = nbest;
  options.min_length_ratio = 0.3;
  for (int sentence = 0; sentence < 12; ++sentence) {
    const auto src = test::randomTokens(1, 3 + sentence % 7, model_->options().vocab_size);
    const auto free = model::beamSearch(model_, src, options).at(0);
    const auto constrained = model::constrainedSearch(model_, src, {}, options);
    QCOMPARE(constrained.size(), free.size());
    for (size_t k = 0; k < free.size(); ++k) {
      QCOMPARE(constrained[k].hypothesis.tokens, free[k].tokens);
      QCOMPARE(constrained[k].hypothesis.score, free[k].score);
      QCOMPARE(constrained[k].hypothesis.log_probability, free[k].log_probability);
      QCOMPARE(constrained[k].hypothesis.finished, free[k].finished);
      QCOMPARE(constrained[k].hypothesis.probabilities, free[k].probabilities);
    }
  }
}

void TestGlossary::everyTermIsInTheTranslation_data() {
  QTest::addColumn<int>("beam");
  QTest::newRow("greedy") << 1;
  QTest::newRow("beam 4") << 4;
}

void TestGlossary::everyTermIsInTheTranslation() {
  QFETCH(int, beam);
  model::DecodingOptions options;
  options.beam_size = beam;
  std::mt19937 rng(11);
  std::uniform_int_distribution<int64_t> token(4, model_->options().vocab_size - 1), count(1, 3);
  for (int sentence = 0; sentence < 12; ++sentence) {
    const auto src = test::randomTokens(1, 4 + sentence % 6, model_->options().vocab_size);
    std::vector<std::vector<int64_t>> terms(size_t(count(rng)));
    for (auto& term : terms)
      for (int64_t n = count(rng); n > 0; --n) term.push_back(token(rng));
    const auto results = model::constrainedSearch(model_, src, terms, options);
    QVERIFY(!results.empty());
    const auto& best = results[0];
    // (An untrained model seldom ends: the search may stop at the maximum length, its terms placed all the same.)
    for (size_t c = 0; c < terms.size(); ++c)
      QVERIFY2(holdsAt(best.hypothesis.tokens, terms[c], best.term_starts[c]),
               qPrintable(QString("sentence %1, term %2 not where it was said to be").arg(sentence).arg(c)));
    // Terms do not overlap each other.
    std::vector<int> used(best.hypothesis.tokens.size(), 0);
    for (size_t c = 0; c < terms.size(); ++c)
      for (size_t k = 0; k < terms[c].size(); ++k) QCOMPARE(++used[size_t(best.term_starts[c]) + k], 1);
    // The probabilities are the model's, piece by piece (and EOS's last when it ended).
    QCOMPARE(best.hypothesis.probabilities.size(), best.hypothesis.tokens.size() + (best.hypothesis.finished ? 1 : 0));
  }
  // A term of a special piece is refused.
  try {
    model::constrainedSearch(model_, test::randomTokens(1, 4, 23), {{model_->options().eos_id}}, options);
    QFAIL("a term holding EOS was accepted");
  } catch (const std::invalid_argument& e) {
    QVERIFY(std::string(e.what()).find("not an output piece") != std::string::npos);
  }
}

void TestGlossary::theTranslatorSaysWhereEachTermLanded() {
  // A real SentencePiece model; an untrained model (the glossary alone puts "folder" there).
  const std::string data = test::prepareNumberedCorpus(tmp_.path().toStdString(), {"mở thư mục", "lưu tập tin"},
                                                       {"open the folder", "save the file"}, 200, 60);
  auto tokenizer = std::make_shared<const data::Tokenizer>(data + "/spm.model");
  auto options = test::smallOptions();
  options.vocab_size = tokenizer->vocabSize();
  torch::manual_seed(3);
  model::Translator translator(model::Transformer(options), tokenizer, torch::kCPU);
  model::DecodingOptions decoding;
  decoding.glossary = std::make_shared<const model::Glossary>(model::parseGlossary("thư mục\tfolder\n"));
  const auto results = translator.translate({"mở thư mục số 3", "lưu tập tin"}, decoding);
  const auto& t = results[0][0];
  QCOMPARE(t.terms.size(), size_t(1));
  QCOMPARE(t.terms[0].target, std::string("folder"));
  QCOMPARE(t.terms[0].source_begin, std::string("mở ").size());
  const auto pieces = translator.encodeTarget("folder");
  QVERIFY(holdsAt(t.ids, pieces, t.terms[0].start));
  QCOMPARE(t.terms[0].length, int64_t(pieces.size()));
  QVERIFY2(t.text.find("folder") != std::string::npos, t.text.c_str());
  // What it cost: the free translation's score, at least as good as the constrained one's.
  QVERIFY(!t.unconstrained_text.empty());
  QVERIFY(t.unconstrained_score >= t.score - 1e-9 || t.unconstrained_text == t.text);
  // The other sentence has no term: decoded freely, nothing recorded.
  QVERIFY(results[1][0].terms.empty());
  QVERIFY(results[1][0].unconstrained_text.empty());
}

STUDIO_TEST_MAIN(TestGlossary)
#include "tst_glossary.moc"
