// Confidence intervals and paired significance tests as sacreBLEU 2.x
// computes them (--confidence, --paired-bs, --paired-ar): numpy's random
// draws reproduced (values printed by numpy 2.4.6's default_rng), what the
// tests say about systems whose difference is known, bad input, and the real
// sacreBLEU (pinned, from PyPI: scripts/peers sacrebleu) on the same files.

#include <cmath>
#include <random>

#include <QtTest/QtTest>
#include <nlohmann/json.hpp>

#include "common/SacreBleuPeer.h"
#include "common/SuiteMain.h"
#include "model/evaluation/Bleu.h"
#include "model/evaluation/Chrf.h"
#include "model/evaluation/NumpyRandom.h"
#include "model/evaluation/Significance.h"
#include "model/evaluation/Ter.h"

using namespace studio::model;

namespace {

using Lines = std::vector<std::string>;

// The demo test split's English side if it is there, else generated lines.
Lines referenceLines(bool* from_demo = nullptr) {
  const QString demo = qEnvironmentVariable("STUDIO_DEMO_CORPUS",
                                            QDir::homePath() + "/.local/share/attention-studio/demo-corpus");
  QFile file(demo + "/test.en");
  Lines lines;
  if (file.open(QIODevice::ReadOnly)) {
    for (const auto& line : QString::fromUtf8(file.readAll()).split('\n', Qt::SkipEmptyParts))
      lines.push_back(line.toStdString());
    if (from_demo) *from_demo = true;
    return lines;
  }
  if (from_demo) *from_demo = false;
  const Lines words = {"the",  "file",    "could", "not",    "be", "opened",
                       "Save", "changes", "to",    "folder", "?",  "."};
  std::mt19937 rng(5);
  std::uniform_int_distribution<size_t> pick(0, words.size() - 1), length(3, 15);
  for (int i = 0; i < 800; ++i) {
    std::string line;
    for (size_t n = length(rng); n > 0; --n) line += (line.empty() ? "" : " ") + words[pick(rng)];
    lines.push_back(line);
  }
  return lines;
}

// Each word of each line dropped with probability `rate`.
Lines withWordsDropped(const Lines& lines, double rate, uint32_t seed) {
  std::mt19937 rng(seed);
  std::bernoulli_distribution drop(rate);
  Lines out;
  for (const auto& line : lines) {
    std::string kept, word;
    std::istringstream in(line);
    while (in >> word)
      if (!drop(rng)) kept += (kept.empty() ? "" : " ") + word;
    out.push_back(kept);
  }
  return out;
}

}  // namespace

class TestSignificance : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void numpyRandomDrawsAsNumpy();
  void boundedDrawsCoverTheRange();
  void aClearDifferenceIsSignificant();
  void aFewSentencesChangedAreNot();
  void theIntervalHoldsTheScore();
  void systemsAgainstTheFirst();
  void badInputIsAnError();
  void sameNumbersAsSacreBleu();
};

void TestSignificance::numpyRandomDrawsAsNumpy() {
  // np.random.default_rng(12345).bit_generator.random_raw(3)
  NumpyRandom raw(12345);
  QCOMPARE(raw.next64(), uint64_t(4193609425186963869ULL));
  QCOMPARE(raw.next64(), uint64_t(5843160025838961886ULL));
  QCOMPARE(raw.next64(), uint64_t(14708796524633321433ULL));
  // np.random.default_rng(12345).choice(1501, size=(2, 4), replace=True)
  QCOMPARE(NumpyRandom(12345).below(1501, 8),
           (std::vector<int64_t>{1049, 341, 1183, 475, 306, 1196, 964, 1015}));
  // np.random.default_rng((1 << 40) | 7).choice(3, size=10, replace=True): a seed of two 32-bit words
  QCOMPARE(NumpyRandom((uint64_t(1) << 40) | 7).below(3, 10),
           (std::vector<int64_t>{0, 2, 1, 0, 0, 0, 1, 2, 2, 2}));
  // np.random.default_rng(12345).integers(2, size=70, dtype=bool)
  const std::string expected = "1011100110000011111111110100110110110001100011010100110001011100011110";
  std::string bits;
  for (uint8_t b : NumpyRandom(12345).bits(70)) bits += char('0' + b);
  QCOMPARE(QString::fromStdString(bits), QString::fromStdString(expected));
  // Drawn a part at a time (as the resampling draws a resample at a time): the same stream.
  NumpyRandom parts(12345);
  auto first = parts.below(1501, 3), rest = parts.below(1501, 5);
  first.insert(first.end(), rest.begin(), rest.end());
  QCOMPARE(first, NumpyRandom(12345).below(1501, 8));
  NumpyRandom stream_rng(12345);
  NumpyRandom::BitStream stream(stream_rng);
  std::string streamed;
  for (int i = 0; i < 70; ++i) streamed += char('0' + stream.next());
  QCOMPARE(QString::fromStdString(streamed), QString::fromStdString(expected));
}

