// A run folder's metrics.jsonl as the desktop app reads it to draw an opened
// run's charts: any bytes give a history whose steps are in range, lines too
// long are skipped, nothing crashes.
#include <QBuffer>
#include <QByteArray>

#include <cstdint>

#include "app/training/RunHistory.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  QByteArray bytes = QByteArray::fromRawData(reinterpret_cast<const char*>(data), qsizetype(size));
  QBuffer buffer(&bytes);
  buffer.open(QIODevice::ReadOnly);
  const auto history = studio::app::readRunHistory(buffer);
  for (const auto& step : history.steps)
    if (step.step < 0 || step.step > history.lastStep) __builtin_trap();
  for (const auto& eval : history.evals)
    if (eval.step < 0 || eval.step > history.lastStep) __builtin_trap();
  if (history.lastStep > studio::app::kMaxMetricsStep) __builtin_trap();
  return 0;
}
