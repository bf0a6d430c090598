// PowerPoint presentations and OpenDocument presentations: the paragraphs of
// slides and speaker notes found in the order the presentation shows them,
// with their formatting, links, breaks and fields as markup; the package
// written back with each paragraph's translation, the runs' languages made
// English and every other part as it was; what cannot be read refused.

#include <fstream>
#include <sstream>

#include <QTemporaryDir>
#include <QtTest/QtTest>

#include "common/SuiteMain.h"
#include "model/files/HtmlEncoding.h"
#include "model/files/LegacyEncodings.h"
#include "model/files/OfficeFile.h"
#include "model/files/PptxParagraphs.h"
#include "model/files/XmlReader.h"
#include "model/files/ZipDirectory.h"
#include "model/files/ZipWriter.h"

using namespace studio::model;

namespace {

const std::string kRoot =
    "<p:sld xmlns:a=\"http://schemas.openxmlformats.org/drawingml/2006/main\" "
    "xmlns:r=\"http://schemas.openxmlformats.org/officeDocument/2006/relationships\" "
    "xmlns:p=\"http://schemas.openxmlformats.org/presentationml/2006/main\">";

// The second slide, shown first.
const std::string kSlide2 =
    "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\n" + kRoot +
    "<p:cSld><p:spTree>\n"
    // 3: a title, its properties and end kept
    "<p:sp><p:txBody><a:bodyPr/><a:p><a:pPr algn=\"ctr\"/><a:r><a:rPr lang=\"vi-VN\" dirty=\"0\"/>"
    "<a:t>Mở tập tin</a:t></a:r><a:endParaRPr lang=\"vi-VN\" dirty=\"0\"/></a:p></p:txBody></p:sp>\n"
    // 4: runs the checker split (err) joined, a bold word, a link, a line break, a tab
    "<p:sp><p:txBody><a:p><a:r><a:rPr lang=\"vi-VN\" dirty=\"0\"/><a:t>Nhấn </a:t></a:r>"
    "<a:r><a:rPr lang=\"vi-VN\" b=\"1\" dirty=\"0\"/><a:t>Lưu</a:t></a:r>"
    "<a:r><a:rPr lang=\"vi-VN\" dirty=\"0\" err=\"1\"/><a:t> để lưu</a:t></a:r>"
    "<a:br><a:rPr lang=\"vi-VN\" dirty=\"0\"/></a:br>"
    "<a:r><a:rPr lang=\"vi-VN\" dirty=\"0\"><a:hlinkClick r:id=\"rId2\"/></a:rPr><a:t>tập tin</a:t></a:r>"
    "<a:r><a:rPr lang=\"vi-VN\" dirty=\"0\"/><a:t>.\tXong.</a:t></a:r></a:p>\n"
    // 5: a slide number field kept as a code
    "<a:p><a:r><a:t>Trang </a:t></a:r><a:fld id=\"{1}\" type=\"slidenum\"><a:rPr lang=\"vi-VN\"/>"
    "<a:t>‹#›</a:t></a:fld></a:p>\n"
    "</p:txBody></p:sp>\n"
    // 7: a table's cell; a paragraph without letters; an empty one
    "<p:graphicFrame><a:graphic><a:graphicData><a:tbl><a:tr><a:tc><a:txBody><a:bodyPr/>"
    "<a:p><a:r><a:rPr lang=\"vi-VN\"/><a:t>Một &amp; hai</a:t></a:r></a:p>"
    "<a:p><a:r><a:t>2024</a:t></a:r></a:p><a:p/></a:txBody></a:tc></a:tr></a:tbl></a:graphicData></a:graphic>"
    "</p:graphicFrame>\n"
    "</p:spTree></p:cSld></p:sld>\n";
const std::string kSlide1 = "<?xml version=\"1.0\"?>\n" + kRoot +
                            "<p:cSld><p:spTree><p:sp><p:txBody><a:p><a:r><a:t>Cảm ơn</a:t></a:r></a:p>"
                            "</p:txBody></p:sp></p:spTree></p:cSld></p:sld>";
const std::string kNotes =
    "<?xml version=\"1.0\"?>\n<p:notes xmlns:a=\"http://schemas.openxmlformats.org/drawingml/2006/main\" "
    "xmlns:p=\"http://schemas.openxmlformats.org/presentationml/2006/"
    "main\"><p:cSld><p:spTree><p:sp><p:txBody>"
    "<a:p><a:r><a:rPr lang=\"vi-VN\"/><a:t>Nói chậm</a:t></a:r></a:p></p:txBody></p:sp></p:spTree></p:cSld>"
    "</p:notes>";
const std::string kPresentation =
    "<?xml version=\"1.0\"?>\n<p:presentation "
    "xmlns:a=\"http://schemas.openxmlformats.org/drawingml/2006/main\" "
    "xmlns:r=\"http://schemas.openxmlformats.org/officeDocument/2006/relationships\" "
    "xmlns:p=\"http://schemas.openxmlformats.org/presentationml/2006/main\"><p:sldIdLst>"
    "<p:sldId id=\"257\" r:id=\"rId3\"/><p:sldId id=\"256\" r:id=\"rId2\"/></p:sldIdLst>"
    "<p:defaultTextStyle><a:lvl1pPr><a:defRPr "
    "lang=\"vi-VN\"/></a:lvl1pPr></p:defaultTextStyle></p:presentation>";
const std::string kPresentationRels =
    "<?xml version=\"1.0\"?>\n<Relationships "
    "xmlns=\"http://schemas.openxmlformats.org/package/2006/relationships\">"
    "<Relationship Id=\"rId2\" "
    "Type=\"http://schemas.openxmlformats.org/officeDocument/2006/relationships/slide\" "
    "Target=\"slides/slide1.xml\"/>"
    "<Relationship Id=\"rId3\" "
    "Type=\"http://schemas.openxmlformats.org/officeDocument/2006/relationships/slide\" "
    "Target=\"slides/slide2.xml\"/></Relationships>";
const std::string kSlide2Rels =
    "<?xml version=\"1.0\"?>\n<Relationships "
    "xmlns=\"http://schemas.openxmlformats.org/package/2006/relationships\">"
    "<Relationship Id=\"rId1\" Type=\"http://schemas.openxmlformats.org/officeDocument/2006/relationships/"
    "notesSlide\" Target=\"../notesSlides/notesSlide1.xml\"/>"
    "<Relationship Id=\"rId2\" Type=\"http://schemas.openxmlformats.org/officeDocument/2006/relationships/"
    "hyperlink\" Target=\"https://example.org\" TargetMode=\"External\"/></Relationships>";
const std::string kPptxTypes =
    "<?xml version=\"1.0\"?>\n<Types xmlns=\"http://schemas.openxmlformats.org/package/2006/content-types\">"
    "<Override PartName=\"/ppt/presentation.xml\" "
    "ContentType=\"application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml\"/>"
    "<Override PartName=\"/ppt/slides/slide1.xml\" "
    "ContentType=\"application/vnd.openxmlformats-officedocument.presentationml.slide+xml\"/>"
    "<Override PartName=\"/ppt/slides/slide2.xml\" "
    "ContentType=\"application/vnd.openxmlformats-officedocument.presentationml.slide+xml\"/>"
    "<Override PartName=\"/ppt/notesSlides/notesSlide1.xml\" "
    "ContentType=\"application/vnd.openxmlformats-officedocument.presentationml.notesSlide+xml\"/>"
    "<Override PartName=\"/ppt/slideMasters/slideMaster1.xml\" "
    "ContentType=\"application/vnd.openxmlformats-officedocument.presentationml.slideMaster+xml\"/>"
    "<Override PartName=\"/docProps/core.xml\" "
    "ContentType=\"application/vnd.openxmlformats-package.core-properties+xml\"/>"
    "<Override PartName=\"/ppt/comments/comment1.xml\" "
    "ContentType=\"application/vnd.openxmlformats-officedocument.presentationml.comments+xml\"/></Types>";
// A slide master: its title placeholder's prompt is not translated, a text box's words are.
const std::string kMaster =
    "<?xml version=\"1.0\"?>\n<p:sldMaster xmlns:a=\"http://schemas.openxmlformats.org/drawingml/2006/main\" "
    "xmlns:p=\"http://schemas.openxmlformats.org/presentationml/2006/"
    "main\"><p:cSld><p:spTree><p:sp><p:nvSpPr>"
    "<p:cNvPr id=\"2\" name=\"Title\"/><p:cNvSpPr/><p:nvPr><p:ph "
    "type=\"title\"/></p:nvPr></p:nvSpPr><p:txBody>"
    "<a:p><a:r><a:t>Bấm để sửa kiểu tiêu đề</a:t></a:r></a:p></p:txBody></p:sp><p:sp><p:nvSpPr><p:cNvPr "
    "id=\"3\" "
    "name=\"TextBox\"/><p:cNvSpPr txBox=\"1\"/><p:nvPr/></p:nvSpPr><p:txBody><a:p><a:r><a:t>Trường "
    "học</a:t></a:r>"
    "</a:p></p:txBody></p:sp></p:spTree></p:cSld></p:sldMaster>";
// Its properties: the title and subject are translated, the author and keywords are not.
const std::string kCore =
    "<?xml version=\"1.0\"?>\n<cp:coreProperties xmlns:cp=\"cp\" "
    "xmlns:dc=\"http://purl.org/dc/elements/1.1/\">"
    "<dc:title>Học &amp; dạy</dc:title><dc:subject></dc:subject><dc:creator>Nguyễn Văn An</dc:creator>"
    "<cp:keywords>máy học</cp:keywords><dc:language>vi-VN</dc:language></cp:coreProperties>";
const std::string kSlidePicture(2000, '\x7f');

std::string presentation(const std::string& slide2 = kSlide2, const std::string& types = kPptxTypes) {
  ZipWriter zip;
  zip.add("[Content_Types].xml", types);
  zip.add("_rels/.rels", "<Relationships/>");
  zip.add("ppt/presentation.xml", kPresentation);
  zip.add("ppt/_rels/presentation.xml.rels", kPresentationRels);
  zip.add("ppt/slides/slide1.xml", kSlide1);
  zip.add("ppt/slides/slide2.xml", slide2);
  zip.add("ppt/slides/_rels/slide2.xml.rels", kSlide2Rels);
  zip.add("ppt/notesSlides/notesSlide1.xml", kNotes);
  zip.add("ppt/slideMasters/slideMaster1.xml", kMaster);
  zip.add("docProps/core.xml", kCore);
  zip.add("ppt/comments/comment1.xml",
          "<p:cmLst xmlns:p=\"p\"><p:cm authorId=\"0\"><p:text>Sửa</p:text></p:cm><p:cm "
          "authorId=\"1\"/></p:cmLst>");
  zip.add("ppt/media/image1.png", kSlidePicture);
  return zip.finish();
}

std::map<std::string, std::string> unpackedSlides(const std::string& bytes) {
  std::istringstream file(bytes);
  ZipDirectory zip(file, bytes.size(), ZipNames::AsStored);
  std::map<std::string, std::string> out;
  for (const auto& [name, entry] : zip.entries()) out[name] = zip.read(file, name, 1 << 30);
  return out;
}

// A part's text as PowerPoint shows it: each paragraph's runs' words (a line break as \n), fields' too.
struct SlideWords : XmlHandler {
  std::vector<std::string> paragraphs;
  bool in_text = false;
  void startElement(const std::string& name, const std::vector<XmlAttribute>&, const XmlSpan&) override {
    if (name == "a:p") paragraphs.emplace_back();
    if (name == "a:br") paragraphs.back() += "\n";
    in_text = name == "a:t";
  }
  void endElement(const std::string&, const XmlSpan&) override { in_text = false; }
  void characters(std::string_view text, bool) override {
    if (in_text) paragraphs.back() += text;
  }
};
std::vector<std::string> slideWordsOf(const std::string& xml) {
  SlideWords words;
  readXml(xml, "part", {"p:sld", "p:notes", "p:sldmaster"}, "a part", words);  // throws unless well formed
  return words.paragraphs;
}

const std::string kImpressOffice = "urn:oasis:names:tc:opendocument:xmlns:office:1.0";
const std::string kImpressText = "urn:oasis:names:tc:opendocument:xmlns:text:1.0";
const std::string kImpressContent =
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<office:document-content xmlns:office=\"" + kImpressOffice +
    "\" xmlns:text=\"" + kImpressText +
    "\" xmlns:draw=\"draw\" xmlns:presentation=\"presentation\"><office:body><office:presentation>\n"
    "<draw:page draw:name=\"page1\"><draw:frame presentation:class=\"title\"><draw:text-box>"
    "<text:p>Mở <text:span text:style-name=\"T1\">tập tin</text:span></text:p></draw:text-box></draw:frame>\n"
    "<presentation:notes><draw:page-thumbnail/><draw:frame><draw:text-box><text:p>Nói chậm</text:p>"
    "</draw:text-box></draw:frame></presentation:notes></draw:page>\n"
    "</office:presentation></office:body></office:document-content>\n";

std::string impress(const std::string& mimetype = "application/vnd.oasis.opendocument.presentation") {
  ZipWriter zip;
  zip.add("mimetype", mimetype);
  zip.add("content.xml", kImpressContent);
  // A master page: its title placeholder's prompt is not translated, a text box's words are.
  zip.add("styles.xml",
          "<office:document-styles xmlns:office=\"" + kImpressOffice + "\" xmlns:text=\"" + kImpressText +
              "\" xmlns:draw=\"draw\" xmlns:style=\"style\" "
              "xmlns:presentation=\"urn:oasis:names:tc:opendocument:xmlns:presentation:1.0\"><office:master-"
              "styles>"
              "<style:master-page><draw:frame presentation:class=\"title\"><draw:text-box><text:p>Bấm để sửa "
              "tiêu đề</text:p></draw:text-box></draw:frame><draw:frame><draw:text-box><text:p>Trường học"
              "</text:p></draw:text-box></draw:frame></style:master-page></office:master-styles>"
              "</office:document-styles>");
  zip.add("meta.xml",
          "<office:document-meta xmlns:office=\"" + kImpressOffice +
              "\" xmlns:dc=\"http://purl.org/dc/elements/1.1/\"><office:meta><dc:title>Bài giảng</dc:title>"
              "<dc:language>vi-VN</dc:language></office:meta></office:document-meta>");
  zip.add("Pictures/1.png", kSlidePicture);
  return zip.finish();
}

}  // namespace

