// Our Markdown reader and writer (model/files/MarkdownFile) against CommonMark
// as a real renderer reads it: each example of CommonMark's spec (0.29, 649
// of them) and each page of our own docs/ is read, written back twice — with
// each block's own text, and with each block's words in capitals — and the
// three rendered by markdown-it-py (pinned; CommonMark with GitHub's tables:
// scripts/peers sacrebleu installs both). Written with its own text, a
// document must render as it did; in capitals, it must render as it did with
// the text of the page in capitals and nothing else changed (not code, not a
// link's destination, not an autolink). HTML blocks are kept as written by
// design: their examples are checked written with their own text alone. The
// examples our rules do not follow are listed below with why; any other that
// fails, fails the suite, and the counts are printed.

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QtTest/QtTest>
#include <nlohmann/json.hpp>

#include <set>
#include <string>
#include <vector>

#include "common/SacreBleuPeer.h"
#include "common/SuiteMain.h"
#include "common/TextLines.h"
#include "model/files/MarkdownFile.h"

namespace markdown_spec_suite {

// Renders each document's three versions and compares them as HTML: tags, attributes and text, runs of
// white space as one space (a paragraph's lines are joined into one by the writer).
const char* kRender = R"PY(
import json, re, sys
from html.parser import HTMLParser
from markdown_it import MarkdownIt

md = MarkdownIt("commonmark").enable("table")
capital = lambda text: re.sub(r"[a-z]", lambda m: m.group(0).upper(), text)

class Tokens(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.out = []
    def handle_starttag(self, tag, attrs): self.out.append(("start", tag, tuple(attrs)))
    def handle_startendtag(self, tag, attrs): self.out.append(("start", tag, tuple(attrs)))
    def handle_endtag(self, tag): self.out.append(("end", tag))
    def handle_comment(self, data): self.out.append(("comment", re.sub(r"\s+", " ", data)))
    def handle_data(self, data):
        data = re.sub(r"\s+", " ", data)
        if self.out and self.out[-1][0] == "data": self.out[-1] = ("data", self.out[-1][1] + data)
        else: self.out.append(("data", data))

def tokens(markdown):
    parser = Tokens()
    parser.feed(md.render(markdown))
    parser.close()
    return [t if t[0] != "data" else ("data", t[1].strip()) for t in parser.out if t[0] != "data" or t[1].strip()]

def in_capitals(original):
    # The page's text in capitals: not code, not an autolink's text (its destination), an image's alt too.
    out, code, href = [], 0, None
    for t in original:
        if t[0] in ("start", "end") and t[1] in ("code", "pre"): code += 1 if t[0] == "start" else -1
        if t[0] == "start" and t[1] == "a": href = dict(t[2]).get("href")
        if t[0] == "end" and t[1] == "a": href = None
        if t[0] == "data" and not code:
            # a link whose text is its destination may be an autolink, kept: either is right
            if href is not None and t[1] in (href, href[len("mailto:"):] if href.startswith("mailto:") else None):
                out.append(("either", t[1], capital(t[1])))
            else:
                out.append(("data", capital(t[1])))
        elif t[0] == "start" and t[1] == "img":
            out.append(("start", "img", tuple((k, capital(v) if k == "alt" and v else v) for k, v in t[2])))
        else:
            out.append(t)
    return out

def matches(expected, actual):
    return len(expected) == len(actual) and all(
        (a[0] == "data" and a[1] in e[1:]) if e[0] == "either" else e == a for e, a in zip(expected, actual))

result = {"identity": [], "capitals": [], "html_blocks": []}
for d in json.load(open(sys.argv[1], encoding="utf-8")):
    original = tokens(d["source"])
    if tokens(d["same"]) != original: result["identity"].append(d["name"])
    if any(t.type == "html_block" for t in md.parse(d["source"])): result["html_blocks"].append(d["name"])
    elif not matches(in_capitals(original), tokens(d["capitals"])): result["capitals"].append(d["name"])
print(json.dumps(result))
)PY";

// The examples our rules read otherwise than CommonMark, by number, and why.
const std::set<int> kKeptOtherwise = {
    // A link reference definition whose label or destination goes on over lines is read as a paragraph
    // (a title on the next line is followed).
    162, 164, 165, 167, 177, 537,
    // A link destination in <…> over two lines, an inline tag over two at a paragraph's start: the writer
    // joins a paragraph's lines, so the line break inside becomes a space (and the tag, alone on its
    // line, is escaped so as not to start an HTML block).
    488, 612,
    // A list item inside a block quote inside a list item: the inner quote's markers are not followed.
    262, 263};
const std::set<int> kTranslatedOtherwise = {
    // Tabs as indentation in list items ("list-item-after-tabs"); "---" at the start is front matter
    // (YAML) here.
    4, 5, 7, 66,
    // Multi-line definitions (above), and a shortcut reference in a definition's title.
    163, 166, 170, 178,
    // Nested containers our rules do not follow: ">>" without spaces, list items that start with
    // indented code or blank lines, items indented past a sibling's text.
    229, 243, 244, 283,
    // Backslashes, entities and code spans inside link destinations, autolinks and HTML, brackets and
    // emphasis interleaved: what is text and what is not, at the edges of the inline rules.
    306, 314, 316, 327, 346, 418, 472, 473, 474, 479, 480, 485, 487, 490, 491, 502, 504, 514, 515, 516, 517,
    522, 528, 529, 534, 545, 564, 598, 599, 602, 605, 606, 615, 617, 618, 620, 622, 623, 625};

struct Example {
  int number = 0;
  std::string markdown;
};

// The spec's examples: between a line of 32 backticks and " example" and a line of 32 backticks, the
// Markdown up to a line holding "." alone ("→" standing for a tab).
std::vector<Example> specExamples(const QString& path) {
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly)) return {};
  const std::vector<std::string> lines = studio::test::textLines(file.readAll().toStdString()).lines;
  const std::string fence(32, '`');
  std::vector<Example> out;
  for (size_t i = 0; i < lines.size(); ++i) {
    if (lines[i] != fence + " example") continue;
    Example e;
    e.number = int(out.size()) + 1;
    for (++i; i < lines.size() && lines[i] != "."; ++i) {
      std::string line = lines[i];
      for (size_t tab = line.find("→"); tab != std::string::npos; tab = line.find("→", tab))
        line.replace(tab, std::string("→").size(), "\t");
      e.markdown += line + "\n";
    }
    out.push_back(e);
  }
  return out;
}

