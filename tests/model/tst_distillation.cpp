// Sequence-level knowledge distillation (model/training/Distillation): the
// new data folder's training pairs are the data folder's sources with the
// teacher's own translations of them, its dev and test splits the
// originals, its SentencePiece model the teacher's; distillation.json
// counts what it says; a folder that is the data folder or holds one is
// refused, a data folder without its training split is named, and a run
// cut short leaves nothing behind; a folder of several corpora distilled
// keeps each corpus's dev and test lines (scored apart) while they are its.
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
#include "model/data/CorpusSources.h"
#include "model/data/Prepare.h"
#include "model/decoding/HeadMask.h"
#include "model/decoding/SmallAndFast.h"
#include "model/decoding/TextTranslation.h"
#include "model/evaluation/Bleu.h"
#include "model/files/ModelFile.h"
#include "model/training/Distillation.h"

using namespace studio;
namespace fs = std::filesystem;

namespace {

// What `call` throws ("" when it returns).
QString refusal(const std::function<void()>& call) {
  return QString::fromStdString(test::thrownMessage(call));
}

}  // namespace

class TestDistillation : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void initTestCase();
  void theTeachersTranslationsBecomeTheTrainingSplit();
  void badFoldersAreRefusedAndNothingIsLeftBehind();
  void studentsBesideTheTeachersRunAreFoundAndMeasured();
  void aFolderOfSeveralCorporaKeepsItsSlices();

 private:
  QTemporaryDir dir_;
  std::string data_, teacher_path_;
  std::unique_ptr<model::Translator> teacher_;
  model::DecodingOptions decoding_;
};

void TestDistillation::initTestCase() {
  QVERIFY(dir_.isValid());
  QVERIFY(QDir().mkpath(dir_.filePath("corpus")));
  data_ = test::prepareNumberedCorpus(dir_.filePath("corpus").toStdString(), {"mở tập tin", "đóng cửa sổ"},
                                      {"open the file", "close the window"}, 160, 60);
  const data::Tokenizer tokenizer(data_ + "/spm.model");
  auto options = test::smallOptions();
  options.vocab_size = tokenizer.vocabSize();
  torch::manual_seed(3);
  model::Transformer teacher(options);
  teacher_path_ = data_ + "/teacher.pt";
  model::saveModel(teacher, teacher_path_);
  teacher_ =
      std::make_unique<model::Translator>(model::Translator::fromFiles(teacher_path_, "", torch::kCPU));
  // An untrained teacher: short translations, so that the length filter keeps most of them.
  decoding_.beam_size = 2;
  decoding_.max_length_ratio = 0.6;
  decoding_.max_length_extra = 2;
}

void TestDistillation::theTeachersTranslationsBecomeTheTrainingSplit() {
  const std::string out = dir_.filePath("distilled").toStdString();
  model::DistillationOptions options;
  options.data_dir = data_;
  options.out_dir = out;
  options.decoding = decoding_;
  options.teacher_files = {teacher_path_};
  std::ostringstream log;
  size_t last_done = 0, last_total = 0;
  const auto record = model::distillData(*teacher_, options, log, [&](size_t done, size_t total) {
    last_done = done;
    last_total = total;
  });
  const auto sources = data::readLines(data_ + "/train.vi"),
             references = data::readLines(data_ + "/train.en");
  QVERIFY(sources.size() > 100);
  QCOMPARE(last_done, last_total);
  QVERIFY(last_total > 0 && last_total <= sources.size());
  // What the teacher says of each source, decoded here the same way.
  const auto expected = model::translateTexts(*teacher_, sources, decoding_, data::SplitMode::Lines);
  std::map<std::string, std::string> said;
  std::vector<std::string> hypotheses;
  size_t identical = 0;
  for (size_t i = 0; i < sources.size(); ++i) {
    said[sources[i]] = expected[i].text();
    hypotheses.push_back(expected[i].text());
    identical += hypotheses.back() == references[i];
  }
  const auto kept_vi = data::readLines(out + "/train.vi"), kept_en = data::readLines(out + "/train.en");
  QCOMPARE(kept_vi.size(), kept_en.size());
  QVERIFY2(kept_vi.size() > sources.size() / 2, qPrintable(QString::number(kept_vi.size())));
  for (size_t i = 0; i < kept_vi.size(); ++i) {
    QVERIFY2(said.count(kept_vi[i]), kept_vi[i].c_str());
    QCOMPARE(kept_en[i], said[kept_vi[i]]);
  }
  for (const char* split : {"dev.vi", "dev.en", "test.vi", "test.en"})
    QCOMPARE(data::readLines(out + "/" + split), data::readLines(data_ + "/" + split));
  QCOMPARE(test::readBytes(out + "/spm.model"), test::readBytes(data_ + "/spm.model"));
  QVERIFY(fs::exists(out + "/cache/train.ids"));
  // distillation.json: who taught, how, and what came of it.
  const auto written = nlohmann::json::parse(test::readBytes(out + "/distillation.json"));
  QCOMPARE(written, record);
  QCOMPARE(record["teacher"].get<std::vector<std::string>>(), std::vector<std::string>{teacher_path_});
  QCOMPARE(record["beam"].get<int64_t>(), int64_t(2));
  QCOMPARE(record["training_pairs"].get<size_t>(), sources.size());
  QCOMPARE(record["training_pairs_kept"].get<size_t>(), kept_vi.size());
  QCOMPARE(record["distinct_sources"].get<size_t>(), said.size());
  QCOMPARE(record["identical_to_reference"].get<size_t>(), identical);
  QCOMPARE(record["bleu_against_reference"].get<double>(), model::corpusBleu(hypotheses, references).score);
  const auto summary = nlohmann::json::parse(test::readBytes(out + "/summary.json"));
  QCOMPARE(summary["distillation"], record);
  QVERIFY(summary["corpus"].get<std::string>().find("the teacher's English") != std::string::npos);
  QCOMPARE(summary["splits"]["train"]["pairs"].get<size_t>(), kept_vi.size());
  QVERIFY2(QString::fromStdString(log.str()).contains("distilled data folder: "), log.str().c_str());
  // Nothing of the work is left beside it.
  QVERIFY(!fs::exists(out + ".teacher-corpus") && !fs::exists(out + ".preparing"));

  // A folder that holds a data folder already is refused, and left as it was.
  const std::string before = test::readBytes(out + "/train.en");
  QVERIFY(
      refusal([&] { model::distillData(*teacher_, options, log); }).contains("holds a data folder already"));
  QCOMPARE(test::readBytes(out + "/train.en"), before);
}