class TestPresentations : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void slidesAndNotesAreReadInTheOrderShown();
  void paragraphsAreFoundWithTheirMarkup();
  void thePresentationIsWrittenBackWithEachTranslation();
  void writtenBackWithItsOwnTextItReadsTheSame();
  void anOpenDocumentPresentationIsReadAndWrittenBack();
  void whatCannotBeReadIsRefused_data();
  void whatCannotBeReadIsRefused();
  void aPresentationIsKnownByItsNameOrItsContent();
  void runPropertiesAndLanguages();
  void textInTheOldVietnameseFontsIsReadAsTheirEncoding();
};

void TestPresentations::slidesAndNotesAreReadInTheOrderShown() {
  const auto d = readOfficeDocument(presentation(), "talk.pptx");
  QVERIFY(d.format == OfficeDocument::Format::PowerPoint);
  QCOMPARE(officeFormatName(d.format), std::string("a PowerPoint presentation"));
  std::vector<std::string> parts;
  for (const auto& part : d.parts) parts.push_back(part.name);
  // The presentation lists slide2.xml first; its notes follow it; the master comes last.
  QCOMPARE(parts, (std::vector<std::string>{"ppt/slides/slide2.xml", "ppt/notesSlides/notesSlide1.xml",
                                            "ppt/slides/slide1.xml", "ppt/slideMasters/slideMaster1.xml",
                                            "docProps/core.xml"}));
  QCOMPARE(d.parts[0].prefix, std::string("a"));
  QCOMPARE(d.comments, size_t(2));
  std::vector<size_t> part_of;
  for (const auto& p : d.paragraphs) part_of.push_back(p.part);
  QCOMPARE(part_of, (std::vector<size_t>{0, 0, 0, 0, 1, 2, 3, 4}));
  QCOMPARE(d.paragraphs[6].marked, std::string("Trường học"));     // not the title's prompt
  QCOMPARE(d.paragraphs[7].marked, std::string("Học &amp; dạy"));  // the title, not its author
}

