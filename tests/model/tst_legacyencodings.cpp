// Vietnamese text in Windows-1258 and VISCII (model/files/LegacyEncodings):
// our tables against glibc's iconv, files read and written back, the guess
// that names the encoding a file that is not UTF-8 reads as, and the errors.

#include <iconv.h>

#include <string>

#include <QFile>
#include <QTemporaryDir>
#include <QtTest/QtTest>

#include "common/SuiteMain.h"
#include "common/TestUtil.h"
#include "model/data/Text.h"
#include "model/files/LegacyEncodings.h"
#include "model/files/TextDocument.h"

using namespace studio;
using model::LegacyEncoding;

namespace legacy_suite {

// Every Vietnamese letter, small and capital, in each tone, and đ.
const std::string kAlphabet =
    "aàáảãạ ăằắẳẵặ âầấẩẫậ eèéẻẽẹ êềếểễệ iìíỉĩị oòóỏõọ ôồốổỗộ ơờớởỡợ uùúủũụ ưừứửữự yỳýỷỹỵ đ "
    "AÀÁẢÃẠ ĂẰẮẲẴẶ ÂẦẤẨẪẬ EÈÉẺẼẸ ÊỀẾỂỄỆ IÌÍỈĨỊ OÒÓỎÕỌ ÔỒỐỔỖỘ ƠỜỚỞỠỢ UÙÚỦŨỤ ƯỪỨỬỮỰ YỲÝỶỸỴ Đ";

// glibc's iconv from one encoding to another; "(error)" where it refuses.
std::string iconvConvert(const char* from, const char* to, const std::string& text) {
  iconv_t cd = iconv_open(to, from);
  if (cd == iconv_t(-1)) return "(no converter)";
  std::string in = text, out(text.size() * 4 + 16, '\0');
  char* in_at = in.data();
  char* out_at = out.data();
  size_t in_left = in.size(), out_left = out.size();
  const size_t done = iconv(cd, &in_at, &in_left, &out_at, &out_left);
  // Flush what a stateful converter (glibc's CP1258 holds back a letter for its mark) still holds.
  const size_t flushed = iconv(cd, nullptr, nullptr, &out_at, &out_left);
  iconv_close(cd);
  if (done == size_t(-1) || flushed == size_t(-1)) return "(error)";
  out.resize(out.size() - out_left);
  return out;
}

}  // namespace legacy_suite

using namespace legacy_suite;

class TestLegacyEncodings : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void bytesAsIconvReadsThem();
  void theAlphabetBothWays();
  void filesReadAndWrittenBack();
  void aFileThatIsNotUtf8NamesWhatItReadsAs();
  void whatIsNotThatEncodingIsRefused();
  void aTranslationThatDoesNotFitIsWrittenInUtf8();

 private:
  std::string write(const char* name, const std::string& bytes) {
    const QString path = dir_.filePath(name);
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) ||
        file.write(bytes.data(), qint64(bytes.size())) != qint64(bytes.size()))
      qFatal("cannot write %s", qPrintable(path));
    return path.toStdString();
  }
  QTemporaryDir dir_;
};

// Each byte alone: VISCII's 256 characters (six capitals among the C0
// controls), Windows-1258's upper half with its nine undefined bytes.
void TestLegacyEncodings::bytesAsIconvReadsThem() {
  for (int b = 0; b < 256; ++b) {
    const std::string byte(1, char(b));
    QCOMPARE(model::legacyToUtf8(byte, LegacyEncoding::Viscii, "x"), iconvConvert("VISCII", "UTF-8", byte));
  }
  int undefined = 0;
  for (int b = 0x80; b < 256; ++b) {
    const std::string byte(1, char(b)), theirs = iconvConvert("CP1258", "UTF-8", byte);
    if (theirs == "(error)") {
      ++undefined;
      QVERIFY(test::thrownMessage([&] {
                model::legacyToUtf8(byte, LegacyEncoding::Windows1258, "x");
              }).find("has no byte 0x") != std::string::npos);
    } else {
      QCOMPARE(model::legacyToUtf8(byte, LegacyEncoding::Windows1258, "x"), theirs);
    }
  }
  QCOMPARE(undefined, 9);
  // TCVN3: every byte a character (capitals among the C0 controls), and its tone marks composed with the
  // letter before them, as iconv's TCVN5712-1 reads them.
  for (int b = 0; b < 256; ++b) {
    const std::string byte(1, char(b));
    QCOMPARE(model::legacyToUtf8(byte, LegacyEncoding::Tcvn3, "x"),
             iconvConvert("TCVN5712-1", "UTF-8", byte));
    const std::string marked = std::string("a") + char(b);
    QCOMPARE(model::legacyToUtf8(marked, LegacyEncoding::Tcvn3, "x"),
             iconvConvert("TCVN5712-1", "UTF-8", marked));
  }
}

