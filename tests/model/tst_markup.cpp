// Markup kept through translation (Markup.h): tags and references taken out
// of a text, with the words each tag holds; text that only looks like markup
// left as text; tags put back around the aligned words of a translation, in
// hand-made cases (reordering, nesting, punctuation, empty elements) and for
// random markup and links: always well formed, every tag once, the words in
// the translation's order.

#include <random>

#include <QtTest/QtTest>

#include "common/SuiteMain.h"
#include "model/decoding/Markup.h"

using namespace studio;

namespace markup_suite {

using Kind = model::MarkupTag::Kind;
using Links = std::vector<std::pair<int, int>>;

// The tags of `text` in order, and whether they nest (every closing tag
// closes the innermost open element of its name; void and lone tags aside).
struct Scan {
  std::vector<std::string> tags;
  std::string words;  // the text between tags, references decoded
  bool nested = true;
};
Scan scan(const std::string& text, const std::set<std::string>& lone) {
  Scan out;
  std::vector<std::string> open;
  const auto parsed = model::parseMarkup(text);
  out.words = parsed.plain;
  for (const auto& tag : parsed.tags) {
    out.tags.push_back(tag.text);
    if (lone.count(tag.text)) continue;
    if (tag.kind == Kind::Open) {
      open.push_back(tag.name);
    } else if (tag.kind == Kind::Close) {
      if (open.empty() || open.back() != tag.name)
        out.nested = false;
      else
        open.pop_back();
    }
  }
  out.nested = out.nested && open.empty();
  return out;
}

std::vector<std::string> words(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

}  // namespace markup_suite

using namespace markup_suite;

class TestMarkup : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void tagsAndReferencesAreTakenOut();
  void whatOnlyLooksLikeMarkupStaysText();
  void tagsGoAroundTheAlignedWords();
  void nestingPunctuationAndEmptyElementsHold();
  void randomMarkupStaysWellFormedAndWhole();
};

void TestMarkup::tagsAndReferencesAreTakenOut() {
  auto m = model::parseMarkup(
      "Xóa <a href=\"x?a=1&amp;b=2\" title='a>b'>thư mục</a> &amp; t&#7853;p &#x74;in<br/>nhé");
  QCOMPARE(m.plain, std::string("Xóa thư mục & tập tin nhé"));
  QCOMPARE(m.words, (std::vector<std::string>{"Xóa", "thư", "mục", "&", "tập", "tin", "nhé"}));
  QCOMPARE(m.tags.size(), size_t(3));
  QCOMPARE(m.tags[0].text, std::string("<a href=\"x?a=1&amp;b=2\" title='a>b'>"));
  QCOMPARE(m.tags[0].name, std::string("a"));
  QVERIFY(m.tags[0].kind == Kind::Open && m.tags[0].boundary == 1 && m.tags[0].partner == 1);
  QVERIFY(m.tags[1].kind == Kind::Close && m.tags[1].boundary == 3 && m.tags[1].partner == 0);
  // <br/> parts "tin" and "nhé" and stands before "nhé".
  QVERIFY(m.tags[2].kind == Kind::Alone && m.tags[2].boundary == 6 && m.tags[2].partner == -1);
  QVERIFY(!m.tags[2].space_before && !m.tags[2].space_after);
  // Inside a word a tag belongs to the whole word; an unclosed <p> and a
  // stray </i> are placed alone, and so is a <b> left open inside an element.
  m = model::parseMarkup("<p>Mở<b>tập</b>tin</i> <u>x <b>y</u> z");
  QCOMPARE(m.words, (std::vector<std::string>{"Mởtậptin", "x", "y", "z"}));
  QVERIFY(m.tags[0].kind == Kind::Open && m.tags[0].partner == -1);   // <p>
  QVERIFY(m.tags[1].boundary == 0 && m.tags[1].partner == 2);         // <b> of the word
  QVERIFY(m.tags[2].boundary == 1 && m.tags[2].partner == 1);         // </b>
  QVERIFY(m.tags[3].kind == Kind::Close && m.tags[3].partner == -1);  // </i>
  QVERIFY(m.tags[4].partner == 6 && m.tags[5].partner == -1);         // <u> ... </u>, <b> alone
  QVERIFY(m.tags[6].boundary == 3);
  // Every kind of space is a space, as translation reads it: words split there.
  m = model::parseMarkup("10&nbsp;MB <b>tập\xc2\xa0tin</b>\xe2\x80\x83x");
  QCOMPARE(m.words, (std::vector<std::string>{"10", "MB", "tập", "tin", "x"}));
  QVERIFY(m.tags[0].boundary == 2 && m.tags[1].boundary == 4 && !m.tags[1].after_punctuation);
  // A comment and a closing <p> of a block; a word's punctuation before a close.
  m = model::parseMarkup("<!-- x --> <p>Một.</p><p>Hai</p>.");
  QCOMPARE(m.words, (std::vector<std::string>{"Một.", "Hai", "."}));
  QVERIFY(m.tags[0].kind == Kind::Alone && m.tags[0].space_after);
  QVERIFY(m.tags[2].after_punctuation && !m.tags[4].after_punctuation);
}

