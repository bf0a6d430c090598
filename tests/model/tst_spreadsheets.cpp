// Excel workbooks and OpenDocument spreadsheets: the text of their cells
// (shared strings, inline strings) and text boxes found in the order the
// workbook lists its sheets, rich text's formatting and a cell's line breaks
// as markup; cells of numbers, dates and formulas and comments left alone;
// the package written back with each text's translation and every other part
// as it was; what cannot be read refused.

#include <fstream>
#include <sstream>

#include <QTemporaryDir>
#include <QtTest/QtTest>

#include "common/SuiteMain.h"
#include "model/files/HtmlEncoding.h"
#include "model/files/LegacyEncodings.h"
#include "model/files/OfficeFile.h"
#include "model/files/XmlReader.h"
#include "model/files/ZipDirectory.h"
#include "model/files/ZipWriter.h"

using namespace studio::model;

namespace {

const std::string kMainNamespace = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
const std::string kSheetsTypes =
    "<?xml version=\"1.0\"?>\n<Types xmlns=\"http://schemas.openxmlformats.org/package/2006/content-types\">"
    "<Override PartName=\"/xl/workbook.xml\" "
    "ContentType=\"application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml\"/>"
    "<Override PartName=\"/xl/worksheets/sheet1.xml\" "
    "ContentType=\"application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml\"/>"
    "<Override PartName=\"/xl/worksheets/sheet2.xml\" "
    "ContentType=\"application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml\"/>"
    "<Override PartName=\"/xl/sharedStrings.xml\" "
    "ContentType=\"application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml\"/>"
    "<Override PartName=\"/xl/drawings/drawing1.xml\" "
    "ContentType=\"application/vnd.openxmlformats-officedocument.drawing+xml\"/>"
    "<Override PartName=\"/xl/comments1.xml\" "
    "ContentType=\"application/vnd.openxmlformats-officedocument.spreadsheetml.comments+xml\"/>"
    "<Override PartName=\"/docProps/core.xml\" "
    "ContentType=\"application/vnd.openxmlformats-package.core-properties+xml\"/></Types>";
// The workbook lists sheet2.xml first.
const std::string kWorkbook =
    "<?xml version=\"1.0\"?>\n<workbook xmlns=\"" + kMainNamespace +
    "\" xmlns:r=\"http://schemas.openxmlformats.org/officeDocument/2006/relationships\"><sheets>"
    "<sheet name=\"Tóm tắt\" sheetId=\"2\" r:id=\"rId2\"/><sheet name=\"Số liệu\" sheetId=\"1\" "
    "r:id=\"rId1\"/></sheets></workbook>";
const std::string kWorkbookRels =
    "<?xml version=\"1.0\"?>\n<Relationships "
    "xmlns=\"http://schemas.openxmlformats.org/package/2006/relationships\">"
    "<Relationship Id=\"rId1\" "
    "Type=\"http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet\" "
    "Target=\"worksheets/sheet1.xml\"/>"
    "<Relationship Id=\"rId2\" "
    "Type=\"http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet\" "
    "Target=\"/xl/worksheets/sheet2.xml\"/>"
    "<Relationship Id=\"rId3\" "
    "Type=\"http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings\" "
    "Target=\"sharedStrings.xml\"/></Relationships>";
const std::string kStrings =
    "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\n<sst xmlns=\"" + kMainNamespace +
    "\" count=\"7\" uniqueCount=\"7\">\n"
    // 3: plain text
    "<si><t>Tên tập tin</t></si>\n"
    // 4: rich text: the plain runs' properties are its words', the bold one's a format
    "<si><r><rPr><sz val=\"11\"/><rFont val=\"Calibri\"/></rPr><t xml:space=\"preserve\">Nhấn </t></r>"
    "<r><rPr><b/><sz val=\"11\"/><rFont val=\"Calibri\"/></rPr><t>Lưu</t></r>"
    "<r><rPr><sz val=\"11\"/><rFont val=\"Calibri\"/></rPr><t xml:space=\"preserve\"> để lưu</t></r></si>\n"
    // 5: a line break typed in the cell, and an escaped carriage return before it
    "<si><t>Dòng một_x000D_\nDòng hai</t></si>\n"
    // 7: no letters; an empty string
    "<si><t>2024</t></si><si/>\n"
    // 8: a phonetic run kept after the text
    "<si><t>Trường &amp; lớp</t><rPh sb=\"0\" eb=\"1\"><t>ア</t></rPh><phoneticPr fontId=\"1\"/></si>\n"
    "</sst>";
// Sheet 1: cells of shared strings and numbers alone; sheet 2 an inline string and a drawing.
const std::string kSheet1 = "<?xml version=\"1.0\"?>\n<worksheet xmlns=\"" + kMainNamespace +
                            "\"><sheetData><row r=\"1\"><c r=\"A1\" t=\"s\"><v>0</v></c>"
                            "<c r=\"B1\"><v>3.5</v></c></row></sheetData></worksheet>";
const std::string kSheet2 =
    "<?xml version=\"1.0\"?>\n<x:worksheet xmlns:x=\"" + kMainNamespace +
    "\" xmlns:r=\"http://schemas.openxmlformats.org/officeDocument/2006/relationships\"><x:sheetData>\n"
    "<x:row r=\"1\"><x:c r=\"A1\" t=\"inlineStr\"><x:is><x:t>Báo cáo tháng</x:t></x:is></x:c>"
    "<x:c r=\"B1\" t=\"str\"><x:f>A1&amp;\"!\"</x:f><x:v>Báo cáo tháng!</x:v></x:c></x:row>\n"
    "</x:sheetData><x:drawing r:id=\"rId1\"/></x:worksheet>";
const std::string kSheet2Rels =
    "<?xml version=\"1.0\"?>\n<Relationships "
    "xmlns=\"http://schemas.openxmlformats.org/package/2006/relationships\">"
    "<Relationship Id=\"rId1\" "
    "Type=\"http://schemas.openxmlformats.org/officeDocument/2006/relationships/drawing\" "
    "Target=\"../drawings/drawing1.xml\"/></Relationships>";
const std::string kDrawing =
    "<?xml version=\"1.0\"?>\n<xdr:wsDr "
    "xmlns:xdr=\"http://schemas.openxmlformats.org/drawingml/2006/spreadsheetDrawing\" "
    "xmlns:a=\"http://schemas.openxmlformats.org/drawingml/2006/main\"><xdr:twoCellAnchor><xdr:sp>"
    "<xdr:txBody><a:bodyPr/><a:p><a:r><a:rPr lang=\"vi-VN\"/><a:t>Ghi chú</a:t></a:r></a:p></xdr:txBody>"
    "</xdr:sp></xdr:twoCellAnchor></xdr:wsDr>";
const std::string kSheetsCore =
    "<?xml version=\"1.0\"?>\n<cp:coreProperties xmlns:cp=\"cp\" "
    "xmlns:dc=\"http://purl.org/dc/elements/1.1/\"><dc:title>Chi tiêu</dc:title>"
    "<dc:creator>Nguyễn Văn An</dc:creator></cp:coreProperties>";
const std::string kWorkbookStyles =
    "<styleSheet xmlns=\"" + kMainNamespace + "\"><fonts count=\"1\"/></styleSheet>";

std::string workbook(const std::string& strings = kStrings, const std::string& types = kSheetsTypes) {
  ZipWriter zip;
  zip.add("[Content_Types].xml", types);
  zip.add("_rels/.rels", "<Relationships/>");
  zip.add("xl/workbook.xml", kWorkbook);
  zip.add("xl/_rels/workbook.xml.rels", kWorkbookRels);
  zip.add("xl/worksheets/sheet1.xml", kSheet1);
  zip.add("xl/worksheets/sheet2.xml", kSheet2);
  zip.add("xl/worksheets/_rels/sheet2.xml.rels", kSheet2Rels);
  zip.add("xl/drawings/drawing1.xml", kDrawing);
  zip.add("xl/sharedStrings.xml", strings);
  zip.add("xl/styles.xml", kWorkbookStyles);
  zip.add("xl/comments1.xml", "<comments xmlns=\"" + kMainNamespace +
                                  "\"><authors><author>An</author></authors><commentList>"
                                  "<comment ref=\"A1\" authorId=\"0\"><text><t>Kiểm "
                                  "tra</t></text></comment></commentList></comments>");
  zip.add("docProps/core.xml", kSheetsCore);
  return zip.finish();
}

std::map<std::string, std::string> unpackedWorkbook(const std::string& bytes) {
  std::istringstream file(bytes);
  ZipDirectory zip(file, bytes.size(), ZipNames::AsStored);
  std::map<std::string, std::string> out;
  for (const auto& [name, entry] : zip.entries()) out[name] = zip.read(file, name, 1 << 30);
  return out;
}

// A part's texts as Excel shows them: each string's (<si>, <is>) characters, its runs' joined; phonetic
// runs left out.
struct CellTexts : XmlHandler {
  std::vector<std::string> texts;
  int depth_in_string = 0;
  bool in_text = false, phonetic = false;
  void startElement(const std::string& name, const std::vector<XmlAttribute>&, const XmlSpan&) override {
    const std::string local = name.substr(name.find(':') + 1);
    if (local == "si" || local == "is") texts.emplace_back();
    if (local == "rph") phonetic = true;
    in_text = local == "t" && !phonetic;
  }
  void endElement(const std::string& name, const XmlSpan&) override {
    in_text = false;
    if (name.substr(name.find(':') + 1) == "rph") phonetic = false;
  }
  void characters(std::string_view text, bool) override {
    if (in_text) texts.back() += text;
  }
};
std::vector<std::string> cellTextsOf(const std::string& xml) {
  CellTexts texts;
  readXml(xml, "part", {"sst", "x:worksheet"}, "a part", texts);  // throws unless well formed
  return texts.texts;
}

const std::string kCalcOffice = "urn:oasis:names:tc:opendocument:xmlns:office:1.0";
const std::string kCalcText = "urn:oasis:names:tc:opendocument:xmlns:text:1.0";
const std::string kCalcTable = "urn:oasis:names:tc:opendocument:xmlns:table:1.0";
const std::string kCalcContent =
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<office:document-content xmlns:office=\"" + kCalcOffice +
    "\" xmlns:text=\"" + kCalcText + "\" xmlns:table=\"" + kCalcTable +
    "\" xmlns:calcext=\"calcext\"><office:body><office:spreadsheet>\n"
    // 3: a validity rule's help message is translated, its list is not
    "<table:content-validations><table:content-validation table:name=\"v1\" "
    "table:condition=\"of:cell-content-"
    "is-in-list(&quot;Có&quot;;&quot;Không&quot;)\"><table:help-message><text:p>Chọn một</text:p>"
    "</table:help-message></table:content-validation></table:content-validations>\n"
    "<table:table table:name=\"Bảng 1\"><table:table-row>\n"
    // 5: a string cell, a span inside it
    "<table:table-cell office:value-type=\"string\" calcext:value-type=\"string\"><text:p>Tên "
    "<text:span text:style-name=\"T1\">tập tin</text:span></text:p></table:table-cell>\n"
    // 6: a number, a date shown with words, a formula's text: none translated
    "<table:table-cell office:value-type=\"float\" "
    "office:value=\"3.5\"><text:p>3,5</text:p></table:table-cell>"
    "<table:table-cell office:value-type=\"date\" office:date-value=\"2024-12-02\"><text:p>Thứ Hai, 2 tháng "
    "12"
    "</text:p></table:table-cell>"
    "<table:table-cell table:formula=\"of:=[.A1]&amp;&quot; mới&quot;\" office:value-type=\"string\">"
    "<text:p>Tên tập tin mới</text:p></table:table-cell>\n"
    // 7: a comment on a string cell: counted, kept; the cell's text translated
    "<table:table-cell office:value-type=\"string\"><office:annotation><text:p>Sửa lại</text:p>"
    "</office:annotation><text:p>Tổng cộng</text:p></table:table-cell>\n"
    "</table:table-row></table:table></office:spreadsheet></office:body></office:document-content>\n";

std::string calc(const std::string& mimetype = "application/vnd.oasis.opendocument.spreadsheet") {
  ZipWriter zip;
  zip.add("mimetype", mimetype);
  zip.add("content.xml", kCalcContent);
  zip.add("styles.xml",
          "<office:document-styles xmlns:office=\"" + kCalcOffice + "\" xmlns:text=\"" + kCalcText +
              "\" xmlns:style=\"style\"><office:master-styles><style:master-page>"
              "<style:header><text:p>Trang đầu</text:p></style:header><style:footer><text:p>Page "
              "<text:page-number>1</text:page-number></text:p></style:footer></style:master-page>"
              "</office:master-styles></office:document-styles>");
  zip.add("meta.xml", "<office:document-meta xmlns:office=\"" + kCalcOffice +
                          "\" xmlns:dc=\"http://purl.org/dc/elements/1.1/\"><office:meta><dc:language>vi-VN"
                          "</dc:language></office:meta></office:document-meta>");
  return zip.finish();
}

std::string writeSheetFile(const QTemporaryDir& dir, const std::string& name, const std::string& bytes) {
  const std::string path = dir.filePath(QString::fromStdString(name)).toStdString();
  std::ofstream(path, std::ios::binary) << bytes;
  return path;
}

}  // namespace

