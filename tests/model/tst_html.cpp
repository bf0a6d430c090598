// Web pages: the blocks of text to translate found with their inline markup,
// what is not to be translated left out of them or kept inside them as a
// placeholder, the page written back with each block's translation and every
// other byte as it was; what cannot be read refused, naming the line.

#include <fstream>

#include <QtTest/QtTest>

#include "common/SuiteMain.h"
#include "model/files/HtmlFile.h"
#include "model/files/LegacyEncodings.h"
#include "model/files/TextDocument.h"
#include "model/files/XliffFile.h"

using namespace studio::model;

namespace {

const std::string kPage =
    "<!DOCTYPE html>\n"
    "<html lang=\"vi\">\n"
    "<head>\n"
    "<meta charset=\"UTF-8\">\n"
    "<title>Trang chủ &amp; tin tức</title>\n"  // 5
    "<style>p { color: red; } /* Không dịch */</style>\n"
    "<script>var s = \"<p>Không dịch</p>\";</script>\n"
    "</head>\n"
    "<body>\n"
    "<h1>Chào mừng</h1>\n"  // 10
    "<p>Nhấn <b>Lưu</b> để lưu <a href=\"a.html\"\n"
    "   title=\"x > y\">tập tin</a>.<br>Xong.</p>\n"
    "<p>Gõ <code>ls -l</code> để xem <!-- chú thích --> thư mục.</p>\n"
    "<pre>Không dịch\n"
    "đoạn này</pre>\n"  // 15
    "<div translate=\"no\">Tên riêng <b>GNU</b></div>\n"
    "<P>Xem <span class=\"x notranslate\">Debian <span>cũ</span></span> nhé</P>\n"
    "<ul><li>Một</li><li>2024</li><li> — </li></ul>\n"
    "<p>   </p><p>a < b và c</p>\n"
    "</body>\n"  // 20
    "</html>\n";

}  // namespace

class TestHtml : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void blocksAreFoundWithTheirMarkup();
  void thePageIsWrittenBackWithEachBlocksTranslation();
  void whatIsNotTranslatedIsKeptAsWritten();
  void attributesAreTranslatedToo();
  void whatCannotBeReadIsRefused_data();
  void whatCannotBeReadIsRefused();
  void aPageIsKnownByItsNameOrItsFirstElement();
  void pagesInOtherEncodingsAreReadAndWrittenInUtf8();
};

void TestHtml::blocksAreFoundWithTheirMarkup() {
  const auto page = readHtml("\xEF\xBB\xBF" + kPage, "page.html");
  QVERIFY(page.bom);
  std::vector<std::string> marked;
  std::vector<size_t> lines;
  for (const auto& block : page.blocks) {
    marked.push_back(block.marked);
    lines.push_back(block.line);
  }
  QCOMPARE(marked, (std::vector<std::string>{
                       "Trang chủ &amp; tin tức",
                       "Chào mừng",
                       // The tag written over two lines on one; the '>' inside a quoted value is no tag's
                       // end. The title of the link is translated on its own (attributesAreTranslatedToo).
                       "Nhấn <b>Lưu</b> để lưu <a href=\"a.html\"    title=\"@attr0@\">tập tin</a>.<br>Xong.",
                       "Gõ <x-code n=\"0\"/> để xem <x-code n=\"1\"/> thư mục.",
                       "Xem <x-code n=\"0\"/> nhé",
                       "Một",
                       "a < b và c",
                   }));
  QCOMPARE(lines, (std::vector<size_t>{5, 10, 11, 13, 17, 18, 19}));
  QCOMPARE(page.blocks[3].codes, (std::vector<std::string>{"<code>ls -l</code>", "<!-- chú thích -->"}));
  QCOMPARE(page.blocks[4].codes,
           (std::vector<std::string>{"<span class=\"x notranslate\">Debian <span>cũ</span></span>"}));
  QCOMPARE(page.not_translatable, size_t(2));  // the <div translate="no"> and the notranslate <span>
  // Each block's bytes: from its first non-space to its last.
  QCOMPARE(page.text.substr(page.blocks[1].begin, page.blocks[1].end - page.blocks[1].begin),
           std::string("Chào mừng"));
  QCOMPARE(
      page.text.substr(page.blocks[2].begin, page.blocks[2].end - page.blocks[2].begin),
      std::string("Nhấn <b>Lưu</b> để lưu <a href=\"a.html\"\n   title=\"x > y\">tập tin</a>.<br>Xong."));
  QCOMPARE(page.languages.size(), size_t(1));
  QCOMPARE(page.text.substr(page.languages[0].first, page.languages[0].second - page.languages[0].first),
           std::string("vi"));
}

