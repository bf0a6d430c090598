// Glossaries: the TSV file and its errors, matching terms on words, and
// constrained beam search (ConstrainedSearch.h): every term in the
// translation, in beam and greedy search, and exactly beamSearch()'s result
// when there are no terms.

#include <fstream>
#include <random>

#include <QTemporaryDir>
#include <QtTest/QtTest>
#include <torch/torch.h>

#include "common/SuiteMain.h"
#include "common/TestUtil.h"
#include "model/data/Tokenizer.h"
#include "model/decoding/ConstrainedSearch.h"
#include "model/decoding/Decoding.h"
#include "model/decoding/Glossary.h"
#include "model/decoding/Translator.h"
#include "model/decoding/Verbatim.h"

using namespace studio;

namespace {

std::string glossaryError(const std::string& text) {
  try {
    model::parseGlossary(text, "terms.tsv");
  } catch (const model::GlossaryError& e) {
    return e.what();
  }
  return "";
}

std::vector<std::string> matchedSources(const model::Glossary& g, const std::string& sentence) {
  std::vector<std::string> out;
  for (const auto& m : model::matchGlossary(g, sentence)) out.push_back(g.terms[m.term].source);
  return out;
}

// Whether `tokens` holds `term` at `start`.
bool holdsAt(const std::vector<int64_t>& tokens, const std::vector<int64_t>& term, int64_t start) {
  if (start < 0 || size_t(start) + term.size() > tokens.size()) return false;
  return std::equal(term.begin(), term.end(), tokens.begin() + start);
}

}  // namespace

class TestGlossary : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void initTestCase();
  void theFileIsReadWithItsCommentsAndBlankLines();
  void badRowsAreRefusedNamingTheLine_data();
  void badRowsAreRefusedNamingTheLine();
  void aTermbaseInTbxIsReadAsAGlossary();
  void aTermbaseThatCannotBeReadIsRefused_data();
  void aTermbaseThatCannotBeReadIsRefused();
  void termsMatchWholeWordsAsTyped();
  void withoutTermsItIsBeamSearch_data();
  void withoutTermsItIsBeamSearch();
  void everyTermIsInTheTranslation_data();
  void everyTermIsInTheTranslation();
  void theTranslatorSaysWhereEachTermLanded();
  void aTermThatEndsAWordIsNotRunOn();
  void aTermMayTakeItsOtherForm();
  void aTermBegunIsPlacedWhole();
  void verbatimTextIsKeptAsTyped();

 private:
  model::Transformer model_{nullptr};
  QTemporaryDir tmp_;
};

void TestGlossary::initTestCase() {
  torch::manual_seed(7);
  model_ = model::Transformer(test::smallOptions());
  model_->eval();
}

void TestGlossary::theFileIsReadWithItsCommentsAndBlankLines() {
  QVERIFY(tmp_.isValid());
  const std::string path = tmp_.filePath("terms.tsv").toStdString();
  std::ofstream(path) << "# software terms\n\ntập tin\tfile\r\n thư mục \t folder\n# the same again is fine\n"
                         "tập tin\tfile\n";
  const auto g = model::readGlossary(path);
  QCOMPARE(g.path, path);
  QCOMPARE(g.terms.size(), size_t(2));
  QCOMPARE(g.terms[0].source, std::string("tập tin"));
  QCOMPARE(g.terms[0].target, std::string("file"));
  QCOMPARE(g.terms[0].line, size_t(3));
  QCOMPARE(g.terms[1].source, std::string("thư mục"));  // spaces around a side do not count
  QCOMPARE(g.terms[1].target, std::string("folder"));
  try {
    model::readGlossary(tmp_.filePath("missing.tsv").toStdString());
    QFAIL("a missing glossary was read");
  } catch (const model::GlossaryError& e) {
    QVERIFY(std::string(e.what()).find("missing.tsv") != std::string::npos);
  }
}

