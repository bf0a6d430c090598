// Corpora inside zip files (model/data/ZipCorpus): OPUS's moses downloads,
// zipped folders of splits, a memory or a TSV file zipped, read where they
// are — and what cannot be read named, with what to do.

#include <fstream>

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest/QtTest>

#include "common/FileUtil.h"
#include "common/SuiteMain.h"
#include "common/ZipWriter.h"
#include "model/data/CorpusSources.h"
#include "model/data/Prepare.h"
#include "model/data/TmxFile.h"
#include "model/data/ZipCorpus.h"
#include "model/files/Gzip.h"

using namespace studio::data;
using studio::test::ZipItem;

namespace {

// `count` different pairs from `first` on, as the two sides' text.
struct ZipTestText {
  std::string vi, en, tsv;
  std::vector<std::string> vi_lines, en_lines;
};

ZipTestText zipTestText(int first, int count) {
  ZipTestText t;
  for (int i = first; i < first + count; ++i) {
    const std::string n = std::to_string(i);
    t.vi_lines.push_back("Tôi đọc cuốn sách số " + n + " hôm nay");
    t.en_lines.push_back("I read book number " + n + " today");
    t.vi += t.vi_lines.back() + "\n";
    t.en += t.en_lines.back() + "\n";
    t.tsv += t.vi_lines.back() + "\t" + t.en_lines.back() + "\n";
  }
  return t;
}

// OPUS's moses download: CORPUS.en-vi.en + .vi, with the files beside them.
std::vector<ZipItem> opusItems(const ZipTestText& text, uint16_t method = 8) {
  std::string ids;
  for (size_t i = 0; i < text.vi_lines.size(); ++i)
    ids += "en/a.xml.gz\tvi/a.xml.gz\t" + std::to_string(i) + "\n";
  return {{"README", "OPUS corpus", method},
          {"LICENSE", "CC-BY", method},
          {"Books.en-vi.en", text.en, method},
          {"Books.en-vi.ids", ids, method},
          {"Books.en-vi.vi", text.vi, method}};
}

ReadCorpora readOne(const std::string& corpus) {
  std::ostringstream log;
  return readCorpora({corpusAt(corpus)}, {}, log);
}

// Every training, dev and test pair read, as "vi|en".
std::multiset<std::string> allPairs(const ReadCorpora& read) {
  std::multiset<std::string> out;
  for (const ParallelText* t : {&read.corpora[0].train, &read.dev, &read.test})
    for (size_t i = 0; i < t->size(); ++i) out.insert(t->src[i] + "|" + t->tgt[i]);
  return out;
}

std::multiset<std::string> allPairs(const ZipTestText& text) {
  std::multiset<std::string> out;
  for (size_t i = 0; i < text.vi_lines.size(); ++i) out.insert(text.vi_lines[i] + "|" + text.en_lines[i]);
  return out;
}

}  // namespace

class TestZipCorpus : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void init() { QVERIFY(dir_.isValid()); }
  void opusMosesDownloadsAreReadInPlace();
  void aZipOfAnotherMakerIsRead();
  void zippedFoldersMemoriesAndTsvAreRead();
  void pathsThroughAZipNameItsFiles();
  void aZipOfSeveralCorporaNamesThemAndHowToChoose();
  void whatCannotBeReadIsNamed();
  void packedPairsAreFoundByTheirPrefix();
  void prepareWritesTheSameFolderFromAZipAsFromItsFiles();

 private:
  std::string path(const char* name) { return dir_.filePath(name).toStdString(); }
  QTemporaryDir dir_;
};

// The moses zip as OPUS serves it: its README, LICENSE and .ids passed over,
// every pair read from the two files inside it (deflated, stored, ZIP64,
// and larger than the reader's 1 MiB chunks).
void TestZipCorpus::opusMosesDownloadsAreReadInPlace() {
  const auto text = zipTestText(0, 400);
  for (const bool zip64 : {false, true})
    for (const uint16_t method : {uint16_t(8), uint16_t(0)}) {
      const std::string zip = path(zip64 ? "en-vi.64.txt.zip" : "en-vi.txt.zip");
      studio::test::writeZipFile(zip, opusItems(text, method), zip64);
      QVERIFY(isZipFile(zip));
      QCOMPARE(toString(detectFormat(corpusAt(zip))), std::string("parallel"));
      QCOMPARE(locateCorpus(corpusAt(zip)).inside_zip, std::string("Books.en-vi.vi + Books.en-vi.en"));
      const ReadCorpora read = readOne(zip);
      QCOMPARE(read.corpora[0].source.src, zip + "/Books.en-vi.vi");
      QCOMPARE(read.corpora[0].source.tgt, zip + "/Books.en-vi.en");
      QCOMPARE(read.corpora[0].train_read.read, size_t(400));
      QVERIFY(read.held_out_by_hash);
      QVERIFY(allPairs(read) == allPairs(text));
    }
  // Larger than a chunk of packed data and of inflated data, in few bytes.
  const auto big = zipTestText(0, 60000);
  QVERIFY(big.vi.size() > (2u << 20));
  studio::test::writeZipFile(path("big.zip"), opusItems(big));
  QVERIFY(std::filesystem::file_size(path("big.zip")) < big.vi.size() / 4);
  QCOMPARE(readCorpusFile(path("big.zip") + "/Books.en-vi.vi"), big.vi);
  // Its beginning, without reading it whole.
  QCOMPARE(corpusFileHead(path("big.zip") + "/Books.en-vi.en", 1000), big.en.substr(0, 1000));
}

