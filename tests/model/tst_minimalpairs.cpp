// Minimal pairs (MinimalPairs.h): the rules that make a reference's wrong copy,
// kind by kind, only where the source supports the change; the pairs file read
// and written back, its errors naming the line; the tallies and their Wilson
// intervals. tst_pairscoring scores the pairs with a model.

#include <fstream>

#include <QTemporaryDir>
#include <QtTest/QtTest>

#include "common/FileUtil.h"
#include "common/SuiteMain.h"
#include "model/evaluation/MinimalPairs.h"

using namespace studio;
using model::MinimalPairKind;
using namespace std::string_literals;

namespace {

void writeBytes(const std::string& path, const std::string& bytes) {
  std::ofstream(path, std::ios::binary) << bytes;
}

// The wrong copy and the change, or "-" where the rule does not apply.
std::string changed(MinimalPairKind kind, const std::string& source, const std::string& reference,
                    const std::vector<std::string>& others = {}) {
  const auto change = model::minimalChange(kind, source, reference, others);
  return change ? change->wrong + " | " + change->change : "-";
}

}  // namespace

class TestMinimalPairs : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void polarity_data();
  void polarity();
  void numbersChangeOnlyANumberTheSourceHolds();
  void agreementSwapsTheVerbsNumber();
  void namesSwapACopiedWordForOneThePairDoesNotHold();
  void placeholdersAreFoundInEachFamily();
  void placeholdersAreSwappedOrChanged();
  void pairsAreMadeKindByKind();
  void aPairsFileIsReadAndWrittenBack();
  void aBadPairsFileIsRefusedNamingTheLine();
  void talliesCountKindByKindWithWilsonsInterval();
  void kindsAreReadFromAList();
  void twoModelsAreComparedByMcNemarsTest();
};

void TestMinimalPairs::polarity_data() {
  QTest::addColumn<QString>("source");
  QTest::addColumn<QString>("reference");
  QTest::addColumn<QString>("expected");
  // Deleted where both sides negate: each spelling of the English negation.
  QTest::newRow("not") << "Không tìm thấy tập tin."
                       << "File not found."
                       << "File found. | not deleted";
  QTest::newRow("cannot") << "Không thể mở tập tin"
                          << "Cannot open the file"
                          << "Can open the file | Cannot → Can";
  QTest::newRow("n't") << "Không gửi"
                       << "Don't send"
                       << "Do send | Don't → Do";
  QTest::newRow("curly n’t") << "Chưa chạy"
                             << "It won’t run."
                             << "It will run. | won’t → will";
  QTest::newRow("isn't") << "Tập tin chưa được lưu"
                         << "The file isn't saved"
                         << "The file is saved | isn't → is";
  QTest::newRow("capitals") << "ĐỪNG XÓA"
                            << "DON'T DELETE"
                            << "DO DELETE | DON'T → DO";
  QTest::newRow("capitals, not") << "(KHÔNG TƯƠNG ỨNG)"
                                 << "(DOES NOT MATCH)"
                                 << "(DOES MATCH) | not deleted";
  QTest::newRow("first word") << "Chẳng bao giờ hỏi"
                              << "Never ask again"
                              << "Ask again | never deleted";
  QTest::newRow("before punctuation") << "Đừng, xin vui lòng"
                                      << "Please, not that"
                                      << "Please, that | not deleted";
  // Only the first negation, only where the source negates, and nothing where
  // the source negates in words the rule does not read on the English side.
  QTest::newRow("first only") << "Không mở, không lưu"
                              << "Do not open, do not save"
                              << "Do open, do not save | not deleted";
  QTest::newRow("source affirms") << "Tập tin bị thiếu"
                                  << "The file is not there"
                                  << "-";
  QTest::newRow("negated otherwise") << "Giá trị không hợp lệ"
                                     << "The value is invalid"
                                     << "-";
  QTest::newRow("nothing, notable") << "Ghi chú"
                                    << "Notable notes"
                                    << "-";
  // Added after the first auxiliary where neither side negates.
  QTest::newRow("added") << "Tập tin đã được lưu"
                         << "The file was saved."
                         << "The file was not saved. | not put after was";
  QTest::newRow("can") << "Bạn có thể mở nó"
                       << "You can open it"
                       << "You cannot open it | can → cannot";
  QTest::newRow("Can") << "Có thể mở không?"
                       << "Can it open?"
                       << "-";  // the question's "không" reads as a negation
  QTest::newRow("IS") << "ĐÃ XONG"
                      << "IT IS DONE"
                      << "IT IS NOT DONE | NOT put after IS";
  QTest::newRow("no auxiliary") << "Mở tập tin"
                                << "Open the file"
                                << "-";
  QTest::newRow("blank") << "Mở"
                         << " "
                         << "-";
}