void TestDistillation::badFoldersAreRefusedAndNothingIsLeftBehind() {
  model::DistillationOptions options;
  options.decoding = decoding_;
  std::ostringstream log;
  options.data_dir = data_;
  options.out_dir = data_;
  QVERIFY(
      refusal([&] { model::distillData(*teacher_, options, log); }).contains("is the data folder itself"));
  // A folder with other files in it, or a file: refused before the teacher translates, left as it was.
  const std::string other = dir_.filePath("other").toStdString();
  fs::create_directories(other);
  std::ofstream(other + "/notes.txt") << "mine\n";
  options.out_dir = other;
  QVERIFY(refusal([&] { model::distillData(*teacher_, options, log); }).contains("is not an empty folder"));
  options.out_dir = other + "/notes.txt";
  QVERIFY(refusal([&] { model::distillData(*teacher_, options, log); }).contains("is not an empty folder"));
  QCOMPARE(test::readBytes(other + "/notes.txt"), std::string("mine\n"));
  // An empty folder given for it is used.
  const std::string empty = dir_.filePath("empty").toStdString();
  fs::create_directories(empty);
  options.out_dir = empty;
  model::distillData(*teacher_, options, log);
  QVERIFY(fs::exists(empty + "/distillation.json"));

  // A data folder without its English training side: named.
  const std::string broken = dir_.filePath("broken").toStdString();
  fs::create_directories(broken);
  for (const char* name : {"train.vi", "dev.vi", "dev.en", "test.vi", "test.en"})
    fs::copy_file(data_ + "/" + name, broken + "/" + name);
  options.data_dir = broken;
  options.out_dir = dir_.filePath("from-broken").toStdString();
  QVERIFY(refusal([&] {
            model::distillData(*teacher_, options, log);
          }).contains(QString::fromStdString(broken + "/train.en' is missing")));
  // Sides of different lengths: both named.
  {
    std::ofstream en(broken + "/train.en");
    en << "one line\n";
  }
  QVERIFY(refusal([&] { model::distillData(*teacher_, options, log); }).contains("train.en' 1"));
  QVERIFY(!fs::exists(options.out_dir));

  // Cut short while the teacher translates: no output folder, nothing beside it.
  options.data_dir = data_;
  options.out_dir = dir_.filePath("cut-short").toStdString();
  QCOMPARE(refusal([&] {
             model::distillData(*teacher_, options, log, [](size_t done, size_t) {
               if (done > 0) throw std::runtime_error("stopped");
             });
           }),
           QString("stopped"));
  QVERIFY(!fs::exists(options.out_dir));
  QVERIFY(!fs::exists(options.out_dir + ".teacher-corpus") && !fs::exists(options.out_dir + ".preparing"));

  // Stopped once the teacher has translated, while the folder is prepared: nothing is left either.
  options.out_dir = dir_.filePath("stopped-while-preparing").toStdString();
  size_t translated = 0;
  options.stop = [&] { return translated > 0; };
  QVERIFY_THROWS_EXCEPTION(
      data::PreparationStopped,
      model::distillData(*teacher_, options, log, [&](size_t done, size_t) { translated = done; }));
  QVERIFY(translated > 0);
  QVERIFY(!fs::exists(options.out_dir));
  QVERIFY(!fs::exists(options.out_dir + ".teacher-corpus") && !fs::exists(options.out_dir + ".preparing"));
  options.stop = nullptr;

  // Cut short while preparing (a dev split whose sides differ, found once the teacher's corpus is
  // written): the error names the split, and nothing is left either.
  const std::string uneven = dir_.filePath("uneven").toStdString();
  fs::create_directories(uneven);
  for (const char* name : {"train.vi", "train.en", "dev.vi", "test.vi", "test.en"})
    fs::copy_file(data_ + "/" + name, uneven + "/" + name);
  {
    std::ofstream en(uneven + "/dev.en");
    en << "one line\n";
  }
  options.data_dir = uneven;
  options.out_dir = dir_.filePath("from-uneven").toStdString();
  const QString error = refusal([&] { model::distillData(*teacher_, options, log); });
  QVERIFY2(error.contains("dev.en"), qPrintable(error));
  QVERIFY(!fs::exists(options.out_dir));
  QVERIFY(!fs::exists(options.out_dir + ".teacher-corpus") && !fs::exists(options.out_dir + ".preparing"));
}

