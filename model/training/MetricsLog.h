#pragma once

#include <cstdint>
#include <string>

#include <nlohmann/json_fwd.hpp>

#include "model/files/AtomicFile.h"

namespace studio::model {

struct EvalEvent;
// An evaluation as metrics.jsonl keeps it: {"type": "eval", "step", "loss", "perplexity", "token_accuracy",
// "bleu", "chrf", "best", "sentences", "samples"[, "original_bleu", "original_chrf"][, "bleu_by_corpus":
// [{"corpus", "bleu"}, ...]]}.
nlohmann::json evalRecord(const EvalEvent& eval);

// metrics.jsonl: one JSON object a line, appended as training goes. A record
// reaches the file whole or not at all (a full disk throws FileWriteError and
// leaves the earlier lines as they were).
class MetricsLog {
 public:
  explicit MetricsLog(const std::string& path) : file_(path) {}

  void open() { file_.open(); }
  void write(const nlohmann::json& record);

  // Keeps only the records up to `step` (after a resume), atomically. A torn
  // last line left by a crash is dropped.
  void truncateAfter(int64_t step);

 private:
  LineAppender file_;
};

}  // namespace studio::model