class TestSpreadsheets : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void cellsAreReadInTheOrderOfTheSheets();
  void theWorkbookIsWrittenBackWithEachTranslation();
  void writtenBackWithItsOwnTextItReadsTheSame();
  void anOpenDocumentSpreadsheetTranslatesItsTextCellsAlone();
  void textInTheOldVietnameseFontsIsReadAsTheirEncoding();
  void whatCannotBeReadIsRefused_data();
  void whatCannotBeReadIsRefused();
  void aSpreadsheetIsKnownByItsNameOrItsContent();
};

void TestSpreadsheets::cellsAreReadInTheOrderOfTheSheets() {
  const auto d = readOfficeDocument(workbook(), "budget.xlsx");
  QVERIFY(d.format == OfficeDocument::Format::Excel && !d.openDocument());
  QCOMPARE(officeFormatName(d.format), std::string("an Excel workbook"));
  std::vector<std::string> parts;
  for (const auto& part : d.parts) parts.push_back(part.name);
  // The shared strings; the sheet listed first with its inline string, then its drawing; sheet1.xml holds
  // no text of its own; the properties.
  QCOMPARE(parts, (std::vector<std::string>{"xl/sharedStrings.xml", "xl/worksheets/sheet2.xml",
                                            "xl/drawings/drawing1.xml", "docProps/core.xml"}));
  QCOMPARE(d.parts[0].prefix, std::string());
  QCOMPARE(d.parts[1].prefix, std::string("x"));
  QVERIFY(d.parts[2].drawing && !d.parts[0].drawing);
  QCOMPARE(d.comments, size_t(1));
  std::vector<std::string> marked;
  std::vector<size_t> lines;
  for (const auto& p : d.paragraphs) marked.push_back(p.marked), lines.push_back(p.line);
  QCOMPARE(marked, (std::vector<std::string>{"Tên tập tin", "Nhấn <x-fmt n=\"0\">Lưu</x-fmt> để lưu",
                                             "Dòng một<x-break n=\"0\"/>Dòng hai", "Trường &amp; lớp",
                                             "Báo cáo tháng",  // not the formula's cached text beside it
                                             "Ghi chú", "Chi tiêu"}));
  QCOMPARE(lines, (std::vector<size_t>{3, 4, 5, 8, 3, 2, 2}));
  QCOMPARE(d.paragraphs[1].base, std::string("<rPr><sz val=\"11\"/><rFont val=\"Calibri\"/></rPr>"));
  QCOMPARE(d.paragraphs[1].formats,
           std::vector<std::string>{"<rPr><b/><sz val=\"11\"/><rFont val=\"Calibri\"/></rPr>"});
  // The phonetic run is not in what is replaced.
  const auto& phonetic = d.paragraphs[3];
  QVERIFY(d.parts[0].text.compare(phonetic.end, 5, "<rPh ") == 0);
}

