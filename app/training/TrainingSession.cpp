#include "app/training/TrainingSession.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QProcess>
#include <QProcessEnvironment>
#include <QTemporaryFile>
#include <QThread>

#include <atomic>
#include <mutex>

#include <ATen/Parallel.h>
#include <nlohmann/json.hpp>

#include "model/runtime/Runtime.h"
#include "model/training/Distributed.h"
#include "model/training/FineTune.h"
#include "model/training/Trainer.h"

namespace studio::app {

struct TrainingSession::Worker {
  std::mutex mutex;
  model::Trainer* trainer = nullptr;  // while run() runs
  std::atomic<bool> stop_requested{false};
};

namespace {
void registerTrainingTypes() {
  static const bool done = [] {
    qRegisterMetaType<TrainingRequest>();
    qRegisterMetaType<StepProgress>();
    qRegisterMetaType<EvalReport>();
    qRegisterMetaType<FinishedReport>();
    return true;
  }();
  (void)done;
}
}  // namespace

TrainingSession::TrainingSession(QObject* parent) : QObject(parent), worker_(std::make_shared<Worker>()) {
  registerTrainingTypes();
}

TrainingSession::~TrainingSession() {
  if (timing_) {
    timing_->disconnect(this);
    timing_->terminate();  // it ends its timing runs and removes their folder
    if (!timing_->waitForFinished(10000)) timing_->kill(), timing_->waitForFinished();
    delete timing_;
  }
  if (thread_) {
    stop();
    thread_->wait();
    delete thread_;
  }
  endHelpers();
}

void TrainingSession::endHelpers() {
  for (QProcess* helper : helpers_) {
    // They stop with worker 0; one that does not is ended.
    if (helper->state() != QProcess::NotRunning && !helper->waitForFinished(10000)) {
      helper->kill();
      helper->waitForFinished(2000);
    }
    delete helper;
  }
  helpers_.clear();
  helper_config_.reset();
}

namespace {

QString candidateProgram(const QString& requested) {
  QString program = requested;
  if (program.isEmpty()) program = qEnvironmentVariable("STUDIO_WORKER_PROGRAM");
  if (program.isEmpty()) program = QCoreApplication::applicationDirPath() + "/attention-studio-cli";
  return program;
}

}  // namespace

QString TrainingSession::workerProgram(const QString& requested) {
  const QString program = candidateProgram(requested);
  return QFileInfo(program).isExecutable() ? program : QString();
}

QString TrainingSession::startHelpers(const TrainingRequest& request, const QString& config_json, int port,
                                      int threads) {
  const QString program = workerProgram(request.workerProgram);
  if (program.isEmpty()) return tr("Cannot start the other workers: %1 is not there.").arg(candidateProgram(request.workerProgram));
  QStringList args{"--threads", QString::number(threads), "train", "--out", request.runDir};
  if (request.resume) {
    args << "--resume";
  } else {
    // The whole configuration, so that every worker builds the same model.
    helper_config_ = std::make_unique<QTemporaryFile>();
    if (!helper_config_->open() || helper_config_->write(config_json.toUtf8()) < 0 || !helper_config_->flush())
      return tr("Cannot write the workers' configuration: %1").arg(helper_config_->errorString());
    args << "--data" << request.dataDir << "--config" << helper_config_->fileName();
  }
  if (request.maxSteps > 0) args << "--max-steps" << QString::number(request.maxSteps);
  for (int rank = 1; rank < request.workers; ++rank) {
    auto* helper = new QProcess;
    auto env = QProcessEnvironment::systemEnvironment();
    for (const auto& [name, value] : model::localWorkerEnvironment(rank, request.workers, port))
      env.insert(QString::fromStdString(name), QString::fromStdString(value));
    helper->setProcessEnvironment(env);
    helper->setProcessChannelMode(QProcess::MergedChannels);
    connect(helper, &QProcess::readyReadStandardOutput, this, [this, helper] {
      while (helper->canReadLine()) Q_EMIT logLine(QString::fromUtf8(helper->readLine()).trimmed());
    });
    connect(helper, &QProcess::finished, this, [this, helper, rank](int code, QProcess::ExitStatus status) {
      const QString rest = QString::fromUtf8(helper->readAll()).trimmed();
      if (!rest.isEmpty()) Q_EMIT logLine(rest);
      if (status == QProcess::CrashExit)
        Q_EMIT logLine(tr("Worker %1 ended abruptly (it crashed or was killed).").arg(rank));
      else if (code != 0)
        Q_EMIT logLine(tr("Worker %1 stopped with exit code %2.").arg(rank).arg(code));
    });
    helpers_.push_back(helper);
    helper->start(program, args);
  }
  return {};
}

bool TrainingSession::isRunning() const { return timing_ || (thread_ && thread_->isRunning()); }

void TrainingSession::stop() {
  std::lock_guard<std::mutex> lock(worker_->mutex);
  worker_->stop_requested.store(true);
  if (worker_->trainer) worker_->trainer->requestStop();
  if (timing_)
    timing_->terminate();  // it ends its timing runs; the run then starts as configured and stops at once
}

void TrainingSession::timeWorkersFirst(const TrainingRequest& request, const model::TrainingConfig& config) {
  timing_config_ = std::make_unique<QTemporaryFile>();
  if (!timing_config_->open() || timing_config_->write(model::toJson(config).dump().c_str()) < 0 ||
      !timing_config_->flush()) {
    Q_EMIT logLine(
        tr("Cannot write the configuration to time the workers: %1").arg(timing_config_->errorString()));
    startTraining(request, config);
    return;
  }
  timing_ = new QProcess(this);
  timing_->setProcessChannelMode(QProcess::MergedChannels);
  // Its lines go to the log, but the last: "faster: N".
  auto faster = std::make_shared<int>(0);
  const auto take = [this, faster](const QString& line) {
    if (line.startsWith("faster: "))
      *faster = line.mid(8).toInt();
    else if (!line.isEmpty())
      Q_EMIT logLine(line);
  };
  connect(timing_, &QProcess::readyReadStandardOutput, this, [this, take] {
    while (timing_->canReadLine()) take(QString::fromUtf8(timing_->readLine()).trimmed());
  });
  connect(
      timing_, &QProcess::finished, this,
      [this, request, config, faster, take](int code, QProcess::ExitStatus status) {
        for (const auto& line : QString::fromUtf8(timing_->readAll()).split('\n')) take(line.trimmed());
        timing_->deleteLater();
        timing_ = nullptr;
        timing_config_.reset();
        auto chosen = request;
        auto trained = config;
        if (status == QProcess::NormalExit && code == 0 && (*faster == 1 || *faster == request.workers)) {
          chosen.workers = *faster;
          trained.cpu_workers = *faster;  // the run's config.json: as it trained
          Q_EMIT logLine(*faster == 1
                             ? tr("Training in one process of all the threads: it was the faster here.")
                             : tr("Training on %1 workers: they were the faster here.").arg(*faster));
        } else if (!worker_->stop_requested.load()) {
          Q_EMIT logLine(
              tr("Could not time the workers: training on %1 workers as configured.").arg(request.workers));
        }
        startTraining(chosen, trained);
      });
  // Its first line says what it times ("timing 75 steps on 2 workers and 75 in one process...").
  timing_->start(workerProgram(request.workerProgram), {"train", "--data", request.dataDir, "--config",
                                                        timing_config_->fileName(), "--time-workers"});
}

void TrainingSession::start(const TrainingRequest& request) {
  if (isRunning()) {
    Q_EMIT failed(tr("A training run is already in progress."));
    return;
  }
  if (thread_) {
    thread_->wait();
    delete thread_;
    thread_ = nullptr;
  }
  // Build the configuration here, so that a bad preset or JSON is reported at once.
  model::TrainingConfig config;
  try {
    if (!request.resume) {
      const bool fine_tune = !request.fineTuneFrom.isEmpty();
      config = fine_tune ? model::fineTuningPreset() : model::trainingPreset(request.preset.toStdString());
      if (!request.configJson.trimmed().isEmpty())
        config = model::trainingConfigFromJson(nlohmann::json::parse(request.configJson.toStdString()), config);
      config.device = request.device.toStdString();
      if (fine_tune) {
        config.init_from = request.fineTuneFrom.toStdString();
        config.original_data = request.originalData.toStdString();
        config.replay_share = request.originalData.isEmpty() ? 0.0 : request.replayShare;
        config.validate();
      }
    }
  } catch (const std::exception& e) {
    Q_EMIT failed(QString::fromUtf8(e.what()).section('\n', 0, 0));
    return;
  }
  worker_->stop_requested.store(false);
  // As `train` without --nproc: a budgeted new run on the configured CPU workers times them first.
  if (!request.resume && request.maxSteps <= 0 && config.time_budget_minutes > 0 &&
      config.worker_probe_steps > 0 && request.workers > 1 && request.workers == config.cpu_workers &&
      model::distributedBuilt() && model::resolveDevice(config.device).is_cpu() &&
      !workerProgram(request.workerProgram).isEmpty()) {
    timeWorkersFirst(request, config);
    return;
  }
  startTraining(request, config);
}

void TrainingSession::startTraining(const TrainingRequest& request, const model::TrainingConfig& config) {
  endHelpers();  // a previous run's
  model::WorkerPlace place;
  const int workers = std::max(1, request.workers);
  const int threads = std::max(1, QThread::idealThreadCount() / workers);
  if (workers > 1) {
    if (!model::distributedBuilt()) {
      Q_EMIT failed(tr("This build cannot train on several workers: it was built without c10d's Gloo."));
      return;
    }
    try {
      place.world_size = place.local_world_size = workers;
      place.master_port = model::freeLocalPort();
    } catch (const std::exception& e) {
      Q_EMIT failed(QString::fromUtf8(e.what()));
      return;
    }
    const QString error =
        startHelpers(request, QString::fromStdString(model::toJson(config).dump()), place.master_port, threads);
    if (!error.isEmpty()) {
      endHelpers();
      Q_EMIT failed(error);
      return;
    }
    Q_EMIT logLine(tr("Training on %1 workers of %2 threads each (worker 0 here, the others as processes)")
                       .arg(workers)
                       .arg(threads));
  }
  auto worker = worker_;
  const int interval = step_interval_ms_;
  thread_ = QThread::create([this, worker, request, config, interval, place, threads]() {
    // The signals leave on this object's thread, not the worker's, so that any
    // listener (a functor, a QSignalSpy) sees them one at a time among the
    // helpers' log lines.
    const auto post = [this](auto emit_signal) {
      QMetaObject::invokeMethod(this, std::move(emit_signal), Qt::QueuedConnection);
    };
    model::TrainerCallbacks callbacks;
    QElapsedTimer since_last_step;
    since_last_step.start();
    callbacks.step = [&](const model::StepEvent& e) {
      if (since_last_step.elapsed() < interval && e.step < e.max_steps) return;
      since_last_step.restart();
      StepProgress p;
      p.step = e.step;
      p.maxSteps = e.max_steps;
      p.epoch = e.epoch;
      p.loss = e.loss;
      p.nll = e.nll;
      p.learningRate = e.learning_rate;
      p.gradNorm = e.grad_norm;
      p.tokensPerSecond = e.tokens_per_second;
      p.elapsedSeconds = e.elapsed_seconds;
      p.workers = e.workers;
      post([this, p] { Q_EMIT stepReported(p); });
    };
    callbacks.evaluation = [&](const model::EvalEvent& e) {
      EvalReport r;
      r.step = e.step;
      r.loss = e.loss;
      r.perplexity = e.perplexity;
      r.tokenAccuracy = e.token_accuracy;
      r.bleu = e.bleu;
      r.bleuLine = QString::fromStdString(e.bleu_line);
      r.chrf = e.chrf;
      r.chrfLine = QString::fromStdString(e.chrf_line);
      r.originalBleu = e.original_bleu;
      r.originalChrf = e.original_chrf;
      for (const auto& [corpus, bleu] : e.bleu_by_corpus)
        r.bleuByCorpus.append({QString::fromStdString(corpus), bleu});
      r.best = e.best;
      for (const auto& s : e.samples)
        r.samples.append({QString::fromStdString(s.source), QString::fromStdString(s.reference),
                          QString::fromStdString(s.hypothesis)});
      post([this, r] { Q_EMIT evaluated(r); });
    };
    callbacks.checkpoint = [&](const model::CheckpointEvent& e) {
      post([this, path = QString::fromStdString(e.path), best = e.best] {
        Q_EMIT checkpointWritten(path, best);
      });
    };
    callbacks.log = [&](const std::string& line) {
      post([this, text = QString::fromStdString(line)] { Q_EMIT logLine(text); });
    };
    callbacks.finished = [&](const model::FinishedEvent& e) {
      FinishedReport r;
      r.step = e.step;
      r.reason = QString::fromStdString(e.reason);
      r.bestBleu = e.best_bleu;
      r.bestPath = QString::fromStdString(e.best_path);
      r.lastPath = QString::fromStdString(e.last_path);
      r.averagedPath = QString::fromStdString(e.averaged_path);
      if (e.final_choice) {
        r.wholeDevPairs = e.final_choice->sentences;
        r.bestStep = e.final_choice->chosenStep();
        r.wholeDevBleu = e.final_choice->chosenBleu();
      }
      post([this, r] { Q_EMIT finished(r); });
    };
    callbacks.failed = [&](const std::string& message) {
      post([this, text = QString::fromStdString(message)] { Q_EMIT failed(text); });
    };

    model::Trainer trainer(config, request.dataDir.toStdString(), request.runDir.toStdString(), request.resume,
                           callbacks, request.maxSteps);
    trainer.setWorkerPlace(place);
    // Worker 0's share of the cores, for this run (LibTorch's thread count is the process's).
    const int previous_threads = at::get_num_threads();
    if (place.distributed()) model::configureThreads(threads);
    {
      std::lock_guard<std::mutex> lock(worker->mutex);
      worker->trainer = &trainer;
      if (worker->stop_requested.load()) trainer.requestStop();
    }
    trainer.run();  // never throws
    if (place.distributed()) model::configureThreads(previous_threads);
    std::lock_guard<std::mutex> lock(worker->mutex);
    worker->trainer = nullptr;
  });
  thread_->setObjectName("training");
  thread_->start();
}

}  // namespace studio::app
