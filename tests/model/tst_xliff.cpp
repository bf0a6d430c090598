// XLIFF documents: the segments to translate found with their inline codes,
// the document written back with a target for each and every other byte as
// it was; what cannot be translated (another language, not UTF-8) refused.

#include <QtTest/QtTest>

#include "common/SuiteMain.h"
#include "model/files/XliffFile.h"
#include "model/files/XmlReader.h"

using namespace studio::model;

namespace {

const std::string kXliff12 =
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<xliff version=\"1.2\" xmlns=\"urn:oasis:names:tc:xliff:document:1.2\">\n"
    "  <file original=\"app.po\" source-language=\"vi-VN\" datatype=\"po\">\n"
    "    <body>\n"
    "      <trans-unit id=\"1\">\n"
    "        <source>Không thể mở\n tập tin.</source>\n"  // 6
    "      </trans-unit>\n"
    "      <trans-unit id=\"2\">\n"
    "        <source>Nhấn <g id=\"1\">Lưu</g> <x id=\"2\"/> vào <ph id=\"3\">&lt;br/&gt;<sub>alt</sub></ph>"
    "thư mục &amp; %s.</source>\n"  // 10
    "        <target state=\"new\"/>\n"
    "        <alt-trans><source>cũ</source><target>old</target></alt-trans>\n"
    "      </trans-unit>\n"
    "      <trans-unit id=\"3\"><source>Đã xong.</source><target>Done.</target></trans-unit>\n"  // 14
    "      <group translate=\"no\"><trans-unit id=\"4\"><source>GNU</source></trans-unit></group>\n"
    "    </body>\n"
    "  </file>\n"
    "</xliff>\n";

}  // namespace

class TestXliff : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void segmentsAreFoundWithTheirCodes();
  void theDocumentIsWrittenBackWithItsTargets();
  void xliff2SegmentsAndUnits();
  void codesComeBackWhereverTheyWent();
  void elementsXliffDoesNotNestThereAreText();
  void whatCannotBeTranslatedIsRefused_data();
  void whatCannotBeTranslatedIsRefused();
};

void TestXliff::segmentsAreFoundWithTheirCodes() {
  const auto d = readXliff("\xEF\xBB\xBF" + kXliff12, "app.xlf");
  QVERIFY(d.bom);
  QCOMPARE(d.version, std::string("1.2"));
  QCOMPARE(d.segments.size(), size_t(4));
  const auto& plain = d.segments[0];
  QCOMPARE(plain.id, std::string("1"));
  QCOMPARE(plain.line, size_t(6));
  QCOMPARE(plain.marked, std::string("Không thể mở  tập tin."));  // the line break a space
  QVERIFY(plain.codes.empty());
  QVERIFY(plain.state == XliffSegment::State::ToTranslate);
  const auto& coded = d.segments[1];
  QCOMPARE(coded.line, size_t(10));
  QCOMPARE(coded.marked,
           std::string("Nhấn <g id=\"1\">Lưu</g> <x-code n=\"0\"/> vào <x-code n=\"1\"/>thư mục &amp; %s."));
  QCOMPARE(coded.codes,
           (std::vector<std::string>{"<x id=\"2\"/>", "<ph id=\"3\">&lt;br/&gt;<sub>alt</sub></ph>"}));
  QVERIFY(coded.state ==
          XliffSegment::State::ToTranslate);  // its target is empty; alt-trans's are not its own
  QVERIFY(d.segments[2].state == XliffSegment::State::Translated);
  QVERIFY(d.segments[3].state == XliffSegment::State::NotTranslatable);  // translate="no" on its group
}