void TestSignificance::boundedDrawsCoverTheRange() {
  NumpyRandom rng(7);
  for (int64_t n : {int64_t(1), int64_t(2), int64_t(5), int64_t(1) << 32}) {
    const auto draws = rng.below(n, 4000);
    std::vector<int> seen(size_t(std::min<int64_t>(n, 5)), 0);
    for (int64_t d : draws) {
      QVERIFY2(d >= 0 && d < n, qPrintable(QString("%1 outside [0, %2)").arg(d).arg(n)));
      if (n <= 5) ++seen[size_t(d)];
    }
    if (n <= 5)
      for (int count : seen) QVERIFY2(count > 4000 / int(n) / 2, "a value is drawn far too rarely");
  }
  QVERIFY_THROWS_EXCEPTION(std::invalid_argument, rng.below(0, 1));
  QVERIFY_THROWS_EXCEPTION(std::invalid_argument, rng.below((int64_t(1) << 32) + 1, 1));
}

void TestSignificance::aClearDifferenceIsSignificant() {
  const Lines refs = referenceLines();
  const Lines good = withWordsDropped(refs, 0.1, 1), bad = withWordsDropped(refs, 0.4, 2);
  for (MetricKind metric : {MetricKind::Bleu, MetricKind::Chrf, MetricKind::ChrfPlusPlus, MetricKind::Ter}) {
    const SegmentStatistics base(metric, good, refs), other(metric, bad, refs);
    // TER counts edits: lower is better.
    QVERIFY(metric == MetricKind::Ter ? base.score() < other.score() - 5 : base.score() > other.score() + 5);
    for (PairedTest test : {PairedTest::Bootstrap, PairedTest::Randomization}) {
      const int samples = test == PairedTest::Bootstrap ? 1000 : 2000;
      const PairedResult r = pairedTest(test, base, other, samples);
      QCOMPARE(r.baseline_score, base.score());
      QCOMPARE(r.system_score, other.score());
      // No resample or shuffle comes near: the smallest p-value there is.
      QCOMPARE(r.p_value, 1.0 / (samples + 1));
      QCOMPARE(r.has_estimates, test == PairedTest::Bootstrap);
    }
  }
}

void TestSignificance::aFewSentencesChangedAreNot() {
  // Two systems that differ in 1 sentence of 40: no test can tell them apart.
  const Lines refs = referenceLines();
  const Lines base_lines = withWordsDropped(refs, 0.2, 3);
  Lines other_lines = base_lines;
  for (size_t i = 0; i < other_lines.size(); i += 40)
    other_lines[i] = withWordsDropped({refs[i]}, 0.2, uint32_t(100 + i))[0];
  for (MetricKind metric : {MetricKind::Bleu, MetricKind::Chrf, MetricKind::ChrfPlusPlus, MetricKind::Ter}) {
    const SegmentStatistics base(metric, base_lines, refs), other(metric, other_lines, refs);
    QVERIFY(base.score() != other.score());
    for (PairedTest test : {PairedTest::Bootstrap, PairedTest::Randomization}) {
      const PairedResult r = pairedTest(test, base, other, 1000);
      QVERIFY2(
          r.p_value > 0.05,
          qPrintable(
              QString("p = %1 for %2 against %3").arg(r.p_value).arg(r.system_score).arg(r.baseline_score)));
    }
  }
}