void TestMarkup::whatOnlyLooksLikeMarkupStaysText() {
  for (const std::string text : {"Nhấn <Ctrl+Q> để thoát", "a < b và c > d", "tôi <3 bạn", "x &foo; y & z",
                                 "&#0; &#xD800; &#99999999;", "<b", "</b x>", "<a title=\"x>", "<!-- mở"}) {
    const auto m = model::parseMarkup(text);
    QVERIFY2(m.tags.empty(), text.c_str());
    QCOMPARE(m.plain, text);
  }
  QCOMPARE(model::escapeMarkup("a<b & c>d"), std::string("a&lt;b &amp; c&gt;d"));
}

void TestMarkup::tagsGoAroundTheAlignedWords() {
  auto m = model::parseMarkup("Mở <b>tập tin</b> ngay");
  QCOMPARE(model::placeMarkup(m, {"Open", "the", "file", "now"}, {{0, 0}, {1, 2}, {2, 2}, {3, 3}}),
           std::string("Open the <b>file</b> now"));
  // Reordered siblings follow their words.
  m = model::parseMarkup("<b>đỏ</b> <i>xe</i>");
  QCOMPARE(model::placeMarkup(m, {"red", "car"}, {{0, 0}, {1, 1}}), std::string("<b>red</b> <i>car</i>"));
  QCOMPARE(model::placeMarkup(m, {"car", "red"}, {{0, 1}, {1, 0}}), std::string("<i>car</i> <b>red</b>"));
  // Words between the ends of an element's range are inside it.
  m = model::parseMarkup("<b>tập tin cấu hình</b> đã mất");
  QCOMPARE(model::placeMarkup(m, {"configuration", "file", "lost"}, {{3, 0}, {0, 1}, {5, 2}}),
           std::string("<b>configuration file</b> lost"));
  // The translation is escaped; the source's attributes stay as written.
  m = model::parseMarkup("<a href=\"?a&amp;b\">a &lt; b</a>");
  QCOMPARE(model::placeMarkup(m, {"a", "<", "b"}, {{0, 0}, {1, 1}, {2, 2}}),
           std::string("<a href=\"?a&amp;b\">a &lt; b</a>"));
}