// The first segment's target inserted on a line of its own after the source,
// the second's empty target replaced, the file's target language added;
// nothing else changes.
void TestXliff::theDocumentIsWrittenBackWithItsTargets() {
  const auto d = readXliff(kXliff12, "app.xlf");
  const std::string written = writeXliff(d, {"Could not open file.", "Press <g id=\"1\">Save</g> here"});
  std::string expected = kXliff12;
  const auto replace = [&](const std::string& from, const std::string& to) {
    const size_t at = expected.find(from);
    QVERIFY(at != std::string::npos);
    expected.replace(at, from.size(), to);
  };
  replace("datatype=\"po\">", "datatype=\"po\" target-language=\"en\">");
  replace(" tập tin.</source>\n",
          " tập tin.</source>\n        <target xml:lang=\"en\" state=\"needs-review-translation\" "
          "state-qualifier=\"mt-suggestion\">Could not open file.</target>\n");
  replace("<target state=\"new\"/>",
          "<target xml:lang=\"en\" state=\"needs-review-translation\" "
          "state-qualifier=\"mt-suggestion\">Press <g id=\"1\">Save</g> here</target>");
  QCOMPARE(written, expected);
  // Read again, nothing is left to translate but what was never to be.
  const auto again = readXliff(written, "app.xlf");
  QVERIFY(again.segments[0].state == XliffSegment::State::Translated);
  QVERIFY(again.segments[1].state == XliffSegment::State::Translated);
  QVERIFY(again.insertions.empty());
  QVERIFY_THROWS_EXCEPTION(std::invalid_argument, writeXliff(d, {"one"}));
}

void TestXliff::xliff2SegmentsAndUnits() {
  const std::string xliff =
      "<xliff xmlns=\"urn:oasis:names:tc:xliff:document:2.0\" version=\"2.0\" srcLang=\"vi\">\n"
      "<file id=\"f\"><unit id=\"u1\">\n"
      "<segment id=\"s1\"><source>Mở <pc id=\"1\">tập tin</pc><ph id=\"2\"/> <mrk id=\"m\" translate=\"no\">"
      "GNU <pc id=\"3\">Emacs</pc></mrk>.</source></segment>\n"
      "<ignorable><source> </source></ignorable>\n"
      "<segment id=\"s2\"><source>Đóng.</source><target></target></segment></unit>\n"
      "<unit id=\"u2\" translate=\"no\"><segment><source>GNU</source></segment></unit></file></xliff>";
  const auto d = readXliff(xliff, "v2.xlf");
  QCOMPARE(d.version, std::string("2.0"));
  QCOMPARE(d.segments.size(), size_t(3));
  QCOMPARE(d.segments[0].id, std::string("u1/s1"));
  QCOMPARE(d.segments[0].marked,
           std::string("Mở <pc id=\"1\">tập tin</pc><x-code n=\"0\"/> <x-code n=\"1\"/>."));
  QCOMPARE(d.segments[0].codes[1],
           std::string("<mrk id=\"m\" translate=\"no\">GNU <pc id=\"3\">Emacs</pc></mrk>"));
  QCOMPARE(d.segments[1].id, std::string("u1/s2"));
  QVERIFY(d.segments[2].state == XliffSegment::State::NotTranslatable);
  const std::string written = writeXliff(d, {"Open <pc id=\"1\">file</pc><ph id=\"2\"/>.", "Close."});
  // 1.2's protected text likewise.
  const auto protected12 = readXliff(
      "<xliff version=\"1.2\"><file><body><trans-unit id=\"1\"><source>Cài <mrk "
      "mtype=\"protected\">apt-get</mrk> <mrk mtype=\"term\">gói</mrk></source>"
      "</trans-unit></body></file></xliff>",
      "p.xlf");
  QCOMPARE(protected12.segments[0].marked,
           std::string("Cài <x-code n=\"0\"/> <mrk mtype=\"term\">gói</mrk>"));
  QVERIFY2(written.find("srcLang=\"vi\" trgLang=\"en\">") != std::string::npos, written.c_str());
  QVERIFY2(
      written.find("Emacs</pc></mrk>.</source><target>Open <pc id=\"1\">file</pc><ph id=\"2\"/>.</target>"
                   "</segment>") != std::string::npos,
      written.c_str());
  QVERIFY2(written.find("<source>Đóng.</source><target>Close.</target>") != std::string::npos,
           written.c_str());
}