void TestSpreadsheets::theWorkbookIsWrittenBackWithEachTranslation() {
  const auto d = readOfficeDocument(workbook(), "budget.xlsx");
  const std::vector<std::string> translations = {"File name",
                                                 "Press <x-fmt n=\"0\">Save</x-fmt> to save",
                                                 "Line one<x-break n=\"0\"/>Line two",
                                                 "School &amp; class",
                                                 "Monthly report",
                                                 "Note",
                                                 "Spending"};
  const auto files = unpackedWorkbook(writeOfficeDocument(d, translations));
  const auto original = unpackedWorkbook(workbook());
  QCOMPARE(files.size(), original.size());
  for (const char* same : {"xl/workbook.xml", "xl/worksheets/sheet1.xml", "xl/styles.xml", "xl/comments1.xml",
                           "xl/_rels/workbook.xml.rels", "xl/worksheets/_rels/sheet2.xml.rels"})
    QCOMPARE(files.at(same), original.at(same));
  const std::string& strings = files.at("xl/sharedStrings.xml");
  QCOMPARE(cellTextsOf(strings),
           (std::vector<std::string>{"File name", "Press Save to save", "Line one_x000D_\nLine two", "2024",
                                     "", "School & class"}));
  // Plain text stays plain; rich text's runs keep their properties; the break keeps its characters; the
  // phonetic run stays after the text; the count of strings is as it was.
  QVERIFY2(strings.find("<si><t xml:space=\"preserve\">File name</t></si>") != std::string::npos,
           strings.c_str());
  QVERIFY(strings.find("<si><r><rPr><sz val=\"11\"/><rFont val=\"Calibri\"/></rPr><t xml:space=\"preserve\">"
                       "Press </t></r><r><rPr><b/><sz val=\"11\"/><rFont val=\"Calibri\"/></rPr>"
                       "<t xml:space=\"preserve\">Save</t></r>") != std::string::npos);
  QVERIFY(strings.find("<r><t xml:space=\"preserve\">_x000D_\n</t></r>") != std::string::npos);
  QVERIFY(
      strings.find("<t xml:space=\"preserve\">School &amp; class</t><rPh sb=\"0\" eb=\"1\"><t>ア</t></rPh>"
                   "<phoneticPr fontId=\"1\"/></si>") != std::string::npos);
  QVERIFY(strings.find("count=\"7\" uniqueCount=\"7\"") != std::string::npos);
  // The inline string in its own prefix; the formula and its cached text as they were.
  const std::string& sheet = files.at("xl/worksheets/sheet2.xml");
  QVERIFY2(sheet.find("<x:is><x:t xml:space=\"preserve\">Monthly report</x:t></x:is>") != std::string::npos,
           sheet.c_str());
  QVERIFY(sheet.find("<x:f>A1&amp;\"!\"</x:f><x:v>Báo cáo tháng!</x:v>") != std::string::npos);
  // The text box in DrawingML's runs, its language English.
  QVERIFY(files.at("xl/drawings/drawing1.xml").find("<a:r><a:rPr lang=\"en-US\"/><a:t>Note</a:t></a:r>") !=
          std::string::npos);
  QVERIFY(files.at("docProps/core.xml").find("<dc:title>Spending</dc:title><dc:creator>Nguyễn Văn An") !=
          std::string::npos);
}

