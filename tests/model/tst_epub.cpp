// EPUB books: the pages found in the order the spine reads them, each read
// as a web page; the package document's title, subject and description and
// the NCX table of contents' labels as texts; the book written back with
// each translation in place, its languages English, its mimetype first and
// stored and every other file as it was; what cannot be read refused, and
// what the manifest names and the book lacks said.

#include <fstream>
#include <sstream>

#include <QTemporaryDir>
#include <QtTest/QtTest>

#include "common/SuiteMain.h"
#include "model/files/EpubFile.h"
#include "model/files/HtmlEncoding.h"
#include "model/files/OfficeFile.h"
#include "model/files/XliffFile.h"
#include "model/files/XmlReader.h"
#include "model/files/ZipDirectory.h"
#include "model/files/ZipWriter.h"

using namespace studio::model;

namespace {

const std::string kBookContainer =
    "<?xml version=\"1.0\"?>\n<container version=\"1.0\" "
    "xmlns=\"urn:oasis:names:tc:opendocument:xmlns:container\"><rootfiles>"
    "<rootfile full-path=\"OEBPS/content.opf\" media-type=\"application/oebps-package+xml\"/>"
    "</rootfiles></container>";

const std::string kBookPackage =
    "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
    "<package xmlns=\"http://www.idpf.org/2007/opf\" version=\"3.0\" unique-identifier=\"id\" "
    "xml:lang=\"vi\">\n"
    "<metadata xmlns:dc=\"http://purl.org/dc/elements/1.1/\">\n"
    "<dc:identifier id=\"id\">urn:uuid:0b5e8f6a-3c1d-4e55-9d0b-1f2a3b4c5d6e</dc:identifier>\n"
    "<dc:title>Sổ tay &amp; hướng dẫn</dc:title>\n"                                               // 5
    "<dc:language>vi-VN</dc:language>\n"                                                          // 6
    "<dc:creator>Nguyễn Văn An</dc:creator>\n"                                                    // 7
    "<dc:description>&lt;p&gt;Cách &lt;b&gt;cài đặt&lt;/b&gt; gói.&lt;/p&gt;</dc:description>\n"  // 8
    "<dc:subject>Phần mềm</dc:subject>\n"                                                         // 9
    "<dc:subject>2024</dc:subject>\n"
    "<meta property=\"dcterms:modified\">2024-01-01T00:00:00Z</meta>\n"
    "</metadata>\n"
    "<manifest>\n"
    "<item id=\"nav\" href=\"nav.xhtml\" media-type=\"application/xhtml+xml\" properties=\"nav\"/>\n"
    "<item id=\"ncx\" href=\"toc.ncx\" media-type=\"application/x-dtbncx+xml\"/>\n"
    "<item id=\"c2\" href=\"Text/ch%202.xhtml\" media-type=\"application/xhtml+xml\"/>\n"
    "<item id=\"c1\" href=\"Text/ch1.xhtml#top\" media-type=\"application/xhtml+xml\"/>\n"
    "<item id=\"css\" href=\"Styles/../style.css\" media-type=\"text/css\"/>\n"
    "<item id=\"cover\" href=\"cover.png\" media-type=\"image/png\"/>\n"
    "</manifest>\n"
    "<spine toc=\"ncx\"><itemref idref=\"c1\"/><itemref idref=\"c2\"/></spine>\n"
    "</package>\n";

const std::string kBookNcx =
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<ncx xmlns=\"http://www.daisy.org/z3986/2005/ncx/\" version=\"2005-1\" xml:lang=\"vi\">\n"
    "<head><meta name=\"dtb:uid\" content=\"urn:uuid:0b5e8f6a-3c1d-4e55-9d0b-1f2a3b4c5d6e\"/></head>\n"
    "<docTitle><text>Sổ tay &amp; hướng dẫn</text></docTitle>\n"  // 4
    "<docAuthor><text>Nguyễn Văn An</text></docAuthor>\n"
    "<navMap>\n"
    "<navPoint id=\"p1\" playOrder=\"1\"><navLabel><text>Mở   tập tin</text></navLabel>"  // 7
    "<content src=\"Text/ch1.xhtml\"/></navPoint>\n"
    "<navPoint id=\"p2\" playOrder=\"2\"><navLabel><text>Cài đặt</text></navLabel>"  // 8
    "<content src=\"Text/ch%202.xhtml\"/></navPoint>\n"
    "</navMap>\n</ncx>\n";

const std::string kBookNav =
    "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<!DOCTYPE html>\n"
    "<html xmlns=\"http://www.w3.org/1999/xhtml\" xmlns:epub=\"http://www.idpf.org/2007/ops\" lang=\"vi\" "
    "xml:lang=\"vi\">\n<head><title>Mục lục</title></head>\n"
    "<body><nav epub:type=\"toc\"><ol><li><a href=\"Text/ch1.xhtml\">Mở tập tin</a></li>"
    "<li><a href=\"Text/ch%202.xhtml\">Cài đặt</a></li></ol></nav></body>\n</html>\n";

const std::string kBookChapter1 =
    "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<!DOCTYPE html>\n"
    "<html xmlns=\"http://www.w3.org/1999/xhtml\" lang=\"vi\" xml:lang=\"vi\">\n"
    "<head><title>Mở tập tin</title><link rel=\"stylesheet\" href=\"../style.css\" "
    "type=\"text/css\"/></head>\n"
    "<body>\n"
    "<h1>Mở tập tin</h1>\n"                                 // 6
    "<p>Nhấn <b>Lưu</b> để lưu.<br/>Xong.</p>\n"            // 7
    "<p><img src=\"../cover.png\" alt=\"Ảnh bìa\"/></p>\n"  // 8
    "</body>\n</html>\n";

const std::string kBookChapter2 =
    "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<!DOCTYPE html>\n"
    "<html xmlns=\"http://www.w3.org/1999/xhtml\" lang=\"vi\" xml:lang=\"vi\">\n"
    "<head><title>Cài đặt</title></head>\n<body>\n"
    "<h1>Cài đặt &amp; gỡ bỏ</h1>\n"
    "<pre>apt install gói</pre>\n"
    "</body>\n</html>\n";

const std::string kBookStyle = "p { margin: 0; }\n";
const std::string kBookCover(3000, '\x89');

struct BookFiles {
  std::vector<std::pair<std::string, std::string>> entries = {{"mimetype", "application/epub+zip"},
                                                              {"META-INF/container.xml", kBookContainer},
                                                              {"OEBPS/content.opf", kBookPackage},
                                                              {"OEBPS/toc.ncx", kBookNcx},
                                                              {"OEBPS/nav.xhtml", kBookNav},
                                                              {"OEBPS/Text/ch1.xhtml", kBookChapter1},
                                                              {"OEBPS/Text/ch 2.xhtml", kBookChapter2},
                                                              {"OEBPS/style.css", kBookStyle},
                                                              {"OEBPS/cover.png", kBookCover}};
  BookFiles& set(const std::string& name, const std::string& bytes) {
    for (auto& [n, b] : entries)
      if (n == name) {
        b = bytes;
        return *this;
      }
    entries.emplace_back(name, bytes);
    return *this;
  }
  BookFiles& drop(const std::string& name) {
    for (size_t i = 0; i < entries.size(); ++i)
      if (entries[i].first == name) entries.erase(entries.begin() + long(i));
    return *this;
  }
  std::string zip() const {
    ZipWriter zip;
    for (const auto& [name, bytes] : entries) zip.add(name, bytes);
    return zip.finish();
  }
};

std::map<std::string, std::string> bookFiles(const std::string& bytes) {
  std::map<std::string, std::string> out;
  for (const auto& [name, content] : readZipFiles(bytes, 1 << 30)) out[name] = content;
  return out;
}

std::string bookEntryName(const EpubBook& book, size_t entry) { return book.entries.at(entry).first; }

// Each page's blocks and attributes given `translate`'s answer, the texts too: the book written.
template <class F>
std::string bookWritten(const EpubBook& book, F translate) {
  std::vector<std::string> pages, texts;
  for (const auto& p : book.pages) {
    std::vector<std::string> blocks, attributes;
    for (const auto& b : p.page.blocks) blocks.push_back(restoreXliffCodes(translate(b.marked), b.codes));
    for (const auto& a : p.page.attributes) attributes.push_back(translate(a.marked));
    pages.push_back(writeHtml(p.page, blocks, attributes));
  }
  for (const auto& t : book.texts) texts.push_back(translate(t.marked));
  return writeEpub(book, pages, texts);
}

struct XmlChecker : XmlHandler {
  void startElement(const std::string&, const std::vector<XmlAttribute>&, const XmlSpan&) override {}
  void endElement(const std::string&, const XmlSpan&) override {}
  void characters(std::string_view, bool) override {}
};
void checkBookXml(const std::string& xml, const std::string& root) {
  XmlChecker handler;
  readXml(xml, "written", {root}, "XML", handler);
}

}  // namespace

