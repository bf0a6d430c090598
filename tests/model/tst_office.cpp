// Word documents and OpenDocument texts: the paragraphs to translate found with their formatting,
// hyperlinks, fields and what is not text as markup; the package written back
// with each paragraph's translation and every other part as it was; zip
// packages written as any zip reader reads them; what cannot be read refused,
// naming the file, part and line.

#include <fstream>
#include <sstream>

#include <QtTest/QtTest>

#include "common/SuiteMain.h"
#include "model/files/LegacyEncodings.h"
#include "model/files/OfficeFile.h"
#include "model/files/XmlReader.h"
#include "model/files/ZipDirectory.h"
#include "model/files/ZipWriter.h"

using namespace studio::model;

namespace {

const std::string kWord = "http://schemas.openxmlformats.org/wordprocessingml/2006/main";
const std::string kVi = "<w:rPr><w:lang w:val=\"vi-VN\"/></w:rPr>";
const std::string kBold = "<w:rPr><w:b/><w:lang w:val=\"vi-VN\"/></w:rPr>";

const std::string kDocument =
    "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\n"
    "<w:document xmlns:w=\"" +
    kWord +
    "\" xmlns:wp=\"wp\" xmlns:r=\"r\"><w:body>\n"
    // 3: a heading, its properties kept before the words
    "<w:p><w:pPr><w:pStyle w:val=\"Heading1\"/></w:pPr><w:r>" +
    kVi +
    "<w:t>Mở tập tin</w:t></w:r></w:p>\n"
    // 4: a bold word among plain ones, a hyperlink, a tab; runs Word split for nothing joined
    "<w:p><w:r>" +
    kVi + "<w:t xml:space=\"preserve\">Nhấn </w:t></w:r><w:r w:rsidR=\"00A1\">" + kBold +
    "<w:t>Lưu</w:t></w:r><w:r>" + kVi +
    "<w:t xml:space=\"preserve\"> để </w:t></w:r><w:proofErr w:type=\"spellStart\"/>"
    "<w:r>" +
    kVi + "<w:t>lưu </w:t></w:r><w:hyperlink r:id=\"rId9\"><w:r>" + kVi +
    "<w:t>tập tin</w:t></w:r>"
    "</w:hyperlink><w:r>" +
    kVi +
    "<w:t>.</w:t><w:tab/><w:t>Xong.</w:t></w:r></w:p>\n"
    // 5: a bookmark, a field (its instruction a code, its result words), a footnote's mark
    "<w:p><w:bookmarkStart w:id=\"0\" w:name=\"a\"/><w:r>" +
    kVi +
    "<w:t xml:space=\"preserve\">Xem trang </w:t></w:r>"
    "<w:r>" +
    kVi + "<w:fldChar w:fldCharType=\"begin\"/></w:r><w:r>" + kVi +
    "<w:instrText xml:space=\"preserve\"> PAGEREF a </w:instrText></w:r><w:r>" + kVi +
    "<w:fldChar w:fldCharType=\"separate\"/></w:r><w:r>" + kVi + "<w:t>ba</w:t></w:r><w:r>" + kVi +
    "<w:fldChar w:fldCharType=\"end\"/></w:r><w:r><w:rPr><w:rStyle w:val=\"FootnoteReference\"/></w:rPr>"
    "<w:footnoteReference w:id=\"1\"/></w:r><w:bookmarkEnd w:id=\"0\"/></w:p>\n"
    // 6: a table's cell
    "<w:tbl><w:tr><w:tc><w:p><w:r><w:t>Một</w:t></w:r></w:p></w:tc></w:tr></w:tbl>\n"
    // 7: a picture holding a text box, whose paragraph is translated inside it
    "<w:p><w:r><w:t xml:space=\"preserve\">Hình một </w:t></w:r><w:r><w:drawing><wp:inline><w:txbxContent>"
    "<w:p><w:r><w:t>Hộp chữ</w:t></w:r></w:p></w:txbxContent></wp:inline></w:drawing></w:r></w:p>\n"
    // 8: no letters: left as it is
    "<w:p><w:r><w:t>2024</w:t></w:r></w:p>\n"
    // 9: a tracked deletion (kept) and insertion (its words translated)
    "<w:p><w:r><w:t xml:space=\"preserve\">Chọn </w:t></w:r><w:del "
    "w:id=\"3\"><w:r><w:delText>cũ</w:delText></w:r>"
    "</w:del><w:ins w:id=\"4\"><w:r><w:t>mới</w:t></w:r></w:ins></w:p>\n"
    "<w:sectPr/></w:body></w:document>\n";

const std::string kHeader = "<?xml version=\"1.0\"?>\n<w:hdr xmlns:w=\"" + kWord +
                            "\"><w:p><w:r><w:t>Tiêu đề &amp; trang</w:t></w:r></w:p></w:hdr>";
const std::string kStyles =
    "<?xml version=\"1.0\"?>\n<w:styles xmlns:w=\"" + kWord +
    "\"><w:docDefaults><w:rPrDefault><w:rPr><w:lang w:val=\"vi-VN\" w:eastAsia=\"en-US\"/>"
    "</w:rPr></w:rPrDefault></w:docDefaults></w:styles>";
const std::string kTypes =
    "<?xml version=\"1.0\"?>\n<Types xmlns=\"http://schemas.openxmlformats.org/package/2006/content-types\">"
    "<Default Extension=\"xml\" ContentType=\"application/xml\"/>"
    "<Override PartName=\"/word/document.xml\" "
    "ContentType=\"application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml\"/>"
    "<Override PartName=\"/word/header1.xml\" "
    "ContentType=\"application/vnd.openxmlformats-officedocument.wordprocessingml.header+xml\"/>"
    "<Override PartName=\"/word/styles.xml\" "
    "ContentType=\"application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml\"/></Types>";
const std::string kPicture(3000, '\x7f');

std::string package(const std::string& document = kDocument, const std::string& types = kTypes) {
  ZipWriter zip;
  zip.add("[Content_Types].xml", types);
  zip.add("_rels/.rels", "<Relationships/>");
  zip.add("word/document.xml", document);
  zip.add("word/header1.xml", kHeader);
  zip.add("word/styles.xml", kStyles);
  zip.add("word/media/image1.png", kPicture);
  return zip.finish();
}

// The package's files, read back as any zip reader reads them.
std::map<std::string, std::string> unpacked(const std::string& bytes) {
  std::istringstream file(bytes);
  ZipDirectory zip(file, bytes.size(), ZipNames::AsStored);
  std::map<std::string, std::string> out;
  for (const auto& [name, entry] : zip.entries()) out[name] = zip.read(file, name, 1 << 30);
  return out;
}

// A part's text as Word shows it: the words of its <w:t>s (and tabs as \t), paragraph by paragraph.
struct Words : XmlHandler {
  std::vector<std::string> paragraphs;
  bool in_text = false;
  int depth = 0;
  void startElement(const std::string& name, const std::vector<XmlAttribute>&, const XmlSpan&) override {
    if (name == "w:p" && depth++ == 0) paragraphs.emplace_back();
    if (name == "w:tab" && !paragraphs.empty()) paragraphs.back() += "\t";
    in_text = name == "w:t";
  }
  void endElement(const std::string& name, const XmlSpan&) override {
    if (name == "w:p") --depth;
    in_text = false;
  }
  void characters(std::string_view text, bool) override {
    if (in_text) paragraphs.back() += std::string(text);
  }
};

std::vector<std::string> wordsOf(const std::string& xml) {
  Words words;
  readXml(xml, "part", {"w:document", "w:hdr"}, "a part", words);  // throws unless well formed
  return words.paragraphs;
}

const std::string kOdfText = "urn:oasis:names:tc:opendocument:xmlns:text:1.0";
const std::string kOdfOffice = "urn:oasis:names:tc:opendocument:xmlns:office:1.0";

const std::string kContent =
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<office:document-content xmlns:office=\"" +
    kOdfOffice + "\" xmlns:text=\"" + kOdfText +
    "\" xmlns:fo=\"fo\" xmlns:style=\"style\" xmlns:draw=\"draw\" xmlns:xlink=\"xlink\">\n"
    "<office:automatic-styles><style:style style:name=\"T1\"><style:text-properties fo:font-weight=\"bold\" "
    "fo:language=\"vi\" fo:country=\"VN\"/></style:style></office:automatic-styles>\n"
    "<office:body><office:text>\n"
    // 5: a heading
    "<text:h text:outline-level=\"1\">Hướng dẫn</text:h>\n"
    // 6: a bold span, a link, two spaces, a tab and a line break; a spelling-free soft page break
    "<text:p text:style-name=\"P1\">Nhấn <text:span text:style-name=\"T1\">Lưu</text:span> để lưu "
    "<text:a xlink:href=\"https://example.org\">tập tin</text:a>.<text:s text:c=\"2\"/>Xong<text:tab/>nhé"
    "<text:line-break/>Hết<text:soft-page-break/>.</text:p>\n"
    // 7: a bookmark, a footnote whose own paragraph is translated, a comment
    "<text:p><text:bookmark text:name=\"a\"/>Xem trang<text:note "
    "text:note-class=\"footnote\"><text:note-citation>1"
    "</text:note-citation><text:note-body><text:p>Chú thích</text:p></text:note-body></text:note>"
    "<office:annotation><text:p>Ghi chú của người đọc</text:p></office:annotation> ba</text:p>\n"
    // 8: a list item, and a paragraph without letters; an empty one
    "<text:list><text:list-item><text:p>Mở thư mục</text:p></text:list-item></text:list>\n"
    "<text:p>2024</text:p><text:p/>\n"
    "</office:text></office:body></office:document-content>\n";
const std::string kOdtStyles =
    "<?xml version=\"1.0\"?>\n<office:document-styles xmlns:office=\"" + kOdfOffice + "\" xmlns:text=\"" +
    kOdfText +
    "\" xmlns:style=\"style\" xmlns:fo=\"fo\"><office:styles><style:default-style><style:text-properties "
    "fo:language=\"vi\" fo:country=\"VN\" style:language-asian=\"zh\"/></style:default-style></office:styles>"
    "<office:master-styles><style:master-page><style:header><text:p>Tài liệu nội bộ</text:p></style:header>"
    "</style:master-page></office:master-styles></office:document-styles>";

std::string openDocument(const std::string& mimetype = "application/vnd.oasis.opendocument.text") {
  ZipWriter zip;
  zip.add("mimetype", mimetype);
  zip.add("content.xml", kContent);
  zip.add("styles.xml", kOdtStyles);
  zip.add("meta.xml",
          "<office:document-meta><office:meta><dc:language>vi-VN</dc:language></office:meta>"
          "</office:document-meta>");
  zip.add("META-INF/manifest.xml", "<manifest/>");
  zip.add("Pictures/1.png", kPicture);
  return zip.finish();
}

}  // namespace

