// BLEU as sacreBLEU 2.x computes it (13a, mixed case, exp smoothing). The
// expected numbers were worked out from sacreBLEU's published rules: the 13a
// regular expressions and its compute_bleu arithmetic.

#include <cmath>

#include <QtTest/QtTest>
#include <nlohmann/json.hpp>

#include "model/evaluation/Bleu.h"

using namespace studio::model;

class TestBleu : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void tokenize13a_data();
  void tokenize13a();
  void corpusScores_data();
  void corpusScores();
  void handComputedCaseInDetail();
  void scoreLineAndSignature();
  void jsonHasTheFields();
  void mismatchedCountsAndEmptyReferencesAreErrors();
};

void TestBleu::tokenize13a_data() {
  QTest::addColumn<QString>("input");
  QTest::addColumn<QString>("expected");
  QTest::newRow("punctuation") << "Hello, world!" << "Hello , world !";
  QTest::newRow("quot entity") << "He said &quot;hi&quot;." << "He said \" hi \" .";
  QTest::newRow("numbers and hyphens") << "1-2 state-of-the-art 3.14 1,000 end." << "1 - 2 state-of-the-art 3.14 1,000 end .";
  QTest::newRow("vietnamese") << "Tôi là sinh viên." << "Tôi là sinh viên .";
  QTest::newRow("two periods (non-overlapping matches)") << "a.." << "a . .";
  QTest::newRow("comma between letters") << "x,y" << "x , y";
  QTest::newRow("symbols") << "(test) [a] {b} $5 50% #1 a/b" << "( test ) [ a ] { b } $ 5 50 % # 1 a / b";
  QTest::newRow("apostrophe stays") << "it's \"quoted\"" << "it's \" quoted \"";
  QTest::newRow("abbreviations") << "e.g. U.S.A. 2." << "e . g . U . S . A . 2 .";
  QTest::newRow("skipped and broken hyphen") << "<skipped> ok-\nnext" << "oknext";
  QTest::newRow("trailing and inner whitespace") << "  a \u00A0 b\t " << "a b";
}

void TestBleu::tokenize13a() {
  QFETCH(QString, input);
  QFETCH(QString, expected);
  QCOMPARE(QString::fromStdString(studio::model::tokenize13a(input.toStdString())), expected);
}

void TestBleu::corpusScores_data() {
  QTest::addColumn<QStringList>("hyps");
  QTest::addColumn<QStringList>("refs");
  QTest::addColumn<double>("score");
  QTest::addColumn<QList<double>>("precisions");
  QTest::addColumn<double>("bp");
  QTest::addColumn<int>("sysLen");
  QTest::addColumn<int>("refLen");
  QTest::newRow("perfect") << QStringList{"The cat sat on the mat."} << QStringList{"The cat sat on the mat."}
                           << 100.0 << QList<double>{100, 100, 100, 100} << 1.0 << 7 << 7;
  QTest::newRow("zero matches") << QStringList{"xyz"} << QStringList{"abc def"} << 0.0
                                << QList<double>{0, 0, 0, 0} << 0.36787944117144233 << 1 << 2;
  QTest::newRow("empty hypothesis") << QStringList{""} << QStringList{"a b"} << 0.0 << QList<double>{0, 0, 0, 0}
                                    << 0.0 << 0 << 2;
  QTest::newRow("hypothesis longer than its reference")
      << QStringList{"the cat the cat on the mat"} << QStringList{"the cat is on the mat"} << 30.739407647563215
      << QList<double>{71.4285714286, 50.0, 20.0, 12.5} << 1.0 << 7 << 6;
  QTest::newRow("vietnamese") << QStringList{"Tôi là sinh viên đại học."}
                              << QStringList{"Tôi là một sinh viên đại học."} << 61.29752413741059
                              << QList<double>{100.0, 83.3333333333, 60.0, 50.0} << 0.8668778997501817 << 7 << 8;
  QTest::newRow("punctuation") << QStringList{"Hello, world! How are you?"}
                               << QStringList{"Hello world, how are you?"} << 24.446151121745064
                               << QList<double>{75.0, 28.5714285714, 16.6666666667, 10.0} << 1.0 << 8 << 7;
  QTest::newRow("numbers with hyphens")
      << QStringList{"Pages 10-20 of the state-of-the-art 3.5 report, 1,000 copies."}
      << QStringList{"Pages 10-20 in the state-of-the-art 3.5 report, 1,000 copies."} << 76.11606003349888
      << QList<double>{92.3076923077, 83.3333333333, 72.7272727273, 60.0} << 1.0 << 13 << 13;
  QTest::newRow("&quot; and &amp;") << QStringList{"He said &quot;yes&quot; &amp; left."}
                                    << QStringList{"He said \"yes\" & left."} << 100.0
                                    << QList<double>{100, 100, 100, 100} << 1.0 << 8 << 8;
  QTest::newRow("corpus of four, one hypothesis empty")
      << QStringList{"the cat is here", "a dog", "", "Một con mèo."}
      << QStringList{"the cat is there", "the dog barks", "nothing", "Một con mèo đen."} << 36.2203083530551
      << QList<double>{80.0, 57.1428571429, 50.0, 25.0} << 0.7408182206817179 << 10 << 13;
  QTest::newRow("shorter than 4 tokens: no 4-grams, score 0")
      << QStringList{"a b c"} << QStringList{"a b c"} << 0.0 << QList<double>{100, 100, 100, 0} << 1.0 << 3 << 3;
}