class TestEpub : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void pagesAreReadInTheSpinesOrder();
  void theBooksOwnTextsAreRead();
  void theBookIsWrittenBackWithEachTranslation();
  void writtenBackWithItsOwnTextItReadsTheSame();
  void whatTheManifestNamesAndTheBookLacksIsSaid();
  void whatCannotBeReadIsRefused_data();
  void whatCannotBeReadIsRefused();
  void aBookIsKnownByItsNameOrItsMimetype();
};

void TestEpub::pagesAreReadInTheSpinesOrder() {
  const auto book = readEpub(BookFiles().zip(), "guide.epub");
  QCOMPARE(book.package, std::string("OEBPS/content.opf"));
  // The spine's two chapters (ch%202 is "ch 2"; #top is no part of the name), then the nav page, then the
  // description read as a page of its own.
  QCOMPARE(book.pages.size(), size_t(4));
  QCOMPARE(bookEntryName(book, book.pages[0].entry), std::string("OEBPS/Text/ch1.xhtml"));
  QCOMPARE(bookEntryName(book, book.pages[1].entry), std::string("OEBPS/Text/ch 2.xhtml"));
  QCOMPARE(bookEntryName(book, book.pages[2].entry), std::string("OEBPS/nav.xhtml"));
  QCOMPARE(bookEntryName(book, book.pages[3].entry), std::string("OEBPS/content.opf"));
  const auto& ch1 = book.pages[0].page;
  QCOMPARE(ch1.name, std::string("guide.epub: OEBPS/Text/ch1.xhtml"));
  QVERIFY(!book.pages[0].escaped);
  QCOMPARE(ch1.blocks.size(), size_t(3));  // the title, the heading, the paragraph
  QCOMPARE(ch1.blocks[1].marked, std::string("Mở tập tin"));
  QCOMPARE(ch1.blocks[1].line, size_t(6));
  QCOMPARE(ch1.blocks[2].marked.find("Nhấn "), size_t(0));
  QVERIFY(ch1.blocks[2].marked.find("Lưu") != std::string::npos);
  QCOMPARE(ch1.attributes.size(), size_t(1));
  QCOMPARE(ch1.attributes[0].marked, std::string("Ảnh bìa"));
  // A package document whose elements carry OPF's prefix (as some EPUB 2 tools write it) reads the same.
  const auto opf = readEpub(
      BookFiles()
          .set("OEBPS/content.opf",
               "<opf:package xmlns:opf=\"http://www.idpf.org/2007/opf\" version=\"2.0\"><opf:metadata "
               "xmlns:dc=\"http://purl.org/dc/elements/1.1/\"><dc:title>Sổ tay</dc:title><dc:language>vi"
               "</dc:language></opf:metadata><opf:manifest><opf:item id=\"c1\" href=\"Text/ch1.xhtml\" "
               "media-type=\"application/xhtml+xml\"/></opf:manifest><opf:spine><opf:itemref idref=\"c1\"/>"
               "</opf:spine></opf:package>")
          .zip(),
      "guide.epub");
  QCOMPARE(opf.pages.size(), size_t(1));
  QCOMPARE(opf.texts.size(), size_t(1));
  QCOMPARE(opf.languages.size(), size_t(1));
  // What is code stays: the second chapter's <pre> is no block.
  for (const auto& b : book.pages[1].page.blocks) QVERIFY(b.marked.find("apt") == std::string::npos);
  QCOMPARE(book.pages[2].page.blocks.size(), size_t(3));  // the nav page's title and two entries
  QVERIFY(book.notices.empty());
}