// The document written with each block's text as it was, and with its words in capitals (the markup's
// tags and character references as they are).
std::pair<std::string, std::string> writtenTwice(const std::string& markdown) {
  const auto d = studio::model::readMarkdown(studio::test::textLines(markdown), "a.md");
  std::vector<std::string> same, capitals;
  for (const auto& b : d.blocks) {
    same.push_back(b.marked);
    std::string upper;
    char inside = 0;  // '<' in a tag, '&' in a reference
    for (char c : b.marked) {
      if (!inside && (c == '<' || c == '&')) inside = c;
      upper += inside || c < 'a' || c > 'z' ? c : char(c - 'a' + 'A');
      if ((inside == '<' && c == '>') || (inside == '&' && c == ';')) inside = 0;
    }
    capitals.push_back(upper);
  }
  auto joined = [](const studio::model::TextDocument& t) {
    std::string out;
    for (const auto& line : t.lines) out += line + "\n";
    return out;
  };
  return {joined(writeMarkdown(d, same)), joined(writeMarkdown(d, capitals))};
}

}  // namespace markdown_spec_suite

using namespace markdown_spec_suite;

class TestMarkdownSpec : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void theSpecsExamplesRenderAsTheyDid();
  void ourOwnPagesRenderAsTheyDid();

 private:
  nlohmann::json rendered(const nlohmann::json& documents) {
    const QString python = studio::test::sacreBleuPython();
    return studio::test::runPeerScript(python, kRender, documents);
  }
};

