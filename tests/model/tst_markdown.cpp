// Markdown documents: the text of headings, paragraphs, list items, quotes
// and table cells read as blocks to translate, emphasis and links as markup,
// code spans, escapes, references and hard breaks as codes; front matter,
// code, HTML blocks and definitions kept; each translation written back in
// its block's place with its markers, line ends and encoding as they were.

#include <fstream>

#include <QTemporaryDir>
#include <QtTest/QtTest>

#include "common/SuiteMain.h"
#include "common/TextLines.h"
#include "model/files/MarkdownFile.h"

using namespace studio::model;

namespace {

std::string joinedLines(const TextDocument& d) {
  std::string out;
  for (const auto& line : d.lines) out += line + "\n";
  return out;
}

const std::string kGuide =
    "---\n"
    "title: Hướng dẫn\n"
    "---\n"
    "\n"
    "# Cài đặt {#install}\n"  // 5
    "\n"
    "Mở **tập tin** cấu hình và nhấn `Ctrl+S`\n"  // 7
    "để lưu.  \n"
    "Dòng sau.\n"
    "\n"
    "- Mục một\n"  // 11
    "- [x] Mục [hai](https://example.org \"Tiêu đề\")\n"
    "  tiếp tục\n"
    "  1. Mục con\n"  // 14
    "\n"
    "> Trích dẫn *nghiêng*\n"  // 16
    "> dòng hai\n"
    "\n"
    "```bash\n"
    "echo \"không dịch\"\n"
    "```\n"
    "\n"
    "    mã thụt lề\n"
    "\n"
    "| Tên | Mô tả |\n"  // 25
    "| --- | :---: |\n"
    "| `a` | Mở tập tin \\| lưu |\n"
    "\n"
    "<div align=\"center\">\n"
    "  <img src=\"x.png\" alt=\"Hình\">\n"
    "</div>\n"
    "\n"
    "![Biểu tượng](logo.png) Xem [tài liệu][docs] và <https://example.org>&nbsp;nhé[^1].\n"  // 33
    "\n"
    "Tiêu đề phụ ##\n"  // 35
    "-----------\n"
    "\n"
    "***\n"
    "\n"
    "[docs]: https://example.org/docs\n"
    "[^1]: Chú thích cuối trang.\n";  // 41

}  // namespace

class TestMarkdown : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void blocksAreFoundAndEverythingElseKept();
  void eachTranslationIsWrittenInItsPlace();
  void writtenWithItsOwnTextTheDocumentIsTheSame();
  void inlineMarkup_data();
  void inlineMarkup();
  void whatTheTranslationLostIsWrittenAtItsEnd();
  void aTranslationThatWouldStartABlockStaysAParagraph();
  void aMarkdownFileIsKnownByItsName();
  void blocksWhereCommonMarkEndsThem_data();
  void blocksWhereCommonMarkEndsThem();
};

void TestMarkdown::blocksAreFoundAndEverythingElseKept() {
  const auto d = readMarkdown(studio::test::textLines(kGuide), "guide.md");
  std::vector<std::string> marked;
  std::vector<size_t> lines;
  for (const auto& b : d.blocks) marked.push_back(b.marked), lines.push_back(b.first + 1);
  QCOMPARE(marked,
           (std::vector<std::string>{
               "Cài đặt",
               "Mở <x-wrap n=\"0\">tập tin</x-wrap> cấu hình và nhấn <x-code n=\"0\"/> để lưu.<x-code "
               "n=\"1\"/>Dòng sau.",
               "Mục một", "Mục <x-wrap n=\"0\">hai</x-wrap> tiếp tục", "Mục con",
               "Trích dẫn <x-wrap n=\"0\">nghiêng</x-wrap> dòng hai", "Tên", "Mô tả",
               "Mở tập tin <x-code n=\"0\"/> lưu",
               "<x-wrap n=\"0\">Biểu tượng</x-wrap> Xem <x-wrap n=\"1\">tài liệu</x-wrap> và <x-code "
               "n=\"0\"/><x-code n=\"1\"/>nhé<x-code n=\"2\"/>.",
               "Tiêu đề phụ ##", "Chú thích cuối trang."}));
  QCOMPARE(lines, (std::vector<size_t>{5, 7, 11, 12, 14, 16, 25, 25, 27, 33, 35, 41}));
  QCOMPARE(d.code_blocks, size_t(2));
  QCOMPARE(d.html_blocks, size_t(1));
  const auto& paragraph = d.blocks[1];
  QCOMPARE(paragraph.codes, (std::vector<std::string>{"`Ctrl+S`", "  \n"}));
  QCOMPARE(d.blocks[3].wraps,
           (std::vector<std::pair<std::string, std::string>>{{"[", "](https://example.org \"Tiêu đề\")"}}));
  QCOMPARE(d.blocks[9].wraps,
           (std::vector<std::pair<std::string, std::string>>{{"![", "](logo.png)"}, {"[", "][docs]"}}));
  QCOMPARE(d.blocks[9].codes, (std::vector<std::string>{"<https://example.org>", "&nbsp;", "[^1]"}));
  QVERIFY(d.blocks[8].table_cell && !d.blocks[1].table_cell);
}