void TestEpub::theBooksOwnTextsAreRead() {
  const auto book = readEpub(BookFiles().zip(), "guide.epub");
  // The package document's title and subject (not the creator, not a subject without letters), then
  // the NCX's title and labels (not the author's name).
  std::vector<std::string> marked;
  for (const auto& t : book.texts) marked.push_back(t.marked);
  const std::vector<std::string> expected = {"Sổ tay &amp; hướng dẫn", "Phần mềm", "Sổ tay &amp; hướng dẫn",
                                             "Mở tập tin", "Cài đặt"};
  QCOMPARE(marked, expected);
  QCOMPARE(bookEntryName(book, book.texts[0].entry), std::string("OEBPS/content.opf"));
  QCOMPARE(book.texts[0].line, size_t(5));
  QCOMPARE(bookEntryName(book, book.texts[3].entry), std::string("OEBPS/toc.ncx"));
  QCOMPARE(book.texts[3].line, size_t(7));
  // The description, escaped HTML, is a page: its paragraph a block with its bold word as markup.
  const auto& description = book.pages[3];
  QVERIFY(description.escaped);
  QCOMPARE(kBookPackage.substr(description.begin, description.end - description.begin),
           std::string("&lt;p&gt;Cách &lt;b&gt;cài đặt&lt;/b&gt; gói.&lt;/p&gt;"));
  QCOMPARE(description.page.blocks.size(), size_t(1));
  QVERIFY(description.page.blocks[0].marked.find("Cách ") == 0);
  // Languages: the package's xml:lang, dc:language, the NCX's xml:lang.
  QCOMPARE(book.languages.size(), size_t(3));
}

