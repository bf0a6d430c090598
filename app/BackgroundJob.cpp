#include "app/BackgroundJob.h"

#include <QThread>

namespace studio::app {

BackgroundJob::BackgroundJob(QString thread_name)
    : state_(std::make_shared<Control::State>()), thread_name_(std::move(thread_name)) {}

BackgroundJob::~BackgroundJob() {
  stop();
  if (thread_) {
    thread_->wait();
    delete thread_;
  }
}

bool BackgroundJob::start(std::function<void(Control&)> work) {
  if (isRunning()) return false;
  if (thread_) {
    thread_->wait();
    delete thread_;
  }
  state_->stop.store(false);
  state_->running.store(true);
  thread_ = QThread::create([state = state_, work = std::move(work)]() {
    Control control(state);
    work(control);
    control.finish();
  });
  thread_->setObjectName(thread_name_);
  thread_->start();
  return true;
}

}  // namespace studio::app