// Every Vietnamese letter: iconv's bytes read as the letters (Windows-1258:
// letter and tone mark composed), ours read by iconv as the same letters.
void TestLegacyEncodings::theAlphabetBothWays() {
  for (const auto& [encoding, name] :
       {std::pair{LegacyEncoding::Windows1258, "CP1258"}, std::pair{LegacyEncoding::Viscii, "VISCII"},
        std::pair{LegacyEncoding::Tcvn3, "TCVN5712-1"}}) {
    const std::string theirs = iconvConvert("UTF-8", name, kAlphabet);
    QVERIFY(theirs != "(error)");
    QCOMPARE(model::legacyToUtf8(theirs, encoding, "x"), kAlphabet);
    size_t line = 0;
    char32_t character = 0;
    const auto ours = model::utf8ToLegacy(kAlphabet, encoding, &line, &character);
    QVERIFY2(ours, qPrintable(QString("line %1: U+%2").arg(line).arg(uint(character), 4, 16, QChar('0'))));
    QCOMPARE(iconvConvert(name, "UTF-8", *ours), kAlphabet);
    if (encoding == LegacyEncoding::Viscii) QCOMPARE(*ours, theirs);  // one byte a letter: the same bytes
  }
}

void TestLegacyEncodings::filesReadAndWrittenBack() {
  const std::string text = "Mở tập tin số 7\r\nĐóng cửa sổ “ở đây”\r\n\r\nỶ Ỹ Ỵ Ẳ Ẵ Ẫ\r\n";
  for (const auto& [encoding, name, kind] :
       {std::tuple{LegacyEncoding::Windows1258, "CP1258", model::TextDocument::Encoding::Windows1258},
        std::tuple{LegacyEncoding::Viscii, "VISCII", model::TextDocument::Encoding::Viscii},
        std::tuple{LegacyEncoding::Tcvn3, "TCVN5712-1", model::TextDocument::Encoding::Tcvn3}}) {
    // VISCII and TCVN3 have no curly quotes: straight ones there.
    std::string source = text;
    if (encoding != LegacyEncoding::Windows1258)
      source = "Mở tập tin số 7\r\nĐóng cửa sổ \"ở đây\"\r\n\r\nỶ Ỹ Ỵ Ẳ Ẵ Ẫ\r\n";
    const std::string bytes = iconvConvert("UTF-8", name, source);
    QVERIFY(bytes != "(error)");
    const auto path = write((model::legacyEncodingOption(encoding) + ".txt").c_str(), bytes);
    const auto document = model::readTextDocument(path, encoding);
    QCOMPARE(int(document.encoding), int(kind));
    QVERIFY(document.crlf && document.final_newline && !document.bom);
    QCOMPARE(document.lines.size(), size_t(4));
    QCOMPARE(document.lines[0] + "\r\n" + document.lines[1] + "\r\n\r\n" + document.lines[3] + "\r\n",
             source);
    // Written back: bytes iconv reads as the same text, read again as the same lines.
    const std::string written = document.text();
    QCOMPARE(iconvConvert(name, "UTF-8", written), source);
    const auto again = write("again.txt", written);
    QCOMPARE(model::readTextDocument(again, encoding).lines, document.lines);
  }
}

void TestLegacyEncodings::aFileThatIsNotUtf8NamesWhatItReadsAs() {
  const std::string text = "Đang thêm người dùng mới\nMở tập tin số 7\nĐóng cửa sổ\n";
  for (const auto& [encoding, name] :
       {std::pair{LegacyEncoding::Windows1258, "CP1258"}, std::pair{LegacyEncoding::Viscii, "VISCII"},
        std::pair{LegacyEncoding::Tcvn3, "TCVN5712-1"}}) {
    const auto path = write("guess.txt", iconvConvert("UTF-8", name, text));
    try {
      model::readTextDocument(path);
      QFAIL("an 8-bit file read as UTF-8");
    } catch (const model::NotUtf8Error& e) {
      QVERIFY(e.reads_as == encoding);
      QCOMPARE(std::string(e.what()), path + " line 1 is not valid UTF-8: it reads as Vietnamese in " +
                                          model::legacyEncodingName(encoding));
    }
  }
  // French in Latin-1 (one of its five letters beyond ASCII is a Vietnamese
  // one in VISCII) and binary bytes (a C0 control VISCII has no letter for):
  // no guess.
  for (const std::string& bytes : {std::string("Le caf\xe9 est tr\xe8s bon, gar\xe7on. \xc0 bient\xf4t!\n"),
                                   std::string("ab\x81\x01\xff\x90 cd\n")}) {
    QVERIFY(!model::guessLegacyEncoding(bytes));
    const auto path = write("neither.txt", bytes);
    QCOMPARE(test::thrownMessage([&] { model::readTextDocument(path); }),
             path + " line 1 is not valid UTF-8");
  }
  QVERIFY(!model::guessLegacyEncoding("plain ASCII, valid UTF-8"));
  // UTF-8 with a stray byte: its letters read as VISCII would be Vietnamese ones, but it is damaged UTF-8.
  QVERIFY(!model::guessLegacyEncoding("Mở tập tin\nĐóng \xC3 cửa sổ\n"));
}

