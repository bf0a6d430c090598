// Translation memories (TMX) as a corpus: their units read as pairs, every
// unit counted, what is not TMX or not well-formed named with its line.

#include <fstream>
#include <sstream>

#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest/QtTest>
#include <nlohmann/json.hpp>

#include "common/SuiteMain.h"
#include "model/data/Corpus.h"
#include "model/data/Prepare.h"
#include "model/data/TmxFile.h"
#include "model/data/TmxWriter.h"
#include "model/decoding/Markup.h"
#include "model/files/LegacyEncodings.h"

using namespace studio::data;

namespace {

void writeFileBytes(const std::string& path, const std::string& bytes) {
  std::ofstream(path, std::ios::binary) << bytes;
}

// A TMX file as OPUS writes one: the English variant first.
std::string opusStyleTmx(const std::vector<std::pair<std::string, std::string>>& pairs) {
  std::string out =
      "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<tmx version=\"1.4\">\n<header creationdate=\"20261129\" "
      "srclang=\"en\" adminlang=\"en\" o-tmf=\"unknown\" segtype=\"sentence\" creationtool=\"Uplug\" "
      "creationtoolversion=\"unknown\" datatype=\"PlainText\" />\n  <body>\n";
  for (const auto& [vi, en] : pairs)
    out += "    <tu>\n      <tuv xml:lang=\"en\"><seg>" + studio::model::escapeMarkup(en) +
           "</seg></tuv>\n      <tuv xml:lang=\"vi\"><seg>" + studio::model::escapeMarkup(vi) +
           "</seg></tuv>\n    </tu>\n";
  return out + "  </body>\n</tmx>\n";
}

// UTF-8 text (ASCII markup, any letters) as UTF-16 with its byte order mark.
std::string utf16WithBom(const QString& text, bool big_endian) {
  std::string out = big_endian ? "\xFE\xFF" : "\xFF\xFE";
  for (const QChar c : text) {
    const char high = char(c.unicode() >> 8), low = char(c.unicode() & 0xFF);
    out += big_endian ? std::string{high, low} : std::string{low, high};
  }
  return out;
}

}  // namespace

class TestTmx : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void init() { QVERIFY(dir_.isValid()); }
  void unitsAreReadAsPairs();
  void everyUnitIsCounted();
  void notWellFormedFilesNameTheLine_data();
  void notWellFormedFilesNameTheLine();
  void aMemoryWithoutVietnameseNamesItsLanguages();
  void encodingsAreReadAsDeclared();
  void packedCorporaAreReadAsTheyAre();
  void prepareReadsAMemoryAsItReadsTheSamePairsInTsv();
  void whatIsWrittenIsReadBack();
  void textXmlCannotCarryIsRefusedNamingTheUnit();

 private:
  std::string path(const char* name) { return dir_.filePath(name).toStdString(); }
  ParallelText read(const std::string& tmx, ReadSummary& summary, const FilterOptions& options = {}) {
    const std::string file = path("memory.tmx");
    writeFileBytes(file, tmx);
    return readTmx(file, options, summary);
  }
  QTemporaryDir dir_;
};

