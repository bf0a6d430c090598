// BLEU, chrF and TER as sacreBLEU 2.x computes them (BLEU: 13a, mixed case,
// exp smoothing; chrF: character 6-grams, beta 2; TER: lowercased, tercom's
// tokenizer without normalization). The expected numbers of the
// hand-made cases were worked out from sacreBLEU's published rules; then the
// real sacreBLEU (pinned, from PyPI: scripts/peers sacrebleu) scores generated
// corpora and the demo test split beside us.

#include <cmath>
#include <random>
#include <sstream>

#include <QtTest/QtTest>
#include <nlohmann/json.hpp>

#include "common/SacreBleuPeer.h"
#include "common/SuiteMain.h"
#include "model/evaluation/Bleu.h"
#include "model/evaluation/Chrf.h"
#include "model/evaluation/CodePoints.h"
#include "model/evaluation/Ter.h"

using namespace studio::model;

class TestMetrics : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void tokenize13a_data();
  void tokenize13a();
  void corpusScores_data();
  void corpusScores();
  void handComputedCaseInDetail();
  void scoreLineAndSignature();
  void jsonHasTheFields();
  void mismatchedCountsAndInvalidTextAreErrors();
  void emptyReferencesAreScoredAsSacreBleuDoes();
  void chrfHandComputed();
  void chrfLineAndSignature();
  void chrfPlusPlusAddsWordNgrams();
  void terHandComputed();
  void terLineAndSignature();
  void lowercasedAsPythonDoes();
  void sameScoresAsSacreBleu();
};

