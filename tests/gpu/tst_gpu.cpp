// The GPU path, checked against the CPU: training steps in fp32, bf16 autocast
// and fp16 with loss scaling; greedy and beam search with and without the
// key/value cache; attention capture; checkpoints moving between the CPU and
// the GPU; running out of GPU memory. Every case
// skips with the reason on a machine without a usable CUDA GPU (and in a CPU
// build); scripts/gpu-check runs this suite first.

#include <cmath>
#include <filesystem>
#include <random>

#include <QTemporaryDir>
#include <QtTest/QtTest>
#include <torch/cuda.h>
#include <torch/torch.h>

#ifdef STUDIO_CUDA_BUILD
#include <c10/cuda/CUDACachingAllocator.h>
#endif

#include "common/SuiteMain.h"
#include "common/TestUtil.h"
#include "model/decoding/AttentionCapture.h"
#include "model/decoding/Decoding.h"
#include "model/decoding/DecodingDevice.h"
#include "model/decoding/Greedy.h"
#include "model/decoding/Translator.h"
#include "model/files/ModelFile.h"
#include "model/runtime/Runtime.h"
#include "model/training/Checkpoints.h"
#include "model/training/Loss.h"
#include "model/training/MixedPrecision.h"
#include "model/training/Optimizer.h"
#include "model/training/Trainer.h"

using namespace studio;
namespace fs = std::filesystem;

namespace {

const torch::Device kGpu(torch::kCUDA, 0);

// The same weights on another device (a deep copy through a model file's tensors).
model::Transformer copyTo(model::Transformer& source, const torch::Device& device) {
  model::Transformer copy(source->options());
  torch::NoGradGuard no_grad;
  auto from = source->named_parameters();
  for (auto& p : copy->named_parameters()) p.value().copy_(from[p.key()]);
  copy->to(device);
  return copy;
}

// Five optimizer steps on fixed batches of the reverse task; the losses.
std::vector<double> trainSteps(model::Transformer& m, const torch::Device& device, bool amp, torch::ScalarType dtype) {
  auto adam = model::makeAdam(m->parameters(), 1e-3);
  // A modest first scale: a skipped (overflowing) step would leave nothing to compare.
  model::LossScaler scaler(amp && dtype == torch::kHalf, /*initial_scale=*/1024.0);
  std::mt19937 rng(7);
  std::vector<double> losses;
  m->train();
  for (int step = 0; step < 5; ++step) {
    auto batch = test::makeSequenceBatch(rng, 32, /*reverse=*/true, m->options());
    adam->zero_grad();
    model::LossResult out;
    {
      model::AutocastScope autocast(amp, device, dtype);
      out = model::labelSmoothedCrossEntropy(m(batch.src.to(device), batch.target_in.to(device)),
                                             batch.target_out.to(device), m->options().pad_id, 0.1);
    }
    (out.loss * scaler.scale()).backward();
    const bool finite = scaler.unscaleAndCheck(m->parameters());
    if (finite) adam->step();
    scaler.update(finite);
    losses.push_back(finite ? out.loss.item<double>() : std::nan("overflow"));
  }
  return losses;
}

// One optimizer step on `batch`; the loss.
double oneStep(model::Transformer& m, torch::optim::Adam& adam, const torch::Device& device,
               const test::SequenceBatch& batch) {
  m->train();
  adam.zero_grad();
  auto out = model::labelSmoothedCrossEntropy(m(batch.src.to(device), batch.target_in.to(device)),
                                              batch.target_out.to(device), m->options().pad_id, 0.1);
  out.loss.backward();
  adam.step();
  return out.loss.item<double>();
}

model::TransformerOptions deterministicOptions() {
  auto o = test::taskModelOptions();
  o.dropout = o.attention_dropout = o.relu_dropout = 0.0;  // CPU and GPU draw different random numbers
  return o;
}

}  // namespace

class TestGpu : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void init();
  void trainingStepsMatchTheCpu_data();
  void trainingStepsMatchTheCpu();
  void decodingEqualsTheCpu();
  void attentionCaptureEqualsTheCpu();
  void checkpointsMoveBetweenCpuAndGpu();
  void outOfMemoryInTrainingIsAClearError();
  void outOfMemoryInTranslationIsAClearError();
  void autoTranslatesNarrowModelsOnTheCpu();
};

