// The text clean-up rules, as tables.

#include <QtTest/QtTest>

#include "common/SuiteMain.h"
#include "model/data/Catalog.h"
#include "model/data/Text.h"

using namespace studio::data;

class TestCleaning : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void cleanMessage_data();
  void cleanMessage();
  void unescapeXml_data();
  void unescapeXml();
  void detokenize_data();
  void detokenize();
  void normalizeWhitespace_data();
  void normalizeWhitespace();
  void utf8Validation_data();
  void utf8Validation();
  void pairsFromCatalogCountsEveryDrop();
};

void TestCleaning::cleanMessage_data() {
  QTest::addColumn<QString>("input");
  QTest::addColumn<QString>("expected");
  // accelerators
  QTest::newRow("gtk underscore") << "_File" << "File";
  QTest::newRow("gtk underscore mid-label") << "Save _As…" << "Save As…";
  QTest::newRow("gtk underscore before a Vietnamese letter") << "_Đóng" << "Đóng";
  QTest::newRow("vietnamese label, accelerator inside") << "Tập _tin" << "Tập tin";
  QTest::newRow("qt ampersand") << "&File" << "File";
  QTest::newRow("qt ampersand mid-word") << "E&xit" << "Exit";
  QTest::newRow("libreoffice tilde") << "~Format" << "Format";
  QTest::newRow("libreoffice tilde mid-word") << "For~mat" << "Format";
  QTest::newRow("parenthesized hint") << "Tập tin (_F)" << "Tập tin";
  QTest::newRow("doubled underscore is literal") << "__init__" << "_init_";
  QTest::newRow("doubled ampersand is literal") << "Tom && Jerry" << "Tom & Jerry";
  QTest::newRow("identifier underscore kept") << "file_name is missing" << "file_name is missing";
  QTest::newRow("ampersand before space kept") << "Save & Close" << "Save & Close";
  QTest::newRow("entity after accelerators") << "R&amp;D" << "R&D";
  QTest::newRow("lisp directive kept") << "Peak: ~a dB~%" << "Peak: ~a dB~%";
  QTest::newRow("home path kept") << "~/.config/app" << "~/.config/app";
  // markup
  QTest::newRow("bold") << "<b>Warning</b>: disk full" << "Warning: disk full";
  QTest::newRow("span with attributes") << "<span weight=\"bold\">Big</span> text" << "Big text";
  QTest::newRow("link") << "See <a href=\"https://x.org\">the site</a>." << "See the site.";
  QTest::newRow("line break") << "one<br/>two" << "one two";
  QTest::newRow("paragraphs") << "<p>One.</p><p>Two.</p>" << "One. Two.";
  QTest::newRow("usage placeholder is not markup") << "Usage: cmd <file>" << "Usage: cmd <file>";
  QTest::newRow("escaped markup becomes text") << "&lt;b&gt; is bold" << "<b> is bold";
  // placeholders
  QTest::newRow("printf") << "Copied %s to %d places" << "Copied %s to %d places";
  QTest::newRow("positional printf") << "%1$s of %2$d" << "%1$s of %2$d";
  QTest::newRow("printf width and precision") << "%-10.3f%%" << "%-10.3f%%";
  QTest::newRow("printf with underscore neighbour") << "%s_%d" << "%s_%d";
  QTest::newRow("braces") << "Hello {name}, you have {count} new" << "Hello {name}, you have {count} new";
  // whitespace
  QTest::newRow("newlines and tabs") << "\nBuffer\twritten\n to %s\n" << "Buffer written to %s";
}

void TestCleaning::cleanMessage() {
  QFETCH(QString, input);
  QFETCH(QString, expected);
  QCOMPARE(QString::fromStdString(studio::data::cleanMessage(input.toStdString())), expected);
}

void TestCleaning::unescapeXml_data() {
  QTest::addColumn<QString>("input");
  QTest::addColumn<QString>("expected");
  QTest::newRow("moses apostrophe") << "It &apos;s" << "It 's";
  QTest::newRow("quotes") << "&quot;yes&quot;" << "\"yes\"";
  QTest::newRow("amp lt gt") << "a &amp; b &lt; c &gt; d" << "a & b < c > d";
  QTest::newRow("numeric") << "&#39;x&#x27;" << "'x'";
  QTest::newRow("vietnamese numeric") << "&#7879;" << "ệ";
  QTest::newRow("nbsp") << "a&nbsp;b" << "a\u00A0b";
  QTest::newRow("unknown entity kept") << "&bogus; &" << "&bogus; &";
  QTest::newRow("unterminated") << "AT&T" << "AT&T";
}

void TestCleaning::unescapeXml() {
  QFETCH(QString, input);
  QFETCH(QString, expected);
  QCOMPARE(QString::fromStdString(studio::data::unescapeXml(input.toStdString())), expected);
}

