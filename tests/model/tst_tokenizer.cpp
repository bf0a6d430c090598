// SentencePiece through the plugin: training, round trips on Vietnamese with
// every diacritic, equality with Debian's spm_encode, and the id cache.

#include <chrono>
#include <csignal>
#include <fstream>
#include <random>

#ifndef _WIN32
#include <sys/wait.h>
#include <unistd.h>
#endif

#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest/QtTest>

#include "common/SuiteMain.h"
#include "model/data/EncodedCorpus.h"
#include "model/data/Tokenizer.h"
#include "model/runtime/StoppableChild.h"

using namespace studio::data;

namespace {

// Vietnamese with every base letter ă â đ ê ô ơ ư and the five tone marks
// (sắc, huyền, hỏi, ngã, nặng), upper and lower case.
const std::vector<std::string> kVietnamese = {
    "Tiếng Việt có sáu thanh: ngang, sắc, huyền, hỏi, ngã, nặng.",
    "Ă Â Đ Ê Ô Ơ Ư ă â đ ê ô ơ ư",
    "á à ả ã ạ ắ ằ ẳ ẵ ặ ấ ầ ẩ ẫ ậ é è ẻ ẽ ẹ ế ề ể ễ ệ",
    "í ì ỉ ĩ ị ó ò ỏ õ ọ ố ồ ổ ỗ ộ ớ ờ ở ỡ ợ ú ù ủ ũ ụ ứ ừ ử ữ ự ý ỳ ỷ ỹ ỵ",
    "Đường phố Hà Nội rất đông người vào buổi sáng.",
    "Không thể mở tập tin “%s”: quyền bị từ chối.",
    "Chương trình đã lưu %d tập tin vào thư mục {folder}.",
};

std::vector<std::string> trainingSentences() {
  std::vector<std::string> sentences;
  for (int round = 0; round < 40; ++round) {
    for (const auto& s : kVietnamese) sentences.push_back(s);
    sentences.push_back("The program saved " + std::to_string(round) + " files to the folder.");
    sentences.push_back("Cannot open file number " + std::to_string(round) + ": permission denied.");
  }
  return sentences;
}

// Many sentences of made-up words: SentencePiece takes seconds over them.
std::vector<std::string> largeCorpus() {
  static const char* const kSyllables[] = {"ba",     "cô",   "đường", "nhà",    "người",   "sáng",
                                           "tiếng",  "việt", "hà",    "nội",    "phố",     "mở",
                                           "tập",    "tin",  "quyền", "lưu",    "the",     "file",
                                           "folder", "open", "saved", "cannot", "program", "denied"};
  std::mt19937 rng(7);
  std::uniform_int_distribution<int> syllable(0, int(std::size(kSyllables)) - 1), length(4, 20);
  std::vector<std::string> sentences(200'000);
  for (auto& sentence : sentences) {
    for (int w = length(rng); w > 0; --w) {
      std::string word = std::string(kSyllables[syllable(rng)]) + kSyllables[syllable(rng)];
      sentence += (sentence.empty() ? "" : " ") + word;
    }
  }
  return sentences;
}

bool childrenLeft() {
#ifdef _WIN32
  return false;
#else
  int status = 0;
  return ::waitpid(-1, &status, WNOHANG) >= 0;  // -1 (ECHILD) when this process has no child at all
#endif
}

std::string readAll(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

}  // namespace

class TestTokenizer : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void initTestCase();
  void specialIdsAreSet();
  void roundTripsVietnamese();
  void spmEncodeGivesTheSameIds();
  void missingOrBadModelIsAClearError();
  void parallelEncodingEqualsSerial();
  void samplingDrawsOtherSplitsOfTheSameText();
  void bpeDropoutDropsMerges();
  void samplingNeedsAUnigramOrBpeModel();
  void cacheIsUsedAndInvalidated();
  void corruptCacheIsRebuilt();
  void hostileCacheIsRefused();
  void trainingInAChildLearnsTheSameModel();
  void stoppingEndsTheTrainingAtOnce();
  void aChildsFailureIsSaid();
  void aChildBornStuckIsMadeAgain();

 private:
  std::string path(const char* name) const { return dir_.filePath(name).toStdString(); }
  // A model of SentencePiece's `type` trained on trainingSentences() into `name`.
  std::string trainedModel(const char* name, const char* type) const {
    TokenizerTrainOptions options;
    options.vocab_size = 300;
    options.model_type = type;
    Tokenizer::train(trainingSentences(), path(name), options);
    return path(name);
  }
  // `pairs` numbered pairs (Vietnamese sentences in turn, English "the sentence number i").
  static ParallelText numberedText(int pairs) {
    ParallelText text;
    for (int i = 0; i < pairs; ++i) {
      text.src.push_back(kVietnamese[size_t(i) % kVietnamese.size()] + " " + std::to_string(i));
      text.tgt.push_back("the sentence number " + std::to_string(i));
    }
    return text;
  }
  QTemporaryDir dir_;
  std::string model_;
};

void TestTokenizer::initTestCase() {
  QVERIFY(dir_.isValid());
  model_ = path("spm.model");
  TokenizerTrainOptions options;
  options.vocab_size = 300;
  Tokenizer::train(trainingSentences(), model_, options);
  QVERIFY(QFile::exists(QString::fromStdString(model_)));
  QVERIFY(QFile::exists(dir_.filePath("spm.vocab")));
}

void TestTokenizer::specialIdsAreSet() {
  Tokenizer tokenizer(model_);
  QCOMPARE(tokenizer.piece(kPadId), std::string("<pad>"));
  QCOMPARE(tokenizer.piece(kUnkId), std::string("<unk>"));
  QCOMPARE(tokenizer.piece(kBosId), std::string("<s>"));
  QCOMPARE(tokenizer.piece(kEosId), std::string("</s>"));
  QVERIFY(tokenizer.vocabSize() <= 300);
  QVERIFY(tokenizer.vocabSize() > 100);
  // Each piece's id from its text, and none for a piece the vocabulary lacks.
  for (int id = 0; id < tokenizer.vocabSize(); ++id) QCOMPARE(tokenizer.pieceId(tokenizer.piece(id)), id);
  QCOMPARE(tokenizer.pieceId("no such piece"), -1);
}

void TestTokenizer::roundTripsVietnamese() {
  Tokenizer tokenizer(model_);
  for (const auto& sentence : kVietnamese) {
    const auto ids = tokenizer.encode(sentence);
    QVERIFY(!ids.empty());
    for (int id : ids) QVERIFY2(id != kUnkId, sentence.c_str());  // character_coverage 1.0
    QCOMPARE(QString::fromStdString(tokenizer.decode(ids)), QString::fromStdString(sentence));
  }
  // An unknown piece first or last (SentencePiece writes it " \u2047 "): single spaces, none at the ends.
  auto ids = tokenizer.encode(kVietnamese[0]);
  ids.insert(ids.begin(), kUnkId);
  ids.push_back(kUnkId);
  QCOMPARE(QString::fromStdString(tokenizer.decode(ids)),
           QString::fromUtf8("\u2047 ") + QString::fromStdString(kVietnamese[0]) + QString::fromUtf8(" \u2047"));
  QCOMPARE(QString::fromStdString(tokenizer.decode({kUnkId})), QString::fromUtf8("\u2047"));
  QCOMPARE(QString::fromStdString(tokenizer.decode({kUnkId, kUnkId})), QString::fromUtf8("\u2047 \u2047"));
}

void TestTokenizer::spmEncodeGivesTheSameIds() {
  const QString spm_encode = QStandardPaths::findExecutable("spm_encode");
  if (spm_encode.isEmpty()) QSKIP("spm_encode (Debian package sentencepiece) is not installed");
  Tokenizer tokenizer(model_);
  QProcess process;
  process.start(spm_encode, {"--model", QString::fromStdString(model_), "--output_format=id"});
  QVERIFY(process.waitForStarted());
  std::string input;
  for (const auto& s : kVietnamese) input += s + "\n";
  process.write(QByteArray::fromStdString(input));
  process.closeWriteChannel();
  QVERIFY(process.waitForFinished(60000));
  QCOMPARE(process.exitCode(), 0);
  const QStringList lines = QString::fromUtf8(process.readAllStandardOutput()).split('\n', Qt::SkipEmptyParts);
  QCOMPARE(lines.size(), int(kVietnamese.size()));
  for (size_t i = 0; i < kVietnamese.size(); ++i) {
    QStringList ours;
    for (int id : tokenizer.encode(kVietnamese[i])) ours << QString::number(id);
    QCOMPARE(ours.join(' '), lines[int(i)]);
  }
}

void TestTokenizer::missingOrBadModelIsAClearError() {
  try {
    Tokenizer missing(path("none.model"));
    QFAIL("no error");
  } catch (const TokenizerError& e) {
    QVERIFY2(QString(e.what()).contains("none.model"), e.what());
  }
  std::ofstream(path("garbage.model")) << "not a model";
  try {
    Tokenizer garbage(path("garbage.model"));
    QFAIL("no error");
  } catch (const TokenizerError& e) {
    QVERIFY2(QString(e.what()).contains("garbage.model"), e.what());
  }
}

void TestTokenizer::parallelEncodingEqualsSerial() {
  Tokenizer tokenizer(model_);
  ParallelText text;
  for (int i = 0; i < 2000; ++i) {
    text.src.push_back(kVietnamese[size_t(i) % kVietnamese.size()] + " " + std::to_string(i));
    text.tgt.push_back("sentence " + std::to_string(i));
  }
  const auto parallel = encodeParallel(tokenizer, text, 4);
  const auto serial = encodeParallel(tokenizer, text, 1);
  QCOMPARE(parallel.size(), size_t(2000));
  QVERIFY(parallel.src_ids == serial.src_ids);
  QVERIFY(parallel.tgt_offsets == serial.tgt_offsets);
  const auto expected = tokenizer.encode(text.src[1234]);
  QCOMPARE(std::vector<int>(parallel.src(1234), parallel.src(1234) + parallel.srcLength(1234)), expected);
}

void TestTokenizer::samplingDrawsOtherSplitsOfTheSameText() {
  Tokenizer tokenizer(model_);
  QCOMPARE(tokenizer.modelType(), std::string("unigram"));
  const auto text = numberedText(2500);  // three chunks of 1,024 pairs
  const auto best = encodeParallel(tokenizer, text, 2);
  const auto drawn = sampleParallel(tokenizer, text, 0.1, 7, 4);
  QCOMPARE(drawn.size(), text.size());
  // The same seed draws the same splits, on any number of threads and in another tokenizer.
  Tokenizer again(model_);
  const auto serial = sampleParallel(again, text, 0.1, 7, 1);
  QVERIFY(drawn.src_ids == serial.src_ids && drawn.src_offsets == serial.src_offsets);
  QVERIFY(drawn.tgt_ids == serial.tgt_ids && drawn.tgt_offsets == serial.tgt_offsets);
  // Another seed draws others.
  const auto other = sampleParallel(tokenizer, text, 0.1, 8, 2);
  QVERIFY(other.src_ids != drawn.src_ids);
  // Every drawn split spells its sentence, and many are not the best split.
  size_t changed = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    const std::vector<int> src(drawn.src(i), drawn.src(i) + drawn.srcLength(i));
    const std::vector<int> src_best(best.src(i), best.src(i) + best.srcLength(i));
    const std::vector<int> tgt(drawn.tgt(i), drawn.tgt(i) + drawn.tgtLength(i));
    QCOMPARE(tokenizer.decode(src), tokenizer.decode(src_best));
    QCOMPARE(tokenizer.decode(tgt), text.tgt[i]);
    if (src != src_best) ++changed;
  }
  QVERIFY2(changed > text.size() / 2,
           qPrintable(QString("%1 of %2 splits changed").arg(changed).arg(text.size())));
  // A low alpha favours short pieces: more of them than the best split's.
  QVERIFY(drawn.src_ids.size() > best.src_ids.size());
  // A large alpha draws (nearly) the best split.
  const auto sharp = sampleParallel(tokenizer, text, 1.0, 7, 2);
  QVERIFY(sharp.src_ids.size() < drawn.src_ids.size());
  QVERIFY_THROWS_EXCEPTION(TokenizerError, tokenizer.sampleEncode({"mở tập tin"}, 0.0, 1));
}