void TestGlossary::badRowsAreRefusedNamingTheLine_data() {
  QTest::addColumn<QByteArray>("text");
  QTest::addColumn<QString>("expected");
  QTest::newRow("no tab") << QByteArray("# ok\ntập tin file\n") << "terms.tsv:2: no tab";
  QTest::newRow("two tabs") << QByteArray("tập tin\tfile\tfolder\n") << "terms.tsv:1: more than one tab";
  QTest::newRow("empty source") << QByteArray("a\tb\n\tfile\n") << "terms.tsv:2: the Vietnamese term is empty";
  QTest::newRow("empty target") << QByteArray("tập tin\t \n") << "terms.tsv:1: the English term is empty";
  QTest::newRow("punctuation only") << QByteArray("...\tdots\n") << "terms.tsv:1: the Vietnamese term has no word";
  QTest::newRow("two targets") << QByteArray("tập tin\tfile\nx\ty\ntập tin\tdocument\n")
                               << "terms.tsv:3: 'tập tin' is given twice, as 'file' (line 1) and as 'document'";
  QTest::newRow("not UTF-8") << QByteArray("ok\tfine\nt\xe1p\tfile\n") << "terms.tsv:2: not UTF-8";
}

void TestGlossary::badRowsAreRefusedNamingTheLine() {
  QFETCH(QByteArray, text);
  QFETCH(QString, expected);
  const std::string error = glossaryError(text.toStdString());
  QVERIFY2(QString::fromStdString(error).startsWith(expected), error.c_str());
}