class TestOffice : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void aZipWrittenHereReadsBack();
  void paragraphsAreFoundWithTheirMarkup();
  void theDocumentIsWrittenBackWithEachTranslation();
  void markupTheTranslationLostIsKeptAtItsEnd();
  void fieldsAndControlsOverParagraphs();
  void whatCannotBeReadIsRefused_data();
  void whatCannotBeReadIsRefused();
  void aDocumentIsKnownByItsNameOrItsContent();
  void textInTheOldVietnameseFontsIsReadAsTheirEncoding();
  void anOpenDocumentTextIsReadAndWrittenBack();
  void anOpenDocumentThatIsNoTextIsRefused();
  void theTitleIsTranslatedNotTheAuthor();
};

void TestOffice::aZipWrittenHereReadsBack() {
  const std::string text(5000, 'a');
  ZipWriter zip;
  zip.add("a.txt", text);
  zip.add("folder/b.bin", kPicture.substr(0, 10));
  zip.add("empty", "");
  QVERIFY_THROWS_EXCEPTION(std::invalid_argument, zip.add("a.txt", "again"));
  QVERIFY_THROWS_EXCEPTION(std::invalid_argument, zip.add("/root", "x"));
  const std::string bytes = zip.finish();
  QVERIFY(bytes.size() < text.size());  // deflated where that is smaller
  std::istringstream file(bytes);
  ZipDirectory read(file, bytes.size(), ZipNames::AsStored);
  QCOMPARE(read.entries().size(), size_t(3));
  QVERIFY(read.find("a.txt")->deflated && !read.find("folder/b.bin")->deflated);
  QCOMPARE(read.read(file, "a.txt", 1 << 20), text);
  QCOMPARE(read.read(file, "folder/b.bin", 1 << 20), kPicture.substr(0, 10));
  QCOMPARE(read.read(file, "empty", 1 << 20), std::string());
  QCOMPARE(zip.finish(), bytes);  // the same content, the same bytes
}