void TestPresentations::paragraphsAreFoundWithTheirMarkup() {
  const auto d = readOfficeDocument(presentation(), "talk.pptx");
  std::vector<std::string> marked;
  std::vector<size_t> lines;
  for (const auto& p : d.paragraphs) marked.push_back(p.marked), lines.push_back(p.line);
  QCOMPARE(marked[0], std::string("Mở tập tin"));
  // The checker's err and dirty part no words: the plain runs are one; the bold word and the link are
  // formats; the line break and the tab part the words.
  QCOMPARE(marked[1],
           std::string("Nhấn <x-fmt n=\"0\">Lưu</x-fmt> để lưu<x-break n=\"0\"/><x-fmt n=\"1\">tập "
                       "tin</x-fmt>.<x-break n=\"1\"/>Xong."));
  QCOMPARE(d.paragraphs[1].base, std::string("<a:rPr lang=\"en-US\"/>"));
  QCOMPARE(d.paragraphs[1].formats,
           (std::vector<std::string>{"<a:rPr lang=\"en-US\" b=\"1\"/>",
                                     "<a:rPr lang=\"en-US\"><a:hlinkClick r:id=\"rId2\"/></a:rPr>"}));
  QCOMPARE(marked[2], std::string("Trang <x-code n=\"0\"/>"));
  QCOMPARE(marked[3], std::string("Một &amp; hai"));
  QCOMPARE(marked[4], std::string("Nói chậm"));
  QCOMPARE(marked[5], std::string("Cảm ơn"));
  QCOMPARE(lines, (std::vector<size_t>{3, 4, 5, 7, 2, 2, 2, 2}));
  QCOMPARE(d.paragraphs[1].first_words, std::string("Nhấn Lưu để lưu tập tin. …"));
  // The title's content lies between its properties and its end's.
  const auto& title = d.paragraphs[0];
  const std::string& xml = d.parts[0].text;
  QVERIFY(xml.compare(title.begin - 19, 25, "<a:pPr algn=\"ctr\"/><a:r><") == 0);
  QVERIFY(xml.compare(title.end, 15, "<a:endParaRPr l") == 0);
}

