// Verbatim text (model/decoding/Verbatim): which spans of a sentence are
// kept as typed, kind by kind, where a sentence's punctuation ends them,
// which text only looks like one, and when a translation holds them.
#include <QtTest/QtTest>

#include "common/SuiteMain.h"
#include "model/decoding/Verbatim.h"

using namespace studio;

namespace verbatim_suite {

// The spans' texts, each as "kind:text".
QStringList spansOf(const std::string& sentence, unsigned kinds = model::kVerbatimAll,
                    const model::WritableCharacter& writable = nullptr) {
  QStringList out;
  for (const auto& span : model::findVerbatimSpans(sentence, kinds, writable))
    out << QString::fromStdString(model::verbatimKindName(span.kind) + ":" +
                                  sentence.substr(span.begin, span.end - span.begin));
  return out;
}

std::string kindsError(const std::string& list) {
  try {
    model::parseVerbatimKinds(list);
  } catch (const model::VerbatimError& e) {
    return e.what();
  }
  return "";
}

}  // namespace verbatim_suite

using namespace verbatim_suite;

class TestVerbatim : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void kindsAreReadAndWritten();
  void eachKindIsFound_data();
  void eachKindIsFound();
  void textThatOnlyLooksLikeOneIsLeft_data();
  void textThatOnlyLooksLikeOneIsLeft();
  void onlyTheKindsAskedForAreFound();
  void wordsTheVocabularyCannotWriteAreFound();
  void spansDoNotOverlapAndHoldNoSpace();
  void aTranslationKeepsASpanAsTyped();
};

void TestVerbatim::kindsAreReadAndWritten() {
  QCOMPARE(model::parseVerbatimKinds("all"), model::kVerbatimAll);
  QCOMPARE(model::parseVerbatimKinds("none"), 0u);
  QCOMPARE(model::parseVerbatimKinds("url,number"), unsigned(model::kVerbatimUrl | model::kVerbatimNumber));
  for (unsigned kinds = 0; kinds <= model::kVerbatimAll; ++kinds)
    QCOMPARE(model::parseVerbatimKinds(model::verbatimKindsText(kinds)), kinds);
  QCOMPARE(model::verbatimKindsText(model::kVerbatimEmail | model::kVerbatimPath), std::string("email,path"));
  const auto error = kindsError("url,links");
  QVERIFY2(error.find("'links'") != std::string::npos && error.find("placeholder") != std::string::npos,
           error.c_str());
  QVERIFY(kindsError("url,,path").find("''") != std::string::npos);
}

