// Subtitles: SubRip and WebVTT cues read as texts to translate (a cue's lines
// joined, a dialogue's lines apart with their dashes, tags as markup, codes
// and timestamps kept), and written back with each translation in place,
// numbers, timings, notes and line ends as they were; a long translation of a
// two-line cue broken over two lines again.

#include <fstream>

#include <QTemporaryDir>
#include <QtTest/QtTest>

#include "common/SuiteMain.h"
#include "common/TextLines.h"
#include "model/files/SubtitleFile.h"
#include "model/files/SubtitleSentences.h"

using namespace studio::model;

namespace {

const std::string kSubRipCues =
    "1\n"
    "00:00:01,000 --> 00:00:04,000\n"
    "<i>Không thể mở</i> tập tin {\\an8}\n"  // 3
    "cấu hình & <font color=\"red\">lưu</font> 3 < 4.\n"
    "\n"
    "2\n"
    "00:00:05,000 --> 00:00:07,500\n"
    "- Mở tập tin\n"  // 8
    "-Đóng cửa sổ\n"
    "\n"
    "3\n"
    "00:00:08,000 --> 00:00:09,000\n"
    "♪ ♪\n"
    "\n"
    "4\n"
    "00:00:10,000 --> 00:00:12,000\n"
    "- Mở\n"
    "- ♪\n"
    "\n"
    "Dòng lạc\n"  // 20: no timing line
    "\n";

const std::string kWebVttCues =
    "WEBVTT - Bài một\n"
    "\n"
    "NOTE Đây là ghi chú\n"
    "\n"
    "STYLE\n"
    "::cue { color: red }\n"
    "\n"
    "mở\n"
    "00:01.000 --> 00:04.000 align:start line:0\n"
    "<v Bob>Mở <c.yellow>tập tin</c.yellow></v> <00:02.500>ngay.\n"  // 10
    "\n"
    "00:05.000 --> 00:06.000\n"
    "Lưu &amp; đóng\n";

}  // namespace

class TestSubtitles : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void subRipCuesAreReadAsTexts();
  void subRipIsWrittenBackWithEachTranslation();
  void webVttCuesAreReadAndWrittenBack();
  void sentencesRunningOverCuesAreTranslatedWhole();
  void longTranslationsAreBrokenOverTwoLines();
  void aSubtitleFileIsKnownByItsNameOrItsFirstLines();
  void whatCannotBeReadIsRefused();
};

void TestSubtitles::subRipCuesAreReadAsTexts() {
  const auto d =
      readSubtitles(studio::test::textLines(kSubRipCues), "talk.srt", SubtitleDocument::Format::SubRip);
  QCOMPARE(d.cues.size(), size_t(4));  // not the cue of music notes alone
  const auto& first = d.cues[0];
  QCOMPARE(first.first, size_t(2));
  QCOMPARE(first.count, size_t(2));
  QCOMPARE(first.pieces.size(), size_t(1));
  // Two lines, one text: tags as written, the position code a placeholder, & < > as references.
  QCOMPARE(first.pieces[0].marked,
           std::string(
               "<i>Không thể mở</i> tập tin <x-code n=\"0\"/> cấu hình &amp; <font color=\"red\">lưu</font> "
               "3 &lt; 4."));
  QCOMPARE(first.pieces[0].codes, std::vector<std::string>{"{\\an8}"});
  // A dialogue: each line apart, its dash kept as written.
  const auto& dialogue = d.cues[1];
  QCOMPARE(dialogue.pieces.size(), size_t(2));
  QCOMPARE(dialogue.pieces[0].dash, std::string("- "));
  QCOMPARE(dialogue.pieces[0].marked, std::string("Mở tập tin"));
  QCOMPARE(dialogue.pieces[1].dash, std::string("-"));
  QCOMPARE(dialogue.pieces[1].marked, std::string("Đóng cửa sổ"));
  // A dialogue line of music notes alone is kept as written.
  QVERIFY(d.cues[2].pieces[0].letters);
  QVERIFY(!d.cues[2].pieces[1].letters);
  // Text with no timing line: translated where it stands, and said.
  QVERIFY(!d.cues[3].timed);
  QCOMPARE(d.cues[3].first, size_t(19));
  QCOMPARE(d.notices.size(), size_t(1));
  QVERIFY2(d.notices[0].rfind("line 20: text with no timing line before it", 0) == 0, d.notices[0].c_str());
  QCOMPARE(d.translatable(), size_t(5));
}

