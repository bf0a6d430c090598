#include "app/TrainingSession.h"

#include <QElapsedTimer>
#include <QThread>

#include <atomic>
#include <mutex>

#include <nlohmann/json.hpp>

#include "model/training/Trainer.h"

namespace studio::app {

struct TrainingSession::Worker {
  std::mutex mutex;
  model::Trainer* trainer = nullptr;  // while run() runs
  std::atomic<bool> stop_requested{false};
};

namespace {
void registerTypes() {
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
  registerTypes();
}

TrainingSession::~TrainingSession() {
  if (thread_) {
    stop();
    thread_->wait();
    delete thread_;
  }
}

bool TrainingSession::isRunning() const { return thread_ && thread_->isRunning(); }

void TrainingSession::stop() {
  std::lock_guard<std::mutex> lock(worker_->mutex);
  worker_->stop_requested.store(true);
  if (worker_->trainer) worker_->trainer->requestStop();
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
      config = model::trainingPreset(request.preset.toStdString());
      if (!request.configJson.trimmed().isEmpty())
        config = model::trainingConfigFromJson(nlohmann::json::parse(request.configJson.toStdString()), config);
      config.device = request.device.toStdString();
    }
  } catch (const std::exception& e) {
    Q_EMIT failed(QString::fromUtf8(e.what()).section('\n', 0, 0));
    return;
  }
  worker_->stop_requested.store(false);
  auto worker = worker_;
  const int interval = step_interval_ms_;
  thread_ = QThread::create([this, worker, request, config, interval]() {
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
      Q_EMIT stepReported(p);
    };
    callbacks.evaluation = [&](const model::EvalEvent& e) {
      EvalReport r;
      r.step = e.step;
      r.loss = e.loss;
      r.perplexity = e.perplexity;
      r.tokenAccuracy = e.token_accuracy;
      r.bleu = e.bleu;
      r.bleuLine = QString::fromStdString(e.bleu_line);
      r.best = e.best;
      for (const auto& s : e.samples)
        r.samples.append({QString::fromStdString(s.source), QString::fromStdString(s.reference),
                          QString::fromStdString(s.hypothesis)});
      Q_EMIT evaluated(r);
    };
    callbacks.checkpoint = [&](const model::CheckpointEvent& e) {
      Q_EMIT checkpointWritten(QString::fromStdString(e.path), e.best);
    };
    callbacks.log = [&](const std::string& line) { Q_EMIT logLine(QString::fromStdString(line)); };
    callbacks.finished = [&](const model::FinishedEvent& e) {
      FinishedReport r;
      r.step = e.step;
      r.reason = QString::fromStdString(e.reason);
      r.bestBleu = e.best_bleu;
      r.bestPath = QString::fromStdString(e.best_path);
      r.lastPath = QString::fromStdString(e.last_path);
      r.averagedPath = QString::fromStdString(e.averaged_path);
      Q_EMIT finished(r);
    };
    callbacks.failed = [&](const std::string& message) { Q_EMIT failed(QString::fromStdString(message)); };

    model::Trainer trainer(config, request.dataDir.toStdString(), request.runDir.toStdString(), request.resume,
                           callbacks, request.maxSteps);
    {
      std::lock_guard<std::mutex> lock(worker->mutex);
      worker->trainer = &trainer;
      if (worker->stop_requested.load()) trainer.requestStop();
    }
    trainer.run();  // never throws
    std::lock_guard<std::mutex> lock(worker->mutex);
    worker->trainer = nullptr;
  });
  thread_->setObjectName("training");
  thread_->start();
}

}  // namespace studio::app