void TestSignificance::theIntervalHoldsTheScore() {
  const Lines refs = referenceLines();
  const Lines hyps = withWordsDropped(refs, 0.25, 4);
  for (MetricKind metric : {MetricKind::Bleu, MetricKind::Chrf, MetricKind::ChrfPlusPlus, MetricKind::Ter}) {
    const SegmentStatistics stats(metric, hyps, refs);
    QCOMPARE(stats.segments(), refs.size());
    const double corpus = metric == MetricKind::Bleu           ? corpusBleu(hyps, refs).score
                          : metric == MetricKind::Chrf         ? corpusChrf(hyps, refs).score
                          : metric == MetricKind::ChrfPlusPlus ? corpusChrf(hyps, refs, 2).score
                                                               : corpusTer(hyps, refs).score;
    QCOMPARE(stats.score(), corpus);
    const ScoreEstimate e = bootstrapEstimate(stats, 1000);
    QCOMPARE(e.score, corpus);
    QVERIFY2(e.ci > 0.1 && e.ci < 10, qPrintable(QString::number(e.ci)));
    QVERIFY2(std::abs(e.mean - corpus) < e.ci,
             qPrintable(QString("mean %1, score %2").arg(e.mean).arg(corpus)));
    // Another seed draws other resamples: close, not the same.
    const ScoreEstimate other = bootstrapEstimate(stats, 1000, 99);
    QVERIFY(other.mean != e.mean);
    QVERIFY(std::abs(other.mean - e.mean) < e.ci);
    // A system with every line right: every resample scores 100 (TER: no edits, 0).
    const ScoreEstimate perfect = bootstrapEstimate(SegmentStatistics(metric, refs, refs), 200);
    QVERIFY(std::abs(perfect.mean - (metric == MetricKind::Ter ? 0 : 100)) < 1e-9);
    QCOMPARE(perfect.ci, 0.0);
  }
}

// A comparison table's rows: the first system's own interval, each later
// one's paired bootstrap against it, no p-value for an identical system.
void TestSignificance::systemsAgainstTheFirst() {
  const Lines refs = referenceLines();
  const Lines base = withWordsDropped(refs, 0.25, 4), other = withWordsDropped(refs, 0.4, 5);
  BaselineComparison comparison(refs);
  const auto first = comparison.add(base);
  QCOMPARE(first.bleu, corpusBleu(base, refs).score);
  QCOMPARE(first.chrf, corpusChrf(base, refs).score);
  QCOMPARE(first.bleu_ci, bootstrapEstimate(SegmentStatistics(MetricKind::Bleu, base, refs)).ci);
  QCOMPARE(first.p_value, -1.0);
  QCOMPARE(first.same_as_baseline, refs.size());

  const auto same = comparison.add(base);
  QCOMPARE(same.p_value, -1.0);
  QCOMPARE(same.same_as_baseline, refs.size());

  const auto worse = comparison.add(other);
  const PairedResult paired =
      pairedTest(PairedTest::Bootstrap, SegmentStatistics(MetricKind::Bleu, base, refs),
                 SegmentStatistics(MetricKind::Bleu, other, refs), 1000);
  QCOMPARE(worse.bleu, corpusBleu(other, refs).score);
  QCOMPARE(worse.bleu_ci, paired.system.ci);
  QCOMPARE(worse.p_value, paired.p_value);
  size_t unchanged = 0;
  for (size_t i = 0; i < refs.size(); ++i) unchanged += base[i] == other[i] ? 1 : 0;
  QCOMPARE(worse.same_as_baseline, unchanged);
  QVERIFY(unchanged < refs.size());
  // A system with a line missing is named as SegmentStatistics names it.
  QVERIFY_THROWS_EXCEPTION(std::invalid_argument, comparison.add(Lines(base.begin(), base.end() - 1)));
}