void TestGpu::init() {
  if (!torch::cuda::is_available())
    QSKIP(model::cudaBuilt() ? "no usable CUDA GPU on this machine (CUDA build; run scripts/gpu-check where there is one)"
                        : "this is a CPU build of LibTorch: build with scripts/build --cuda and run on a GPU");
}

void TestGpu::trainingStepsMatchTheCpu_data() {
  QTest::addColumn<bool>("amp");
  QTest::addColumn<int>("dtype");
  QTest::addColumn<double>("tolerance");  // relative, against the CPU's fp32 losses
  QTest::newRow("fp32") << false << int(torch::kFloat) << 1e-3;
  QTest::newRow("bf16 autocast") << true << int(torch::kBFloat16) << 3e-2;
  QTest::newRow("fp16 autocast, loss scaling") << true << int(torch::kHalf) << 1e-2;
}

void TestGpu::trainingStepsMatchTheCpu() {
  QFETCH(bool, amp);
  QFETCH(int, dtype);
  QFETCH(double, tolerance);
  torch::manual_seed(3);
  model::Transformer cpu(deterministicOptions());
  auto gpu = copyTo(cpu, kGpu);
  const auto expected = trainSteps(cpu, torch::kCPU, false, torch::kFloat);
  const auto got = trainSteps(gpu, kGpu, amp, static_cast<torch::ScalarType>(dtype));
  for (size_t i = 0; i < expected.size(); ++i)
    QVERIFY2(std::abs(got[i] - expected[i]) <= tolerance * std::abs(expected[i]),
             qPrintable(QString("step %1: GPU %2, CPU %3").arg(i + 1).arg(got[i], 0, 'g', 9).arg(expected[i], 0, 'g', 9)));
}

void TestGpu::decodingEqualsTheCpu() {
  // A model that has learned the reverse task decides with margins, so the
  // GPU's other summation order cannot flip a choice.
  torch::manual_seed(5);
  model::Transformer cpu(deterministicOptions());
  auto adam = model::makeAdam(cpu->parameters(), 0.0);
  std::mt19937 rng(11);
  for (int64_t step = 1; step <= 400; ++step) test::trainTaskStep(cpu, *adam, rng, step, /*reverse=*/true);
  cpu->eval();
  auto gpu = copyTo(cpu, kGpu);
  gpu->eval();
  auto batch = test::makeSequenceBatch(rng, 24, true, cpu->options());
  for (bool cache : {true, false}) {
    const auto a = model::greedyDecode(cpu, batch.src, 16, cache);
    const auto b = model::greedyDecode(gpu, batch.src.to(kGpu), 16, cache);
    for (size_t i = 0; i < a.size(); ++i) QCOMPARE(b[i].tokens, a[i].tokens);
    model::DecodingOptions options;
    options.beam_size = 4;
    options.nbest = 4;
    options.use_cache = cache;
    const auto beams_cpu = model::beamSearch(cpu, batch.src, options);
    const auto beams_gpu = model::beamSearch(gpu, batch.src.to(kGpu), options);
    for (size_t i = 0; i < beams_cpu.size(); ++i) {
      QCOMPARE(beams_gpu[i].size(), beams_cpu[i].size());
      for (size_t k = 0; k < beams_cpu[i].size(); ++k) {
        QCOMPARE(beams_gpu[i][k].tokens, beams_cpu[i][k].tokens);
        QVERIFY(std::abs(beams_gpu[i][k].score - beams_cpu[i][k].score) < 1e-3);
      }
    }
  }
  // The cache on the GPU gives what the full recomputation gives.
  const auto cached = model::greedyDecode(gpu, batch.src.to(kGpu), 16, true);
  const auto uncached = model::greedyDecode(gpu, batch.src.to(kGpu), 16, false);
  for (size_t i = 0; i < cached.size(); ++i) {
    QCOMPARE(cached[i].tokens, uncached[i].tokens);
    for (size_t k = 0; k < cached[i].probabilities.size(); ++k)
      QVERIFY(std::abs(cached[i].probabilities[k] - uncached[i].probabilities[k]) < 1e-4);
  }
}