// What CAT tools write: TMX 1.4's xml:lang and 1.1's lang, tags in any
// order and case of language, a DOCTYPE with an internal subset, comments,
// CDATA, entities; inline codes (a bold tag, a placeholder with a sub-flow)
// left out, highlighted text kept, a segment over lines joined.
void TestTmx::unitsAreReadAsPairs() {
  const std::string tmx =
      "\xEF\xBB\xBF<?xml version='1.0' encoding='UTF-8'?>\n"
      "<!DOCTYPE tmx SYSTEM \"tmx14.dtd\" [ <!ENTITY x \"]>\"> ]>\n"
      "<!-- exported by hand -->\n"
      "<tmx version=\"1.4\"><header srclang=\"vi-VN\" datatype=\"rtf\"/>\n"
      "<body>\n"
      "<tu tuid=\"1\"><prop type=\"x-note\">not text</prop>\n"
      "  <tuv xml:lang=\"VI-VN\"><seg>Mở <bpt i=\"1\">&lt;b&gt;</bpt>tập tin<ept "
      "i=\"1\">&lt;/b&gt;</ept></seg></tuv>\n"
      "  <tuv xml:lang=\"en-US\"><note>a note</note><seg>Open the <hi type=\"b\">file</hi></seg></tuv>\n"
      "</tu>\n"
      "<tu><tuv lang=\"EN\"><seg>Save &amp; quit &#8230;</seg></tuv><tuv lang=\"vi\"><seg>Lưu &#x26; thoát "
      "…</seg></tuv></tu>\n"
      "<tu><tuv xml:lang='vie'><seg><![CDATA[Dùng <tab> để]]> chuyển\n   trường</seg></tuv>\n"
      "    <tuv xml:lang='en_GB'><seg>Use <ph x=\"1\">{1}<sub>alt text</sub></ph>&lt;tab&gt; to move between "
      "fields</seg></tuv></tu>\n"
      "<tu><tuv xml:lang=\"vi\"><seg>Một</seg></tuv><tuv xml:lang=\"vi\"><seg>Hai</seg></tuv>"
      "<tuv xml:lang=\"en\"><seg>One</seg></tuv></tu>\n"
      "</body></tmx>\n";
  ReadSummary summary;
  const auto text = read(tmx, summary);
  QCOMPARE(text.size(), size_t(4));
  QCOMPARE(text.src[0], std::string("Mở tập tin"));
  QCOMPARE(text.tgt[0], std::string("Open the file"));
  QCOMPARE(text.src[1], std::string("Lưu & thoát …"));
  QCOMPARE(text.tgt[1], std::string("Save & quit …"));
  QCOMPARE(text.src[2], std::string("Dùng <tab> để chuyển trường"));
  QCOMPARE(text.tgt[2], std::string("Use <tab> to move between fields"));
  QCOMPARE(text.src[3], std::string("Một"));  // the first Vietnamese variant
  QCOMPARE(summary.read, size_t(4));
  QCOMPARE(summary.kept, size_t(4));
  QCOMPARE(summary.droppedTotal(), size_t(0));
}

// Units that are not pairs are counted by reason, with the line of their <tu>.
void TestTmx::everyUnitIsCounted() {
  const std::string tmx =
      "<tmx version=\"1.4\"><header/><body>\n"
      "<tu><tuv xml:lang=\"en\"><seg>English only</seg></tuv></tu>\n"  // 2
      "<tu><tuv xml:lang=\"vi\"><seg>Chỉ tiếng Việt</seg></tuv><tuv "
      "xml:lang=\"fr\"><seg>Seul</seg></tuv></tu>\n"  // 3
      "<tu><tuv xml:lang=\"vi\"><seg>AT&T</seg></tuv><tuv "
      "xml:lang=\"en\"><seg>AT&T</seg></tuv></tu>\n"                                             // 4
      "<tu><tuv xml:lang=\"vi\"><seg/></tuv><tuv xml:lang=\"en\"><seg>Empty</seg></tuv></tu>\n"  // 5
      "<tu>\n<tuv xml:lang=\"vi\"><seg>Xin chào</seg></tuv>\n<tuv "
      "xml:lang=\"en\"><seg>Hello</seg></tuv>\n</tu>\n"
      "<tu><tuv xml:lang=\"vi\"><seg>\xC3\x28 sai</seg></tuv><tuv "
      "xml:lang=\"en\"><seg>bad</seg></tuv></tu>\n"  // 10
      "</body></tmx>";
  ReadSummary summary;
  const auto text = read(tmx, summary);
  QCOMPARE(text.size(), size_t(1));
  QCOMPARE(text.src[0], std::string("Xin chào"));
  QCOMPARE(summary.read, size_t(6));
  QCOMPARE(summary.kept, size_t(1));
  QCOMPARE(summary.dropped.at("no_vietnamese"), size_t(1));
  QCOMPARE(summary.first_lines.at("no_vietnamese"), std::vector<size_t>{2});
  QCOMPARE(summary.dropped.at("no_english"), size_t(1));
  QCOMPARE(summary.first_lines.at("no_english"), std::vector<size_t>{3});
  QCOMPARE(summary.dropped.at("malformed"), size_t(1));  // "&T" is no entity XML defines
  QCOMPARE(summary.first_lines.at("malformed"), std::vector<size_t>{4});
  QCOMPARE(summary.dropped.at("empty"), size_t(1));
  QCOMPARE(summary.first_lines.at("empty"), std::vector<size_t>{5});
  QCOMPARE(summary.dropped.at("invalid_utf8"), size_t(1));
  QCOMPARE(summary.first_lines.at("invalid_utf8"), std::vector<size_t>{10});
  QVERIFY2(QString::fromStdString(summary.describe()).contains("no_english 1 e.g. line 3"),
           summary.describe().c_str());
}