void TestSubtitles::subRipIsWrittenBackWithEachTranslation() {
  auto text = studio::test::textLines(kSubRipCues);
  text.crlf = true;
  const auto d = readSubtitles(text, "talk.srt", SubtitleDocument::Format::SubRip);
  const std::vector<std::string> translations = {
      "<i>Cannot open</i> the <x-code n=\"0\"/> settings file &amp; <font color=\"red\">save</font> 3 &lt; "
      "4.",
      "Open file", "Close window", "Open", "Stray line"};
  const auto out = writeSubtitles(d, translations);
  QVERIFY(out.crlf);
  const std::vector<std::string> expected = {
      "1", "00:00:01,000 --> 00:00:04,000",
      // SubRip's text is no markup: the references written as characters again; 70 characters over two lines
      "<i>Cannot open</i> the {\\an8} settings", "file & <font color=\"red\">save</font> 3 < 4.", "", "2",
      "00:00:05,000 --> 00:00:07,500", "- Open file", "-Close window", "", "3",
      "00:00:08,000 --> 00:00:09,000", "♪ ♪", "", "4", "00:00:10,000 --> 00:00:12,000", "- Open", "- ♪", "",
      "Stray line", ""};
  for (size_t i = 0; i < std::max(out.lines.size(), expected.size()); ++i)
    QCOMPARE(QString::fromStdString(i < out.lines.size() ? out.lines[i] : "(none)"),
             QString::fromStdString(i < expected.size() ? expected[i] : "(none)"));
  // Its own text back: the file as it was, but for the first cue's lines broken anew.
  std::vector<std::string> own;
  for (const auto& text : d.texts) own.push_back(text.marked);
  const auto same = writeSubtitles(d, own);
  QCOMPARE(same.lines.size(), text.lines.size());
  for (size_t i = 4; i < text.lines.size(); ++i) QCOMPARE(same.lines[i], text.lines[i]);
  QVERIFY_THROWS_EXCEPTION(std::invalid_argument, writeSubtitles(d, {"one"}));
}

void TestSubtitles::webVttCuesAreReadAndWrittenBack() {
  const auto d =
      readSubtitles(studio::test::textLines(kWebVttCues), "talk.vtt", SubtitleDocument::Format::WebVtt);
  QCOMPARE(d.cues.size(), size_t(2));  // not the header, the note or the style
  QCOMPARE(d.cues[0].first, size_t(9));
  QCOMPARE(d.cues[0].pieces[0].marked,
           std::string("<v Bob>Mở <c.yellow>tập tin</c.yellow></v> <x-code n=\"0\"/>ngay."));
  QCOMPARE(d.cues[0].pieces[0].codes, std::vector<std::string>{"<00:02.500>"});
  QCOMPARE(d.cues[1].pieces[0].marked, std::string("Lưu &amp; đóng"));
  const auto out = writeSubtitles(
      d, {"<v Bob>Open <c.yellow>the file</c.yellow></v> <x-code n=\"0\"/>now", "Save &amp; close"});
  // WebVTT's text is markup: written as it is.
  QCOMPARE(out.lines[9], std::string("<v Bob>Open <c.yellow>the file</c.yellow></v> <00:02.500>now"));
  QCOMPARE(out.lines[12], std::string("Save &amp; close"));
  QCOMPARE(out.lines[2], std::string("NOTE Đây là ghi chú"));
  QCOMPARE(out.lines[8], std::string("00:01.000 --> 00:04.000 align:start line:0"));
  QCOMPARE(out.lines.size(), studio::test::textLines(kWebVttCues).lines.size());
  // Text written as our placeholders are is a code of its own, kept as written.
  const auto odd = readSubtitles(
      studio::test::textLines("WEBVTT\n\n00:01.000 --> 00:02.000\nMở <x-code n=\"0\"/> tập tin.\n"),
      "odd.vtt", SubtitleDocument::Format::WebVtt);
  QCOMPARE(odd.texts.at(0).codes, std::vector<std::string>{"<x-code n=\"0\"/>"});
  QCOMPARE(writeSubtitles(odd, {"Open <x-code n=\"0\"/> file."}).lines.at(3),
           std::string("Open <x-code n=\"0\"/> file."));
}

