// attention-studio-decode-bench: decoding speed, greedy and beam 4, with and
// without the key/value cache, on a test set.
//
//   attention-studio-decode-bench --model FILE --src FILE [--sentences N] [--threads N] [--device D] [--json]
//
// With --beam, one configuration only, as scripts/bench-peers compares it
// with CTranslate2: the sentences in file order, --batch at a time (one
// batch each), after one warm-up batch; prints one JSON object with the
// target pieces per second (EOS not counted) and writes the translations.
//
//   attention-studio-decode-bench --model FILE --src FILE --beam N [--batch N] [--alpha A] [--bf16 | --int8]
//                                 [--hyp-out FILE] [--sentences N] [--threads N] [--device D]
//                                 [--profile TRACE.json] [--engine auto|libtorch] [--min-length-ratio R]
//                                 [--end-block after-softmax|before-softmax]
//                                 [--batch-limits] [--shortlist FILE] [--head-mask HEADS] [--repeat N]
//
// --engine libtorch decodes with LibTorch's modules instead of the inference
// engine (DecodingOptions::engine); --min-length-ratio sets the minimum
// output length as a share of the source's pieces (0 for CTranslate2's rules);
// --end-block how the end is kept out until then (DecodingOptions::end_block:
// before-softmax is CTranslate2's rule);
// --int8 decodes with int8 weights (DecodingOptions::int8); --batch-limits
// gives each batch one maximum and one minimum output length (its longest
// limit, its shortest minimum), as CTranslate2 does; --shortlist decodes
// with a vocabulary shortlist (attention-studio-cli shortlist); --head-mask
// switches heads off (enc:0:1,cross:2:3, ...): the engine skips their
// attention but still computes their rows of the products, as against a
// model exported with those heads pruned (`export --prune-heads`), whose
// products leave them out.
//
// --repeat N times the whole set N times and reports the fastest (on a
// shared machine, the run least disturbed by others).
//
// --profile runs the timed loop once more under LibTorch's profiler and
// writes a Chrome trace of every op (tests/bench/peers/top_ops.py sums it).

#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <limits>

#include <nlohmann/json.hpp>

#include "model/runtime/Runtime.h"
#include "model/decoding/HeadMask.h"
#include "model/decoding/Shortlist.h"
#include "model/decoding/Translator.h"
#include "model/data/Corpus.h"

#include <torch/csrc/autograd/profiler_legacy.h>
#include <torch/version.h>
#include "model/runtime/BlasKernels.h"

using namespace studio;
using Clock = std::chrono::steady_clock;