void TestCleaning::detokenize_data() {
  QTest::addColumn<QString>("input");
  QTest::addColumn<QString>("expected");
  QTest::newRow("punctuation") << "Hello , world !" << "Hello, world!";
  QTest::newRow("clitics") << "It 's what we 've got , isn 't it ?" << "It's what we've got, isn't it?";
  QTest::newRow("n't") << "I do n't know ." << "I don't know.";
  QTest::newRow("brackets") << "a ( b ) [ c ]" << "a (b) [c]";
  QTest::newRow("quotes") << "He said \" yes \" ." << "He said \"yes\".";
  QTest::newRow("hyphen") << "state @-@ of @-@ the @-@ art" << "state-of-the-art";
  QTest::newRow("percent and money") << "$ 5 , 10 %" << "$5, 10%";
  QTest::newRow("vietnamese") << "Tôi là sinh viên ." << "Tôi là sinh viên.";
}

void TestCleaning::detokenize() {
  QFETCH(QString, input);
  QFETCH(QString, expected);
  QCOMPARE(QString::fromStdString(studio::data::detokenize(input.toStdString())), expected);
}

void TestCleaning::normalizeWhitespace_data() {
  QTest::addColumn<QString>("input");
  QTest::addColumn<QString>("expected");
  QTest::newRow("runs") << "  a \t\t b\n\nc  " << "a b c";
  QTest::newRow("no-break space") << "a\u00A0\u00A0b" << "a b";
  QTest::newRow("narrow no-break and ideographic") << "a\u202Fb\u3000c" << "a b c";
  QTest::newRow("only whitespace") << " \t \r\n " << "";
}

void TestCleaning::normalizeWhitespace() {
  QFETCH(QString, input);
  QFETCH(QString, expected);
  QCOMPARE(QString::fromStdString(studio::data::normalizeWhitespace(input.toStdString())), expected);
}

void TestCleaning::utf8Validation_data() {
  QTest::addColumn<QByteArray>("bytes");
  QTest::addColumn<bool>("valid");
  QTest::newRow("ascii") << QByteArray("plain") << true;
  QTest::newRow("vietnamese") << QString("Tiếng Việt: ă â đ ê ô ơ ư").toUtf8() << true;
  QTest::newRow("emoji") << QByteArray("\xF0\x9F\x98\x80") << true;
  QTest::newRow("latin-1 byte") << QByteArray("caf\xE9") << false;
  QTest::newRow("truncated sequence") << QByteArray("a\xE1\xBA") << false;
  QTest::newRow("overlong slash") << QByteArray("\xC0\xAF") << false;
  QTest::newRow("surrogate") << QByteArray("\xED\xA0\x80") << false;
  QTest::newRow("above U+10FFFF") << QByteArray("\xF4\x90\x80\x80") << false;
}

void TestCleaning::utf8Validation() {
  QFETCH(QByteArray, bytes);
  QFETCH(bool, valid);
  QCOMPARE(isValidUtf8(bytes.toStdString()), valid);
}

void TestCleaning::pairsFromCatalogCountsEveryDrop() {
  MoCatalog catalog;
  catalog.entries = {
      {std::nullopt, "", std::nullopt, {"Content-Type: text/plain; charset=UTF-8\n"}},
      {std::nullopt, "_Open", std::nullopt, {"_Mở"}},
      {std::nullopt, "Untranslated", std::nullopt, {""}},
      {std::nullopt, "OK", std::nullopt, {"OK"}},                      // identical
      {std::nullopt, "<b></b>", std::nullopt, {"<i> </i>"}},           // empty after cleaning
      {std::nullopt, "Caf\xE9", std::nullopt, {"Quán"}},               // invalid UTF-8
      {std::nullopt, "%d file", std::string("%d files"), {"%d tập tin"}},  // plural: form 0
      {std::string("menu"), "Quit", std::nullopt, {"Thoát"}},
  };
  CatalogCounts counts;
  const auto pairs = pairsFromCatalog(catalog, counts);
  QCOMPARE(counts.entries, size_t(8));
  QCOMPARE(counts.header, size_t(1));
  QCOMPARE(counts.untranslated, size_t(1));
  QCOMPARE(counts.identical, size_t(1));
  QCOMPARE(counts.empty, size_t(1));
  QCOMPARE(counts.invalid_utf8, size_t(1));
  QCOMPARE(counts.kept, size_t(3));
  QCOMPARE(counts.header + counts.untranslated + counts.identical + counts.empty + counts.invalid_utf8 + counts.kept,
           counts.entries);
  QCOMPARE(pairs.size(), size_t(3));
  QCOMPARE(QString::fromStdString(pairs[0].vi), QString("Mở"));
  QCOMPARE(QString::fromStdString(pairs[0].en), QString("Open"));
  QCOMPARE(QString::fromStdString(pairs[1].vi), QString("%d tập tin"));
  QCOMPARE(QString::fromStdString(pairs[1].en), QString("%d file"));
  QCOMPARE(QString::fromStdString(pairs[2].en), QString("Quit"));
}

STUDIO_TEST_MAIN(TestCleaning)
#include "tst_cleaning.moc"