void TestEpub::theBookIsWrittenBackWithEachTranslation() {
  const std::string bytes = BookFiles().zip();
  const auto book = readEpub(bytes, "guide.epub");
  const std::map<std::string, std::string> english = {{"Mở tập tin", "Open file"},
                                                      {"Cài đặt", "Install"},
                                                      {"Mục lục", "Contents"},
                                                      {"Ảnh bìa", "Cover picture"},
                                                      {"Phần mềm", "Software"},
                                                      {"Sổ tay &amp; hướng dẫn", "Handbook &amp; guide"},
                                                      {"Cài đặt &amp; gỡ bỏ", "Install &amp; remove"}};
  const std::string out = bookWritten(book, [&](const std::string& marked) {
    const auto found = english.find(marked);
    if (found != english.end()) return found->second;
    if (marked.find("<a href") == 0) {  // the nav page's entries: links around the words
      const size_t open = marked.find('>') + 1, close = marked.rfind("</a>");
      return marked.substr(0, open) + english.at(marked.substr(open, close - open)) + "</a>";
    }
    if (marked.find("Nhấn ") == 0) return std::string("Press <b>Save</b> to save.<br/> Done.");
    if (marked.find("Cách ") == 0) return std::string("How to <b>install</b> packages.");
    return "?" + marked;
  });
  // The mimetype first, stored: its bytes right after the first local header and its name.
  QCOMPARE(out.substr(30, 8), std::string("mimetype"));
  QCOMPARE(out.substr(38, 20), std::string("application/epub+zip"));
  QCOMPARE(int(uint8_t(out[8])), 0);  // method 0: stored
  auto files = bookFiles(out);
  QCOMPARE(files.size(), size_t(9));
  auto before = bookFiles(bytes);
  for (const char* kept : {"META-INF/container.xml", "OEBPS/style.css", "OEBPS/cover.png"})
    QVERIFY2(files[kept] == before[kept], kept);
  const std::string& opf = files["OEBPS/content.opf"];
  checkBookXml(opf, "package");
  QVERIFY(opf.find("<dc:title>Handbook &amp; guide</dc:title>") != std::string::npos);
  QVERIFY(opf.find("<dc:language>en</dc:language>") != std::string::npos);
  QVERIFY(opf.find("xml:lang=\"en\"") != std::string::npos);
  QVERIFY(opf.find("<dc:creator>Nguyễn Văn An</dc:creator>") != std::string::npos);
  QVERIFY(opf.find("<dc:subject>Software</dc:subject>\n<dc:subject>2024</dc:subject>") != std::string::npos);
  // The description: HTML escaped as it was.
  QVERIFY2(opf.find("<dc:description>&lt;p&gt;How to &lt;b&gt;install&lt;/b&gt; packages.&lt;/p&gt;"
                    "</dc:description>") != std::string::npos,
           opf.c_str());
  const std::string& ncx = files["OEBPS/toc.ncx"];
  checkBookXml(ncx, "ncx");
  QVERIFY(ncx.find("<docTitle><text>Handbook &amp; guide</text></docTitle>") != std::string::npos);
  QVERIFY(ncx.find("<navLabel><text>Open file</text></navLabel>") != std::string::npos);
  QVERIFY(ncx.find("<docAuthor><text>Nguyễn Văn An</text></docAuthor>") != std::string::npos);
  QVERIFY(ncx.find("xml:lang=\"en\"") != std::string::npos);
  const std::string& ch1 = files["OEBPS/Text/ch1.xhtml"];
  checkBookXml(ch1, "html");
  QVERIFY(ch1.find("lang=\"en\" xml:lang=\"en\"") != std::string::npos);
  QVERIFY(ch1.find("<title>Open file</title>") != std::string::npos);
  QVERIFY2(ch1.find("<p>Press <b>Save</b> to save.<br/> Done.</p>") != std::string::npos, ch1.c_str());
  QVERIFY(ch1.find("alt=\"Cover picture\"") != std::string::npos);
  const std::string& ch2 = files["OEBPS/Text/ch 2.xhtml"];
  QVERIFY(ch2.find("<h1>Install &amp; remove</h1>") != std::string::npos);
  QVERIFY(ch2.find("<pre>apt install gói</pre>") != std::string::npos);
  QVERIFY(files["OEBPS/nav.xhtml"].find("<a href=\"Text/ch1.xhtml\">Open file</a>") != std::string::npos);
  // What is written reads again as a book.
  const auto again = readEpub(out, "guide.en.epub");
  QCOMPARE(again.pages.size(), book.pages.size());
  QVERIFY(again.languages.empty());
  QVERIFY_THROWS_EXCEPTION(std::invalid_argument, writeEpub(book, {}, {}));
}

