// SentencePiece through the plugin: training, round trips on Vietnamese with
// every diacritic, equality with Debian's spm_encode, and the id cache.

#include <fstream>

#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest/QtTest>

#include "common/SuiteMain.h"
#include "model/data/EncodedCorpus.h"
#include "model/data/Tokenizer.h"

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
  void cacheIsUsedAndInvalidated();
  void corruptCacheIsRebuilt();
  void hostileCacheIsRefused();

 private:
  std::string path(const char* name) const { return dir_.filePath(name).toStdString(); }
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

STUDIO_TEST_MAIN(TestTokenizer)
#include "tst_tokenizer.moc"