void TestTokenizer::bpeDropoutDropsMerges() {
  const std::string bpe = trainedModel("bpe.model", "bpe");
  Tokenizer tokenizer(bpe);
  QCOMPARE(tokenizer.modelType(), std::string("bpe"));
  const auto text = numberedText(1500);  // two chunks of 1,024 pairs
  const auto best = encodeParallel(tokenizer, text, 2);
  const auto drawn = sampleParallel(tokenizer, text, 0.1, 7, 2);
  // The same seed drops the same merges, on any number of threads and in another tokenizer.
  Tokenizer again(bpe);
  const auto serial = sampleParallel(again, text, 0.1, 7, 1);
  QVERIFY(drawn.src_ids == serial.src_ids && drawn.tgt_ids == serial.tgt_ids);
  QVERIFY(sampleParallel(tokenizer, text, 0.1, 8, 2).src_ids != drawn.src_ids);
  // Every split spells its sentence; dropping merges leaves more pieces.
  size_t changed = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    const std::vector<int> src(drawn.src(i), drawn.src(i) + drawn.srcLength(i));
    const std::vector<int> src_best(best.src(i), best.src(i) + best.srcLength(i));
    QCOMPARE(tokenizer.decode(src), tokenizer.decode(src_best));
    if (src != src_best) ++changed;
  }
  QVERIFY2(changed > text.size() / 4,
           qPrintable(QString("%1 of %2 splits changed").arg(changed).arg(text.size())));
  QVERIFY(drawn.src_ids.size() > best.src_ids.size());
  // A higher drop rate leaves more, shorter pieces; 1 drops every merge.
  const auto heavy = sampleParallel(tokenizer, text, 0.5, 7, 2);
  QVERIFY(heavy.src_ids.size() > drawn.src_ids.size());
  const auto all = tokenizer.sampleEncode({"mở tập tin"}, 1.0, 3);
  QCOMPARE(all.size(), size_t(1));
  for (int id : all[0]) {
    const auto piece = QString::fromStdString(tokenizer.piece(id));
    QVERIFY2(piece.size() == 1 || piece == QString::fromUtf8("▁"), qPrintable(piece));
  }
}

