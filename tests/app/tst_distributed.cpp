// Data-parallel training (model/training/Distributed, train --nproc): two
// Gloo workers on half batches end where one process on whole batches does,
// a run moves between world sizes on resume, a killed worker ends the run
// with a message naming it and an intact last checkpoint, and a port in use
// or a master that never answers is an error, not a hang. GPU tensors sum
// through NCCL where the build has it (run for real on a machine with two
// GPUs; skipped elsewhere).

#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <unistd.h>

#include <thread>

#include <torch/torch.h>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QProcessEnvironment>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest/QtTest>

#include "common/SuiteMain.h"
#include "common/TestUtil.h"
#include "model/files/ModelFile.h"
#include "model/training/Checkpoints.h"
#include "model/training/Distributed.h"
#include "model/training/GradientSum.h"

using namespace studio;

namespace {

struct Result {
  int exit_code = -1;
  QString out, err;
};

Result cli(const QStringList& args, const QMap<QString, QString>& env = {}, int timeout_ms = 120000) {
  QProcess process;
  auto environment = QProcessEnvironment::systemEnvironment();
  for (auto it = env.begin(); it != env.end(); ++it) environment.insert(it.key(), it.value());
  process.setProcessEnvironment(environment);
  process.start(STUDIO_CLI_PATH, args);
  Result r;
  if (!process.waitForFinished(timeout_ms)) {
    process.kill();
    process.waitForFinished();
    r.err = "timed out";
    return r;
  }
  r.exit_code = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
  r.out = QString::fromUtf8(process.readAllStandardOutput());
  r.err = QString::fromUtf8(process.readAllStandardError());
  return r;
}

// The largest difference between two model files' parameters, relative to
// the largest parameter. The keys' biases are left out: adding a constant to
// every score of a softmax row changes nothing, so their true gradient is
// zero, and Adam blows the rounding noise in its place up to steps of the
// learning rate's size, in either direction.
double relativeDifference(const QString& a, const QString& b) {
  auto ma = model::loadModel(a.toStdString()), mb = model::loadModel(b.toStdString());
  auto pa = ma->named_parameters(), pb = mb->named_parameters();
  double largest_difference = 0, largest = 0;
  for (const auto& item : pa) {
    auto x = item.value(), y = pb[item.key()];
    const auto& name = item.key();
    auto without = [](const torch::Tensor& t, int64_t begin, int64_t end) {
      return torch::cat({t.slice(0, 0, begin), t.slice(0, end)});
    };
    const int64_t d = x.size(0);
    if (name.find("qkv_proj.bias") != std::string::npos) x = without(x, d / 3, 2 * d / 3), y = without(y, d / 3, 2 * d / 3);
    else if (name.find("kv_proj.bias") != std::string::npos) x = without(x, 0, d / 2), y = without(y, 0, d / 2);
    largest_difference = std::max(largest_difference, test::maxAbsDifference(x, y));
    largest = std::max(largest, x.abs().max().item<double>());
  }
  return largest_difference / largest;
}

// A socket listening on a port of the loopback interface the kernel chose.
struct Listener {
  int fd = -1, port = 0;
  Listener() {
    fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t length = sizeof a;
    if (::bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0 && ::listen(fd, 4) == 0 &&
        ::getsockname(fd, reinterpret_cast<sockaddr*>(&a), &length) == 0)
      port = ntohs(a.sin_port);
  }
  ~Listener() { close(); }
  void close() {
    if (fd >= 0) ::close(fd);
    fd = -1;
  }
};

// Worker `rank` of two on this machine, meeting at `port`.
model::WorkerPlace oneOfTwo(int rank, int port) {
  model::WorkerPlace place;
  place.rank = place.local_rank = rank;
  place.world_size = place.local_world_size = 2;
  place.master_port = port;
  return place;
}

}  // namespace

