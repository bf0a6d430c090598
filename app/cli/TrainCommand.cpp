// train: a run folder from a data folder, Ctrl-C stops with a checkpoint.

#include <algorithm>
#include <atomic>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <thread>

#include <nlohmann/json.hpp>

#include "app/cli/Commands.h"
#include "app/cli/ModelOptions.h"
#include "app/cli/WorkerLauncher.h"
#include "app/cli/WorkerProbe.h"
#include "model/data/Tokenizer.h"
#include "model/runtime/Runtime.h"
#include "model/training/Distributed.h"
#include "model/training/FineTune.h"
#include "model/training/Probes.h"
#include "model/training/RunFolder.h"
#include "model/training/SpeedProbe.h"
#include "model/training/Trainer.h"

namespace studio::cli {

namespace {

std::atomic<model::Trainer*> g_trainer{nullptr};

void onInterrupt(int) {
  if (auto* trainer = g_trainer.load()) trainer->requestStop();
}

std::string clock(double seconds) {
  const auto s = int64_t(seconds);
  char text[32];
  std::snprintf(text, sizeof text, "%02lld:%02lld:%02lld", static_cast<long long>(s / 3600),
                static_cast<long long>(s / 60 % 60), static_cast<long long>(s % 60));
  return text;
}

// `train --from`: the fine-tuning settings, the model and what it learnt from.
model::TrainingConfig fineTuneSettings(const ParsedArgs& args) {
  auto config = model::fineTuningPreset();
  const auto origin = model::findModelOrigin(args.require("from"));
  config.init_from = origin.model_path;
  config.init_optimizer = args.has("keep-optimizer");
  if (!args.has("no-original")) config.original_data = args.getOr("original-data", origin.data_dir);
  if (config.original_data.empty() && !args.has("no-original"))
    std::fprintf(stderr, "no data folder is known for '%s' (no run folder's config.json beside it, or its data "
                         "folder is gone): only the new dev split is evaluated and nothing is replayed; "
                         "--original-data DIR names it\n", origin.model_path.c_str());
  const double share = config.original_data.empty() ? 0.0 : model::kDefaultReplayShare;
  config.replay_share = args.number("replay-share", share, 0.0, 0.9);
  if (config.replay_share > 0 && config.original_data.empty())
    throw UsageError("--replay-share needs the original data: --original-data DIR");
  return config;
}

}  // namespace

const CommandSpec& trainSpec() {
  static const CommandSpec spec{
      "train",
      "Train a Transformer on a data folder\n\n"
      "Trains on a folder written by `prepare`, evaluating on its dev split (loss, perplexity, accuracy,\n"
      "BLEU) and writing checkpoints, best.pt and metrics.jsonl into the run folder. Ctrl-C stops after\n"
      "the current step with a checkpoint; --resume continues exactly where it stopped.",
      {
          {"data", "DIR", "the data folder (required unless --resume)"},
          {"out", "RUN_DIR", "the run folder (required)"},
          {"preset", "NAME",
           "starter, tiny, toy (for a toy-corpus), iwslt-4layer, iwslt-6layer or base (default tiny)"},
          {"config", "FILE", "a JSON training configuration (over the preset)"},
          {"max-steps", "N", "stop after N optimizer steps"},
          {"resume", "", "continue the run in --out from its newest checkpoint"},
          {"from", "MODEL",
           "fine-tune this model (a model file or checkpoint with spm.model beside it or above)\n"
           "on --data, prepared with its SentencePiece model (prepare --spm): the fine-tuning\n"
           "settings (docs/fine-tuning.md) with the model's shape; --config changes them"},
          {"original-data", "DIR",
           "with --from: the data folder the model learnt from (default: the one its run\n"
           "folder names), whose dev split is evaluated beside the new one"},
          {"no-original", "", "with --from: evaluate the new dev split only, replay nothing"},
          {"replay-share", "R",
           "with --from: share of the training pairs drawn from the original data against\n"
           "forgetting (default 0.5; 0 = none)"},
          {"keep-optimizer", "", "with --from: keep the checkpoint's Adam state (default: a fresh Adam)"},
          {"device", "DEVICE", "auto (default), cpu, cuda or cuda:N"},
          {"direction", "vi-en|en-vi",
           "which way the model translates (default vi-en). en-vi trains English to Vietnamese on\n"
           "the same data folder: a model for back-translate, which turns English text into\n"
           "synthetic Vietnamese sources for more training pairs. docs/training.md"},
          {"seed", "N", "random seed (default 1)"},
          {"subword-alpha", "A",
           "split the training pairs into pieces anew each epoch (0 = off, the default). A unigram\n"
           "vocabulary draws with its odds raised to A (subword regularization: 0.5 is mild, a lower\n"
           "A draws shorter pieces and needs longer training); a BPE one skips each merge with\n"
           "probability A (BPE-dropout: 0.1 as in its paper). docs/training.md"},
          {"guided-alignment", "W",
           "train the first cross-attention head of one decoder layer to align words, with this\n"
           "weight on its loss (0 = off, the default; 0.05 as in Garg et al. 2019): alignments are\n"
           "learnt from the training pairs first (fast_align's model); translate --alignment, kept\n"
           "tags and formatting then read that head. docs/training.md"},
          {"guided-alignment-layer", "L",
           "with --guided-alignment: the decoder layer, from 0 (default: the last, or the last but\n"
           "one in a decoder of 4 layers or more)"},
          {"ema-decay", "D",
           "evaluate, record probes and keep checkpoints with an exponential moving average of\n"
           "the weights (0 = off, the default; 0.999 averages about the last 1,000 steps)"},
          {"eval-every", "N", "evaluate and checkpoint every N steps"},
          {"no-eval", "", "no dev evaluation (checkpoints every --eval-every steps, no best.pt)"},
          {"probe", "TEXT",
           "a probe sentence, \"SOURCE ||| REFERENCE\" (repeatable): its attention is recorded in\n"
           "probes.rec as the run trains (default: the first 3 dev pairs)"},
          {"probe-file", "FILE",
           "probe sentences, one a line: SOURCE, SOURCE<TAB>REFERENCE or SOURCE ||| REFERENCE"},
          {"probe-every", "N",
           "record the probes every N steps (default: the preset's; 0 = at every evaluation)"},
          {"no-probes", "", "record no probes"},
          {"keep-models-every", "N",
           "also keep the model of every N-th evaluation in RUN_DIR/models (0 = off, the\n"
           "default); the number of files and their size are printed first"},
          {"estimate", "", "time a few steps here, print how long the run would take, and exit"},
          {"time-workers", "",
           "time the configuration's CPU workers against one process of all the threads here\n"
           "(worker_probe_steps steps each, 75 if it is 0; what a new run with a time budget does\n"
           "first), print both and the faster count (\"faster: N\"), and exit; no --out needed"},
          {"nproc", "N",
           "train on N worker processes here, data-parallel (c10d: Gloo): one a GPU on a CUDA\n"
           "machine, else N CPU workers sharing the cores. Under torchrun (RANK, WORLD_SIZE,\n"
           "LOCAL_RANK, MASTER_ADDR, MASTER_PORT set) this program is one worker: no --nproc.\n"
           "Without it, a run on the CPU starts the configuration's cpu_workers (starter: 2)"},
      }};
  return spec;
}

int runTrain(const ParsedArgs& args) {
  const bool time_workers = args.has("time-workers");
  const std::string out = time_workers ? args.getOr("out", "") : args.require("out");
  const bool resume = args.has("resume");
  std::string data_dir = args.getOr("data", "");
  if (!resume && data_dir.empty()) throw UsageError("--data is required (or --resume)");
  model::TrainingConfig config;
  const bool fine_tune = args.has("from");
  if (!fine_tune)
    for (const char* option : {"original-data", "no-original", "replay-share", "keep-optimizer"})
      if (args.has(option)) throw UsageError("--" + std::string(option) + " goes with --from MODEL (fine-tuning)");
  if (!resume && fine_tune) {
    if (args.has("preset"))
      throw UsageError("--from fine-tunes with the fine-tuning settings and the model's shape: drop --preset "
                       "(--config changes the settings)");
    if (args.has("original-data") && args.has("no-original"))
      throw UsageError("--original-data and --no-original contradict each other");
    config = fineTuneSettings(args);
  } else if (!resume) {
    try {
      config = model::trainingPreset(args.getOr("preset", "tiny"));
    } catch (const std::invalid_argument& e) {
      throw UsageError(std::string("--preset: ") + e.what());
    }
  }
  if (!resume) {
    if (auto file = args.get("config")) {
      std::ifstream in(*file);
      if (!in) throw std::runtime_error("cannot read configuration '" + *file + "'");
      try {
        config = model::trainingConfigFromJson(nlohmann::json::parse(in), config);
      } catch (const std::exception& e) {
        throw std::runtime_error("configuration '" + *file + "': " + e.what());
      }
    }
    if (args.has("device")) config.device = args.getOr("device", "auto");
    if (args.has("direction")) {
      const std::string direction = args.require("direction");
      if (direction != "vi-en" && direction != "en-vi")
        throw UsageError(
            "--direction: vi-en (Vietnamese to English) or en-vi (English to Vietnamese), got '" + direction +
            "'");
      if (fine_tune)
        throw UsageError("--direction with --from: the model file decides which way it translates");
      config.model.reversed = direction == "en-vi";
    }
    config.seed = uint64_t(args.integer("seed", int64_t(config.seed), 0, INT64_MAX));
    config.subword_alpha = args.number("subword-alpha", config.subword_alpha, 0.0, 1.0);
    config.ema_decay = args.number("ema-decay", config.ema_decay, 0.0, 0.999999);
    config.guided_alignment = args.number("guided-alignment", config.guided_alignment, 0.0, 10.0);
    config.guided_alignment_layer =
        args.integer("guided-alignment-layer", config.guided_alignment_layer, 0, INT64_MAX);
    if (args.has("guided-alignment-layer") && !(config.guided_alignment > 0))
      throw UsageError("--guided-alignment-layer chooses the layer --guided-alignment trains: give both");
    config.eval_every = args.integer("eval-every", config.eval_every, 1, INT64_MAX);
    if (args.has("no-eval")) config.evaluate = false;
    if (args.has("probe-file")) config.probes = model::readProbeSentences(args.require("probe-file"));
    for (const auto& text : args.all("probe")) {
      try {
        config.probes.push_back(model::parseProbe(text));
      } catch (const std::invalid_argument& e) {
        throw UsageError(std::string("--probe: ") + e.what());
      }
    }
    config.probe_every = args.integer("probe-every", config.probe_every, 0, INT64_MAX);
    config.keep_models_every = args.integer("keep-models-every", config.keep_models_every, 0, INT64_MAX);
    if (args.has("no-probes")) {
      if (!config.probes.empty()) throw UsageError("--no-probes with --probe or --probe-file: choose one");
      config.default_probes = 0;
    }
    if (fine_tune) model::adoptModelOptions(config);  // the model file decides its shape
  } else {
    for (const char* option : {"preset", "config", "data", "no-eval", "probe", "probe-file", "probe-every",
                               "no-probes", "keep-models-every", "from", "subword-alpha", "ema-decay",
                               "guided-alignment", "guided-alignment-layer", "direction"})
      if (args.has(option))
        throw UsageError("--resume continues with the run's own data and configuration; drop --" + std::string(option));
  }
  const int64_t max_steps = args.integer("max-steps", 0, 1, INT64_MAX);
  if (time_workers) {
    if (resume) throw UsageError("--time-workers times a new run's configuration; drop --resume");
    for (const char* option : {"nproc", "estimate", "max-steps"})
      if (args.has(option))
        throw UsageError("--time-workers times the configured workers; drop --" + std::string(option));
    const int cores = int(std::max(1u, std::thread::hardware_concurrency()));
    const int workers = model::defaultWorkerCount(int(config.cpu_workers), deviceFrom(config.device), cores);
    if (workers < 2) {
      std::printf("one worker here (cpu_workers %lld, %d cores, device %s): nothing to time\nfaster: 1\n",
                  static_cast<long long>(config.cpu_workers), cores, config.device.c_str());
      return kOk;
    }
    if (config.worker_probe_steps == 0) config.worker_probe_steps = 75;
    try {
      const auto probe = probeWorkerLayouts("/proc/self/exe", data_dir, config, workers, [&] {
        std::printf("timing %lld steps on %d workers and %lld in one process...\n",
                    static_cast<long long>(config.worker_probe_steps), workers,
                    static_cast<long long>(config.worker_probe_steps));
        std::fflush(stdout);
      });
      std::printf("%s\nfaster: %d\n", describeWorkerProbe(probe, cores).c_str(), probe.faster);
    } catch (const TimingStopped& e) {
      std::printf("%s\n", e.what());
      return 130;
    }
    return kOk;
  }
  if (!resume) deviceFrom(config.device);
  int nproc = int(args.integer("nproc", 1, 1, 1024));
  model::WorkerPlace place;
  try {
    place = model::workerPlaceFromEnvironment();
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  }
  if (!args.has("nproc") && !place.distributed() && !args.has("estimate")) {
    // No count asked for: the run's cpu_workers when it trains on the CPU.
    try {
      const auto run = resume ? model::readRunConfig(out) : config;
      const int cores = int(std::max(1u, std::thread::hardware_concurrency()));
      nproc = model::defaultWorkerCount(int(run.cpu_workers), model::resolveDevice(run.device), cores);
    } catch (const std::exception&) {
      nproc = 1;  // a folder that is no run, a device not here: the single process says so
    }
    if (nproc > 1 && !resume && max_steps == 0 && config.time_budget_minutes > 0 &&
        config.worker_probe_steps > 0) {
      // A budgeted run trains as many steps as its minutes hold: the faster way of using the cores, timed
      // here.
      const int cores = int(std::max(1u, std::thread::hardware_concurrency()));
      std::fprintf(stderr,
                   "timing %lld steps on %d workers and %lld in one process, to train the faster way "
                   "(worker_probe_steps; --nproc N chooses)...\n",
                   static_cast<long long>(config.worker_probe_steps), nproc,
                   static_cast<long long>(config.worker_probe_steps));
      try {
        const auto probe = probeWorkerLayouts("/proc/self/exe", data_dir, config, nproc);
        nproc = probe.faster;
        std::fprintf(stderr, "%s: training %s\n", describeWorkerProbe(probe, cores).c_str(),
                     nproc == 1 ? "in one process" : ("on " + std::to_string(nproc) + " workers").c_str());
      } catch (const TimingStopped& e) {
        std::fprintf(stderr, "%s: nothing trained\n", e.what());
        return 130;
      } catch (const std::exception& e) {
        std::fprintf(stderr, "could not time the two ways (%s): training on %d workers as configured\n",
                     e.what(), nproc);
      }
      if (nproc == 1) config.cpu_workers = 1;  // the run's config.json: --resume goes on in one process
    }
    if (nproc > 1)
      std::fprintf(stderr, "training on %d CPU workers (cpu_workers in the configuration; --nproc 1 trains in one "
                           "process)\n", nproc);
  }
  if (nproc > 1 && place.distributed())
    throw UsageError("--nproc starts workers, but this is already worker " + std::to_string(place.rank) + " of " +
                     std::to_string(place.world_size) + " (WORLD_SIZE is set): drop --nproc");
  if ((nproc > 1 || place.distributed()) && !model::distributedBuilt())
    throw std::runtime_error("this build cannot train on several workers: it was built without c10d's Gloo "
                             "(install libgloo-dev and build again)");
  if (nproc > 1 && args.has("estimate")) throw UsageError("--estimate times one process; drop --nproc");
  if (nproc > 1 && !resume) {
    model::WorkerPlace planned;  // as the workers will see it: are there GPUs enough?
    planned.world_size = planned.local_world_size = nproc;
    try {
      model::workerDevice(config.device, deviceFrom(config.device), planned, int(model::availableDevices().size()) - 1);
    } catch (const std::invalid_argument& e) {
      throw UsageError("--nproc " + std::to_string(nproc) + ": " + e.what());
    }
  }
  if (nproc > 1) return launchLocalWorkers(nproc);
  if (args.has("estimate")) {
    if (resume) throw UsageError("--estimate times a new run; drop --resume");
    if (max_steps > 0) config.max_steps = max_steps, config.time_budget_minutes = 0;  // as the run does
    if (args.has("nproc")) config.cpu_workers = nproc;  // --nproc 1: one process
    const auto estimate = model::estimateTrainingSpeed(config, data::Tokenizer(data_dir + "/spm.model").vocabSize(),
                                                       deviceFrom(config.device));
    const std::string workers = estimate.workers > 1 ? " on " + std::to_string(estimate.workers) + " workers" : "";
    char budget[96] = "";
    if (config.time_budget_minutes > 0)
      std::snprintf(budget, sizeof budget, " (as many as a time budget of %g min holds)", config.time_budget_minutes);
    std::printf("about %.0f minutes here: %lld steps%s of %.3f s in %s%s, %lld evaluations of %.1f s",
                estimate.run_seconds / 60.0, static_cast<long long>(estimate.steps), budget,
                estimate.step_seconds, estimate.precision.c_str(), workers.c_str(),
                static_cast<long long>(config.evaluate ? estimate.steps / config.eval_every : 0),
                estimate.evaluation_seconds);
    if (estimate.final_choice_seconds > 0)
      std::printf(", the choice of best.pt on the whole dev split at the end %.0f s",
                  estimate.final_choice_seconds);
    std::printf("\n");
    return kOk;
  }

  const bool tty = isatty(fileno(stdout));
  model::TrainerCallbacks callbacks;
  int64_t log_every = config.log_every;
  callbacks.log = [](const std::string& line) { std::cout << line << std::endl; };
  callbacks.step = [&](const model::StepEvent& e) {
    const double eta = e.step > 0 ? e.elapsed_seconds / double(e.step) * double(e.max_steps - e.step) : 0.0;
    char line[256];
    std::snprintf(line, sizeof line, "step %lld/%lld | loss %.3f | lr %.2e | %.0f tok/s | epoch %lld | %s, ETA %s",
                  static_cast<long long>(e.step), static_cast<long long>(e.max_steps), e.loss, e.learning_rate,
                  e.tokens_per_second, static_cast<long long>(e.epoch), clock(e.elapsed_seconds).c_str(),
                  clock(eta).c_str());
    if (tty) {
      std::cout << "\r" << line << "\x1b[K" << std::flush;
      if (e.step % log_every == 0) std::cout << std::endl;
    } else if (e.step % log_every == 0 || e.step == 1) {
      std::cout << line << std::endl;
    }
  };
  callbacks.evaluation = [](const model::EvalEvent& e) {
    std::printf("eval step %lld | dev loss %.3f | ppl %.2f | accuracy %.1f %% | BLEU %.2f | chrF %.2f%s\n",
                static_cast<long long>(e.step), e.loss, e.perplexity, 100 * e.token_accuracy, e.bleu, e.chrf,
                e.best ? " (best)" : "");
    std::printf("  %s\n  %s\n", e.bleu_line.c_str(), e.chrf_line.c_str());
    if (e.original_bleu >= 0)
      std::printf("  original dev (what fine-tuning may forget): BLEU %.2f | chrF %.2f\n", e.original_bleu,
                  e.original_chrf);
    for (const auto& [corpus, bleu] : e.bleu_by_corpus)
      std::printf("  dev of %s: BLEU %.2f\n", corpus.c_str(), bleu);
    for (const auto& s : e.samples)
      std::printf("  SRC %s\n  REF %s\n  HYP %s\n", s.source.c_str(), s.reference.c_str(), s.hypothesis.c_str());
    std::fflush(stdout);
  };
  callbacks.checkpoint = [](const model::CheckpointEvent& e) {
    if (!e.best) std::printf("checkpoint: %s\n", e.path.c_str());
  };
  callbacks.finished = [](const model::FinishedEvent& e) {
    std::printf("finished at step %lld (%s)", static_cast<long long>(e.step), e.reason.c_str());
    if (e.final_choice)
      std::printf(", best.pt (%s) of step %lld: dev BLEU %.2f on all %lld dev pairs", e.best_path.c_str(),
                  static_cast<long long>(e.final_choice->chosenStep()), e.final_choice->chosenBleu(),
                  static_cast<long long>(e.final_choice->sentences));
    else if (e.best_bleu >= 0)
      std::printf(", best dev BLEU %.2f in %s", e.best_bleu, e.best_path.c_str());
    std::printf("\nlast checkpoint: %s\n", e.last_path.c_str());
  };
  std::string failure;
  callbacks.failed = [&](const std::string& message) { failure = message; };

  if (place.rank > 0) {
    // A worker other than rank 0 says only what happens to it.
    const std::string me = "worker " + std::to_string(place.rank) + ": ";
    callbacks.step = nullptr;
    callbacks.evaluation = nullptr;
    callbacks.checkpoint = nullptr;
    callbacks.log = [me](const std::string& line) { std::cout << me << line << std::endl; };
    callbacks.finished = [me](const model::FinishedEvent& e) {
      std::cout << me << "finished at step " << e.step << " (" << e.reason << ")" << std::endl;
    };
  }
  model::Trainer trainer(config, data_dir, out, resume, callbacks, max_steps);
  trainer.setWorkerPlace(place);
  log_every = trainer.config().log_every;
  g_trainer.store(&trainer);
  auto previous = std::signal(SIGINT, onInterrupt);
  const bool ok = trainer.run();
  std::signal(SIGINT, previous);
  g_trainer.store(nullptr);
  if (!ok) throw std::runtime_error(failure);
  return kOk;
}

}  // namespace studio::cli