void TestMarkdown::eachTranslationIsWrittenInItsPlace() {
  const auto d = readMarkdown(studio::test::textLines(kGuide), "guide.md");
  const std::vector<std::string> translations = {
      "Installation",
      "Open the configuration <x-wrap n=\"0\">file</x-wrap> and press <x-code n=\"0\"/> to save.<x-code "
      "n=\"1\"/>Next line.",
      "Item one",
      "Item <x-wrap n=\"0\">two</x-wrap> continued",
      "Sub-item",
      "A <x-wrap n=\"0\">slanted</x-wrap> quote, line two",
      "Name",
      "Description | notes",
      "Open the file <x-code n=\"0\"/> save",
      "<x-wrap n=\"0\">Icon</x-wrap> See the <x-wrap n=\"1\">docs</x-wrap> and <x-code n=\"0\"/><x-code "
      "n=\"1\"/>please<x-code n=\"2\"/>.",
      "Subheading",
      "A footnote &amp; more."};
  const std::string written = joinedLines(writeMarkdown(d, translations));
  const std::string expected =
      "---\n"
      "title: Hướng dẫn\n"
      "---\n"
      "\n"
      "# Installation {#install}\n"
      "\n"
      "Open the configuration **file** and press `Ctrl+S` to save.  \n"
      "Next line.\n"
      "\n"
      "- Item one\n"
      "- [x] Item [two](https://example.org \"Tiêu đề\") continued\n"
      "  1. Sub-item\n"
      "\n"
      "> A *slanted* quote, line two\n"
      "\n"
      "```bash\n"
      "echo \"không dịch\"\n"
      "```\n"
      "\n"
      "    mã thụt lề\n"
      "\n"
      "| Name | Description \\| notes |\n"
      "| --- | :---: |\n"
      "| `a` | Open the file \\| save |\n"
      "\n"
      "<div align=\"center\">\n"
      "  <img src=\"x.png\" alt=\"Hình\">\n"
      "</div>\n"
      "\n"
      "![Icon](logo.png) See the [docs][docs] and <https://example.org>&nbsp;please[^1].\n"
      "\n"
      "Subheading\n"
      "-----------\n"
      "\n"
      "***\n"
      "\n"
      "[docs]: https://example.org/docs\n"
      "[^1]: A footnote & more.\n";
  QCOMPARE(written, expected);
  QVERIFY_THROWS_EXCEPTION(std::invalid_argument, writeMarkdown(d, {"one"}));
}

void TestMarkdown::writtenWithItsOwnTextTheDocumentIsTheSame() {
  // Each block on one line already: written with its own marked text, every byte comes back.
  const std::string one_line =
      "# Cài đặt {#install} #\n\n"
      "Mở **tập tin** và `x` \\* [liên kết](a.md) <kbd>Ctrl</kbd> &copy; ~~cũ~~ _nghiêng_ __đậm__.\n\n"
      "* Mục *một*\n"
      "   3) Mục [ba][]\n\n"
      "> > Trích dẫn\n\n"
      "| Cột | Khác |\n|---|---|\n| ô `|` một | ô hai |\n\n"
      "[ba]: b.md\n";
  const auto d = readMarkdown(studio::test::textLines(one_line), "a.md");
  std::vector<std::string> own;
  for (const auto& b : d.blocks) own.push_back(b.marked);
  QCOMPARE(d.blocks.size(), size_t(9));
  QCOMPARE(joinedLines(writeMarkdown(d, own)), one_line);
}

