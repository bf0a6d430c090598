// train, translate, evaluate.

#include <unistd.h>

#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <fstream>
#include <iostream>

#include <nlohmann/json.hpp>

#include "app/cli/Commands.h"
#include "model/files/AtomicFile.h"
#include "model/decoding/AttentionCapture.h"
#include "model/runtime/Runtime.h"
#include "model/training/Trainer.h"
#include "model/decoding/HeadImportance.h"
#include "model/decoding/Translator.h"
#include "model/data/Corpus.h"
#include "model/data/Text.h"

namespace studio::cli {

namespace {

std::atomic<model::Trainer*> g_trainer{nullptr};

void onInterrupt(int) {
  if (auto* trainer = g_trainer.load()) trainer->requestStop();
}

// A progress line on stderr when it is a terminal (nothing otherwise).
std::function<void(size_t, size_t)> terminalProgress(const char* what) {
  if (!isatty(fileno(stderr))) return nullptr;
  return [what](size_t done, size_t total) {
    std::fprintf(stderr, "\r%s %zu/%zu sentences (%.0f %%)\x1b[K", what, done, total,
                 total ? 100.0 * double(done) / double(total) : 100.0);
    if (done >= total) std::fprintf(stderr, "\n");
    std::fflush(stderr);
  };
}

std::string clock(double seconds) {
  const auto s = int64_t(seconds);
  char text[32];
  std::snprintf(text, sizeof text, "%02lld:%02lld:%02lld", static_cast<long long>(s / 3600),
                static_cast<long long>(s / 60 % 60), static_cast<long long>(s % 60));
  return text;
}

// --device, checked before any work: a device that is not here is a usage
// error that lists the ones that are.
torch::Device deviceFrom(const std::string& name) {
  try {
    return model::resolveDevice(name);
  } catch (const model::DeviceError& e) {
    throw UsageError(std::string("--device: ") + e.what());
  }
}

model::DecodingOptions decodingFrom(const ParsedArgs& args) {
  model::DecodingOptions d;
  d.beam_size = args.integer("beam", 4, 1, 256);
  d.nbest = args.integer("nbest", 1, 1, 256);
  d.length_penalty = args.number("alpha", 0.6, 0.0, 10.0);
  d.max_length_ratio = args.number("max-length-ratio", 1.5, 0.01, 100.0);
  if (d.nbest > d.beam_size) throw UsageError("--nbest cannot exceed --beam");
  return d;
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
          {"preset", "NAME", "tiny, iwslt-4layer, iwslt-6layer or base (default tiny)"},
          {"config", "FILE", "a JSON training configuration (over the preset)"},
          {"max-steps", "N", "stop after N optimizer steps"},
          {"resume", "", "continue the run in --out from its newest checkpoint"},
          {"device", "DEVICE", "auto (default), cpu, cuda or cuda:N"},
          {"seed", "N", "random seed (default 1)"},
          {"eval-every", "N", "evaluate and checkpoint every N steps"},
          {"no-eval", "", "no dev evaluation (checkpoints every --eval-every steps, no best.pt)"},
      }};
  return spec;
}

int runTrain(const ParsedArgs& args) {
  const std::string out = args.require("out");
  const bool resume = args.has("resume");
  std::string data_dir = args.getOr("data", "");
  if (!resume && data_dir.empty()) throw UsageError("--data is required (or --resume)");
  model::TrainingConfig config;
  if (!resume) {
    try {
      config = model::trainingPreset(args.getOr("preset", "tiny"));
    } catch (const std::invalid_argument& e) {
      throw UsageError(std::string("--preset: ") + e.what());
    }
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
    config.seed = uint64_t(args.integer("seed", int64_t(config.seed), 0, INT64_MAX));
    config.eval_every = args.integer("eval-every", config.eval_every, 1, INT64_MAX);
    if (args.has("no-eval")) config.evaluate = false;
  } else if (args.has("preset") || args.has("config") || args.has("data") || args.has("no-eval")) {
    throw UsageError("--resume continues with the run's own data and configuration; drop --data/--preset/--config/--no-eval");
  }
  const int64_t max_steps = args.integer("max-steps", 0, 1, INT64_MAX);
  if (!resume) deviceFrom(config.device);

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
    std::printf("eval step %lld | dev loss %.3f | ppl %.2f | accuracy %.1f %% | BLEU %.2f%s\n",
                static_cast<long long>(e.step), e.loss, e.perplexity, 100 * e.token_accuracy, e.bleu,
                e.best ? " (best)" : "");
    std::printf("  %s\n", e.bleu_line.c_str());
    for (const auto& s : e.samples)
      std::printf("  SRC %s\n  REF %s\n  HYP %s\n", s.source.c_str(), s.reference.c_str(), s.hypothesis.c_str());
    std::fflush(stdout);
  };
  callbacks.checkpoint = [](const model::CheckpointEvent& e) {
    if (!e.best) std::printf("checkpoint: %s\n", e.path.c_str());
  };
  callbacks.finished = [](const model::FinishedEvent& e) {
    std::printf("finished at step %lld (%s)", static_cast<long long>(e.step), e.reason.c_str());
    if (e.best_bleu >= 0) std::printf(", best dev BLEU %.2f in %s", e.best_bleu, e.best_path.c_str());
    std::printf("\nlast checkpoint: %s\n", e.last_path.c_str());
  };
  std::string failure;
  callbacks.failed = [&](const std::string& message) { failure = message; };

  model::Trainer trainer(config, data_dir, out, resume, callbacks, max_steps);
  log_every = trainer.config().log_every;
  g_trainer.store(&trainer);
  auto previous = std::signal(SIGINT, onInterrupt);
  const bool ok = trainer.run();
  std::signal(SIGINT, previous);
  g_trainer.store(nullptr);
  if (!ok) throw std::runtime_error(failure);
  return kOk;
}