class TestDistributed : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void initTestCase() {
    if (!model::distributedBuilt()) QSKIP("this build has no c10d Gloo (libgloo-dev was missing)");
    QVERIFY(dir_.isValid());
    data_ = QString::fromStdString(test::prepareNumberedCorpus(dir_.path().toStdString(),
                                                               {"mở tập tin", "đóng cửa sổ", "lưu tài liệu"},
                                                               {"open file", "close window", "save document"}, 400, 80));
    // No dropout, so that the workers' different random streams do not matter.
    QFile config(dir_.path() + "/config.json");
    QVERIFY(config.open(QIODevice::WriteOnly));
    config.write("{\"model\": {\"dropout\": 0, \"attention_dropout\": 0, \"relu_dropout\": 0, "
                 "\"encoder_layers\": 1, \"decoder_layers\": 1, \"d_model\": 32, \"heads\": 2, \"d_ff\": 64}, "
                 "\"max_tokens\": 300, \"warmup_steps\": 4, \"evaluate\": false, \"default_probes\": 0, "
                 "\"log_every\": 1}");
    config.close();
  }

  void workersPlaceFromTheEnvironment() {
    qputenv("WORLD_SIZE", "3");
    qputenv("RANK", "2");
    qputenv("MASTER_PORT", "29999");
    auto place = model::workerPlaceFromEnvironment();
    QCOMPARE(place.rank, 2);
    QCOMPARE(place.world_size, 3);
    QCOMPARE(place.master_port, 29999);
    qputenv("RANK", "3");
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, model::workerPlaceFromEnvironment());
    qunsetenv("RANK");
    qunsetenv("WORLD_SIZE");
    qunsetenv("MASTER_PORT");
    QVERIFY(!model::workerPlaceFromEnvironment().distributed());
    // Shares: every world_size-th row; together, the batch.
    const std::vector<size_t> rows{10, 11, 12, 13, 14};
    QCOMPARE(model::shareOfBatch(rows, 0, 2), (std::vector<size_t>{10, 12, 14}));
    QCOMPARE(model::shareOfBatch(rows, 1, 2), (std::vector<size_t>{11, 13}));
    QCOMPARE(model::shareOfBatch({7}, 1, 2), std::vector<size_t>{});
    // Bucket sizes: 1 MB on the CPU, 25 MB on GPUs, STUDIO_BUCKET_MB over both.
    qputenv("WORLD_SIZE", "2");
    qputenv("RANK", "1");
    place = model::workerPlaceFromEnvironment();
    QCOMPARE(model::bucketBytes(place, torch::kCPU), int64_t(1) << 20);
    QCOMPARE(model::bucketBytes(place, torch::Device(torch::kCUDA, 0)), int64_t(25) << 20);
    qputenv("STUDIO_BUCKET_MB", "4");
    place = model::workerPlaceFromEnvironment();
    QCOMPARE(model::bucketBytes(place, torch::kCPU), int64_t(4) << 20);
    QCOMPARE(model::bucketBytes(place, torch::Device(torch::kCUDA, 0)), int64_t(4) << 20);
    qputenv("STUDIO_BUCKET_MB", "0");
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, model::workerPlaceFromEnvironment());
    qunsetenv("STUDIO_BUCKET_MB");
    qunsetenv("RANK");
    qunsetenv("WORLD_SIZE");
  }

  void aWorkerGetsAGpuOfItsOwnOrTheCpu() {
    // Seen on a machine with one GPU: `--nproc 2` put worker 1 on cuda:1,
    // which is not there ("invalid device ordinal").
    const torch::Device cpu(torch::kCPU), gpu0(torch::kCUDA, 0);
    model::WorkerPlace place;
    QCOMPARE(model::workerDevice("auto", gpu0, place, 1), gpu0);  // one worker: as resolved
    place.world_size = place.local_world_size = 2;
    place.rank = place.local_rank = 1;
    QCOMPARE(model::workerDevice("auto", cpu, place, 0), cpu);
    QCOMPARE(model::workerDevice("cpu", cpu, place, 2), cpu);
    QCOMPARE(model::workerDevice("auto", gpu0, place, 2), torch::Device(torch::kCUDA, 1));
    QCOMPARE(model::workerDevice("cuda", gpu0, place, 4), torch::Device(torch::kCUDA, 1));
    std::string note;
    QCOMPARE(model::workerDevice("auto", gpu0, place, 1, &note), cpu);  // fewer GPUs than workers
    QVERIFY2(note.find("2 workers on this machine but 1 GPU") != std::string::npos, note.c_str());
    place.rank = place.local_rank = 0;  // worker 0 too, not only the one without a GPU
    QCOMPARE(model::workerDevice("auto", gpu0, place, 1), cpu);
    try {
      model::workerDevice("cuda:0", gpu0, place, 1);
      QFAIL("an explicit GPU for two workers on one GPU was accepted");
    } catch (const std::invalid_argument& e) {
      QVERIFY2(QString(e.what()).contains("2 workers on this machine but 1 GPU") && QString(e.what()).contains("--device cpu"),
               e.what());
    }
    // Under a launcher that does not say LOCAL_WORLD_SIZE: this worker's local rank counts.
    place.local_world_size = 0;
    place.rank = place.local_rank = 3;
    place.world_size = 4;
    QCOMPARE(model::workerDevice("auto", gpu0, place, 4), torch::Device(torch::kCUDA, 3));
    QCOMPARE(model::workerDevice("auto", gpu0, place, 3), cpu);
  }

  void aCpuRunStartsTheWorkersItsConfigurationAsksFor() {
    // cpu_workers (the starter preset's 2) when no --nproc is given and the
    // run trains on the CPU: at most one a core, never on a GPU.
    const torch::Device cpu(torch::kCPU), gpu0(torch::kCUDA, 0);
    QCOMPARE(model::defaultWorkerCount(2, cpu, 2), 2);
    QCOMPARE(model::defaultWorkerCount(4, cpu, 2), 2);
    QCOMPARE(model::defaultWorkerCount(2, cpu, 1), 1);
    QCOMPARE(model::defaultWorkerCount(1, cpu, 16), 1);
    QCOMPARE(model::defaultWorkerCount(2, gpu0, 16), 1);

    QFile base(dir_.path() + "/config.json"), two(dir_.path() + "/two-workers.json");
    QVERIFY(base.open(QIODevice::ReadOnly) && two.open(QIODevice::WriteOnly));
    auto json = QJsonDocument::fromJson(base.readAll()).object();
    json["cpu_workers"] = 2;
    two.write(QJsonDocument(json).toJson());
    two.close();
    const QString run = dir_.path() + "/configured";
    auto r = cli({"train", "--data", data_, "--out", run, "--config", two.fileName(), "--max-steps", "3",
                  "--device", "cpu"});
    QVERIFY2(r.exit_code == 0, qPrintable(r.err + r.out));
    QVERIFY2(r.err.contains("training on 2 CPU workers"), qPrintable(r.err));
    QVERIFY2(r.out.contains("worker 1: finished at step 3"), qPrintable(r.out));
    // The run's own configuration says it again on --resume; --nproc 1 overrides it.
    r = cli({"train", "--out", run, "--resume", "--max-steps", "5"});
    QVERIFY2(r.exit_code == 0 && r.out.contains("worker 1: finished at step 5"), qPrintable(r.err + r.out));
    r = cli({"train", "--out", run, "--resume", "--max-steps", "6", "--nproc", "1"});
    QVERIFY2(r.exit_code == 0 && r.out.contains("finished at step 6"), qPrintable(r.err + r.out));
    QVERIFY2(!r.out.contains("worker 1") && !r.err.contains("CPU workers"), qPrintable(r.err + r.out));
  }

  void aBudgetedRunTimesBothWaysAndTrainsTheFaster() {
    // worker_probe_steps: a new run with a time budget on several CPU
    // workers first trains those steps on the workers and in one process (in
    // a temporary folder, removed after), says both paces, and trains the
    // faster way; its config.json says which, for --resume.
    if (std::thread::hardware_concurrency() < 2)
      QSKIP("one core: a run on the CPU starts one worker, nothing to time");
    const QString timed = budgetedOnTwoWorkers("timed.json", /*probe_steps=*/6, /*minutes=*/0.05);
    QVERIFY(!timed.isEmpty());
    QTemporaryDir scratch;
    QVERIFY(scratch.isValid());
    const QString run = dir_.path() + "/timed";
    auto r = cli({"train", "--data", data_, "--out", run, "--config", timed, "--device", "cpu"},
                 {{"TMPDIR", scratch.path()}}, 300000);
    QVERIFY2(r.exit_code == 0, qPrintable(r.err + r.out));
    QVERIFY2(r.err.contains("timing 6 steps on 2 workers and 6 in one process"), qPrintable(r.err));
    const QRegularExpression said(
        "2 workers of \\d+ threads?: ([0-9.]+) s a step; 1 process of \\d+ threads?: ([0-9.]+) s a step: "
        "training (in one process|on 2 workers)\n");
    const auto match = said.match(r.err);
    QVERIFY2(match.hasMatch(), qPrintable(r.err));
    const double on_workers = match.captured(1).toDouble(), in_one = match.captured(2).toDouble();
    QVERIFY2(on_workers > 0 && in_one > 0, qPrintable(r.err));
    const bool one = match.captured(3) == "in one process";
    // The faster of the two is trained; the printed paces are rounded to the
    // millisecond, so where they print equal either choice is the faster one.
    if (match.captured(1) != match.captured(2)) QCOMPARE(one, in_one < on_workers);
    QCOMPARE(r.err.contains("training on 2 CPU workers"), !one);
    QCOMPARE(r.out.contains("worker 1: finished"), !one);
    QVERIFY2(r.out.contains("time budget of 0.05 min"), qPrintable(r.out));
    QFile written(run + "/config.json");
    QVERIFY(written.open(QIODevice::ReadOnly));
    QCOMPARE(
        QJsonDocument::fromJson(written.readAll()).object()["training"].toObject()["cpu_workers"].toInt(),
        one ? 1 : 2);
    QVERIFY2(QDir(scratch.path()).isEmpty(), "the timing runs' folder was left behind");
    // A fixed number of steps (no budget) trains as configured, untimed.
    r = cli({"train", "--data", data_, "--out", dir_.path() + "/fixed", "--config", timed, "--device", "cpu",
             "--max-steps", "3"});
    QVERIFY2(r.exit_code == 0, qPrintable(r.err + r.out));
    QVERIFY2(!r.err.contains("timing") && r.err.contains("training on 2 CPU workers"), qPrintable(r.err));
  }

  void ctrlCWhileTimingEndsTheTimingRunsAndKeepsNothing() {
    // The timing runs are process groups of their own (a terminal's Ctrl-C
    // reaches the launcher alone): it ends them, removes their folder and
    // trains nothing (exit code 130, as any command stopped by Ctrl-C).
    if (std::thread::hardware_concurrency() < 2)
      QSKIP("one core: a run on the CPU starts one worker, nothing to time");
    const QString timed = budgetedOnTwoWorkers("long-timing.json", /*probe_steps=*/100000, /*minutes=*/1);
    QVERIFY(!timed.isEmpty());
    QTemporaryDir scratch;
    QVERIFY(scratch.isValid());
    const QString run = dir_.path() + "/never";
    QProcess process;
    auto environment = QProcessEnvironment::systemEnvironment();
    environment.insert("TMPDIR", scratch.path());
    process.setProcessEnvironment(environment);
    process.start(STUDIO_CLI_PATH,
                  {"train", "--data", data_, "--out", run, "--config", timed, "--device", "cpu"});
    QVERIFY(process.waitForStarted());
    // The workers' run is under way once its metrics are written.
    QTRY_VERIFY_WITH_TIMEOUT(
        !QDir(scratch.path()).isEmpty() &&
            QFileInfo::exists(
                QDir(scratch.path()).entryInfoList(QDir::Dirs | QDir::NoDotAndDotDot).value(0).filePath() +
                "/on-2/metrics.jsonl"),
        120000);
    QCOMPARE(::kill(pid_t(process.processId()), SIGINT), 0);
    QVERIFY(process.waitForFinished(60000));
    const QString err = QString::fromUtf8(process.readAllStandardError());
    QCOMPARE(process.exitStatus(), QProcess::NormalExit);
    QVERIFY2(process.exitCode() == 130, qPrintable(QString::number(process.exitCode()) + ": " + err));
    QVERIFY2(err.contains("stopped while timing the workers: nothing trained"), qPrintable(err));
    QVERIFY2(QDir(scratch.path()).isEmpty(), "the timing runs' folder was left behind");
    QVERIFY(!QFileInfo::exists(run));
  }

  void gradientsAreSummedWhileTheBackwardPassRuns() {
    // Two workers in this process (threads), the same small network each and
    // different inputs. Step 1 accumulates two passes; the sum starts during
    // the second in buckets small enough to be several. Step 2: worker 1's
    // share of the last batch was empty (no pass at all). Each time the sums
    // are the two workers' gradients added, on both; a parameter no pass
    // touches sums to zeros; the extra numbers are summed too.
    const int port = model::freeLocalPort();
    struct Seen {
      std::vector<std::vector<torch::Tensor>> own, summed;  // a step each
      std::vector<double> extra;
      int early = -1, buckets = 0;
      std::string error;
    } seen[2];
    auto worker = [&](int rank) {
      try {
        const auto place = oneOfTwo(rank, port);
        model::WorkerGroup group(place, std::chrono::seconds(30));
        torch::manual_seed(1);
        torch::nn::Linear first(8, 16), second(16, 4);
        auto unused = torch::zeros({3}).requires_grad_();
        const std::vector<torch::Tensor> parameters{unused, first->weight, first->bias, second->weight, second->bias};
        model::GradientSum sum(group, parameters, /*bucket_bytes=*/256);
        seen[rank].buckets = sum.buckets();
        torch::manual_seed(10 + uint64_t(rank));
        auto pass = [&] { second(torch::relu(first(torch::randn({5, 8})))).pow(2).sum().backward(); };
        auto copies = [&] {
          std::vector<torch::Tensor> out;
          for (const auto& p : parameters) out.push_back(p.grad().defined() ? p.grad().clone() : torch::zeros_like(p));
          return out;
        };
        for (int step = 0; step < 2; ++step) {
          for (auto p : parameters) p.mutable_grad() = torch::Tensor();
          if (step == 0) pass();
          sum.arm();
          if (step == 0 || rank == 0) pass();
          seen[rank].own.push_back(copies());
          std::vector<double> extra{double(rank + 1), 10.0};
          sum.finish(extra);
          seen[rank].summed.push_back(copies());
          if (step == 0) seen[rank].early = sum.lastEarlyBuckets(), seen[rank].extra = extra;
        }
      } catch (const std::exception& e) {
        seen[rank].error = e.what();
      }
    };
    std::thread other(worker, 1);
    worker(0);
    other.join();
    QVERIFY2(seen[0].error.empty(), seen[0].error.c_str());
    QVERIFY2(seen[1].error.empty(), seen[1].error.c_str());
    QCOMPARE(seen[0].buckets, 3);
    QCOMPARE(seen[0].early, 2);  // the two buckets of the network; the unused one at the end
    QCOMPARE(seen[0].extra, (std::vector<double>{3.0, 20.0}));
    for (int step = 0; step < 2; ++step)
      for (size_t i = 0; i < 5; ++i) {
        const auto expected = seen[0].own[step][i] + seen[1].own[step][i];
        QVERIFY2(torch::allclose(seen[0].summed[step][i], expected, 1e-5, 1e-6),
                 qPrintable(QString("step %1, parameter %2").arg(step + 1).arg(i)));
        QVERIFY(torch::equal(seen[0].summed[step][i], seen[1].summed[step][i]));
      }
    QVERIFY(torch::equal(seen[0].summed[0][0], torch::zeros({3})));
    QVERIFY(torch::equal(seen[1].own[1][1], torch::zeros({16, 8})));  // worker 1 had nothing in step 2
  }

  void eachDeviceSumsThroughItsEngine() {
    // CPU tensors through Gloo; GPU tensors through NCCL where the build has
    // it, unless STUDIO_DIST_BACKEND says gloo; another value is an error
    // that names the variable. (A group of one worker is enough to ask.)
    const torch::Device gpu(torch::kCUDA, 0);
    model::WorkerPlace place;
    place.master_port = model::freeLocalPort();
    {
      model::WorkerGroup group(place, std::chrono::seconds(30));
      QCOMPARE(group.sumsThrough(torch::kCPU), std::string("Gloo"));
      QCOMPARE(group.sumsThrough(gpu), std::string(model::ncclBuilt() ? "NCCL" : "Gloo"));
    }
    qputenv("STUDIO_DIST_BACKEND", "gloo");
    {
      place.master_port = model::freeLocalPort();
      model::WorkerGroup group(place, std::chrono::seconds(30));
      QCOMPARE(group.sumsThrough(gpu), std::string("Gloo"));
    }
    qputenv("STUDIO_DIST_BACKEND", "mpi");
    QString error;
    try {
      place.master_port = model::freeLocalPort();
      model::WorkerGroup group(place, std::chrono::seconds(30));
    } catch (const std::invalid_argument& e) {
      error = e.what();
    }
    qunsetenv("STUDIO_DIST_BACKEND");
    QVERIFY2(error.contains("STUDIO_DIST_BACKEND='mpi'"), qPrintable(error));
  }

  void twoGpuWorkersSumThroughNccl() {
    // Two workers in this process (threads), each on a GPU of its own: the
    // gradient sum and the broadcast of the initial model go through NCCL.
    if (!model::ncclBuilt()) QSKIP("this build has no NCCL (a CPU build, or nccl.h was not found)");
    const int gpus = torch::cuda::is_available() ? int(torch::cuda::device_count()) : 0;
    if (gpus < 2) QSKIP(qPrintable(QString("NCCL needs a GPU for each of the two workers; this machine has %1").arg(gpus)));
    const int port = model::freeLocalPort();
    torch::Tensor summed[2], received[2];
    std::string through[2], error[2];
    auto worker = [&](int rank) {
      try {
        const auto place = oneOfTwo(rank, port);
        const torch::Device device(torch::kCUDA, static_cast<c10::DeviceIndex>(rank));
        model::WorkerGroup group(place, std::chrono::seconds(60));
        through[rank] = group.sumsThrough(device);
        auto model = torch::full({3, 5}, double(10 * (rank + 1)), torch::TensorOptions().device(device));
        group.broadcast({model});
        auto gradient = torch::arange(1000, torch::TensorOptions().dtype(torch::kFloat).device(device)) * (rank + 1);
        group.startSum(gradient);
        group.waitForSums();
        summed[rank] = gradient.cpu();
        received[rank] = model.cpu();
        group.barrier();
      } catch (const std::exception& e) {
        error[rank] = e.what();
      }
    };
    std::thread other(worker, 1);
    worker(0);
    other.join();
    QVERIFY2(error[0].empty(), error[0].c_str());
    QVERIFY2(error[1].empty(), error[1].c_str());
    const auto expected = torch::arange(1000, torch::kFloat) * 3;
    for (int rank = 0; rank < 2; ++rank) {
      QCOMPARE(through[rank], std::string("NCCL"));
      QVERIFY(torch::equal(summed[rank], expected));
      QVERIFY(torch::equal(received[rank], torch::full({3, 5}, 10.0)));
    }
  }

  void twoWorkersOnHalfBatchesMatchOneOnWholeBatches() {
    const QString one = dir_.path() + "/one", two = dir_.path() + "/two";
    auto a = train(one, 6, {});
    QVERIFY2(a.exit_code == 0, qPrintable(a.err + a.out));
    auto b = train(two, 6, {"--nproc", "2"});
    QVERIFY2(b.exit_code == 0, qPrintable(b.err + b.out));
    QVERIFY2(b.out.contains("2 workers"), qPrintable(b.out));
    QVERIFY2(b.out.contains("worker 1: finished at step 6"), qPrintable(b.out));
    const double d = relativeDifference(one + "/checkpoints/ckpt-00000006.pt", two + "/checkpoints/ckpt-00000006.pt");
    QVERIFY2(d < 1e-4, qPrintable(QString::number(d)));
    // The parameters did move: the comparison means something.
    QVERIFY(relativeDifference(one + "/checkpoints/ckpt-00000003.pt", one + "/checkpoints/ckpt-00000006.pt") > 1e-3);
  }

  void aRunMovesBetweenWorldSizesOnResume_data() {
    QTest::addColumn<QStringList>("options");
    QTest::newRow("weights") << QStringList{};
    // Rank 0 keeps the average across the moves; the others train as before.
    QTest::newRow("with a weight average") << QStringList{"--ema-decay", "0.9"};
  }

  void aRunMovesBetweenWorldSizesOnResume() {
    // 2 workers to step 3, then 1 to step 6, then 2 to step 9: as one process all along.
    QFETCH(QStringList, options);
    const QString tag = options.isEmpty() ? "" : "-ema";
    const QString straight = dir_.path() + "/straight" + tag, moved = dir_.path() + "/moved" + tag;
    QVERIFY(train(straight, 9, options).exit_code == 0);
    QVERIFY(train(moved, 3, QStringList{"--nproc", "2"} + options).exit_code == 0);
    auto r = cli({"train", "--out", moved, "--resume", "--max-steps", "6"});
    QVERIFY2(r.exit_code == 0 && r.out.contains("resumed from"), qPrintable(r.err + r.out));
    r = cli({"train", "--out", moved, "--resume", "--max-steps", "9", "--nproc", "2"});
    QVERIFY2(r.exit_code == 0 && r.out.contains("at step 6"), qPrintable(r.err + r.out));
    const double d =
        relativeDifference(straight + "/checkpoints/ckpt-00000009.pt", moved + "/checkpoints/ckpt-00000009.pt");
    QVERIFY2(d < 1e-4, qPrintable(QString::number(d)));
  }

  void aKilledWorkerEndsTheRunCleanly() {
    const QString run = dir_.path() + "/killed";
    QProcess launcher;
    launcher.start(STUDIO_CLI_PATH, {"train", "--data", data_, "--out", run, "--config", dir_.path() + "/config.json",
                                     "--max-steps", "100000", "--eval-every", "2", "--nproc", "2"});
    QVERIFY(launcher.waitForStarted());
    // Wait for a checkpoint, then kill worker 1 (the launcher's younger child).
    QTRY_VERIFY_WITH_TIMEOUT(!model::listCheckpoints(run.toStdString()).empty(), 60000);
    QFile children(QString("/proc/%1/task/%1/children").arg(launcher.processId()));
    QVERIFY(children.open(QIODevice::ReadOnly));
    const auto pids = QString::fromLatin1(children.readAll()).split(' ', Qt::SkipEmptyParts);
    QCOMPARE(pids.size(), 2);
    QElapsedTimer clock;
    clock.start();
    QVERIFY(::kill(pids[1].toInt(), SIGKILL) == 0);
    QVERIFY(launcher.waitForFinished(30000));
    qInfo("the run ended %lld ms after the kill", clock.elapsed());
    QCOMPARE(launcher.exitCode(), 1);
    const QString err = QString::fromUtf8(launcher.readAllStandardError());
    QVERIFY2(err.contains("worker 1") && err.contains("signal 9"), qPrintable(err));
    // Nothing is left running, and the last checkpoint resumes.
    QVERIFY2(!QFile::exists(QString("/proc/%1").arg(pids[0])), "worker 0 is still there");
    const auto last = model::listCheckpoints(run.toStdString()).back();
    auto r = cli({"train", "--out", run, "--resume", "--max-steps", QString::number(last.first + 2)});
    QVERIFY2(r.exit_code == 0, qPrintable(r.err + r.out));
  }

  void anInterruptStopsEveryWorkerAtTheSameStep() {
    const QString run = dir_.path() + "/interrupted";
    QProcess launcher;
    launcher.start(STUDIO_CLI_PATH, {"--threads", "1", "train", "--data", data_, "--out", run, "--config",
                                     dir_.path() + "/config.json", "--max-steps", "100000", "--eval-every", "1000",
                                     "--nproc", "2"});
    QVERIFY(launcher.waitForStarted());
    QTRY_VERIFY_WITH_TIMEOUT(QFile(run + "/metrics.jsonl").size() > 0, 60000);  // training
    QVERIFY(::kill(pid_t(launcher.processId()), SIGINT) == 0);  // as Ctrl-C would, to the launcher alone
    QVERIFY(launcher.waitForFinished(60000));
    const QString out = QString::fromUtf8(launcher.readAllStandardOutput());
    QVERIFY2(launcher.exitCode() == 0, qPrintable(out + launcher.readAllStandardError()));
    const QRegularExpression lead_line("^finished at step (\\d+) \\(stopped\\)", QRegularExpression::MultilineOption);
    const QRegularExpression other_line("^worker 1: finished at step (\\d+) \\(stopped\\)",
                                        QRegularExpression::MultilineOption);
    const auto lead = lead_line.match(out), other = other_line.match(out);
    QVERIFY2(lead.hasMatch() && other.hasMatch(), qPrintable(out));
    QCOMPARE(other.captured(1), lead.captured(1));
    QVERIFY(QFile::exists(run + "/checkpoints/" + QString::fromStdString(model::checkpointName(lead.captured(1).toLongLong()))));
  }

  void aPortInUseOrAnAbsentMasterIsAnError() {
    Listener taken;
    QVERIFY(taken.port > 0);
    const QString port = QString::number(taken.port);
    const QString run = dir_.path() + "/port";
    QElapsedTimer clock;
    clock.start();
    auto r = cli({"train", "--data", data_, "--out", run, "--config", dir_.path() + "/config.json", "--max-steps", "2"},
                 {{"WORLD_SIZE", "2"}, {"RANK", "0"}, {"MASTER_ADDR", "127.0.0.1"}, {"MASTER_PORT", port},
                  {"STUDIO_DIST_TIMEOUT", "3"}});
    QCOMPARE(r.exit_code, 1);
    QVERIFY2(r.err.contains("worker 0 of 2") && r.err.contains("MASTER_PORT"), qPrintable(r.err));
    // Rank 1 with no master: it gives up after the timeout, saying where it looked.
    Listener free_port;
    QVERIFY(free_port.port > 0);
    const QString nobody = QString::number(free_port.port);
    free_port.close();
    r = cli({"train", "--data", data_, "--out", run, "--config", dir_.path() + "/config.json", "--max-steps", "2"},
            {{"WORLD_SIZE", "2"}, {"RANK", "1"}, {"MASTER_ADDR", "127.0.0.1"}, {"MASTER_PORT", nobody},
             {"STUDIO_DIST_TIMEOUT", "3"}});
    QCOMPARE(r.exit_code, 1);
    QVERIFY2(r.err.contains("could not reach the master at 127.0.0.1:" + nobody), qPrintable(r.err));
    QVERIFY2(clock.elapsed() < 60000, qPrintable(QString::number(clock.elapsed())));
    // Bad variables are usage errors.
    r = cli({"train", "--data", data_, "--out", run, "--max-steps", "2"}, {{"WORLD_SIZE", "2"}, {"RANK", "5"}});
    QCOMPARE(r.exit_code, 2);
    QVERIFY2(r.err.contains("RANK='5'"), qPrintable(r.err));
  }

 private:
  // The suite's configuration on two CPU workers with a time budget and
  // worker_probe_steps, written to `name` in the suite's folder; "" if not.
  QString budgetedOnTwoWorkers(const QString& name, int probe_steps, double minutes) {
    QFile base(dir_.path() + "/config.json"), out(dir_.path() + "/" + name);
    if (!base.open(QIODevice::ReadOnly) || !out.open(QIODevice::WriteOnly)) return {};
    auto json = QJsonDocument::fromJson(base.readAll()).object();
    json["cpu_workers"] = 2;
    json["worker_probe_steps"] = probe_steps;
    json["time_budget_minutes"] = minutes;
    return out.write(QJsonDocument(json).toJson()) > 0 ? out.fileName() : QString();
  }

  Result train(const QString& out, int steps, const QStringList& extra) {
    return cli(QStringList{"--threads", "1", "train", "--data", data_, "--out", out, "--config",
                           dir_.path() + "/config.json", "--max-steps", QString::number(steps), "--eval-every", "3"} +
               extra);
  }

  QTemporaryDir dir_;
  QString data_;
};

STUDIO_TEST_MAIN(TestDistributed)
#include "tst_distributed.moc"