void TestTmx::notWellFormedFilesNameTheLine_data() {
  QTest::addColumn<QByteArray>("tmx");
  QTest::addColumn<QString>("expected");
  const QByteArray head = "<?xml version=\"1.0\"?>\n<tmx version=\"1.4\">\n<body>\n";
  QTest::newRow("mismatched end tag") << head + "<tu><tuv xml:lang=\"vi\"><seg>a</tuv></tu>\n</body></tmx>"
                                      << "line 4: </tuv> closes <seg>, opened on line 4";
  QTest::newRow("cut short") << head + "<tu>\n<tuv xml:lang=\"vi\"><seg>a</seg></tuv>\n"
                             << "line 6: the file ends inside <tu> opened on line 4 (is it cut short?)";
  QTest::newRow("unquoted attribute") << head + "\n<tu><tuv xml:lang=vi>"
                                      << "line 5: the value of xml:lang in <tuv> is not quoted";
  QTest::newRow("tag not closed") << head + "<tu"
                                  << "line 4: <tu> is not closed (no >)";
  QTest::newRow("CDATA not closed") << head + "<tu><tuv><seg><![CDATA[a"
                                    << "line 4: a CDATA section is not closed";
  QTest::newRow("not TMX") << QByteArray("<!DOCTYPE html>\n<html><body>Xin chào</body></html>")
                           << "line 2: the first element is <html>, not <tmx>: this is not a TMX file";
  QTest::newRow("no element") << QByteArray("<!-- nothing -->\n")
                              << "no <tmx> element: this is not a TMX file";
  QTest::newRow("TSV") << QByteArray("\n\nXin chào <b>\tHello <b>\n")
                       << "line 3: text before the first element: this is not a TMX file";
  QTest::newRow("after the root") << head + "</body></tmx>\n<tu/>"
                                  << "line 5: <tu> after the end of <tmx>";
  QTest::newRow("text after the root") << head + "</body></tmx>\n\nstray"
                                       << "line 6: text after the end of <tmx>";
  QTest::newRow("closes nothing") << QByteArray("<tmx></tmx>\n</tmx>") << "line 2: </tmx> closes nothing";
}

void TestTmx::notWellFormedFilesNameTheLine() {
  QFETCH(QByteArray, tmx);
  QFETCH(QString, expected);
  ReadSummary summary;
  try {
    read(tmx.toStdString(), summary);
    QFAIL("a file that is not well-formed TMX was read");
  } catch (const CorpusError& e) {
    const QString message = QString::fromUtf8(e.what());
    QVERIFY2(message.startsWith("'" + QString::fromStdString(path("memory.tmx")) + "'"), e.what());
    QVERIFY2(message.contains(expected), e.what());
  }
}

void TestTmx::aMemoryWithoutVietnameseNamesItsLanguages() {
  const std::string tmx =
      "<tmx><body><tu><tuv xml:lang=\"en-US\"><seg>Open</seg></tuv><tuv "
      "xml:lang=\"fr-FR\"><seg>Ouvrir</seg></tuv>"
      "</tu></body></tmx>";
  ReadSummary summary;
  try {
    read(tmx, summary);
    QFAIL("a memory without Vietnamese was read");
  } catch (const CorpusError& e) {
    QVERIFY2(QString::fromUtf8(e.what()).contains(
                 "has no Vietnamese variants (xml:lang \"vi\"): its languages are "
                 "en-US, fr-FR"),
             e.what());
  }
}