void TestPresentations::thePresentationIsWrittenBackWithEachTranslation() {
  const auto d = readOfficeDocument(presentation(), "talk.pptx");
  const std::vector<std::string> translations = {
      "Open the file",
      // the link moved before the bold word; the tab's break lost (written at the end)
      "Press <x-fmt n=\"0\">Save</x-fmt> to save<x-break n=\"0\"/>the <x-fmt n=\"1\">file</x-fmt>. Done.",
      "Page <x-code n=\"0\"/>", "One &amp; two", "Speak slowly", "Thank you", "School",
      "Learning &amp; teaching"};
  const auto files = unpackedSlides(writeOfficeDocument(d, translations));
  const auto original = unpackedSlides(presentation());
  QCOMPARE(files.size(), original.size());
  for (const char* same : {"ppt/media/image1.png", "ppt/_rels/presentation.xml.rels",
                           "ppt/comments/comment1.xml", "ppt/slides/_rels/slide2.xml.rels"})
    QCOMPARE(files.at(same), original.at(same));
  const std::string& slide = files.at("ppt/slides/slide2.xml");
  QCOMPARE(slideWordsOf(slide),
           (std::vector<std::string>{"Open the file", "Press Save to save\nthe file. Done.\t", "Page ‹#›",
                                     "One & two", "2024", ""}));
  QCOMPARE(slideWordsOf(files.at("ppt/notesSlides/notesSlide1.xml")),
           std::vector<std::string>{"Speak slowly"});
  QCOMPARE(slideWordsOf(files.at("ppt/slides/slide1.xml")), std::vector<std::string>{"Thank you"});
  QCOMPARE(slideWordsOf(files.at("ppt/slideMasters/slideMaster1.xml")),
           (std::vector<std::string>{"Bấm để sửa kiểu tiêu đề", "School"}));
  // Properties kept, languages English, the checker's marks gone from the translation's runs.
  QVERIFY2(slide.find("<a:p><a:pPr algn=\"ctr\"/><a:r><a:rPr lang=\"en-US\"/><a:t>Open the file</a:t></a:r>"
                      "<a:endParaRPr lang=\"en-US\" dirty=\"0\"/></a:p>") != std::string::npos,
           slide.c_str());
  QVERIFY(slide.find("<a:r><a:rPr lang=\"en-US\" b=\"1\"/><a:t>Save</a:t></a:r>") != std::string::npos);
  QVERIFY(
      slide.find("<a:r><a:rPr lang=\"en-US\"><a:hlinkClick r:id=\"rId2\"/></a:rPr><a:t>file</a:t></a:r>") !=
      std::string::npos);
  QVERIFY(slide.find("<a:br><a:rPr lang=\"en-US\" dirty=\"0\"/></a:br>") != std::string::npos);
  QVERIFY(slide.find("<a:fld id=\"{1}\" type=\"slidenum\"><a:rPr lang=\"en-US\"/><a:t>‹#›</a:t></a:fld>") !=
          std::string::npos);
  QVERIFY(slide.find("err=") == std::string::npos && slide.find("vi-VN") == std::string::npos);
  std::string core = kCore;
  core.replace(core.find("Học &amp; dạy"), 17, "Learning &amp; teaching");
  core.replace(core.find("vi-VN"), 5, "en-US");
  QCOMPARE(files.at("docProps/core.xml"), core);
  // The presentation's default text is English; nothing else in it changed.
  std::string expected = kPresentation;
  expected.replace(expected.find("vi-VN"), 5, "en-US");
  QCOMPARE(files.at("ppt/presentation.xml"), expected);
}