// Make it small and fast's students: the runs beside the teacher's run whose
// data folder it distilled, each measured in the teacher's precisions as its
// own model decodes.
void TestDistillation::studentsBesideTheTeachersRunAreFoundAndMeasured() {
  const fs::path runs = dir_.filePath("runs").toStdString();
  auto write = [](const fs::path& path, const nlohmann::json& json) {
    fs::create_directories(path.parent_path());
    std::ofstream(path) << json.dump(2);
  };
  const fs::path teacher_run = runs / "teacher";
  fs::create_directories(teacher_run);
  fs::copy_file(teacher_path_, teacher_run / "best.pt");
  fs::copy_file(data_ + "/spm.model", teacher_run / "spm.model");
  write(teacher_run / "config.json", {{"data", data_}});
  const std::string teacher = (teacher_run / "best.pt").string();
  // Two data folders distilled: by this teacher, and by another model.
  write(runs / "distilled-by-teacher" / "distillation.json", {{"teacher", {teacher}}, {"data", data_}});
  write(runs / "distilled-by-other" / "distillation.json", {{"teacher", {teacher_path_}}, {"data", data_}});
  // A smaller student (one layer fewer each side), and runs that are not its students.
  auto options = test::smallOptions();
  options.vocab_size = teacher_->model()->options().vocab_size;
  options.encoder_layers = options.decoder_layers = 1;
  torch::manual_seed(5);
  model::Transformer small(options);
  auto run = [&](const std::string& name, const fs::path& data, bool best) {
    write(runs / name / "config.json", {{"data", data.string()}});
    if (best) model::saveModel(small, (runs / name / "best.pt").string());
    fs::copy_file(data_ + "/spm.model", runs / name / "spm.model");
  };
  run("b-student", runs / "distilled-by-teacher", true);
  run("a-not-yet", runs / "distilled-by-teacher", false);  // no best.pt yet
  run("c-other-teachers", runs / "distilled-by-other", true);
  run("d-on-the-corpus", data_, true);
  const auto students = model::findStudents(teacher);
  QCOMPARE(students.size(), size_t(1));
  QCOMPARE(students[0].name, std::string("b-student"));
  QCOMPARE(students[0].model, (runs / "b-student" / "best.pt").string());
  QVERIFY(model::findStudents(teacher_path_).empty());  // a model in no run folder has none
  QVERIFY(model::findStudents(dir_.filePath("no-such.pt").toStdString()).empty());

  // The student's ways: the teacher's precisions without the shortlist or heads pruned.
  const auto base =
      model::smallAndFastVariants(teacher_->model()->options(), /*have_shortlist=*/true, nullptr,
                                  /*int8=*/true, /*bf16=*/false);
  const auto ways = model::studentVariants(base, {{students[0].name, students[0].model}});
  QCOMPARE(ways.size(), size_t(2));
  QCOMPARE(ways[0].name, std::string("student b-student"));
  QCOMPARE(ways[1].name, std::string("student b-student, int8"));
  QVERIFY(ways[1].int8 && !ways[0].int8 && !ways[0].shortlist && !ways[1].shortlist);
  QCOMPARE(ways[0].model, students[0].model);

  // Measured beside float32: the student's own translations, its own (smaller) weights.
  const auto sources = data::readLines(data_ + "/dev.vi"), references = data::readLines(data_ + "/dev.en");
  const std::vector<std::string> src(sources.begin(), sources.begin() + 12),
      ref(references.begin(), references.begin() + 12);
  const auto points = model::measureVariants(*teacher_, src, ref, decoding_, nullptr, {base[0], ways[0]},
                                             nullptr, /*runs=*/1);
  QCOMPARE(points.size(), size_t(2));
  const auto student = model::Translator::fromFiles(students[0].model, "", torch::kCPU);
  std::vector<std::string> hypotheses;
  for (const auto& list : student.translate(src, decoding_)) hypotheses.push_back(list.at(0).text);
  QCOMPARE(points[1].bleu, model::corpusBleu(hypotheses, ref).score);
  QVERIFY2(points[1].weight_bytes < points[0].weight_bytes,
           qPrintable(QString("%1 against %2").arg(points[1].weight_bytes).arg(points[0].weight_bytes)));
  // A student's way with the shortlist or heads pruned is refused, naming it.
  auto wrong = ways[0];
  wrong.pruned = model::HeadMask::parse("enc:0:0");
  const QString error =
      refusal([&] { model::measureVariants(*teacher_, src, ref, decoding_, nullptr, {wrong}, nullptr, 1); });
  QVERIFY2(error.contains("'student b-student'") && error.contains("neither the shortlist nor heads pruned"),
           qPrintable(error));
}