// TBX 2008 (<martif>, termEntry/langSet/tig and ntig) and TBX v3 (<tbx>,
// conceptEntry/langSec/termSec), told from TSV by their first element: each
// Vietnamese term to the entry's first English term that is not deprecated;
// what was left out is said in the notes, with its line.
void TestGlossary::aTermbaseInTbxIsReadAsAGlossary() {
  const std::string tbx2008 =
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      "<!DOCTYPE martif SYSTEM \"TBXBasiccoreStructV02.dtd\">\n"
      "<martif type=\"TBX-Basic\" xml:lang=\"en-US\">\n"
      "<martifHeader><fileDesc><sourceDesc><p>exported</p></sourceDesc></fileDesc></martifHeader>\n"
      "<text><body>\n"
      "<termEntry id=\"c1\">\n"  // 6
      "  <descrip type=\"subjectField\">software</descrip>\n"
      "  <langSet xml:lang=\"en-US\">\n"
      "    <tig><term>archive</term><termNote "
      "type=\"administrativeStatus\">deprecatedTerm-admn-sts</termNote></tig>\n"
      "    <tig><term>file</term><termNote type=\"partOfSpeech\">noun</termNote></tig>\n"
      "  </langSet>\n"
      "  <langSet xml:lang=\"vi-VN\">\n"
      "    <tig><term>tập tin</term></tig>\n"  // 13
      "    <ntig><termGrp><term>tệp</term><termNote "
      "type=\"administrativeStatus\">admittedTerm-admn-sts</termNote>"
      "</termGrp></ntig>\n"  // 14
      "  </langSet>\n"
      "</termEntry>\n"
      "<termEntry id=\"c2\"><langSet xml:lang=\"de\"><tig><term>Datei</term></tig></langSet>"
      "<langSet xml:lang=\"en\"><tig><term>file</term></tig></langSet></termEntry>\n"  // 17: no Vietnamese
      "<termEntry id=\"c3\"><langSet xml:lang=\"vi\"><tig><term>thư\n   mục</term></tig></langSet>"
      "<langSet xml:lang=\"en\"><tig><term>folder</term></tig></langSet></termEntry>\n"  // 18-19
      "<termEntry id=\"c4\"><langSet xml:lang=\"vi\"><tig><term>tệp</term></tig></langSet>"
      "<langSet xml:lang=\"en\"><tig><term>document</term></tig></langSet></termEntry>\n"  // 20: tệp again
      "</body></text></martif>\n";
  const std::string path = tmp_.filePath("terms.tbx").toStdString();
  std::ofstream(path, std::ios::binary) << tbx2008;
  const auto g = model::readGlossary(path);
  QCOMPARE(g.terms.size(), size_t(3));
  QCOMPARE(g.terms[0].source, std::string("tập tin"));
  QCOMPARE(g.terms[0].target, std::string("file"));  // not the deprecated "archive"
  QCOMPARE(g.terms[0].line, size_t(13));
  QCOMPARE(g.terms[1].source, std::string("tệp"));
  QCOMPARE(g.terms[1].target, std::string("file"));
  QCOMPARE(g.terms[1].line, size_t(14));
  QCOMPARE(g.terms[2].source, std::string("thư mục"));
  QCOMPARE(g.terms[2].target, std::string("folder"));
  QCOMPARE(g.notes.size(), size_t(2));
  QCOMPARE(g.notes[0],
           std::string("1 entry has no Vietnamese term or no English one that is not deprecated (the "
                       "first on line 17): left out"));
  QCOMPARE(g.notes[1],
           std::string("'tệp' is 'file' on line 14 and 'document' on line 20: the first is used"));

  const std::string tbx3 =
      "<?xml version=\"1.0\"?>\n<?xml-model href=\"TBXcoreStructV03.rng\"?>\n"
      "<tbx type=\"TBX-Basic\" style=\"dca\" xml:lang=\"en\" xmlns=\"urn:iso:std:iso:30042:ed-2\">\n"
      "<tbxHeader><fileDesc><sourceDesc><p>v3</p></sourceDesc></fileDesc></tbxHeader>\n<text><body>\n"
      "<conceptEntry id=\"1\"><langSec xml:lang=\"vi\"><termSec><term>mật khẩu</term></termSec></langSec>\n"
      "<langSec xml:lang=\"en\"><termSec><term>password</term><termNote type=\"administrativeStatus\">"
      "preferredTerm-admn-sts</termNote></termSec></langSec></conceptEntry>\n</body></text></tbx>\n";
  const auto v3 = model::parseTbxGlossary(tbx3, "v3.tbx");
  QCOMPARE(v3.terms.size(), size_t(1));
  QCOMPARE(v3.terms[0].source, std::string("mật khẩu"));
  QCOMPARE(v3.terms[0].target, std::string("password"));
  QCOMPARE(v3.terms[0].line, size_t(6));
  QVERIFY(v3.notes.empty());
  QCOMPARE(model::matchGlossary(g, "Không mở được tập tin.").size(), size_t(1));
}

void TestGlossary::aTermbaseThatCannotBeReadIsRefused_data() {
  QTest::addColumn<QByteArray>("text");
  QTest::addColumn<QString>("expected");
  const QByteArray head = "<martif type=\"TBX\">\n<text><body>\n";
  QTest::newRow("cut short") << head + "<termEntry><langSet xml:lang=\"vi\"><tig><term>tệp"
                             << "'terms.tbx' line 3: the file ends inside <term> opened on line 3";
  QTest::newRow("mismatched") << head + "<termEntry></langSet>"
                              << "'terms.tbx' line 3: </langset> closes <termentry>, opened on line 3";
  QTest::newRow("no pair") << head +
                                  "<termEntry><langSet xml:lang=\"vi\"><tig><term>tệp</term></tig></langSet>"
                                  "</termEntry></body></text></martif>"
                           << "terms.tbx: no entry holds both a Vietnamese term";
}

void TestGlossary::aTermbaseThatCannotBeReadIsRefused() {
  QFETCH(QByteArray, text);
  QFETCH(QString, expected);
  const std::string path = tmp_.filePath("terms.tbx").toStdString();
  std::ofstream(path, std::ios::binary) << text.toStdString();
  try {
    model::readGlossary(path);
    QFAIL("a termbase that cannot be read was read");
  } catch (const model::GlossaryError& e) {
    QVERIFY2(QString::fromUtf8(e.what()).contains(
                 QString(expected).replace("terms.tbx", QString::fromStdString(path))),
             e.what());
  }
}

