// minimal-pairs: does the model prefer a reference translation to a copy of it
// with one thing made wrong (contrastive evaluation, Sennrich 2017)?

#include <algorithm>
#include <cstdio>
#include <iostream>

#include <nlohmann/json.hpp>

#include "app/cli/Commands.h"
#include "app/cli/ModelOptions.h"
#include "model/data/Text.h"
#include "model/decoding/PairScoring.h"
#include "model/evaluation/MinimalPairs.h"
#include "model/files/AtomicFile.h"
#include "model/training/Checkpoints.h"

namespace studio::cli {

const CommandSpec& minimalPairsSpec() {
  static const CommandSpec spec{
      "minimal-pairs",
      "Test what the model knows with minimal pairs\n\n"
      "Each pair is a sentence's right translation beside a copy with one thing made wrong; the model\n"
      "passes a pair when it gives the right one the higher probability (teacher-forced, as score reads\n"
      "them: the sum of the pieces' log-probabilities and the end's). With --src and --ref the pairs are\n"
      "made of the references by rules, at most one of each kind a line:\n"
      "  polarity   the negation deleted (not, n't, cannot, never) where the Vietnamese negates too,\n"
      "             or \"not\" put after the first auxiliary where neither side negates\n"
      "  numbers    a number the source holds changed in its last digit\n"
      "  agreement  is/are, was/were or has/have swapped\n"
      "  names      a word copied from the source (a name, a command) swapped for another line's\n"
      "  placeholders  two of the source's placeholders (%s, %1, {0}) swapped in order, or one\n"
      "             changed for another the source does not hold (%s -> %d)\n"
      "Prints each kind's share of pairs passed with its 95 % interval (Wilson) and the mean margin\n"
      "(right minus wrong log-probability), then the pairs failed by the widest margin.",
      {
          {"model", "FILE", "a model file or checkpoint; given again, an ensemble (as translate)"},
          {"run", "RUN_DIR",
           "instead of --model: every model the run kept (train --keep-models-every), oldest first,\n"
           "each kind's share passed at each step: when the model learnt it"},
          weightsOption(),
          {"src", "FILE", "Vietnamese sentences, one a line"},
          {"ref", "FILE", "their reference translations, line-aligned: the pairs are made of these"},
          {"kinds", "LIST",
           "the kinds of pair to make: polarity,numbers,agreement,names,placeholders or all (default)"},
          {"sentences", "N", "read the first N lines of --src and --ref (default 0: all)"},
          {"pairs", "FILE",
           "your own pairs instead, a line each: SOURCE<TAB>RIGHT<TAB>WRONG and, optionally,\n"
           "<TAB>KIND (any label; tallied kind by kind)"},
          {"save-pairs", "FILE",
           "write the pairs made of --src and --ref in --pairs' form, to edit and read again"},
          {"against", "MODEL",
           "score the pairs with this model too and compare, kind by kind: the pairs each passed alone\n"
           "and McNemar's exact test of them (p below 0.05: a difference beyond chance)"},
          {"show", "N", "print the N pairs of each kind failed by the widest margin (default 3; 0: none)"},
          {"spm", "FILE", "the SentencePiece model (default: beside the model or above it)"},
          {"json", "",
           "print JSON instead: {tallies: [{kind, pairs, scored, preferred, share, low, high, "
           "mean_margin}],\n"
           "pairs: [{line, kind, source, right, wrong, change, right_log_probability,\n"
           "wrong_log_probability, preferred} or {..., error}]}"},
          {"device", "DEVICE", "auto (default), cpu, cuda or cuda:N"},
      }};
  return spec;
}

namespace {

std::string percent(double share) {
  char text[16];
  std::snprintf(text, sizeof text, "%.1f %%", 100.0 * share);
  return text;
}

void printTallies(const std::vector<model::MinimalPair>& pairs,
                  const std::vector<model::MinimalPairOutcome>& outcomes, int64_t show) {
  const auto tallies = model::tallyMinimalPairs(pairs, outcomes);
  size_t width = 4;
  for (const auto& t : tallies) width = std::max(width, t.kind.size());
  std::printf("%-*s  %6s  %16s  %17s  %11s\n", int(width), "kind", "pairs", "right preferred",
              "95 % interval", "mean margin");
  for (const auto& t : tallies) {
    const std::string interval = percent(t.low) + " - " + percent(t.high);
    std::printf("%-*s  %6zu  %6zu  %8s  %17s  %+11.3f\n", int(width), t.kind.c_str(), t.pairs, t.preferred,
                percent(t.share()).c_str(), interval.c_str(), t.mean_margin);
    if (t.scored < t.pairs)
      std::printf("%-*s  (%zu not scored: too long for the model)\n", int(width), "", t.pairs - t.scored);
  }
  if (show <= 0) return;
  for (const auto& t : tallies) {
    if (t.kind == "all") continue;
    std::vector<size_t> failed;
    for (size_t i = 0; i < pairs.size(); ++i)
      if (pairs[i].kind == t.kind && outcomes[i].scored && !outcomes[i].preferred()) failed.push_back(i);
    if (failed.empty()) continue;
    std::sort(failed.begin(), failed.end(),
              [&](size_t a, size_t b) { return outcomes[a].margin() < outcomes[b].margin(); });
    if (failed.size() > size_t(show)) failed.resize(size_t(show));
    std::printf("\n%s: the wrong side preferred in %zu of %zu; by the widest margin:\n", t.kind.c_str(),
                t.scored - t.preferred, t.scored);
    for (const size_t i : failed) {
      const auto& p = pairs[i];
      const std::string change = p.change.empty() ? "" : " (" + p.change + ")";
      std::printf("  line %zu%s, margin %+.3f\n", p.line, change.c_str(), outcomes[i].margin());
      std::printf("    source: %s\n    right:  %s\n    wrong:  %s\n", p.source.c_str(), p.right.c_str(),
                  p.wrong.c_str());
    }
  }
}

nlohmann::json talliesJson(const std::vector<model::MinimalPairTally>& tallies) {
  nlohmann::json list = nlohmann::json::array();
  for (const auto& t : tallies)
    list.push_back({{"kind", t.kind},
                    {"pairs", t.pairs},
                    {"scored", t.scored},
                    {"preferred", t.preferred},
                    {"share", t.share()},
                    {"low", t.low},
                    {"high", t.high},
                    {"mean_margin", t.mean_margin}});
  return list;
}

nlohmann::json comparisonJson(const std::vector<model::MinimalPairComparison>& rows) {
  nlohmann::json list = nlohmann::json::array();
  for (const auto& r : rows)
    list.push_back({{"kind", r.kind},
                    {"pairs", r.pairs},
                    {"model_preferred", r.first},
                    {"against_preferred", r.second},
                    {"only_model", r.only_first},
                    {"only_against", r.only_second},
                    {"p", r.p}});
  return list;
}

void printComparison(const std::vector<model::MinimalPairComparison>& rows, const std::string& against) {
  size_t width = 4;
  for (const auto& r : rows) width = std::max(width, r.kind.size());
  std::printf("\nagainst '%s' (McNemar's exact test of the pairs one model alone passed):\n",
              against.c_str());
  std::printf("%-*s  %6s  %8s  %8s  %10s  %12s  %8s\n", int(width), "kind", "pairs", "model", "against",
              "only model", "only against", "p");
  for (const auto& r : rows) {
    const auto share = [&](size_t n) {
      return r.pairs ? percent(double(n) / double(r.pairs)) : std::string("-");
    };
    char p[16];
    std::snprintf(p, sizeof p, r.p < 0.001 ? "%.1e" : "%.4f", r.p);
    std::printf("%-*s  %6zu  %8s  %8s  %10zu  %12zu  %8s%s\n", int(width), r.kind.c_str(), r.pairs,
                share(r.first).c_str(), share(r.second).c_str(), r.only_first, r.only_second, p,
                r.p < 0.05 ? " *" : "");
  }
}

nlohmann::json asJson(const std::vector<model::MinimalPair>& pairs,
                      const std::vector<model::MinimalPairOutcome>& outcomes) {
  const auto tallies = talliesJson(model::tallyMinimalPairs(pairs, outcomes));
  nlohmann::json list = nlohmann::json::array();
  for (size_t i = 0; i < pairs.size(); ++i) {
    const auto& p = pairs[i];
    nlohmann::json item{{"line", p.line},   {"kind", p.kind},   {"source", p.source},
                        {"right", p.right}, {"wrong", p.wrong}, {"change", p.change}};
    if (outcomes[i].scored) {
      item["right_log_probability"] = outcomes[i].right;
      item["wrong_log_probability"] = outcomes[i].wrong;
      item["preferred"] = outcomes[i].preferred();
    } else {
      item["error"] = outcomes[i].why;
    }
    list.push_back(item);
  }
  return {{"tallies", tallies}, {"pairs", list}};
}

// --run: the same pairs scored by each model the run kept; a row a step.
int overTraining(const ParsedArgs& args, const std::vector<model::MinimalPair>& pairs,
                 const std::string& what, const torch::Device& device) {
  const auto run_dir = args.require("run");
  const auto kept = model::listKeptModels(run_dir);
  if (kept.empty())
    throw std::runtime_error("'" + run_dir +
                             "' kept no models: train with --keep-models-every N to keep them");
  nlohmann::json steps = nlohmann::json::array();
  std::vector<std::vector<model::MinimalPairTally>> rows;
  for (const auto& [step, path] : kept) {
    const auto translator = model::Translator::fromFiles(path, args.getOr("spm", ""), device);
    const auto outcomes = model::scoreMinimalPairs(translator, pairs);
    rows.push_back(model::tallyMinimalPairs(pairs, outcomes));
    steps.push_back({{"step", step}, {"model", path}, {"tallies", talliesJson(rows.back())}});
    if (!args.has("json")) std::fprintf(stderr, "step %lld scored\n", static_cast<long long>(step));
  }
  if (args.has("json")) {
    std::cout << nlohmann::json{{"steps", steps}}.dump(2) << std::endl;
    return kOk;
  }
  std::printf(
      "minimal pairs of %s: %zu pairs, the share of each kind's pairs passed by the models '%s' kept\n",
      what.c_str(), pairs.size(), run_dir.c_str());
  std::string header = "    step";
  for (const auto& t : rows.front())
    header += "  " + std::string(std::max<size_t>(t.kind.size(), 7) - t.kind.size(), ' ') + t.kind;
  std::printf("%s\n", header.c_str());
  for (size_t r = 0; r < rows.size(); ++r) {
    std::printf("%8lld", static_cast<long long>(kept[r].first));
    for (const auto& t : rows[r])
      std::printf("  %*s", int(std::max<size_t>(t.kind.size(), 7)), percent(t.share()).c_str());
    std::printf("\n");
  }
  std::fflush(stdout);
  return kOk;
}

}  // namespace

int runMinimalPairs(const ParsedArgs& args) {
  if (args.has("run") && args.has("against"))
    throw UsageError("--against compares two models: give it with --model, not --run");
  if (args.has("run") && (args.has("model") || args.has("weights")))
    throw UsageError("--run reads the models the run kept: give it or --model, not both");
  if (!args.has("run") && !args.has("model")) throw UsageError("give --model FILE (or --run RUN_DIR)");
  const bool own = args.has("pairs");
  if (own && (args.has("src") || args.has("ref") || args.has("kinds") || args.has("sentences")))
    throw UsageError(
        "--pairs reads your own pairs: --src, --ref, --kinds and --sentences make them of a test set");
  if (!own && !args.has("src")) throw UsageError("give --src and --ref (pairs made of them) or --pairs FILE");
  if (own && args.has("save-pairs"))
    throw UsageError("--save-pairs writes the pairs made of --src and --ref");
  const int64_t show = args.integer("show", 3, 0, 1000000);
  std::vector<model::MinimalPairKind> kinds;
  try {
    kinds = model::minimalPairKindsFromList(args.getOr("kinds", "all"));
  } catch (const std::invalid_argument& e) {
    throw UsageError(std::string("--kinds: ") + e.what());
  }
  const auto device = deviceFrom(args.getOr("device", "auto"));

  std::vector<model::MinimalPair> pairs;
  std::string what;
  if (own) {
    pairs = model::readMinimalPairs(args.require("pairs"));
    what = "'" + args.require("pairs") + "'";
  } else {
    auto read = readSentencePairs(args, 0);
    for (auto& line : read.references) line = data::normalizeWhitespace(line);
    pairs = model::makeMinimalPairs(read.sources, read.references, kinds);
    what = "'" + args.require("src") + "' and '" + args.require("ref") + "' (" +
           std::to_string(read.sources.size()) + " lines)";
    if (pairs.empty())
      throw std::runtime_error("the rules made no minimal pair of " + what +
                               ": no line has what they change");
    if (auto path = args.get("save-pairs")) model::writeFileAtomically(*path, model::minimalPairsTsv(pairs));
  }
  if (args.has("run")) return overTraining(args, pairs, what, device);
  const auto translator = translatorFrom(args, device);
  const auto outcomes = model::scoreMinimalPairs(translator, pairs, 4096, terminalProgress("scored"));
  for (size_t i = 0; i < pairs.size(); ++i)
    if (!outcomes[i].scored)
      std::fprintf(stderr, "line %zu (%s): not scored, %s\n", pairs[i].line, pairs[i].kind.c_str(),
                   outcomes[i].why.c_str());
  std::vector<model::MinimalPairComparison> comparison;
  if (auto against = args.get("against")) {
    const auto other = model::Translator::fromFiles(*against, "", device);
    comparison = model::compareMinimalPairs(pairs, outcomes, model::scoreMinimalPairs(other, pairs));
  }
  if (args.has("json")) {
    auto json = asJson(pairs, outcomes);
    if (args.has("against")) json["comparison"] = comparisonJson(comparison);
    std::cout << json.dump(2) << std::endl;
    return kOk;
  }
  std::printf("minimal pairs of %s: %zu pairs\n", what.c_str(), pairs.size());
  printTallies(pairs, outcomes, show);
  if (args.has("against")) printComparison(comparison, args.require("against"));
  std::fflush(stdout);
  return kOk;
}

}  // namespace studio::cli
