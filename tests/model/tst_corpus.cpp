// Corpus readers, validation summaries, splits and the demo-corpus builder.

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include <QTemporaryDir>
#include <QtTest/QtTest>
#include <nlohmann/json.hpp>

#include "common/SuiteMain.h"
#include "model/data/Corpus.h"
#include "model/data/DemoCorpus.h"
#include "model/data/MoFile.h"
#include "model/data/Prepare.h"
#include "model/files/LegacyEncodings.h"

using namespace studio::data;
namespace model = studio::model;

namespace {
void writeBytes(const std::string& path, const std::string& bytes) {
  std::ofstream(path, std::ios::binary) << bytes;
}
}  // namespace

class TestCorpus : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void init() { QVERIFY(dir_.isValid()); }
  void misalignedFilesNameBothFilesAndCounts();
  void missingFileIsNamed();
  void linesAreReadAsWritten_data();
  void linesAreReadAsWritten();
  void summaryCountsEveryDrop();
  void optionsUnescapeAndDetokenize();
  void repeatedPairsAreDroppedWhenAsked();
  void tsvMalformedLinesAreCounted();
  void splitIsDeterministicAndDisjoint();
  void heldOutFractions();
  void demoCorpusFromGeneratedCatalogs();
  void englishOnlyIsWhatNoVietnameseCatalogHolds();
  void manifestErrorsNameTheLine();
  void corpusTooSmallToSplitIsRefused_data();
  void corpusTooSmallToSplitIsRefused();
  void loweredVocabularyIsAWarning();
  void corporaInAnEightBitEncodingAreReadWhenAsked();
  void aBpeSegmentationIsTrainedWhenAsked();

 private:
  std::string path(const char* name) { return dir_.filePath(name).toStdString(); }
  QTemporaryDir dir_;
};

void TestCorpus::misalignedFilesNameBothFilesAndCounts() {
  writeBytes(path("a.vi"), "một\nhai\nba\n");
  writeBytes(path("a.en"), "one\ntwo\n");
  ReadSummary summary;
  try {
    readParallelFiles(path("a.vi"), path("a.en"), {}, summary);
    QFAIL("no error");
  } catch (const CorpusError& e) {
    const QString message = QString::fromUtf8(e.what());
    QVERIFY2(message.contains(QString::fromStdString(path("a.vi"))) && message.contains("3 lines"), e.what());
    QVERIFY2(message.contains(QString::fromStdString(path("a.en"))) && message.contains("2"), e.what());
  }
}

void TestCorpus::missingFileIsNamed() {
  ReadSummary summary;
  QVERIFY_THROWS_EXCEPTION(CorpusError, readTsv(path("nope.tsv"), {}, summary));
  try {
    readTsv(path("nope.tsv"), {}, summary);
  } catch (const CorpusError& e) {
    QVERIFY(QString(e.what()).contains("nope.tsv"));
  }
}

void TestCorpus::linesAreReadAsWritten_data() {
  QTest::addColumn<QByteArray>("bytes");
  QTest::addColumn<QStringList>("lines");
  QTest::newRow("LF") << QByteArray("a\nb\n") << QStringList{"a", "b"};
  QTest::newRow("no final newline") << QByteArray("a\nb") << QStringList{"a", "b"};
  QTest::newRow("CRLF") << QByteArray("a\r\nb\r\n") << QStringList{"a", "b"};
  QTest::newRow("BOM") << QByteArray("\xEF\xBB\xBFxin chào\n") << QStringList{"xin chào"};
  QTest::newRow("empty line kept as a line") << QByteArray("a\n\nb\n") << QStringList{"a", "", "b"};
  QTest::newRow("empty file") << QByteArray() << QStringList{};
}

void TestCorpus::linesAreReadAsWritten() {
  QFETCH(QByteArray, bytes);
  QFETCH(QStringList, lines);
  writeBytes(path("lines.txt"), bytes.toStdString());
  QStringList got;
  for (const auto& l : readLines(path("lines.txt"))) got << QString::fromStdString(l);
  QCOMPARE(got, lines);
}

