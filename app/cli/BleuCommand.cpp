// bleu: sacreBLEU-compatible corpus BLEU, chrF and TER of two files, with
// sacreBLEU's confidence intervals and paired significance tests.

#include <algorithm>
#include <cstdio>
#include <iostream>
#include <map>

#include <nlohmann/json.hpp>

#include "app/cli/Commands.h"
#include "model/data/Corpus.h"
#include "model/data/Text.h"
#include "model/evaluation/Bleu.h"
#include "model/evaluation/Chrf.h"
#include "model/evaluation/Significance.h"
#include "model/evaluation/Ter.h"

namespace studio::cli {

namespace {

model::MetricKind metricKind(const std::string& name) {
  return name == "bleu"     ? model::MetricKind::Bleu
         : name == "chrf"   ? model::MetricKind::Chrf
         : name == "chrf++" ? model::MetricKind::ChrfPlusPlus
                            : model::MetricKind::Ter;
}

std::string signatureOf(model::MetricKind metric) {
  return metric == model::MetricKind::Bleu           ? model::BleuScore::signature()
         : metric == model::MetricKind::Chrf         ? model::ChrfScore::signature(0)
         : metric == model::MetricKind::ChrfPlusPlus ? model::ChrfScore::signature(2)
                                                     : model::TerScore::signature();
}

std::string fixed(double value, int digits) {
  char text[64];
  std::snprintf(text, sizeof text, "%.*f", digits, value);
  return text;
}

// sacreBLEU's signature with the resampling in it: "nrefs:1|bs:1000|seed:12345|...".
std::string withResampling(std::string signature, const std::string& kind, int samples, uint64_t seed) {
  const std::string first = "nrefs:1|";
  const std::string added = kind + ":" + std::to_string(samples) + "|seed:" + std::to_string(seed) + "|";
  if (signature.compare(0, first.size(), first) == 0) signature.insert(first.size(), added);
  return signature;
}

std::string confidenceText(const model::ScoreEstimate& e) {
  return "\u03bc = " + fixed(e.mean, 1) + " \u00b1 " + fixed(e.ci, 1);
}

// A score line of sacreBLEU's with the confidence interval, as its
// --confidence prints it: the signature gains bs and seed, the score is
// followed by "(μ = MEAN ± HALF-WIDTH)".
std::string lineWithConfidence(const std::string& line, const std::string& signature, const model::ScoreEstimate& e,
                               const Resampling& resampling) {
  std::string out = line;
  const size_t at = out.find(signature);
  if (at != std::string::npos)
    out.replace(at, signature.size(), withResampling(signature, "bs", resampling.samples, resampling.seed));
  const size_t equals = out.find(" = ");
  if (equals == std::string::npos) return out;
  const size_t score_end = std::min(out.find(' ', equals + 3), out.size());
  out.insert(score_end, " (" + confidenceText(e) + ")");
  return out;
}

}  // namespace

std::optional<Resampling> resamplingFrom(const ParsedArgs& args) {
  if (!args.has("confidence")) {
    if (args.has("samples") || args.has("seed")) throw UsageError("--samples and --seed go with --confidence");
    return std::nullopt;
  }
  Resampling r;
  r.samples = int(args.integer("samples", 1000, 2, 1000000));
  r.seed = uint64_t(args.integer("seed", int64_t(model::kSacreBleuSeed), 0, int64_t(1) << 62));
  return r;
}

std::vector<std::string> metricsFrom(const ParsedArgs& args) {
  const std::string list = args.getOr("metrics", "bleu");
  std::vector<std::string> metrics;
  size_t start = 0;
  while (start <= list.size()) {
    size_t comma = list.find(',', start);
    if (comma == std::string::npos) comma = list.size();
    const std::string name = list.substr(start, comma - start);
    if (name != "bleu" && name != "chrf" && name != "chrf++" && name != "ter")
      throw UsageError("--metrics: '" + name + "' is not a metric (bleu, chrf, chrf++, ter)");
    if (std::find(metrics.begin(), metrics.end(), name) == metrics.end()) metrics.push_back(name);
    start = comma + 1;
  }
  return metrics;
}

int printScores(const std::vector<std::string>& hypotheses, const std::vector<std::string>& references,
                const std::string& ref_path, const std::vector<std::string>& metrics, bool json,
                const std::optional<Resampling>& confidence) {
  // sacreBLEU scores an empty reference (nothing to match); we do too, but an
  // empty line in a reference file usually means the files are misaligned.
  size_t empty = 0, first_empty = 0;
  for (size_t i = 0; i < references.size(); ++i)
    if (references[i].empty() && empty++ == 0) first_empty = i + 1;
  if (empty > 0)
    std::cerr << "warning: '" << ref_path << "' has " << empty << " empty line" << (empty == 1 ? "" : "s")
              << " (the first is line " << first_empty << "); scored as sacreBLEU scores them" << std::endl;
  nlohmann::json objects = nlohmann::json::array();
  std::vector<std::string> lines;
  try {
    for (const auto& metric : metrics) {
      nlohmann::json object;
      std::string line, signature;
      if (metric == "bleu") {
        const auto score = model::corpusBleu(hypotheses, references);
        object = score.toJson();
        line = score.line();
        signature = score.signature();
      } else if (metric == "chrf" || metric == "chrf++") {
        const auto score = model::corpusChrf(hypotheses, references, metric == "chrf" ? 0 : 2);
        object = score.toJson();
        line = score.line();
        signature = score.signature();
      } else {
        const auto score = model::corpusTer(hypotheses, references);
        object = score.toJson();
        line = score.line();
        signature = score.signature();
      }
      if (confidence) {
        const auto e = model::bootstrapEstimate(model::SegmentStatistics(metricKind(metric), hypotheses, references),
                                                confidence->samples, confidence->seed);
        line = lineWithConfidence(line, signature, e, *confidence);
        object["signature"] = withResampling(signature, "bs", confidence->samples, confidence->seed);
        object["confidence_mean"] = e.mean;
        object["confidence_var"] = e.ci;  // sacreBLEU's name for the interval's half-width
        object["confidence"] = confidenceText(e);
      }
      objects.push_back(object);
      lines.push_back(line);
    }
  } catch (const std::invalid_argument& e) {
    throw std::runtime_error("'" + ref_path + "': " + e.what());
  }
  if (json)  // one object for one metric, a list for several (as sacreBLEU prints them)
    std::cout << (objects.size() == 1 ? objects[0] : objects).dump() << std::endl;
  else
    for (const auto& line : lines) std::cout << line << "\n";
  std::cout << std::flush;
  return kOk;
}

const CommandSpec& bleuSpec() {
  static const CommandSpec spec{
      "bleu",
      "Score translations with BLEU, chrF and TER, exactly as sacreBLEU 2.x does\n\n"
      "Corpus scores of a hypothesis file against a reference file (one sentence a line), with\n"
      "sacreBLEU's defaults: BLEU with 13a tokenization, mixed case, exp smoothing; chrF with\n"
      "character 6-grams, beta 2 (chrF++: and word 1- and 2-grams); TER (edits per reference\n"
      "word, lower is better) lowercased, with tercom's tokenizer without normalization. Prints sacreBLEU's "
      "lines. --confidence adds each\n"
      "score's 95 % interval; with several --hyp files, --paired-bs or --paired-ar says whether each\n"
      "differs from the first (the baseline) by more than chance. Both resample as sacreBLEU does:\n"
      "the same files and seed give its numbers.",
      {
          {"hyp", "FILE",
           "the translations (required); with --paired-bs or --paired-ar several, the first the\n"
           "baseline"},
          {"ref", "FILE", "the references, line-aligned (required)"},
          {"metrics", "LIST", "bleu, chrf, chrf++, ter, or several joined by commas (default bleu)"},
          {"confidence", "",
           "add each score's 95 % confidence interval: \"(\u03bc = MEAN \u00b1 HALF-WIDTH)\" from\n"
           "bootstrap resampling (one --hyp)"},
          {"paired-bs", "",
           "paired bootstrap resampling: each --hyp after the first against it, with a p-value\n"
           "and each system's interval"},
          {"paired-ar", "",
           "paired approximate randomization: each --hyp after the first against it, with a\n"
           "p-value"},
          {"samples", "N", "resamples (default 1000), or --paired-ar's trials (default 10000)"},
          {"seed", "N", "the resampling's random seed (default 12345, sacreBLEU's)"},
          {"json", "", "print JSON instead (one object, or a list for several metrics or systems)"},
      }};
  return spec;
}

namespace {

// --paired-bs / --paired-ar: a table of every system's scores, each but the
// baseline with its p-value; then what the test was and the signatures.
int printPairedTest(const std::vector<std::string>& hyp_paths, const std::vector<std::vector<std::string>>& systems,
                    const std::vector<std::string>& references, const std::string& ref_path,
                    const std::vector<std::string>& metrics, model::PairedTest test, int samples, uint64_t seed,
                    bool json) {
  const bool bootstrap = test == model::PairedTest::Bootstrap;
  const std::string kind = bootstrap ? "bs" : "ar";
  // results[metric][system]
  std::vector<std::vector<model::PairedResult>> results;
  std::vector<std::string> names, signatures;
  try {
    for (const auto& metric : metrics) {
      const model::MetricKind k = metricKind(metric);
      names.push_back(model::metricName(k));
      const std::string signature = signatureOf(k);
      signatures.push_back(withResampling(signature, kind, samples, seed));
      const model::SegmentStatistics baseline(k, systems[0], references);
      std::vector<model::PairedResult> row;
      model::PairedResult own;  // the baseline's row: its estimates come from the first paired test below
      own.baseline_score = own.system_score = baseline.score();
      own.has_estimates = bootstrap;
      row.push_back(own);
      for (size_t s = 1; s < systems.size(); ++s) {
        try {
          row.push_back(model::pairedTest(test, baseline, model::SegmentStatistics(k, systems[s], references),
                                          samples, seed));
        } catch (const std::invalid_argument& e) {
          throw std::invalid_argument("'" + hyp_paths[s] + "': " + e.what());
        }
      }
      // The baseline's own interval: the paired test's (numpy's mean of the resamples, as sacreBLEU's).
      if (bootstrap) row[0].baseline = row[0].system = row[1].baseline;
      results.push_back(row);
    }
  } catch (const std::invalid_argument& e) {
    throw std::runtime_error("'" + ref_path + "': " + e.what());
  }

  if (json) {
    nlohmann::json out{{"test", bootstrap ? "paired-bs" : "paired-ar"},
                       {"samples", samples},
                       {"seed", seed},
                       {"baseline", hyp_paths[0]},
                       {"signatures", nlohmann::json::object()},
                       {"systems", nlohmann::json::array()}};
    for (size_t m = 0; m < names.size(); ++m) out["signatures"][names[m]] = signatures[m];
    for (size_t s = 0; s < systems.size(); ++s) {
      nlohmann::json system{{"system", hyp_paths[s]}, {"baseline", s == 0}};
      if (s > 0) system["same_as_baseline"] = systems[s] == systems[0];
      for (size_t m = 0; m < names.size(); ++m) {
        const auto& r = results[m][s];
        nlohmann::json score{{"score", r.system_score}};
        // The baseline's own translations again: no difference to test (sacreBLEU's p would be its smallest).
        score["p_value"] = s == 0 || systems[s] == systems[0] ? nlohmann::json() : nlohmann::json(r.p_value);
        if (r.has_estimates) {
          score["mean"] = r.system.mean;
          score["ci"] = r.system.ci;
        }
        system[names[m]] = score;
      }
      out["systems"].push_back(system);
    }
    std::cout << out.dump() << std::endl;
    return kOk;
  }

  std::vector<std::vector<std::string>> cells(systems.size() + 1);
  cells[0].push_back("system");
  for (const auto& name : names) cells[0].push_back(bootstrap ? name + " (\u03bc \u00b1 95% CI)" : name);
  for (size_t s = 0; s < systems.size(); ++s) {
    cells[s + 1].push_back(s == 0 ? "baseline: " + hyp_paths[s] : hyp_paths[s]);
    for (size_t m = 0; m < names.size(); ++m) {
      const auto& r = results[m][s];
      std::string cell = fixed(r.system_score, 1);
      if (r.has_estimates) cell += " (" + fixed(r.system.mean, 1) + " \u00b1 " + fixed(r.system.ci, 1) + ")";
      if (s > 0 && systems[s] == systems[0])
        cell += " (the baseline's translations)";
      else if (s > 0)
        cell += " p = " + fixed(r.p_value, 4) + (r.p_value < 0.05 ? "*" : "");
      cells[s + 1].push_back(cell);
    }
  }
  // Columns as wide as their widest cell (in code points: μ and ± are two bytes).
  auto width = [](const std::string& text) {
    return size_t(std::count_if(text.begin(), text.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
  };
  std::vector<size_t> widths(cells[0].size(), 0);
  for (const auto& row : cells)
    for (size_t c = 0; c < row.size(); ++c) widths[c] = std::max(widths[c], width(row[c]));
  std::printf("Paired %s, %d %s, seed %llu: each system against the baseline.\n",
              bootstrap ? "bootstrap resampling" : "approximate randomization", samples,
              bootstrap ? "resamples" : "trials", static_cast<unsigned long long>(seed));
  std::printf("p: about how often a difference this large comes from chance when the two systems are the same;\n"
              "* marks p < 0.05, a difference unlikely to be chance (not which system is better).\n\n");
  for (const auto& row : cells) {
    std::string line;
    for (size_t c = 0; c < row.size(); ++c)
      line += row[c] + (c + 1 < row.size() ? std::string(widths[c] - width(row[c]) + 3, ' ') : "");
    std::printf("%s\n", line.c_str());
  }
  std::printf("\n");
  for (size_t m = 0; m < names.size(); ++m) std::printf("%s|%s\n", names[m].c_str(), signatures[m].c_str());
  std::fflush(stdout);
  return kOk;
}

}  // namespace

int runBleu(const ParsedArgs& args) {
  const auto metrics = metricsFrom(args);
  const std::vector<std::string> hyp_paths = args.all("hyp");
  if (hyp_paths.empty()) args.require("hyp");
  const std::string ref_path = args.require("ref");
  const bool paired_bs = args.has("paired-bs"), paired_ar = args.has("paired-ar");
  if (paired_bs && paired_ar) throw UsageError("--paired-bs or --paired-ar: one test at a time");
  const auto test = paired_bs ? model::PairedTest::Bootstrap : model::PairedTest::Randomization;
  std::optional<Resampling> confidence;
  int samples = 0;
  uint64_t seed = model::kSacreBleuSeed;
  if (paired_bs || paired_ar) {
    if (hyp_paths.size() < 2) throw UsageError("a paired test compares two --hyp files or more: the first is the baseline");
    if (args.has("confidence")) throw UsageError("--paired-bs gives every system's interval; drop --confidence");
    samples = int(args.integer("samples", model::defaultSamples(test), 2, 1000000));
    seed = uint64_t(args.integer("seed", int64_t(model::kSacreBleuSeed), 0, int64_t(1) << 62));
  } else if (hyp_paths.size() > 1) {
    throw UsageError("several --hyp files are compared with --paired-bs or --paired-ar");
  } else {
    confidence = resamplingFrom(args);
  }
  const auto refs = readUtf8Lines(ref_path);
  std::vector<std::vector<std::string>> systems;
  for (const auto& path : hyp_paths) {
    systems.push_back(readUtf8Lines(path));
    if (systems.back().size() != refs.size())
      throw std::runtime_error("'" + path + "' has " + std::to_string(systems.back().size()) + " lines but '" +
                               ref_path + "' has " + std::to_string(refs.size()));
  }
  if (!paired_bs && !paired_ar) return printScores(systems[0], refs, ref_path, metrics, args.has("json"), confidence);
  return printPairedTest(hyp_paths, systems, refs, ref_path, metrics, test, samples, seed, args.has("json"));
}

}  // namespace studio::cli