// UTF-16 either way round (as Trados exports), the 8-bit encodings an XML
// declaration names; one it does not read is named, as is UTF-16 without
// its mark; a file of bytes that are not UTF-8 loses its units as
// invalid_utf8 and the summary names the encoding it reads as.
void TestTmx::encodingsAreReadAsDeclared() {
  const QString document = QString::fromUtf8(
      "<?xml version=\"1.0\" encoding=\"UTF-16\"?>\r\n<tmx version=\"1.4\"><body>\r\n"
      "<tu><tuv xml:lang=\"vi\"><seg>Tệp đã được lưu</seg></tuv><tuv xml:lang=\"en\"><seg>The file was "
      "saved</seg></tuv></tu>\r\n</body></tmx>\r\n");
  for (const bool big_endian : {false, true}) {
    ReadSummary summary;
    const std::string file = path(big_endian ? "be.tmx" : "le.tmx");
    writeFileBytes(file, utf16WithBom(document, big_endian));
    QVERIFY(looksLikeTmx(file));
    const auto text = readTmx(file, {}, summary);
    QCOMPARE(text.size(), size_t(1));
    QCOMPARE(text.src[0], std::string("Tệp đã được lưu"));
  }
  {
    ReadSummary summary;  // ISO-8859-1: "Cà phê" has only Latin-1 letters
    const auto text = read(
        "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><tmx><body><tu><tuv xml:lang=\"vi\">"
        "<seg>C\xE0 ph\xEA</seg></tuv><tuv xml:lang=\"en\"><seg>Coffee</seg></tuv></tu></body></tmx>",
        summary);
    QCOMPARE(text.src.at(0), std::string("Cà phê"));
  }
  {
    ReadSummary summary;  // Windows-1258: "Việt" is V i ê + dot below (0xF2)
    const auto text = read(
        "<?xml version=\"1.0\" encoding=\"windows-1258\"?><tmx><body><tu><tuv xml:lang=\"vi\">"
        "<seg>Vi\xEA\xF2t Nam</seg></tuv><tuv xml:lang=\"en\"><seg>Vietnam</seg></tuv></tu></body></tmx>",
        summary);
    QCOMPARE(text.src.at(0), std::string("Việt Nam"));
    QCOMPARE(summary.decoded_as, std::string("Windows-1258"));
  }
  ReadSummary summary;
  try {
    read(
        "<?xml version=\"1.0\" encoding=\"Shift_JIS\"?><tmx><body><tu><tuv "
        "xml:lang=\"vi\"><seg>\x82\xA0</seg>"
        "</tuv></tu></body></tmx>",
        summary);
    QFAIL("Shift_JIS was read");
  } catch (const CorpusError& e) {
    QVERIFY2(QString::fromUtf8(e.what()).contains(
                 "is written in shift_jis, which is not read here: save it as UTF-8"),
             e.what());
  }
  try {
    read(std::string("<\0t\0m\0x\0>\0", 10), summary);
    QFAIL("UTF-16 without its byte order mark was read");
  } catch (const CorpusError& e) {
    QVERIFY2(QString::fromUtf8(e.what()).contains("is UTF-16 without a byte order mark"), e.what());
  }
  // VISCII bytes, the declaration silent: dropped as invalid_utf8, the encoding named.
  size_t line = 0;
  char32_t character = 0;
  const auto viscii_text = studio::model::utf8ToLegacy(
      "Không thể mở tập tin", studio::model::LegacyEncoding::Viscii, &line, &character);
  QVERIFY(viscii_text);
  std::string units;
  for (int i = 0; i < 20; ++i)
    units += "<tu><tuv xml:lang=\"vi\"><seg>" + *viscii_text +
             "</seg></tuv><tuv xml:lang=\"en\"><seg>Cannot open the file</seg></tuv></tu>\n";
  ReadSummary silent;
  const auto text = read("<tmx><body>\n" + units + "</body></tmx>", silent);
  QCOMPARE(text.size(), size_t(0));
  QCOMPARE(silent.dropped.at("invalid_utf8"), size_t(20));
  QVERIFY2(QString::fromStdString(silent.hint).contains("reads as VISCII: prepare it with --encoding viscii"),
           silent.hint.c_str());
  FilterOptions viscii;
  viscii.encoding = studio::model::LegacyEncoding::Viscii;
  ReadSummary asked;
  const auto decoded = read("<tmx><body>\n" + units + "</body></tmx>", asked, viscii);
  QCOMPARE(decoded.size(), size_t(20));
  QCOMPARE(decoded.src[0], std::string("Không thể mở tập tin"));
}