void TestEpub::writtenBackWithItsOwnTextItReadsTheSame() {
  const std::string bytes = BookFiles().zip();
  const auto book = readEpub(bytes, "guide.epub");
  const auto files = bookFiles(bookWritten(book, [](const std::string& marked) { return marked; }));
  const auto before = bookFiles(bytes);
  QCOMPARE(files.size(), before.size());
  for (const auto& [name, content] : before) {
    std::string expected = content;
    // Only the languages change, and the NCX label's run of spaces (whitespace as one space).
    for (const char* from : {"xml:lang=\"vi\"", "lang=\"vi\"", "<dc:language>vi-VN<"})
      for (size_t at = expected.find(from); at != std::string::npos; at = expected.find(from, at + 1)) {
        const std::string f = from;
        const std::string to = f.find("vi-VN") != std::string::npos ? "<dc:language>en<"
                               : f.find("xml:") == 0                ? "xml:lang=\"en\""
                                                                    : "lang=\"en\"";
        expected.replace(at, f.size(), to);
      }
    if (name == "OEBPS/toc.ncx")
      expected.replace(expected.find("Mở   tập"), std::string("Mở   tập").size(), "Mở tập");
    QVERIFY2(files.at(name) == expected, name.c_str());
  }
}

void TestEpub::whatTheManifestNamesAndTheBookLacksIsSaid() {
  // A chapter the spine lists is missing: said, the others translated, nothing lost from the book.
  const std::string bytes = BookFiles().drop("OEBPS/Text/ch 2.xhtml").zip();
  const auto book = readEpub(bytes, "guide.epub");
  QCOMPARE(book.pages.size(), size_t(3));
  QCOMPARE(book.notices.size(), size_t(1));
  QCOMPARE(book.notices[0], std::string("OEBPS/content.opf: its manifest names 'Text/ch%202.xhtml', which "
                                        "the book does not hold: not translated"));
  const auto files = bookFiles(bookWritten(book, [](const std::string& m) { return m; }));
  QCOMPARE(files.size(), size_t(8));
  // A page read in another encoding than it says: its own notice, named by its file.
  std::string said = kBookChapter2;
  said.replace(said.find("encoding=\"utf-8\""), 16, "encoding=\"windows-1258\"");
  const auto other = readEpub(BookFiles().set("OEBPS/Text/ch 2.xhtml", said).zip(), "guide.epub");
  QCOMPARE(other.pages.size(), size_t(4));
  QCOMPARE(other.notices, std::vector<std::string>{"OEBPS/Text/ch 2.xhtml line 1: the page says it is in "
                                                   "windows-1258, but its bytes are UTF-8: read as UTF-8"});
}