void TestSpreadsheets::writtenBackWithItsOwnTextItReadsTheSame() {
  const auto d = readOfficeDocument(workbook(), "budget.xlsx");
  std::vector<std::string> own;
  for (const auto& p : d.paragraphs) own.push_back(p.marked);
  const auto again = readOfficeDocument(writeOfficeDocument(d, own), "budget.xlsx");
  QCOMPARE(again.paragraphs.size(), d.paragraphs.size());
  for (size_t i = 0; i < d.paragraphs.size(); ++i) {
    QCOMPARE(again.paragraphs[i].marked, d.paragraphs[i].marked);
    QCOMPARE(again.paragraphs[i].formats, d.paragraphs[i].formats);
  }
  QCOMPARE(writeOfficeDocument(again, own), writeOfficeDocument(d, own));
  // A translation that lost every word still leaves the cell a string.
  std::vector<std::string> empty(d.paragraphs.size());
  const auto files = unpackedWorkbook(writeOfficeDocument(d, empty));
  QVERIFY(files.at("xl/sharedStrings.xml").find("<si><t/></si>") != std::string::npos);
}

void TestSpreadsheets::anOpenDocumentSpreadsheetTranslatesItsTextCellsAlone() {
  const auto d = readOfficeDocument(calc(), "budget.ods");
  QVERIFY(d.format == OfficeDocument::Format::OpenDocumentSpreadsheet && d.openDocument());
  QCOMPARE(officeFormatName(d.format), std::string("an OpenDocument spreadsheet"));
  std::vector<std::string> marked;
  std::vector<size_t> lines;
  for (const auto& p : d.paragraphs) marked.push_back(p.marked), lines.push_back(p.line);
  // The help message, the string cells and the page header; not the number, the date, the formula's
  // text, the comment or the footer Calc wrote in English.
  QCOMPARE(marked, (std::vector<std::string>{"Chọn một", "Tên <x-wrap n=\"0\">tập tin</x-wrap>", "Tổng cộng",
                                             "Trang đầu"}));
  QCOMPARE(lines, (std::vector<size_t>{3, 5, 7, 1}));
  QCOMPARE(d.comments, size_t(1));
  const auto files = unpackedWorkbook(
      writeOfficeDocument(d, {"Choose one", "<x-wrap n=\"0\">File</x-wrap> name", "Total", "First page"}));
  const std::string& content = files.at("content.xml");
  QVERIFY2(content.find("<text:p><text:span text:style-name=\"T1\">File</text:span> name</text:p>") !=
               std::string::npos,
           content.c_str());
  for (const char* kept :
       {"<text:p>3,5</text:p>", "Thứ Hai, 2 tháng 12", "<text:p>Tên tập tin mới</text:p>",
        "<office:annotation><text:p>Sửa lại</text:p></office:annotation><text:p>Total</text:p>",
        "table:name=\"Bảng 1\"", "<text:p>Choose one</text:p>",
        "is-in-list(&quot;Có&quot;;&quot;Không&quot;)"})
    QVERIFY2(content.find(kept) != std::string::npos, kept);
  QVERIFY(files.at("styles.xml")
              .find("<style:header><text:p>First page</text:p></style:header><style:footer>"
                    "<text:p>Page <text:page-number>1</text:page-number>") != std::string::npos);
  QVERIFY(files.at("meta.xml").find("<dc:language>en-US</dc:language>") != std::string::npos);
  QCOMPARE(readOfficeDocument(calc("application/vnd.oasis.opendocument.spreadsheet-template"), "t.ots")
               .paragraphs.size(),
           size_t(4));
}

