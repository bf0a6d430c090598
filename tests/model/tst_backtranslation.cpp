// Back-translation (model/training/BackTranslation): a model trained English
// → Vietnamese (TransformerOptions::reversed) reads a data folder's splits
// the other way round; its translations of English text become synthetic
// training pairs beside the data folder's own, in a new data folder with the
// same dev, test and SentencePiece model; English that is a dev, test or
// training pair's, repeated, blank or too long is left out and counted;
// backtranslation.json says so; a model of the usual direction, a line that
// is not UTF-8 and bad output folders are refused, and nothing is left
// behind a run cut short.
#include <QTemporaryDir>
#include <QtTest/QtTest>

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "common/FileUtil.h"
#include "common/SuiteMain.h"
#include "common/TestUtil.h"
#include "model/data/Corpus.h"
#include "model/data/Prepare.h"
#include "model/decoding/TextTranslation.h"
#include "model/files/ModelFile.h"
#include "model/training/BackTranslation.h"
#include "model/training/TrainingData.h"

using namespace studio;
namespace fs = std::filesystem;

namespace {

QString refusedWith(const std::function<void()>& call) {
  return QString::fromStdString(test::thrownMessage(call));
}

void writeEnglish(const std::string& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}

}  // namespace

class TestBackTranslation : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void initTestCase();
  void theDirectionIsPartOfTheModelsOptions();
  void aReversedModelReadsTheSplitsTheOtherWayRound();
  void englishTextBecomesSyntheticPairs();
  void whatIsLeftOutIsCountedAndBadInputRefused();

 private:
  QTemporaryDir dir_;
  std::string data_, reverse_path_, forward_path_;
  std::unique_ptr<model::Translator> reverse_, forward_;
  model::DecodingOptions decoding_;
};

void TestBackTranslation::initTestCase() {
  QVERIFY(dir_.isValid());
  QVERIFY(QDir().mkpath(dir_.filePath("corpus")));
  data_ = test::prepareNumberedCorpus(dir_.filePath("corpus").toStdString(), {"mở tập tin", "đóng cửa sổ"},
                                      {"open the file", "close the window"}, 160, 60);
  const data::Tokenizer tokenizer(data_ + "/spm.model");
  auto options = test::smallOptions();
  options.vocab_size = tokenizer.vocabSize();
  torch::manual_seed(5);
  model::Transformer forward(options);
  forward_path_ = data_ + "/forward.pt";
  model::saveModel(forward, forward_path_);
  options.reversed = true;
  model::Transformer reverse(options);
  reverse_path_ = data_ + "/reverse.pt";
  model::saveModel(reverse, reverse_path_);
  reverse_ =
      std::make_unique<model::Translator>(model::Translator::fromFiles(reverse_path_, "", torch::kCPU));
  forward_ =
      std::make_unique<model::Translator>(model::Translator::fromFiles(forward_path_, "", torch::kCPU));
  decoding_.beam_size = 2;
  decoding_.max_length_ratio = 0.6;
  decoding_.max_length_extra = 2;
}

void TestBackTranslation::theDirectionIsPartOfTheModelsOptions() {
  auto options = test::smallOptions();
  QVERIFY(!model::toJson(options).contains("direction"));  // other models' files stay as they were
  options.reversed = true;
  const auto json = model::toJson(options);
  QCOMPARE(json["direction"].get<std::string>(), std::string("en-vi"));
  QVERIFY(model::transformerOptionsFromJson(json).reversed);
  QCOMPARE(std::string(options.sourceLanguage()), std::string("English"));
  QCOMPARE(std::string(options.targetLanguage()), std::string("Vietnamese"));
  auto forward = json;
  forward["direction"] = "vi-en";
  QVERIFY(!model::transformerOptionsFromJson(forward).reversed);
  forward["direction"] = "vi-fr";
  const QString error = refusedWith([&] { model::transformerOptionsFromJson(forward); });
  QVERIFY2(error.contains("'direction'") && error.contains("vi-fr"), qPrintable(error));
  // Saved and read back with the model file; not the shape of the other direction.
  QVERIFY(model::readModelOptions(reverse_path_).reversed);
  QVERIFY(!model::readModelOptions(forward_path_).reversed);
  QVERIFY(!model::sameShape(model::readModelOptions(reverse_path_), model::readModelOptions(forward_path_)));
  // An ensemble's models translate one way.
  const QString mixed = refusedWith([&] { forward_->setEnsemble({reverse_->modelHandle()}); });
  QVERIFY2(mixed.contains("translates English to Vietnamese"), qPrintable(mixed));
}