// Written by Python's zipfile (another implementation than the test's
// writer and our reader), ZIP64 forced as for files past 4 GiB.
void TestZipCorpus::aZipOfAnotherMakerIsRead() {
  QVERIFY2(!QStandardPaths::findExecutable("python3").isEmpty(), "no python3 (scripts/deps installs it)");
  const auto text = zipTestText(100, 300);
  std::ofstream(path("x.vi"), std::ios::binary) << text.vi;
  std::ofstream(path("x.en"), std::ios::binary) << text.en;
  const char* script = R"(
import sys, zipfile
zip, vi, en = sys.argv[1:4]
with zipfile.ZipFile(zip, 'w', zipfile.ZIP_DEFLATED) as z:
    z.writestr('README', 'from OPUS')
    for name, src in (('TED2020.en-vi.en', en), ('TED2020.en-vi.vi', vi)):
        with z.open(name, 'w', force_zip64=True) as out, open(src, 'rb') as f:
            out.write(f.read())
)";
  QProcess python;
  python.start("python3",
               {"-c", script, dir_.filePath("py.zip"), dir_.filePath("x.vi"), dir_.filePath("x.en")});
  QVERIFY(python.waitForFinished(60000));
  QVERIFY2(python.exitCode() == 0, python.readAllStandardError().constData());
  const ReadCorpora read = readOne(path("py.zip"));
  QCOMPARE(read.corpora[0].source.src, path("py.zip") + "/TED2020.en-vi.vi");
  QVERIFY(allPairs(read) == allPairs(text));
}

void TestZipCorpus::zippedFoldersMemoriesAndTsvAreRead() {
  const auto train = zipTestText(0, 200), dev = zipTestText(1000, 20), test = zipTestText(2000, 30);
  // A folder of splits in one top folder: its own dev and test are read.
  studio::test::writeZipFile(path("splits.zip"), {{"corpus/", ""},
                                                  {"corpus/train.vi", train.vi},
                                                  {"corpus/train.en", train.en},
                                                  {"corpus/dev.vi", dev.vi},
                                                  {"corpus/dev.en", dev.en},
                                                  {"corpus/test.vi", test.vi},
                                                  {"corpus/test.en", test.en}});
  QCOMPARE(toString(detectFormat(corpusAt(path("splits.zip")))), std::string("split"));
  QCOMPARE(locateCorpus(corpusAt(path("splits.zip"))).inside_zip, std::string("corpus"));
  ReadCorpora read = readOne(path("splits.zip"));
  QVERIFY(!read.held_out_by_hash);
  QCOMPARE(read.corpora[0].train.size(), size_t(200));
  QCOMPARE(read.dev.src, dev.vi_lines);
  QCOMPARE(read.test.tgt, test.en_lines);
  QCOMPARE(read.corpora[0].dev_read.source,
           path("splits.zip") + "/corpus/dev.vi + " + path("splits.zip") + "/corpus/dev.en");

  // IWSLT'15's files at the top of the zip.
  studio::test::writeZipFile(path("iwslt.zip"), {{"train.vi", train.vi},
                                                 {"train.en", train.en},
                                                 {"tst2012.vi", dev.vi},
                                                 {"tst2012.en", dev.en},
                                                 {"tst2013.vi", test.vi},
                                                 {"tst2013.en", test.en}});
  QCOMPARE(toString(detectFormat(corpusAt(path("iwslt.zip")))), std::string("iwslt"));
  QCOMPARE(locateCorpus(corpusAt(path("iwslt.zip"))).inside_zip, std::string("."));
  read = readOne(path("iwslt.zip"));
  QCOMPARE(read.test.src, test.vi_lines);

  // A memory, gzip-packed inside the zip; a TSV file.
  std::string tmx = "<?xml version='1.0'?>\n<tmx version='1.4'><header srclang='en'/><body>\n";
  for (size_t i = 0; i < train.vi_lines.size(); ++i)
    tmx += "<tu><tuv xml:lang='en'><seg>" + train.en_lines[i] + "</seg></tuv><tuv xml:lang='vi'><seg>" +
           train.vi_lines[i] + "</seg></tuv></tu>\n";
  tmx += "</body></tmx>\n";
  std::ofstream(path("m.tmx"), std::ios::binary) << tmx;
  QProcess gzip;
  gzip.start("gzip", {"-k", "-n", dir_.filePath("m.tmx")});
  QVERIFY(gzip.waitForFinished(60000) && gzip.exitCode() == 0);
  const std::string packed = studio::test::readBytes(path("m.tmx.gz"));
  QVERIFY(studio::model::isGzip(packed));
  studio::test::writeZipFile(path("tmx.zip"), {{"README.txt", "x"}, {"en-vi.tmx.gz", packed, 0}});
  QCOMPARE(toString(detectFormat(corpusAt(path("tmx.zip")))), std::string("tmx"));
  QVERIFY(looksLikeTmx(path("tmx.zip") + "/en-vi.tmx.gz"));
  QVERIFY(allPairs(readOne(path("tmx.zip"))) == allPairs(train));
  studio::test::writeZipFile(path("tsv.zip"), {{"pairs/all.tsv", train.tsv}});
  QCOMPARE(toString(detectFormat(corpusAt(path("tsv.zip")))), std::string("tsv"));
  QCOMPARE(locateCorpus(corpusAt(path("tsv.zip"))).inside_zip, std::string("pairs/all.tsv"));
  QVERIFY(allPairs(readOne(path("tsv.zip"))) == allPairs(train));
}