// Polarity: the reference's negation deleted where the Vietnamese negates too
// (không, chưa, chẳng, đừng, in either case), or "not" put after the first
// auxiliary where neither side negates; the case of what is changed kept.
void TestMinimalPairs::polarity() {
  QFETCH(QString, source);
  QFETCH(QString, reference);
  QFETCH(QString, expected);
  QCOMPARE(QString::fromStdString(
               changed(MinimalPairKind::Polarity, source.toStdString(), reference.toStdString())),
           expected);
}

// Numbers: the first number of the reference that the source holds too, its
// last digit moved on to one the source does not hold (9 wraps to 0); a
// number the source spells in words is left alone.
void TestMinimalPairs::numbersChangeOnlyANumberTheSourceHolds() {
  QCOMPARE(changed(MinimalPairKind::Numbers, "Chọn 5 tập tin", "Select 5 files"), "Select 6 files | 5 → 6"s);
  QCOMPARE(changed(MinimalPairKind::Numbers, "từ 5 đến 6", "from 5 to 6"), "from 7 to 6 | 5 → 7"s);
  QCOMPARE(changed(MinimalPairKind::Numbers, "Mục 19", "Item 19"), "Item 10 | 19 → 10"s);
  QCOMPARE(changed(MinimalPairKind::Numbers, "Kênh 2: 40 Hz", "40 Hz on channel 2"),
           "41 Hz on channel 2 | 40 → 41"s);
  QCOMPARE(changed(MinimalPairKind::Numbers, "Chọn năm tập tin", "Select 5 files"), "-"s);
  QCOMPARE(changed(MinimalPairKind::Numbers, "Chọn 15 tập tin", "Select 5 files"),
           "-"s);  // a whole number only
}

// Agreement: the first is/are, was/were, has/have swapped, in its case; words
// that hold them ("this", "wasn't") are not them.
void TestMinimalPairs::agreementSwapsTheVerbsNumber() {
  QCOMPARE(changed(MinimalPairKind::Agreement, "x", "The files are open"), "The files is open | are → is"s);
  QCOMPARE(changed(MinimalPairKind::Agreement, "x", "Is it open? It was."),
           "Are it open? It was. | Is → Are"s);
  QCOMPARE(changed(MinimalPairKind::Agreement, "x", "IT HAS ENDED"), "IT HAVE ENDED | HAS → HAVE"s);
  QCOMPARE(changed(MinimalPairKind::Agreement, "x", "(were: old)"), "(was: old) | were → was"s);
  QCOMPARE(changed(MinimalPairKind::Agreement, "x", "This wasn't his"), "-"s);
}

// Names: a word the reference copies from the source (three characters or
// more of letters, digits, '.', '-', '_', punctuation and quotes around it
// trimmed on both sides) swapped for the first of another line's that the
// pair holds on neither side, whatever its case.
void TestMinimalPairs::namesSwapACopiedWordForOneThePairDoesNotHold() {
  QCOMPARE(model::copiedWords("Gặp lỗi khi khởi tạo kênh c-ares", "Failed to init c-ares channel"),
           std::vector<std::string>{"c-ares"});
  QCOMPARE(
      model::copiedWords("Mở “Firefox” bằng GTK3 và Qt", "Open \"Firefox\" with GTK3 and Qt, then Firefox"),
      (std::vector<std::string>{"Firefox", "GTK3"}));  // "Qt" is too short; each word once
  QCOMPARE(model::copiedWords("dùng %s", "use %s"), std::vector<std::string>{});
  QCOMPARE(model::copiedWords("Dùng firefox", "Use Firefox"),
           std::vector<std::string>{});  // written alike only
  QCOMPARE(
      changed(MinimalPairKind::Names, "Dùng GStreamer", "Use GStreamer.", {"GStreamer", "gstreamer", "GTK"}),
      "Use GTK. | GStreamer → GTK"s);
  QCOMPARE(changed(MinimalPairKind::Names, "Dùng GStreamer với use", "Use GStreamer", {"USE", "Qt5"}),
           "Use Qt5 | GStreamer → Qt5"s);
  QCOMPARE(changed(MinimalPairKind::Names, "Dùng GStreamer", "Use GStreamer", {}), "-"s);
  QCOMPARE(changed(MinimalPairKind::Names, "Dùng nó", "Use it", {"GTK"}), "-"s);
}

