// attention-studio-probe-bench: what recording the probe sentences costs (a
// round: every probe's attention, teacher-forced on the reference and over
// its own greedy translation, with their logit lens), in time and in bytes of
// probes.rec (and the lens's share of them), for model shapes of the presets.
//
//   attention-studio-probe-bench --data DIR [--preset NAME]... [--model FILE] [--rounds N] [--threads N]
//
// Without --model the weights are freshly initialised: the own translations
// then run to the length limit, the worst case for time and size. With
// --model (a trained model of the first preset's shape) they are real.

#include <chrono>
#include <cstdio>

#include <torch/torch.h>

#include "model/data/Corpus.h"
#include "model/data/Tokenizer.h"
#include "model/files/ModelFile.h"
#include "model/runtime/BlasKernels.h"
#include "model/runtime/Runtime.h"
#include "model/training/Probes.h"

using namespace studio;
using Clock = std::chrono::steady_clock;

int main(int argc, char** argv) {
  studio::model::startAgainWithKnownBlasKernels(argv);  // measured on the kernels the programs use
  std::string data_dir, model_path;
  std::vector<std::string> presets;
  int rounds = 5, threads = 0;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    auto value = [&]() -> std::string { return i + 1 < argc ? argv[++i] : ""; };
    if (arg == "--data") data_dir = value();
    else if (arg == "--preset") presets.push_back(value());
    else if (arg == "--model") model_path = value();
    else if (arg == "--rounds") rounds = std::stoi(value());
    else if (arg == "--threads") threads = std::stoi(value());
    else {
      std::fprintf(stderr, "usage: attention-studio-probe-bench --data DIR [--preset NAME]... [--model FILE] "
                           "[--rounds N] [--threads N]\n");
      return 2;
    }
  }
  if (data_dir.empty()) {
    std::fprintf(stderr, "error: --data is required\n");
    return 2;
  }
  if (presets.empty()) presets = {"tiny", "iwslt-6layer"};
  try {
    model::configureThreads(threads);
    auto tokenizer = std::make_shared<const data::Tokenizer>(data_dir + "/spm.model");
    const auto dev_src = data::readLines(data_dir + "/dev.vi"), dev_ref = data::readLines(data_dir + "/dev.en");
    std::printf("%-14s %10s %8s %12s %12s %12s %12s %16s\n", "preset", "params", "weights", "ms/round",
                "KiB/round", "forced KiB", "lens KiB", "3,000 steps/100");
    for (size_t p = 0; p < presets.size(); ++p) {
      auto config = model::trainingPreset(presets[p]);
      config.model.vocab_size = tokenizer->vocabSize();
      const auto probes = model::chooseProbes(config, *tokenizer, dev_src, dev_ref);
      torch::manual_seed(1);
      const bool trained = p == 0 && !model_path.empty();
      model::Transformer transformer = trained ? model::loadModel(model_path) : model::Transformer(config.model);
      model::Translator translator(transformer, tokenizer, torch::kCPU);
      model::recordProbeRound(translator, probes, 0);  // warm-up
      double seconds = 0;
      size_t bytes = 0, forced = 0, lens = 0;
      for (int r = 0; r < rounds; ++r) {
        const auto start = Clock::now();
        const auto round = model::recordProbeRound(translator, probes, r);
        seconds += std::chrono::duration<double>(Clock::now() - start).count();
        for (const auto& record : round) {
          const size_t size = model::encodeProbeRecord(record).size();
          bytes += size;
          lens += size - model::encodeProbeRecord(record, 1).size();  // version 1 holds no lens
          if (record.target == model::ProbeTarget::Reference) forced += size;
        }
      }
      const double kib = double(bytes) / rounds / 1024.0;
      std::printf("%-14s %10lld %8s %12.1f %12.1f %12.1f %12.1f %13.1f MiB\n", presets[p].c_str(),
                  static_cast<long long>(transformer->parameterCount()), trained ? "trained" : "initial",
                  1000.0 * seconds / rounds, kib, double(forced) / rounds / 1024.0,
                  double(lens) / rounds / 1024.0, kib * 31 / 1024.0);
    }
    std::printf("(%zu probe sentences: the first dev pairs; a round at step 0 and every 100 steps of 3,000 = 31 rounds)\n",
                size_t(3));
  } catch (const std::exception& e) {
    std::fprintf(stderr, "error: %s\n", e.what());
    return 1;
  }
  return 0;
}
