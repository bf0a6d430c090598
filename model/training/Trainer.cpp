#include "model/training/Trainer.h"

#include "model/runtime/CpuBlockCache.h"
#include "model/training/TrainingRun.h"

namespace studio::model {

Trainer::Trainer(TrainingConfig config, std::string data_dir, std::string run_dir, bool resume,
                 TrainerCallbacks callbacks, int64_t max_steps_override)
    : config_(std::move(config)),
      data_dir_(std::move(data_dir)),
      run_dir_(std::move(run_dir)),
      resume_(resume),
      callbacks_(std::move(callbacks)),
      max_steps_override_(max_steps_override) {}

bool Trainer::run() {
  try {
    // Large CPU tensors (the logits and their gradients) reused from step to step, not mapped afresh.
    CpuBlockCacheScope block_cache;
    TrainingRun run(config_, data_dir_, run_dir_, resume_, max_steps_override_, place_, callbacks_, stop_);
    run.begin();
    while (run.keepGoing()) run.update();
    const FinishedEvent done = run.end();
    if (callbacks_.finished) callbacks_.finished(done);
    return true;
  } catch (const std::exception& e) {
    std::string message = e.what();
    message = message.substr(0, message.find('\n'));
    if (callbacks_.failed) callbacks_.failed(message);
    return false;
  }
}

}  // namespace studio::model