// Each block's bytes give way to its translation (the placeholders' codes put
// back), the root's language becomes English, nothing else changes.
void TestHtml::thePageIsWrittenBackWithEachBlocksTranslation() {
  const auto page = readHtml("\xEF\xBB\xBF" + kPage, "page.html");
  const std::vector<std::string> translations = {
      "Home &amp; news",
      "Welcome",
      "Press <b>Save</b> to save the <a href=\"a.html\"    title=\"@attr0@\">file</a>.<br>Done.",
      restoreXliffCodes("Type <x-code n=\"0\"/> to see the folder.<x-code n=\"1\"/>", page.blocks[3].codes),
      restoreXliffCodes("See <x-code n=\"0\"/>", page.blocks[4].codes),
      "One",
      "a &lt; b and c",
  };
  std::string expected = "\xEF\xBB\xBF" + kPage;
  const auto replace = [&](const std::string& from, const std::string& to) {
    const size_t at = expected.find(from);
    QVERIFY2(at != std::string::npos, from.c_str());
    expected.replace(at, from.size(), to);
  };
  replace("lang=\"vi\"", "lang=\"en\"");
  replace("Trang chủ &amp; tin tức", translations[0]);
  replace("Chào mừng", translations[1]);
  replace("Nhấn <b>Lưu</b> để lưu <a href=\"a.html\"\n   title=\"x > y\">tập tin</a>.<br>Xong.",
          "Press <b>Save</b> to save the <a href=\"a.html\"    title=\"x &gt; z\">file</a>.<br>Done.");
  replace("Gõ <code>ls -l</code> để xem <!-- chú thích --> thư mục.",
          "Type <code>ls -l</code> to see the folder.<!-- chú thích -->");
  replace("Xem <span class=\"x notranslate\">Debian <span>cũ</span></span> nhé",
          "See <span class=\"x notranslate\">Debian <span>cũ</span></span>");
  replace("<li>Một</li>", "<li>One</li>");
  replace("a < b và c", "a &lt; b and c");
  QCOMPARE(page.attributes.size(), size_t(1));
  QCOMPARE(page.attributes[0].marked, std::string("x &gt; y"));
  QCOMPARE(writeHtml(page, translations, {"x &gt; z"}), expected);
  // A code whose placeholder the translation lost is kept all the same, at the block's end.
  QCOMPARE(restoreXliffCodes("See", page.blocks[4].codes),
           std::string("See<span class=\"x notranslate\">Debian <span>cũ</span></span>"));
  QVERIFY_THROWS_EXCEPTION(std::invalid_argument, writeHtml(page, {"one"}, {"x &gt; z"}));
  QVERIFY_THROWS_EXCEPTION(std::invalid_argument, writeHtml(page, translations));  // the attribute's
  auto lost = translations;  // a block's translation without the placeholder of its attribute
  lost[2] = "Press Save.";
  QVERIFY_THROWS_EXCEPTION(std::invalid_argument, writeHtml(page, lost, {"x &gt; z"}));
}