void TestSpreadsheets::textInTheOldVietnameseFontsIsReadAsTheirEncoding() {
  // Text in TCVN3 as Excel keeps it: each byte the Windows-1252 character that has it.
  auto asKept = [](const std::string& text) {
    size_t line = 0;
    char32_t character = 0;
    const auto bytes = utf8ToLegacy(text, LegacyEncoding::Tcvn3, &line, &character);
    return bytes ? html::windows1252ToUtf8(*bytes) : std::string("?");
  };
  const std::string kept = asKept("Mở tập tin"), kept_run = asKept("Lưu");
  QVERIFY(kept != "Mở tập tin" && kept != "?");
  const std::string ns = "xmlns=\"" + kMainNamespace + "\"";
  ZipWriter zip;
  zip.add("[Content_Types].xml",
          "<Types><Override PartName=\"/xl/workbook.xml\" ContentType=\"application/"
          "vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml\"/><Override "
          "PartName=\"/xl/worksheets/sheet1.xml\" ContentType=\"application/"
          "vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml\"/><Override "
          "PartName=\"/xl/sharedStrings.xml\" ContentType=\"application/"
          "vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml\"/><Override "
          "PartName=\"/xl/styles.xml\" ContentType=\"application/"
          "vnd.openxmlformats-officedocument.spreadsheetml.styles+xml\"/></Types>");
  zip.add("xl/workbook.xml", "<workbook " + ns + "/>");
  // Style 1 is in .VnTime, style 2 in VNI-Times; a cell in style 0 is in Calibri.
  zip.add("xl/styles.xml",
          "<styleSheet " + ns +
              "><fonts count=\"3\"><font><name val=\"Calibri\"/></font><font><sz val=\"12\"/>"
              "<name val=\".VnTime\"/></font><font><name val=\"VNI-Times\"/></font></fonts><cellXfs "
              "count=\"3\"><xf fontId=\"0\"/><xf fontId=\"1\"/><xf fontId=\"2\"/></cellXfs></styleSheet>");
  // String 0 shown by a .VnTime cell alone; string 1 by a .VnTime cell and a Calibri one (so not read as
  // TCVN3); string 2 in Calibri with a run in .VnTime; an inline string in a .VnTime cell; string 3
  // ("Mở tập tin" in VNI) shown by a VNI-Times cell; string 4 by a VNI-Times cell and a .VnTime one (two
  // encodings: read as neither).
  zip.add("xl/worksheets/sheet1.xml",
          "<worksheet " + ns +
              "><sheetData><row r=\"1\"><c r=\"A1\" s=\"1\" t=\"s\"><v>0</v></c><c r=\"B1\" s=\"1\" "
              "t=\"s\"><v>1</v></c><c r=\"C1\" t=\"s\"><v>1</v></c><c r=\"D1\" t=\"s\"><v>2</v></c>"
              "<c r=\"E1\" s=\"1\" t=\"inlineStr\"><is><t>" +
              kept +
              "</t></is></c><c r=\"F1\" s=\"2\" t=\"s\"><v>3</v></c><c r=\"G1\" s=\"2\" t=\"s\"><v>4</v></c>"
              "<c r=\"H1\" s=\"1\" t=\"s\"><v>4</v></c></row></sheetData>"
              "</worksheet>");
  zip.add("xl/sharedStrings.xml", "<sst " + ns + "><si><t>" + kept + "</t></si><si><t>" + kept +
                                      "</t></si><si><r><t>Nhấn </t></r><r>"
                                      "<rPr><b/><rFont val=\".VnTime\"/></rPr><t>" +
                                      kept_run + "</t></r></si><si><t>Môû taäp tin</t></si><si><t>" + kept +
                                      "</t></si></sst>");
  const std::string bytes = zip.finish();
  const auto d = readOfficeDocument(bytes, "old.xlsx");
  std::vector<std::string> marked;
  for (const auto& p : d.paragraphs) marked.push_back(p.marked);
  QCOMPARE(marked, (std::vector<std::string>{"Mở tập tin", kept, "Nhấn <x-fmt n=\"0\">Lưu</x-fmt>",
                                             "Mở tập tin", kept, "Mở tập tin"}));
  QCOMPARE(d.tcvn3_paragraphs, size_t(3));
  QCOMPARE(d.vni_paragraphs, size_t(1));
  // Written back in the same fonts, in TCVN3 or VNI as Excel keeps them.
  const auto files = unpackedWorkbook(writeOfficeDocument(
      d, {"Mở tập tin đã lưu", "Open", "Press <x-fmt n=\"0\">Lưu</x-fmt>", "Đã lưu", "Open", "Mở tập tin"}));
  const std::string& strings = files.at("xl/sharedStrings.xml");
  QVERIFY2(strings.find("<si><t xml:space=\"preserve\">" + asKept("Mở tập tin đã lưu") + "</t></si>") !=
               std::string::npos,
           strings.c_str());
  QVERIFY(strings.find("<t xml:space=\"preserve\">Open</t>") != std::string::npos);
  QVERIFY(strings.find("<si><t xml:space=\"preserve\">Ñaõ löu</t></si>") != std::string::npos);
  QVERIFY(strings.find("<rPr><b/><rFont val=\".VnTime\"/></rPr><t xml:space=\"preserve\">" + kept_run +
                       "</t>") != std::string::npos);
  QVERIFY(files.at("xl/worksheets/sheet1.xml").find("<is><t xml:space=\"preserve\">" + kept + "</t></is>") !=
          std::string::npos);
}