const CommandSpec& translateSpec() {
  static const CommandSpec spec{
      "translate",
      "Translate Vietnamese lines from stdin to English on stdout\n\n"
      "Reads one sentence a line, translates them in batches sorted by length, and writes the\n"
      "translations in input order. With --nbest N: N lines a sentence, \"INDEX ||| TEXT ||| SCORE\".",
      {
          {"model", "FILE", "a model file or checkpoint (required), e.g. RUN_DIR/best.pt"},
          {"spm", "FILE", "the SentencePiece model (default: spm.model beside the model or above it)"},
          {"beam", "N", "beam size (default 4; 1 is greedy)"},
          {"nbest", "N", "hypotheses a sentence (default 1)"},
          {"alpha", "A", "GNMT length penalty (default 0.6)"},
          {"max-length-ratio", "R", "output length limit as a ratio of the source's (default 1.5)"},
          {"scores", "", "append \" ||| score ||| piece:probability ...\" to each line"},
          {"head-mask", "LIST", "switch heads off, e.g. enc:0:1,cross:2:3 (kinds enc, dec, cross; from 0)"},
          {"prefix", "TEXT", "every translation starts with TEXT; the model writes the rest"},
          {"device", "DEVICE", "auto (default), cpu, cuda or cuda:N"},
      }};
  return spec;
}

int runTranslate(const ParsedArgs& args) {
  auto options = decodingFrom(args);
  const auto device = deviceFrom(args.getOr("device", "auto"));
  try {
    options.head_mask = model::HeadMask::parse(args.getOr("head-mask", ""));
  } catch (const std::invalid_argument& e) {
    throw UsageError(std::string("--head-mask: ") + e.what());
  }
  auto translator = model::Translator::fromFiles(args.require("model"), args.getOr("spm", ""), device);
  try {
    options.head_mask.validate(translator.model()->options());
  } catch (const std::invalid_argument& e) {
    throw UsageError(std::string("--head-mask: ") + e.what());
  }
  try {
    if (args.has("prefix")) options.prefix = translator.encodeTarget(data::normalizeWhitespace(args.require("prefix")));
  } catch (const std::invalid_argument& e) {
    throw UsageError(std::string("--prefix: ") + e.what());
  }
  std::vector<std::string> lines;
  std::string line;
  size_t number = 0;
  while (std::getline(std::cin, line)) {
    ++number;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (!data::isValidUtf8(line)) throw std::runtime_error("input line " + std::to_string(number) + " is not valid UTF-8");
    lines.push_back(data::normalizeWhitespace(line));
  }
  const auto results = translator.translate(lines, options, 4096, terminalProgress("translated"));
  const bool scores = args.has("scores");
  for (size_t i = 0; i < results.size(); ++i) {
    if (results[i].empty()) {
      std::cout << "\n";
      continue;
    }
    for (const auto& t : results[i]) {
      if (options.nbest > 1) std::cout << i << " ||| ";
      std::cout << t.text;
      if (options.nbest > 1 || scores) std::printf(" ||| %.4f", t.score), std::fflush(stdout);
      if (scores) {
        std::cout << " |||";
        for (size_t k = 0; k < t.pieces.size(); ++k) std::printf(" %s:%.3f", t.pieces[k].c_str(), t.probabilities[k]);
        if (t.finished) std::printf(" </s>:%.3f", t.probabilities.back());
        std::fflush(stdout);
      }
      std::cout << "\n";
    }
  }
  std::cout << std::flush;
  return kOk;
}