// Scripts, styles, <pre> and what is marked not to be translated are in no
// block, however their text reads; a <script>'s "</p>" ends nothing.
void TestHtml::whatIsNotTranslatedIsKeptAsWritten() {
  const auto page = readHtml(kPage, "page.html");
  for (const auto& block : page.blocks)
    for (const char* kept : {"Không dịch", "đoạn này", "Tên riêng", "GNU", "color", "2024", "—"})
      QVERIFY2(block.marked.find(kept) == std::string::npos, (block.marked + " holds " + kept).c_str());
  // Unclosed elements, upper case, a page that ends inside a comment: read, not refused.
  const auto loose = readHtml("<P>Xin <B>chào<p>bạn <!-- không", "loose.html");
  QCOMPARE(loose.blocks.size(), size_t(2));
  QCOMPARE(loose.blocks[0].marked, std::string("Xin <B>chào"));
  QCOMPARE(loose.blocks[1].marked, std::string("bạn <x-code n=\"0\"/>"));
  QCOMPARE(loose.blocks[1].codes, std::vector<std::string>{"<!-- không"});
  QCOMPARE(writeHtml(loose, {"Hello <B>there", "friend <!-- không"}),
           std::string("<P>Hello <B>there<p>friend <!-- không"));
  // Text written as our placeholders are is a code of its own, never taken for another's place.
  const auto ours = readHtml("<p>Mở <x-code n=\"0\"/> <code>ls</code></p>", "ours.html");
  QCOMPARE(ours.blocks.at(0).marked, std::string("Mở <x-code n=\"0\"/> <x-code n=\"1\"/>"));
  QCOMPARE(ours.blocks[0].codes, (std::vector<std::string>{"<x-code n=\"0\"/>", "<code>ls</code>"}));
  QCOMPARE(
      writeHtml(ours, {restoreXliffCodes("Open <x-code n=\"0\"/> <x-code n=\"1\"/>", ours.blocks[0].codes)}),
      std::string("<p>Open <x-code n=\"0\"/> <code>ls</code></p>"));
  // A '<' whose tag never ends (its quote never closed, or no '>' after it) is text.
  const auto unended = readHtml("<p>Xin <a title=\"chào</p><p>bạn <b class='x", "unended.html");
  QCOMPARE(unended.blocks.size(), size_t(2));
  QCOMPARE(unended.blocks[0].marked, std::string("Xin <a title=\"chào"));
  QCOMPARE(unended.blocks[1].marked, std::string("bạn <b class='x"));
  // Elements that say they are Vietnamese say English once translated; one in another language is kept
  // as it is written (not the body's: templates say "en" of Vietnamese pages).
  const auto languages = readHtml(
      "<meta http-equiv=\"Content-Language\" content=\"vi\"><body lang=\"en\"><div lang=\"vi\"><p>Xin "
      "<span lang=\"vi-VN\">chào</span> <i lang=\"en\">Linux</i></p><p lang=\"fr\">Bonjour</p></div>",
      "languages.html");
  QCOMPARE(languages.blocks.size(), size_t(1));
  QCOMPARE(languages.blocks[0].marked, std::string("Xin <span lang=\"en\">chào</span> <x-code n=\"0\"/>"));
  QCOMPARE(languages.other_language, size_t(2));
  QCOMPARE(writeHtml(languages, {restoreXliffCodes("Hello <span lang=\"en\">there</span> <x-code n=\"0\"/>",
                                                   languages.blocks[0].codes)}),
           std::string("<meta http-equiv=\"Content-Language\" content=\"en\"><body lang=\"en\"><div "
                       "lang=\"en\"><p>Hello <span lang=\"en\">there</span> <i lang=\"en\">Linux</i></p><p "
                       "lang=\"fr\">Bonjour</p></div>"));
  // Text outside any element and a page with no <html>: its blocks all the same, no language to set.
  const auto bare = readHtml("Xin chào\n<div>bạn</div>", "bare.html");
  QCOMPARE(bare.blocks.size(), size_t(2));
  QVERIFY(bare.languages.empty());
}