void TestOffice::paragraphsAreFoundWithTheirMarkup() {
  const auto d = readOfficeDocument(package(), "letter.docx");
  QCOMPARE(d.parts.size(), size_t(2));
  QCOMPARE(d.parts[0].name, std::string("word/document.xml"));
  QCOMPARE(d.parts[1].name, std::string("word/header1.xml"));
  std::vector<std::string> marked;
  std::vector<size_t> lines;
  for (const auto& p : d.paragraphs) {
    marked.push_back(p.marked);
    lines.push_back(p.line);
  }
  QCOMPARE(
      marked,
      (std::vector<std::string>{
          "Mở tập tin",
          // the bold run a format of its own, the plain runs' the paragraph's
          "Nhấn <x-fmt n=\"0\">Lưu</x-fmt> để lưu <x-wrap n=\"0\">tập tin</x-wrap>.<x-break n=\"0\"/>Xong.",
          "<x-code n=\"0\"/>Xem trang <x-wrap n=\"0\">ba</x-wrap><x-code n=\"1\"/><x-code n=\"2\"/>",
          "Một",
          "Hình một <x-code n=\"0\"/>",
          "Hộp chữ",
          "Chọn <x-code n=\"0\"/><x-wrap n=\"0\">mới</x-wrap>",
          "Tiêu đề &amp; trang",
      }));
  QCOMPARE(lines, (std::vector<size_t>{3, 4, 5, 6, 7, 7, 9, 2}));
  QCOMPARE(d.paragraphs[1].base, kVi);
  QCOMPARE(d.paragraphs[1].formats, std::vector<std::string>{kBold});
  QCOMPARE(d.paragraphs[1].first_words, std::string("Nhấn Lưu để lưu tập tin. …"));
  QVERIFY(d.kept.empty());
  QCOMPARE(d.comments, size_t(0));
}

