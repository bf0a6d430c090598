#include "app/EventLoopProbe.h"

#include <algorithm>

namespace studio::app {

EventLoopProbe::EventLoopProbe(int interval_ms, QObject* parent) : QObject(parent), interval_ms_(interval_ms) {
  timer_.setTimerType(Qt::PreciseTimer);
  timer_.setInterval(interval_ms_);
  connect(&timer_, &QTimer::timeout, this, &EventLoopProbe::tick);
}

void EventLoopProbe::start() {
  delays_ms_.clear();
  clock_.start();
  last_ns_ = 0;
  timer_.start();
}

void EventLoopProbe::stop() { timer_.stop(); }

void EventLoopProbe::tick() {
  const qint64 now = clock_.nsecsElapsed();
  // Late by what the gap exceeds the interval (never below zero).
  delays_ms_.push_back(std::max(0.0, double(now - last_ns_) / 1e6 - interval_ms_));
  last_ns_ = now;
}

StallSummary EventLoopProbe::summary() const {
  StallSummary s;
  s.seconds = double(last_ns_) / 1e9;
  s.ticks = qint64(delays_ms_.size());
  if (delays_ms_.empty()) return s;
  std::vector<double> sorted = delays_ms_;
  std::sort(sorted.begin(), sorted.end());
  auto at = [&](double q) { return sorted[std::min(sorted.size() - 1, size_t(q * double(sorted.size())))]; };
  s.longestMs = sorted.back();
  s.p99Ms = at(0.99);
  s.p95Ms = at(0.95);
  s.over50Ms = int(sorted.end() - std::lower_bound(sorted.begin(), sorted.end(), 50.0));
  return s;
}

}  // namespace studio::app