// The attributes a reader sees (alt, title, placeholder, a button's value,
// the page's description…) are texts of their own: an inline tag's inside a
// block through a placeholder, any other's in place; their translations
// written with the quote they had (one added where there was none), what
// is marked not to be translated and values without a letter left alone.
void TestHtml::attributesAreTranslatedToo() {
  const std::string source =
      "<html lang=\"vi\">\n"
      "<head>\n"
      "<meta name=\"description\" content=\"Trang về phần mềm\">\n"
      "<meta property=\"og:title\" content='Tin \"mới\"'>\n"
      "<meta name=\"viewport\" content=\"width=device-width\">\n"  // 5
      "</head>\n"
      "<body title=\"Trang chủ\">\n"
      "<p>Xem <img src=\"a.png\" alt=\"Ảnh chụp\n  màn hình\"> ở đây.</p>\n"
      "<div><a href=\"/\"><img src=\"logo.png\" alt=Biểu_trưng></a></div>\n"  // 10
      "<form><input type=\"submit\" value=\"Gửi\"> <input type=\"text\" value=\"Hà Nội\"\n"
      "  placeholder=\"Tên thành phố\"></form>\n"
      "<select><option label=\"Một\">1</option></select>\n"
      "<p translate=\"no\" title=\"Không dịch\">Tên</p><img class=\"notranslate\" alt=\"Không dịch\">\n"
      "<span title=\"2024\">Năm</span> <button aria-label=\"Đóng &amp; lưu\"><i></i></button>\n"  // 15
      "<p>Giá <b title=\"a<b\">rẻ</b></p>\n"
      "</body>\n"
      "</html>\n";
  const auto page = readHtml(source, "page.html");
  std::vector<std::string> names, marked;
  std::vector<size_t> lines, blocks;
  std::string quotes;
  for (const auto& a : page.attributes) {
    names.push_back(a.name);
    marked.push_back(a.marked);
    lines.push_back(a.line);
    blocks.push_back(a.block);
    quotes += a.quote ? a.quote : '0';
  }
  QCOMPARE(names, (std::vector<std::string>{"content", "content", "title", "alt", "alt", "value",
                                            "placeholder", "label", "aria-label", "title"}));
  QCOMPARE(marked, (std::vector<std::string>{"Trang về phần mềm", "Tin \"mới\"", "Trang chủ",
                                             "Ảnh chụp màn hình", "Biểu_trưng", "Gửi", "Tên thành phố", "Một",
                                             "Đóng &amp; lưu", "a&lt;b"}));
  QCOMPARE(lines, (std::vector<size_t>{3, 4, 7, 8, 10, 11, 12, 13, 15, 16}));
  QCOMPARE(quotes, std::string("\"'\"\"0\"\"\"\"\""));
  const size_t none = std::string::npos;
  QCOMPARE(blocks, (std::vector<size_t>{none, none, none, 0, none, none, none, none, 1, 2}));
  std::vector<std::string> texts;
  for (const auto& block : page.blocks) texts.push_back(block.marked);
  QCOMPARE(texts, (std::vector<std::string>{
                      "Xem <img src=\"a.png\" alt=\"@attr0@\"> ở đây.",
                      "<img class=\"notranslate\" alt=\"Không dịch\"> "
                      "<span title=\"2024\">Năm</span> <button aria-label=\"@attr0@\"><i></i></button>",
                      "Giá <b title=\"@attr0@\">rẻ</b>"}));
  const std::vector<std::string> translations = {
      "About software", "It's \"new\"", "The \"home\" page", "Screenshot", "Logo", "Send",
      "City name",      "One",          "Close &amp; save",  "a&lt;b"};
  const std::string written =
      writeHtml(page,
                {"See <img src=\"a.png\" alt=\"@attr0@\"> here.",
                 "<img class=\"notranslate\" alt=\"Không dịch\"> <span title=\"2024\">Year</span> "
                 "<button aria-label=\"@attr0@\"><i></i></button>",
                 "Cheap <b title=\"@attr0@\">price</b>"},
                translations);
  std::string expected = source;
  const auto replace = [&](const std::string& from, const std::string& to) {
    const size_t at = expected.find(from);
    QVERIFY2(at != std::string::npos, from.c_str());
    expected.replace(at, from.size(), to);
  };
  replace("lang=\"vi\"", "lang=\"en\"");
  replace("\"Trang về phần mềm\"", "\"About software\"");
  replace("'Tin \"mới\"'", "'It&#39;s \"new\"'");
  replace("\"Trang chủ\"", "\"The &quot;home&quot; page\"");
  replace("Xem <img src=\"a.png\" alt=\"Ảnh chụp\n  màn hình\"> ở đây.",
          "See <img src=\"a.png\" alt=\"Screenshot\"> here.");
  replace("alt=Biểu_trưng", "alt=\"Logo\"");
  replace("\"Gửi\"", "\"Send\"");
  replace("\"Tên thành phố\"", "\"City name\"");
  replace("label=\"Một\"", "label=\"One\"");
  replace("\n<span title=\"2024\">Năm</span>",
          " <span title=\"2024\">Year</span>");  // one block from the <img>
  replace("\"Đóng &amp; lưu\"", "\"Close &amp; save\"");
  replace("Giá <b title=\"a<b\">rẻ</b>", "Cheap <b title=\"a&lt;b\">price</b>");
  QCOMPARE(written, expected);
  // What is kept as written (a text area, an icon's <svg>) has its own tag's attributes translated all the
  // same, in the block (through its code) or on their own; not when it is marked not to be translated.
  const auto kept = readHtml(
      "<p>Ghi <textarea placeholder=\"Ghi chú\">giữ</textarea> đây <svg aria-label=\"Đóng\" "
      "translate=\"no\"></svg></p><pre title=\"Mã nguồn\">x</pre>",
      "kept.html");
  QCOMPARE(kept.attributes.size(), size_t(2));
  QCOMPARE(kept.attributes[0].marked, std::string("Ghi chú"));
  QCOMPARE(kept.attributes[0].block, size_t(0));
  QCOMPARE(kept.attributes[1].marked, std::string("Mã nguồn"));
  QCOMPARE(kept.blocks[0].codes[0], std::string("<textarea placeholder=\"@attr0@\">giữ</textarea>"));
  QCOMPARE(
      writeHtml(kept,
                {restoreXliffCodes("Note <x-code n=\"0\"/> here <x-code n=\"1\"/>", kept.blocks[0].codes)},
                {"Notes", "Source code"}),
      std::string("<p>Note <textarea placeholder=\"Notes\">giữ</textarea> here <svg aria-label=\"Đóng\" "
                  "translate=\"no\"></svg></p><pre title=\"Source code\">x</pre>"));
  // The placeholder is no text of the page: a page that holds "@attr" gets a longer one.
  const auto holding = readHtml("<p>Gõ @attr0@ <img alt=\"Ảnh\"></p>", "holding.html");
  QCOMPARE(holding.blocks[0].marked, std::string("Gõ @attr0@ <img alt=\"@attr@0@\">"));
  QCOMPARE(writeHtml(holding, {"Type @attr0@ <img alt=\"@attr@0@\">"}, {"Image"}),
           std::string("<p>Type @attr0@ <img alt=\"Image\"></p>"));
}

