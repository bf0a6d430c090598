#pragma once

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>

#include <vector>

// How responsive a thread's event loop is: a timer asks to run every few
// milliseconds, and each time it runs late by more than its interval, the
// delay is a stall of the loop (a paint, a slot or anything else that kept
// the thread busy). Used by the GUI latency benchmark and its test.
namespace studio::app {

struct StallSummary {
  double seconds = 0;         // measured for
  qint64 ticks = 0;           // timer events seen
  double longestMs = 0;       // the longest stall
  double p99Ms = 0, p95Ms = 0;  // of the per-tick delays
  int over50Ms = 0;           // stalls of 50 ms or more
};

class EventLoopProbe : public QObject {
  Q_OBJECT

 public:
  explicit EventLoopProbe(int interval_ms = 5, QObject* parent = nullptr);

  void start();
  void stop();
  StallSummary summary() const;

 private:
  void tick();

  int interval_ms_;
  QTimer timer_;
  QElapsedTimer clock_;
  qint64 last_ns_ = 0;
  std::vector<double> delays_ms_;
};

}  // namespace studio::app