void TestGpu::attentionCaptureEqualsTheCpu() {
  QTemporaryDir dir;
  const auto data = test::prepareNumberedCorpus(dir.path().toStdString(), {"mở tập tin", "đóng cửa sổ"},
                                                {"open the file", "close the window"}, 200, 80);
  auto tokenizer = std::make_shared<const data::Tokenizer>(data + "/spm.model");
  auto o = deterministicOptions();
  o.vocab_size = tokenizer->vocabSize();
  torch::manual_seed(9);
  model::Transformer cpu(o);
  cpu->eval();
  auto gpu = copyTo(cpu, kGpu);
  gpu->eval();
  model::Translator on_cpu(cpu, tokenizer, torch::kCPU), on_gpu(gpu, tokenizer, kGpu);
  model::DecodingOptions options;
  options.beam_size = 1;
  const auto a = model::captureAttention(on_cpu, "mở tập tin số 7", options, {/*pad_to=*/12});
  const auto b = model::captureAttention(on_gpu, "mở tập tin số 7", options, {/*pad_to=*/12});
  QCOMPARE(b.target_tokens, a.target_tokens);
  QCOMPARE(b.encoder_mask, a.encoder_mask);
  QCOMPARE(b.cross_mask, a.cross_mask);
  auto close = [](const std::vector<float>& x, const std::vector<float>& y) {
    if (x.size() != y.size()) return false;
    for (size_t i = 0; i < x.size(); ++i)
      if (std::abs(x[i] - y[i]) > 1e-4f) return false;
    return true;
  };
  QVERIFY(close(b.encoder_self, a.encoder_self));
  QVERIFY(close(b.decoder_self, a.decoder_self));
  QVERIFY(close(b.cross, a.cross));
}

void TestGpu::checkpointsMoveBetweenCpuAndGpu() {
  // A run trained on one device resumes on the other (seen: a run of CPU
  // workers resumed by one process on the GPU failed at its first step):
  // Adam's moments follow the weights, and the next step is the same.
  QTemporaryDir dir;
  const torch::Device cpu(torch::kCPU);
  for (const auto& [from, to] : {std::pair{cpu, kGpu}, std::pair{kGpu, cpu}}) {
    torch::manual_seed(4);
    model::Transformer a(deterministicOptions());
    a->to(from);
    auto adam_a = model::makeAdam(a->parameters(), 1e-3);
    std::mt19937 rng(3);
    for (int i = 0; i < 2; ++i) oneStep(a, *adam_a, from, test::makeSequenceBatch(rng, 32, true, a->options()));
    const std::string path = dir.filePath(QString("from-%1.pt").arg(QString::fromStdString(from.str()))).toStdString();
    model::saveCheckpoint(path, a, *adam_a, model::TrainerState{});
    model::Transformer b(deterministicOptions());
    b->to(to);
    auto adam_b = model::makeAdam(b->parameters(), 1e-3);
    model::restoreCheckpoint(path, b, *adam_b);
    QCOMPARE(model::adamStateChecksum(*adam_b), model::adamStateChecksum(*adam_a));  // the moments, bit for bit
    // Two more steps on each side (the first would fail with the moments left
    // on the other device); the losses before each agree.
    for (int i = 0; i < 2; ++i) {
      const auto batch = test::makeSequenceBatch(rng, 32, true, a->options());
      const double loss_a = oneStep(a, *adam_a, from, batch);
      const double loss_b = oneStep(b, *adam_b, to, batch);
      QVERIFY2(std::abs(loss_a - loss_b) <= 1e-3 * std::abs(loss_a),
               qPrintable(QString("%1 -> %2, step %3: loss %4 against %5")
                              .arg(QString::fromStdString(from.str()), QString::fromStdString(to.str()))
                              .arg(i + 1)
                              .arg(loss_b, 0, 'g', 9)
                              .arg(loss_a, 0, 'g', 9)));
    }
  }
}

