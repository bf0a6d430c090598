#pragma once

#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "model/TransformerOptions.h"

namespace studio::model {

enum class ScheduleKind {
  Noam,     // factor * d_model^-0.5 * min(step^-0.5, step * warmup^-1.5)
  Cosine,   // linear warmup to learning_rate, then cosine decay with warm restarts
  Plateau,  // linear warmup, then learning_rate, halved (plateau_factor) when dev BLEU stalls
};

// A sentence whose attention is recorded as the run trains (Probes.h).
struct ProbeSentence {
  std::string source, reference;  // the reference may be empty: then only the model's own translation is recorded
  bool operator==(const ProbeSentence& o) const { return source == o.source && reference == o.reference; }
};

// Everything a training run needs besides its data; stored as config.json
// in the run folder. Validated once, with messages naming the field.
struct TrainingConfig {
  TransformerOptions model;  // vocab_size is taken from the data's SentencePiece model
  double label_smoothing = 0.1;
  // Each epoch splits the training pairs into pieces anew. Under a unigram
  // vocabulary (subword regularization, Kudo 2018) a split is drawn with
  // probability proportional to P(split)^subword_alpha (0.1: almost any
  // split; 1: the model's own odds); under a BPE vocabulary (BPE-dropout,
  // Provilkov et al. 2020) each merge is skipped with probability
  // subword_alpha (0.1 as in the paper). SentencePiece's alpha, as OpenNMT
  // and fairseq name it. Dev, test and translation keep the best split. 0 =
  // off: every epoch sees the same pieces.
  double subword_alpha = 0;
  // Guided alignment (GuidedAlignment.h): the weight of the loss that trains
  // the first cross-attention head of model.alignment_layer to follow word
  // alignments learnt from the training pairs (Garg et al. 2019 used 0.05);
  // 0 = off. guided_alignment_layer chooses the layer (-1: the model's own
  // when it has one, else defaultAlignmentLayer's).
  double guided_alignment = 0;
  int64_t guided_alignment_layer = -1;

  int64_t max_tokens = 4096;      // token budget a batch, padding included
  int64_t accumulate_steps = 1;   // batches per optimizer step
  double clip_norm = 1.0;         // gradient norm clipping; 0 = off
  // An exponential moving average of the weights (WeightAverage.h), which
  // the evaluations, probes, checkpoints and best.pt hold; 0 = off. 0.999
  // averages about the last 1,000 steps.
  double ema_decay = 0;

  ScheduleKind schedule = ScheduleKind::Noam;
  int64_t warmup_steps = 4000;
  double noam_factor = 1.0;
  double learning_rate = 5e-4;  // peak for cosine and plateau
  double min_learning_rate = 1e-6;
  int64_t cosine_cycle_steps = 10000;  // 0: one cycle that ends at max_steps
  double cosine_cycle_mult = 1.0;
  double plateau_factor = 0.5;
  int64_t plateau_patience = 2;  // evaluations without improvement before a cut

  int64_t max_steps = 100000;
  // Minutes of wall time the whole run may take (0: no budget): after its
  // first steps the run sets max_steps (at most the configured one) to the
  // steps that fit at their pace (TimeBudget.h), and writes it into its
  // config.json. --max-steps turns the budget off.
  double time_budget_minutes = 0;
  int64_t max_epochs = 0;  // 0 = no limit
  uint64_t seed = 1;

  bool evaluate = true;          // false: no dev evaluation (and so no best.pt, no early stopping)
  int64_t eval_every = 1000;     // steps; also when checkpoints are written
  int64_t eval_sentences = 500;  // dev sentences translated for BLEU; 0 = all of dev
  int64_t eval_samples = 3;      // sample translations shown
  int64_t eval_beam = 1;
  int64_t log_every = 100;

  // Probe sentences (probes.rec): these, or the first default_probes dev
  // pairs when none are given (0 and none given: nothing is recorded), at
  // step 0, every probe_every steps (0: at every evaluation) and at the end.
  std::vector<ProbeSentence> probes;
  int64_t default_probes = 3;
  int64_t probe_every = 0;

  int64_t keep_last = 5;                 // checkpoints kept (the best is kept apart)
  // Also keep the model (weights only) of every N-th evaluation in models/,
  // so that any of those steps can be opened later; 0 = off.
  int64_t keep_models_every = 0;
  int64_t average_last = 0;              // average the last N checkpoints at the end; 0 = off
  int64_t early_stopping_patience = 0;  // evaluations without a better dev BLEU; 0 = off

  std::string device = "auto";
  // Worker processes for a run on the CPU when no worker count is given
  // (`train` without --nproc; the app's first run): each takes its share of
  // every batch on cores/N threads (see Distributed.h). Small models train
  // faster as N one-thread processes than as one process of N threads.
  int64_t cpu_workers = 1;
  // A new run with a time budget that would start several CPU workers (no
  // worker count given) first trains this many steps twice, in a folder of
  // its own: on the cpu_workers one-thread workers and in one process of all
  // the cores' threads; the run then trains the faster way (which one wins
  // depends on the computer). 0 = off.
  int64_t worker_probe_steps = 0;
  // Autocast for the forward pass: "bf16" (GPUs since Ampere; also the CPU)
  // or "fp16" (CUDA only, with dynamic loss scaling).
  bool mixed_precision = false;
  std::string mixed_precision_dtype = "auto";  // auto: bf16 where the device computes in it, else fp16

  // Fine-tuning (FineTune.h): the weights start from this model file (or
  // checkpoint) instead of at random, and its options replace `model`. The
  // data must be prepared with the model's SentencePiece model.
  std::string init_from;              // "" = a run from scratch
  bool init_optimizer = false;        // also Adam's state of that checkpoint (else a fresh Adam)
  // The data folder the model learnt from: its dev split is evaluated beside
  // the new one (forgetting shows there), and replay_share of the training
  // pairs are drawn from its training split. "" = neither.
  std::string original_data;
  double replay_share = 0;            // 0 to 0.9

  void validate() const;  // throws std::invalid_argument naming the field
};

// The presets: tiny, iwslt-4layer, iwslt-6layer, base. Throws
// std::invalid_argument listing them for an unknown name.
TrainingConfig trainingPreset(const std::string& name);
std::vector<std::string> trainingPresetNames();

nlohmann::json toJson(const TrainingConfig& config);
// Missing fields keep the values of `base`; wrong types name the field.
TrainingConfig trainingConfigFromJson(const nlohmann::json& json, const TrainingConfig& base = {});

std::string toString(ScheduleKind kind);
ScheduleKind scheduleFromString(const std::string& text);

// What keep_models_every will keep: how many model files and about how
// many bytes (float32 weights of config.model, vocab_size included).
struct KeptModelsEstimate {
  int64_t files = 0;
  int64_t bytes = 0;
};
KeptModelsEstimate keptModelsEstimate(const TrainingConfig& config);

// The learning rate at `step` (1-based) for the step-driven schedules; for
// Plateau the warmup part (the plateau cuts are applied by the trainer).
double scheduledLearningRate(const TrainingConfig& config, int64_t step);

}  // namespace studio::model