void TestEpub::whatCannotBeReadIsRefused_data() {
  QTest::addColumn<QByteArray>("bytes");
  QTest::addColumn<QString>("message");
  QTest::newRow("not a zip file") << QByteArray("Mở tập tin\n")
                                  << "'guide.epub' is not an EPUB book (a book is a zip package)";
  QTest::newRow("cut short") << QByteArray::fromStdString(BookFiles().zip().substr(0, 900))
                             << "'guide.epub' is not a book that can be read: ";
  QTest::newRow("no container") << QByteArray::fromStdString(BookFiles().drop("META-INF/container.xml").zip())
                                << "'guide.epub' is a zip file, not an EPUB book (no META-INF/container.xml)";
  QTest::newRow("another mimetype")
      << QByteArray::fromStdString(
             BookFiles().set("mimetype", "application/vnd.oasis.opendocument.text").zip())
      << "'guide.epub' is not an EPUB book: its mimetype says 'application/vnd.oasis.opendocument.text'";
  QTest::newRow("no rootfile")
      << QByteArray::fromStdString(
             BookFiles().set("META-INF/container.xml", "<container><rootfiles/></container>").zip())
      << "'guide.epub' names no package document";
  QTest::newRow("package missing")
      << QByteArray::fromStdString(BookFiles().drop("OEBPS/content.opf").zip())
      << "'guide.epub' names a package document 'OEBPS/content.opf' that it does "
         "not hold";
  std::string broken = kBookPackage;
  broken.replace(broken.find("</dc:subject>"), 13, "</dc:title>");
  QTest::newRow("package not well formed")
      << QByteArray::fromStdString(BookFiles().set("OEBPS/content.opf", broken).zip())
      << "'guide.epub: OEBPS/content.opf' line 9: </dc:title> closes <dc:subject>";
  std::string latin = kBookPackage;
  latin.replace(latin.find("Sổ"), 4, "S\xf5");
  QTest::newRow("package not UTF-8")
      << QByteArray::fromStdString(BookFiles().set("OEBPS/content.opf", latin).zip())
      << "'guide.epub' has a package document 'OEBPS/content.opf' not in UTF-8";
  std::string ncx = kBookNcx;
  ncx.replace(ncx.find("</navLabel>"), 11, "");
  QTest::newRow("NCX not well formed")
      << QByteArray::fromStdString(BookFiles().set("OEBPS/toc.ncx", ncx).zip())
      << "'guide.epub: OEBPS/toc.ncx' line 7: </navpoint> closes <navlabel>";
  QTest::newRow("DRM")
      << QByteArray::fromStdString(
             BookFiles()
                 .set("META-INF/encryption.xml",
                      "<encryption xmlns=\"urn:oasis:names:tc:opendocument:xmlns:container\" "
                      "xmlns:enc=\"http://www.w3.org/2001/04/xmlenc#\"><enc:EncryptedData><enc:CipherData>"
                      "<enc:CipherReference "
                      "URI=\"OEBPS/Text/ch1.xhtml\"/></enc:CipherData></enc:EncryptedData>"
                      "</encryption>")
                 .zip())
      << "'guide.epub' is protected (DRM): its pages are encrypted (META-INF/encryption.xml names "
         "OEBPS/Text/ch1.xhtml)";
  std::string page = kBookChapter1;
  page.replace(page.find("Nhấn"), std::string("Nhấn").size(), "Nh\xe1n");
  QTest::newRow("page not UTF-8") << QByteArray::fromStdString(
                                         BookFiles().set("OEBPS/Text/ch1.xhtml", page).zip())
                                  << "guide.epub: OEBPS/Text/ch1.xhtml";
}