// A file inside a zip file is named as a file in a folder: any reader takes
// it, a line at fault is named through the zip, and so is a PREFIX.
void TestZipCorpus::pathsThroughAZipNameItsFiles() {
  auto text = zipTestText(0, 150);
  studio::test::writeZipFile(path("a.zip"), {{"docs/notes.txt", "not a corpus"},
                                             {"sub/Books.vi", text.vi},
                                             {"sub/Books.en", text.en + "one line too many\n"}});
  const std::string inside = path("a.zip") + "/sub/Books";
  QVERIFY(isCorpusFile(inside + ".vi"));
  QVERIFY(!isCorpusFile(inside + ".de"));
  QVERIFY(!isCorpusFile(path("a.zip") + "/sub"));  // a folder in it, not a file
  const auto member = zipMemberAt(inside + ".vi");
  QVERIFY(member.has_value());
  QCOMPARE(member->archive, path("a.zip"));
  QCOMPARE(member->entry, std::string("sub/Books.vi"));
  QVERIFY(!zipMemberAt(path("a.zip")).has_value());
  QVERIFY(!zipMemberAt(path("missing.zip") + "/x.vi").has_value());
  QCOMPARE(readLines(inside + ".vi"), text.vi_lines);
  // Named by its PREFIX through the zip.
  QCOMPARE(toString(detectFormat(corpusAt(inside))), std::string("parallel"));
  const std::string error = studio::test::thrownMessage([&] { readOne(inside); });
  QVERIFY2(error.find(inside + ".vi") != std::string::npos &&
               error.find(inside + ".en") != std::string::npos && error.find("151") != std::string::npos,
           error.c_str());
  // The two files named one by one.
  CorpusSource two;
  two.src = inside + ".vi";
  two.tgt = path("a.zip") + "/sub/Books.vi";
  std::ostringstream log;
  QCOMPARE(readCorpora({two}, {}, log).corpora[0].train_read.read, size_t(150));
}