const CommandSpec& evaluateSpec() {
  static const CommandSpec spec{
      "evaluate",
      "Translate a test set and score it with BLEU\n\n"
      "Translates --src with the model and prints sacreBLEU's line against --ref.",
      {
          {"model", "FILE", "a model file or checkpoint (required)"},
          {"src", "FILE", "Vietnamese sentences, one a line (required)"},
          {"ref", "FILE", "English references, line-aligned (required)"},
          {"spm", "FILE", "the SentencePiece model (default: beside the model or above it)"},
          {"beam", "N", "beam size (default 4)"},
          {"alpha", "A", "GNMT length penalty (default 0.6)"},
          {"max-length-ratio", "R", "output length limit (default 1.5)"},
          {"hyp-out", "FILE", "also write the translations here"},
          {"json", "", "print one JSON object instead"},
          {"device", "DEVICE", "auto (default), cpu, cuda or cuda:N"},
      }};
  return spec;
}

int runEvaluate(const ParsedArgs& args) {
  auto options = decodingFrom(args);
  options.nbest = 1;
  const auto src_path = args.require("src"), ref_path = args.require("ref");
  const auto device = deviceFrom(args.getOr("device", "auto"));
  const auto sources = readUtf8Lines(src_path);
  const auto references = readUtf8Lines(ref_path);
  if (sources.size() != references.size())
    throw std::runtime_error("'" + src_path + "' has " + std::to_string(sources.size()) + " lines but '" + ref_path +
                             "' has " + std::to_string(references.size()));
  auto translator = model::Translator::fromFiles(args.require("model"), args.getOr("spm", ""), device);
  const auto results = translator.translate(sources, options, 4096, terminalProgress("translated"));
  std::vector<std::string> hypotheses;
  for (const auto& list : results) hypotheses.push_back(list.empty() ? "" : list[0].text);
  if (auto out = args.get("hyp-out")) {
    std::string text;
    for (const auto& h : hypotheses) text += h + "\n";
    model::writeFileAtomically(*out, text);
  }
  return printBleu(hypotheses, references, ref_path, args.has("json"));
}

const CommandSpec& attentionSpec() {
  static const CommandSpec spec{
      "attention",
      "Print every attention weight of one sentence as JSON\n\n"
      "Translates --text, then records encoder self-, decoder self- and cross-attention of every layer\n"
      "and head, with the tokens and the masks that applied.",
      {
          {"model", "FILE", "a model file or checkpoint (required)"},
          {"text", "TEXT", "the Vietnamese sentence (required)"},
          {"spm", "FILE", "the SentencePiece model (default: beside the model or above it)"},
          {"beam", "N", "beam size for the translation (default 4)"},
          {"alpha", "A", "GNMT length penalty (default 0.6)"},
          {"max-length-ratio", "R", "output length limit (default 1.5)"},
          {"pad-to", "N", "pad the source to N tokens, as in a batch, to show the padding mask"},
          {"out", "FILE", "write the JSON here instead of stdout"},
          {"device", "DEVICE", "auto (default), cpu, cuda or cuda:N"},
      }};
  return spec;
}

int runAttention(const ParsedArgs& args) {
  auto options = decodingFrom(args);
  const std::string text = args.require("text");
  if (!data::isValidUtf8(text)) throw UsageError("--text is not valid UTF-8");
  const int64_t pad_to = args.integer("pad-to", 0, 0, 100000);
  const auto device = deviceFrom(args.getOr("device", "auto"));
  auto translator = model::Translator::fromFiles(args.require("model"), args.getOr("spm", ""), device);
  const auto snapshot = model::captureAttention(translator, data::normalizeWhitespace(text), options, pad_to);
  const std::string json = snapshot.toJson().dump() + "\n";
  if (auto out = args.get("out"))
    model::writeFileAtomically(*out, json);
  else
    std::cout << json << std::flush;
  return kOk;
}