void TestOffice::theDocumentIsWrittenBackWithEachTranslation() {
  const auto d = readOfficeDocument(package(), "letter.docx");
  const std::vector<std::string> translations{
      "Open file",
      // the bold word and the link where the translation's words put them
      "Press <x-fmt n=\"0\">Save</x-fmt> to save <x-wrap n=\"0\">the file</x-wrap>.<x-break n=\"0\"/>Done.",
      "<x-code n=\"0\"/>See page <x-wrap n=\"0\">three</x-wrap><x-code n=\"1\"/><x-code n=\"2\"/>",
      "One",
      "Figure one <x-code n=\"0\"/>",
      "Text box",
      "Choose <x-code n=\"0\"/><x-wrap n=\"0\">new</x-wrap>",
      "Page title &amp; more",
  };
  const auto files = unpacked(writeOfficeDocument(d, translations));
  const auto original = unpacked(package());
  QCOMPARE(files.size(), original.size());
  QCOMPARE(files.at("word/media/image1.png"), kPicture);  // every other part as it was
  QCOMPARE(files.at("_rels/.rels"), original.at("_rels/.rels"));
  const std::string& document = files.at("word/document.xml");
  QCOMPARE(wordsOf(document),
           (std::vector<std::string>{"Open file", "Press Save to save the file.\tDone.", "See page three",
                                     "One", "Figure one Text box", "2024", "Choose new"}));
  QCOMPARE(wordsOf(files.at("word/header1.xml")), std::vector<std::string>{"Page title & more"});
  // The paragraph's properties, its formatting, the hyperlink, the field and the codes kept as written.
  const std::string en = "<w:rPr><w:lang w:val=\"en-US\"/></w:rPr>";
  QVERIFY2(document.find("<w:p><w:pPr><w:pStyle w:val=\"Heading1\"/></w:pPr><w:r>" + en +
                         "<w:t xml:space=\"preserve\">Open file</w:t></w:r></w:p>") != std::string::npos,
           document.c_str());
  QVERIFY(document.find("<w:r><w:rPr><w:b/><w:lang w:val=\"en-US\"/></w:rPr><w:t "
                        "xml:space=\"preserve\">Save</w:t></w:r>") != std::string::npos);
  QVERIFY(document.find("<w:hyperlink r:id=\"rId9\"><w:r>" + en +
                        "<w:t xml:space=\"preserve\">the file</w:t></w:r></w:hyperlink>") !=
          std::string::npos);
  QVERIFY(document.find("<w:r>" + en + "<w:tab/></w:r>") != std::string::npos);
  QVERIFY(document.find("<w:instrText xml:space=\"preserve\"> PAGEREF a </w:instrText>") !=
          std::string::npos);
  QVERIFY(document.find("<w:fldChar w:fldCharType=\"separate\"/></w:r><w:r>" + en +
                        "<w:t xml:space=\"preserve\">three</w:t></w:r><w:r>" + en +
                        "<w:fldChar w:fldCharType=\"end\"/></w:r>") != std::string::npos);
  QVERIFY(document.find("<w:footnoteReference w:id=\"1\"/></w:r><w:bookmarkEnd w:id=\"0\"/></w:p>") !=
          std::string::npos);
  QVERIFY(document.find("<w:del w:id=\"3\"><w:r><w:delText>cũ</w:delText></w:r></w:del><w:ins w:id=\"4\">") !=
          std::string::npos);
  QVERIFY(document.find("<w:p><w:r><w:t>2024</w:t></w:r></w:p>") != std::string::npos);
  QVERIFY(document.find("proofErr") == std::string::npos);  // a spelling mark Word makes again
  QVERIFY(document.find("<w:sectPr/></w:body></w:document>\n") != std::string::npos);
  // The styles' language English, their other languages as they were.
  QCOMPARE(
      files.at("word/styles.xml").find("<w:lang w:val=\"en-US\" w:eastAsia=\"en-US\"/>") != std::string::npos,
      true);
  // A translation that is the source again writes the same words back.
  std::vector<std::string> same;
  for (const auto& p : d.paragraphs) same.push_back(p.marked);
  const auto again = unpacked(writeOfficeDocument(d, same));
  QCOMPARE(wordsOf(again.at("word/document.xml")), wordsOf(original.at("word/document.xml")));
  QVERIFY_THROWS_EXCEPTION(std::invalid_argument, writeOfficeDocument(d, {"one"}));
}

void TestOffice::markupTheTranslationLostIsKeptAtItsEnd() {
  const auto d = readOfficeDocument(package(), "letter.docx");
  std::vector<std::string> translations(d.paragraphs.size(), "x");
  translations[1] = "Press Save";  // the bold run, the link and the tab lost
  const auto document = unpacked(writeOfficeDocument(d, translations)).at("word/document.xml");
  const auto words = wordsOf(document);
  QCOMPARE(words[1], std::string("Press Save\t"));
  QVERIFY(document.find("<w:hyperlink r:id=\"rId9\"></w:hyperlink>") != std::string::npos);
  // The field's opening and closing stay in order and in one paragraph.
  const size_t begin = document.find("fldCharType=\"begin\""),
               separate = document.find("fldCharType=\"separate\""),
               end = document.find("fldCharType=\"end\"");
  QVERIFY(begin < separate && separate < end && end != std::string::npos);
}