void TestLegacyEncodings::whatIsNotThatEncodingIsRefused() {
  const auto utf8 = write("utf8.txt", "plain\nMở tập tin\n");
  QCOMPARE(
      test::thrownMessage([&] { model::readTextDocument(utf8, LegacyEncoding::Windows1258); }),
      utf8 +
          " line 2: the file is UTF-8 text, not Windows-1258 (read as Windows-1258, its letters would be "
          "garbled; read it without an encoding)");
  const auto bom = write("bom.txt", "\xEF\xBB\xBFplain\n");
  QCOMPARE(test::thrownMessage([&] { model::readTextDocument(bom, LegacyEncoding::Viscii); }),
           bom +
               " starts with a UTF-8 byte order mark: it is Unicode text, not VISCII (read it without an "
               "encoding)");
  const auto undefined = write("undefined.txt", "a\nb\x81\n");
  QCOMPARE(test::thrownMessage([&] { model::readTextDocument(undefined, LegacyEncoding::Windows1258); }),
           undefined + " line 2 is not Windows-1258: it has no byte 0x81");
  // A NUL (VISCII's byte 0 is NUL too) is a binary file, whatever the encoding.
  const auto nul = write("nul.txt", std::string("a\nb\0c\n", 6));
  QVERIFY(test::thrownMessage([&] {
            model::readTextDocument(nul, LegacyEncoding::Viscii);
          }).find("line 2 holds a NUL") != std::string::npos);
  // Plain ASCII is every one of them.
  const auto ascii = write("ascii.txt", "plain text\n");
  QCOMPARE(model::readTextDocument(ascii, LegacyEncoding::Viscii).lines,
           std::vector<std::string>{"plain text"});
  QCOMPARE(model::parseLegacyEncoding("CP1258"), std::optional(LegacyEncoding::Windows1258));
  QCOMPARE(model::parseLegacyEncoding("Windows-1258"), std::optional(LegacyEncoding::Windows1258));
  QCOMPARE(model::parseLegacyEncoding("viscii"), std::optional(LegacyEncoding::Viscii));
  for (const char* name : {"tcvn3", "TCVN", "tcvn5712-1"})
    QCOMPARE(model::parseLegacyEncoding(name), std::optional(LegacyEncoding::Tcvn3));
  QVERIFY(!model::parseLegacyEncoding("latin-1"));
}

// An English translation may hold what the 8-bit encoding has no byte for:
// then it is written in UTF-8, the notice naming the line and character.
void TestLegacyEncodings::aTranslationThatDoesNotFitIsWrittenInUtf8() {
  model::TextDocument fits;
  fits.lines = {
      "Open the file \xE2\x80\x9C"
      "here\xE2\x80\x9D",
      "caf\xC3\xA9"};  // curly quotes and é: in Windows-1258
  fits.encoding = model::TextDocument::Encoding::Windows1258;
  QCOMPARE(model::fitEncoding(fits), std::string());
  QCOMPARE(int(fits.encoding), int(model::TextDocument::Encoding::Windows1258));
  QCOMPARE(iconvConvert("CP1258", "UTF-8", fits.text()), fits.lines[0] + "\n" + fits.lines[1] + "\n");

  model::TextDocument arrow;
  arrow.lines = {"Open", "File \xE2\x86\x92 Save"};
  arrow.encoding = model::TextDocument::Encoding::Viscii;
  QVERIFY(test::thrownMessage([&] {
            (void)arrow.text();
          }).find("line 2 holds U+2192, which VISCII cannot hold") != std::string::npos);
  QCOMPARE(
      model::fitEncoding(arrow),
      std::string("line 2 holds \"\xE2\x86\x92\" (U+2192), which VISCII has no byte for: written in UTF-8 "
                  "instead"));
  QCOMPARE(int(arrow.encoding), int(model::TextDocument::Encoding::Utf8));
  QCOMPARE(arrow.text(), std::string("Open\nFile \xE2\x86\x92 Save\n"));
}

STUDIO_TEST_MAIN(TestLegacyEncodings)
#include "tst_legacyencodings.moc"