// placeholderSpans: printf's conversions with their flags, width, precision,
// length and position; not "%%" nor a percentage ("50% left": no space
// flag); Qt's %1..%99; braces around a name, a number or nothing.
void TestMinimalPairs::placeholdersAreFoundInEachFamily() {
  const auto found = [](const std::string& text) {
    std::vector<std::string> out;
    for (auto [begin, end] : model::placeholderSpans(text)) out.push_back(text.substr(begin, end - begin));
    return out;
  };
  QCOMPARE(found("%s: %lu of %.250s, %08x, %-5d, %1$s, %*d, %.*f, %zu, %llx"),
           (std::vector<std::string>{"%s", "%lu", "%.250s", "%08x", "%-5d", "%1$s", "%*d", "%.*f", "%zu",
                                     "%llx"}));
  QCOMPARE(found("100%% done, 50% left, %"), std::vector<std::string>{});
  QCOMPARE(found("Copy %1 to %2 (%10 and %123)"), (std::vector<std::string>{"%1", "%2", "%10", "%12"}));
  QCOMPARE(found("{0} of {count}, {} and { x }"), (std::vector<std::string>{"{0}", "{count}", "{}"}));
}

// Placeholders: two different ones the source holds swapped in order (the
// first with the next that differs), else the first changed for one of its
// family the source does not hold; none where the source holds none of them.
void TestMinimalPairs::placeholdersAreSwappedOrChanged() {
  QCOMPARE(changed(MinimalPairKind::Placeholders, "%s (%jd byte)", "%s (%jd bytes)"),
           "%jd (%s bytes) | %s ↔ %jd"s);
  QCOMPARE(changed(MinimalPairKind::Placeholders, "%s: %s và %d", "%s: %s and %d"),
           "%d: %s and %s | %s ↔ %d"s);
  QCOMPARE(changed(MinimalPairKind::Placeholders, "Không mở được %s", "Cannot open %s"),
           "Cannot open %d | %s → %d"s);
  QCOMPARE(changed(MinimalPairKind::Placeholders, "%s và %d: %u", "%u items"), "%c items | %u → %c"s);
  QCOMPARE(changed(MinimalPairKind::Placeholders, "Chép %1", "Copy %1"), "Copy %2 | %1 → %2"s);
  QCOMPARE(changed(MinimalPairKind::Placeholders, "Chép %1 %2", "Copy %1 to %2"), "Copy %2 to %1 | %1 ↔ %2"s);
  QCOMPARE(changed(MinimalPairKind::Placeholders, "{0} tệp", "{0} files"), "{1} files | {0} → {1}"s);
  QCOMPARE(changed(MinimalPairKind::Placeholders, "{name} đã lưu", "{name} saved"),
           "{0} saved | {name} → {0}"s);
  QCOMPARE(changed(MinimalPairKind::Placeholders, "Mở tệp", "Open %s"), "-"s);  // not the source's
  QCOMPARE(changed(MinimalPairKind::Placeholders, "100%% xong", "100%% done"), "-"s);
}

