// Files that survive the disk: a write that fails at any byte, a full tmpfs,
// a read-only folder, a folder removed under the writer. Each failure names
// the file, the cause and the free space, and leaves the previous file whole.

#include <unistd.h>

#include <cerrno>
#include <filesystem>
#include <fstream>

#include <QTemporaryDir>
#include <QtTest/QtTest>
#include <torch/torch.h>

#include "common/SuiteMain.h"
#include "common/TestUtil.h"
#include "model/files/AtomicFile.h"
#include "model/files/DiskSpace.h"
#include "model/files/ModelFile.h"

using namespace studio;
namespace fs = std::filesystem;

namespace {

// Every name in `folder` that is not in `expected` (temporary files left behind).
QStringList strayFiles(const std::string& folder, const QStringList& expected) {
  QStringList stray;
  for (const auto& entry : fs::directory_iterator(folder)) {
    const auto name = QString::fromStdString(entry.path().filename().string());
    if (!expected.contains(name)) stray << name;
  }
  return stray;
}

// Turns the injected failures off whatever the test's outcome.
struct InjectedFailure {
  InjectedFailure(int64_t bytes, int error) { model::testing::failWritesAfter(bytes, error); }
  ~InjectedFailure() { model::testing::failWritesAfter(-1); }
};

}  // namespace

class TestAtomicFile : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void initTestCase() { QVERIFY(dir_.isValid()); }
  void modelWriteFailingAtAnyByteKeepsThePreviousFile_data();
  void modelWriteFailingAtAnyByteKeepsThePreviousFile();
  void failureNamesTheCauseAndTheFreeSpace();
  void appendedLineIsWholeOrAbsent();
  void fullTmpfsIsAnErrorNotAnAbort();
  void readOnlyFolderIsAClearError();
  void folderRemovedDuringTheWriteIsAClearError();
  void copyIsAtomicToo();
  void bytesAreFormattedForPeople();

 private:
  std::string path(const char* name) const { return dir_.filePath(name).toStdString(); }
  QTemporaryDir dir_;
};

void TestAtomicFile::modelWriteFailingAtAnyByteKeepsThePreviousFile_data() {
  QTest::addColumn<qint64>("failAt");
  QTest::addColumn<int>("error");
  QTest::newRow("first byte, disk full") << qint64(0) << ENOSPC;
  QTest::newRow("byte 1, I/O error") << qint64(1) << EIO;
  QTest::newRow("inside the header") << qint64(100) << ENOSPC;
  QTest::newRow("inside the tensors") << qint64(20000) << ENOSPC;
  QTest::newRow("quota") << qint64(50000) << EDQUOT;
}

void TestAtomicFile::modelWriteFailingAtAnyByteKeepsThePreviousFile() {
  QFETCH(qint64, failAt);
  QFETCH(int, error);
  const std::string folder = path(("bytes-" + std::to_string(failAt)).c_str());
  fs::create_directories(folder);
  const std::string file = folder + "/model.pt";
  auto options = test::smallOptions();
  torch::manual_seed(1);
  model::Transformer first(options), second(options);
  model::saveModel(first, file);
  const std::string before = test::readBytes(file);
  QVERIFY(before.size() > size_t(failAt) + 1);  // the failure happens inside the file
  try {
    InjectedFailure failure(failAt, error);
    model::saveModel(second, file);
    QFAIL("the write did not fail");
  } catch (const model::FileWriteError& e) {
    const QString message = e.what();
    QVERIFY2(message.contains(QString::fromStdString(file)), e.what());
    QVERIFY2(message.contains(QString::fromUtf8(std::strerror(error))), e.what());
  }
  QCOMPARE(test::readBytes(file), before);
  QVERIFY(torch::equal(model::loadModel(file)->embeddingWeight(), first->embeddingWeight()));
  QCOMPARE(strayFiles(folder, {"model.pt"}), QStringList());
  // Once the disk has room again, the same write succeeds.
  model::saveModel(second, file);
  QVERIFY(torch::equal(model::loadModel(file)->embeddingWeight(), second->embeddingWeight()));
}

void TestAtomicFile::failureNamesTheCauseAndTheFreeSpace() {
  const std::string file = path("notes.txt");
  InjectedFailure failure(3, ENOSPC);
  try {
    model::writeFileAtomically(file, "more than three bytes");
    QFAIL("the write did not fail");
  } catch (const model::FileWriteError& e) {
    const QString message = e.what();
    QVERIFY2(message.contains("No space left on device"), e.what());
    QVERIFY2(message.contains(" free on "), e.what());
    QVERIFY2(message.contains(QString::fromStdString(file)), e.what());
  }
  QVERIFY(!fs::exists(file));
}