// A corpus downloaded packed with gzip (OPUS serves .tmx.gz) is read as it is,
// its format told from what it holds; a damaged or cut one is an error naming
// it; other packings are named with the command that unpacks them.
void TestTmx::packedCorporaAreReadAsTheyAre() {
  // Packed by the gzip program (another implementation than the one reading them).
  const auto gzip = [](const std::string& file, const QStringList& options = {"-9"}) {
    QProcess zip;
    zip.start("gzip", QStringList(options) << "-c"
                                           << "-n" << QString::fromStdString(file));
    if (!zip.waitForFinished(60000) || zip.exitCode() != 0) return std::string();
    const QByteArray out = zip.readAllStandardOutput();
    return std::string(out.constData(), size_t(out.size()));
  };
  QVERIFY2(!QStandardPaths::findExecutable("gzip").isEmpty(), "no gzip program (Debian's is essential)");
  // Enough units that the packed file is larger than the 64 KiB its format is told from.
  std::vector<std::pair<std::string, std::string>> pairs;
  std::string tsv;
  for (int i = 0; i < 6000; ++i) {
    const std::string n = std::to_string(i * 7919 % 100003);
    pairs.emplace_back("Không thể mở tập tin " + n + " của " + std::to_string(i),
                       "Could not open file " + n + " of " + std::to_string(i));
    tsv += pairs.back().first + "\t" + pairs.back().second + "\n";
  }
  const std::string tmx = path("en-vi.tmx"), tsv_file = path("pairs.tsv");
  writeFileBytes(tmx, opusStyleTmx(pairs));
  writeFileBytes(tsv_file, tsv);
  const std::string tmx_gz = path("en-vi.tmx.gz"), tsv_gz = path("pairs.tsv.gz");
  const std::string packed = gzip(tmx);
  QVERIFY(packed.size() > 64 * 1024);
  writeFileBytes(tmx_gz, packed);
  writeFileBytes(tsv_gz, gzip(tsv_file, {"-1"}));

  QVERIFY(detectFormat(corpusAt(tmx_gz)) == CorpusFormat::Tmx);
  QVERIFY(detectFormat(corpusAt(tsv_gz)) == CorpusFormat::Tsv);
  ReadSummary plain, unpacked;
  const auto expected = readTmx(tmx, {}, plain);
  QCOMPARE(expected.size(), size_t(6000));
  const auto read = readTmx(tmx_gz, {}, unpacked);
  QCOMPARE(read.src, expected.src);
  QCOMPARE(read.tgt, expected.tgt);
  ReadSummary tsv_summary;
  QCOMPARE(readTsv(tsv_gz, {}, tsv_summary).src, expected.src);
  // Two members one after another, as `cat a.gz b.gz` makes: the two files' bytes.
  const std::string halves = path("halves.tsv.gz"), first = path("first.tsv"), second = path("second.tsv");
  writeFileBytes(first, tsv.substr(0, tsv.size() / 2));
  writeFileBytes(second, tsv.substr(tsv.size() / 2));
  writeFileBytes(halves, gzip(first) + gzip(second, {"-3"}));
  QCOMPARE(readCorpusFile(halves), tsv);

  // Cut off (a download not finished) and damaged: errors that name the file.
  const auto refused = [](const std::string& file, const QString& says) {
    try {
      readCorpusFile(file);
      QFAIL(qPrintable("read " + QString::fromStdString(file)));
    } catch (const CorpusError& e) {
      const QString message = QString::fromUtf8(e.what());
      QVERIFY2(
          message.startsWith("'" + QString::fromStdString(file) + "' (gzip): ") && message.contains(says),
          e.what());
    }
  };
  const std::string cut = path("cut.tmx.gz"), damaged = path("damaged.tmx.gz");
  writeFileBytes(cut, packed.substr(0, packed.size() / 2));
  refused(cut, "the data ends too early");
  std::string bad = packed;
  bad[bad.size() - 6] = char(bad[bad.size() - 6] ^ 0x55);  // inside the CRC-32
  writeFileBytes(damaged, bad);
  refused(damaged, "damaged data in the member that begins at byte 0");
  writeFileBytes(damaged, packed + "garbage");
  refused(damaged, "bytes that are not gzip data at byte " + QString::number(packed.size()));

  // Other packings are not read: the error says how to unpack them.
  const std::string xz = path("en-vi.tmx.xz");
  writeFileBytes(xz, std::string("\xfd"
                                 "7zXZ\0\0\0",
                                 8));
  ReadSummary summary;
  try {
    readTmx(xz, {}, summary);
    QFAIL("an xz file was read as text");
  } catch (const CorpusError& e) {
    QVERIFY2(QString::fromUtf8(e.what()).contains("is compressed (xz): unpack it first (unxz -k '" +
                                                  QString::fromStdString(xz) + "')"),
             e.what());
  }
}