void TestSpreadsheets::whatCannotBeReadIsRefused_data() {
  QTest::addColumn<QByteArray>("bytes");
  QTest::addColumn<QString>("message");
  QTest::newRow("Excel 97")
      << QByteArray("\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1 and so on")
      << "'budget.xlsx' is an Excel 97-2003 workbook (.xls) or a password-protected one: "
         "save it as an .xlsx workbook";
  std::string binary = kSheetsTypes;
  const std::string main = "openxmlformats-officedocument.spreadsheetml.sheet.main+xml";
  binary.replace(binary.find(main), main.size(), "ms-excel.sheet.binary.macroEnabled.main");
  QTest::newRow("binary")
      << QByteArray::fromStdString(workbook(kStrings, binary))
      << "'budget.xlsx' is an Excel binary workbook (.xlsb): save it as an .xlsx workbook";
  std::string broken = kStrings;
  broken.replace(broken.find("</si>\n<si><t>2024"), 5, "</r>");
  QTest::newRow("not well formed") << QByteArray::fromStdString(workbook(broken))
                                   << "'budget.xlsx: xl/sharedStrings.xml' line 6: </r> closes <si>";
  std::string latin = kStrings;
  latin.replace(latin.find("Tên"), 4, "T\xea");
  QTest::newRow("not UTF-8") << QByteArray::fromStdString(workbook(latin))
                             << "'budget.xlsx' has a part 'xl/sharedStrings.xml' that is not UTF-8";
  QTest::newRow("a drawing") << QByteArray::fromStdString([] {
    ZipWriter zip;
    zip.add("mimetype", "application/vnd.oasis.opendocument.graphics");
    zip.add("content.xml", "<office:document-content/>");
    return zip.finish();
  }()) << "'budget.xlsx' is an OpenDocument graphics, not a text, presentation or spreadsheet";
}