void TestOffice::fieldsAndControlsOverParagraphs() {
  const std::string document =
      "<w:document xmlns:w=\"" + kWord +
      "\"><w:body>\n"
      // a table of contents: a field whose result goes on over two paragraphs
      "<w:p><w:r><w:fldChar w:fldCharType=\"begin\"/></w:r><w:r><w:instrText> TOC \\o </w:instrText></w:r>"
      "<w:r><w:fldChar w:fldCharType=\"separate\"/></w:r><w:r><w:t>Mở đầu</w:t></w:r></w:p>\n"
      "<w:p><w:r><w:t>Kết thúc</w:t></w:r><w:r><w:fldChar w:fldCharType=\"end\"/></w:r></w:p>\n"
      // a content control around words, its properties part of its opening
      "<w:p><w:sdt>\n  <w:sdtPr><w:alias w:val=\"Tên\"/></w:sdtPr>\n  <w:sdtContent><w:r><w:t>Tên của "
      "bạn</w:t></w:r>"
      "</w:sdtContent></w:sdt></w:p>\n"
      // a field's instruction over two paragraphs: both kept as written
      "<w:p><w:r><w:t>Một</w:t></w:r><w:r><w:fldChar w:fldCharType=\"begin\"/></w:r></w:p>\n"
      "<w:p><w:r><w:instrText>IF</w:instrText></w:r><w:r><w:fldChar w:fldCharType=\"end\"/></w:r>"
      "<w:r><w:t>Hai</w:t></w:r></w:p>\n"
      "</w:body></w:document>";
  const auto d = readOfficeDocument(package(document), "toc.docx");
  std::vector<std::string> marked;
  for (const auto& p : d.paragraphs) marked.push_back(p.marked);
  QCOMPARE(marked, (std::vector<std::string>{"<x-code n=\"0\"/>Mở đầu", "Kết thúc<x-code n=\"0\"/>",
                                             "<x-wrap n=\"0\">Tên của bạn</x-wrap>", "Tiêu đề &amp; trang"}));
  QCOMPARE(d.paragraphs[0].codes[0].before, std::string("<w:r>"));  // the field's opening, in a run
  QCOMPARE(d.kept.size(), size_t(2));
  QCOMPARE(d.kept[0].line, size_t(7));
  QCOMPARE(d.kept[0].why, std::string("a field's instruction goes on over paragraphs"));
  const auto files = unpacked(writeOfficeDocument(
      d, {"<x-code n=\"0\"/>Start", "End<x-code n=\"0\"/>", "<x-wrap n=\"0\">Your name</x-wrap>", "Title"}));
  const std::string& written = files.at("word/document.xml");
  QCOMPARE(wordsOf(written), (std::vector<std::string>{"Start", "End", "Your name", "Một", "Hai"}));
  QVERIFY2(written.find("<w:sdt>\n  <w:sdtPr><w:alias w:val=\"Tên\"/></w:sdtPr>\n  <w:sdtContent><w:r><w:t "
                        "xml:space=\"preserve\">Your name</w:t></w:r></w:sdtContent></w:sdt>") !=
               std::string::npos,
           written.c_str());
  QVERIFY(
      written.find("<w:p><w:r><w:t>Một</w:t></w:r><w:r><w:fldChar w:fldCharType=\"begin\"/></w:r></w:p>") !=
      std::string::npos);
  QVERIFY(
      written.find("<w:instrText> TOC \\o </w:instrText></w:r><w:r><w:fldChar w:fldCharType=\"separate\"/>"
                   "</w:r><w:r><w:t xml:space=\"preserve\">Start</w:t></w:r></w:p>") != std::string::npos);
}

void TestOffice::whatCannotBeReadIsRefused_data() {
  QTest::addColumn<QByteArray>("bytes");
  QTest::addColumn<QString>("message");
  QTest::newRow("Word 97") << QByteArray("\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1 and so on")
                           << "'letter.docx' is a Word 97-2003 document (.doc) or a password-protected one";
  QTest::newRow("not zip")
      << QByteArray("Mở tập tin")
      << "'letter.docx' is not a Word document, PowerPoint presentation, Excel workbook or "
         "OpenDocument (those are zip packages)";
  QTest::newRow("cut short") << QByteArray::fromStdString(package().substr(0, 600))
                             << "'letter.docx' is not a document that can be read: ";
  std::string drawing = kTypes;
  drawing.replace(drawing.find("openxmlformats-officedocument.wordprocessingml.document.main"), 60,
                  "ms-visio.drawing.main");
  QTest::newRow("a drawing") << QByteArray::fromStdString(package(kDocument, drawing))
                             << "'letter.docx' is a zip package without a Word document, presentation or "
                                "workbook in it";
  std::string broken = kDocument;
  broken.replace(broken.find("</w:hyperlink>"), 14, "</w:r>");
  QTest::newRow("not well formed") << QByteArray::fromStdString(package(broken))
                                   << "'letter.docx: word/document.xml' line 4: </w:r> closes <w:hyperlink>";
  std::string latin = kDocument;
  latin.replace(latin.find("Mở"), 3, "M\xf5");
  QTest::newRow("not UTF-8") << QByteArray::fromStdString(package(latin))
                             << "'letter.docx' has a part 'word/document.xml' that is not UTF-8";
}