void TestTokenizer::samplingNeedsAUnigramOrBpeModel() {
  const std::string chars = trainedModel("char.model", "char");
  Tokenizer tokenizer(chars);
  QCOMPARE(tokenizer.modelType(), std::string("char"));
  try {
    tokenizer.sampleEncode({"mở tập tin"}, 0.2, 1);
    QFAIL("a character model sampled");
  } catch (const TokenizerError& e) {
    const QString message = e.what();
    QVERIFY2(message.contains("char.model") && message.contains("char model") &&
                 message.contains("unigram or BPE"),
             e.what());
  }
}

void TestTokenizer::cacheIsUsedAndInvalidated() {
  const std::string data = path("data");
  QVERIFY(QDir().mkpath(QString::fromStdString(data)));
  QVERIFY(QFile::copy(QString::fromStdString(model_), QString::fromStdString(data + "/spm.model")));
  std::ofstream(data + "/train.vi") << "Xin chào\nTạm biệt\n";
  std::ofstream(data + "/train.en") << "Hello\nGoodbye\n";
  Tokenizer tokenizer(data + "/spm.model");
  bool cached = true;
  auto first = loadEncodedSplit(data, "train", tokenizer, &cached);
  QVERIFY(!cached);
  QCOMPARE(first.size(), size_t(2));
  auto second = loadEncodedSplit(data, "train", tokenizer, &cached);
  QVERIFY(cached);
  QVERIFY(second.src_ids == first.src_ids);
  // The corpus changes: the cache is stale.
  std::ofstream(data + "/train.en") << "Hello\nBye\n";
  auto third = loadEncodedSplit(data, "train", tokenizer, &cached);
  QVERIFY(!cached);
  QVERIFY(third.tgt_ids != first.tgt_ids);
  std::vector<int> expected = tokenizer.encode("Hello");
  const auto bye = tokenizer.encode("Bye");
  expected.insert(expected.end(), bye.begin(), bye.end());
  QVERIFY(std::vector<int>(third.tgt_ids.begin(), third.tgt_ids.end()) == expected);
}