void TestPresentations::writtenBackWithItsOwnTextItReadsTheSame() {
  const auto d = readOfficeDocument(presentation(), "talk.pptx");
  std::vector<std::string> own;
  for (const auto& p : d.paragraphs) own.push_back(p.marked);
  const auto again = readOfficeDocument(writeOfficeDocument(d, own), "talk.pptx");
  QCOMPARE(again.paragraphs.size(), d.paragraphs.size());
  for (size_t i = 0; i < d.paragraphs.size(); ++i) {
    QCOMPARE(again.paragraphs[i].marked, d.paragraphs[i].marked);
    QCOMPARE(again.paragraphs[i].formats, d.paragraphs[i].formats);
  }
  // Written again, the same bytes: nothing drifts from one writing to the next.
  QCOMPARE(writeOfficeDocument(again, own), writeOfficeDocument(d, own));
}

void TestPresentations::anOpenDocumentPresentationIsReadAndWrittenBack() {
  const auto d = readOfficeDocument(impress(), "talk.odp");
  QVERIFY(d.format == OfficeDocument::Format::OpenDocumentPresentation && d.openDocument());
  QCOMPARE(officeFormatName(d.format), std::string("an OpenDocument presentation"));
  std::vector<std::string> marked;
  for (const auto& p : d.paragraphs) marked.push_back(p.marked);
  QCOMPARE(marked, (std::vector<std::string>{"Mở <x-wrap n=\"0\">tập tin</x-wrap>", "Nói chậm", "Trường học",
                                             "Bài giảng"}));
  const auto files = unpackedSlides(writeOfficeDocument(
      d, {"Open <x-wrap n=\"0\">the file</x-wrap>", "Speak slowly", "School", "Lecture"}));
  QVERIFY(files.at("styles.xml").find("<text:p>Bấm để sửa tiêu đề</text:p>") != std::string::npos);
  QVERIFY(files.at("styles.xml").find("<text:p>School</text:p>") != std::string::npos);
  const std::string& content = files.at("content.xml");
  QVERIFY2(content.find("<text:p>Open <text:span text:style-name=\"T1\">the file</text:span></text:p>") !=
               std::string::npos,
           content.c_str());
  QVERIFY(content.find("<text:p>Speak slowly</text:p>") != std::string::npos);
  QVERIFY(files.at("meta.xml").find("<dc:title>Lecture</dc:title><dc:language>en-US</dc:language>") !=
          std::string::npos);
  QCOMPARE(files.at("Pictures/1.png"), kSlidePicture);
  QVERIFY(readOfficeDocument(impress("application/vnd.oasis.opendocument.presentation-template"), "t.otp")
              .paragraphs.size() == 4);
}