void TestCorpus::summaryCountsEveryDrop() {
  std::string million;  // a 1 MB line: 262,144 four-byte words
  for (int i = 0; i < (1 << 18); ++i) million += "từ ";
  std::string vi, en;
  vi += "Xin chào\r\n";           en += "Hello\r\n";                         // 1 kept (CRLF)
  vi += "\n";                     en += "Empty source\n";                    // 2 empty
  vi += "   \t \n";               en += "Whitespace source\n";               // 3 empty
  vi += "caf\xE9\n";              en += "coffee\n";                          // 4 invalid UTF-8
  vi += million + "\n";           en += "a one-megabyte line\n";             // 5 too long
  vi += "một hai ba bốn năm sáu bảy tám\n"; en += "one\n";                   // 6 length ratio
  vi += "Tạm biệt\n";             en += "Goodbye\n";                         // 7 kept
  std::string many;
  for (int i = 0; i < 250; ++i) many += "từ ";
  vi += many + "\n";              en += many + "\n";                         // 8 too long (250 words)
  writeBytes(path("s.vi"), "\xEF\xBB\xBF" + vi);
  writeBytes(path("s.en"), en);
  ReadSummary summary;
  const auto text = readParallelFiles(path("s.vi"), path("s.en"), {}, summary);
  QCOMPARE(summary.read, size_t(8));
  QCOMPARE(summary.kept, size_t(2));
  QCOMPARE(summary.read, summary.kept + summary.droppedTotal());
  QCOMPARE(summary.dropped["empty"], size_t(2));
  QCOMPARE(summary.dropped["invalid_utf8"], size_t(1));
  QCOMPARE(summary.dropped["length_ratio"], size_t(1));
  QCOMPARE(summary.dropped["too_long"], size_t(2));
  QCOMPARE(summary.first_lines["too_long"], (std::vector<size_t>{5, 8}));
  QCOMPARE(summary.first_lines["invalid_utf8"], std::vector<size_t>{4});
  QCOMPARE(summary.first_lines["empty"], (std::vector<size_t>{2, 3}));
  QCOMPARE(QString::fromStdString(text.src[0]), QString("Xin chào"));
  QCOMPARE(QString::fromStdString(text.tgt[0]), QString("Hello"));
  const QString described = QString::fromStdString(summary.describe());
  QVERIFY2(described.contains("read 8") && described.contains("invalid_utf8 1"), qPrintable(described));
  const auto json = summary.toJson();
  QCOMPARE(json["dropped"]["empty"].get<size_t>(), size_t(2));
}

// A pair kept already, once cleaned (spaces, here), is dropped as duplicate
// with its line; the same Vietnamese with other English is a pair of its own.
// prepare drops repeats by default, in held-out sets too when it holds them
// out by hash, and keeps them when asked.
void TestCorpus::repeatedPairsAreDroppedWhenAsked() {
  writeBytes(path("d.tsv"),
             "Mở tập tin\tOpen file\n"
             "Mở  tập tin \tOpen file\n"  // 2: the same once cleaned
             "Mở tập tin\tOpen the file\n"
             "Đóng\tClose\n"
             "Mở tập tin\tOpen file\n");  // 5
  FilterOptions dedupe;
  dedupe.dedupe = true;
  ReadSummary summary;
  const auto text = readTsv(path("d.tsv"), dedupe, summary);
  QCOMPARE(text.size(), size_t(3));
  QCOMPARE(summary.dropped.at("duplicate"), size_t(2));
  QCOMPARE(summary.first_lines.at("duplicate"), (std::vector<size_t>{2, 5}));
  QCOMPARE(text.tgt[1], std::string("Open the file"));
  ReadSummary all;
  QCOMPARE(readTsv(path("d.tsv"), {}, all).size(), size_t(5));

  std::string tsv;
  for (int i = 0; i < 150; ++i)
    tsv += "mở tập tin số " + std::to_string(i % 120) + "\topen file number " + std::to_string(i % 120) +
           "\n";  // 30 repeats
  writeBytes(path("repeats.tsv"), tsv);
  for (const bool keep : {false, true}) {
    PrepareOptions options;
    options.corpora = {corpusAt(path("repeats.tsv"))};
    options.out_dir = path(keep ? "repeats-kept" : "repeats-dropped");
    options.tokenizer.vocab_size = 60;
    options.filter.dedupe = !keep;
    std::ostringstream log;
    const auto prepared = prepareData(options, log);
    const size_t pairs = prepared["splits"]["train"]["pairs"].get<size_t>() +
                         prepared["splits"]["dev"]["pairs"].get<size_t>() +
                         prepared["splits"]["test"]["pairs"].get<size_t>();
    QCOMPARE(pairs, size_t(keep ? 150 : 120));
    QCOMPARE(prepared["filter"]["dedupe"].get<bool>(), !keep);
    QCOMPARE(prepared["read"]["train"]["dropped"].contains("duplicate"), !keep);
  }
}