void TestOffice::whatCannotBeReadIsRefused() {
  QFETCH(QByteArray, bytes);
  QFETCH(QString, message);
  try {
    readOfficeDocument(bytes.toStdString(), "letter.docx");
    QFAIL("read");
  } catch (const std::runtime_error& e) {
    QVERIFY2(QString::fromUtf8(e.what()).startsWith(message), e.what());
  }
}

void TestOffice::aDocumentIsKnownByItsNameOrItsContent() {
  QTemporaryDir dir;
  auto write = [&](const char* name, const std::string& bytes) {
    const std::string path = dir.filePath(name).toStdString();
    std::ofstream(path, std::ios::binary) << bytes;
    return path;
  };
  QVERIFY(readOfficeFile(write("letter.DOCX", package())));
  QVERIFY(readOfficeFile(write("letter.bin", package())));  // a zip package whose main part is Word's
  QVERIFY(!readOfficeFile(write("letter.txt", "Mở tập tin\n")));
  ZipWriter corpus;
  corpus.add("train.vi", "Mở\n");
  QVERIFY(!readOfficeFile(write("corpus.zip", corpus.finish())));
  QVERIFY_THROWS_EXCEPTION(std::runtime_error,
                           readOfficeFile(write("old.doc", "\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1")));
  QVERIFY_THROWS_EXCEPTION(std::runtime_error, readOfficeFile(write("fake.docx", "Mở tập tin\n")));
}