void TestSubtitles::sentencesRunningOverCuesAreTranslatedWhole() {
  const std::string srt =
      "1\n00:00:01,000 --> 00:00:02,000\nHôm nay chúng ta sẽ học\n\n"
      "2\n00:00:02,000 --> 00:00:03,000\nvề <i>máy dịch</i>.\n\n"
      "3\n00:00:04,000 --> 00:00:05,000\nTôi nghĩ rằng...\n\n"  // "..." goes on
      "4\n00:00:05,000 --> 00:00:06,000\n...nó rất hay\n\n"
      "5\n00:00:06,000 --> 00:00:07,000\nvà hữu ích\n\n"  // three cues at most
      "6\n00:00:07,000 --> 00:00:08,000\ncho mọi người.\n\n"
      "7\n00:00:08,000 --> 00:00:09,000\n\"Xin chào.\"\n\n"  // a sentence's end inside quotes
      "8\n00:00:09,000 --> 00:00:10,000\nTạm biệt\n";
  const auto d = readSubtitles(studio::test::textLines(srt), "talk.srt", SubtitleDocument::Format::SubRip);
  QCOMPARE(d.cues.size(), size_t(8));
  QCOMPARE(d.texts.size(), size_t(5));
  QCOMPARE(d.texts[0].places.size(), size_t(2));
  QCOMPARE(d.texts[0].marked, std::string("Hôm nay chúng ta sẽ học <x-code n=\"0\"/> về <i>máy dịch</i>."));
  QCOMPARE(d.texts[0].codes, std::vector<std::string>{kSubtitleCueEdge});
  QCOMPARE(d.texts[0].line, size_t(3));
  QCOMPARE(d.texts[1].places.size(), size_t(3));
  QCOMPARE(d.texts[2].places.size(), size_t(1));
  QCOMPARE(d.texts[3].places.size(), size_t(1));
  QCOMPARE(d.texts[4].places.size(), size_t(1));
  // Shared out where the alignment placed the edge.
  auto out = writeSubtitles(d, {"Today we will learn <x-code n=\"0\"/> about <i>machine translation</i>.",
                                "I think <x-code n=\"0\"/> it is very good <x-code n=\"1\"/> and useful",
                                "for all.", "\"Hello.\"", "Goodbye"});
  QCOMPARE(out.lines[2], std::string("Today we will learn"));
  QCOMPARE(out.lines[6], std::string("about <i>machine translation</i>."));
  QCOMPARE(out.lines[10], std::string("I think"));
  QCOMPARE(out.lines[14], std::string("it is very good"));
  QCOMPARE(out.lines[18], std::string("and useful"));
  QCOMPARE(out.lines.size(), studio::test::textLines(srt).lines.size());
  // An edge beside the other (a cue with no words): shared in proportion to the source's lengths.
  out = writeSubtitles(d, {"Today <i>we</i> learn about machine translation. <x-code n=\"0\"/>",
                           "a <x-code n=\"0\"/> b "
                           "<x-code n=\"1\"/> c",
                           "x", "y", "z"});
  QCOMPARE(out.lines[2], std::string("Today <i>we</i> learn about machine"));
  QCOMPARE(out.lines[6], std::string("translation."));
  // Cues of fewer than three words (labels, exclamations) stand alone.
  const auto labels = readSubtitles(
      studio::test::textLines(
          "1\n00:00:01,000 --> 00:00:02,000\nKhóa\n\n2\n00:00:02,000 --> 00:00:03,000\nTrang cuối\n"),
      "labels.srt", SubtitleDocument::Format::SubRip);
  QCOMPARE(labels.texts.size(), size_t(2));
  // A tag open over the edge is closed in the first cue and opened again in the second.
  out = writeSubtitles(d, {"<i>Today we learn <x-code n=\"0\"/> about</i> it.",
                           "a <x-code n=\"0\"/> b <x-code n=\"1\"/> c", "x", "y", "z"});
  QCOMPARE(out.lines[2], std::string("<i>Today we learn</i>"));
  QCOMPARE(QString::fromStdString(out.lines[6]), QString("<i>about</i> it."));
}