void TestVerbatim::eachKindIsFound_data() {
  QTest::addColumn<QString>("sentence");
  QTest::addColumn<QStringList>("spans");
  QTest::newRow("url") << "Truy cập https://example.org/tai-lieu?id=3&x=ạ để biết thêm."
                       << QStringList{"url:https://example.org/tai-lieu?id=3&x=ạ"};
  QTest::newRow("url ending a sentence") << "Xem http://gnu.org." << QStringList{"url:http://gnu.org"};
  QTest::newRow("url in brackets") << "(xem www.debian.org/doc) và (https://vi.wikipedia.org/wiki/A_(B))"
                                   << QStringList{"url:www.debian.org/doc",
                                                  "url:https://vi.wikipedia.org/wiki/A_(B)"};
  QTest::newRow("url in quotes") << "“ftp://ftp.gnu.org/gnu”" << QStringList{"url:ftp://ftp.gnu.org/gnu"};
  QTest::newRow("email") << "Gửi thư tới nguyen.van-a+tin@mail.example.vn, cảm ơn."
                         << QStringList{"email:nguyen.van-a+tin@mail.example.vn"};
  QTest::newRow("email in angle brackets")
      << "Nguyễn <an@ví.dụ.vn> <bo@example.com>" << QStringList{"email:bo@example.com"};
  QTest::newRow("paths") << "Tập tin /etc/fstab, ~/ghi chú và ./chạy.sh (../a/b) C:\\Windows\\x.ini"
                         << QStringList{"path:/etc/fstab", "path:~/ghi", "path:./chạy.sh", "path:../a/b",
                                        "path:C:\\Windows\\x.ini"};
  QTest::newRow("printf") << "Lỗi %s: %d tập tin, %5.2f%% %1$s %-10lu %(name)s %%"
                          << QStringList{"placeholder:%s",   "placeholder:%d",     "placeholder:%5.2f",
                                         "placeholder:%1$s", "placeholder:%-10lu", "placeholder:%(name)s"};
  QTest::newRow("qt and braces") << "Đã chép %1 trong %L2 giây: {0} {} {tên} {count:d}"
                                 << QStringList{"placeholder:%1",    "placeholder:%L2",
                                                "placeholder:{0}",   "placeholder:{}",
                                                "placeholder:{tên}", "placeholder:{count:d}"};
  QTest::newRow("shell") << "Đặt $HOME hoặc ${XDG_CONFIG_HOME}."
                         << QStringList{"placeholder:$HOME", "placeholder:${XDG_CONFIG_HOME}"};
  QTest::newRow("numbers") << "Đã tải 1.234.567 byte trong 12,5 giây lúc 10:30 ngày 29/11/2026 (bản 2.6.1)."
                           << QStringList{"number:1.234.567", "number:12,5", "number:10:30",
                                          "number:29/11/2026", "number:2.6.1"};
  QTest::newRow("a number at a word's edge")
      << "16-bit, (00..53), 3." << QStringList{"number:16", "number:00", "number:53", "number:3"};
  QTest::newRow("a number in an address")
      << "http://a.vn/2024/x và a1@b.com" << QStringList{"url:http://a.vn/2024/x", "email:a1@b.com"};
}

void TestVerbatim::eachKindIsFound() {
  QFETCH(QString, sentence);
  QFETCH(QStringList, spans);
  QCOMPARE(spansOf(sentence.toStdString()), spans);
}

void TestVerbatim::textThatOnlyLooksLikeOneIsLeft_data() {
  QTest::addColumn<QString>("sentence");
  QTest::addColumn<unsigned>("kinds");
  const unsigned words = model::kVerbatimAll & ~model::kVerbatimNumber;
  QTest::newRow("a percentage") << "Đã xong 50% công việc, 100 % còn lại, %" << words;
  QTest::newRow("a slash between words") << "và/hoặc, km/h, 1/2 là phân số" << words;
  QTest::newRow("not an address") << "www. hoặc http:// hay a@b hay @tên hay x@y.1" << words;
  QTest::newRow("numbers inside words")
      << "x86_64, 64bit, PowerPC V2.06, param1, H.264, v.2" << unsigned(model::kVerbatimNumber);
  QTest::newRow("braces with spaces") << "tập hợp {a, b} và $ 5 và $5" << words;
  QTest::newRow("a lone slash") << "a / b, ./ và ~/" << words;
  QTest::newRow("a menu's path") << "/Bạn chát/Tham gia chat..." << words;
}

void TestVerbatim::textThatOnlyLooksLikeOneIsLeft() {
  QFETCH(QString, sentence);
  QFETCH(unsigned, kinds);
  const auto found = spansOf(sentence.toStdString(), kinds);
  QVERIFY2(found.isEmpty(), qPrintable(found.join(" | ")));
}

void TestVerbatim::onlyTheKindsAskedForAreFound() {
  const std::string sentence = "Xem https://a.org/1 hoặc /etc/x, %s, 42 và a@b.vn";
  QCOMPARE(spansOf(sentence, model::kVerbatimNumber), QStringList{"number:42"});
  QCOMPARE(spansOf(sentence, model::kVerbatimPlaceholder | model::kVerbatimEmail),
           (QStringList{"placeholder:%s", "email:a@b.vn"}));
  // Without addresses, the address's own parts are found as what they are.
  QCOMPARE(spansOf(sentence, model::kVerbatimNumber | model::kVerbatimPath),
           (QStringList{"path:/etc/x", "number:42"}));
  QVERIFY(spansOf(sentence, 0).isEmpty());
}