void TestGlossary::termsMatchWholeWordsAsTyped() {
  const auto g = model::parseGlossary("tập tin\tfile\ntin\tnews\nthư mục gốc\troot folder\nthư mục\tfolder\n");
  using V = std::vector<std::string>;
  QCOMPARE(matchedSources(g, "Mở tập tin."), V{"tập tin"});             // the longer term wins over "tin"
  QCOMPARE(matchedSources(g, "Mở Tập tin"), V{"tin"});                  // case as typed: "Tập" is not "tập"
  QCOMPARE(matchedSources(g, "Mở tap tin"), V{"tin"});                  // diacritics as typed
  QCOMPARE(matchedSources(g, "thông tinh"), V{});                      // whole words only
  QCOMPARE(matchedSources(g, "“tập tin” trong thư mục gốc!"), (V{"tập tin", "thư mục gốc"}));
  QCOMPARE(matchedSources(g, "thư mục và tập tin, tập tin"), (V{"thư mục", "tập tin"}));  // once, in order
  const std::string sentence = "Xoá (tập tin)?";
  const auto matches = model::matchGlossary(g, sentence);
  QCOMPARE(matches.size(), size_t(1));
  QCOMPARE(sentence.substr(matches[0].begin, matches[0].end - matches[0].begin), std::string("tập tin"));
}

void TestGlossary::withoutTermsItIsBeamSearch_data() {
  QTest::addColumn<int>("beam");
  QTest::addColumn<int>("nbest");
  QTest::newRow("greedy") << 1 << 1;
  QTest::newRow("beam 4") << 4 << 1;
  QTest::newRow("beam 5, 3-best") << 5 << 3;
}

void TestGlossary::withoutTermsItIsBeamSearch() {
  QFETCH(int, beam);
  QFETCH(int, nbest);
  model::DecodingOptions options;
  options.beam_size = beam;
  options.nbest = nbest;
  options.min_length_ratio = 0.3;
  for (int sentence = 0; sentence < 12; ++sentence) {
    const auto src = test::randomTokens(1, 3 + sentence % 7, model_->options().vocab_size);
    const auto free = model::beamSearch(model_, src, options).at(0);
    const auto constrained = model::constrainedSearch(model_, src, {}, options);
    QCOMPARE(constrained.size(), free.size());
    for (size_t k = 0; k < free.size(); ++k) {
      QCOMPARE(constrained[k].hypothesis.tokens, free[k].tokens);
      QCOMPARE(constrained[k].hypothesis.score, free[k].score);
      QCOMPARE(constrained[k].hypothesis.log_probability, free[k].log_probability);
      QCOMPARE(constrained[k].hypothesis.finished, free[k].finished);
      QCOMPARE(constrained[k].hypothesis.probabilities, free[k].probabilities);
    }
  }
}

void TestGlossary::everyTermIsInTheTranslation_data() {
  QTest::addColumn<int>("beam");
  QTest::newRow("greedy") << 1;
  QTest::newRow("beam 4") << 4;
}