// `prepare` tells a TMX file from a TSV one by its content, and a memory of
// the pairs gives the data folder those pairs give as TSV.
void TestTmx::prepareReadsAMemoryAsItReadsTheSamePairsInTsv() {
  std::vector<std::pair<std::string, std::string>> pairs;
  std::string tsv;
  for (int i = 0; i < 160; ++i) {
    pairs.emplace_back("Không thể mở tập tin <" + std::to_string(i) + "> & thư mục",
                       "Could not open file <" + std::to_string(i) + "> & folder");
    tsv += pairs.back().first + "\t" + pairs.back().second + "\n";
  }
  const std::string tmx_file = path("pairs.data"),
                    tsv_file = path("pairs.tsv");  // no .tmx: told by its content
  writeFileBytes(tmx_file, opusStyleTmx(pairs));
  writeFileBytes(tsv_file, tsv);
  QVERIFY(looksLikeTmx(tmx_file));
  QVERIFY(!looksLikeTmx(tsv_file));
  std::string folders[2];
  for (int k = 0; k < 2; ++k) {
    PrepareOptions options;
    options.corpora = {corpusAt(k == 0 ? tmx_file : tsv_file)};
    options.out_dir = path(k == 0 ? "from-tmx" : "from-tsv");
    options.tokenizer.vocab_size = 200;
    QVERIFY(detectFormat(options.corpora[0]) == (k == 0 ? CorpusFormat::Tmx : CorpusFormat::Tsv));
    std::ostringstream log;
    const auto summary = prepareData(options, log);
    QCOMPARE(summary["format"].get<std::string>(), std::string(k == 0 ? "tmx" : "tsv"));
    folders[k] = options.out_dir;
  }
  for (const char* split : {"train.vi", "train.en", "dev.vi", "dev.en", "test.vi", "test.en"}) {
    std::ifstream a(folders[0] + "/" + split), b(folders[1] + "/" + split);
    std::stringstream sa, sb;
    sa << a.rdbuf();
    sb << b.rdbuf();
    QVERIFY2(!sa.str().empty(), split);
    QCOMPARE(sa.str(), sb.str());
  }
  CorpusSource folder;
  folder.path = dir_.path().toStdString();
  folder.format = CorpusFormat::Tmx;
  try {
    detectFormat(folder);
    QFAIL("a folder was taken for a TMX file");
  } catch (const CorpusError& e) {
    QVERIFY2(QString::fromUtf8(e.what()).contains("is a folder, not a tmx file"), e.what());
  }
}

// tmxDocument: every unit read back as the pair it holds, markup-like text and quotes escaped, the
// properties and header written.
void TestTmx::whatIsWrittenIsReadBack() {
  const std::vector<TmxUnit> units{
      {"Mở tập tin <b>%s</b> & \"cấu hình\"",
       "Open the file <b>%s</b> & \"configuration\"",
       {{"x-model-said", "Open file <b>%s</b> & configuration"}}},
      {"Đóng cửa sổ", "Close the window", {}},
      {"Thư mục 'nhà' của bạn", "Your 'home' folder", {}},
  };
  const std::string document = tmxDocument(units, "Attention Studio", "0.1.0");
  QVERIFY(document.find("srclang=\"vi\"") != std::string::npos);
  QVERIFY(document.find("creationtool=\"Attention Studio\" creationtoolversion=\"0.1.0\"") !=
          std::string::npos);
  QVERIFY(document.find(
              "<prop type=\"x-model-said\">Open file &lt;b&gt;%s&lt;/b&gt; &amp; configuration</prop>") !=
          std::string::npos);
  ReadSummary summary;
  const auto pairs = read(document, summary);
  QCOMPARE(pairs.size(), units.size());
  for (size_t i = 0; i < units.size(); ++i) {
    QCOMPARE(pairs.src[i], units[i].vietnamese);
    QCOMPARE(pairs.tgt[i], units[i].english);
  }
}

void TestTmx::textXmlCannotCarryIsRefusedNamingTheUnit() {
  auto refusal = [](const std::vector<TmxUnit>& units) {
    try {
      tmxDocument(units, "t", "1");
    } catch (const std::invalid_argument& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  const TmxUnit good{"Mở", "Open", {}};
  QCOMPARE(refusal({good, {"Mở\x01", "Open", {}}}),
           std::string("unit 2's Vietnamese holds control character 1, "
                       "which XML cannot carry"));
  QCOMPARE(refusal({good, good, {"Mở", "Op\xc3", {}}}), std::string("unit 3's English is not valid UTF-8"));
  QCOMPARE(refusal({{"", "Open", {}}}), std::string("unit 1: the Vietnamese segment is empty"));
  QCOMPARE(refusal({{"Mở", "Open", {{"", "x"}}}}), std::string("unit 1: a property has no name"));
  QVERIFY(refusal({good}).empty());
}

STUDIO_TEST_MAIN(TestTmx)
#include "tst_tmx.moc"
