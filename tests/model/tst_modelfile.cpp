// Saving and loading a model with its options: identical outputs, and clear
// errors (never a crash) for missing, truncated, corrupt or mismatched files.

#include <fstream>

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest/QtTest>
#include <nlohmann/json.hpp>
#include <torch/torch.h>

#include "common/SuiteMain.h"
#include "common/TestUtil.h"
#include "model/files/AtomicFile.h"
#include "model/files/ModelFile.h"

using namespace studio;
using studio::test::randomTokens;
using studio::test::smallOptions;

namespace {

// Writes an archive by hand: `options` as stored options, `weights`' tensors.
void writeCraftedFile(const std::string& path, const nlohmann::json& options, model::Transformer& weights,
                      int64_t version = model::kModelFormatVersion) {
  torch::serialize::OutputArchive archive;
  archive.write("format", c10::IValue(std::string(model::kModelFormat)));
  archive.write("format_version", c10::IValue(version));
  archive.write("options", c10::IValue(options.dump()));
  weights->save(archive);
  archive.save_to(path);
}

QByteArray readAll(const QString& path) {
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly)) return {};
  return file.readAll();
}

void writeAll(const QString& path, const QByteArray& bytes) {
  QFile file(path);
  QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
  file.write(bytes);
}

}  // namespace

class TestModelFile : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void init() {
    torch::manual_seed(11);
    QVERIFY(dir_.isValid());
  }

  void saveThenLoadGivesBitIdenticalLogits_data();
  void saveThenLoadGivesBitIdenticalLogits();
  void optionsAreReadWithoutTheWeights();
  void badFilesGiveClearErrors_data();
  void badFilesGiveClearErrors();
  void mismatchedShapesNameTheParameter();
  void missingModuleIsNamed();
  void newerFormatVersionIsRefused();
  void savingReplacesAtomically();
  void failedWriteLeavesThePreviousFile();
  void unwritablePathIsAClearError();
  void pythonTorchReadsTheFile();

 private:
  std::string path(const QString& name) const { return dir_.filePath(name).toStdString(); }
  QTemporaryDir dir_;
};

void TestModelFile::saveThenLoadGivesBitIdenticalLogits_data() {
  QTest::addColumn<bool>("pre");
  QTest::addColumn<bool>("learnableScale");
  QTest::newRow("post-LN") << false << false;
  QTest::newRow("pre-LN, learnable position scale") << true << true;
}

void TestModelFile::saveThenLoadGivesBitIdenticalLogits() {
  QFETCH(bool, pre);
  QFETCH(bool, learnableScale);
  auto o = smallOptions(pre ? model::NormPosition::Pre : model::NormPosition::Post);
  o.learnable_position_scale = learnableScale;
  model::Transformer original(o);
  {  // move the weights away from their initial values
    torch::NoGradGuard no_grad;
    for (auto& p : original->parameters()) p.add_(torch::randn_like(p) * 0.01);
  }
  original->eval();
  const auto file = path("model.pt");
  model::saveModel(original, file);
  auto loaded = model::loadModel(file);
  loaded->eval();
  QVERIFY(loaded->options() == o);
  auto src = randomTokens(3, 6, o.vocab_size);
  auto tgt = randomTokens(3, 4, o.vocab_size);
  QVERIFY(torch::equal(original(src, tgt), loaded(src, tgt)));
  auto a = original->named_parameters();
  for (const auto& p : loaded->named_parameters()) QVERIFY(torch::equal(p.value(), a[p.key()]));
}

void TestModelFile::optionsAreReadWithoutTheWeights() {
  auto o = smallOptions();
  o.d_ff = 48;
  model::Transformer m(o);
  model::saveModel(m, path("options.pt"));
  QVERIFY(model::readModelOptions(path("options.pt")) == o);
}