void TestHtml::whatCannotBeReadIsRefused_data() {
  QTest::addColumn<QByteArray>("bytes");
  QTest::addColumn<QString>("message");
  QTest::newRow("not UTF-8") << QByteArray("<p>một</p>\n<p>hai \xE0</p>\n")
                             << "page.html line 2: not UTF-8, and the page names no other encoding (iconv";
  QTest::newRow("not UTF-8 as it says")
      << QByteArray("<meta charset=utf-8>\n<p>một</p>\n<p>hai \xE0</p>\n")
      << "page.html line 3: not UTF-8, though the page says it is (iconv converts one)";
  QTest::newRow("a NUL byte") << (QByteArray("<p>một</p>\n\n<p>a") + '\0' + QByteArray("b</p>"))
                              << "page.html line 3: a NUL byte";
  QTest::newRow("a charset not read")
      << QByteArray("<html>\n<head>\n<meta charset=\"Shift_JIS\">\n")
      << "page.html line 3: the page says it is in shift_jis; pages are read in UTF-8, Windows-1258, VISCII, "
         "TCVN3 and Windows-1252 (iconv -f shift_jis -t UTF-8 converts it)";
  QTest::newRow("http-equiv")
      << QByteArray("<meta http-equiv=\"Content-Type\" content=\"text/html; charset=KOI8-R\">")
      << "page.html line 1: the page says it is in koi8-r;";
  QTest::newRow("XHTML's declaration") << QByteArray("<?xml version='1.0' encoding='UTF-16'?>\n<html/>")
                                       << "page.html line 1: the page says it is in utf-16;";
  QTest::newRow("a byte Windows-1258 lacks")
      << QByteArray("<meta charset=\"windows-1258\">\n<p>Vi\xEAt</p>\n<p>\x8A</p>")
      << "page.html line 3 is not Windows-1258: it has no byte 0x8A";
}

