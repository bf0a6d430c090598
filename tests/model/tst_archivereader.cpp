// Our own reader of LibTorch archives (model/files/ZipDirectory, Pickle,
// TorchArchive): it reads what LibTorch writes, and refuses what a stranger's
// file could do to LibTorch's loader: code that runs on load, globals that
// call anything, cycles, tensors outside their storage, a model bigger than
// its file, damaged zip directories.

#include <fstream>
#include <tuple>
#include <vector>
#include <sstream>

#include <QTemporaryDir>
#include <QtTest/QtTest>
#include <nlohmann/json.hpp>
#include <torch/torch.h>

#include "common/SuiteMain.h"
#include "common/TestUtil.h"
#include "model/files/ModelFile.h"
#include "model/files/Pickle.h"
#include "model/files/TorchArchive.h"
#include "model/files/ZipDirectory.h"

using namespace studio;
using namespace std::string_literals;
using model::ArchiveFormatError;
using model::ModelFileError;
using model::Pickle;
using studio::test::smallOptions;

namespace {

using Entries = std::vector<std::pair<std::string, std::string>>;

// Every entry of an archive, in order, read (and inflated) by our reader.
Entries entriesOf(const std::string& path) {
  std::ifstream file(path, std::ios::binary);
  const model::ZipDirectory zip(file, std::filesystem::file_size(path));
  std::vector<std::pair<uint64_t, std::string>> by_offset;
  for (const auto& [name, entry] : zip.entries()) by_offset.emplace_back(entry.offset, name);
  std::sort(by_offset.begin(), by_offset.end());
  Entries entries;
  for (const auto& item : by_offset) entries.emplace_back(item.second, zip.read(file, item.second, 1u << 30));
  return entries;
}

void put(std::string& out, uint64_t value, int bytes) {
  for (int i = 0; i < bytes; ++i) out += char((value >> (8 * i)) & 0xFF);
}

// A zip of stored entries under archive/, written the plain way.
void writeZip(const std::string& path, const Entries& entries) {
  std::string out, directory;
  for (const auto& [name, bytes] : entries) {
    const std::string full = "archive/" + name;
    const uint32_t crc = model::crc32(bytes.data(), bytes.size());
    const uint64_t offset = out.size();
    put(out, 0x04034b50, 4), put(out, 20, 2), put(out, 0, 2), put(out, 0, 2), put(out, 0, 4);
    put(out, crc, 4), put(out, bytes.size(), 4), put(out, bytes.size(), 4), put(out, full.size(), 2), put(out, 0, 2);
    out += full + bytes;
    put(directory, 0x02014b50, 4), put(directory, 20, 2), put(directory, 20, 2), put(directory, 0, 2);
    put(directory, 0, 2), put(directory, 0, 4), put(directory, crc, 4), put(directory, bytes.size(), 4);
    put(directory, bytes.size(), 4), put(directory, full.size(), 2), put(directory, 0, 2), put(directory, 0, 2);
    put(directory, 0, 2), put(directory, 0, 2), put(directory, 0, 4), put(directory, offset, 4);
    directory += full;
  }
  const uint64_t directory_offset = out.size();
  out += directory;
  put(out, 0x06054b50, 4), put(out, 0, 2), put(out, 0, 2), put(out, entries.size(), 2), put(out, entries.size(), 2);
  put(out, directory.size(), 4), put(out, directory_offset, 4), put(out, 0, 2);
  std::ofstream(path, std::ios::binary | std::ios::trunc) << out;
}

std::string& entry(Entries& entries, const std::string& name) {
  for (auto& e : entries)
    if (e.first == name) return e.second;
  throw std::runtime_error("no entry " + name);
}

// A pickle's bytes from a readable spelling: protocol 2 header, then `body`.
std::string pickle(const std::string& body) { return std::string("\x80\x02", 2) + body; }

std::string binUnicode(const std::string& text) {
  std::string out = "X";
  put(out, text.size(), 4);
  return out + text;
}

}  // namespace