void TestModelFile::badFilesGiveClearErrors_data() {
  QTest::addColumn<QString>("kind");
  QTest::addColumn<QString>("expected");
  QTest::newRow("missing") << "missing" << "no such file";
  QTest::newRow("a folder") << "folder" << "no such file";
  QTest::newRow("empty") << "empty" << "cannot be read";
  QTest::newRow("random bytes") << "random" << "cannot be read";
  QTest::newRow("truncated to half") << "half" << "cannot be read";
  QTest::newRow("truncated to 100 bytes") << "100" << "cannot be read";
  QTest::newRow("bytes flipped in the middle") << "flipped" << "corrupt";
  QTest::newRow("a plain LibTorch module") << "plain" << "not an Attention Studio model";
}

void TestModelFile::badFilesGiveClearErrors() {
  QFETCH(QString, kind);
  QFETCH(QString, expected);
  auto o = smallOptions();
  model::Transformer m(o);
  const QString good = dir_.filePath("good.pt");
  model::saveModel(m, good.toStdString());
  const QByteArray bytes = readAll(good);
  const QString bad = dir_.filePath("bad-" + kind + ".pt");
  if (kind == "folder") {
    QVERIFY(QDir(dir_.path()).mkpath("bad-folder.pt"));
  } else if (kind == "empty") {
    writeAll(bad, {});
  } else if (kind == "random") {
    QByteArray noise(4096, '\0');
    for (int i = 0; i < noise.size(); ++i) noise[i] = char((i * 131 + 17) % 251);
    writeAll(bad, noise);
  } else if (kind == "half") {
    writeAll(bad, bytes.left(bytes.size() / 2));
  } else if (kind == "100") {
    writeAll(bad, bytes.left(100));
  } else if (kind == "flipped") {
    QByteArray broken = bytes;
    for (int i = broken.size() / 2; i < broken.size() / 2 + 512; ++i) broken[i] = char(~broken[i]);
    writeAll(bad, broken);
  } else if (kind == "plain") {
    torch::serialize::OutputArchive archive;
    m->save(archive);
    archive.save_to(bad.toStdString());
  }
  try {
    auto loaded = model::loadModel(bad.toStdString());
    QFAIL("a bad file loaded without an error");
  } catch (const model::ModelFileError& e) {
    const QString message = e.what();
    QVERIFY2(message.contains(bad), qPrintable(message));
    QVERIFY2(message.contains(expected), qPrintable(message));
    QVERIFY2(!message.contains('\n'), qPrintable(message));
  }
}

void TestModelFile::mismatchedShapesNameTheParameter() {
  auto o = smallOptions();
  model::Transformer m(o);
  auto claimed = o;
  claimed.d_ff = 96;  // the file says 96, its tensors say 64
  writeCraftedFile(path("mismatch.pt"), model::toJson(claimed), m);
  try {
    model::loadModel(path("mismatch.pt"));
    QFAIL("no exception");
  } catch (const model::ModelFileError& e) {
    const QString message = e.what();
    QVERIFY2(message.contains("encoder.layers.0.ffn.linear1.weight"), qPrintable(message));
    QVERIFY2(message.contains("[64, 32]") && message.contains("[96, 32]"), qPrintable(message));
  }
}

void TestModelFile::missingModuleIsNamed() {
  auto o = smallOptions();
  model::Transformer m(o);
  auto claimed = o;
  claimed.decoder_layers = 3;
  writeCraftedFile(path("missing.pt"), model::toJson(claimed), m);
  try {
    model::loadModel(path("missing.pt"));
    QFAIL("no exception");
  } catch (const model::ModelFileError& e) {
    QVERIFY2(QString(e.what()).contains("decoder.layers.2"), e.what());
  }
  // Invalid options in the file are refused with the field named.
  auto invalid = model::toJson(o);
  invalid["heads"] = 5;
  writeCraftedFile(path("invalid.pt"), invalid, m);
  try {
    model::loadModel(path("invalid.pt"));
    QFAIL("no exception");
  } catch (const model::ModelFileError& e) {
    QVERIFY2(QString(e.what()).contains("'d_model'"), e.what());
  }
}

void TestModelFile::newerFormatVersionIsRefused() {
  auto o = smallOptions();
  model::Transformer m(o);
  writeCraftedFile(path("future.pt"), model::toJson(o), m, model::kModelFormatVersion + 1);
  try {
    model::loadModel(path("future.pt"));
    QFAIL("no exception");
  } catch (const model::ModelFileError& e) {
    QVERIFY2(QString(e.what()).contains("newer"), e.what());
  }
}