void TestBackTranslation::aReversedModelReadsTheSplitsTheOtherWayRound() {
  const data::Tokenizer tokenizer(data_ + "/spm.model");
  model::TransformerOptions forward, reverse;
  reverse.reversed = true;
  for (const char* split : {"train", "dev"}) {
    const auto ahead = model::loadSplitFor(forward, data_, split, tokenizer);
    const auto back = model::loadSplitFor(reverse, data_, split, tokenizer);
    QCOMPARE(back.size(), ahead.size());
    QCOMPARE(back.src_ids, ahead.tgt_ids);
    QCOMPARE(back.tgt_ids, ahead.src_ids);
    QCOMPARE(back.src_offsets, ahead.tgt_offsets);
    QCOMPARE(back.tgt_offsets, ahead.src_offsets);
    const auto text = model::readSplitTextFor(reverse, data_, split);
    QCOMPARE(text.src, data::readLines(data_ + "/" + split + ".en"));
    QCOMPARE(text.tgt, data::readLines(data_ + "/" + split + ".vi"));
  }
  // A run's dev set: English sources, Vietnamese references.
  model::TrainingConfig config;
  config.model = reverse;
  config.eval_sentences = 0;
  const auto dev = model::loadDevSet(data_, tokenizer, config);
  QCOMPARE(dev.sources, data::readLines(data_ + "/dev.en"));
  QCOMPARE(dev.references, data::readLines(data_ + "/dev.vi"));
}

void TestBackTranslation::englishTextBecomesSyntheticPairs() {
  const std::string english = dir_.filePath("english.txt").toStdString();
  const auto dev_en = data::readLines(data_ + "/dev.en"), train_en = data::readLines(data_ + "/train.en");
  std::string text;
  std::vector<std::string> fresh;
  for (int i = 0; i < 40; ++i) fresh.push_back("save the page number " + std::to_string(1000 + i));
  for (const auto& line : fresh) text += line + "\n";
  text += "  save   the page number 1003 \n";  // a repeat once its spaces are normalized
  text += "\n   \n";                           // blank
  text += dev_en[0] + "\n" + train_en[0] + "\n" + train_en[1] + "\n";
  std::string long_line;
  for (int i = 0; i < 201; ++i) long_line += "word ";
  text += long_line + "\n";
  writeEnglish(english, text);

  model::BackTranslationOptions options;
  options.data_dir = data_;
  options.english = {english};
  options.out_dir = dir_.filePath("augmented").toStdString();
  options.decoding = decoding_;
  options.model_files = {reverse_path_};
  options.real_weight = 2;
  std::ostringstream log;
  size_t last_done = 0, last_total = 0;
  const auto record = model::backTranslateData(*reverse_, options, log, [&](size_t done, size_t total) {
    last_done = done;
    last_total = total;
  });
  QCOMPARE(last_done, last_total);
  QCOMPARE(last_total, fresh.size());
  // The model's own translations, decoded here the same way.
  const auto expected = model::translateTexts(*reverse_, fresh, decoding_, data::SplitMode::Lines);
  std::map<std::string, std::string> said;
  for (size_t i = 0; i < fresh.size(); ++i) said[fresh[i]] = expected[i].text();

  const std::string out = options.out_dir;
  const auto vi = data::readLines(out + "/train.vi"), en = data::readLines(out + "/train.en");
  QCOMPARE(vi.size(), en.size());
  std::map<std::string, int> real_seen;
  size_t synthetic = 0;
  for (size_t i = 0; i < en.size(); ++i) {
    if (said.count(en[i])) {
      ++synthetic;
      QCOMPARE(vi[i], said[en[i]]);
    } else {
      ++real_seen[vi[i] + "\t" + en[i]];
    }
  }
  // Every real pair twice (real_weight 2), every synthetic pair prepare kept once.
  const auto train_vi = data::readLines(data_ + "/train.vi");
  QCOMPARE(real_seen.size(), train_vi.size());
  for (const auto& [pair, count] : real_seen) QCOMPARE(count, 2);
  QVERIFY2(synthetic > fresh.size() / 2, qPrintable(QString::number(synthetic)));
  QCOMPARE(record["synthetic_pairs_kept"].get<size_t>(), synthetic);
  QCOMPARE(record["real_pairs_kept"].get<size_t>(), train_vi.size());  // each in the split real_weight times
  for (const char* split : {"dev.vi", "dev.en", "test.vi", "test.en"})
    QCOMPARE(data::readLines(out + "/" + split), data::readLines(data_ + "/" + split));
  QCOMPARE(test::readBytes(out + "/spm.model"), test::readBytes(data_ + "/spm.model"));
  // backtranslation.json counts what was left out.
  QCOMPARE(nlohmann::json::parse(test::readBytes(out + "/backtranslation.json")), record);
  QCOMPARE(record["translated"].get<size_t>(), fresh.size());
  QCOMPARE(record["lines_read"].get<size_t>(), fresh.size() + 7);
  QCOMPARE(record["left_out"]["duplicates"].get<size_t>(), size_t(1));
  QCOMPARE(record["left_out"]["blank"].get<size_t>(), size_t(2));
  QCOMPARE(record["left_out"]["in_dev_or_test"].get<size_t>(), size_t(1));
  QCOMPARE(record["left_out"]["in_training"].get<size_t>(), size_t(2));
  QCOMPARE(record["left_out"]["too_long"].get<size_t>(), size_t(1));
  QCOMPARE(record["real_weight"].get<int>(), 2);
  const auto summary = nlohmann::json::parse(test::readBytes(out + "/summary.json"));
  QCOMPARE(summary["backtranslation"], record);
  QVERIFY(summary["corpora"][1]["corpus"].get<std::string>().find("back-translated English") !=
          std::string::npos);
  QVERIFY(!fs::exists(out + ".synthetic-corpus") && !fs::exists(out + ".preparing"));

  // --max-sentences: the first N kept lines, the rest counted.
  options.out_dir = dir_.filePath("first-ten").toStdString();
  options.max_sentences = 10;
  options.real_weight = 1;
  const auto first = model::backTranslateData(*reverse_, options, log);
  QCOMPARE(first["translated"].get<size_t>(), size_t(10));
  QCOMPARE(first["left_out"]["beyond_max_sentences"].get<size_t>(), fresh.size() - 10);
}