// makeMinimalPairs: kind by kind in the order asked, Polarity's deleted
// negations before its added ones, each in line order; Names takes the next
// lines' copied words, round to the first line.
void TestMinimalPairs::pairsAreMadeKindByKind() {
  const std::vector<std::string> sources{"Đã lưu 3 tập tin bằng GIMP",
                                         "Không tìm thấy 2 tập tin của Inkscape", "Mở tập tin"};
  const std::vector<std::string> references{"3 files were saved with GIMP",
                                            "2 files of Inkscape were not found", "Open the file"};
  const auto pairs = model::makeMinimalPairs(
      sources, references, {MinimalPairKind::Names, MinimalPairKind::Polarity, MinimalPairKind::Numbers});
  std::vector<std::string> made;
  for (const auto& p : pairs) made.push_back(std::to_string(p.line) + " " + p.kind + ": " + p.wrong);
  const std::vector<std::string> expected{
      "1 names: 3 files were saved with Inkscape",
      "2 names: 2 files of GIMP were not found",
      "2 polarity (deleted): 2 files of Inkscape were found",
      "1 polarity (added): 3 files were not saved with GIMP",
      "1 numbers: 4 files were saved with GIMP",
      "2 numbers: 3 files of Inkscape were not found",
  };
  QCOMPARE(made, expected);
  QCOMPARE(pairs[0].source, sources[0]);
  QCOMPARE(pairs[0].right, references[0]);
  QCOMPARE(pairs[0].change, std::string("GIMP → Inkscape"));
  const auto message = test::thrownMessage([&] { model::makeMinimalPairs(sources, {"one"}, {}); });
  QVERIFY2(message.find("3 sources but 1 references") != std::string::npos, message.c_str());
}

// The pairs file: a byte order mark, CRLF, blank lines and runs of spaces read
// as a corpus is; a line of three fields is "yours"; written back with every
// kind, it reads the same.
void TestMinimalPairs::aPairsFileIsReadAndWrittenBack() {
  QTemporaryDir tmp;
  QVERIFY(tmp.isValid());
  const std::string path = tmp.filePath("pairs.tsv").toStdString();
  writeBytes(path,
             "\xEF\xBB\xBF"
             "Mở tập tin\tOpen the file\tClose the file\r\n"
             "\r\n"
             "Lưu  nó\tSave   it\tSave them\tpronoun\n");
  const auto pairs = model::readMinimalPairs(path);
  QCOMPARE(pairs.size(), size_t(2));
  QCOMPARE(pairs[0].line, size_t(1));
  QCOMPARE(pairs[0].kind, std::string("yours"));
  QCOMPARE(pairs[0].source, std::string("Mở tập tin"));
  QCOMPARE(pairs[0].wrong, std::string("Close the file"));
  QCOMPARE(pairs[1].line, size_t(3));
  QCOMPARE(pairs[1].kind, std::string("pronoun"));
  QCOMPARE(pairs[1].source, std::string("Lưu nó"));
  QCOMPARE(pairs[1].right, std::string("Save it"));
  const auto text = model::minimalPairsTsv(pairs);
  QCOMPARE(
      text,
      std::string("Mở tập tin\tOpen the file\tClose the file\tyours\nLưu nó\tSave it\tSave them\tpronoun\n"));
  const std::string again = tmp.filePath("again.tsv").toStdString();
  writeBytes(again, text);
  const auto read = model::readMinimalPairs(again);
  QCOMPARE(read.size(), pairs.size());
  for (size_t i = 0; i < read.size(); ++i) {
    QCOMPARE(read[i].kind, pairs[i].kind);
    QCOMPARE(read[i].right, pairs[i].right);
    QCOMPARE(read[i].wrong, pairs[i].wrong);
  }
}