void TestZipCorpus::aZipOfSeveralCorporaNamesThemAndHowToChoose() {
  const auto text = zipTestText(0, 150);
  studio::test::writeZipFile(
      path("two.zip"),
      {{"A.en-vi.en", text.en}, {"A.en-vi.vi", text.vi}, {"B.en-vi.en", text.en}, {"B.en-vi.vi", text.vi}});
  const std::string error = studio::test::thrownMessage([&] { detectFormat(corpusAt(path("two.zip"))); });
  QVERIFY2(error.find("2 pairs") != std::string::npos &&
               error.find("A.en-vi.vi + A.en-vi.en, B.en-vi.vi + B.en-vi.en") != std::string::npos &&
               error.find("'" + path("two.zip") + "/A.en-vi'") != std::string::npos,
           error.c_str());
  // The way the message gives: one of them.
  QCOMPARE(readOne(path("two.zip") + "/B.en-vi").corpora[0].source.src, path("two.zip") + "/B.en-vi.vi");

  studio::test::writeZipFile(
      path("folders.zip"),
      {{"a/train.vi", text.vi}, {"a/train.en", text.en}, {"b/train.vi", text.vi}, {"b/train.en", text.en}});
  const std::string folders =
      studio::test::thrownMessage([&] { detectFormat(corpusAt(path("folders.zip"))); });
  QVERIFY2(folders.find("2 folders of splits (a/, b/)") != std::string::npos, folders.c_str());
  QCOMPARE(toString(detectFormat(corpusAt(path("folders.zip") + "/a"))), std::string("split"));

  studio::test::writeZipFile(path("none.zip"), {{"README", "x"}, {"en-vi.xml.gz", "x"}, {"vi.txt", "x"}});
  const std::string none = studio::test::thrownMessage([&] { detectFormat(corpusAt(path("none.zip"))); });
  QVERIFY2(none.find("holds no corpus that is read here") != std::string::npos &&
               none.find("README, en-vi.xml.gz, vi.txt") != std::string::npos,
           none.c_str());
}

// Each refusal names the file (through the zip when inside it) and, where
// unzip would help, says so; nothing is read half.
void TestZipCorpus::whatCannotBeReadIsNamed() {
  const auto text = zipTestText(0, 150);
  const auto expect = [&](const std::string& corpus, const std::vector<std::string>& parts) {
    const std::string error = studio::test::thrownMessage([&] { readOne(corpus); });
    for (const auto& part : parts)
      QVERIFY2(error.find(part) != std::string::npos, (error + " lacks " + part).c_str());
  };
  // Another compression method (bzip2) and encryption: unzip reads them.
  studio::test::writeZipFile(path("bz.zip"), {{"X.en", "BZh9...", 12}, {"X.vi", "BZh9...", 12}});
  expect(path("bz.zip"), {path("bz.zip") + "/X.", "bzip2", "unzip '" + path("bz.zip") + "'"});
  studio::test::writeZipFile(path("locked.zip"), {{"X.en", "????", 0, true}, {"X.vi", "????", 0, true}});
  expect(path("locked.zip"), {path("locked.zip") + "/X.", "encrypted", "unzip"});
  // A download cut short: its directory is at its end.
  const std::string whole = studio::test::zipBytes(opusItems(text));
  std::ofstream(path("cut.zip"), std::ios::binary) << whole.substr(0, whole.size() / 2);
  expect(path("cut.zip"), {"'" + path("cut.zip") + "' (zip)", "end-of-directory"});
  // A flipped byte in the deflated data: it fails to inflate or its CRC-32.
  std::string damaged = whole;
  const size_t at = damaged.find("Books.en-vi.vi") + 14 + 40;  // inside its local entry's data
  damaged[at] = char(damaged[at] ^ 0x55);
  std::ofstream(path("damaged.zip"), std::ios::binary) << damaged;
  const std::string error = studio::test::thrownMessage([&] { readOne(path("damaged.zip")); });
  QVERIFY2(error.find(path("damaged.zip") + "/Books.en-vi.") != std::string::npos &&
               (error.find("CRC-32") != std::string::npos || error.find("inflate") != std::string::npos ||
                error.find("damaged") != std::string::npos),
           error.c_str());
  // A zip file where one file is expected says how to give it.
  studio::test::writeZipFile(path("opus.zip"), opusItems(text));
  CorpusSource two;
  two.src = path("opus.zip");
  two.tgt = path("opus.zip");
  std::ostringstream log;
  const std::string file = studio::test::thrownMessage([&] { readCorpora({two}, {}, log); });
  QVERIFY2(file.find("is a zip file: give it as the corpus") != std::string::npos, file.c_str());
  // An explicit format does not go looking inside.
  CorpusSource tsv = corpusAt(path("opus.zip"));
  tsv.format = CorpusFormat::Tsv;
  const std::string format = studio::test::thrownMessage([&] { detectFormat(tsv); });
  QVERIFY2(format.find("leave its format to be found") != std::string::npos, format.c_str());
}

