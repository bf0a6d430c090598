// The .mo reader, on catalogs the test writes itself.

#include <QtTest/QtTest>

#include "common/SuiteMain.h"
#include "model/data/MoFile.h"

using namespace studio::data;

class TestMoFile : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void readsWhatWasWritten_data();
  void readsWhatWasWritten();
  void byteOrderIsDetected();
  void malformedCatalogsGiveErrorsNamingTheFile_data();
  void malformedCatalogsGiveErrorsNamingTheFile();
};

namespace {
std::vector<MoEntry> sampleEntries() {
  std::vector<MoEntry> entries;
  entries.push_back({std::nullopt, "", std::nullopt, {"Content-Type: text/plain; charset=UTF-8\nLanguage: vi\n"}});
  entries.push_back({std::nullopt, "Open File", std::nullopt, {"Mở tập tin"}});
  entries.push_back({std::string("menu"), "Quit", std::nullopt, {"Thoát"}});
  entries.push_back({std::nullopt, "%d file", std::string("%d files"), {"%d tập tin", "%d tập tin (nhiều)"}});
  entries.push_back({std::nullopt, "Untranslated", std::nullopt, {""}});
  return entries;
}
}  // namespace

void TestMoFile::readsWhatWasWritten_data() {
  QTest::addColumn<bool>("bigEndian");
  QTest::newRow("little endian") << false;
  QTest::newRow("big endian") << true;
}

void TestMoFile::readsWhatWasWritten() {
  QFETCH(bool, bigEndian);
  const auto entries = sampleEntries();
  const auto catalog = parseMo(writeMo(entries, bigEndian), "sample.mo");
  QCOMPARE(catalog.big_endian, bigEndian);
  QCOMPARE(catalog.entries.size(), entries.size());
  QVERIFY(catalog.entries[0].isHeader());
  QVERIFY(QString::fromStdString(catalog.header()).contains("charset=UTF-8"));
  QCOMPARE(catalog.entries[1].msgid, std::string("Open File"));
  QCOMPARE(catalog.entries[1].msgstr, std::vector<std::string>{"Mở tập tin"});
  QVERIFY(!catalog.entries[1].context);
  QCOMPARE(*catalog.entries[2].context, std::string("menu"));
  QCOMPARE(catalog.entries[2].msgid, std::string("Quit"));
  QVERIFY(!catalog.entries[2].isHeader());
  QCOMPARE(*catalog.entries[3].msgid_plural, std::string("%d files"));
  QCOMPARE(catalog.entries[3].msgstr.size(), size_t(2));
  QCOMPARE(catalog.entries[3].msgstr[1], std::string("%d tập tin (nhiều)"));
  QCOMPARE(catalog.entries[4].msgstr, std::vector<std::string>{""});
}

void TestMoFile::byteOrderIsDetected() {
  const std::string little = writeMo(sampleEntries(), false);
  const std::string big = writeMo(sampleEntries(), true);
  QVERIFY(little != big);
  QCOMPARE(static_cast<unsigned char>(little[0]), static_cast<unsigned char>(0xde));
  QCOMPARE(static_cast<unsigned char>(big[0]), static_cast<unsigned char>(0x95));
}

void TestMoFile::malformedCatalogsGiveErrorsNamingTheFile_data() {
  QTest::addColumn<QByteArray>("bytes");
  QTest::addColumn<QString>("expected");
  const std::string good = writeMo(sampleEntries(), false);
  QTest::newRow("empty") << QByteArray() << "too short";
  QTest::newRow("not a catalog") << QByteArray("This is a plain text file, not a catalog.") << "bad magic";
  QTest::newRow("cut in the string table")
      << QByteArray::fromStdString(good.substr(0, 40)) << "truncated";
  QTest::newRow("cut in the strings") << QByteArray::fromStdString(good.substr(0, good.size() - 20)) << "past the end";
  std::string huge = good;
  huge[8] = '\xff', huge[9] = '\xff', huge[10] = '\xff', huge[11] = '\x0f';  // 268 million entries
  QTest::newRow("absurd entry count") << QByteArray::fromStdString(huge) << "more than the file can hold";
  std::string future = good;
  future[6] = '\x05';  // major revision 5
  QTest::newRow("unknown revision") << QByteArray::fromStdString(future) << "revision";
}

void TestMoFile::malformedCatalogsGiveErrorsNamingTheFile() {
  QFETCH(QByteArray, bytes);
  QFETCH(QString, expected);
  try {
    parseMo(bytes.toStdString(), "broken.mo");
    QFAIL("no error");
  } catch (const MoError& e) {
    const QString message = QString::fromUtf8(e.what());
    QVERIFY2(message.contains("broken.mo"), qPrintable(message));
    QVERIFY2(message.contains(expected), qPrintable(message));
  }
}

STUDIO_TEST_MAIN(TestMoFile)
#include "tst_mofile.moc"