// An old document typed in .VnTime (TCVN3): Word keeps each byte as the Windows-1252 character that has
// it. Its text is read as TCVN3, whether the run, its character style, its paragraph's style or the
// document's default names the font; text in Unicode in such a font is read as it is. Text typed in
// VNI-Times is kept the same way (as the Windows-1252 characters of its bytes) and read as VNI.
void TestOffice::textInTheOldVietnameseFontsIsReadAsTheirEncoding() {
  // "Áo: mở tập tin số 3" in TCVN3, each byte the Windows-1252 character that has it ("Á" is 0x83: "ƒ").
  size_t line = 0;
  char32_t character = 0;
  const auto bytes = utf8ToLegacy("Áo: mở tập tin số 3", LegacyEncoding::Tcvn3, &line, &character);
  QVERIFY(bytes);
  std::string as_word;
  for (unsigned char b : *bytes) {
    if (b == 0x83) {
      as_word += "\xc6\x92";  // U+0192
    } else if (b < 0x80) {
      as_word += char(b);
    } else {
      QVERIFY(b >= 0xA0);
      as_word += char(0xC0 | (b >> 6));
      as_word += char(0x80 | (b & 0x3F));
    }
  }
  QVERIFY(as_word.compare(0, 2, "\xc6\x92") == 0);
  const std::string styles =
      "<w:styles xmlns:w=\"" + kWord +
      "\"><w:docDefaults><w:rPrDefault><w:rPr><w:rFonts w:ascii=\"Times New Roman\"/>"
      "</w:rPr></w:rPrDefault></w:docDefaults>"
      "<w:style w:type=\"paragraph\" w:styleId=\"Old\"><w:rPr><w:rFonts w:ascii=\".VnTime\" "
      "w:hAnsi=\".VnTime\"/></w:rPr></w:style>"
      "<w:style w:type=\"paragraph\" w:styleId=\"OldHeading\"><w:basedOn w:val=\"Old\"/>"
      "</w:style>"
      "<w:style w:type=\"character\" w:styleId=\"OldChars\"><w:rPr><w:rFonts "
      "w:hAnsi=\".VnArial\"/></w:rPr></w:style></w:styles>";
  const std::string document =
      "<w:document xmlns:w=\"" + kWord + "\"><w:body>\n" +
      // the run's own font
      "<w:p><w:r><w:rPr><w:rFonts w:ascii=\".VnTime\" w:hAnsi=\".VnTime\"/></w:rPr><w:t>" + as_word +
      "</w:t></w:r></w:p>\n" +
      // its paragraph's style, based on another
      "<w:p><w:pPr><w:pStyle w:val=\"OldHeading\"/></w:pPr><w:r><w:t>" + as_word + "</w:t></w:r></w:p>\n" +
      // its character style
      "<w:p><w:r><w:rPr><w:rStyle w:val=\"OldChars\"/></w:rPr><w:t>" + as_word + "</w:t></w:r></w:p>\n" +
      // Unicode typed in a .Vn font; and the same bytes in Times New Roman: as they are
      "<w:p><w:r><w:rPr><w:rFonts w:hAnsi=\".VnTime\"/></w:rPr><w:t>Mở tập tin</w:t></w:r></w:p>\n" +
      "<w:p><w:r><w:t>" + as_word + "</w:t></w:r></w:p>\n" +
      // VNI ("Mở tập tin", "ĐƯỜNG Việt Nam": a letter's marks are bytes after it, "ơ" and "Đ" bytes alone)
      "<w:p><w:r><w:rPr><w:rFonts w:hAnsi=\"VNI-Times\"/></w:rPr><w:t>Môû taäp tin</w:t></w:r></w:p>\n" +
      "<w:p><w:r><w:rPr><w:rFonts w:ascii=\"VNI-Helve\" w:hAnsi=\"VNI-Helve\"/></w:rPr><w:t>ÑÖÔØNG Vieät "
      "Nam</w:t></w:r></w:p>\n" +
      "</w:body></w:document>";
  ZipWriter zip;
  zip.add("[Content_Types].xml", kTypes);
  zip.add("word/document.xml", document);
  zip.add("word/header1.xml", kHeader);
  zip.add("word/styles.xml", styles);
  const auto d = readOfficeDocument(zip.finish(), "old.docx");
  std::vector<std::string> marked;
  for (const auto& p : d.paragraphs) marked.push_back(p.marked);
  QCOMPARE(marked, (std::vector<std::string>{"Áo: mở tập tin số 3", "Áo: mở tập tin số 3",
                                             "Áo: mở tập tin số 3", "Mở tập tin", as_word, "Mở tập tin",
                                             "ĐƯỜNG Việt Nam", "Tiêu đề &amp; trang"}));
  QCOMPARE(d.tcvn3_paragraphs, size_t(3));
  QCOMPARE(d.vni_paragraphs, size_t(2));
  QVERIFY(d.kept.empty());
  // Written back in their font: the English of the translation as it is.
  std::vector<std::string> translations(d.paragraphs.size(), "Open file 3");
  const auto written = unpacked(writeOfficeDocument(d, translations)).at("word/document.xml");
  QVERIFY2(written.find("<w:r><w:rPr><w:rFonts w:ascii=\".VnTime\" w:hAnsi=\".VnTime\"/></w:rPr><w:t "
                        "xml:space=\"preserve\">Open file 3</w:t></w:r>") != std::string::npos,
           written.c_str());
  QVERIFY(
      written.find("<w:r><w:rPr><w:rFonts w:hAnsi=\"VNI-Times\"/></w:rPr><w:t xml:space=\"preserve\">Open "
                   "file 3</w:t></w:r>") != std::string::npos);
  // Vietnamese written into such a run is written in its encoding too, and reads back as it was.
  translations[0] = "Áo: mở tập tin số 3";
  translations[6] = "ĐƯỜNG Việt Nam";
  const auto again = readOfficeDocument(writeOfficeDocument(d, translations), "again.docx");
  QCOMPARE(again.paragraphs[0].marked, std::string("Áo: mở tập tin số 3"));
  QCOMPARE(again.paragraphs[6].marked, std::string("ĐƯỜNG Việt Nam"));
  const auto again_xml = unpacked(writeOfficeDocument(d, translations)).at("word/document.xml");
  QVERIFY(again_xml.find(as_word) != std::string::npos);
  QVERIFY(again_xml.find(">ÑÖÔØNG Vieät Nam<") != std::string::npos);
}