void TestEpub::whatCannotBeReadIsRefused() {
  QFETCH(QByteArray, bytes);
  QFETCH(QString, message);
  try {
    readEpub(bytes.toStdString(), "guide.epub");
    QFAIL("read");
  } catch (const std::runtime_error& e) {
    QVERIFY2(QString::fromUtf8(e.what()).startsWith(message), e.what());
  }
}

void TestEpub::aBookIsKnownByItsNameOrItsMimetype() {
  QTemporaryDir dir;
  QVERIFY(dir.isValid());
  auto write = [&](const QString& name, const std::string& bytes) {
    const std::string path = dir.filePath(name).toStdString();
    std::ofstream(path, std::ios::binary) << bytes;
    return path;
  };
  for (const QString name : {"guide.epub", "guide.EPUB", "guide.zip", "guide"})
    QVERIFY2(readEpubFile(write(name, BookFiles().zip())), qPrintable(name));
  // An OpenDocument's mimetype comes first too: not a book, nor is a corpus's zip file or a text.
  ZipWriter odt;
  odt.add("mimetype", "application/vnd.oasis.opendocument.text", ZipPacking::Stored);
  odt.add("content.xml", "<office:document-content/>");
  QVERIFY(!readEpubFile(write("notes.odt", odt.finish())));
  ZipWriter corpus;
  corpus.add("train.vi", "Mở tập tin\n");
  QVERIFY(!readEpubFile(write("corpus.zip", corpus.finish())));
  QVERIFY(!readEpubFile(write("notes.txt", "Mở tập tin\n")));
  // A book is no office document, and an .epub that is not one is refused by name.
  QVERIFY(!readOfficeFile(write("guide2.epub", BookFiles().zip())));
  QVERIFY_THROWS_EXCEPTION(std::runtime_error, readEpubFile(write("broken.epub", "not a zip")));
}

STUDIO_TEST_MAIN(TestEpub)
#include "tst_epub.moc"