void TestAtomicFile::appendedLineIsWholeOrAbsent() {
  const std::string file = path("metrics.jsonl");
  {
    model::LineAppender log(file);
    log.open();
    log.append(R"({"step":1})");
    log.append(R"({"step":2})");
    InjectedFailure failure(5, ENOSPC);
    QVERIFY_THROWS_EXCEPTION(model::FileWriteError, log.append(R"({"step":3,"loss":1.25})"));
  }
  QCOMPARE(test::readBytes(file), std::string("{\"step\":1}\n{\"step\":2}\n"));
  model::LineAppender again(file);
  again.append(R"({"step":3})");
  QCOMPARE(test::readBytes(file), std::string("{\"step\":1}\n{\"step\":2}\n{\"step\":3}\n"));
}

void TestAtomicFile::fullTmpfsIsAnErrorNotAnAbort() {
  const std::string folder = path("tiny-disk");
  test::TmpfsMount disk(folder, 64 * 1024);
  if (!disk.mounted()) QSKIP(disk.reason().c_str());
  auto options = test::smallOptions();
  options.vocab_size = 2000;  // ~200 KiB of embedding: more than the disk holds
  model::Transformer m(options);
  model::writeFileAtomically(folder + "/keep.txt", "earlier file");
  try {
    model::saveModel(m, folder + "/model.pt");
    QFAIL("the write did not fail");
  } catch (const model::FileWriteError& e) {
    const QString message = e.what();
    QVERIFY2(message.contains("No space left on device"), e.what());
    QVERIFY2(message.contains("free on " + QString::fromStdString(folder)), e.what());
    // Measured once the partial file is gone: the room the user really has.
    QVERIFY2(!message.contains("(0 bytes free"), e.what());
  }
  QCOMPARE(strayFiles(folder, {"keep.txt"}), QStringList());
  QCOMPARE(test::readBytes(folder + "/keep.txt"), std::string("earlier file"));
  QVERIFY(disk.resize(4 * 1024 * 1024));
  model::saveModel(m, folder + "/model.pt");
  QCOMPARE(model::loadModel(folder + "/model.pt")->options(), options);
}

void TestAtomicFile::readOnlyFolderIsAClearError() {
  const std::string folder = path("read-only");
  fs::create_directories(folder);
  std::unique_ptr<test::TmpfsMount> disk;
  if (::geteuid() == 0) {
    // Root writes through permissions: a read-only file system is the real thing.
    disk = std::make_unique<test::TmpfsMount>(folder, 1024 * 1024, /*read_only=*/true);
    if (!disk->mounted()) QSKIP(disk->reason().c_str());
  } else {
    fs::permissions(folder, fs::perms::owner_read | fs::perms::owner_exec);
  }
  try {
    model::writeFileAtomically(folder + "/config.json", "{}");
    QFAIL("the write did not fail");
  } catch (const model::FileWriteError& e) {
    const QString message = e.what();
    QVERIFY2(message.contains(QString::fromStdString(folder + "/config.json")), e.what());
    QVERIFY2(message.contains("Read-only file system") || message.contains("Permission denied"), e.what());
  }
  if (!disk) fs::permissions(folder, fs::perms::owner_all);
}

void TestAtomicFile::folderRemovedDuringTheWriteIsAClearError() {
  const std::string folder = path("vanishing");
  fs::create_directories(folder);
  try {
    model::writeAtomically(folder + "/best.pt", [&](model::FileSink& sink) {
      sink.write("partial");
      fs::remove_all(folder);  // the user deletes the run folder meanwhile
    });
    QFAIL("the write did not fail");
  } catch (const model::FileWriteError& e) {
    const QString message = e.what();
    QVERIFY2(message.contains(QString::fromStdString(folder + "/best.pt")), e.what());
    QVERIFY2(message.contains("does not exist"), e.what());
  }
  QVERIFY(!fs::exists(folder));
}

void TestAtomicFile::copyIsAtomicToo() {
  model::writeFileAtomically(path("source.pt"), std::string(300000, 'x'));
  model::writeFileAtomically(path("copy.pt"), "previous");
  {
    InjectedFailure failure(1000, ENOSPC);
    QVERIFY_THROWS_EXCEPTION(model::FileWriteError, model::copyFileAtomically(path("source.pt"), path("copy.pt")));
  }
  QCOMPARE(test::readBytes(path("copy.pt")), std::string("previous"));
  model::copyFileAtomically(path("source.pt"), path("copy.pt"));
  QCOMPARE(test::readBytes(path("copy.pt")), std::string(300000, 'x'));
  QVERIFY_THROWS_EXCEPTION(std::runtime_error, model::copyFileAtomically(path("missing.pt"), path("copy.pt")));
}

void TestAtomicFile::bytesAreFormattedForPeople() {
  QCOMPARE(model::formatBytes(512), std::string("512 bytes"));
  QCOMPARE(model::formatBytes(1536), std::string("1.5 KiB"));
  QCOMPARE(model::formatBytes(3 * 1024 * 1024), std::string("3.0 MiB"));
  QVERIFY(model::freeBytes(dir_.path().toStdString()) > 0);
  QVERIFY(model::freeBytes(path("not/yet/made/file.pt")) > 0);  // the nearest existing folder
}

STUDIO_TEST_MAIN(TestAtomicFile)
#include "tst_atomicfile.moc"