void TestMarkdown::inlineMarkup_data() {
  QTest::addColumn<QString>("line");
  QTest::addColumn<QString>("marked");
  QTest::newRow("not emphasis") << "5 * 3 = 15 và snake_case_name"
                                << "5 * 3 = 15 và snake_case_name";
  QTest::newRow("unclosed") << "Mở **tập tin"
                            << "Mở **tập tin";
  QTest::newRow("strong and em") << "***rất*** đậm"
                                 << "<x-wrap n=\"0\">rất</x-wrap> đậm";
  QTest::newRow("nested") << "**Mở [tập tin](f.md)**"
                          << "<x-wrap n=\"0\">Mở <x-wrap n=\"1\">tập tin</x-wrap></x-wrap>";
  QTest::newRow("an unknown reference") << "Mở [tập tin] nhé"
                                        << "Mở [tập tin] nhé";
  QTest::newRow("a lone backtick") << "Dấu ` lẻ"
                                   << "Dấu ` lẻ";
  QTest::newRow("text as markup") << "a < b & c > d"
                                  << "a &lt; b &amp; c &gt; d";
  QTest::newRow("an image in a link") << "[![Trạng thái](b.svg)](ci.html)"
                                      << "<x-wrap n=\"0\"><x-wrap n=\"1\">Trạng thái</x-wrap></x-wrap>";
  QTest::newRow("an inline comment") << "Mở <!-- ghi <chú> --> tập tin"
                                     << "Mở <x-code n=\"0\"/> tập tin";
  QTest::newRow("a tag with a '>' quoted") << "Mở <a title=\"x>y\">tập</a>"
                                           << "Mở &lt;a title=\"x&gt;y\"&gt;tập</a>";
  QTest::newRow("a link's parentheses") << "Xem [trang](https://a.org/x_(y)) này"
                                        << "Xem <x-wrap n=\"0\">trang</x-wrap> này";
}

void TestMarkdown::inlineMarkup() {
  QFETCH(QString, line);
  QFETCH(QString, marked);
  const auto d = readMarkdown(studio::test::textLines(line.toStdString() + "\n"), "a.md");
  QCOMPARE(d.blocks.size(), size_t(1));
  QCOMPARE(QString::fromStdString(d.blocks[0].marked), marked);
  // Written back with its own text, the line is as it was.
  QCOMPARE(QString::fromStdString(joinedLines(writeMarkdown(d, {d.blocks[0].marked}))), line + "\n");
}

void TestMarkdown::whatTheTranslationLostIsWrittenAtItsEnd() {
  const auto d = readMarkdown(studio::test::textLines("> Mở **tập tin** `a`\n> [tiếp](b.md)\n"), "a.md");
  QCOMPARE(d.blocks.size(), size_t(1));
  // The link and the code lost are written at the end; the emphasis lost is not (it would show "****").
  QCOMPARE(joinedLines(writeMarkdown(d, {"Open the file"})), std::string("> Open the file[](b.md) `a`\n"));
  // A translation with an extra closing tag or an unknown code number: written as text is, nothing broken.
  QCOMPARE(joinedLines(writeMarkdown(d, {"<x-wrap n=\"0\">Open</x-wrap></x-wrap> <x-code n=\"7\"/>"})),
           std::string("> **Open**</x-wrap> <x-code n=\"7\"/>[](b.md) `a`\n"));
}

void TestMarkdown::aTranslationThatWouldStartABlockStaysAParagraph() {
  const auto d = readMarkdown(studio::test::textLines("Mở tập tin\n\n- Lưu tập tin\n"), "a.md");
  QCOMPARE(d.blocks.size(), size_t(2));
  QVERIFY(d.blocks[0].paragraph && d.blocks[1].paragraph);
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"1. Open", "1\\. Open"}, {"- Open", "\\- Open"},     {"# Open", "\\# Open"},
      {"> Open", "\\> Open"},   {"[x] Open", "\\[x] Open"}, {"[id]: Open", "\\[id]: Open"},
      {"*** Open", "*** Open"}, {"2024 Open", "2024 Open"}};
  for (const auto& [translation, written] : cases) {
    QCOMPARE(joinedLines(writeMarkdown(d, {translation, translation})), written + "\n\n- " + written + "\n");
    // Read again, it is one paragraph and one list item with that text.
    const auto again = readMarkdown(writeMarkdown(d, {translation, translation}), "b.md");
    QCOMPARE(again.blocks.size(), size_t(2));
  }
  const auto heading = readMarkdown(studio::test::textLines("# Mở\n"), "a.md");
  QVERIFY(!heading.blocks[0].paragraph);
  QCOMPARE(joinedLines(writeMarkdown(heading, {"1. Open"})), std::string("# 1. Open\n"));
}