void TestPresentations::whatCannotBeReadIsRefused_data() {
  QTest::addColumn<QByteArray>("bytes");
  QTest::addColumn<QString>("name");
  QTest::addColumn<QString>("message");
  QTest::newRow("PowerPoint 97") << QByteArray("\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1 and so on") << "talk.ppt"
                                 << "'talk.ppt' is a PowerPoint 97-2003 presentation (.ppt) or a "
                                    "password-protected one: save it as a .pptx presentation";
  QTest::newRow("encrypted")
      << QByteArray("\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1 and so on") << "talk.pptx"
      << "'talk.pptx' is a PowerPoint 97-2003 presentation (.ppt) or a password-protected";
  std::string broken = kSlide2;
  broken.replace(broken.find("</a:t></a:r><a:endParaRPr"), 12, "</a:r>");
  QTest::newRow("not well formed") << QByteArray::fromStdString(presentation(broken)) << "talk.pptx"
                                   << "'talk.pptx: ppt/slides/slide2.xml' line 3: </a:r> closes <a:t>";
  std::string latin = kSlide2;
  latin.replace(latin.find("Mở"), 3, "M\xf5");
  QTest::newRow("not UTF-8") << QByteArray::fromStdString(presentation(latin)) << "talk.pptx"
                             << "'talk.pptx' has a part 'ppt/slides/slide2.xml' that is not UTF-8";
  std::string missing = kPptxTypes;
  missing.replace(missing.find("slide1.xml"), 10, "slide9.xml");
  QTest::newRow("a part it does not hold")
      << QByteArray::fromStdString(presentation(kSlide2, missing)) << "talk.pptx"
      << "'talk.pptx' names a part 'ppt/slides/slide9.xml' that it does not hold";
}