void TestMinimalPairs::aBadPairsFileIsRefusedNamingTheLine() {
  QTemporaryDir tmp;
  QVERIFY(tmp.isValid());
  const std::string path = tmp.filePath("pairs.tsv").toStdString();
  const auto refusal = [&](const std::string& text) {
    writeBytes(path, text);
    return test::thrownMessage([&] { model::readMinimalPairs(path); });
  };
  const std::string good = "Mở\tOpen\tClose\n";
  QCOMPARE(refusal(good + "Lưu\tSave\n"),
           "'" + path +
               "' line 2 has 2 fields separated by tabs; a pair is SOURCE<TAB>RIGHT<TAB>WRONG[<TAB>KIND]");
  QCOMPARE(refusal(good + "a\tb\tc\td\te\n"),
           "'" + path +
               "' line 2 has 5 fields separated by tabs; a pair is SOURCE<TAB>RIGHT<TAB>WRONG[<TAB>KIND]");
  QCOMPARE(refusal(good + good + "Lưu\tSave\t \n"),
           "'" + path + "' line 3: the wrong translation (field 3) is empty");
  QCOMPARE(refusal("Lưu\tSave\tClose\t\n"), "'" + path + "' line 1: the kind (field 4) is empty");
  QCOMPARE(refusal(good + "Lưu\tSave  it\tSave it\n"),
           "'" + path + "' line 2: the wrong translation is the right one, word for word");
  QCOMPARE(refusal(good + "L\xFFu\tSave\tClose\n"), "'" + path + "' line 2 is not valid UTF-8");
  QCOMPARE(refusal("\n  \n"), "'" + path + "' holds no pair (SOURCE<TAB>RIGHT<TAB>WRONG a line)");
  const auto missing = test::thrownMessage([&] { model::readMinimalPairs(path + ".none"); });
  QVERIFY2(missing.find(path + ".none") != std::string::npos, missing.c_str());
}

// Tallies: a row a kind in the order they come, then "all"; unscored pairs
// counted as pairs but out of the share and the margin; a tie is not a pass.
// Wilson's interval against values computed by hand (Python).
void TestMinimalPairs::talliesCountKindByKindWithWilsonsInterval() {
  std::vector<model::MinimalPair> pairs;
  std::vector<model::MinimalPairOutcome> outcomes;
  const auto add = [&](const std::string& kind, bool scored, double right, double wrong) {
    pairs.push_back({pairs.size() + 1, kind, "s", "r", "w", ""});
    outcomes.push_back({scored, scored ? "" : "too long", right, wrong});
  };
  add("numbers", true, -2.0, -5.0);
  add("names", true, -3.0, -1.0);
  add("numbers", true, -4.0, -4.0);  // a tie
  add("numbers", false, 0.0, 0.0);
  add("names", true, -1.0, -2.5);
  const auto tallies = model::tallyMinimalPairs(pairs, outcomes);
  QCOMPARE(tallies.size(), size_t(3));
  QCOMPARE(tallies[0].kind, std::string("numbers"));
  QCOMPARE(tallies[0].pairs, size_t(3));
  QCOMPARE(tallies[0].scored, size_t(2));
  QCOMPARE(tallies[0].preferred, size_t(1));
  QCOMPARE(tallies[0].mean_margin, 1.5);  // (3 + 0) / 2
  QCOMPARE(tallies[1].kind, std::string("names"));
  QCOMPARE(tallies[1].preferred, size_t(1));
  QCOMPARE(tallies[1].mean_margin, -0.25);  // (-2 + 1.5) / 2
  QCOMPARE(tallies[2].kind, std::string("all"));
  QCOMPARE(tallies[2].pairs, size_t(5));
  QCOMPARE(tallies[2].scored, size_t(4));
  QCOMPARE(tallies[2].preferred, size_t(2));
  QCOMPARE(tallies[2].share(), 0.5);
  QVERIFY(std::abs(tallies[2].mean_margin - 0.625) < 1e-12);
  const auto [low, high] = model::wilsonInterval(8, 10);
  QVERIFY(std::abs(low - 0.4901624715366418) < 1e-12 && std::abs(high - 0.9433178485456248) < 1e-12);
  const auto [low10, high10] = model::wilsonInterval(10, 10);
  QVERIFY(std::abs(low10 - 0.7224672001371107) < 1e-12 && high10 <= 1.0 && high10 > 0.999999);
  const auto [low0, high0] = model::wilsonInterval(0, 5);
  QVERIFY(low0 == 0.0 && std::abs(high0 - 0.43448246478317476) < 1e-12);
  QCOMPARE(model::wilsonInterval(0, 0), std::make_pair(0.0, 1.0));
  // One kind: no "all" row.
  pairs.resize(1), outcomes.resize(1);
  QCOMPARE(model::tallyMinimalPairs(pairs, outcomes).size(), size_t(1));
  const auto message = test::thrownMessage([&] { model::tallyMinimalPairs(pairs, {}); });
  QVERIFY2(message.find("1 pairs but 0 outcomes") != std::string::npos, message.c_str());
}