void TestGlossary::everyTermIsInTheTranslation() {
  QFETCH(int, beam);
  model::DecodingOptions options;
  options.beam_size = beam;
  std::mt19937 rng(11);
  std::uniform_int_distribution<int64_t> token(4, model_->options().vocab_size - 1), count(1, 3);
  for (int sentence = 0; sentence < 12; ++sentence) {
    const auto src = test::randomTokens(1, 4 + sentence % 6, model_->options().vocab_size);
    std::vector<std::vector<int64_t>> terms(size_t(count(rng)));
    for (auto& term : terms)
      for (int64_t n = count(rng); n > 0; --n) term.push_back(token(rng));
    const auto results = model::constrainedSearch(model_, src, terms, options);
    QVERIFY(!results.empty());
    const auto& best = results[0];
    // (An untrained model seldom ends: the search may stop at the maximum length, its terms placed all the same.)
    for (size_t c = 0; c < terms.size(); ++c)
      QVERIFY2(holdsAt(best.hypothesis.tokens, terms[c], best.term_starts[c]),
               qPrintable(QString("sentence %1, term %2 not where it was said to be").arg(sentence).arg(c)));
    // Terms do not overlap each other.
    std::vector<int> used(best.hypothesis.tokens.size(), 0);
    for (size_t c = 0; c < terms.size(); ++c)
      for (size_t k = 0; k < terms[c].size(); ++k) QCOMPARE(++used[size_t(best.term_starts[c]) + k], 1);
    // The probabilities are the model's, piece by piece (and EOS's last when it ended).
    QCOMPARE(best.hypothesis.probabilities.size(), best.hypothesis.tokens.size() + (best.hypothesis.finished ? 1 : 0));
  }
  // A term of a special piece is refused.
  try {
    model::constrainedSearch(model_, test::randomTokens(1, 4, 23), {{model_->options().eos_id}}, options);
    QFAIL("a term holding EOS was accepted");
  } catch (const std::invalid_argument& e) {
    QVERIFY(std::string(e.what()).find("not an output piece") != std::string::npos);
  }
}

void TestGlossary::theTranslatorSaysWhereEachTermLanded() {
  // A real SentencePiece model; an untrained model (the glossary alone puts "folder" there).
  const std::string data = test::prepareNumberedCorpus(tmp_.path().toStdString(), {"mở thư mục", "lưu tập tin"},
                                                       {"open the folder", "save the file"}, 200, 60);
  auto tokenizer = std::make_shared<const data::Tokenizer>(data + "/spm.model");
  auto options = test::smallOptions();
  options.vocab_size = tokenizer->vocabSize();
  torch::manual_seed(3);
  model::Translator translator(model::Transformer(options), tokenizer, torch::kCPU);
  model::DecodingOptions decoding;
  decoding.glossary = std::make_shared<const model::Glossary>(model::parseGlossary("thư mục\tfolder\n"));
  const auto results = translator.translate({"mở thư mục số 3", "lưu tập tin"}, decoding);
  const auto& t = results[0][0];
  QCOMPARE(t.terms.size(), size_t(1));
  QCOMPARE(t.terms[0].target, std::string("folder"));
  QCOMPARE(t.terms[0].source_begin, std::string("mở ").size());
  const auto pieces = translator.encodeTarget("folder");
  QVERIFY(holdsAt(t.ids, pieces, t.terms[0].start));
  QCOMPARE(t.terms[0].length, int64_t(pieces.size()));
  QVERIFY2(t.text.find("folder") != std::string::npos, t.text.c_str());
  // What it cost: the free translation's score, at least as good as the constrained one's.
  QVERIFY(!t.unconstrained_text.empty());
  QVERIFY(t.unconstrained_score >= t.score - 1e-9 || t.unconstrained_text == t.text);
  // The other sentence has no term: decoded freely, nothing recorded.
  QVERIFY(results[1][0].terms.empty());
  QVERIFY(results[1][0].unconstrained_text.empty());
}