void TestSignificance::badInputIsAnError() {
  const Lines refs = {"a b c", "d e f", "g h"};
  QVERIFY_THROWS_EXCEPTION(std::invalid_argument, SegmentStatistics(MetricKind::Bleu, {"a"}, refs));
  try {
    SegmentStatistics(MetricKind::Chrf, {"a", "b", "c"}, {"a", "\xff", "c"});
    QFAIL("a line that is not UTF-8 was scored");
  } catch (const std::invalid_argument& e) {
    QVERIFY2(QString(e.what()).startsWith("line 2"), e.what());
  }
  const SegmentStatistics base(MetricKind::Bleu, {"a b c", "d e", "g h"}, refs);
  QVERIFY_THROWS_EXCEPTION(std::invalid_argument, bootstrapEstimate(base, 1));
  QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                           bootstrapEstimate(SegmentStatistics(MetricKind::Bleu, {}, {}), 100));
  // Another metric, another length, other references.
  QVERIFY_THROWS_EXCEPTION(
      std::invalid_argument,
      pairedTest(PairedTest::Bootstrap, base, SegmentStatistics(MetricKind::Chrf, refs, refs), 100));
  QVERIFY_THROWS_EXCEPTION(
      std::invalid_argument,
      pairedTest(PairedTest::Bootstrap, base, SegmentStatistics(MetricKind::Bleu, {"a"}, {"a"}), 100));
  QVERIFY_THROWS_EXCEPTION(
      std::invalid_argument,
      pairedTest(PairedTest::Bootstrap, SegmentStatistics(MetricKind::Ter, refs, refs),
                 SegmentStatistics(MetricKind::Ter, refs, {"a b c", "d e f", "g h i"}), 100));
  try {
    pairedTest(PairedTest::Randomization, base,
               SegmentStatistics(MetricKind::Bleu, refs, {"a b c", "d e f", "g h i"}), 100);
    QFAIL("systems scored against different references were compared");
  } catch (const std::invalid_argument& e) {
    QVERIFY2(QString(e.what()).contains("line 3") && QString(e.what()).contains("different references"),
             e.what());
  }
}