// PREFIX.vi.gz + PREFIX.en.gz, in a folder or a zip, are found by PREFIX.
void TestZipCorpus::packedPairsAreFoundByTheirPrefix() {
  const auto text = zipTestText(0, 150);
  std::ofstream(path("p.vi"), std::ios::binary) << text.vi;
  std::ofstream(path("p.en"), std::ios::binary) << text.en;
  for (const char* side : {"p.vi", "p.en"}) {
    QProcess gzip;
    gzip.start("gzip", {"-n", dir_.filePath(side)});
    QVERIFY(gzip.waitForFinished(60000) && gzip.exitCode() == 0);
  }
  QVERIFY(!QFileInfo::exists(dir_.filePath("p.vi")));
  ReadCorpora read = readOne(path("p"));
  QCOMPARE(read.corpora[0].source.src, path("p.vi.gz"));
  QVERIFY(allPairs(read) == allPairs(text));
  studio::test::writeZipFile(path("gz.zip"), {{"C.vi.gz", studio::test::readBytes(path("p.vi.gz")), 0},
                                              {"C.en.gz", studio::test::readBytes(path("p.en.gz")), 0}});
  QCOMPARE(locateCorpus(corpusAt(path("gz.zip"))).inside_zip, std::string("C.vi.gz + C.en.gz"));
  QVERIFY(allPairs(readOne(path("gz.zip"))) == allPairs(text));

  // A folder of packed splits, as it is and zipped.
  QVERIFY(QDir(dir_.path()).mkpath("splits"));
  const auto dev = zipTestText(1000, 20);
  std::ofstream(path("splits/dev.vi"), std::ios::binary) << dev.vi;
  std::ofstream(path("splits/dev.en"), std::ios::binary) << dev.en;
  QVERIFY(QFile::copy(dir_.filePath("p.vi.gz"), dir_.filePath("splits/train.vi.gz")));
  QVERIFY(QFile::copy(dir_.filePath("p.en.gz"), dir_.filePath("splits/train.en.gz")));
  for (const char* side : {"splits/dev.vi", "splits/dev.en"}) {
    QProcess gzip;
    gzip.start("gzip", {"-n", dir_.filePath(side)});
    QVERIFY(gzip.waitForFinished(60000) && gzip.exitCode() == 0);
  }
  read = readOne(path("splits"));
  QCOMPARE(toString(read.corpora[0].format), std::string("split"));
  QCOMPARE(read.corpora[0].train.size() + read.test.size(), size_t(150));  // test held out by hash
  QCOMPARE(read.dev.src, dev.vi_lines);
  QCOMPARE(read.corpora[0].dev_read.source, path("splits/dev.vi.gz") + " + " + path("splits/dev.en.gz"));
  std::vector<ZipItem> items;
  for (const char* name : {"train.vi.gz", "train.en.gz", "dev.vi.gz", "dev.en.gz"})
    items.push_back({std::string("corpus/") + name, studio::test::readBytes(path("splits/") + name), 0});
  studio::test::writeZipFile(path("splits.zip"), items);
  QCOMPARE(locateCorpus(corpusAt(path("splits.zip"))).inside_zip, std::string("corpus"));
  read = readOne(path("splits.zip"));
  QCOMPARE(read.dev.tgt, dev.en_lines);
}

// Prepared from the zip or from the files it holds, the data folder's
// splits are the same, and its summary names the zip as the corpus.
void TestZipCorpus::prepareWritesTheSameFolderFromAZipAsFromItsFiles() {
  const auto text = zipTestText(0, 300);
  studio::test::writeZipFile(path("opus.zip"), opusItems(text));
  std::ofstream(path("Books.vi"), std::ios::binary) << text.vi;
  std::ofstream(path("Books.en"), std::ios::binary) << text.en;
  std::string split[2][2];
  for (int from_zip = 0; from_zip < 2; ++from_zip) {
    PrepareOptions o;
    o.corpora = {corpusAt(from_zip ? path("opus.zip") : path("Books"))};
    o.out_dir = path(from_zip ? "from-zip" : "from-files");
    o.tokenizer.vocab_size = 60;
    std::ostringstream log;
    prepareData(o, log);
    split[from_zip][0] = studio::test::readBytes(o.out_dir + "/train.vi");
    split[from_zip][1] = studio::test::readBytes(o.out_dir + "/test.en");
  }
  QVERIFY(!split[0][0].empty() && !split[0][1].empty());
  QCOMPARE(split[1][0], split[0][0]);
  QCOMPARE(split[1][1], split[0][1]);
  const std::string summary = studio::test::readBytes(path("from-zip") + "/summary.json");
  QVERIFY2(summary.find(path("opus.zip") + "/Books.en-vi.vi") != std::string::npos, summary.c_str());
}

STUDIO_TEST_MAIN(TestZipCorpus)
#include "tst_zipcorpus.moc"