void TestTokenizer::corruptCacheIsRebuilt() {
  const std::string data = path("data2");
  QVERIFY(QDir().mkpath(QString::fromStdString(data)));
  QVERIFY(QFile::copy(QString::fromStdString(model_), QString::fromStdString(data + "/spm.model")));
  std::ofstream(data + "/dev.vi") << "Một\nHai\nBa\n";
  std::ofstream(data + "/dev.en") << "One\nTwo\nThree\n";
  Tokenizer tokenizer(data + "/spm.model");
  const auto good = loadEncodedSplit(data, "dev", tokenizer);
  // Flip a byte in the middle of the cache.
  const std::string cache = data + "/cache/dev.ids";
  std::fstream file(cache, std::ios::in | std::ios::out | std::ios::binary);
  file.seekg(0, std::ios::end);
  const auto size = file.tellg();
  file.seekp(size / 2);
  file.put('\x7f');
  file.close();
  EncodedSplit out;
  QVERIFY(!readEncodedCache(cache, "anything", out));
  bool cached = true;
  const auto rebuilt = loadEncodedSplit(data, "dev", tokenizer, &cached);
  QVERIFY(!cached);
  QVERIFY(rebuilt.src_ids == good.src_ids);
  // Misaligned files in a data folder: an error naming both files.
  std::ofstream(data + "/dev.en") << "One\nTwo\n";
  QVERIFY_THROWS_EXCEPTION(CorpusError, loadEncodedSplit(data, "dev", tokenizer));
}