void TestCorpus::optionsUnescapeAndDetokenize() {
  writeBytes(path("t.vi"), "Đó là &quot; tốt &quot; .\n");
  writeBytes(path("t.en"), "It &apos;s &quot; good &quot; .\n");
  FilterOptions options;
  ReadSummary plain_summary;
  auto plain = readParallelFiles(path("t.vi"), path("t.en"), options, plain_summary);
  QCOMPARE(QString::fromStdString(plain.tgt[0]), QString("It &apos;s &quot; good &quot; ."));
  options.unescape = true;
  options.detokenize = true;
  ReadSummary summary;
  auto clean = readParallelFiles(path("t.vi"), path("t.en"), options, summary);
  QCOMPARE(QString::fromStdString(clean.tgt[0]), QString("It's \"good\"."));
  QCOMPARE(QString::fromStdString(clean.src[0]), QString("Đó là \"tốt\"."));
}

void TestCorpus::tsvMalformedLinesAreCounted() {
  writeBytes(path("c.tsv"), "xin chào\thello\nno tab here\na\tb\tc\nmột\tone\n");
  ReadSummary summary;
  const auto text = readTsv(path("c.tsv"), {}, summary);
  QCOMPARE(text.size(), size_t(2));
  QCOMPARE(summary.read, size_t(4));
  QCOMPARE(summary.dropped["malformed"], size_t(2));
  QCOMPARE(summary.first_lines["malformed"], (std::vector<size_t>{2, 3}));
}

void TestCorpus::splitIsDeterministicAndDisjoint() {
  std::map<Split, std::set<std::string>> seen;
  for (int i = 0; i < 20000; ++i) {
    const std::string vi = "câu số " + std::to_string(i % 15000);  // some sentences repeat
    const Split split = splitOf(vi, 0.05, 0.05);
    QCOMPARE(splitOf(vi, 0.05, 0.05), split);  // deterministic
    seen[split].insert(vi);
  }
  for (const auto& a : seen[Split::Train]) {
    QVERIFY(!seen[Split::Dev].count(a));
    QVERIFY(!seen[Split::Test].count(a));
  }
  for (const auto& a : seen[Split::Dev]) QVERIFY(!seen[Split::Test].count(a));
  // about 5 % each of 15,000 distinct sentences
  QVERIFY(seen[Split::Dev].size() > 600 && seen[Split::Dev].size() < 900);
  QVERIFY(seen[Split::Test].size() > 600 && seen[Split::Test].size() < 900);
}

void TestCorpus::heldOutFractions() {
  auto [dev, test] = studio::data::heldOutFractions(60000);
  QCOMPARE(dev, 1500.0 / 60000.0);
  QCOMPARE(test, dev);
  QCOMPARE(studio::data::heldOutFractions(5000).first, 0.1);  // small corpora: at most a tenth
  QCOMPARE(studio::data::heldOutFractions(0).first, 0.0);
}