void TestGlossary::aTermThatEndsAWordIsNotRunOn() {
  // Every piece runs on but the end and 5, 6, 7. The term is forced first (a prefix), so what
  // follows it is the search's choice: one of those, with the word ends; without them the
  // untrained model runs on (the check can fail).
  const int64_t V = model_->options().vocab_size;
  model::TermForms ends;
  ends.closed = {true};
  ends.joins.assign(size_t(V), true);
  for (const int64_t free : {int64_t(3), int64_t(5), int64_t(6), int64_t(7)})
    ends.joins[size_t(free)] = false;
  model::DecodingOptions options;
  options.nbest = 4;
  options.prefix = {9, 10};
  const std::vector<std::vector<int64_t>> terms{{9, 10}};
  int ran_on_without = 0, checked = 0;
  for (int sentence = 0; sentence < 6; ++sentence) {
    const auto src = test::randomTokens(1, 4 + sentence, V);
    for (const bool with_ends : {true, false}) {
      const auto results = model::constrainedSearch(model_, src, terms, options, with_ends ? &ends : nullptr);
      QVERIFY(!results.empty());
      for (const auto& h : results) {
        const auto& tokens = h.hypothesis.tokens;
        QCOMPARE(h.term_starts[0], int64_t(0));
        if (tokens.size() == 2) continue;  // it ended there
        if (with_ends) {
          QVERIFY2(!ends.joins[size_t(tokens[2])], qPrintable(QString("piece %1 ran on").arg(tokens[2])));
          ++checked;
        } else
          ran_on_without += ends.joins[size_t(tokens[2])] ? 1 : 0;
      }
    }
  }
  QVERIFY(checked > 0);
  QVERIFY(ran_on_without > 0);
}

void TestGlossary::aTermMayTakeItsOtherForm() {
  // The term [9, 10] or, in its other form, [11]: forced to start with 11, the search has placed it.
  model::TermForms forms;
  forms.alternatives = {{11}, {}};
  model::DecodingOptions options;
  options.nbest = 2;
  options.prefix = {11};
  const std::vector<std::vector<int64_t>> terms{{9, 10}, {12}};
  for (int sentence = 0; sentence < 4; ++sentence) {
    const auto src = test::randomTokens(1, 4 + sentence, model_->options().vocab_size);
    for (const auto& h : model::constrainedSearch(model_, src, terms, options, &forms)) {
      QCOMPARE(h.term_starts[0], int64_t(0));
      QCOMPARE(h.term_lengths[0], int64_t(1));
      if (h.term_starts[1] >= 0) {
        QVERIFY(holdsAt(h.hypothesis.tokens, terms[1], h.term_starts[1]));
        QCOMPARE(h.term_lengths[1], int64_t(1));
      }
    }
    // Not right after a piece that ends a word (the other form is the term inside a word).
    auto after_word = forms;
    after_word.word_final.assign(size_t(model_->options().vocab_size), false);
    auto two = options;
    two.prefix = {5, 11};
    for (const bool word_final : {false, true}) {
      after_word.word_final[5] = word_final;
      for (const auto& h : model::constrainedSearch(model_, src, terms, two, &after_word))
        QVERIFY(word_final ? h.term_starts[0] != 1 : h.term_starts[0] == 1);
    }
    // Without the other form the prefix places nothing: [9, 10] follows it somewhere.
    for (const auto& h : model::constrainedSearch(model_, src, terms, options)) {
      QVERIFY(h.term_starts[0] != 0);
      if (h.term_starts[0] > 0) QVERIFY(holdsAt(h.hypothesis.tokens, terms[0], h.term_starts[0]));
    }
  }
}

void TestGlossary::aTermBegunIsPlacedWhole() {
  // The term [9, 10, 11], begun by the prefix: placed whole right there when it is whole; else the
  // untrained model veers off somewhere (the check can fail).
  model::TermForms forms;
  forms.whole = {true};
  forms.distinctive.assign(size_t(model_->options().vocab_size), false);
  forms.distinctive[9] = true;
  model::DecodingOptions options;
  options.nbest = 4;
  options.prefix = {9};
  const std::vector<std::vector<int64_t>> terms{{9, 10, 11}};
  int veered = 0;
  for (int sentence = 0; sentence < 6; ++sentence) {
    const auto src = test::randomTokens(1, 4 + sentence, model_->options().vocab_size);
    for (const auto& h : model::constrainedSearch(model_, src, terms, options, &forms)) {
      QCOMPARE(h.term_starts[0], int64_t(0));
      QVERIFY(holdsAt(h.hypothesis.tokens, terms[0], 0));
    }
    for (const auto& h : model::constrainedSearch(model_, src, terms, options))
      veered += h.term_starts[0] != 0 ? 1 : 0;
  }
  QVERIFY(veered > 0);
}