void TestMetrics::tokenize13a_data() {
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

void TestMetrics::tokenize13a() {
  QFETCH(QString, input);
  QFETCH(QString, expected);
  QCOMPARE(QString::fromStdString(studio::model::tokenize13a(input.toStdString())), expected);
}

void TestMetrics::corpusScores_data() {
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

void TestMetrics::corpusScores() {
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

void TestMetrics::handComputedCaseInDetail() {
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

void TestMetrics::scoreLineAndSignature() {
  const auto score = corpusBleu({"the cat the cat on the mat"}, {"the cat is on the mat"});
  QCOMPARE(QString::fromStdString(BleuScore::signature()),
           QString("nrefs:1|case:mixed|eff:no|tok:13a|smooth:exp|version:") + kSacreBleuVersion);
  QCOMPARE(QString::fromStdString(score.line()),
           QString("BLEU|nrefs:1|case:mixed|eff:no|tok:13a|smooth:exp|version:%1 = 30.7 71.4/50.0/20.0/12.5 "
                   "(BP = 1.000 ratio = 1.167 hyp_len = 7 ref_len = 6)")
               .arg(kSacreBleuVersion));
}

void TestMetrics::jsonHasTheFields() {
  const auto json = corpusBleu({"a b c d e"}, {"a b c d f"}).toJson();
  for (const char* key : {"score", "precisions", "bp", "sys_len", "ref_len", "signature"})
    QVERIFY2(json.contains(key), key);
  QCOMPARE(json["precisions"].size(), size_t(4));
}

void TestMetrics::mismatchedCountsAndInvalidTextAreErrors() {
  QVERIFY_THROWS_EXCEPTION(std::invalid_argument, corpusBleu({"a", "b"}, {"a"}));
  QVERIFY_THROWS_EXCEPTION(std::invalid_argument, corpusChrf({"a", "b"}, {"a"}));
  for (int metric = 0; metric < 2; ++metric) {
    try {
      if (metric == 0) corpusBleu({"cafe", "caf\xE9"}, {"cafe", "cafe"});
      else corpusChrf({"cafe", "caf\xE9"}, {"cafe", "cafe"});
      QFAIL("no error");
    } catch (const std::invalid_argument& e) {
      QVERIFY2(QString(e.what()).contains("UTF-8") && QString(e.what()).contains("line 2"), e.what());
    }
  }
}

void TestMetrics::emptyReferencesAreScoredAsSacreBleuDoes() {
  // sacreBLEU 2.4.0: BLEU(["the cat sat on the mat", "hello"], ["the cat sat on the mat", ""])
  // counts the second hypothesis's word and no reference word: 7 of 6 tokens, 6/7 unigrams.
  const auto bleu = corpusBleu({"the cat sat on the mat", "hello"}, {"the cat sat on the mat", ""});
  QCOMPARE(bleu.sys_len, int64_t(7));
  QCOMPARE(bleu.ref_len, int64_t(6));
  QCOMPARE(bleu.correct[0], int64_t(6));
  QCOMPARE(bleu.total[0], int64_t(7));
  // chrF: a hypothesis against an empty reference adds nothing at all.
  QCOMPARE(corpusChrf({"a b", "x"}, {"a b", ""}).score, 100.0);
  QCOMPARE(corpusChrf({"", ""}, {"", ""}).score, 0.0);
}

void TestMetrics::chrfHandComputed() {
  // "ab" against "abc": unigrams 2 of 2 matched (reference 3), bigrams 1 of 1
  // (reference 2); the hypothesis has no trigram, so two orders count:
  // precision 1, recall (2/3 + 1/2) / 2 = 7/12, F2 = 5 · 7/12 / (4 + 7/12) = 7/11.
  const auto s = corpusChrf({"ab"}, {"abc"});
  QVERIFY(std::abs(s.score - 700.0 / 11.0) < 1e-9);
  QCOMPARE(s.stats.hyp[0], int64_t(2));
  QCOMPARE(s.stats.ref[2], int64_t(1));
  QCOMPARE(s.stats.match[1], int64_t(1));
  // Whitespace of every kind (no-break, ideographic) is removed before counting.
  QCOMPARE(corpusChrf({"a\u00A0b\u3000c"}, {"abc"}).score, 100.0);
  // Statistics add up over the corpus before the F-score (not a mean of sentence scores).
  const auto two = corpusChrf({"ab", "xyz"}, {"abc", "xyz"});
  ChrfStats sum;
  sum.add("ab", "abc");
  sum.add("xyz", "xyz");
  QCOMPARE(two.score, computeChrf(sum).score);
  QVERIFY(std::abs(two.score - (corpusChrf({"ab"}, {"abc"}).score + 100.0) / 2) > 1.0);
  // Case matters; code points, not bytes, are characters.
  QVERIFY(corpusChrf({"Việt"}, {"việt"}).score < 100.0);
  QCOMPARE(corpusChrf({"Việt"}, {"Việt"}).stats.hyp[0], int64_t(4));
}

void TestMetrics::chrfLineAndSignature() {
  const auto s = corpusChrf({"The cat is on the mat.", "hello  World!"}, {"The cat sat on the mat.", "Hello world"});
  // sacreBLEU 2.4.0 prints this line for these two files (-m chrf).
  QCOMPARE(QString::fromStdString(s.line()),
           QString("chrF2|nrefs:1|case:mixed|eff:yes|nc:6|nw:0|space:no|version:2.4.0 = 55.7"));
  const auto json = s.toJson();
  QCOMPARE(json["name"].get<std::string>(), std::string("chrF2"));
  QVERIFY(json.contains("score") && json.contains("signature"));
}

void TestMetrics::chrfPlusPlusAddsWordNgrams() {
  // "the cat." against "the cat sat.": words the, cat, . against the, cat, sat, . (a word's last
  // punctuation mark split off): unigrams 3 of 3 matched (reference 4), bigrams "the cat" 1 of 2
  // (reference 3); the characters as chrF counts them.
  const auto plus = corpusChrf({"the cat."}, {"the cat sat."}, 2);
  QCOMPARE(plus.stats.orders(), 8);
  QCOMPARE(plus.stats.hyp[6], int64_t(3));
  QCOMPARE(plus.stats.ref[6], int64_t(4));
  QCOMPARE(plus.stats.match[6], int64_t(3));
  QCOMPARE(plus.stats.hyp[7], int64_t(2));
  QCOMPARE(plus.stats.ref[7], int64_t(3));
  QCOMPARE(plus.stats.match[7], int64_t(1));
  const auto chrf = corpusChrf({"the cat."}, {"the cat sat."});
  for (int n = 0; n < kChrfCharOrder; ++n) QCOMPARE(plus.stats.match[size_t(n)], chrf.stats.match[size_t(n)]);
  QVERIFY(plus.score != chrf.score);
  QCOMPARE(QString::fromStdString(plus.line()).section(" = ", 0, 0),
           QString("chrF2++|nrefs:1|case:mixed|eff:yes|nc:6|nw:2|space:no|version:2.4.0"));
  // A one-character word stays whole; a word's last mark is split off before its first: "(hi)" is "(hi"
  // and ")", where "(hi" alone is "(" and "hi": of "(hi ) ." only ")" and "." match.
  QCOMPARE(corpusChrf({"(hi) ."}, {"(hi ) ."}, 2).stats.match[6], int64_t(2));
  QVERIFY_THROWS_EXCEPTION(std::invalid_argument, corpusChrf({"a"}, {"a"}, 3));
}

void TestMetrics::terHandComputed() {
  // Nothing to change: no edits.
  QCOMPARE(corpusTer({"the cat sat on the mat"}, {"the cat sat on the mat"}).score, 0.0);
  // A block of three words in the wrong place: one shift, one edit of six words.
  const auto shifted = corpusTer({"on the mat the cat sat"}, {"the cat sat on the mat"});
  QCOMPARE(shifted.stats.edits, int64_t(1));
  QCOMPARE(shifted.stats.ref_words, int64_t(6));
  QCOMPARE(shifted.score, 100 * (1.0 / 6.0));
  // Lowercased before comparing; punctuation is a word only where spaces make it one.
  QCOMPARE(corpusTer({"The CAT"}, {"the cat"}).stats.edits, int64_t(0));
  QCOMPARE(corpusTer({"cat ."}, {"cat."}).stats.edits, int64_t(2));
  // Python's lowercasing: a dotted capital I becomes i and a combining dot; a final capital sigma ς.
  QCOMPARE(corpusTer({"İstanbul ΣΑΣ"}, {"i̇stanbul σας"}).stats.edits, int64_t(0));
  // Empty lines: each hypothesis word against an empty reference is an edit; with no reference word at all
  // the score is 100 when anything was written, else 0.
  QCOMPARE(corpusTer({"a b"}, {""}).score, 100.0);
  QCOMPARE(corpusTer({"", ""}, {"", ""}).score, 0.0);
  QCOMPARE(corpusTer({""}, {"a b c"}).stats.edits, int64_t(3));
  // Edits and reference words add up over the corpus: (1 + 1) / (6 + 2).
  QCOMPARE(corpusTer({"on the mat the cat sat", "a b"}, {"the cat sat on the mat", "a c"}).score, 25.0);
  // The segment search on words as ids: a swap of two blocks costs a shift each way it is undone.
  QCOMPARE(terEdits({3, 4, 1, 2}, {1, 2, 3, 4}), int64_t(1));
  QCOMPARE(terEdits({}, {1, 2}), int64_t(2));
  QCOMPARE(terEdits({1, 2}, {}), int64_t(2));
  QVERIFY_THROWS_EXCEPTION(std::invalid_argument, corpusTer({"a", "b"}, {"a"}));
  try {
    corpusTer({"cafe", "caf\xE9"}, {"cafe", "cafe"});
    QFAIL("no error");
  } catch (const std::invalid_argument& e) {
    QVERIFY2(QString(e.what()).contains("UTF-8") && QString(e.what()).contains("line 2"), e.what());
  }
}

void TestMetrics::terLineAndSignature() {
  const auto s = corpusTer({"on the mat the cat sat", "a b"}, {"the cat sat on the mat", "a c"});
  // sacreBLEU 2.4.0 prints this line for these two files (-m ter).
  QCOMPARE(QString::fromStdString(s.line()),
           QString("TER|nrefs:1|case:lc|tok:tercom|norm:no|punct:yes|asian:no|version:2.4.0 = 25.0"));
  const auto json = s.toJson();
  QCOMPARE(json["name"].get<std::string>(), std::string("TER"));
  QCOMPARE(json["num_edits"].get<int64_t>(), int64_t(2));
  QCOMPARE(json["ref_length"].get<int64_t>(), int64_t(8));
}

// Every code point lowercased as the Python that runs sacreBLEU lowercases
// it, and capital sigmas in every kind of neighbourhood.
void TestMetrics::lowercasedAsPythonDoes() {
  const QString python = studio::test::sacreBleuPython();
  STUDIO_REQUIRE_SACREBLEU(python);
  std::vector<std::string> sigmas;
  for (const char* before :
       {"", "A", "a", "1", " ", "'", "A'", "\u0301", "A\u0301", "\u00B7", "\u02B0", "ΑΣ"})
    for (const char* after : {"", "A", "a", "1", " ", "'", "'A", "\u0301", "\u0301a", ".", "Σ"})
      sigmas.push_back(std::string(before) + "Σ" + after);
  const char* script = R"(
import json, sys
sigmas = json.load(open(sys.argv[1], encoding="utf-8"))
changed = {}
for c in range(0x110000):
    if 0xD800 <= c < 0xE000:
        continue
    lowered = chr(c).lower()
    if lowered != chr(c):
        changed[c] = [ord(x) for x in lowered]
print(json.dumps({"changed": changed, "sigmas": [s.lower() for s in sigmas]}))
)";
  nlohmann::json theirs;
  try {
    theirs = studio::test::runPeerScript(python, script, sigmas);
  } catch (const std::exception& e) {
    QFAIL(e.what());
  }
  const auto& changed = theirs["changed"];
  QVERIFY(changed.size() > 1000);
  int differ = 0;
  QString first;
  for (char32_t c = 0; c < 0x110000; ++c) {
    if (c >= 0xD800 && c < 0xE000) continue;
    const std::u32string ours = pythonLower(std::u32string(1, c));
    const auto it = changed.find(std::to_string(uint32_t(c)));
    std::u32string expected(1, c);
    if (it != changed.end()) {
      expected.clear();
      for (const auto& cp : *it) expected += char32_t(cp.get<uint32_t>());
    }
    if (ours != expected && differ++ == 0) first = QString("U+%1").arg(uint32_t(c), 4, 16, QChar('0'));
  }
  QVERIFY2(
      differ == 0,
      qPrintable(
          QString("%1 code points lowercased otherwise than Python's, the first %2").arg(differ).arg(first)));
  for (size_t i = 0; i < sigmas.size(); ++i)
    QCOMPARE(QString::fromStdString(encodeUtf8(pythonLower(decodeUtf8(sigmas[i])))),
             QString::fromStdString(theirs["sigmas"][i].get<std::string>()));
}

namespace {

// The corpora both sides score: each a name, hypotheses and references.
struct ScoredCorpus {
  std::string name;
  std::vector<std::string> hyps, refs;
};

std::vector<std::string> words(const std::string& line) {
  std::vector<std::string> out;
  std::istringstream in(line);
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

// A hypothesis made from a reference the way a fair translator errs: words
// dropped, swapped, recased, replaced, repeated.
std::string perturb(const std::string& reference, std::mt19937& rng) {
  auto w = words(reference);
  std::uniform_int_distribution<int> kind(0, 9);
  std::vector<std::string> out;
  for (size_t i = 0; i < w.size(); ++i) {
    switch (kind(rng)) {
      case 0: break;  // dropped
      case 1: out.push_back(w[i]); out.push_back(w[i]); break;
      case 2: if (i + 1 < w.size()) { out.push_back(w[i + 1]); out.push_back(w[i]); ++i; } break;
      case 3: { std::string s = w[i]; for (auto& c : s) c = char(std::toupper(static_cast<unsigned char>(c))); out.push_back(s); } break;
      case 4: out.push_back("thing"); break;
      default: out.push_back(w[i]);
    }
  }
  std::string line;
  for (const auto& x : out) line += (line.empty() ? "" : " ") + x;
  return line;
}

std::vector<ScoredCorpus> generatedCorpora() {
  std::mt19937 rng(20261123);
  const std::vector<std::string> vocabulary = {
      "the", "a", "cat", "sat", "on", "mat", "The", "Open", "file", "files", "folder", "Việt", "Nam", "tiếng",
      "đường", "dẫn", "café", "naïve", "Straße", "日本語", "中文", "🙂", "👍🏽", "e\u0301", "x\u200By", "9", "1,000",
      "3.14", "-", "--", "—", "2-3", "U.S.A.", "e.g.", "don't", "\"quoted\"", "(paren)", "[x]", "{name}", "%s",
      "&amp;", "&quot;", "&lt;b&gt;", "<skipped>", "$5.00", "50%", "a/b", "C:\\path", "http://x.org/a?b=c",
      "user@example.org", "...", "!", "?", ",", ".", ";", ":", "'", "~", "^", "`", "|", "@", "#", "a\u00A0b",
      "x\u3000y", "\u0085", "\u2028", "\u00ADsoft", "ﬁ", "Ω", "ǅ", "٣"};
  std::uniform_int_distribution<size_t> pick(0, vocabulary.size() - 1);
  auto sentence = [&](size_t n) {
    std::string line;
    for (size_t i = 0; i < n; ++i) line += (i ? " " : "") + vocabulary[pick(rng)];
    return line;
  };
  std::uniform_int_distribution<size_t> length(1, 25);
  std::vector<ScoredCorpus> corpora;

  ScoredCorpus random{"random", {}, {}};
  for (int i = 0; i < 300; ++i) {
    random.refs.push_back(sentence(length(rng)));
    random.hyps.push_back(i % 3 ? perturb(random.refs.back(), rng) : sentence(length(rng)));
  }
  corpora.push_back(random);

  ScoredCorpus empty{"empty lines", {}, {}};
  for (int i = 0; i < 60; ++i) {
    const std::string ref = sentence(length(rng));
    empty.refs.push_back(i % 7 == 3 ? "" : ref);
    empty.hyps.push_back(i % 5 == 1 ? "" : perturb(ref, rng));
  }
  empty.hyps.push_back("   ");
  empty.refs.push_back("\t");
  corpora.push_back(empty);

  corpora.push_back({"nothing matches", {"a b c", "d e"}, {"x y z", "w"}});
  corpora.push_back({"all empty", {"", ""}, {"", ""}});

  ScoredCorpus punctuation{"punctuation and spaces", {}, {}};
  const std::vector<std::string> marked = {
      "Price: $1,000.50 (approx.), i.e. 3-4 items.", "He said \"yes\"--then left...", "  leading and trailing \t ",
      "a.b,c 1.5,2 .5 5. ,x x,", "&quot;quoted&quot; &amp; &lt;tag&gt; <skipped>", "line-\nbreak and\nnewline",
      "10-20-30 x-y 7-", "((( ))) [[ ]] {{ }}", "!!! ??? ,,, ...", "tab\tseparated\twords"};
  for (const auto& m : marked) {
    punctuation.refs.push_back(m);
    punctuation.hyps.push_back(perturb(m, rng) + " " + m.substr(0, m.size() / 2));
  }
  corpora.push_back(punctuation);

  ScoredCorpus long_lines{"long lines", {}, {}};
  for (int i = 0; i < 4; ++i) {
    long_lines.refs.push_back(sentence(2000));
    long_lines.hyps.push_back(perturb(long_lines.refs.back(), rng));
  }
  corpora.push_back(long_lines);

  // For TER: sentences long enough to reach the 1,000 shift candidates a
  // segment may try, and lengths so unlike that the edit distance's band
  // widens.
  ScoredCorpus long_sentences{"long sentences and unlike lengths", {}, {}};
  std::uniform_int_distribution<size_t> long_length(60, 150);
  for (int i = 0; i < 12; ++i) {
    long_sentences.refs.push_back(sentence(long_length(rng)));
    long_sentences.hyps.push_back(perturb(long_sentences.refs.back(), rng));
  }
  long_sentences.refs.push_back(sentence(150));
  long_sentences.hyps.push_back(sentence(2));
  long_sentences.refs.push_back(sentence(1));
  long_sentences.hyps.push_back(sentence(140));
  long_sentences.refs.push_back("a b a b a b a b a b a b a b a b a b a b a b a b");
  long_sentences.hyps.push_back("b a b a b a b a b a b a b a b a b a b a b a b a");
  corpora.push_back(long_sentences);
  return corpora;
}

}  // namespace

void TestMetrics::sameScoresAsSacreBleu() {
  const QString python = studio::test::sacreBleuPython();
  STUDIO_REQUIRE_SACREBLEU(python);
  const bool required = qEnvironmentVariable("STUDIO_REQUIRE_PEERS") == "1";

  auto corpora = generatedCorpora();
  // The demo test split, references against fair errors made from them.
  const QString demo = qEnvironmentVariable("STUDIO_DEMO_CORPUS",
                                            QDir::homePath() + "/.local/share/attention-studio/demo-corpus");
  QFile demo_refs(demo + "/test.en");
  if (demo_refs.open(QIODevice::ReadOnly)) {
    ScoredCorpus split{"demo test split", {}, {}};
    std::mt19937 rng(7);
    for (const auto& line : QString::fromUtf8(demo_refs.readAll()).split('\n', Qt::SkipEmptyParts)) {
      split.refs.push_back(line.toStdString());
      split.hyps.push_back(perturb(split.refs.back(), rng));
    }
    QVERIFY(split.refs.size() > 100);
    corpora.push_back(split);
  } else if (required) {
    QFAIL(qPrintable("no demo corpus at " + demo + " (scripts/demo-corpus builds it)"));
  } else {
    qWarning("no demo corpus at %s: the demo test split is not compared", qPrintable(demo));
  }

  nlohmann::json input = nlohmann::json::array();
  // TER of lines of 2,000 words would take sacreBLEU's Python minutes: not those.
  for (const auto& c : corpora)
    input.push_back({{"name", c.name}, {"hyps", c.hyps}, {"refs", c.refs}, {"ter", c.name != "long lines"}});
  const char* script = R"(
import json, sys
import sacrebleu
from sacrebleu.metrics import BLEU, CHRF, TER
results = []
for c in json.load(open(sys.argv[1], encoding="utf-8")):
    b = BLEU().corpus_score(c["hyps"], [c["refs"]])
    f = CHRF().corpus_score(c["hyps"], [c["refs"]])
    f2 = CHRF(word_order=2).corpus_score(c["hyps"], [c["refs"]])
    result = {"bleu": b.score, "counts": b.counts, "totals": b.totals, "sys_len": b.sys_len,
              "ref_len": b.ref_len, "chrf": f.score, "chrf++": f2.score}
    if c["ter"]:
        ter = TER()
        t = ter.corpus_score(c["hyps"], [c["refs"]])
        stats = ter._extract_corpus_statistics(c["hyps"], [c["refs"]])
        result.update({"ter": t.score, "ter_edits": [int(s[0]) for s in stats],
                       "ter_ref_words": [int(s[1]) for s in stats]})
    results.append(result)
print(json.dumps({"version": sacrebleu.__version__, "results": results}))
)";
  nlohmann::json theirs;
  try {
    theirs = studio::test::runPeerScript(python, script, input);
  } catch (const std::exception& e) {
    QFAIL(e.what());
  }
  QCOMPARE(theirs["version"].get<std::string>(), std::string(kSacreBleuVersion));
  QCOMPARE(theirs["results"].size(), corpora.size());
  for (size_t i = 0; i < corpora.size(); ++i) {
    const auto& t = theirs["results"][i];
    const auto bleu = corpusBleu(corpora[i].hyps, corpora[i].refs);
    const auto chrf = corpusChrf(corpora[i].hyps, corpora[i].refs);
    const QByteArray what = QByteArray::fromStdString(corpora[i].name);
    QVERIFY2(t["counts"].get<std::vector<int64_t>>() == std::vector<int64_t>(bleu.correct.begin(), bleu.correct.end()),
             what + ": BLEU matches differ");
    QVERIFY2(t["totals"].get<std::vector<int64_t>>() == std::vector<int64_t>(bleu.total.begin(), bleu.total.end()),
             what + ": BLEU totals differ");
    QVERIFY2(t["sys_len"].get<int64_t>() == bleu.sys_len && t["ref_len"].get<int64_t>() == bleu.ref_len,
             what + ": lengths differ");
    QVERIFY2(std::abs(t["bleu"].get<double>() - bleu.score) < 1e-9,
             what + ": BLEU " + QByteArray::number(bleu.score, 'f', 12) + " against sacreBLEU's " +
                 QByteArray::number(t["bleu"].get<double>(), 'f', 12));
    QVERIFY2(std::abs(t["chrf"].get<double>() - chrf.score) < 1e-9,
             what + ": chrF " + QByteArray::number(chrf.score, 'f', 12) + " against sacreBLEU's " +
                 QByteArray::number(t["chrf"].get<double>(), 'f', 12));
    const auto chrf_plus = corpusChrf(corpora[i].hyps, corpora[i].refs, 2);
    QVERIFY2(std::abs(t["chrf++"].get<double>() - chrf_plus.score) < 1e-9,
             what + ": chrF++ " + QByteArray::number(chrf_plus.score, 'f', 12) + " against sacreBLEU's " +
                 QByteArray::number(t["chrf++"].get<double>(), 'f', 12));
    if (!t.contains("ter")) continue;
    // TER segment by segment (edits, reference words), then the corpus score.
    const auto edits = t["ter_edits"].get<std::vector<int64_t>>();
    const auto ref_words = t["ter_ref_words"].get<std::vector<int64_t>>();
    QCOMPARE(edits.size(), corpora[i].hyps.size());
    for (size_t k = 0; k < edits.size(); ++k) {
      TerStats one;
      one.add(corpora[i].hyps[k], corpora[i].refs[k]);
      QVERIFY2(one.edits == edits[k] && one.ref_words == ref_words[k],
               what + ": TER of line " + QByteArray::number(qulonglong(k + 1)) + ": " +
                   QByteArray::number(qlonglong(one.edits)) + " edits of " +
                   QByteArray::number(qlonglong(one.ref_words)) + " words against sacreBLEU's " +
                   QByteArray::number(qlonglong(edits[k])) + " of " +
                   QByteArray::number(qlonglong(ref_words[k])));
    }
    const auto ter = corpusTer(corpora[i].hyps, corpora[i].refs);
    QVERIFY2(std::abs(t["ter"].get<double>() - ter.score) < 1e-9,
             what + ": TER " + QByteArray::number(ter.score, 'f', 12) + " against sacreBLEU's " +
                 QByteArray::number(t["ter"].get<double>(), 'f', 12));
  }
  qInfo("%zu corpora scored the same by sacreBLEU %s", corpora.size(), theirs["version"].get<std::string>().c_str());
}

STUDIO_TEST_MAIN(TestMetrics)
#include "tst_metrics.moc"
