// Vietnamese text in Windows-1258, VISCII, TCVN3 and VNI
// (model/files/LegacyEncodings): our tables against glibc's iconv (VNI, which
// iconv lacks, against its chart spelt out here and text converters print),
// files read and written back, the guess that names the encoding a file that
// is not UTF-8 reads as, and the errors.

#include <iconv.h>

#include <string>

#include <QFile>
#include <QTemporaryDir>
#include <QtTest/QtTest>

#include "common/SuiteMain.h"
#include "common/TestUtil.h"
#include "model/data/Text.h"
#include "model/evaluation/CodePoints.h"
#include "model/files/LegacyEncodings.h"
#include "model/files/TextDocument.h"
#include "model/files/VietnameseSyllables.h"

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

// The alphabet above in VNI, letter by letter as VNI's chart gives it: a
// letter's marks as bytes after its ASCII letter (tones: grave 0xF8, acute
// 0xF9, hook 0xFB, tilde 0xF5, dot 0xEF; a circumflex with them 0xE2 0xE0 0xE1
// 0xE5 0xE3 0xE4; a breve 0xEA 0xE8 0xE9 0xFA 0xFC 0xEB), the toned i's, ơ, ư,
// ỵ and đ bytes of their own; a capital's bytes 0x20 below a small letter's.
std::string vniAlphabet() {
  const std::vector<std::vector<std::string>> small = {
      {"a", "a\xF8", "a\xF9", "a\xFB", "a\xF5", "a\xEF"},
      {"a\xEA", "a\xE8", "a\xE9", "a\xFA", "a\xFC", "a\xEB"},
      {"a\xE2", "a\xE0", "a\xE1", "a\xE5", "a\xE3", "a\xE4"},
      {"e", "e\xF8", "e\xF9", "e\xFB", "e\xF5", "e\xEF"},
      {"e\xE2", "e\xE0", "e\xE1", "e\xE5", "e\xE3", "e\xE4"},
      {"i", "\xEC", "\xED", "\xE6", "\xF3", "\xF2"},
      {"o", "o\xF8", "o\xF9", "o\xFB", "o\xF5", "o\xEF"},
      {"o\xE2", "o\xE0", "o\xE1", "o\xE5", "o\xE3", "o\xE4"},
      {"\xF4", "\xF4\xF8", "\xF4\xF9", "\xF4\xFB", "\xF4\xF5", "\xF4\xEF"},
      {"u", "u\xF8", "u\xF9", "u\xFB", "u\xF5", "u\xEF"},
      {"\xF6", "\xF6\xF8", "\xF6\xF9", "\xF6\xFB", "\xF6\xF5", "\xF6\xEF"},
      {"y", "y\xF8", "y\xF9", "y\xFB", "y\xF5", "\xEE"},
      {"\xF1"}};
  std::string out;
  for (const bool capital : {false, true}) {
    for (const auto& row : small) {
      for (const std::string& letter : row)
        for (const char c : letter) out += capital ? char(c - 0x20) : c;
      out += ' ';
    }
  }
  out.pop_back();
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
  void vniAsItsChartAndConvertersWriteIt();
  void vniMarksOnNothingAreCombiningMarks();
  void wordsSpeltAsVietnameseSyllables();

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
  // Short TCVN3 lines: one with more of Latin-1's letters than of Vietnamese's alone (à, á, ó) but common
  // words; two without common words whose VISCII reading has capitals after small letters ("ThÊp").
  for (const char* line : {"cài đặt các gói\n", "Thấp hơn\n", "Giấy phép\n"}) {
    const std::string bytes = iconvConvert("UTF-8", "TCVN5712-1", line);
    QVERIFY(bytes != "(error)");
    QCOMPARE(model::guessLegacyEncoding(bytes), std::optional(LegacyEncoding::Tcvn3));
  }
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

void TestLegacyEncodings::vniAsItsChartAndConvertersWriteIt() {
  // Every letter, both ways.
  QCOMPARE(model::legacyToUtf8(vniAlphabet(), LegacyEncoding::Vni, "x"), kAlphabet);
  size_t line = 0;
  char32_t character = 0;
  QCOMPARE(model::utf8ToLegacy(kAlphabet, LegacyEncoding::Vni, &line, &character),
           std::optional(vniAlphabet()));
  // Text as converters print it (each byte as Windows-1252's character; written here as bytes).
  for (const auto& [vni, text] : {
           std::pair<std::string, std::string>{"Xin cha\xF8o ca\xF9"
                                               "c ba\xEFn",
                                               "Xin chào các bạn"},
           {"Tie\xE1ng Vie\xE4t", "Tiếng Việt"},
           {"M\xF4\xFB ta\xE4p tin", "Mở tập tin"},
           {"\xD1\xD6\xD4\xD8NG \xCDT", "ĐƯỜNG ÍT"},
           {"Kho\xE2ng t\xECm tha\xE1y \x93ng\xF6\xF4\xF8i du\xF8ng\x94 \x96 \xA9 2024",
            "Không tìm thấy “người dùng” – © 2024"},
       }) {
    QCOMPARE(model::legacyToUtf8(vni, LegacyEncoding::Vni, "x"), text);
    QCOMPARE(model::utf8ToLegacy(text, LegacyEncoding::Vni, &line, &character), std::optional(vni));
  }
  // A file in VNI read, written back byte for byte, and guessed when it is read as UTF-8.
  const std::string text = "Đang thêm người dùng mới\r\nMở tập tin số 7\r\nĐóng cửa sổ “ở đây”\r\n";
  const auto bytes = model::utf8ToLegacy(text, LegacyEncoding::Vni, &line, &character);
  QVERIFY(bytes);
  const auto path = write("vni.txt", *bytes);
  const auto document = model::readTextDocument(path, LegacyEncoding::Vni);
  QCOMPARE(int(document.encoding), int(model::TextDocument::Encoding::Vni));
  QCOMPARE(document.lines,
           (std::vector<std::string>{"Đang thêm người dùng mới", "Mở tập tin số 7", "Đóng cửa sổ “ở đây”"}));
  QCOMPARE(document.text(), *bytes);
  try {
    model::readTextDocument(path);
    QFAIL("VNI read as UTF-8");
  } catch (const model::NotUtf8Error& e) {
    QVERIFY(e.reads_as == LegacyEncoding::Vni);
    QCOMPARE(std::string(e.what()), path + " line 1 is not valid UTF-8: it reads as Vietnamese in VNI");
  }
  // ... and the other three are not taken for VNI, nor VNI for them.
  for (const auto encoding : {LegacyEncoding::Windows1258, LegacyEncoding::Viscii, LegacyEncoding::Tcvn3}) {
    const auto other = model::utf8ToLegacy("Đang thêm người dùng mới\nMở tập tin số 7\nĐóng cửa sổ\n",
                                           encoding, &line, &character);
    QVERIFY(other);
    QCOMPARE(model::guessLegacyEncoding(*other), std::optional(encoding));
  }
  for (const char* name : {"vni", "VNI", "VNI-Windows"})
    QCOMPARE(model::parseLegacyEncoding(name), std::optional(LegacyEncoding::Vni));
  QCOMPARE(model::legacyEncodingName(LegacyEncoding::Vni), std::string("VNI"));
}

// A mark byte after nothing it can sit on (a consonant, a space, the start)
// is read as the combining mark the font draws there, and written back as
// the same byte; a byte Windows-1252 does not define is refused.
void TestLegacyEncodings::vniMarksOnNothingAreCombiningMarks() {
  QCOMPARE(model::legacyToUtf8("\xF9x n\xE1 \xCA", LegacyEncoding::Vni, "x"),
           std::string("\xCC\x81x n\xCC\x82\xCC\x81 \xCC\x86"));
  size_t line = 0;
  char32_t character = 0;
  QCOMPARE(
      model::utf8ToLegacy("\xCC\x81x n\xCC\x82\xCC\x81 \xCC\x86", LegacyEncoding::Vni, &line, &character),
      std::optional(std::string("\xF9x n\xE2\xF9 \xEA")));
  // A letter in Unicode's decomposed form is VNI's letter and mark bytes.
  QCOMPARE(model::utf8ToLegacy("A\xCC\x81 \xC6\xA1\xCC\x80", LegacyEncoding::Vni, &line, &character),
           std::optional(std::string("A\xD9 \xF4\xF8")));
  // What VNI has no bytes for: a letter beyond Vietnamese's whose Windows-1252 byte is one of VNI's marks
  // (ü), an arrow. (Windows-1252's letters at the bytes VNI leaves alone, ç and ß among them, are written.)
  QCOMPARE(model::utf8ToLegacy("Stra\xC3\x9F\x65 \xC3\xA7", LegacyEncoding::Vni, &line, &character),
           std::optional(std::string("Stra\xDF\x65 \xE7")));
  for (const char* text : {"M\xC3\xBCnchen", "File \xE2\x86\x92 Save"}) {
    QVERIFY(!model::utf8ToLegacy(text, LegacyEncoding::Vni, &line, &character));
    QCOMPARE(line, size_t(1));
  }
  const auto undefined = write("undefined-vni.txt", "a\nb\x81\n");
  QCOMPARE(test::thrownMessage([&] { model::readTextDocument(undefined, LegacyEncoding::Vni); }),
           undefined + " line 2 is not VNI: it has no byte 0x81");
}

// What the guess weighs readings by: words spelt as Vietnamese syllables can be.
void TestLegacyEncodings::wordsSpeltAsVietnameseSyllables() {
  using model::legacy::isVietnameseSyllable;
  for (const char* word : {"tiếng", "Người", "được", "khoảng", "nghiệm", "QUỐC", "gì", "giữa", "oanh", "uyển",
                           "thác", "ạch", "yêu", "đi"})
    QVERIFY2(isVietnameseSyllable(model::decodeUtf8(word)), word);
  // TCVN3's "tiếng" read as VISCII; two tones; a stop after a grave; no vowel; a letter Vietnamese lacks.
  for (const char* word : {"tiạng", "Mừề", "thàc", "ph", "fé", "café"})
    QVERIFY2(!isVietnameseSyllable(model::decodeUtf8(word)), word);
  const auto count = model::legacy::countSyllables(model::decodeUtf8("“Mở” tập tin xyz tiạng"));
  QCOMPARE(count.syllables, size_t(2));  // (xyz: ASCII alone, not counted; the quotes are not letters)
  QCOMPARE(count.others, size_t(1));
}

STUDIO_TEST_MAIN(TestLegacyEncodings)
#include "tst_legacyencodings.moc"