void TestMarkdownSpec::theSpecsExamplesRenderAsTheyDid() {
  const QString python = studio::test::sacreBleuPython();
  STUDIO_REQUIRE_SACREBLEU(python);
  const QString spec = QFileInfo(python).dir().filePath("../share/commonmark-spec-0.29.txt");
  if (!QFileInfo::exists(spec)) {
    const QString why = "no CommonMark spec at " + spec + " (scripts/peers sacrebleu puts it there)";
    if (qEnvironmentVariable("STUDIO_REQUIRE_PEERS") == "1") QFAIL(qPrintable(why));
    QSKIP(qPrintable(why));
  }
  const auto examples = specExamples(spec);
  QCOMPARE(examples.size(), size_t(649));
  nlohmann::json documents = nlohmann::json::array();
  for (const Example& e : examples) {
    const auto [same, capitals] = writtenTwice(e.markdown);
    documents.push_back(
        {{"name", std::to_string(e.number)}, {"source", e.markdown}, {"same", same}, {"capitals", capitals}});
  }
  const nlohmann::json result = rendered(documents);
  auto numbers = [&](const char* key) {
    std::set<int> out;
    for (const auto& name : result[key]) out.insert(std::stoi(name.get<std::string>()));
    return out;
  };
  const auto identity = numbers("identity"), capitals = numbers("capitals"), html = numbers("html_blocks");
  qInfo("CommonMark 0.29's %zu examples: %zu render as they did when written with their own text; of the "
        "%zu without an HTML block, %zu render in capitals as they should",
        examples.size(), examples.size() - identity.size(), examples.size() - html.size(),
        examples.size() - html.size() - capitals.size());
  QStringList unexpected;
  for (const int n : identity)
    if (!kKeptOtherwise.count(n)) unexpected << QString("example %1 (written with its own text)").arg(n);
  for (const int n : capitals)
    if (!kTranslatedOtherwise.count(n) && !kKeptOtherwise.count(n))
      unexpected << QString("example %1 (in capitals)").arg(n);
  QVERIFY2(unexpected.isEmpty(), qPrintable("renders otherwise: " + unexpected.join(", ")));
  for (const int n : kKeptOtherwise)
    if (!identity.count(n)) qInfo("example %d now renders as it did: take it off the list", n);
}

void TestMarkdownSpec::ourOwnPagesRenderAsTheyDid() {
  const QString python = studio::test::sacreBleuPython();
  STUDIO_REQUIRE_SACREBLEU(python);
  QStringList pages{QStringLiteral(STUDIO_SOURCE_DIR "/README.md")};
  for (const QString& name : QDir(QStringLiteral(STUDIO_SOURCE_DIR "/docs")).entryList({"*.md"}, QDir::Files))
    pages << QStringLiteral(STUDIO_SOURCE_DIR "/docs/") + name;
  QVERIFY(pages.size() > 10);
  nlohmann::json documents = nlohmann::json::array();
  for (const QString& page : pages) {
    QFile file(page);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const std::string markdown = file.readAll().toStdString();
    const auto [same, capitals] = writtenTwice(markdown);
    documents.push_back({{"name", QFileInfo(page).fileName().toStdString()},
                         {"source", markdown},
                         {"same", same},
                         {"capitals", capitals}});
  }
  const nlohmann::json result = rendered(documents);
  QCOMPARE(QString::fromStdString(result["identity"].dump()), QString("[]"));
  // (a page with an HTML block, the README's comments for tst_docs, is checked written as it was alone)
  QCOMPARE(QString::fromStdString(result["capitals"].dump()), QString("[]"));
}

STUDIO_TEST_MAIN(TestMarkdownSpec)
#include "tst_markdownspec.moc"