void TestVerbatim::wordsTheVocabularyCannotWriteAreFound() {
  // A vocabulary without "★", "日", "本", "Ω" and the capital "Ẽ".
  const auto writable = [](std::string_view c) {
    return c != "★" && c != "日" && c != "本" && c != "Ω" && c != "Ẽ";
  };
  QCOMPARE(spansOf("Nhấn ★ để mở “日本”, rồi Ωmega.", model::kVerbatimUnwritable, writable),
           (QStringList{"unwritable:★", "unwritable:日本", "unwritable:Ωmega"}));
  // A Vietnamese word in capitals is a word to translate, spelt as the vocabulary can.
  QVERIFY(spansOf("LẦN ĐÓ SẼ MẤT", model::kVerbatimUnwritable, writable).isEmpty());
  QVERIFY(spansOf("Nhấn ★ để mở", model::kVerbatimUnwritable).isEmpty());  // no vocabulary asked: none
  int asked = 0;
  const auto counting = [&](std::string_view) {
    ++asked;
    return true;
  };
  spansOf("ạ ★★★ ★ ★", model::kVerbatimUnwritable, counting);
  QCOMPARE(asked, 1);  // a character is asked once a sentence (and a Latin letter never)
  // A broken UTF-8 sequence is a byte of its own: the space after its lead byte still parts the words.
  const auto broken = [](std::string_view c) { return c.size() < 3; };
  QCOMPARE(spansOf("T\xe1 7\xa3 日 x", model::kVerbatimUnwritable | model::kVerbatimNumber, broken),
           (QStringList{"number:7", "unwritable:日"}));
}

void TestVerbatim::spansDoNotOverlapAndHoldNoSpace() {
  const std::string sentence =
      "%s https://x.org/%s/10 a@b.vn/c /d/%d 12,5% ★ {a} $B ~/c/d.tar.gz 1.2.3 %1 ftp://q.r/s";
  const auto writable = [](std::string_view c) { return c != "★"; };
  const auto spans = model::findVerbatimSpans(sentence, model::kVerbatimAll, writable);
  QVERIFY(spans.size() >= 10);
  for (size_t i = 0; i < spans.size(); ++i) {
    QVERIFY(spans[i].begin < spans[i].end && spans[i].end <= sentence.size());
    QVERIFY(sentence.substr(spans[i].begin, spans[i].end - spans[i].begin).find(' ') == std::string::npos);
    if (i > 0) QVERIFY(spans[i - 1].end <= spans[i].begin);
  }
}

void TestVerbatim::aTranslationKeepsASpanAsTyped() {
  QCOMPARE(model::countVerbatim("Open %s or %s", "%s", model::kVerbatimPlaceholder), size_t(2));
  // A number stands alone: not inside a longer one.
  QCOMPARE(model::countVerbatim("in 12 or 125 or 1.12", "12", model::kVerbatimNumber), size_t(1));
  QCOMPARE(model::countVerbatim("12.5 seconds", "12,5", model::kVerbatimNumber),
           size_t(1));  // English's decimal point
  QCOMPARE(model::countVerbatim("12,55 seconds", "12,5", model::kVerbatimNumber), size_t(0));
  QCOMPARE(model::countVerbatim("16bit", "16", model::kVerbatimNumber), size_t(1));
  const std::string sentence = "Chép %s vào %s lúc 10:30";
  const auto spans = model::findVerbatimSpans(sentence, model::kVerbatimAll);
  QCOMPARE(spans.size(), size_t(3));
  QVERIFY(model::keepsVerbatim(sentence, spans, "Copy %s to %s at 10:30"));
  QVERIFY(!model::keepsVerbatim(sentence, spans, "Copy %s at 10:30"));       // one %s of two
  QVERIFY(!model::keepsVerbatim(sentence, spans, "Copy %s to %s at 10:3"));  // the time cut
  QVERIFY(model::keepsVerbatim("không có gì", {}, "nothing"));
}

STUDIO_TEST_MAIN(TestVerbatim)
#include "tst_verbatim.moc"
