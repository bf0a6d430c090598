// Paragraphs into sentences and back (model/data/SentenceSplitter), and
// sentences too long for the model cut into parts that fit, translated and
// joined without losing a word (model/decoding/TextTranslation); whole text
// files translated line for line (model/decoding/DocumentTranslation).

#include <torch/torch.h>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest/QtTest>

#include "common/SuiteMain.h"
#include "common/TestUtil.h"
#include "model/data/SentenceSplitter.h"
#include "model/data/Text.h"
#include "model/data/TmxFile.h"
#include "model/data/Tokenizer.h"
#include "model/decoding/DocumentTranslation.h"
#include "model/decoding/TextTranslation.h"

using namespace studio;
using data::SplitMode;

namespace {

QStringList texts(std::string_view paragraph, SplitMode mode = SplitMode::Sentences) {
  QStringList out;
  for (const auto& s : data::splitSentences(paragraph, mode)) out << QString::fromStdString(s.text);
  return out;
}

QStringList separators(std::string_view paragraph) {
  QStringList out;
  for (const auto& s : data::splitSentences(paragraph)) out << QString::fromStdString(s.separator);
  return out;
}

int64_t wordsIn(std::string_view text) { return int64_t(data::wordCount(text)); }

}  // namespace

class TestSentences : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void aParagraphOfThreeSentencesIsThree() {
    QCOMPARE(texts("Mở tập tin. Lưu tập tin! Đóng cửa sổ?"),
             QStringList({"Mở tập tin.", "Lưu tập tin!", "Đóng cửa sổ?"}));
    QCOMPARE(texts("Không tìm thấy đĩa.  Đang thử lại…\tXong."),
             QStringList({"Không tìm thấy đĩa.", "Đang thử lại…", "Xong."}));
    QCOMPARE(texts("Thật sao?! Ừ. Được..."), QStringList({"Thật sao?!", "Ừ.", "Được..."}));
    QCOMPARE(texts(""), QStringList());
    QCOMPARE(texts("  \n \n"), QStringList());
    QCOMPARE(texts("Không có dấu chấm"), QStringList({"Không có dấu chấm"}));
  }

  // Wrapped text: a line break is a space, a blank line (or one of spaces)
  // ends a paragraph; each sentence's bytes are still where it stood.
  void wrappedLinesJoinIntoParagraphs() {
    const std::string text =
        "Không thể mở tập tin cấu hình vì\nnó không tồn tại. Hãy kiểm tra\r\nlại đường dẫn.\n\n \nĐang "
        "tải\nxuống.";
    QCOMPARE(texts(text, SplitMode::Paragraphs),
             QStringList({"Không thể mở tập tin cấu hình vì nó không tồn tại.", "Hãy kiểm tra lại đường dẫn.",
                          "Đang tải xuống."}));
    const auto sentences = data::splitSentences(text, SplitMode::Paragraphs);
    QCOMPARE(sentences[0].separator, std::string());
    QCOMPARE(sentences[1].separator, std::string(" "));
    QCOMPARE(sentences[2].separator, std::string("\n\n\n"));  // the paragraph's end and two blank lines
    for (const auto& sentence : sentences)
      QCOMPARE(data::normalizeWhitespace(
                   std::string_view(text).substr(sentence.begin, sentence.end - sentence.begin)),
               sentence.text);
    QCOMPARE(QString::fromStdString(data::joinSentences(sentences, {"A.", "B.", "C."})),
             QString("A. B.\n\n\nC."));
    // The same text with every line break a boundary, as before.
    QCOMPARE(texts(text).size(), 6);
    // One line, or no line break at all: as Sentences.
    QCOMPARE(texts("Mở tập tin. Đóng cửa sổ.", SplitMode::Paragraphs), texts("Mở tập tin. Đóng cửa sổ."));
    QCOMPARE(texts("", SplitMode::Paragraphs), QStringList());
    QCOMPARE(texts("\n \n\n", SplitMode::Paragraphs), QStringList());
    QCOMPARE(texts("Mở\ntập tin\n", SplitMode::Paragraphs), QStringList({"Mở tập tin"}));

    // The marks of wrapped text: a line that does not end a sentence, the next going on in lowercase.
    // "vì / nó", "tra / lại" (\r\n); not "tải / xuống": "Đang tải" is a short line, "xuống." would have
    // fitted
    QCOMPARE(data::breaksInsideSentences(text), size_t(2));
    QCOMPARE(data::breaksInsideSentences("Mở tập tin.\nđóng cửa sổ"), size_t(0));
    QCOMPARE(data::breaksInsideSentences("Mở tập tin\nĐóng cửa sổ\n\nmở"), size_t(0));
    QCOMPARE(data::breaksInsideSentences("số 3,\n  và số 4\nđược"), size_t(2));
    QCOMPARE(data::breaksInsideSentences("Xong: \nmở tiếp"), size_t(0));
    QCOMPARE(data::breaksInsideSentences(""), size_t(0));
    QCOMPARE(data::breaksInsideSentences("một dòng"), size_t(0));
    // A list of one message a line (a catalog): some go on in lowercase after
    // a line that does not end a sentence, but those lines are short, and
    // the few that are full are not a tenth of the breaks.
    std::string catalog;
    for (int i = 0; i < 5; ++i)
      catalog += "Không thể mở tập tin cấu hình của trình quản lý gói " + std::to_string(i) +
                 "\nMở tập tin\n" + "Lưu\nlưu tất cả\n";
    QCOMPARE(data::breaksInsideSentences(catalog), size_t(0));
    catalog += "Không thể mở tập tin cấu hình của trình quản lý gói\nvì nó không tồn tại\n";  // a full one
    QCOMPARE(data::breaksInsideSentences(catalog), size_t(0));                                // 1 in 21
    // A paragraph wrapped as a mail client does (at 36 characters).
    const std::string wrapped_mail =
        "Không thể mở tập tin cấu hình vì nó\n"  // 35 + 1 + "không" > 36 * 9 / 10
        "không tồn tại trên máy này. Hãy kiểm\n"
        "tra lại đường dẫn rồi thử lại, hoặc\n"
        "tạo một tập tin mới.";
    QCOMPARE(data::breaksInsideSentences(wrapped_mail), size_t(3));
  }

  void numbersUrlsAddressesAndFileNamesStayWhole() {
    QCOMPARE(texts("Phiên bản 3.14 có tại https://example.com/a.b?x=1. Hãy gửi thư cho apt@packages.debian.org. "
                   "Mở tập tin config.txt rồi lưu."),
             QStringList({"Phiên bản 3.14 có tại https://example.com/a.b?x=1.",
                          "Hãy gửi thư cho apt@packages.debian.org.", "Mở tập tin config.txt rồi lưu."}));
    QCOMPARE(texts("Giá 1.000.000 đồng, tức 1,5 triệu."), QStringList({"Giá 1.000.000 đồng, tức 1,5 triệu."}));
    QCOMPARE(texts("Chạy ./configure.sh --prefix=/usr trước."), QStringList({"Chạy ./configure.sh --prefix=/usr trước."}));
  }

  void placeholdersAndTagsStayWhole() {
    QCOMPARE(texts("Không thể mở {file.name}. Lỗi %s. Thử lại."),
             QStringList({"Không thể mở {file.name}.", "Lỗi %s.", "Thử lại."}));
    QCOMPARE(texts("Giá trị {Đã xong. Tiếp} giữ nguyên."), QStringList({"Giá trị {Đã xong. Tiếp} giữ nguyên."}));
    QCOMPARE(texts("Bấm <a href=\"x. Y\">vào đây</a> nhé."), QStringList({"Bấm <a href=\"x. Y\">vào đây</a> nhé."}));
    QCOMPARE(texts("Tỉ lệ %.2f%% đã xong. Đang chép %d tập tin…"),
             QStringList({"Tỉ lệ %.2f%% đã xong.", "Đang chép %d tập tin…"}));
  }

  void abbreviationsInitialsAndEnumeratorsDoNotEndASentence() {
    QCOMPARE(texts("TP. Hồ Chí Minh là thành phố lớn nhất."), QStringList({"TP. Hồ Chí Minh là thành phố lớn nhất."}));
    QCOMPARE(texts("Ông Nguyễn V. An và TS. Lê Bình đã đến."), QStringList({"Ông Nguyễn V. An và TS. Lê Bình đã đến."}));
    QCOMPARE(texts("1. Mở tập tin"), QStringList({"1. Mở tập tin"}));
    QCOMPARE(texts("b. Đóng cửa sổ"), QStringList({"b. Đóng cửa sổ"}));
    QCOMPARE(texts("Ừ. Được rồi."), QStringList({"Ừ.", "Được rồi."}));  // a one-letter word, not an initial
    QCOMPARE(texts("Có 2 tập tin. 3 tập tin khác bị lỗi."), QStringList({"Có 2 tập tin.", "3 tập tin khác bị lỗi."}));
    QCOMPARE(texts("Đang tải... vui lòng chờ."), QStringList({"Đang tải... vui lòng chờ."}));
    QCOMPARE(texts("Đang tải... Vui lòng chờ."), QStringList({"Đang tải...", "Vui lòng chờ."}));
    QCOMPARE(texts("Xem e.g. Hình 3 ở trên."), QStringList({"Xem e.g. Hình 3 ở trên."}));
    // A lowercase Vietnamese letter after the stop (ă, đ, ơ, ư) continues it.
    QCOMPARE(texts("Đã chép v.v. đến thư mục."), QStringList({"Đã chép v.v. đến thư mục."}));
    QCOMPARE(texts("Lỗi. Đĩa đầy. Ưu tiên thấp. Ơn trời."),
             QStringList({"Lỗi.", "Đĩa đầy.", "Ưu tiên thấp.", "Ơn trời."}));
  }

  void closingQuotesStayWithTheirSentence() {
    QCOMPARE(texts("Anh nói: “Xong rồi.” Sau đó anh đi."), QStringList({"Anh nói: “Xong rồi.”", "Sau đó anh đi."}));
    QCOMPARE(texts("(Tùy chọn.) Bấm \"Lưu.\" Xong."), QStringList({"(Tùy chọn.)", "Bấm \"Lưu.\"", "Xong."}));
    QCOMPARE(texts("Chị hỏi: “Thật không?” rồi cười."), QStringList({"Chị hỏi: “Thật không?” rồi cười."}));
  }

  void lineBreaksSplitAndAreKept() {
    const std::string text = "Dòng một\r\nDòng hai. Câu ba.\n\n\nĐoạn mới";
    QCOMPARE(texts(text), QStringList({"Dòng một", "Dòng hai.", "Câu ba.", "Đoạn mới"}));
    QCOMPARE(separators(text), QStringList({"", "\n", " ", "\n\n\n"}));
    const auto sentences = data::splitSentences(text);
    QCOMPARE(text.substr(sentences[2].begin, sentences[2].end - sentences[2].begin), std::string("Câu ba."));
    QCOMPARE(text.substr(sentences[3].begin, sentences[3].end - sentences[3].begin), std::string("Đoạn mới"));
    QCOMPARE(QString::fromStdString(data::joinSentences(sentences, {"Line one", "Line two.", "Three.", "New paragraph"})),
             QString("Line one\nLine two. Three.\n\n\nNew paragraph"));
    // One sentence a line: the stops inside a line do not split.
    QCOMPARE(texts("Một. Hai.\nBa", SplitMode::Lines), QStringList({"Một. Hai.", "Ba"}));
  }

  void aLongSentenceIsCutAtClausesThenWordsThenCharacters() {
    // Counted in words: clauses of 3 words, at most 7 a part.
    const std::string sentence = "một hai ba, bốn năm sáu; bảy tám chín: mười một hai – ba bốn năm";
    auto fitted = data::fitSentence(sentence, 7, wordsIn);
    QVERIFY(fitted.at_clauses);
    QCOMPARE(fitted.parts, (std::vector<std::string>{"một hai ba, bốn năm sáu;", "bảy tám chín: mười một hai",
                                                     "– ba bốn năm"}));
    // A clause of 9 words with at most 4 a part: cut between words.
    fitted = data::fitSentence("a b c d e f g h i, j", 4, wordsIn);
    QVERIFY(!fitted.at_clauses);
    QCOMPARE(fitted.parts, (std::vector<std::string>{"a b c d", "e f g h", "i, j"}));
    // A word of 10 characters counted by bytes, at most 4: between characters.
    const auto bytes = [](std::string_view s) { return int64_t(s.size()); };
    fitted = data::fitSentence("abcdefghij", 4, bytes);
    QCOMPARE(fitted.parts, (std::vector<std::string>{"abcd", "efgh", "ij"}));
    // Never half a UTF-8 character, even when one does not fit.
    fitted = data::fitSentence("đđđ", 1, bytes);
    QCOMPARE(fitted.parts, (std::vector<std::string>{"đ", "đ", "đ"}));
    // Short enough: as it is.
    QCOMPARE(data::fitSentence("ngắn thôi", 7, wordsIn).parts, std::vector<std::string>{"ngắn thôi"});
  }

  void longTextsAreTranslatedWholeInPartsWithANotice() {
    QTemporaryDir dir;
    const auto data_dir = test::prepareNumberedCorpus(dir.path().toStdString(), {"mở tập tin", "đóng cửa sổ"},
                                                      {"open file", "close window"}, 200, 60);
    auto tokenizer = std::make_shared<const data::Tokenizer>(data_dir + "/spm.model");
    auto options = test::smallOptions();
    options.vocab_size = tokenizer->vocabSize();
    options.max_length = 16;  // 15 source pieces a segment
    torch::manual_seed(1);
    model::Translator translator(model::Transformer(options), tokenizer, torch::kCPU);

    // About 10,000 characters: sentences, one of them far too long, then a
    // second paragraph; no character may be lost.
    std::string paragraph;
    for (int i = 0; paragraph.size() < 9000; ++i) paragraph += (i ? "mở tập tin số " : "Mở tập tin số ") + std::to_string(i) + ", ";
    const std::string text = "Đóng cửa sổ. " + paragraph + "đóng cửa sổ.\n\nMở tập tin 7.";
    const auto segmented = model::segmentText(translator, text);
    QCOMPARE(segmented.sentences, size_t(3));
    QCOMPARE(segmented.notices.size(), size_t(1));
    QVERIFY2(QString::fromStdString(segmented.notices[0]).contains("sentence 2"), segmented.notices[0].c_str());
    QVERIFY(QString::fromStdString(segmented.notices[0]).contains("at clause boundaries"));
    std::string rejoined;
    for (const auto& segment : segmented.segments) {
      QVERIFY2(int64_t(tokenizer->encode(segment.text).size()) <= 15, segment.text.c_str());
      // What the model sees is what we gave it: nothing cut by encodeSource.
      QCOMPARE(translator.encodeSource(segment.text).size(), tokenizer->encode(segment.text).size() + 1);
      rejoined += segment.separator + segment.text;
    }
    QCOMPARE(QString::fromStdString(rejoined), QString::fromStdString("Đóng cửa sổ. " +
                                                                     data::normalizeWhitespace(paragraph) +
                                                                     " đóng cửa sổ.\n\nMở tập tin 7."));
    QVERIFY(segmented.segments.size() > 100);
    // The cursor in the second paragraph: its sentence, the last segment.
    QCOMPARE(segmented.segmentAt(text.size() - 3), segmented.segments.size() - 1);
    QCOMPARE(segmented.segmentAt(0), size_t(0));
    QCOMPARE(segmented.segmentAt(text.find("số 300")), size_t(1));  // a long sentence: its first part

    model::DecodingOptions decoding;
    decoding.beam_size = 2;
    decoding.nbest = 2;
    decoding.max_length_extra = 2;
    const auto result = model::translateTexts(translator, {text, "", "Mở tập tin."}, decoding);
    QCOMPARE(result.size(), size_t(3));
    QCOMPARE(result[0].segments.size(), segmented.segments.size());
    for (const auto& list : result[0].segments) QCOMPARE(list.size(), size_t(2));
    // The joined text keeps the blank line between the paragraphs, and its
    // pieces are every segment's.
    const auto best = result[0].joined(0);
    QVERIFY(QString::fromStdString(best.text).contains("\n\n"));
    size_t pieces = 0;
    for (const auto& list : result[0].segments) pieces += list[0].pieces.size();
    QCOMPARE(best.pieces.size(), pieces);
    QVERIFY(best.probabilities.size() == pieces || best.probabilities.size() == pieces + 1);
    QCOMPARE(result[1].segments.size(), size_t(0));
    QCOMPARE(QString::fromStdString(result[1].text()), QString());
    QCOMPARE(result[2].segments.size(), size_t(1));
    QCOMPARE(result[2].text(), result[2].segments[0][0].text);

    // With a memo, a paragraph translated again decodes only what changed.
    model::TranslationMemo memo;
    size_t decoded = 0;
    auto count = [&](size_t, size_t total) { decoded = total; };
    const std::string three = "Mở tập tin. Đóng cửa sổ.\nMở tập tin 3.";
    const auto first = model::translateTexts(translator, {three}, decoding, SplitMode::Sentences, 4096, count, false, &memo);
    QCOMPARE(decoded, size_t(3));
    decoded = 0;
    const auto again = model::translateTexts(translator, {three + " Đóng cửa sổ 4."}, decoding, SplitMode::Sentences,
                                             4096, count, false, &memo);
    QCOMPARE(decoded, size_t(1));
    QCOMPARE(again[0].segments.size(), size_t(4));
    QCOMPARE(again[0].segments[2][0].text, first[0].segments[2][0].text);
    QCOMPARE(QString::fromStdString(again[0].text()).count('\n'), 1);

    // A sentence that comes again, in the same text or another, is decoded
    // once and its copies get the same hypotheses; a forced prefix's first
    // sentence is not a copy of the same sentence unforced.
    decoded = 0;
    const std::vector<std::string> repeated = {"Mở tập tin 5. Mở tập tin 5.", "Mở tập tin 5.",
                                               "Đóng cửa sổ 6.", "Đóng cửa sổ 6. Mở tập tin 5."};
    const auto once =
        model::translateTexts(translator, repeated, decoding, SplitMode::Sentences, 4096, count);
    QCOMPARE(decoded, size_t(2));
    const auto alone = model::translateTexts(translator, {"Mở tập tin 5.", "Đóng cửa sổ 6."}, decoding);
    auto same = [](const std::vector<model::Translation>& a, const std::vector<model::Translation>& b) {
      if (a.size() != b.size()) return false;
      for (size_t i = 0; i < a.size(); ++i)
        if (a[i].ids != b[i].ids || a[i].score != b[i].score || a[i].probabilities != b[i].probabilities)
          return false;
      return true;
    };
    for (const auto& [text, segment, expected] : std::vector<std::tuple<int, int, int>>{
             {0, 0, 0}, {0, 1, 0}, {1, 0, 0}, {2, 0, 1}, {3, 0, 1}, {3, 1, 0}})
      QVERIFY2(same(once[text].segments[segment], alone[expected].segments[0]),
               qPrintable(QString("text %1 segment %2").arg(text).arg(segment)));
    model::DecodingOptions forced = decoding;
    forced.prefix = {5};
    decoded = 0;
    const auto prefixed = model::translateTexts(translator, {"Mở tập tin 5.", "Mở tập tin 5."}, forced,
                                                SplitMode::Sentences, 4096, count);
    QCOMPARE(decoded, size_t(2));  // a prefix applies to each text's first sentence, decoded each time
    QVERIFY(same(prefixed[0].segments[0], prefixed[1].segments[0]));
  }

  // A text file: read as lines with its line ends and byte order mark
  // noted, each line translated as translateTexts translates it alone,
  // written back with the same ends; bad files named by file and line;
  // stopping between batches throws and returns nothing.
  void aFileIsTranslatedLineForLine() {
    QTemporaryDir dir;
    const auto data_dir = test::prepareNumberedCorpus(dir.path().toStdString(), {"mở tập tin", "đóng cửa sổ"},
                                                      {"open file", "close window"}, 200, 60);
    auto tokenizer = std::make_shared<const data::Tokenizer>(data_dir + "/spm.model");
    auto options = test::smallOptions();
    options.vocab_size = tokenizer->vocabSize();
    options.max_length = 16;
    torch::manual_seed(2);
    model::Translator translator(model::Transformer(options), tokenizer, torch::kCPU);
    auto write = [&](const char* name, const std::string& bytes) {
      const QString path = dir.filePath(name);
      QFile file(path);
      if (!file.open(QIODevice::WriteOnly) ||
          file.write(bytes.data(), qint64(bytes.size())) != qint64(bytes.size()))
        qFatal("cannot write %s", qPrintable(path));
      return path.toStdString();
    };
    auto read = [](const std::string& path) {
      QFile file(QString::fromStdString(path));
      return file.open(QIODevice::ReadOnly) ? file.readAll().toStdString() : std::string("(missing)");
    };

    // Byte order mark, CRLF, an empty line, two sentences on a line, a line
    // too long for the model, extra spaces, no line break at the end.
    std::string long_line;
    for (int i = 0; i < 12; ++i) long_line += "mở tập tin số " + std::to_string(i) + ", ";
    const std::vector<std::string> lines{"Mở tập tin số 3.", "", "Đóng cửa sổ.  Mở tập tin 5.",
                                         long_line + "xong", "  đóng   cửa sổ 9 "};
    std::string bytes = "\xEF\xBB\xBF";
    for (size_t i = 0; i < lines.size(); ++i) bytes += lines[i] + (i + 1 < lines.size() ? "\r\n" : "");
    const auto input = write("in.vi.txt", bytes);
    const auto document = model::readTextDocument(input);
    QVERIFY(document.bom && document.crlf && !document.final_newline);
    QCOMPARE(document.lines, lines);
    QCOMPARE(document.text(), bytes);  // nothing of the file's form lost

    model::DecodingOptions decoding;
    decoding.beam_size = 2;
    decoding.max_length_extra = 2;
    size_t calls = 0, last_done = 0, last_total = 0;
    const auto result = model::translateDocument(
        translator, document, decoding, SplitMode::Sentences,
        [&](size_t done, size_t total) { ++calls, last_done = done, last_total = total; });
    QCOMPARE(result.lines.size(), lines.size());
    QCOMPARE(result.translation.lines.size(), lines.size());
    QVERIFY(calls >= 1);
    QCOMPARE(last_done, last_total);
    size_t segments = 0;
    for (size_t i = 0; i < lines.size(); ++i) {
      const auto alone =
          model::translateTexts(translator, {data::normalizeWhitespace(lines[i])}, decoding).at(0);
      QCOMPARE(result.translation.lines[i], alone.text());
      QCOMPARE(result.lines[i].source.segments.size(), alone.source.segments.size());
      segments += alone.source.segments.size();
    }
    QCOMPARE(result.segments, segments);
    QCOMPARE(last_total, segments);
    QCOMPARE(result.translation.lines[1], std::string());
    QCOMPARE(result.notices.size(), size_t(1));
    QVERIFY2(QString::fromStdString(result.notices[0]).startsWith("line 4: sentence 1 "),
             result.notices[0].c_str());
    const auto output = dir.filePath("out.en.txt").toStdString();
    model::writeTextDocument(output, result.translation);
    std::string expected = "\xEF\xBB\xBF";
    for (size_t i = 0; i < lines.size(); ++i)
      expected += result.translation.lines[i] + (i + 1 < lines.size() ? "\r\n" : "");
    QCOMPARE(read(output), expected);

    // As a translation memory: a unit a sentence (the one cut in parts whole
    // again), each pair once, read back by the TMX reader as the same pairs.
    auto twice = result;
    twice.lines.push_back(result.lines[0]);  // a line that recurs
    const auto units = model::memoryUnits(twice);
    QCOMPARE(units.size(), size_t(5));
    const std::vector<std::string> sentences{"Mở tập tin số 3.", "Đóng cửa sổ.", "Mở tập tin 5.",
                                             data::normalizeWhitespace(long_line + "xong"), "đóng cửa sổ 9"};
    for (size_t i = 0; i < units.size(); ++i) QCOMPARE(units[i].vietnamese, sentences[i]);
    QCOMPARE(units[0].english, result.translation.lines[0]);
    QCOMPARE(units[1].english + " " + units[2].english, result.translation.lines[2]);
    QCOMPARE(units[3].english, result.translation.lines[3]);
    const auto memory = write("memory.tmx", data::tmxDocument(units, "Attention Studio", "test"));
    data::ReadSummary summary;
    data::FilterOptions everything;  // the small model's translations are not length-filtered here
    everything.max_words = size_t(-1);
    everything.max_ratio = 1e300;
    const auto pairs = data::readTmx(memory, everything, summary);
    QCOMPARE(pairs.size(), units.size());
    for (size_t i = 0; i < units.size(); ++i) {
      QCOMPARE(pairs.src[i], units[i].vietnamese);
      QCOMPARE(pairs.tgt[i], units[i].english);
    }

    // Plain LF with a last line break; an empty file.
    const auto plain = model::readTextDocument(write("plain.txt", "a\n\nb\n"));
    QVERIFY(!plain.bom && !plain.crlf && plain.final_newline);
    QCOMPARE(plain.lines, (std::vector<std::string>{"a", "", "b"}));
    QCOMPARE(plain.text(), std::string("a\n\nb\n"));
    // Carriage returns at a line's end are not part of it, nor a last "line" of them alone.
    const auto returns = model::readTextDocument(write("returns.txt", "a\r\r\nb\n\r"));
    QCOMPARE(returns.lines, (std::vector<std::string>{"a", "b"}));
    QVERIFY(returns.crlf && returns.final_newline);
    const auto empty = model::readTextDocument(write("empty.txt", ""));
    QVERIFY(empty.lines.empty());
    QCOMPARE(model::translateDocument(translator, empty, decoding).translation.text(), std::string());

    // Paragraphs: the lines up to a blank one translated as one text, its
    // translation wrapped as wide as its longest line; blank lines kept.
    const std::vector<std::string> wrapped{"Mở tập tin số 3 rồi",
                                           "đóng cửa sổ. Mở tập",
                                           "tin 5.",
                                           "",
                                           "   ",
                                           "Đóng cửa sổ 7.",
                                           "",
                                           long_line,
                                           "xong"};
    model::TextDocument wrapped_document;
    wrapped_document.lines = wrapped;
    const auto paragraphs =
        model::translateDocument(translator, wrapped_document, decoding, SplitMode::Paragraphs);
    QCOMPARE(paragraphs.wrapped_breaks, size_t(0));  // read as paragraphs: nothing to suggest
    // The long line's last comma / "xong"; "rồi / đóng" and "tập / tin" end lines far shorter than it
    QCOMPARE(model::translateDocument(translator, wrapped_document, decoding).wrapped_breaks, size_t(1));
    QCOMPARE(paragraphs.lines.size(),
             size_t(6));  // a paragraph, two blank lines, a line, a blank one, a paragraph
    const auto first =
        model::translateTexts(translator, {"Mở tập tin số 3 rồi đóng cửa sổ. Mở tập tin 5."}, decoding).at(0);
    QCOMPARE(paragraphs.lines[0].source.segments.size(), first.source.segments.size());
    qsizetype width = 0;  // in characters
    for (int i = 0; i < 3; ++i) width = std::max(width, QString::fromStdString(wrapped[i]).size());
    QCOMPARE(width, qsizetype(19));
    const auto& out = paragraphs.translation.lines;
    // The first paragraph's lines, up to the first blank one, give its translation again.
    size_t at = 0;
    std::string joined;
    for (; at < out.size() && !out[at].empty(); ++at) {
      joined += (joined.empty() ? "" : " ") + out[at];
      const auto words = QString::fromStdString(out[at]).split(' ');
      QVERIFY2(QString::fromStdString(out[at]).size() <= width || words.size() == 1, out[at].c_str());
      if (at > 0)  // no line could have held the next one's first word
        QVERIFY(QString::fromStdString(out[at - 1]).size() + 1 + words[0].size() > width);
    }
    QCOMPARE(joined, first.text());
    QVERIFY2(at >= 2, joined.c_str());  // the translation was long enough to wrap
    QCOMPARE(out.at(at), std::string());
    QCOMPARE(out.at(at + 1), std::string());
    QCOMPARE(out.at(at + 2), model::translateTexts(translator, {"Đóng cửa sổ 7."}, decoding).at(0).text());
    QCOMPARE(out.at(at + 3), std::string());
    std::string last;  // the long paragraph: wrapped at its long line's width, the same words
    for (size_t i = at + 4; i < out.size(); ++i) last += (last.empty() ? "" : " ") + out[i];
    QCOMPARE(last, model::translateTexts(translator, {long_line + " xong"}, decoding).at(0).text());
    QCOMPARE(paragraphs.notices.size(), first.source.notices.size() + 1);
    for (size_t i = 0; i < first.source.notices.size(); ++i)
      QCOMPARE(paragraphs.notices[i], "lines 1-3: " + first.source.notices[i]);
    QVERIFY2(QString::fromStdString(paragraphs.notices.back()).startsWith("lines 8-9: sentence 1 "),
             paragraphs.notices.back().c_str());

    // Bad files: the file and line named.
    auto error = [](const std::function<void()>& f) {
      try {
        f();
      } catch (const std::exception& e) {
        return QString::fromUtf8(e.what());
      }
      return QString("(no error)");
    };
    const auto bad = write("bad.txt", "Mở tập tin\nĐóng \xC3 cửa sổ\n");
    QCOMPARE(error([&] { model::readTextDocument(bad); }),
             QString::fromStdString(bad + " line 2 is not valid UTF-8"));
    const auto binary = write("binary.txt", std::string("ab\ncd\0ef\n", 9));
    QVERIFY(error([&] { model::readTextDocument(binary); }).contains("binary.txt line 2 holds a NUL byte"));

    // UTF-16 with its byte order mark (Windows' "Unicode" text), either byte
    // order: read as the same lines, written back in UTF-16 byte for byte; a
    // character outside the BMP (a surrogate pair) kept.
    const std::vector<std::string> utf16_lines{"Mở tập tin số 3.", "", "Đóng cửa sổ 𝄞."};
    for (const bool big_endian : {false, true}) {
      const QString joined =
          QString::fromStdString(utf16_lines[0] + "\r\n" + utf16_lines[1] + "\r\n" + utf16_lines[2] + "\r\n");
      std::string encoded = big_endian ? "\xFE\xFF" : "\xFF\xFE";
      for (const char16_t unit : joined.toStdU16String()) {
        const char high = char(unit >> 8), low = char(unit & 0xFF);
        encoded += big_endian ? high : low;
        encoded += big_endian ? low : high;
      }
      const auto path = write(big_endian ? "be.txt" : "le.txt", encoded);
      const auto utf16 = model::readTextDocument(path);
      QCOMPARE(utf16.lines, utf16_lines);
      QVERIFY(utf16.bom && utf16.crlf && utf16.final_newline);
      QCOMPARE(int(utf16.encoding), int(big_endian ? model::TextDocument::Encoding::Utf16BE
                                                   : model::TextDocument::Encoding::Utf16LE));
      QCOMPARE(utf16.text(), encoded);
      const auto translated = model::translateDocument(translator, utf16, decoding);
      QCOMPARE(int(translated.translation.encoding), int(utf16.encoding));
      const auto written = dir.filePath(big_endian ? "be.en.txt" : "le.en.txt").toStdString();
      model::writeTextDocument(written, translated.translation);
      QCOMPARE(model::readTextDocument(written).lines, translated.translation.lines);
      QVERIFY(read(written).rfind(big_endian ? "\xFE\xFF" : "\xFF\xFE", 0) == 0);
      QCOMPARE(translated.translation.lines[0],
               model::translateTexts(translator, {utf16_lines[0]}, decoding).at(0).text());
    }
    // Broken UTF-16: half a character at the end, an unpaired surrogate; the line named.
    const auto odd = write("odd.txt", std::string("\xFF\xFE"
                                                  "a\0\n\0b\0c",
                                                  9));
    QCOMPARE(error([&] { model::readTextDocument(odd); }),
             QString::fromStdString(odd + " line 2 is not valid UTF-16: it ends in half a character (an odd "
                                          "number of bytes)"));
    const auto unpaired = write("unpaired.txt", std::string("\xFF\xFE"
                                                            "a\0\n\0\n\0\x00\xD8x\0",
                                                            12));
    QCOMPARE(error([&] { model::readTextDocument(unpaired); }),
             QString::fromStdString(unpaired +
                                    " line 3 is not valid UTF-16: a high surrogate without its low one"));
    QVERIFY(error([&] {
              model::readTextDocument(dir.filePath("none.txt").toStdString());
            }).contains("cannot read"));
    QVERIFY(error([&] { model::readTextDocument(dir.path().toStdString()); }).contains("is a folder"));
    // Never over the input, by any of its names.
    QVERIFY(error([&] {
              model::checkDistinctFiles(input, dir.filePath("./in.vi.txt").toStdString());
            }).contains("would replace its source"));
    QVERIFY(QFile::link(QString::fromStdString(input), dir.filePath("link.txt")));
    QVERIFY(error([&] {
              model::checkDistinctFiles(input, dir.filePath("link.txt").toStdString());
            }).contains("would replace its source"));
    QCOMPARE(error([&] { model::checkDistinctFiles(input, output); }), QString("(no error)"));
    QCOMPARE(error([&] { model::checkDistinctFiles(input, dir.filePath("new/out.txt").toStdString()); }),
             QString("(no error)"));

    // Stopping: asked before the first batch, or after one of several.
    QVERIFY(error([&] {
              model::translateDocument(translator, document, decoding, SplitMode::Sentences, nullptr,
                                       [] { return true; });
            }).contains("stopped"));
    model::TextDocument many;
    for (int i = 0; i < 600; ++i) many.lines.push_back("mở tập tin số " + std::to_string(i));
    size_t batches = 0, asked = 0;
    bool stopped = false;
    try {
      model::translateDocument(
          translator, many, decoding, SplitMode::Sentences, [&](size_t, size_t) { ++batches; },
          [&] { return ++asked > 1; });
    } catch (const model::TranslationStopped&) {
      stopped = true;
    }
    QVERIFY(stopped);
    QCOMPARE(batches, size_t(0));  // the first batch ended, and the stop was heard before its report
    QCOMPARE(asked, size_t(2));
  }
};

STUDIO_TEST_MAIN(TestSentences)
#include "tst_sentences.moc"