void TestPresentations::whatCannotBeReadIsRefused() {
  QFETCH(QByteArray, bytes);
  QFETCH(QString, name);
  QFETCH(QString, message);
  try {
    readOfficeDocument(bytes.toStdString(), name.toStdString());
    QFAIL("read");
  } catch (const std::runtime_error& e) {
    QVERIFY2(QString::fromUtf8(e.what()).startsWith(message), e.what());
  }
}

void TestPresentations::aPresentationIsKnownByItsNameOrItsContent() {
  QTemporaryDir dir;
  QVERIFY(dir.isValid());
  auto write = [&](const QString& name, const std::string& bytes) {
    const std::string path = dir.filePath(name).toStdString();
    std::ofstream(path, std::ios::binary) << bytes;
    return path;
  };
  for (const QString name : {"talk.pptx", "talk.PPSX", "talk.potx", "talk.bin"}) {
    const auto d = readOfficeFile(write(name, presentation()));
    QVERIFY2(d && d->format == OfficeDocument::Format::PowerPoint, qPrintable(name));
  }
  for (const QString name : {"talk.odp", "talk.zip"}) {
    const auto d = readOfficeFile(write(name, impress()));
    QVERIFY2(d && d->format == OfficeDocument::Format::OpenDocumentPresentation, qPrintable(name));
  }
  QVERIFY_THROWS_EXCEPTION(std::runtime_error,
                           readOfficeFile(write("old.ppt", "\xd0\xcf\x11\xe0 and so on")));
  QVERIFY(!readOfficeFile(write("notes.txt", "Mở tập tin\n")));
}

void TestPresentations::runPropertiesAndLanguages() {
  QCOMPARE(translatedRunProperties("<a:rPr lang=\"vi-VN\" altLang=\"vi\" sz=\"2400\" err=\"1\" dirty=\"0\" "
                                   "smtClean=\"0\"><a:latin typeface=\"Arial\"/></a:rPr>",
                                   "a"),
           std::string(
               "<a:rPr lang=\"en-US\" altLang=\"en-US\" sz=\"2400\"><a:latin typeface=\"Arial\"/></a:rPr>"));
  QCOMPARE(translatedRunProperties("<a:rPr lang='vi-VN' dirty='0'/>", "a"),
           std::string("<a:rPr lang='en-US'/>"));
  QCOMPARE(translatedRunProperties("<a:rPr dirty=\"0\"/>", "a"), std::string());
  QCOMPARE(translatedRunProperties("<rPr err=\"1\"></rPr>", ""), std::string());
  QCOMPARE(translatedRunProperties("", "a"), std::string());
  // Tags alone: text that says lang="vi" is text.
  QCOMPARE(
      englishDrawingLanguages("<a:t lang=\"vi\">lang=\"vi\"</a:t><!-- lang=\"vi\" --><a:x lang=\"fr\"/>"),
      std::string("<a:t lang=\"en-US\">lang=\"vi\"</a:t><!-- lang=\"vi\" --><a:x lang=\"fr\"/>"));
  QCOMPARE(englishDrawingLanguages("<a:rPr slang=\"vi\" a=\"x>y\" lang=\"VI-vn\"/>"),
           std::string("<a:rPr slang=\"vi\" a=\"x>y\" lang=\"en-US\"/>"));
}