// The translation may move codes (the alignment placed them): each goes back
// in its placeholder's place; one the translation lost is kept at the end;
// text that only looks like a placeholder stays text.
void TestXliff::codesComeBackWhereverTheyWent() {
  const std::vector<std::string> codes{"<x id=\"1\"/>", "<ph id=\"2\">{0}</ph>"};
  QCOMPARE(restoreXliffCodes("<x-code n=\"1\"/> then <x-code n=\"0\"/>", codes),
           std::string("<ph id=\"2\">{0}</ph> then <x id=\"1\"/>"));
  QCOMPARE(restoreXliffCodes("only <x-code n=\"1\"/>", codes),
           std::string("only <ph id=\"2\">{0}</ph><x id=\"1\"/>"));
  QCOMPARE(restoreXliffCodes("<x-code n=\"7\"/> <x-code n=\"\"/>", {}),
           std::string("<x-code n=\"7\"/> <x-code n=\"\"/>"));
}

// Elements XLIFF does not allow where they stand (a <source>, a <trans-unit>
// or an <xliff> inside a source) are taken for content: they neither end
// the source nor start a segment nor change the version, and the document
// written with them in its targets reads back with the same segments.
void TestXliff::elementsXliffDoesNotNestThereAreText() {
  const std::string xliff =
      "<xliff version=\"2.0\" srcLang=\"vi\"><file><unit id=\"u\"><segment id=\"a\"><source>Mở "
      "<source>x</source> "
      "<segment><source>y</source></segment><xliff version=\"1.2\"/></source></segment>"
      "<segment id=\"b\"><source>Đóng</source></segment></unit></file></xliff>";
  const auto d = readXliff(xliff, "n.xlf");
  QCOMPARE(d.segments.size(), size_t(2));
  QCOMPARE(
      d.segments[0].marked,
      std::string("Mở <source>x</source> <segment><source>y</source></segment><xliff version=\"1.2\"/>"));
  QCOMPARE(d.segments[1].id, std::string("u/b"));
  const auto again = readXliff(writeXliff(d, {d.segments[0].marked, "Close"}), "n.xlf");
  QCOMPARE(again.segments.size(), size_t(2));
  QCOMPARE(again.version, std::string("2.0"));
  QVERIFY(again.segments[0].state == XliffSegment::State::Translated);
  QVERIFY(again.segments[1].state == XliffSegment::State::Translated);
}

void TestXliff::whatCannotBeTranslatedIsRefused_data() {
  QTest::addColumn<QByteArray>("bytes");
  QTest::addColumn<QString>("expected");
  QTest::newRow("French")
      << QByteArray("<xliff version=\"1.2\">\n<file source-language=\"fr-FR\"></file></xliff>")
      << "'x.xlf' line 2: its source language is fr-FR (source-language): this model translates "
         "Vietnamese";
  QTest::newRow("into German")
      << QByteArray("<xliff version=\"2.0\" srcLang=\"vi\" trgLang=\"de\"></xliff>")
      << "'x.xlf' line 1: its target language is de (trgLang): this model translates into "
         "English";
  QTest::newRow("UTF-16") << QByteArray("\xFF\xFE<\0x\0", 6)
                          << "'x.xlf' is UTF-16: XLIFF files are read in UTF-8";
  QTest::newRow("not UTF-8") << QByteArray("<xliff><file><trans-unit><source>Vi\xEA\xF2t</source>")
                             << "'x.xlf' is not UTF-8";
  QTest::newRow("not XLIFF")
      << QByteArray("<tmx version=\"1.4\"></tmx>")
      << "'x.xlf' line 1: the first element is <tmx>, not <xliff>: this is not an XLIFF file";
  QTest::newRow("cut short") << QByteArray("<xliff version=\"1.2\"><file source-language=\"vi\">\n<body>")
                             << "'x.xlf' line 2: the file ends inside <body> opened on line 2";
}

void TestXliff::whatCannotBeTranslatedIsRefused() {
  QFETCH(QByteArray, bytes);
  QFETCH(QString, expected);
  try {
    readXliff(bytes.toStdString(), "x.xlf");
    QFAIL("it was read");
  } catch (const XmlError& e) {
    QVERIFY2(QString::fromUtf8(e.what()).startsWith(expected), e.what());
  }
}

STUDIO_TEST_MAIN(TestXliff)
#include "tst_xliff.moc"