void TestGlossary::verbatimTextIsKeptAsTyped() {
  // A vocabulary with brackets and '%' in it; no '★' (never seen).
  QTemporaryDir dir;
  const std::string data =
      test::prepareNumberedCorpus(dir.path().toStdString(), {"mở thư mục (%s)", "lưu tập tin"},
                                  {"open the folder (%s)", "save the file"}, 200, 70);
  auto tokenizer = std::make_shared<const data::Tokenizer>(data + "/spm.model");
  auto options = test::smallOptions();
  options.vocab_size = tokenizer->vocabSize();
  torch::manual_seed(5);
  model::Translator translator(model::Transformer(options), tokenizer, torch::kCPU);
  model::DecodingOptions decoding;
  const std::vector<std::string> sentences{"mở thư mục 4096 lưu (%d)", "lưu tập tin ★ 12", "lưu tập tin"};
  const auto free = translator.translate(sentences, decoding);
  decoding.verbatim = model::kVerbatimAll;
  const auto kept = translator.translate(sentences, decoding);
  // The untrained model loses them when free (so that keeping them is what the option did).
  QVERIFY2(!model::keepsVerbatim(sentences[0], model::findVerbatimSpans(sentences[0], model::kVerbatimAll),
                                 free[0][0].text),
           free[0][0].text.c_str());
  const auto& first = kept[0][0];
  QVERIFY2(model::countVerbatim(first.text, "4096", model::kVerbatimNumber) == 1, first.text.c_str());
  QVERIFY2(first.text.find("%d") != std::string::npos, first.text.c_str());
  QCOMPARE(first.terms.size(), size_t(2));
  QCOMPARE(first.terms[0].verbatim, unsigned(model::kVerbatimNumber));
  QCOMPARE(first.terms[0].source, std::string("4096"));
  QCOMPARE(first.terms[0].source_begin, sentences[0].find("4096"));
  QCOMPARE(first.terms[1].verbatim, unsigned(model::kVerbatimPlaceholder));
  // "(%d)": as a word of its own or inside one (after the bracket), its pieces spell it.
  QVERIFY(first.terms[1].start >= 0);
  std::string spelt;
  for (int64_t k = 0; k < first.terms[1].length; ++k) spelt += first.pieces[size_t(first.terms[1].start + k)];
  QVERIFY2(spelt == "%d" || spelt == data::kWordStart + "%d", spelt.c_str());
  QCOMPARE(first.unconstrained_text, free[0][0].text);
  // A character the vocabulary cannot write is written as typed where its <unk> landed.
  const auto& second = kept[1][0];
  QVERIFY2(second.text.find("★") != std::string::npos &&
               model::countVerbatim(second.text, "12", model::kVerbatimNumber) == 1,
           second.text.c_str());
  const auto star = std::find_if(second.terms.begin(), second.terms.end(), [](const model::TermUse& t) {
    return t.verbatim == model::kVerbatimUnwritable;
  });
  QVERIFY(star != second.terms.end() && star->start >= 0);
  QCOMPARE(second.ids[size_t(star->start) + size_t(star->length) - 1], int64_t(data::kUnkId));
  // No span: decoded as without the option, nothing recorded.
  QCOMPARE(kept[2][0].ids, free[2][0].ids);
  QVERIFY(kept[2][0].terms.empty());
  // Not with sampling (the spans need the search).
  decoding.sampling.on = true;
  QVERIFY_THROWS_EXCEPTION(std::invalid_argument, decoding.validate());
}

STUDIO_TEST_MAIN(TestGlossary)
#include "tst_glossary.moc"