void TestBleu::corpusScores() {
  QFETCH(QStringList, hyps);
  QFETCH(QStringList, refs);
  QFETCH(double, score);
  QFETCH(QList<double>, precisions);
  QFETCH(double, bp);
  QFETCH(int, sysLen);
  QFETCH(int, refLen);
  std::vector<std::string> h, r;
  for (const auto& s : hyps) h.push_back(s.toStdString());
  for (const auto& s : refs) r.push_back(s.toStdString());
  const auto result = corpusBleu(h, r);
  QVERIFY2(std::abs(result.score - score) < 1e-9, qPrintable(QString::number(result.score, 'g', 17)));
  for (int n = 0; n < 4; ++n)
    QVERIFY2(std::abs(result.precisions[size_t(n)] - precisions[n]) < 1e-8,
             qPrintable(QString("p%1 = %2").arg(n + 1).arg(result.precisions[size_t(n)], 0, 'g', 12)));
  QVERIFY(std::abs(result.bp - bp) < 1e-12);
  QCOMPARE(result.sys_len, int64_t(sysLen));
  QCOMPARE(result.ref_len, int64_t(refLen));
}

void TestBleu::handComputedCaseInDetail() {
  // hyp "the cat the cat on the mat" (7 tokens), ref "the cat is on the mat" (6):
  // unigrams: the 3->2, cat 2->1, on 1, mat 1 = 5/7; bigrams: the-cat 1, on-the 1,
  // the-mat 1 = 3/6; trigrams: on-the-mat = 1/5; 4-grams 0/4 -> exp smoothing
  // 100 / (2 * 4) = 12.5; BLEU = (71.43 * 50 * 20 * 12.5)^(1/4) = 30.74.
  BleuStats stats;
  stats.add("the cat the cat on the mat", "the cat is on the mat");
  QCOMPARE(stats.correct, (std::array<int64_t, 4>{5, 3, 1, 0}));
  QCOMPARE(stats.total, (std::array<int64_t, 4>{7, 6, 5, 4}));
  const auto score = computeBleu(stats);
  QVERIFY(std::abs(score.score - std::pow(500.0 / 7.0 * 50.0 * 20.0 * 12.5, 0.25)) < 1e-9);
}

void TestBleu::scoreLineAndSignature() {
  const auto score = corpusBleu({"the cat the cat on the mat"}, {"the cat is on the mat"});
  QCOMPARE(QString::fromStdString(BleuScore::signature()),
           QString("nrefs:1|case:mixed|eff:no|tok:13a|smooth:exp|version:") + kSacreBleuVersion);
  QCOMPARE(QString::fromStdString(score.line()),
           QString("BLEU|nrefs:1|case:mixed|eff:no|tok:13a|smooth:exp|version:%1 = 30.7 71.4/50.0/20.0/12.5 "
                   "(BP = 1.000 ratio = 1.167 hyp_len = 7 ref_len = 6)")
               .arg(kSacreBleuVersion));
}

void TestBleu::jsonHasTheFields() {
  const auto json = corpusBleu({"a b c d e"}, {"a b c d f"}).toJson();
  for (const char* key : {"score", "precisions", "bp", "sys_len", "ref_len", "signature"})
    QVERIFY2(json.contains(key), key);
  QCOMPARE(json["precisions"].size(), size_t(4));
}

void TestBleu::mismatchedCountsAndEmptyReferencesAreErrors() {
  QVERIFY_THROWS_EXCEPTION(std::invalid_argument, corpusBleu({"a", "b"}, {"a"}));
  try {
    corpusBleu({"a", "b"}, {"a", ""});
    QFAIL("no error");
  } catch (const std::invalid_argument& e) {
    QVERIFY2(QString(e.what()).contains("line 2"), e.what());
  }
  try {
    corpusBleu({"caf\xE9"}, {"cafe"});
    QFAIL("no error");
  } catch (const std::invalid_argument& e) {
    QVERIFY2(QString(e.what()).contains("UTF-8"), e.what());
  }
}

QTEST_GUILESS_MAIN(TestBleu)
#include "tst_bleu.moc"