int main(int argc, char** argv) {
  studio::model::startAgainWithKnownBlasKernels(argv);  // measured on the kernels the programs use
  std::string model_path, src_path;
  int64_t sentences = 200;
  int threads = 0;
  std::string device_name = "cpu";
  bool json = false, bf16 = false, int8 = false, batch_limits = false;
  int64_t beam = 0, batch = 1;
  double alpha = -1;
  std::string hyp_out, profile, shortlist, head_mask;
  std::string engine = "auto";
  double min_length_ratio = -1;
  std::string end_block = "after-softmax";
  int64_t repeat = 1;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    auto value = [&]() -> std::string { return i + 1 < argc ? argv[++i] : ""; };
    if (arg == "--model") model_path = value();
    else if (arg == "--src") src_path = value();
    else if (arg == "--sentences") sentences = std::stoll(value());
    else if (arg == "--threads") threads = std::stoi(value());
    else if (arg == "--device") device_name = value();
    else if (arg == "--json") json = true;
    else if (arg == "--beam") beam = std::stoll(value());
    else if (arg == "--batch") batch = std::stoll(value());
    else if (arg == "--alpha") alpha = std::stod(value());
    else if (arg == "--bf16") bf16 = true;
    else if (arg == "--int8") int8 = true;
    else if (arg == "--batch-limits") batch_limits = true;
    else if (arg == "--shortlist") shortlist = value();
    else if (arg == "--head-mask") head_mask = value();
    else if (arg == "--hyp-out") hyp_out = value();
    else if (arg == "--profile") profile = value();
    else if (arg == "--engine") engine = value();
    else if (arg == "--min-length-ratio") min_length_ratio = std::stod(value());
    else if (arg == "--end-block") end_block = value();
    else if (arg == "--repeat") repeat = std::max<int64_t>(1, std::stoll(value()));
    else {
      std::fprintf(stderr, "usage: attention-studio-decode-bench --model FILE --src FILE [--sentences N] "
                           "[--threads N] [--device auto|cpu|cuda] [--json]\n");
      return 2;
    }
  }
  if (model_path.empty() || src_path.empty()) {
    std::fprintf(stderr, "error: --model and --src are required\n");
    return 2;
  }
  try {
    model::configureThreads(threads);
    const auto device = model::resolveDevice(device_name);
    auto translator = model::Translator::fromFiles(model_path, "", device);
    auto lines = data::readLines(src_path);
    if (int64_t(lines.size()) > sentences) lines.resize(size_t(sentences));
    if (lines.empty()) throw std::runtime_error("no sentences in " + src_path);
    if (beam > 0) {
      model::DecodingOptions options;
      options.beam_size = beam;
      options.bf16 = bf16;
      options.int8 = int8;
      if (!shortlist.empty()) options.shortlist = std::make_shared<const model::Shortlist>(model::readShortlist(shortlist));
      if (!head_mask.empty()) options.head_mask = model::HeadMask::parse(head_mask);
      if (alpha >= 0) options.length_penalty = alpha;
      if (min_length_ratio >= 0) options.min_length_ratio = min_length_ratio;
      if (end_block == "before-softmax") options.end_block = model::DecodingOptions::EndBlock::BeforeSoftmax;
      else if (end_block != "after-softmax")
        throw std::invalid_argument("--end-block: after-softmax or before-softmax, not '" + end_block + "'");
      if (engine == "libtorch") options.engine = model::DecodingOptions::Engine::LibTorch;
      else if (engine != "auto") throw std::invalid_argument("--engine: auto or libtorch, not '" + engine + "'");
      batch = std::max<int64_t>(1, batch);
      auto chunk = [&](size_t first) {
        return std::vector<std::string>(lines.begin() + long(first),
                                        lines.begin() + long(std::min(lines.size(), first + size_t(batch))));
      };
      // --batch-limits: a batch's sentences share its longest limit and its
      // shortest minimum, as CTranslate2 applies one to a whole batch.
      auto optionsFor = [&](const std::vector<std::string>& sentences) {
        if (!batch_limits) return options;
        const int64_t model_max = translator.modelHandle()->options().max_length;
        int64_t longest = 1, shortest = std::numeric_limits<int64_t>::max();
        for (const auto& sentence : sentences) {
          const auto length = int64_t(translator.encodeSource(sentence).size());
          const int64_t limit = model::maxOutputLength(options, length, model_max);
          const int64_t minimum = std::min<int64_t>(
              std::max<int64_t>(options.min_length, int64_t(std::ceil(options.min_length_ratio * double(length)))),
              limit - 1);
          longest = std::max(longest, limit);
          shortest = std::min(shortest, minimum);
        }
        auto o = options;
        o.max_length_ratio = 1e-9;  // ceil(1e-9 * length) = 1: the limit is 1 + extra
        o.max_length_extra = longest - 1;
        o.min_length_ratio = 0.0;
        o.min_length = shortest;
        return o;
      };
      // Each batch's options before the clock starts: its limits need its
      // sentences' pieces, which CTranslate2's harness is given ready.
      std::vector<model::DecodingOptions> batch_options;
      for (size_t first = 0; first < lines.size(); first += size_t(batch))
        batch_options.push_back(optionsFor(chunk(first)));
      translator.translate(chunk(0), batch_options.at(0), int64_t(1) << 40);  // warm-up
      std::vector<std::string> hypotheses;
      int64_t pieces = 0;
      double seconds = std::numeric_limits<double>::infinity();
      for (int64_t round = 0; round < repeat; ++round) {  // the fastest round counts
        hypotheses.clear();
        pieces = 0;
        const auto start = Clock::now();
        for (size_t first = 0; first < lines.size(); first += size_t(batch))
          for (const auto& list :
               translator.translate(chunk(first), batch_options[first / size_t(batch)], int64_t(1) << 40)) {
            hypotheses.push_back(list.empty() ? "" : list[0].text);
            pieces += list.empty() ? 0 : int64_t(list[0].pieces.size());
          }
        seconds = std::min(seconds, std::chrono::duration<double>(Clock::now() - start).count());
      }
      if (!profile.empty()) {
        torch::autograd::profiler::RecordProfile record(profile);
        for (size_t first = 0; first < lines.size(); first += size_t(batch))
          translator.translate(chunk(first), batch_options[first / size_t(batch)], int64_t(1) << 40);
      }
      if (!hyp_out.empty()) {
        std::ofstream out(hyp_out, std::ios::binary);
        for (const auto& h : hypotheses) out << h << "\n";
        if (!out.flush()) throw std::runtime_error("cannot write " + hyp_out);
      }
      std::cout << nlohmann::json{{"engine", "attention-studio"}, {"libtorch", TORCH_VERSION},
                                  {"beam", beam}, {"batch", batch}, {"bf16", bf16}, {"int8", int8}, {"batch_limits", batch_limits},
                                  {"shortlist", !shortlist.empty()},
                                  {"alpha", options.length_penalty}, {"decoder_engine", engine},
                                  {"sentences", lines.size()},
                                  {"output_pieces", pieces}, {"seconds", seconds}, {"repeat", repeat},
                                  {"output_pieces_per_s", double(pieces) / seconds},
                                  {"threads", at::get_num_threads()}, {"device", device.str()}}
                       .dump()
                << std::endl;
      return 0;
    }
    std::vector<nlohmann::json> results;
    for (int64_t beam : {int64_t(1), int64_t(4)}) {
      double cached_seconds = 0;
      for (bool cache : {false, true}) {
        model::DecodingOptions options;
        options.beam_size = beam;
        options.use_cache = cache;
        const auto start = Clock::now();
        const auto out = translator.translate(lines, options);
        const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
        int64_t tokens = 0;
        for (const auto& list : out)
          if (!list.empty()) tokens += int64_t(list[0].pieces.size());
        nlohmann::json r{{"config", std::string(beam == 1 ? "greedy" : "beam4") + (cache ? "_cached" : "_uncached")},
                         {"beam", beam},
                         {"cache", cache},
                         {"sentences", lines.size()},
                         {"output_pieces", tokens},
                         {"seconds", seconds},
                         {"sentences_per_s", double(lines.size()) / seconds},
                         {"ms_per_sentence", 1000.0 * seconds / double(lines.size())},
                         {"output_pieces_per_s", double(tokens) / seconds},
                         {"device", device.str()},
                         {"threads", at::get_num_threads()}};
        if (cache) r["speedup_over_uncached"] = cached_seconds / seconds;
        cached_seconds = seconds;
        results.push_back(r);
      }
    }
    for (const auto& r : results) {
      if (json) {
        std::cout << r.dump() << std::endl;
      } else {
        std::printf("%-16s %6.1f sentences/s  %7.2f ms/sentence", r["config"].get<std::string>().c_str(),
                    r["sentences_per_s"].get<double>(), r["ms_per_sentence"].get<double>());
        if (r.contains("speedup_over_uncached")) std::printf("  (%.2fx the uncached)", r["speedup_over_uncached"].get<double>());
        std::printf("\n");
      }
    }
  } catch (const std::exception& e) {
    std::string message = e.what();
    std::fprintf(stderr, "error: %s\n", message.substr(0, message.find('\n')).c_str());
    return 1;
  }
  return 0;
}