const CommandSpec& headsSpec() {
  static const CommandSpec spec{
      "heads",
      "Rank attention heads by what switching each off costs\n\n"
      "Translates --src with every head on, then with each head alone switched off, and prints each\n"
      "head's BLEU drop and loss rise (mean cross-entropy per --ref token, teacher-forced), the most\n"
      "important first. --prune also switches heads off one by one, the least important first, and\n"
      "prints BLEU and loss against the number of heads left.",
      {
          {"model", "FILE", "a model file or checkpoint (required)"},
          {"src", "FILE", "Vietnamese sentences, one a line (required)"},
          {"ref", "FILE", "English references, line-aligned (required)"},
          {"sentences", "N", "use the first N lines (default 200; 0 = all)"},
          {"spm", "FILE", "the SentencePiece model (default: beside the model or above it)"},
          {"beam", "N", "beam size (default 4)"},
          {"alpha", "A", "GNMT length penalty (default 0.6)"},
          {"max-length-ratio", "R", "output length limit (default 1.5)"},
          {"prune", "", "also the pruning curve"},
          {"json", "", "print one JSON object instead"},
          {"device", "DEVICE", "auto (default), cpu, cuda or cuda:N"},
      }};
  return spec;
}

int runHeads(const ParsedArgs& args) {
  auto options = decodingFrom(args);
  options.nbest = 1;
  const auto src_path = args.require("src"), ref_path = args.require("ref");
  const int64_t limit = args.integer("sentences", 200, 0, 10000000);
  const auto device = deviceFrom(args.getOr("device", "auto"));
  auto sources = readUtf8Lines(src_path), references = readUtf8Lines(ref_path);
  if (sources.size() != references.size())
    throw std::runtime_error("'" + src_path + "' has " + std::to_string(sources.size()) + " lines but '" + ref_path +
                             "' has " + std::to_string(references.size()));
  if (limit > 0 && sources.size() > size_t(limit)) sources.resize(size_t(limit)), references.resize(size_t(limit));
  if (sources.empty()) throw std::runtime_error("'" + src_path + "' has no lines");
  for (auto& line : sources) line = data::normalizeWhitespace(line);
  auto translator = model::Translator::fromFiles(args.require("model"), args.getOr("spm", ""), device);
  const auto started = std::chrono::steady_clock::now();
  auto progress = [&](const char* what) {
    const auto print = terminalProgress(what);
    return [print](size_t done, size_t total) {
      if (print) print(done, total);
      return true;
    };
  };
  const auto ranking = model::rankHeads(translator, sources, references, options, progress("measured heads:"));
  std::vector<model::PruningPoint> curve;
  if (args.has("prune")) curve = model::pruningCurve(translator, sources, references, options, ranking, progress("pruned"));
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();

  if (args.has("json")) {
    nlohmann::json heads = nlohmann::json::array(), pruning = nlohmann::json::array();
    for (const auto& h : ranking.heads)
      heads.push_back({{"kind", model::toString(h.head.kind)}, {"layer", h.head.layer}, {"head", h.head.head},
                       {"bleu", h.bleu}, {"loss", h.loss}, {"bleu_drop", h.bleu_drop}, {"loss_rise", h.loss_rise}});
    for (const auto& p : curve)
      pruning.push_back({{"heads_left", p.heads_left}, {"bleu", p.bleu}, {"loss", p.loss}, {"off", p.off.toString()}});
    nlohmann::json out{{"sentences", ranking.sentences}, {"bleu", ranking.bleu}, {"loss", ranking.loss},
                       {"seconds", seconds}, {"heads", heads}};
    if (args.has("prune")) out["pruning"] = pruning;
    std::cout << out.dump() << "\n";
    return kOk;
  }
  std::printf("%zu sentences, every head on: BLEU %.2f, loss %.4f (%.0f s)\n", ranking.sentences, ranking.bleu,
              ranking.loss, seconds);
  std::printf("%-6s %5s %4s %8s %9s %8s %9s\n", "kind", "layer", "head", "BLEU", "BLEU drop", "loss", "loss rise");
  for (const auto& h : ranking.heads)
    std::printf("%-6s %5lld %4lld %8.2f %9.2f %8.4f %9.4f\n", model::toString(h.head.kind).c_str(),
                static_cast<long long>(h.head.layer), static_cast<long long>(h.head.head), h.bleu, h.bleu_drop, h.loss,
                h.loss_rise);
  if (!curve.empty()) {
    std::printf("\npruning, least important first:\n%10s %8s %8s\n", "heads left", "BLEU", "loss");
    for (const auto& p : curve) std::printf("%10lld %8.2f %8.4f\n", static_cast<long long>(p.heads_left), p.bleu, p.loss);
  }
  return kOk;
}

}  // namespace studio::cli