void TestPresentations::textInTheOldVietnameseFontsIsReadAsTheirEncoding() {
  // Text in TCVN3 as PowerPoint keeps it: each byte the Windows-1252 character that has it.
  auto asKept = [](const std::string& text) {
    size_t line = 0;
    char32_t character = 0;
    const auto bytes = utf8ToLegacy(text, LegacyEncoding::Tcvn3, &line, &character);
    return bytes ? html::windows1252ToUtf8(*bytes) : std::string("?");
  };
  const std::string kept = asKept("mở tập tin");
  QVERIFY(kept != "mở tập tin" && kept != "?");
  ZipWriter zip;
  zip.add("[Content_Types].xml",
          "<Types><Override PartName=\"/ppt/presentation.xml\" ContentType=\"application/"
          "vnd.openxmlformats-officedocument.presentationml.presentation.main+xml\"/><Override "
          "PartName=\"/ppt/slides/slide1.xml\" ContentType=\"application/"
          "vnd.openxmlformats-officedocument.presentationml.slide+xml\"/><Override "
          "PartName=\"/ppt/theme/theme1.xml\" "
          "ContentType=\"application/vnd.openxmlformats-officedocument.theme+xml\"/></Types>");
  zip.add("ppt/presentation.xml", "<p:presentation xmlns:p=\"p\"/>");
  // The theme's body font is .VnArial, its headings' Arial.
  zip.add("ppt/theme/theme1.xml",
          "<a:theme xmlns:a=\"a\"><a:themeElements><a:fontScheme><a:majorFont><a:latin typeface=\"Arial\"/>"
          "</a:majorFont><a:minorFont><a:latin typeface=\".VnArial\"/><a:ea typeface=\"\"/></a:minorFont>"
          "</a:fontScheme></a:themeElements></a:theme>");
  zip.add(
      "ppt/slides/slide1.xml",
      "<p:sld xmlns:a=\"http://schemas.openxmlformats.org/drawingml/2006/main\" "
      "xmlns:p=\"p\"><p:sp><p:nvSpPr>"
      "<p:nvPr><p:ph type=\"title\"/></p:nvPr></p:nvSpPr><p:txBody><a:p><a:r><a:t>Mở đầu</a:t></a:r></a:p>"
      "</p:txBody></p:sp>\n<p:sp><p:txBody><a:p><a:r><a:rPr b=\"1\"><a:latin "
      "typeface=\".VnTime\"/></a:rPr><a:t>" +
          kept + "</a:t></a:r><a:r><a:t> " + asKept("số 3") +
          "</a:t></a:r></a:p>\n<a:p><a:r><a:rPr><a:latin "
          "typeface=\"Arial\"/></a:rPr><a:t>Tệp</a:t></a:r></a:p>\n"
          "<a:p><a:r><a:rPr><a:latin typeface=\"VNI-Times\"/></a:rPr><a:t>Môû taäp tin</a:t></a:r></a:p>"
          "</p:txBody></p:sp></p:sld>");
  const auto d = readOfficeDocument(zip.finish(), "old.pptx");
  std::vector<std::string> marked;
  for (const auto& p : d.paragraphs) marked.push_back(p.marked);
  // The title in Arial (the theme's headings'), the body's runs in .VnTime and .VnArial read as TCVN3, a run
  // in Arial as typed; the paragraph in a VNI font read as VNI.
  QCOMPARE(marked, (std::vector<std::string>{"Mở đầu", "mở tập tin<x-fmt n=\"0\"> số 3</x-fmt>", "Tệp",
                                             "Mở tập tin"}));
  QCOMPARE(d.tcvn3_paragraphs, size_t(1));
  QCOMPARE(d.vni_paragraphs, size_t(1));
  QVERIFY(d.kept.empty());
  // Written back in the same fonts: the body's words in TCVN3 again, VNI's in VNI, the title's and Arial's
  // as they are.
  const auto files = unpackedSlides(
      writeOfficeDocument(d, {"Mở đầu", "Tập tin<x-fmt n=\"0\"> số 3</x-fmt>", "Tệp", "Tập tin mở"}));
  const std::string& slide = files.at("ppt/slides/slide1.xml");
  QVERIFY2(slide.find("<a:r><a:rPr b=\"1\"><a:latin typeface=\".VnTime\"/></a:rPr><a:t>" + asKept("Tập tin") +
                      "</a:t></a:r><a:r><a:t> " + asKept("số 3") + "</a:t></a:r>") != std::string::npos,
           slide.c_str());
  QVERIFY(slide.find("<a:t>Mở đầu</a:t>") != std::string::npos &&
          slide.find("<a:t>Tệp</a:t>") != std::string::npos);
  QVERIFY2(
      slide.find("<a:latin typeface=\"VNI-Times\"/></a:rPr><a:t>Taäp tin môû</a:t>") != std::string::npos,
      slide.c_str());
}

STUDIO_TEST_MAIN(TestPresentations)
#include "tst_presentations.moc"