void TestSignificance::sameNumbersAsSacreBleu() {
  const QString python = studio::test::sacreBleuPython();
  STUDIO_REQUIRE_SACREBLEU(python);
  const bool required = qEnvironmentVariable("STUDIO_REQUIRE_PEERS") == "1";
  bool from_demo = false;
  const Lines refs = referenceLines(&from_demo);
  if (!from_demo && required) QFAIL("no demo corpus (scripts/demo-corpus builds it)");
  // A baseline, a system close to it, one far from it, one the same and a
  // perfect one; then a corpus of three lines.
  const Lines base = withWordsDropped(refs, 0.25, 11);
  std::vector<Lines> systems = {withWordsDropped(refs, 0.26, 12), withWordsDropped(refs, 0.4, 13), base,
                                refs};
  struct Case {
    Lines refs, base;
    std::vector<Lines> systems;
  };
  std::vector<Case> cases = {{refs, base, systems},
                             {{"the cat sat", "on a mat", "today"},
                              {"the cat", "on the mat", "today"},
                              {{"a cat sat", "on a mat", ""}}},
                             // Empty references: some resamples have no reference words (TER's score
                             // then is a Python float, and numpy's array of them float64).
                             {{"", "", "the cat sat on the mat"},
                              {"x", "", "the cat sat on a mat"},
                              {{"", "y z", "a cat sat on the mat"}, {"x", "", "the cat sat on the mat"}}}};

  nlohmann::json input = nlohmann::json::array();
  for (const auto& c : cases) input.push_back({{"refs", c.refs}, {"base", c.base}, {"systems", c.systems}});
  // Floats as float(): sacreBLEU's chrF resamples are numpy float32.
  const char* script = R"(
import json, sys
import sacrebleu
from sacrebleu.metrics import BLEU, CHRF, TER
from sacrebleu.significance import PairedTest
out = []
for c in json.load(open(sys.argv[1], encoding="utf-8")):
    refs = [c["refs"]]
    named = [("base", c["base"])] + [("s%d" % i, s) for i, s in enumerate(c["systems"])]
    case = {"confidence": {}, "bs": {}, "ar": {}}
    for name, metric in (("BLEU", BLEU), ("chrF2", CHRF), ("chrF2++", lambda **kw: CHRF(word_order=2, **kw)),
                         ("TER", TER)):
        try:
            s = metric().corpus_score(c["base"], refs, n_bootstrap=1000)
            case["confidence"][name] = [float(s.score), float(s._mean), float(s._ci)]
        except TypeError:  # statistics.mean of float32 scores and a Python float: sacreBLEU gives none
            case["confidence"][name] = None
    for test in ("bs", "ar"):
        _, scores = PairedTest(named, {"BLEU": BLEU(references=refs), "chrF2": CHRF(references=refs),
                                       "chrF2++": CHRF(word_order=2, references=refs), "TER": TER(references=refs)},
                               references=None, test_type=test, n_samples=0)()
        for name in ("BLEU", "chrF2", "chrF2++", "TER"):
            case[test][name] = [[None if v is None else float(v) for v in (r.score, r.p_value, r.mean, r.ci)]
                                for r in scores[name]]
    out.append(case)
print(json.dumps({"version": sacrebleu.__version__, "cases": out}))
)";
  nlohmann::json theirs;
  try {
    theirs = studio::test::runPeerScript(python, script, input);
  } catch (const std::exception& e) {
    QFAIL(e.what());
  }
  QCOMPARE(theirs["version"].get<std::string>(), std::string(kSacreBleuVersion));

  auto close = [](double ours, const nlohmann::json& value, const QString& what) {
    const double reference = value.get<double>();
    QVERIFY2(
        std::abs(ours - reference) <= 1e-9 * std::max(1.0, std::abs(reference)),
        qPrintable(what +
                   QString(": %1 against sacreBLEU's %2").arg(ours, 0, 'g', 17).arg(reference, 0, 'g', 17)));
  };
  int p_values = 0;
  for (size_t c = 0; c < cases.size(); ++c) {
    const auto& t = theirs["cases"][c];
    for (MetricKind metric :
         {MetricKind::Bleu, MetricKind::Chrf, MetricKind::ChrfPlusPlus, MetricKind::Ter}) {
      const std::string name = metricName(metric);
      const QString where = QString("case %1, %2").arg(c).arg(QString::fromStdString(name));
      const SegmentStatistics base(metric, cases[c].base, cases[c].refs);
      const ScoreEstimate e = bootstrapEstimate(base, 1000);
      if (!t["confidence"][name].is_null()) {
        close(e.score, t["confidence"][name][0], where + " score");
        close(e.mean, t["confidence"][name][1], where + " --confidence mean");
        close(e.ci, t["confidence"][name][2], where + " --confidence interval");
      }
      for (PairedTest test : {PairedTest::Bootstrap, PairedTest::Randomization}) {
        const auto& rows = t[test == PairedTest::Bootstrap ? "bs" : "ar"][name];
        for (size_t s = 0; s < cases[c].systems.size(); ++s) {
          const SegmentStatistics other(metric, cases[c].systems[s], cases[c].refs);
          const PairedResult r = pairedTest(test, base, other, defaultSamples(test));
          const QString what = where + (test == PairedTest::Bootstrap ? " paired-bs" : " paired-ar") +
                               QString(", system %1").arg(s);
          close(r.system_score, rows[s + 1][0], what + " score");
          // p-values: the same count of resamples, exactly.
          QVERIFY2(
              r.p_value == rows[s + 1][1].get<double>(),
              qPrintable(
                  what +
                  QString(": p %1 against sacreBLEU's %2").arg(r.p_value).arg(rows[s + 1][1].get<double>())));
          ++p_values;
          if (test == PairedTest::Bootstrap) {
            close(r.baseline.mean, rows[0][2], what + " baseline mean");
            close(r.baseline.ci, rows[0][3], what + " baseline interval");
            close(r.system.mean, rows[s + 1][2], what + " mean");
            close(r.system.ci, rows[s + 1][3], what + " interval");
          }
        }
      }
    }
  }
  qInfo("%d p-values, means and intervals the same as sacreBLEU %s's", p_values,
        theirs["version"].get<std::string>().c_str());
}

STUDIO_TEST_MAIN(TestSignificance)
#include "tst_significance.moc"