void TestBackTranslation::whatIsLeftOutIsCountedAndBadInputRefused() {
  const std::string english = dir_.filePath("some.txt").toStdString();
  writeEnglish(english, "save the page number 7\nprint the page number 8\n");
  model::BackTranslationOptions options;
  options.data_dir = data_;
  options.english = {english};
  options.decoding = decoding_;
  options.model_files = {forward_path_};
  std::ostringstream log;
  // A model of the usual direction: named, and what to do said.
  options.out_dir = dir_.filePath("from-forward").toStdString();
  QString error = refusedWith([&] { model::backTranslateData(*forward_, options, log); });
  QVERIFY2(error.contains(QString::fromStdString(forward_path_)) && error.contains("--direction en-vi"),
           qPrintable(error));
  QVERIFY(!fs::exists(options.out_dir));
  options.model_files = {reverse_path_};
  // A line that is not UTF-8: the file and the line named, nothing written.
  const std::string latin = dir_.filePath("latin1.txt").toStdString();
  writeEnglish(latin, "fine\nsecond line\ncaf\xe9 au lait\n");
  options.english = {english, latin};
  error = refusedWith([&] { model::backTranslateData(*reverse_, options, log); });
  QVERIFY2(error.contains(QString::fromStdString(latin)) && error.contains("line 3"), qPrintable(error));
  QVERIFY(!fs::exists(options.out_dir));
  // Nothing left to translate: what was left out is said.
  const std::string known = dir_.filePath("known.txt").toStdString();
  writeEnglish(known, data::readLines(data_ + "/test.en")[0] + "\n\n");
  options.english = {known};
  error = refusedWith([&] { model::backTranslateData(*reverse_, options, log); });
  QVERIFY2(error.contains("nothing to back-translate") &&
               error.contains("1 the English of a dev or test pair") && error.contains("1 blank"),
           qPrintable(error));
  // A missing file is named.
  options.english = {dir_.filePath("missing.txt").toStdString()};
  error = refusedWith([&] { model::backTranslateData(*reverse_, options, log); });
  QVERIFY2(error.contains("missing.txt"), qPrintable(error));
  // Output folders: the data folder itself, one that holds files.
  options.english = {english};
  options.out_dir = data_;
  QVERIFY(refusedWith([&] {
            model::backTranslateData(*reverse_, options, log);
          }).contains("is the data folder itself"));
  options.out_dir = dir_.filePath("corpus").toStdString();
  QVERIFY(refusedWith([&] {
            model::backTranslateData(*reverse_, options, log);
          }).contains("is not an empty folder"));
  // A weight beyond prepare's.
  options.out_dir = dir_.filePath("heavy").toStdString();
  options.real_weight = 101;
  QVERIFY(
      refusedWith([&] { model::backTranslateData(*reverse_, options, log); }).contains("within [1, 100]"));
  options.real_weight = 1;
  // Cut short while translating, and stopped while preparing: nothing left.
  options.out_dir = dir_.filePath("cut-short").toStdString();
  QCOMPARE(refusedWith([&] {
             model::backTranslateData(*reverse_, options, log, [](size_t done, size_t) {
               if (done > 0) throw std::runtime_error("stopped");
             });
           }),
           QString("stopped"));
  size_t translated = 0;
  options.stop = [&] { return translated > 0; };
  QVERIFY_THROWS_EXCEPTION(
      data::PreparationStopped,
      model::backTranslateData(*reverse_, options, log, [&](size_t done, size_t) { translated = done; }));
  QVERIFY(translated > 0);
  QVERIFY(!fs::exists(options.out_dir));
  QVERIFY(!fs::exists(options.out_dir + ".synthetic-corpus") && !fs::exists(options.out_dir + ".preparing"));
}

STUDIO_TEST_MAIN(TestBackTranslation)
#include "tst_backtranslation.moc"