void TestCorpus::demoCorpusFromGeneratedCatalogs() {
  std::vector<MoEntry> first, second;
  first.push_back({std::nullopt, "", std::nullopt, {"Content-Type: text/plain; charset=UTF-8\n"}});
  for (int i = 0; i < 300; ++i)
    first.push_back({std::nullopt, "_Open file " + std::to_string(i), std::nullopt,
                     {"_Mở tập tin " + std::to_string(i)}});
  first.push_back({std::nullopt, "Untranslated", std::nullopt, {""}});
  second.push_back({std::nullopt, "Open file 7", std::nullopt, {"Mở tập tin 7"}});  // duplicate after cleaning
  second.push_back({std::nullopt, "Close", std::nullopt, {"Đóng"}});
  writeBytes(path("first.mo"), writeMo(first, false));
  writeBytes(path("second.mo"), writeMo(second, true));
  writeBytes(path("broken.mo"), "not a catalog at all");
  const std::vector<CatalogSource> sources{
      {"pkg-a", "1.0", path("first.mo"), "/usr/share/locale/vi/LC_MESSAGES/a.mo"},
      {"pkg-b", "2.0", path("second.mo"), "/usr/share/locale/vi/LC_MESSAGES/b.mo"},
      {"pkg-c", "3.0", path("broken.mo"), "/usr/share/locale/vi/LC_MESSAGES/c.mo"},
  };
  std::ostringstream log;
  const std::string out = path("demo");
  const auto provenance = buildDemoCorpus(sources, out, log);
  QVERIFY(QString::fromStdString(log.str()).contains("c.mo"));  // the broken catalog is reported
  QCOMPARE(provenance["totals"]["duplicates"].get<size_t>(), size_t(1));
  QCOMPARE(provenance["totals"]["pairs"].get<size_t>(), size_t(301));
  QCOMPARE(provenance["totals"]["unreadable_catalogs"].get<size_t>(), size_t(1));
  QCOMPARE(provenance["catalogs"][0]["package"].get<std::string>(), std::string("pkg-a"));
  QCOMPARE(provenance["catalogs"][0]["version"].get<std::string>(), std::string("1.0"));
  QCOMPARE(provenance["catalogs"][0]["counts"]["kept"].get<size_t>(), size_t(300));
  QCOMPARE(provenance["catalogs"][0]["counts"]["untranslated"].get<size_t>(), size_t(1));
  QVERIFY(provenance["catalogs"][2].contains("error"));
  size_t total = 0;
  std::set<std::string> vi_seen;
  for (const char* split : {"train", "dev", "test"}) {
    ReadSummary summary;
    const auto text = readParallelFiles(out + "/" + split + ".vi", out + "/" + split + ".en", {}, summary);
    QCOMPARE(summary.kept, summary.read);
    total += text.size();
    for (const auto& vi : text.src) QVERIFY2(vi_seen.insert(vi).second, "a sentence is in two splits");
    for (const auto& vi : text.src) QVERIFY(vi.find('_') == std::string::npos);  // accelerators stripped
  }
  QCOMPARE(total, size_t(301));
  std::ifstream provenance_file(out + "/provenance.json");
  QVERIFY(nlohmann::json::parse(provenance_file) == provenance);
}