void TestModelFile::savingReplacesAtomically() {
  auto o = smallOptions();
  model::Transformer first(o);
  model::Transformer second(o);
  model::saveModel(first, path("replace.pt"));
  model::saveModel(second, path("replace.pt"));
  auto loaded = model::loadModel(path("replace.pt"));
  QVERIFY(torch::equal(loaded->embeddingWeight(), second->embeddingWeight()));
  QCOMPARE(QDir(dir_.path()).entryList({"replace.pt*"}, QDir::Files), QStringList{"replace.pt"});
}

void TestModelFile::failedWriteLeavesThePreviousFile() {
  const auto file = path("keep.txt");
  model::writeFileAtomically(file, "first version");
  bool threw = false;
  try {
    model::writeAtomically(file, [](model::FileSink& sink) {
      sink.write("half written");
      throw std::runtime_error("simulated crash in the middle of a write");
    });
  } catch (const std::runtime_error&) {
    threw = true;
  }
  QVERIFY(threw);
  QCOMPARE(readAll(QString::fromStdString(file)), QByteArray("first version"));
  QCOMPARE(QDir(dir_.path()).entryList({"keep.txt*"}, QDir::Files), QStringList{"keep.txt"});
}

void TestModelFile::unwritablePathIsAClearError() {
  model::writeFileAtomically(path("a-file"), "x");
  auto o = smallOptions();
  model::Transformer m(o);
  try {
    model::saveModel(m, path("a-file") + "/model.pt");  // parent is a file
    QFAIL("no exception");
  } catch (const std::runtime_error& e) {
    QVERIFY2(QString(e.what()).contains("a-file"), e.what());
  }
}

void TestModelFile::pythonTorchReadsTheFile() {
  const QString python = STUDIO_TORCH_PYTHON;
  QProcess probe;
  probe.start(python, {"-c", "import torch"});
  if (!probe.waitForFinished(60000) || probe.exitCode() != 0)
    QSKIP("no Python with torch at " STUDIO_TORCH_PYTHON " (scripts/deps installs Debian's python3-torch)");

  auto o = smallOptions(model::NormPosition::Pre);
  model::Transformer m(o);
  model::saveModel(m, path("python.pt"));
  const char* script = R"(
import json, sys, torch
m = torch.jit.load(sys.argv[1])
params = dict(m.named_parameters())
print(json.dumps({
    "format": m.format,
    "options": json.loads(m.options),
    "count": sum(p.numel() for p in params.values()),
    "embedding_sum": float(params["embedding.weight"].double().sum()),
    "qkv_shape": list(params["encoder.layers.1.self_attn.qkv_proj.weight"].shape),
    "table_shape": list(dict(m.named_buffers())["positional.table"].shape),
}))
)";
  QProcess process;
  process.start(python, {"-c", script, dir_.filePath("python.pt")});
  QVERIFY(process.waitForFinished(120000));
  QVERIFY2(process.exitCode() == 0, process.readAllStandardError().constData());
  auto read = nlohmann::json::parse(process.readAllStandardOutput().toStdString());
  QCOMPARE(read["format"].get<std::string>(), std::string(model::kModelFormat));
  QVERIFY(model::transformerOptionsFromJson(read["options"]) == o);
  QCOMPARE(read["count"].get<int64_t>(), m->parameterCount());
  QVERIFY(std::abs(read["embedding_sum"].get<double>() -
                   m->embeddingWeight().to(torch::kDouble).sum().item<double>()) < 1e-9);
  QCOMPARE(read["qkv_shape"].get<std::vector<int64_t>>(), (std::vector<int64_t>{3 * o.d_model, o.d_model}));
  QCOMPARE(read["table_shape"].get<std::vector<int64_t>>(), (std::vector<int64_t>{o.max_length, o.d_model}));
}

STUDIO_TEST_MAIN(TestModelFile)
#include "tst_modelfile.moc"