void TestSpreadsheets::whatCannotBeReadIsRefused() {
  QFETCH(QByteArray, bytes);
  QFETCH(QString, message);
  try {
    readOfficeDocument(bytes.toStdString(), "budget.xlsx");
    QFAIL("read");
  } catch (const std::runtime_error& e) {
    QVERIFY2(QString::fromUtf8(e.what()).startsWith(message), e.what());
  }
}

void TestSpreadsheets::aSpreadsheetIsKnownByItsNameOrItsContent() {
  QTemporaryDir dir;
  for (const char* name : {"a.xlsx", "a.XLSM", "a.xltx", "a.xltm", "a.bin"}) {
    const auto d = readOfficeFile(writeSheetFile(dir, name, workbook()));
    QVERIFY2(d && d->format == OfficeDocument::Format::Excel, name);
  }
  for (const char* name : {"a.ods", "a.ots", "b.bin"}) {
    const auto d = readOfficeFile(writeSheetFile(dir, name, calc()));
    QVERIFY2(d && d->format == OfficeDocument::Format::OpenDocumentSpreadsheet, name);
  }
  QVERIFY_THROWS_EXCEPTION(std::runtime_error,
                           readOfficeFile(writeSheetFile(dir, "old.xls", "\xd0\xcf\x11\xe0 and so on")));
  QVERIFY(!readOfficeFile(writeSheetFile(dir, "figures.csv", "Tên,Số\n")));
}

STUDIO_TEST_MAIN(TestSpreadsheets)
#include "tst_spreadsheets.moc"