void TestGpu::outOfMemoryInTrainingIsAClearError() {
#ifndef STUDIO_CUDA_BUILD
  QSKIP("needs the CUDA build's allocator to cap the GPU memory");
#else
  // Long sentences and a big batch budget: a step needs gigabytes. After the
  // step-5 checkpoint the allocator is capped to a sliver of the GPU, as if
  // another program had taken the rest, so step 6 runs out of memory.
  QTemporaryDir dir;
  std::string vi, en;
  for (int i = 0; i < 12; ++i) {
    vi += "mở tập tin cấu hình ";
    en += "open the configuration file ";
  }
  const auto data = test::prepareNumberedCorpus(dir.path().toStdString(), {vi}, {en}, 400, 120);
  model::TrainingConfig config;
  config.model = deterministicOptions();
  config.model.d_model = 256;
  config.model.d_ff = 1024;
  config.model.max_length = 512;
  config.max_tokens = 60000;
  config.eval_every = 5;
  config.eval_sentences = 8;
  config.max_steps = 20;
  config.device = "cuda";
  const std::string run = dir.filePath("run").toStdString();
  std::string failure;
  model::TrainerCallbacks callbacks;
  callbacks.failed = [&](const std::string& m) { failure = m; };
  callbacks.checkpoint = [](const model::CheckpointEvent&) {
    c10::cuda::CUDACachingAllocator::emptyCache();
    c10::cuda::CUDACachingAllocator::setMemoryFraction(0.002, 0);
  };
  const bool ok = model::Trainer(config, data, run, false, callbacks).run();
  c10::cuda::CUDACachingAllocator::setMemoryFraction(1.0, 0);
  QVERIFY2(!ok, "the capped step did not run out of memory");
  const QString message = QString::fromStdString(failure);
  QVERIFY2(message.contains("out of memory on cuda:0 at step 6") && message.contains("lower max_tokens (now 60000)") &&
               message.contains("ckpt-00000005.pt"),
           failure.c_str());
  // The last checkpoint is whole, and the run resumes from it once memory is there.
  QCOMPARE(model::loadModel(run + "/checkpoints/ckpt-00000005.pt")->options().d_model, int64_t(256));
  model::TrainerCallbacks quiet;
  quiet.failed = [&](const std::string& m) { failure = m; };
  QVERIFY2(model::Trainer({}, "", run, true, quiet, /*max_steps_override=*/7).run(), failure.c_str());
#endif
}

void TestGpu::outOfMemoryInTranslationIsAClearError() {
#ifndef STUDIO_CUDA_BUILD
  QSKIP("needs the CUDA build's allocator to cap the GPU memory");
#else
  QTemporaryDir dir;
  const auto data = test::prepareNumberedCorpus(dir.path().toStdString(), {"mở tập tin"}, {"open the file"}, 200, 80);
  auto tokenizer = std::make_shared<const data::Tokenizer>(data + "/spm.model");
  auto o = deterministicOptions();
  o.vocab_size = tokenizer->vocabSize();
  o.d_model = 512;
  o.d_ff = 2048;
  model::Transformer m(o);
  m->to(kGpu);
  m->eval();
  model::Translator translator(m, tokenizer, kGpu);
  std::vector<std::string> sentences(2000, "mở tập tin số 12345 mở tập tin số 67890 mở tập tin");
  model::DecodingOptions options;
  options.beam_size = 64;
  c10::cuda::CUDACachingAllocator::emptyCache();
  c10::cuda::CUDACachingAllocator::setMemoryFraction(0.002, 0);
  QString message;
  try {
    translator.translate(sentences, options, /*max_tokens=*/1 << 20);
  } catch (const std::runtime_error& e) {
    message = e.what();
  }
  c10::cuda::CUDACachingAllocator::setMemoryFraction(1.0, 0);
  QVERIFY2(message.contains("out of memory on cuda:0 translating a batch of") &&
               message.contains("lower the beam size"),
           qPrintable(message));
  // With room again, the same translator works.
  QCOMPARE(translator.translate({"mở tập tin"}, options).size(), size_t(1));
#endif
}

void TestGpu::autoTranslatesNarrowModelsOnTheCpu() {
  // Where a GPU is there, "auto" keeps a model narrower than
  // kGpuDecodingMinWidth on the CPU's engine (faster there, docs/benchmarks.md)
  // and sends a wider one, or an ensemble with one, to the GPU; a device named is kept.
  QTemporaryDir dir;
  auto narrow = test::taskModelOptions();
  auto wide = narrow;
  wide.d_model = model::kGpuDecodingMinWidth;
  wide.heads = 8;
  QVERIFY(narrow.d_model < model::kGpuDecodingMinWidth);
  const std::string narrow_path = dir.filePath("narrow.pt").toStdString();
  const std::string wide_path = dir.filePath("wide.pt").toStdString();
  model::Transformer a(narrow), b(wide);
  model::saveModel(a, narrow_path);
  model::saveModel(b, wide_path);
  QVERIFY(model::decodingDevice("auto", {narrow_path}).is_cpu());
  QVERIFY(model::decodingDevice("auto", {wide_path}).is_cuda());
  QVERIFY(model::decodingDevice("auto", {narrow_path, wide_path}).is_cuda());
  QVERIFY(model::decodingDevice("cuda", {narrow_path}).is_cuda());
  QVERIFY(model::decodingDevice("cpu", {wide_path}).is_cpu());
}

STUDIO_TEST_MAIN(TestGpu)
#include "tst_gpu.moc"