void TestHtml::whatCannotBeReadIsRefused() {
  QFETCH(QByteArray, bytes);
  QFETCH(QString, message);
  try {
    readHtml(bytes.toStdString(), "page.html");
    QFAIL("read");
  } catch (const std::runtime_error& e) {
    QVERIFY2(QString::fromUtf8(e.what()).startsWith(message), e.what());
  }
}

void TestHtml::aPageIsKnownByItsNameOrItsFirstElement() {
  QTemporaryDir dir;
  auto write = [&](const char* name, const std::string& bytes) {
    const std::string path = dir.filePath(name).toStdString();
    std::ofstream(path, std::ios::binary) << bytes;
    return path;
  };
  const auto named = readHtmlFile(write("page.HTM", "<p>Xin chào</p>"));
  QVERIFY(named && named->blocks.size() == 1);
  const auto by_element =
      readHtmlFile(write("page.txt", "<!-- a page -->\n<!DOCTYPE html>\n<html><p>Chào</p>"));
  QVERIFY(by_element && by_element->blocks.size() == 1);
  QVERIFY(!readHtmlFile(write("text.txt", "Xin chào <b>bạn</b>\n")));
  QVERIFY(!readHtmlFile(write("app.xlf", "<?xml version=\"1.0\"?><xliff version=\"1.2\"/>")));
}