void TestDistillation::aFolderOfSeveralCorporaKeepsItsSlices() {
  // Two folders of splits prepared together: each one's dev and test lines are a slice of the data folder's.
  auto folder = [&](const std::string& name, const std::string& vi, const std::string& en) {
    const fs::path dir = dir_.filePath(QString::fromStdString(name)).toStdString();
    fs::create_directories(dir);
    // As short as the teacher's corpus (an untrained teacher's translations are short); numbered apart.
    for (const auto& [split, first, count] :
         {std::tuple{"train", 0, 150}, {"dev", 1000, 20}, {"test", 2000, 20}}) {
      std::ofstream v(dir / (std::string(split) + ".vi")), e(dir / (std::string(split) + ".en"));
      for (int i = first; i < first + count; ++i)
        v << vi << " số " << i << "\n", e << en << " number " << i << "\n";
    }
    return dir.string();
  };
  data::PrepareOptions prepare;
  prepare.corpora = {data::corpusAt(folder("general", "mở tập tin", "open the file")),
                     data::corpusAt(folder("domain", "đóng cửa sổ", "close the window"))};
  prepare.out_dir = dir_.filePath("several").toStdString();
  prepare.spm_model = data_ + "/spm.model";
  std::ostringstream log;
  data::prepareData(prepare, log);
  const auto dev = data::corpusSlices(prepare.out_dir, "dev"),
             test = data::corpusSlices(prepare.out_dir, "test");
  QCOMPARE(dev.size(), size_t(2));
  QCOMPARE(test.size(), size_t(2));

  model::DistillationOptions options;
  options.data_dir = prepare.out_dir;
  options.out_dir = dir_.filePath("several-distilled").toStdString();
  options.decoding = decoding_;
  options.teacher_files = {teacher_path_};
  model::distillData(*teacher_, options, log);
  for (const auto& [split, expected] : {std::pair{"dev", dev}, {"test", test}}) {
    const auto slices = data::corpusSlices(options.out_dir, split);
    QCOMPARE(slices.size(), expected.size());
    for (size_t i = 0; i < slices.size(); ++i) {
      QCOMPARE(slices[i].corpus, expected[i].corpus);
      QCOMPARE(slices[i].first, expected[i].first);
      QCOMPARE(slices[i].count, expected[i].count);
    }
  }
  QCOMPARE(data::corpusSlicesOf(options.out_dir, "dev", 40).size(), size_t(2));

  // Its dev lines no longer the folder's: not cut by another folder's slices.
  auto lines = data::readLines(options.out_dir + "/dev.vi");
  lines.pop_back();
  std::ofstream shortened(options.out_dir + "/dev.vi");
  for (const auto& line : lines) shortened << line << "\n";
  shortened.close();
  QVERIFY(data::corpusSlices(options.out_dir, "dev").empty());
  QCOMPARE(data::corpusSlices(options.out_dir, "test").size(), size_t(2));
}

STUDIO_TEST_MAIN(TestDistillation)
#include "tst_distillation.moc"