// english.en: the other languages' msgids of the same programs, cleaned as the pairs' English is, each
// once, less every message a Vietnamese catalog holds (translated, kept as English, or left untranslated).
void TestCorpus::englishOnlyIsWhatNoVietnameseCatalogHolds() {
  const std::string header = "Content-Type: text/plain; charset=UTF-8\n";
  std::vector<MoEntry> vi, fr, de;
  vi.push_back({std::nullopt, "", std::nullopt, {header}});
  for (int i = 0; i < 120; ++i)
    vi.push_back({std::nullopt,
                  "_Open file " + std::to_string(i),
                  std::nullopt,
                  {"_Mở tập tin " + std::to_string(i)}});
  vi.push_back(
      {std::nullopt, "Kept as English", std::nullopt, {"Kept as English"}});  // not a pair, still held
  fr.push_back({std::nullopt, "", std::nullopt, {header}});
  fr.push_back(
      {std::nullopt, "Open file 3", std::nullopt, {"Ouvrir le fichier 3"}});  // held by vi, once cleaned
  fr.push_back({std::nullopt, "Kept as English", std::nullopt, {"Gardé"}});
  fr.push_back({std::nullopt, "Save the <b>whole</b>\n document", std::nullopt, {"Enregistrer"}});
  fr.push_back({std::nullopt, "Print _all pages", std::nullopt, {"Tout imprimer"}});
  fr.push_back({std::nullopt, "<br/>", std::nullopt, {"<br/>"}});  // nothing left after cleaning
  fr.push_back({std::nullopt, std::string("bad \xff byte"), std::nullopt, {"x"}});
  de.push_back({std::nullopt, "Print all pages", std::nullopt, {"Alles drucken"}});  // fr's, once cleaned
  de.push_back({std::string("menu"), "Quit the program", std::nullopt, {"Beenden"}});
  writeBytes(path("vi.mo"), writeMo(vi, false));
  writeBytes(path("fr.mo"), writeMo(fr, true));
  writeBytes(path("de.mo"), writeMo(de, false));
  writeBytes(path("broken-de.mo"), "not a catalog");
  const std::vector<CatalogSource> vietnamese{
      {"pkg", "1.0", path("vi.mo"), "/usr/share/locale/vi/LC_MESSAGES/a.mo"}};
  const std::vector<CatalogSource> others{
      {"pkg", "1.0", path("fr.mo"), "/usr/share/locale/fr/LC_MESSAGES/a.mo"},
      {"pkg", "1.0", path("de.mo"), "/usr/share/locale/de/LC_MESSAGES/a.mo"},
      {"pkg", "1.0", path("broken-de.mo"), "/usr/share/locale/de_AT/LC_MESSAGES/a.mo"}};
  std::ostringstream log;
  const auto english = englishWithoutVietnamese(vietnamese, others, log);
  QCOMPARE(english.lines,
           (std::vector<std::string>{"Save the whole document", "Print all pages", "Quit the program"}));
  QCOMPARE(english.catalogs, size_t(2));
  QCOMPARE(english.unreadable, size_t(1));
  QVERIFY2(QString::fromStdString(log.str()).contains("de_AT/LC_MESSAGES/a.mo"), log.str().c_str());
  QCOMPARE(english.messages, size_t(8));
  QCOMPARE(english.in_vietnamese, size_t(2));
  QCOMPARE(english.empty, size_t(1));
  QCOMPARE(english.invalid_utf8, size_t(1));
  QCOMPARE(english.duplicates, size_t(1));

  // The demo corpus writes them as english.en, counted in its provenance; without other catalogs, no file.
  const std::string out = path("demo-english");
  const auto provenance = buildDemoCorpus(vietnamese, out, log, others);
  QCOMPARE(readLines(out + "/english.en"), english.lines);
  QCOMPARE(provenance["english_only"]["lines"].get<size_t>(), size_t(3));
  QCOMPARE(provenance["english_only"]["in_vietnamese_catalogs"].get<size_t>(), size_t(2));
  QCOMPARE(provenance["english_only"]["unreadable_catalogs"].get<size_t>(), size_t(1));
  const std::string plain = path("demo-plain");
  QVERIFY(!buildDemoCorpus(vietnamese, plain, log).contains("english_only"));
  QVERIFY(!std::filesystem::exists(plain + "/english.en"));
}

void TestCorpus::manifestErrorsNameTheLine() {
  writeBytes(path("manifest.tsv"), "pkg\t1.0\t/x.mo\t/usr/x.mo\nbad line without tabs\n");
  try {
    readManifest(path("manifest.tsv"));
    QFAIL("no error");
  } catch (const CorpusError& e) {
    QVERIFY2(QString(e.what()).contains("line 2"), e.what());
  }
}

namespace {
void writeNumberedTsv(const std::string& file, int pairs) {
  std::ofstream out(file, std::ios::binary);
  for (int i = 0; i < pairs; ++i) out << "mở tập tin số " << i << "\topen file number " << i << "\n";
}
}  // namespace

void TestCorpus::corpusTooSmallToSplitIsRefused_data() {
  QTest::addColumn<int>("pairs");
  QTest::newRow("one pair") << 1;
  QTest::newRow("99 pairs") << 99;
}

void TestCorpus::corpusTooSmallToSplitIsRefused() {
  QFETCH(int, pairs);
  const std::string tsv = path("small.tsv"), out = path(("small-data-" + std::to_string(pairs)).c_str());
  writeNumberedTsv(tsv, pairs);
  PrepareOptions options;
  options.corpora = {corpusAt(tsv)};
  options.out_dir = out;
  options.tokenizer.vocab_size = 60;
  std::ostringstream log;
  try {
    prepareData(options, log);
    QFAIL("a corpus this small was prepared");
  } catch (const CorpusError& e) {
    const QString message = QString::fromUtf8(e.what());
    QVERIFY2(message.contains(QString::fromStdString(tsv)), e.what());
    QVERIFY2(message.contains(QString("has %1 usable pairs").arg(pairs)), e.what());
    QVERIFY2(message.contains("at least 100"), e.what());
  }
  QVERIFY(!QFileInfo::exists(QString::fromStdString(out + "/train.vi")));  // nothing half-made
}

