#include "model/training/Probes.h"

#include <chrono>
#include <fstream>
#include <stdexcept>

#include <torch/torch.h>

#include "model/data/Text.h"
#include "model/files/DiskSpace.h"
#include "model/decoding/AttentionCapture.h"

namespace studio::model {

namespace {

std::string trim(const std::string& s) {
  const auto begin = s.find_first_not_of(" \t\r\n");
  if (begin == std::string::npos) return "";
  const auto end = s.find_last_not_of(" \t\r\n");
  return s.substr(begin, end - begin + 1);
}

// Both sides fit the model's positions: the source with its EOS, the
// reference with BOS in front (the decoder's input when teacher-forced).
std::string whyTooLong(const ProbeSentence& probe, const data::Tokenizer& tokenizer, int64_t max_length) {
  const auto source = int64_t(tokenizer.encode(probe.source).size()) + 1;
  if (source > max_length)
    return "its source has " + std::to_string(source) + " pieces with </s>; the model has " +
           std::to_string(max_length) + " positions";
  const auto reference = int64_t(tokenizer.encode(probe.reference).size()) + 1;
  if (!probe.reference.empty() && reference > max_length)
    return "its reference has " + std::to_string(reference) + " pieces with <s>; the model has " +
           std::to_string(max_length) + " positions";
  return "";
}

}  // namespace

ProbeSentence parseProbe(const std::string& text) {
  ProbeSentence probe;
  auto split = text.find(" ||| ");
  size_t skip = 5;
  if (split == std::string::npos) {
    split = text.find('\t');
    skip = 1;
  }
  probe.source = trim(text.substr(0, split));
  if (split != std::string::npos) probe.reference = trim(text.substr(split + skip));
  if (probe.source.empty()) throw std::invalid_argument("a probe needs a source sentence (\"SOURCE ||| REFERENCE\")");
  return probe;
}

std::vector<ProbeSentence> readProbeSentences(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot read the probe file '" + path + "'");
  std::vector<ProbeSentence> out;
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    if (!data::isValidUtf8(line))
      throw std::invalid_argument("'" + path + "' line " + std::to_string(number) + ": not valid UTF-8");
    if (trim(line).empty() || trim(line)[0] == '#') continue;
    try {
      out.push_back(parseProbe(line));
    } catch (const std::invalid_argument& e) {
      throw std::invalid_argument("'" + path + "' line " + std::to_string(number) + ": " + e.what());
    }
  }
  return out;
}

std::vector<ProbeSentence> chooseProbes(const TrainingConfig& config, const data::Tokenizer& tokenizer,
                                        const std::vector<std::string>& dev_sources,
                                        const std::vector<std::string>& dev_references) {
  const int64_t max_length = config.model.max_length;
  if (!config.probes.empty()) {
    for (size_t i = 0; i < config.probes.size(); ++i) {
      const auto why = whyTooLong(config.probes[i], tokenizer, max_length);
      if (!why.empty())
        throw std::invalid_argument("probe " + std::to_string(i + 1) + " (\"" + config.probes[i].source.substr(0, 40) +
                                    "\") is too long: " + why);
    }
    return config.probes;
  }
  std::vector<ProbeSentence> out;
  for (size_t i = 0; i < dev_sources.size() && int64_t(out.size()) < config.default_probes; ++i) {
    ProbeSentence probe{dev_sources[i], i < dev_references.size() ? dev_references[i] : ""};
    if (trim(probe.source).empty() || trim(probe.reference).empty()) continue;
    if (whyTooLong(probe, tokenizer, max_length).empty()) out.push_back(probe);
  }
  return out;
}

std::vector<ProbeRecord> recordProbeRound(const Translator& translator, const std::vector<ProbeSentence>& probes,
                                          int64_t step) {
  std::vector<std::string> sources;
  for (const auto& p : probes) sources.push_back(p.source);
  DecodingOptions greedy;
  greedy.beam_size = 1;
  const auto translations = translator.translate(sources, greedy);
  std::vector<ProbeRecord> round;
  CaptureOptions recorded;  // probes.rec keeps the weights and the logit lens
  recorded.source_reliance = false;
  recorded.lens_top = kProbeLensTop;
  for (size_t i = 0; i < probes.size(); ++i) {
    const Translation own = translations[i].empty() ? Translation{} : translations[i][0];
    if (!probes[i].reference.empty()) {
      Translation reference;
      reference.text = probes[i].reference;
      for (int id : translator.tokenizer().encode(probes[i].reference)) {
        reference.ids.push_back(id);
        reference.pieces.push_back(translator.tokenizer().piece(id));
      }
      ProbeRecord r{step, int64_t(i), ProbeTarget::Reference, probes[i].reference,
                    captureAttention(translator, probes[i].source, reference, recorded)};
      r.attention.translation = own.text;
      round.push_back(std::move(r));
    }
    round.push_back({step, int64_t(i), ProbeTarget::Own, probes[i].reference,
                     captureAttention(translator, probes[i].source, own, recorded)});
  }
  return round;
}

ProbeRecorder::ProbeRecorder(const std::string& run_dir, std::vector<ProbeSentence> probes,
                             const TrainingConfig& config)
    : probes_(std::move(probes)),
      every_(config.probe_every > 0 ? config.probe_every : config.eval_every),
      writer_(run_dir + "/" + kProbeFileName) {}

void ProbeRecorder::open(int64_t keep_through) {
  if (!enabled()) return;
  writer_.open(keep_through);
  last_step_ = keep_through;
}

bool ProbeRecorder::due(int64_t step) const { return enabled() && step != last_step_ && step % every_ == 0; }

ProbeRecorder::Cost ProbeRecorder::record(const Translator& translator, int64_t step,
                                          const std::function<void(const std::string&)>& log) {
  Cost cost;
  if (!enabled() || step == last_step_) return cost;
  const auto start = std::chrono::steady_clock::now();
  const uint64_t before = writer_.bytes();
  torch::NoGradGuard no_grad;
  writer_.append(recordProbeRound(translator, probes_, step));
  last_step_ = step;
  cost.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  cost.bytes = writer_.bytes() - before;
  if (log && !cost_told_) {
    cost_told_ = true;
    log("probes: " + std::to_string(probes_.size()) + " sentences recorded at step " + std::to_string(step) + " in " +
        std::to_string(int(cost.seconds * 1000)) + " ms, " + formatBytes(int64_t(cost.bytes)) + " a round, into " +
        path());
  }
  return cost;
}

}  // namespace studio::model