// Found by fuzz_idcache: the checksum guards against accidents only. A file
// whose checksum is right but whose offsets point outside its ids, or run
// backwards, is refused; an empty split (a data folder without dev pairs)
// reads back empty.
void TestTokenizer::hostileCacheIsRefused() {
  QTemporaryDir dir;
  const std::string path = dir.filePath("train.ids").toStdString();
  EncodedSplit empty;
  writeEncodedCache(path, "key", empty);
  EncodedSplit out;
  QVERIFY(readEncodedCache(path, "key", out));
  QCOMPARE(out.size(), size_t(0));

  EncodedSplit hostile;
  hostile.src_ids = {5, 6, 7, 8, 9};
  hostile.tgt_ids = {5, 6, 7, 8, 9};
  hostile.src_offsets = {0, 100, 5};  // pair 0 "runs" to 100, pair 1 backwards
  hostile.tgt_offsets = {0, 2, 5};
  writeEncodedCache(path, "key", hostile);  // with its checksum, as a made file would have
  QVERIFY(!readEncodedCache(path, "key", out));
  QCOMPARE(out.size(), size_t(0));
  hostile.src_offsets = {3, 4, 5};  // not starting at 0
  writeEncodedCache(path, "key", hostile);
  QVERIFY(!readEncodedCache(path, "key", out));
}

void TestTokenizer::trainingInAChildLearnsTheSameModel() {
  // With a stop that never says so, the training runs in a child process: the model it
  // sends back is the one learnt in this process, byte for byte.
  TokenizerTrainOptions options;
  options.vocab_size = 300;
  int asked = 0;
  const std::string in_child = path("child.model");
  QVERIFY(Tokenizer::train(trainingSentences(), in_child, options, [&asked] { return ++asked < 0; }));
  QVERIFY(asked >= 2);  // before the child was made, and while waiting for it
  QCOMPARE(readAll(in_child), readAll(model_));
  QCOMPARE(readAll(path("child.vocab")), readAll(path("spm.vocab")));
  QVERIFY(!childrenLeft());
}

void TestTokenizer::stoppingEndsTheTrainingAtOnce() {
  const auto sentences = largeCorpus();
  TokenizerTrainOptions options;
  options.vocab_size = 4000;
  const std::string model = path("stopped.model");
  // Stopped before it began: no child, nothing written.
  QVERIFY(!Tokenizer::train(sentences, model, options, [] { return true; }));
  QVERIFY(!QFile::exists(QString::fromStdString(model)));
  // Stopped while SentencePiece learns: the third question comes a tenth of a second into the
  // child's work (the first is asked before the child is made, the second as soon as it is).
  int asked = 0;
  QVERIFY(!Tokenizer::train(sentences, model, options, [&asked] { return ++asked == 3; }));
  QCOMPARE(asked, 3);
  QVERIFY(!QFile::exists(QString::fromStdString(model)));
  QVERIFY(!QFile::exists(dir_.filePath("stopped.vocab")));
  QVERIFY(!childrenLeft());  // the child was ended and reaped
}