// A page that says it is in Windows-1258, VISCII or ISO 8859-1 is read so,
// and written in UTF-8, saying so; one that says nothing and is not UTF-8 is
// refused with the encoding it reads as, and read in it when asked.
void TestHtml::pagesInOtherEncodingsAreReadAndWrittenInUtf8() {
  const auto in = [](const std::string& utf8, LegacyEncoding encoding) {
    size_t line = 0;
    char32_t character = 0;
    const auto bytes = utf8ToLegacy(utf8, encoding, &line, &character);
    if (!bytes) qFatal("cannot write the test's page");
    return *bytes;
  };
  const std::string vi = "<p>Không tìm thấy tập tin.</p>\n<p>Mở <b>thư mục</b></p>\n";
  const auto identity = [](const HtmlDocument& page) {
    std::vector<std::string> own;
    for (const auto& block : page.blocks) own.push_back(block.marked);
    return writeHtml(page, own);
  };

  const std::string head1258 = "<html lang=\"vi\"><head><meta charset=\"Windows-1258\"></head>\n";
  const auto cp1258 = readHtml(head1258 + in(vi, LegacyEncoding::Windows1258), "page.html");
  QCOMPARE(cp1258.encoding, std::string("Windows-1258"));
  QCOMPARE(cp1258.blocks.size(), size_t(2));
  QCOMPARE(cp1258.blocks[0].marked, std::string("Không tìm thấy tập tin."));  // tone marks composed
  QCOMPARE(cp1258.blocks[1].line, size_t(3));
  QVERIFY(cp1258.notices.empty());
  QCOMPARE(identity(cp1258), "<html lang=\"en\"><head><meta charset=\"utf-8\"></head>\n" + vi);

  const std::string viscii_head =
      "<meta http-equiv=\"Content-Type\" content=\"text/html; charset=VISCII\">\n";
  const auto viscii = readHtml(viscii_head + in(vi, LegacyEncoding::Viscii), "page.html");
  QCOMPARE(viscii.encoding, std::string("VISCII"));
  QCOMPARE(identity(viscii),
           "<meta http-equiv=\"Content-Type\" content=\"text/html; charset=utf-8\">\n" + vi);

  // ISO 8859-1 is read as Windows-1252 (0x93 0x94 are quotes there); a character reference stays one.
  const auto western = readHtml(
      "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n<p>\x93Vi&#7879;t\x94 caf\xE9</p>", "page.xhtml");
  QCOMPARE(western.encoding, std::string("Windows-1252"));
  QCOMPARE(western.blocks[0].marked, std::string("“Vi&#7879;t” café"));
  QCOMPARE(identity(western),
           std::string("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<p>“Vi&#7879;t” café</p>"));

  // A page that says Windows-1258 but is UTF-8 (converted, its <meta> left as it was): read as UTF-8.
  const auto converted = readHtml(head1258 + vi, "page.html");
  QCOMPARE(converted.encoding, std::string());
  QCOMPARE(converted.blocks[0].marked, std::string("Không tìm thấy tập tin."));
  QCOMPARE(converted.notices, std::vector<std::string>{"line 1: the page says it is in windows-1258, but its "
                                                       "bytes are UTF-8: read as UTF-8"});
  QCOMPARE(identity(converted), "<html lang=\"en\"><head><meta charset=\"utf-8\"></head>\n" + vi);

  // Saying nothing: refused, naming the encoding it reads as; read in it when asked.
  const std::string bare = in(vi, LegacyEncoding::Windows1258);
  try {
    readHtml(bare, "page.html");
    QFAIL("read");
  } catch (const NotUtf8Error& e) {
    QCOMPARE(std::string(e.what()), std::string("page.html line 1: not UTF-8, and the page names no other "
                                                "encoding; it reads as Vietnamese in Windows-1258"));
    QVERIFY(e.reads_as == LegacyEncoding::Windows1258);
  }
  const auto asked = readHtml(bare, "page.html", LegacyEncoding::Windows1258);
  QCOMPARE(asked.encoding, std::string("Windows-1258"));
  QCOMPARE(identity(asked), vi);
  // Asked for one that the page's declaration contradicts: read as asked, with a notice.
  const auto against =
      readHtml("<meta charset=\"iso-8859-1\">\n" + bare, "page.html", LegacyEncoding::Windows1258);
  QCOMPARE(against.blocks[0].marked, std::string("Không tìm thấy tập tin."));
  QCOMPARE(against.notices, std::vector<std::string>{"line 1: the page says it is in iso-8859-1; read as "
                                                     "Windows-1258, as asked"});
  // Asked for an 8-bit encoding, a page in UTF-8 is refused: its letters would be garbled.
  QVERIFY_THROWS_EXCEPTION(std::runtime_error, readHtml(vi, "page.html", LegacyEncoding::Viscii));
}

STUDIO_TEST_MAIN(TestHtml)
#include "tst_html.moc"