void TestSubtitles::longTranslationsAreBrokenOverTwoLines() {
  const std::string text = "Could not find the package, you may need to update first";  // 57 characters
  QCOMPARE(subtitleLines(text, 1), std::vector<std::string>{text});  // one line in, one line out
  const auto two = subtitleLines(text, 2);
  QCOMPARE(two, (std::vector<std::string>{"Could not find the package,", "you may need to update first"}));
  QCOMPARE(subtitleLines("Short enough", 2), std::vector<std::string>{"Short enough"});
  // Tags do not count, and no break falls inside one.
  const auto tagged =
      subtitleLines("<font color=\"#ff0000\">Could not find</font> the package you need to install today", 2);
  QCOMPARE(tagged, (std::vector<std::string>{"<font color=\"#ff0000\">Could not find</font> the package",
                                             "you need to install today"}));
}

void TestSubtitles::aSubtitleFileIsKnownByItsNameOrItsFirstLines() {
  QTemporaryDir dir;
  QVERIFY(dir.isValid());
  auto write = [&](const QString& name, const std::string& bytes) {
    const std::string path = dir.filePath(name).toStdString();
    std::ofstream(path, std::ios::binary) << bytes;
    return path;
  };
  auto srt = readSubtitleFile(write("talk.srt", kSubRipCues));
  QVERIFY(srt && srt->format == SubtitleDocument::Format::SubRip);
  srt = readSubtitleFile(write("talk.txt", "\xEF\xBB\xBF" + kSubRipCues));  // by its number and timing
  QVERIFY(srt && srt->format == SubtitleDocument::Format::SubRip && srt->text.bom);
  auto vtt = readSubtitleFile(write("talk.VTT", kWebVttCues));
  QVERIFY(vtt && vtt->format == SubtitleDocument::Format::WebVtt);
  vtt = readSubtitleFile(write("captions", kWebVttCues));
  QVERIFY(vtt && vtt->format == SubtitleDocument::Format::WebVtt);
  QVERIFY(!readSubtitleFile(write("notes.txt", "12\nMở tập tin\n")));
  QVERIFY(!readSubtitleFile(write("notes2.txt", "Mở tập tin\n")));
  // In an 8-bit encoding, asked for: read as a text file is.
  srt = readSubtitleFile(write("old.srt", "1\r\n00:00:01,000 --> 00:00:02,000\r\nM\xf5\r\n"),
                         LegacyEncoding::Windows1258);
  QVERIFY(srt && srt->text.crlf && srt->cues.size() == 1);
}

void TestSubtitles::whatCannotBeReadIsRefused() {
  QTemporaryDir dir;
  QVERIFY(dir.isValid());
  const std::string path = dir.filePath("talk.vtt").toStdString();
  std::ofstream(path, std::ios::binary) << "1\n00:01.000 --> 00:02.000\nMở\n";
  try {
    readSubtitleFile(path);
    QFAIL("read");
  } catch (const std::runtime_error& e) {
    QCOMPARE(std::string(e.what()), path + " line 1: a WebVTT file starts with WEBVTT");
  }
  const std::string latin = dir.filePath("old.srt").toStdString();
  std::ofstream(latin, std::ios::binary) << "1\n00:00:01,000 --> 00:00:02,000\nM\xf5 t\xe2p tin\n";
  QVERIFY_THROWS_EXCEPTION(NotUtf8Error, readSubtitleFile(latin));
}

STUDIO_TEST_MAIN(TestSubtitles)
#include "tst_subtitles.moc"