void TestMarkdown::aMarkdownFileIsKnownByItsName() {
  QTemporaryDir dir;
  for (const char* name : {"README.md", "guide.MARKDOWN", "a.mdown", "b.mkd", "c.mkdn"}) {
    const std::string path = dir.filePath(name).toStdString();
    std::ofstream(path, std::ios::binary) << "# Mở tập tin\r\n";
    const auto d = readMarkdownFile(path);
    QVERIFY2(d && d->blocks.size() == 1, name);
    QVERIFY(d->text.crlf);
  }
  const std::string text = dir.filePath("notes.txt").toStdString();
  std::ofstream(text, std::ios::binary) << "# Mở tập tin\n";
  QVERIFY(!readMarkdownFile(text));
}

// Where CommonMark starts and ends a block (found against its spec's examples, rendered by
// markdown-it-py: docs/cli.md): each document's blocks, and the document written with each block's text in
// capitals (what else it holds is as it was).
void TestMarkdown::blocksWhereCommonMarkEndsThem_data() {
  QTest::addColumn<QString>("document");
  QTest::addColumn<QStringList>("blocks");
  QTest::addColumn<QString>("written");
  QTest::newRow("a block quote interrupts a paragraph")
      << "Mở tập tin\n> Lưu tập tin\n"
      << QStringList{"Mở tập tin", "Lưu tập tin"} << "MỞ TẬP TIN\n> LƯU TẬP TIN\n";
  QTest::newRow("a line without the marker goes on with the quote's paragraph")
      << "> Mở tập\ntin\n"
      << QStringList{"Mở tập tin"} << "> MỞ TẬP TIN\n";
  QTest::newRow("a block quote inside a list item")
      << "1.  Mở tập\n    tin\n\n    > Lưu tập tin\n"
      << QStringList{"Mở tập tin", "Lưu tập tin"} << "1.  MỞ TẬP TIN\n\n    > LƯU TẬP TIN\n";
  QTest::newRow("a fence ends with the block quote that held it")
      << "> ```\n> mã\n\nMở tập tin\n"
      << QStringList{"Mở tập tin"} << "> ```\n> mã\n\nMỞ TẬP TIN\n";
  QTest::newRow("a definition's title on the next line")
      << "[a]: /a.md\n  \"Tiêu đề\"\n[b]: /b.md\n\nXem [đây][a] và [b]\n"
      << QStringList{"Xem <x-wrap n=\"0\">đây</x-wrap> và <x-wrap n=\"1\">b</x-wrap>"}
      << "[a]: /a.md\n  \"Tiêu đề\"\n[b]: /b.md\n\nXEM [ĐÂY][a] VÀ [B]\n";
  QTest::newRow("brackets naming no definition are text")
      << "Chỉ số [lớp][đầu] và [a][]\n"
      << QStringList{"Chỉ số [lớp][đầu] và [a][]"} << "CHỈ SỐ [LỚP][ĐẦU] VÀ [A][]\n";
  QTest::newRow("a paragraph that starts with an inline tag")
      << "<b>Chú ý:</b> lưu tập tin\n\n<div>\nkhối\n</div>\n" << QStringList{"<b>Chú ý:</b> lưu tập tin"}
      << "<b>CHÚ Ý:</b> LƯU TẬP TIN\n\n<div>\nkhối\n</div>\n";
  QTest::newRow("a processing instruction and CDATA are HTML blocks")
      << "<?php\n\n echo 1;\n?>\nMở\n\n<![CDATA[\nx\n\n]]>\nLưu\n"
      << QStringList{"Mở", "Lưu"} << "<?php\n\n echo 1;\n?>\nMỞ\n\n<![CDATA[\nx\n\n]]>\nLƯU\n";
}

void TestMarkdown::blocksWhereCommonMarkEndsThem() {
  QFETCH(QString, document);
  QFETCH(QStringList, blocks);
  QFETCH(QString, written);
  const auto d = readMarkdown(studio::test::textLines(document.toStdString()), "a.md");
  QStringList marked, capitals;
  for (const auto& b : d.blocks) {
    marked << QString::fromStdString(b.marked);
    // The words in capitals, the markup's tags as they are.
    QString upper;
    bool tag = false;
    for (const QChar c : QString::fromStdString(b.marked)) {
      tag = c == '<' ? true : c == '>' ? false : tag;
      upper += tag ? c : c.toUpper();
    }
    capitals << upper;
  }
  QCOMPARE(marked, blocks);
  std::vector<std::string> translations;
  for (const QString& c : capitals) translations.push_back(c.toStdString());
  QCOMPARE(QString::fromStdString(joinedLines(writeMarkdown(d, translations))), written);
}

STUDIO_TEST_MAIN(TestMarkdown)
#include "tst_markdown.moc"
