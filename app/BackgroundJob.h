#pragma once

#include <QMetaObject>
#include <QObject>
#include <QString>

#include <atomic>
#include <functional>
#include <memory>

class QThread;

// One job at a time on a thread of its own, for the sessions that measure
// a model for minutes (head ranking, faithfulness): start() runs the work
// there, stop() raises the flag the work polls, the destructor stops it and
// waits. The work reports through its session's signals (queued across the
// thread) and calls finish() before its last one, so that a slot reading
// isRunning() sees it done. The signals are posted (post()), so that they are
// emitted on the session's thread: a listener without a thread of its own (a
// functor, a QSignalSpy) never runs on the job's.
namespace studio::app {

class BackgroundJob {
 public:
  class Control {
   public:
    bool stopRequested() const { return state_->stop.load(); }
    void finish() { state_->running.store(false); }

   private:
    friend class BackgroundJob;
    struct State {
      std::atomic<bool> stop{false};
      std::atomic<bool> running{false};
    };
    explicit Control(std::shared_ptr<State> state) : state_(std::move(state)) {}
    std::shared_ptr<State> state_;
  };

  explicit BackgroundJob(QString thread_name);
  ~BackgroundJob();
  BackgroundJob(const BackgroundJob&) = delete;
  BackgroundJob& operator=(const BackgroundJob&) = delete;

  // Runs `emit_signal` on `owner`'s thread, queued: from the job, a session emits through this.
  template <typename Emit>
  static void post(QObject* owner, Emit emit_signal) {
    QMetaObject::invokeMethod(owner, std::move(emit_signal), Qt::QueuedConnection);
  }

  bool isRunning() const { return state_->running.load(); }
  void stop() { state_->stop.store(true); }
  // Starts `work` on the job's thread; false (nothing started) while one runs.
  bool start(std::function<void(Control&)> work);

 private:
  std::shared_ptr<Control::State> state_;
  QThread* thread_ = nullptr;
  QString thread_name_;
};

}  // namespace studio::app