void TestMinimalPairs::kindsAreReadFromAList() {
  QVERIFY(model::minimalPairKindsFromList("all") == model::allMinimalPairKinds());
  QVERIFY(model::minimalPairKindsFromList("names,polarity,names") ==
          (std::vector<MinimalPairKind>{MinimalPairKind::Names, MinimalPairKind::Polarity}));
  for (auto kind : model::allMinimalPairKinds())
    QVERIFY(model::minimalPairKindFromString(model::toString(kind)) == kind);
  const auto message = test::thrownMessage([] { model::minimalPairKindsFromList("numbers,gender"); });
  QCOMPARE(message, std::string("unknown kind of minimal pair 'gender' (polarity, numbers, agreement, names, "
                                "placeholders or all)"));
  QVERIFY(!test::thrownMessage([] { model::minimalPairKindsFromList("numbers,"); }).empty());
}

// compareMinimalPairs: per kind, the pairs both models scored, each one's
// passes and the discordant pairs; McNemar's exact p against values of the
// binomial sum computed by hand (Python's math.comb).
void TestMinimalPairs::twoModelsAreComparedByMcNemarsTest() {
  QCOMPARE(model::mcnemarExactP(0, 0), 1.0);
  QCOMPARE(model::mcnemarExactP(10, 10), 1.0);
  QCOMPARE(model::mcnemarExactP(1, 0), 1.0);
  QVERIFY(std::abs(model::mcnemarExactP(3, 8) - 0.2265625) < 1e-12);
  QVERIFY(std::abs(model::mcnemarExactP(8, 3) - 0.2265625) < 1e-12);
  QVERIFY(std::abs(model::mcnemarExactP(0, 5) - 0.0625) < 1e-12);
  QVERIFY(std::abs(model::mcnemarExactP(2, 30) / 2.4633482098579407e-07 - 1) < 1e-9);
  QVERIFY(std::abs(model::mcnemarExactP(40, 60) - 0.05688793364098079) < 1e-12);
  std::vector<model::MinimalPair> pairs;
  std::vector<model::MinimalPairOutcome> first, second;
  const auto add = [&](const std::string& kind, int a, int b) {  // 1 passed, 0 failed, -1 not scored
    pairs.push_back({pairs.size() + 1, kind, "s", "r", "w", ""});
    const auto outcome = [](int passed) {
      return model::MinimalPairOutcome{passed >= 0, "", passed > 0 ? -1.0 : -3.0, -2.0};
    };
    first.push_back(outcome(a));
    second.push_back(outcome(b));
  };
  add("numbers", 1, 1);
  add("numbers", 1, 0);
  add("numbers", 0, 1);
  add("numbers", 0, 1);
  add("names", 1, -1);  // not scored by the second: out of the comparison
  add("names", 0, 0);
  const auto rows = model::compareMinimalPairs(pairs, first, second);
  QCOMPARE(rows.size(), size_t(3));
  QCOMPARE(rows[0].kind, std::string("numbers"));
  QCOMPARE(rows[0].pairs, size_t(4));
  QCOMPARE(rows[0].first, size_t(2));
  QCOMPARE(rows[0].second, size_t(3));
  QCOMPARE(rows[0].only_first, size_t(1));
  QCOMPARE(rows[0].only_second, size_t(2));
  QCOMPARE(rows[0].p, 1.0);
  QCOMPARE(rows[1].kind, std::string("names"));
  QCOMPARE(rows[1].pairs, size_t(1));
  QCOMPARE(rows[1].first + rows[1].second, size_t(0));
  QCOMPARE(rows[2].kind, std::string("all"));
  QCOMPARE(rows[2].pairs, size_t(5));
  QCOMPARE(rows[2].only_second, size_t(2));
  const auto message = test::thrownMessage([&] { model::compareMinimalPairs(pairs, first, {}); });
  QVERIFY2(message.find("6 pairs but 6 and 0 outcomes") != std::string::npos, message.c_str());
}

STUDIO_TEST_MAIN(TestMinimalPairs)
#include "tst_minimalpairs.moc"