void TestTokenizer::aChildsFailureIsSaid() {
#ifdef _WIN32
  QSKIP("no child processes on Windows: the work runs in this process");
#else
  const auto never = [] { return false; };
  // What the work throws comes back with its message.
  try {
    studio::model::runStoppable([]() -> std::string { throw std::runtime_error("no sentences in 'x.txt'"); },
                                never);
    QFAIL("the child's exception did not come back");
  } catch (const studio::model::ChildError& e) {
    QCOMPARE(QString(e.what()), QString("no sentences in 'x.txt'"));
  }
  // A child that dies says by which signal.
  try {
    studio::model::runStoppable(
        []() -> std::string {
          std::raise(SIGKILL);
          return "never";
        },
        never);
    QFAIL("the child's death was not said");
  } catch (const studio::model::ChildError& e) {
    QVERIFY2(QString(e.what()).contains("signal 9"), e.what());
  }
  // A long answer (more than a pipe holds at once) comes back whole.
  const std::string long_answer(5'000'000, 'x');
  QCOMPARE(studio::model::runStoppable([&] { return long_answer; }, never).value().size(),
           long_answer.size());
  // A training that fails says SentencePiece's message.
  TokenizerTrainOptions options;
  options.model_type = "no-such-type";
  try {
    Tokenizer::train(trainingSentences(), path("bad.model"), options, never);
    QFAIL("a bad model type was accepted");
  } catch (const TokenizerError& e) {
    QVERIFY2(QString(e.what()).startsWith("SentencePiece training failed: "), e.what());
  }
  QVERIFY(!childrenLeft());
#endif
}

void TestTokenizer::aChildBornStuckIsMadeAgain() {
#ifndef __linux__
  QSKIP("a stuck child is recognised through Linux's /proc");
#else
  // A child that sleeps on one thread without using the processor (as one born
  // holding a lock another thread of the parent held) is killed after
  // stuck_after and the work done in a new child.
  const auto never = [] { return false; };
  const std::string tries = dir_.filePath("tries").toStdString();
  const auto stuck_on_its_first_try = [&tries]() -> std::string {
    std::ofstream(tries, std::ios::app) << 'x';
    if (readAll(tries).size() == 1) ::pause();  // asleep until killed
    return "done on try " + std::to_string(readAll(tries).size());
  };
  QCOMPARE(studio::model::runStoppable(stuck_on_its_first_try, never, std::chrono::milliseconds(300)).value(),
           std::string("done on try 2"));
  QVERIFY(!childrenLeft());
  // Stuck on every try: the third ends it with an error that says so.
  QFile::remove(QString::fromStdString(tries));
  const auto always_stuck = [&tries]() -> std::string {
    std::ofstream(tries, std::ios::app) << 'x';
    ::pause();
    return "never";
  };
  try {
    studio::model::runStoppable(always_stuck, never, std::chrono::milliseconds(300));
    QFAIL("a child stuck three times was not said");
  } catch (const studio::model::ChildError& e) {
    QVERIFY2(QString(e.what()).contains("without using the processor for 300 ms, 3 times"), e.what());
  }
  QCOMPARE(readAll(tries).size(), size_t(3));
  QVERIFY(!childrenLeft());
  // Work that uses the processor, or many threads, is not stuck however long it takes.
  const auto busy = [] {
    const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(1200);
    volatile unsigned long spins = 0;
    while (std::chrono::steady_clock::now() < until) spins = spins + 1;
    return std::string("busy");
  };
  QCOMPARE(studio::model::runStoppable(busy, never, std::chrono::milliseconds(300)).value(),
           std::string("busy"));
#endif
}

STUDIO_TEST_MAIN(TestTokenizer)
#include "tst_tokenizer.moc"