void TestCorpus::loweredVocabularyIsAWarning() {
  const std::string tsv = path("vocab.tsv");
  writeNumberedTsv(tsv, 150);
  PrepareOptions options;
  options.corpora = {corpusAt(tsv)};
  options.out_dir = path("vocab-data");
  options.tokenizer.vocab_size = 4000;  // far more pieces than 150 short pairs hold
  std::ostringstream log;
  const auto summary = prepareData(options, log);
  const int got = summary["sentencepiece"]["vocab_size"].get<int>();
  QVERIFY(got < 4000);
  QVERIFY2(QString::fromStdString(log.str()).contains(QString("warning: the vocabulary has %1 pieces, not the 4000").arg(got)),
           log.str().c_str());
  QCOMPARE(summary["warnings"].size(), size_t(1));
}

// Vietnamese written before Unicode (Windows-1258, VISCII): without an
// encoding its lines are dropped as invalid_utf8 and the summary names the
// file and the encoding it reads as; with one, the files that are not UTF-8
// read as the UTF-8 text they were made from (a file that is UTF-8 stays
// so), prepare records it, and a byte the encoding does not define is named
// with its file and line.
void TestCorpus::corporaInAnEightBitEncodingAreReadWhenAsked() {
  std::string vi, en;
  for (int i = 0; i < 150; ++i) {
    vi += "Không thể mở tập tin cấu hình số " + std::to_string(i) + " của người dùng.\n";
    en += "Could not open the user's configuration file number " + std::to_string(i) + ".\n";
  }
  for (const auto encoding : {model::LegacyEncoding::Windows1258, model::LegacyEncoding::Viscii}) {
    size_t line = 0;
    char32_t character = 0;
    const auto bytes = model::utf8ToLegacy(vi, encoding, &line, &character);
    QVERIFY(bytes && !isValidUtf8(*bytes));
    writeBytes(path("legacy.vi"), *bytes);
    writeBytes(path("legacy.en"), en);
    const std::string name = model::legacyEncodingName(encoding);

    ReadSummary as_utf8;
    const auto dropped = readParallelFiles(path("legacy.vi"), path("legacy.en"), {}, as_utf8);
    QCOMPARE(dropped.size(), size_t(0));
    QCOMPARE(as_utf8.dropped["invalid_utf8"], size_t(150));
    QVERIFY2(as_utf8.hint.find("'" + path("legacy.vi") + "'") != std::string::npos &&
                 as_utf8.hint.find("reads as " + name) != std::string::npos &&
                 as_utf8.hint.find("--encoding") != std::string::npos,
             as_utf8.hint.c_str());
    QVERIFY2(as_utf8.describe().find(as_utf8.hint) != std::string::npos, as_utf8.describe().c_str());

    FilterOptions options;
    options.encoding = encoding;
    ReadSummary summary;
    const auto text = readParallelFiles(path("legacy.vi"), path("legacy.en"), options, summary);
    QCOMPARE(text.size(), size_t(150));
    QCOMPARE(text.src[7], std::string("Không thể mở tập tin cấu hình số 7 của người dùng."));
    QCOMPARE(text.tgt[7], std::string("Could not open the user's configuration file number 7."));
    QCOMPARE(summary.decoded, std::vector<std::string>{path("legacy.vi")});  // the English file is UTF-8
    QCOMPARE(summary.decoded_as, name);
    QVERIFY(summary.hint.empty());
    QCOMPARE(summary.toJson()["decoded"]["encoding"].get<std::string>(), name);

    // A TSV of both sides, prepared: the splits hold the UTF-8 text, summary.json says how it was read.
    std::string tsv;
    for (size_t i = 0; i < text.size(); ++i)
      tsv += *model::utf8ToLegacy(text.src[i], encoding, &line, &character) + "\t" + text.tgt[i] + "\n";
    writeBytes(path("legacy.tsv"), tsv);
    PrepareOptions prepare;
    prepare.corpora = {corpusAt(path("legacy.tsv"))};
    prepare.out_dir = path(("legacy-data-" + name).c_str());
    prepare.tokenizer.vocab_size = 60;
    prepare.filter.encoding = encoding;
    std::ostringstream log;
    const auto prepared = prepareData(prepare, log);
    QCOMPARE(prepared["filter"]["encoding"].get<std::string>(), name);
    QCOMPARE(prepared["read"]["train"]["decoded"]["files"][0].get<std::string>(), path("legacy.tsv"));
    std::ifstream train(prepare.out_dir + "/train.vi");
    std::string first;
    std::getline(train, first);
    QVERIFY2(first.rfind("Không thể mở tập tin cấu hình số ", 0) == 0, first.c_str());
  }

  // A file that is UTF-8 is read as UTF-8 whatever the encoding asked.
  writeBytes(path("utf8.vi"), vi);
  FilterOptions options;
  options.encoding = model::LegacyEncoding::Windows1258;
  ReadSummary summary;
  const auto text = readParallelFiles(path("utf8.vi"), path("legacy.en"), options, summary);
  QCOMPARE(text.src[3], std::string("Không thể mở tập tin cấu hình số 3 của người dùng."));
  QVERIFY(summary.decoded.empty());

  // VISCII read as Windows-1258: refused, the encoding it reads as named.
  size_t line = 0;
  char32_t character = 0;
  writeBytes(path("viscii.vi"), *model::utf8ToLegacy(vi, model::LegacyEncoding::Viscii, &line, &character));
  try {
    readParallelFiles(path("viscii.vi"), path("legacy.en"), options, summary);
    QFAIL("VISCII was read as Windows-1258");
  } catch (const CorpusError& e) {
    QVERIFY2(QString::fromUtf8(e.what()).contains("reads as VISCII, not Windows-1258"), e.what());
  }

  // A byte Windows-1258 leaves undefined (0x81), on line 2: the file and the line named.
  writeBytes(path("bad.vi"), *model::utf8ToLegacy("Không thể mở tập tin cấu hình của người dùng.\n",
                                                  model::LegacyEncoding::Windows1258, &line, &character) +
                                 "hai \x81\n");
  writeBytes(path("bad.en"), "one\ntwo\n");
  try {
    readParallelFiles(path("bad.vi"), path("bad.en"), options, summary);
    QFAIL("an undefined byte was read");
  } catch (const CorpusError& e) {
    QVERIFY2(QString::fromUtf8(e.what()).contains(QString::fromStdString(path("bad.vi"))) &&
                 QString::fromUtf8(e.what()).contains("line 2"),
             e.what());
  }
}