void TestOffice::anOpenDocumentTextIsReadAndWrittenBack() {
  const auto d = readOfficeDocument(openDocument(), "notes.odt");
  QVERIFY(d.format == OfficeDocument::Format::OpenDocumentText);
  QCOMPARE(d.parts.size(), size_t(2));
  std::vector<std::string> marked;
  std::vector<size_t> lines;
  for (const auto& p : d.paragraphs) {
    marked.push_back(p.marked);
    lines.push_back(p.line);
  }
  QCOMPARE(marked, (std::vector<std::string>{
                       "Hướng dẫn",
                       "Nhấn <x-wrap n=\"0\">Lưu</x-wrap> để lưu <x-wrap n=\"1\">tập tin</x-wrap>. "
                       "Xong<x-break n=\"0\"/>nhé<x-break n=\"1\"/>Hết.",
                       "<x-code n=\"0\"/>Xem trang<x-code n=\"1\"/><x-code n=\"2\"/> ba",
                       "Chú thích",
                       "Mở thư mục",
                       "Tài liệu nội bộ",
                   }));
  QCOMPARE(lines, (std::vector<size_t>{5, 6, 7, 7, 8, 2}));
  QVERIFY(d.paragraphs[1].base.empty() && d.paragraphs[1].formats.empty());
  QCOMPARE(d.comments, size_t(1));
  const std::vector<std::string> translations{
      "Guide",
      "Press <x-wrap n=\"0\">Save</x-wrap> to save <x-wrap n=\"1\">the file</x-wrap>. Done<x-break "
      "n=\"0\"/>then<x-break n=\"1\"/>End.",
      "<x-code n=\"0\"/>See page<x-code n=\"1\"/><x-code n=\"2\"/> three",
      "Footnote",
      "Open folder",
      "Internal document",
  };
  const auto files = unpacked(writeOfficeDocument(d, translations));
  const std::string& content = files.at("content.xml");
  QVERIFY2(content.find("<text:h text:outline-level=\"1\">Guide</text:h>") != std::string::npos,
           content.c_str());
  QVERIFY(content.find(
              "<text:p text:style-name=\"P1\">Press <text:span text:style-name=\"T1\">Save</text:span> to "
              "save <text:a xlink:href=\"https://example.org\">the file</text:a>. Done<text:tab/>then"
              "<text:line-break/>End.</text:p>") != std::string::npos);
  QVERIFY(
      content.find("<text:bookmark text:name=\"a\"/>See page<text:note text:note-class=\"footnote\">"
                   "<text:note-citation>1</text:note-citation><text:note-body><text:p>Footnote</text:p>") !=
      std::string::npos);
  QVERIFY(
      content.find("<office:annotation><text:p>Ghi chú của người đọc</text:p></office:annotation> three") !=
      std::string::npos);
  QVERIFY(content.find("<text:p>2024</text:p><text:p/>") != std::string::npos);
  // Its languages English, inside tags alone; the styles' too, and the document's own.
  QVERIFY(content.find("fo:language=\"en\" fo:country=\"US\"") != std::string::npos &&
          content.find("\"vi\"") == std::string::npos);
  QVERIFY(files.at("styles.xml").find("<text:p>Internal document</text:p>") != std::string::npos &&
          files.at("styles.xml").find("fo:language=\"en\" fo:country=\"US\" style:language-asian=\"zh\"") !=
              std::string::npos);
  QVERIFY(files.at("meta.xml").find("<dc:language>en-US</dc:language>") != std::string::npos);
  QCOMPARE(files.at("Pictures/1.png"), kPicture);
  // The mimetype first, stored, as OpenDocument asks.
  const std::string written = writeOfficeDocument(d, translations);
  QCOMPARE(written.substr(30, 8 + 39), std::string("mimetypeapplication/vnd.oasis.opendocument.text"));
  QCOMPARE(readOfficeDocument(written, "again.odt").paragraphs.size(), d.paragraphs.size());
  QTemporaryDir dir;
  const std::string path = dir.filePath("notes.bin").toStdString();
  std::ofstream(path, std::ios::binary) << openDocument();
  QVERIFY(readOfficeFile(path));  // known by its mimetype
}

void TestOffice::anOpenDocumentThatIsNoTextIsRefused() {
  try {
    readOfficeDocument(openDocument("application/vnd.oasis.opendocument.formula"), "sum.odf");
    QFAIL("read");
  } catch (const std::runtime_error& e) {
    QCOMPARE(std::string(e.what()),
             std::string("'sum.odf' is an OpenDocument formula, not a text, presentation or spreadsheet: "
                         "only those (and Word documents, PowerPoint presentations and Excel workbooks) are "
                         "translated"));
  }
}

void TestOffice::theTitleIsTranslatedNotTheAuthor() {
  std::string types = kTypes;
  types.insert(types.find("</Types>"),
               "<Override PartName=\"/docProps/core.xml\" "
               "ContentType=\"application/vnd.openxmlformats-package.core-properties+xml\"/>");
  const std::string core =
      "<cp:coreProperties xmlns:cp=\"cp\" xmlns:dc=\"http://purl.org/dc/elements/1.1/\"><dc:title>Thư  mời\n"
      "họp</dc:title><dc:creator>An</dc:creator><dc:description><b>x</b>Mô tả</dc:description>"
      "<dc:subject>Meeting notes</dc:subject>"
      "</cp:coreProperties>";
  ZipWriter zip;
  zip.add("[Content_Types].xml", types);
  zip.add("word/document.xml", kDocument);
  zip.add("word/header1.xml", kHeader);
  zip.add("docProps/core.xml", core);
  const std::string bytes = zip.finish();
  const auto d = readOfficeDocument(bytes, "letter.docx");
  // The title, its white space as one space, last; not the author, a description holding an element
  // or a subject in English.
  QCOMPARE(d.parts.back().name, std::string("docProps/core.xml"));
  QVERIFY(d.parts.back().properties);
  QCOMPARE(d.paragraphs.back().marked, std::string("Thư mời họp"));
  QCOMPARE(d.paragraphs.back().line, size_t(1));
  QCOMPARE(d.paragraphs[d.paragraphs.size() - 2].part, size_t(1));  // the one before: the header's
  std::vector<std::string> translations;
  for (const auto& p : d.paragraphs) translations.push_back(p.marked);
  translations.back() = "Meeting &amp; invitation";
  std::string expected = core;
  expected.replace(expected.find("Thư"), std::string("Thư  mời\nhọp").size(), "Meeting &amp; invitation");
  QCOMPARE(unpacked(writeOfficeDocument(d, translations)).at("docProps/core.xml"), expected);
}

STUDIO_TEST_MAIN(TestOffice)
#include "tst_office.moc"
