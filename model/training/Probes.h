#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "model/decoding/Translator.h"
#include "model/training/ProbeFile.h"
#include "model/training/TrainingConfig.h"

// The probe sentences of a run and their recording into probes.rec
// (ProbeFile.h): which sentences, when, and what one round costs.
namespace studio::model {

// "SOURCE ||| REFERENCE", "SOURCE<TAB>REFERENCE" or just "SOURCE" (then only
// the model's own translation is recorded). Throws std::invalid_argument for
// an empty source.
ProbeSentence parseProbe(const std::string& text);

// Reads a probe file: one probe a line as parseProbe takes it; blank lines
// and lines starting with '#' are skipped. Errors name the file and line.
std::vector<ProbeSentence> readProbeSentences(const std::string& path);

// The run's probes: config.probes when given (each checked against the
// model's positions; an error names the probe), else the first
// config.default_probes dev pairs whose source and reference fit.
std::vector<ProbeSentence> chooseProbes(const TrainingConfig& config, const data::Tokenizer& tokenizer,
                                        const std::vector<std::string>& dev_sources,
                                        const std::vector<std::string>& dev_references);

// One round: for each probe, the greedy translation, then the attention and
// the logit lens (kProbeLensTop pieces a block) teacher-forced on the
// reference (when there is one) and over the model's own translation.
// Leaves the model in eval mode.
std::vector<ProbeRecord> recordProbeRound(const Translator& translator, const std::vector<ProbeSentence>& probes,
                                          int64_t step);

// When the trainer records: step 0, every probe_every steps (0: at every
// evaluation, or every eval_every steps without one), and the last step.
class ProbeRecorder {
 public:
  ProbeRecorder(const std::string& run_dir, std::vector<ProbeSentence> probes, const TrainingConfig& config);

  bool enabled() const { return !probes_.empty(); }
  const std::vector<ProbeSentence>& probes() const { return probes_; }
  void open(int64_t keep_through);  // see ProbeFileWriter::open
  bool due(int64_t step) const;
  // Records a round (the caller restores train mode) and returns its cost;
  // `log` (optional) hears the cost of the first round recorded.
  struct Cost {
    double seconds = 0;
    uint64_t bytes = 0;
  };
  Cost record(const Translator& translator, int64_t step,
              const std::function<void(const std::string&)>& log = nullptr);
  int64_t lastStep() const { return last_step_; }
  const std::string& path() const { return writer_.path(); }

 private:
  std::vector<ProbeSentence> probes_;
  int64_t every_;
  ProbeFileWriter writer_;
  int64_t last_step_ = -1;
  bool cost_told_ = false;
};

}  // namespace studio::model