class TestArchiveReader : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void init() {
    torch::manual_seed(5);
    QVERIFY(dir_.isValid());
  }

  void readsWhatLibTorchWrites() {
    model::Transformer m(smallOptions());
    model::saveModel(m, path("model.pt"));
    model::TorchArchive archive(path("model.pt"));
    const auto* weight = archive.root().attribute("embedding")->attribute("weight");
    QVERIFY(weight && weight->kind == model::PickleValue::Kind::Tensor);
    QVERIFY(torch::equal(archive.readTensor(*weight), m->named_parameters()["embedding.weight"]));
    archive.requireLoadableByLibTorch();

    // The same entries in a zip of our own making load with both readers:
    // the test's zip writer below is a fair way to make hostile files.
    writeZip(path("rewritten.pt"), entriesOf(path("model.pt")));
    auto loaded = model::loadModel(path("rewritten.pt"));
    QVERIFY(torch::equal(loaded->named_parameters()["embedding.weight"], m->named_parameters()["embedding.weight"]));
    bool read = false;
    model::readModelArchive(path("rewritten.pt"), [&](torch::serialize::InputArchive&) { read = true; });
    QVERIFY(read);
  }

  void codeThatWouldRunOnLoadIsRefused() {
    model::Transformer m(smallOptions());
    model::saveModel(m, path("model.pt"));
    auto entries = entriesOf(path("model.pt"));
    // LibTorch would compile this and call it while unpickling the module.
    entry(entries, "code/__torch__.py") +=
        "  def __setstate__(self, state: Tuple[str]) -> None:\n    print(\"ran\")\n";
    writeZip(path("code.pt"), entries);
    bool read = false;
    try {
      model::readModelArchive(path("code.pt"), [&](torch::serialize::InputArchive&) { read = true; });
      QFAIL("an archive with a method was handed to LibTorch");
    } catch (const ModelFileError& e) {
      QVERIFY2(QString(e.what()).contains("not a plain class declaration"), e.what());
      QVERIFY2(QString(e.what()).contains(QString::fromStdString(path("code.pt"))), e.what());
    }
    QVERIFY(!read);
    // The weights themselves are data: our reader loads them, nothing runs.
    QVERIFY(torch::equal(model::loadModel(path("code.pt"))->named_parameters()["embedding.weight"], m->named_parameters()["embedding.weight"]));
  }

  void globalsThatCallAnythingAreRefused() {
    expectPickleError(pickle("cos\nsystem\n" + binUnicode("true") + "\x85R."), "a global this program does not load");
    expectPickleError(pickle("cbuiltins\neval\n)R."), "a global this program does not load");
  }

  void cyclesDepthAndDanglingReferencesAreRefused() {
    expectPickleError(pickle("]q\x00h\x00"s "a."), "contains itself");  // a list holding itself
    expectPickleError(pickle(std::string(100000, ']') + std::string(99999, 'a') + "."), "nested deeper");
    expectPickleError(pickle("h\x07."), "a reference to nothing");
    expectPickleError(pickle("]"), "ends early");
    expectPickleError(pickle("\xff."), "an opcode this program does not read");
    expectPickleError(pickle("](."), "STOP with");
    expectPickleError(std::string("\x80\x05."), "not a protocol 2 pickle");
  }

  void tensorsOutsideTheirStorageAreRefused() {
    // _rebuild_tensor_v2(storage of 4 floats, offset, sizes, strides)
    auto tensor = [](const std::string& offset, const std::string& sizes, const std::string& strides) {
      return pickle("ctorch._utils\n_rebuild_tensor_v2\n((" + binUnicode("storage") + "ctorch\nFloatStorage\n" +
                    binUnicode("0") + binUnicode("cpu") + "K\x04tQ" + offset + sizes + strides + "\x89tR.");
    };
    const Pickle fits(tensor("K\x00"s, "K\x02K\x02\x86", "K\x02K\x01\x86"), "fits");
    QCOMPARE(fits.root().kind, model::PickleValue::Kind::Tensor);
    expectPickleError(tensor("K\x01", "K\x02K\x02\x86", "K\x02K\x01\x86"), "past the end of its storage");
    expectPickleError(tensor("K\x00"s, "K\x05\x85", "K\x01\x85"), "past the end of its storage");
    // Sizes whose product overflows 64 bits.
    expectPickleError(tensor("K\x00"s, "J\xff\xff\xff\x7fJ\xff\xff\xff\x7f\x8a\x08\xff\xff\xff\xff\xff\xff\xff\x0f\x87",
                             "K\x00K\x00K\x00\x87"s),
                      "too many elements");
  }

  void recordsMustHoldTheirTensors() {
    model::Transformer m(smallOptions());
    model::saveModel(m, path("model.pt"));
    auto entries = entriesOf(path("model.pt"));
    entry(entries, "data/0").resize(8);  // a record shorter than its storage
    writeZip(path("short.pt"), entries);
    expectModelFileError(path("short.pt"), "holds 8 bytes");
  }

  void aModelBiggerThanItsFileIsNotAllocated() {
    model::Transformer m(smallOptions());
    model::saveModel(m, path("model.pt"));
    auto entries = entriesOf(path("model.pt"));
    // The options say 2^20 × 2^14 floats of embedding (64 GiB): refused before
    // the model is built, from the file's size.
    std::string& data = entry(entries, "data.pkl");
    const std::string options = model::toJson(smallOptions()).dump();
    auto huge = model::toJson(smallOptions());
    huge["vocab_size"] = 1 << 20;
    huge["d_model"] = 1 << 14;
    huge["heads"] = 1;
    const std::string text = huge.dump();
    const auto at = data.find(binUnicode(options));
    QVERIFY(at != std::string::npos);
    data.replace(at, options.size() + 5, binUnicode(text));
    writeZip(path("huge.pt"), entries);
    expectModelFileError(path("huge.pt"), "MiB of weights, but the file holds");
  }

  void damagedZipDirectoriesAreRefused() {
    model::Transformer m(smallOptions());
    model::saveModel(m, path("model.pt"));
    const std::string bytes = test::readBytes(path("model.pt"));
    const auto end = bytes.rfind(std::string("PK\x05\x06", 4));
    QVERIFY(end != std::string::npos);
    // LibTorch writes both end records: the plain one and the ZIP64 one (with its locator).
    const auto end64 = bytes.rfind(std::string("PK\x06\x06", 4));
    QVERIFY(end64 != std::string::npos && end64 < end);
    auto withFields = [&](const std::vector<std::tuple<size_t, uint64_t, int>>& fields, const std::string& name) {
      std::string broken = bytes;
      for (const auto& [at, value, size] : fields)
        for (int i = 0; i < size; ++i) broken[at + size_t(i)] = char((value >> (8 * i)) & 0xFF);
      std::ofstream(path(name), std::ios::binary | std::ios::trunc) << broken;
      return path(name);
    };
    // The directory's offset and size, in both records.
    expectModelFileError(withFields({{end + 16, 0x7FFFFFF0, 4}, {end64 + 48, 0x7FFFFFF0, 8}}, "offset.pt"),
                         "outside the file");
    expectModelFileError(withFields({{end + 12, 0x7FFFFFF0, 4}, {end64 + 40, 0x7FFFFFF0, 8}}, "size.pt"),
                         "outside the file");
    // The records disagree: LibTorch's zip reader would take the ZIP64 one.
    expectModelFileError(withFields({{end + 16, 0x10, 4}}, "plain-offset.pt"), "disagrees");
    expectModelFileError(withFields({{end64 + 24, 0, 8}, {end64 + 32, 0, 8}}, "zip64-count.pt"), "disagrees");
    std::string no_end = bytes.substr(0, end);
    std::ofstream(path("no-end.pt"), std::ios::binary | std::ios::trunc) << no_end;
    expectModelFileError(path("no-end.pt"), "no zip end-of-directory record");
  }

  void whatTheFuzzerFoundStaysFixed() {
    // Found by tests/fuzz/fuzz_modelfile against LibTorch 1.13's own loader
    // (a SEGV in its unpickler); our reader refuses the file instead.
    const std::string crash = STUDIO_FUZZ_CORPUS_DIR "/modelfile/regression-libtorch-1.13-loader-crash.pt";
    expectModelFileError(crash, "cannot be read");
    try {
      model::readModelArchive(crash, [](torch::serialize::InputArchive&) {});
      QFAIL("the file was handed to LibTorch");
    } catch (const ModelFileError& e) {
      QVERIFY2(QString(e.what()).contains("CRC-32"), e.what());
    }
    // Found by the same target: the ZIP64 end record's counts overwritten.
    // LibTorch's loader read its zip directory from that record alone, found
    // no entries and threw, leaking its zip reader's state (152 bytes, seen by
    // LeakSanitizer); our reader refuses the file before LibTorch sees it.
    const std::string leak = STUDIO_FUZZ_CORPUS_DIR "/modelfile/regression-zip64-record-libtorch-leak.pt";
    try {
      model::readModelArchive(leak, [](torch::serialize::InputArchive&) {});
      QFAIL("the file was handed to LibTorch");
    } catch (const ModelFileError& e) {
      QVERIFY2(QString(e.what()).contains("ZIP64 end-of-directory record"), e.what());
    }
    // Found by the same target in CI: a version record LibTorch refuses (it
    // reads 1 to 10) made its loader throw from its zip reader's constructor,
    // leaking that reader's state (4 allocations). Our reader reads the
    // number as LibTorch does and refuses it first; what LibTorch reads loads.
    model::Transformer m(smallOptions());
    model::saveModel(m, path("model.pt"));
    const std::vector<std::pair<std::string, const char*>> versions = {
        {"0\n", "file format version 0"}, {"11", "file format version 11"},
        {"\n", "no version number"},      {"99999999999999\n", "file format version 999..."},
        {"3 ", "no version number"},      {"", "no version number"}};
    for (const auto& [text, expected] : versions) {
      auto entries = entriesOf(path("model.pt"));
      entry(entries, "version") = text;
      writeZip(path("version.pt"), entries);
      try {
        model::readModelArchive(path("version.pt"), [](torch::serialize::InputArchive&) {});
        QFAIL(qPrintable("version '" + QString::fromStdString(text) + "' was handed to LibTorch"));
      } catch (const ModelFileError& e) {
        QVERIFY2(QString(e.what()).contains(expected), e.what());
      }
    }
    for (const std::string text : {"\n\n4\n", "10", "1"}) {
      auto entries = entriesOf(path("model.pt"));
      entry(entries, "version") = text;
      writeZip(path("version.pt"), entries);
      bool read = false;
      model::readModelArchive(path("version.pt"), [&](torch::serialize::InputArchive&) { read = true; });
      QVERIFY2(read, text.c_str());
    }
  }

 private:
  std::string path(const std::string& name) const { return dir_.filePath(QString::fromStdString(name)).toStdString(); }

  static void expectPickleError(const std::string& bytes, const char* expected) {
    try {
      const Pickle p(bytes, "test.pkl");
      QFAIL(qPrintable(QString("read without an error; expected '%1'").arg(expected)));
    } catch (const ArchiveFormatError& e) {
      QVERIFY2(QString(e.what()).contains(expected), e.what());
      QVERIFY2(QString(e.what()).startsWith("test.pkl: "), e.what());
    }
  }

  static void expectModelFileError(const std::string& file, const char* expected) {
    try {
      model::loadModel(file);
      QFAIL(qPrintable(QString("'%1' loaded; expected '%2'").arg(QString::fromStdString(file), expected)));
    } catch (const ModelFileError& e) {
      QVERIFY2(QString(e.what()).contains(expected), e.what());
      QVERIFY2(QString(e.what()).contains(QString::fromStdString(file)), e.what());
    }
  }

  QTemporaryDir dir_;
};

STUDIO_TEST_MAIN(TestArchiveReader)
#include "tst_archivereader.moc"
