#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include <nlohmann/json_fwd.hpp>

#include "model/Transformer.h"
#include "model/data/Tokenizer.h"
#include "model/training/Checkpoints.h"
#include "model/training/TrainingConfig.h"
#include "model/training/TrainingData.h"

// The run's last look at best.pt. The evaluations translate eval_sentences
// dev pairs (200 in the presets) to stay quick, and on so few a checkpoint
// can come out best by chance: a spike that the run's last checkpoint beats
// on the whole split. When a run ends (not when it is stopped: it goes on
// when resumed), best.pt and the last checkpoint translate every dev pair
// and the one with the higher BLEU is best.pt; a tie keeps best.pt.
namespace studio::model {

struct FinalChoice {
  int64_t sentences = 0;                 // the dev pairs both translated (the whole split)
  int64_t best_step = 0, last_step = 0;  // best.pt's step before the choice, the last checkpoint's
  double best_bleu = 0, last_bleu = 0;   // their BLEU on those pairs
  double best_chrf = 0, last_chrf = 0;
  bool last_chosen = false;  // best.pt is now a copy of the last checkpoint
  double seconds = 0;

  int64_t chosenStep() const { return last_chosen ? last_step : best_step; }
  double chosenBleu() const { return last_chosen ? last_bleu : best_bleu; }
};

// Whether a run that ends at `last_step` has a choice to make: best.pt is of
// another step (`best_step`), and it was not already chosen on the whole dev
// split with the last step evaluated (`evaluated` pairs of `whole`).
bool finalChoiceNeeded(int64_t best_step, int64_t last_step, size_t evaluated, size_t whole,
                       bool last_step_evaluated);

// Translates `whole_dev` with `last` (the model in memory, whose checkpoint
// is `last_checkpoint`, of `last_step`) and with RUN/best.pt (of `best_step`),
// greedy or with config.eval_beam as the evaluations, and copies the last
// checkpoint over best.pt (atomically) when it scores the higher BLEU.
// Leaves `last` in eval mode.
FinalChoice chooseFinalBest(Transformer& last, const std::string& last_checkpoint, int64_t last_step,
                            int64_t best_step, const std::string& run_dir, const DevSet& whole_dev,
                            std::shared_ptr<const data::Tokenizer> tokenizer, const TrainingConfig& config,
                            const torch::Device& device);

// The trainer's side of it: the whole split read once (the evaluated pairs
// when they are all of it), what the choice will take, and the choice.
class FinalChooser {
 public:
  // `config` and `evaluated` (the evaluations' pairs) outlive it.
  FinalChooser(std::string data_dir, std::string run_dir, const TrainingConfig& config,
               const DevSet& evaluated, std::shared_ptr<const data::Tokenizer> tokenizer);

  // After an evaluation whose translations took `seconds`: the seconds the
  // choice will take (two translations of the whole split at their pace).
  double estimate(double seconds);

  // At the end of a run at state.step (the last checkpoint, `last_checkpoint`,
  // of the model `last`), when finalChoiceNeeded: the choice, logged.
  std::optional<FinalChoice> choose(Transformer& last, const std::string& last_checkpoint,
                                    const TrainerState& state, bool last_step_evaluated,
                                    const torch::Device& device,
                                    const std::function<void(const std::string&)>& log);

 private:
  const DevSet& whole();

  std::string data_dir_, run_dir_;
  const TrainingConfig& config_;
  const DevSet& evaluated_;
  std::shared_ptr<const data::Tokenizer> tokenizer_;
  std::optional<DevSet> whole_;  // read at the first whole() when the evaluations take a part
  double estimate_ = 0;
};

// metrics.jsonl's record of it: {"type": "final_choice", "step" (the last
// step), "sentences", "best_step", "best_bleu", "best_chrf", "last_bleu",
// "last_chrf", "chosen_step", "seconds"}.
nlohmann::json finalChoiceRecord(const FinalChoice& choice);

// The run log's line, e.g. "best.pt: now the last checkpoint (step 12000),
// BLEU 36.70 on all 1505 dev pairs against 36.10 for step 7500, the best of
// the evaluations (1.6 s)", or "best.pt: stays step 7500, …".
std::string describeFinalChoice(const FinalChoice& choice);

}  // namespace studio::model