// SentencePiece's BPE instead of its unigram model (prepare --spm-type bpe):
// the data folder's spm.model is a BPE model that reads the text back.
void TestCorpus::aBpeSegmentationIsTrainedWhenAsked() {
  const std::string tsv = path("bpe.tsv");
  writeNumberedTsv(tsv, 150);
  PrepareOptions options;
  options.corpora = {corpusAt(tsv)};
  options.out_dir = path("bpe-data");
  options.tokenizer.vocab_size = 60;
  options.tokenizer.model_type = "bpe";
  std::ostringstream log;
  const auto summary = prepareData(options, log);
  QCOMPARE(summary["sentencepiece"]["model_type"].get<std::string>(), std::string("bpe"));
  const Tokenizer tokenizer(options.out_dir + "/spm.model");
  const std::string text = "mở tập tin số 42";
  QCOMPARE(tokenizer.decode(tokenizer.encode(text)), text);
  // BPE's vocabulary lists its merges in order, scored by rank (-0, -1, -2, ...); a unigram model's scores
  // are log-probabilities.
  std::ifstream vocab(options.out_dir + "/spm.vocab");
  std::string line;
  std::vector<std::string> scores;
  while (std::getline(vocab, line)) scores.push_back(line.substr(line.find('\t') + 1));
  QVERIFY(scores.size() > 10);
  QCOMPARE(scores[4], std::string("-0"));
  QCOMPARE(scores[5], std::string("-1"));
}

STUDIO_TEST_MAIN(TestCorpus)
#include "tst_corpus.moc"