void TestMarkup::nestingPunctuationAndEmptyElementsHold() {
  // An element holds the words between its first and last; one inside another stays inside.
  auto m = model::parseMarkup("<b>lưu <i>mật khẩu</i></b> ngay");
  QCOMPARE(model::placeMarkup(m, {"save", "now", "password"}, {{0, 0}, {3, 1}, {1, 2}}),
           std::string("<b>save now <i>password</i></b>"));
  // Elements beside each other whose words interleave stay beside each other.
  m = model::parseMarkup("<b>a b</b> <i>c</i>");
  QCOMPARE(model::placeMarkup(m, {"A", "C", "B"}, {{0, 0}, {2, 1}, {1, 2}}), std::string("<b>A C B</b><i></i>"));
  // The close goes before the translation's punctuation unless the source's held it.
  m = model::parseMarkup("Không tìm thấy <b>tập tin</b>.");
  QCOMPARE(model::placeMarkup(m, {"File", "not", "found."}, {{3, 0}, {0, 1}, {2, 2}, {4, 0}}),
           std::string("<b>File</b> not found."));
  QCOMPARE(model::placeMarkup(m, {"Not", "found", "file."}, {{0, 0}, {2, 1}, {3, 2}}),
           std::string("Not found <b>file</b>."));
  m = model::parseMarkup("Không tìm thấy <b>tập tin.</b>");
  QCOMPARE(model::placeMarkup(m, {"Not", "found", "file."}, {{0, 0}, {2, 1}, {3, 2}}),
           std::string("Not found <b>file.</b>"));
  // A reference's ';' is no punctuation: the close never goes inside "&gt;" (nor "&amp;").
  m = model::parseMarkup("<b>định dạng &lt;giá trị&gt;</b>");
  QCOMPARE(model::placeMarkup(m, {"format", "<value>"}, {{0, 0}, {1, 0}, {2, 1}, {3, 1}}),
           std::string("<b>format &lt;value&gt;</b>"));
  QCOMPARE(model::placeMarkup(m, {"format", "<value>."}, {{0, 0}, {1, 0}, {2, 1}, {3, 1}}),
           std::string("<b>format &lt;value&gt;</b>."));
  QCOMPARE(model::placeMarkup(m, {"R&"}, {{0, 0}}), std::string("<b>R&amp;</b>"));
  // An element whose words have no counterpart stays, empty, where its neighbours went.
  m = model::parseMarkup("Lỗi: <b>xyz</b> sai");
  QCOMPARE(model::placeMarkup(m, {"Error:", "wrong"}, {{0, 0}, {2, 1}}), std::string("Error:<b></b> wrong"));
  // A lone tag keeps its spaces.
  m = model::parseMarkup("một<br>hai <!-- c --> ba");
  QCOMPARE(model::placeMarkup(m, {"one", "two", "three"}, {{0, 0}, {1, 1}, {2, 2}}),
           std::string("one<br>two <!-- c --> three"));
  // No words at all: every tag still there.
  m = model::parseMarkup("<p><b>x</b></p>");
  QCOMPARE(model::placeMarkup(m, {}, {}), std::string("<p><b></b></p>"));
}

void TestMarkup::randomMarkupStaysWellFormedAndWhole() {
  std::mt19937 rng(7);
  const std::vector<std::string> names{"b", "i", "a", "span"};
  for (int round = 0; round < 400; ++round) {
    // Random nested markup over numbered words, with lone <br/>s and stray tags.
    std::string text;
    std::vector<std::string> open;
    std::set<std::string> lone;
    const int n = 1 + int(rng() % 9);
    for (int w = 0; w < n; ++w) {
      while (rng() % 3 == 0) {
        const auto& name = names[rng() % names.size()];
        text += "<" + name + ">";
        open.push_back(name);
      }
      if (rng() % 7 == 0) text += rng() % 2 ? "<br/>" : " <br/> ";
      if (rng() % 11 == 0) {
        text += "</u>";
        lone.insert("</u>");
      }
      text += "w" + std::to_string(w) + (rng() % 5 == 0 ? "." : "");
      while (!open.empty() && rng() % 3 == 0) {
        text += "</" + open.back() + ">";
        open.pop_back();
      }
      text += " ";
    }
    while (!open.empty()) {
      text += "</" + open.back() + ">";
      open.pop_back();
    }
    lone.insert("<br/>");
    const auto m = model::parseMarkup(text);
    // A translation of random length, each of its words linked to a random source word (or none).
    std::vector<std::string> target;
    Links links;
    const int tn = int(rng() % 10);
    for (int t = 0; t < tn; ++t) {
      target.push_back("t" + std::to_string(t) + (rng() % 4 == 0 ? "," : ""));
      if (rng() % 5 != 0) links.emplace_back(int(rng() % m.words.size()), t);
    }
    const std::string placed = model::placeMarkup(m, target, links);
    const auto before = scan(text, lone), after = scan(placed, lone);
    QVERIFY2(after.nested, (text + " -> " + placed).c_str());
    auto a = before.tags, b = after.tags;
    std::sort(a.begin(), a.end());
    std::sort(b.begin(), b.end());
    QVERIFY2(a == b, (text + " -> " + placed).c_str());  // every tag once
    QVERIFY2(words(after.words) == target, (text + " -> " + placed).c_str());
  }
}

STUDIO_TEST_MAIN(TestMarkup)
#include "tst_markup.moc"
