#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "app/cli/CommandLine.h"

// The CLI's subcommands. Each returns an exit code; UsageError propagates to
// main(), every other exception is a runtime error (exit 1).
namespace studio::cli {

const CommandSpec& prepareSpec();
int runPrepare(const ParsedArgs& args);

const CommandSpec& demoCorpusSpec();
int runDemoCorpus(const ParsedArgs& args);

const CommandSpec& toyCorpusSpec();
int runToyCorpus(const ParsedArgs& args);

const CommandSpec& distillSpec();
int runDistill(const ParsedArgs& args);

const CommandSpec& backTranslateSpec();
int runBackTranslate(const ParsedArgs& args);

// --metrics: "bleu" (the default), "chrf" or both, comma-separated; UsageError otherwise.
std::vector<std::string> metricsFrom(const ParsedArgs& args);

// Bootstrap resampling for a score's confidence interval (--confidence,
// --samples, --seed); nullopt without --confidence.
struct Resampling {
  int samples = 1000;
  uint64_t seed = 12345;
};
std::optional<Resampling> resamplingFrom(const ParsedArgs& args);

// Scores hypotheses against references (line-aligned) with each metric and
// prints sacreBLEU's lines, or JSON, with the 95 % confidence interval when
// asked; errors name `ref_path`.
int printScores(const std::vector<std::string>& hypotheses, const std::vector<std::string>& references,
                const std::string& ref_path, const std::vector<std::string>& metrics, bool json,
                const std::optional<Resampling>& confidence = std::nullopt);

const CommandSpec& bleuSpec();
int runBleu(const ParsedArgs& args);

const CommandSpec& trainSpec();
int runTrain(const ParsedArgs& args);

const CommandSpec& learnCorrectionsSpec();
int runLearnCorrections(const ParsedArgs& args);
const CommandSpec& exportCorrectionsSpec();
int runExportCorrections(const ParsedArgs& args);
const CommandSpec& averageSpec();
int runAverage(const ParsedArgs& args);

const CommandSpec& alignSpec();
int runAlign(const ParsedArgs& args);

const CommandSpec& shortlistSpec();
int runShortlist(const ParsedArgs& args);
const CommandSpec& scoreSpec();
int runScore(const ParsedArgs& args);
const CommandSpec& minimalPairsSpec();
int runMinimalPairs(const ParsedArgs& args);

const CommandSpec& smallAndFastSpec();
int runSmallAndFast(const ParsedArgs& args);

const CommandSpec& exportSpec();
int runExport(const ParsedArgs& args);

const CommandSpec& translateSpec();
int runTranslate(const ParsedArgs& args);
const CommandSpec& serveSpec();
int runServe(const ParsedArgs& args);
const CommandSpec& embeddingsSpec();
int runEmbeddings(const ParsedArgs& args);
const CommandSpec& lensSpec();
int runLens(const ParsedArgs& args);
const CommandSpec& tunedLensSpec();
int runTunedLens(const ParsedArgs& args);

const CommandSpec& evaluateSpec();
int runEvaluate(const ParsedArgs& args);

const CommandSpec& attentionSpec();
int runAttention(const ParsedArgs& args);

const CommandSpec& explainSpec();
int runExplain(const ParsedArgs& args);

const CommandSpec& neighboursSpec();
int runNeighbours(const ParsedArgs& args);

const CommandSpec& patchSpec();
int runPatch(const ParsedArgs& args);
const CommandSpec& faithfulnessSpec();
int runFaithfulness(const ParsedArgs& args);

const CommandSpec& timelapseSpec();
int runTimelapse(const ParsedArgs& args);

const CommandSpec& headsSpec();
int runHeads(const ParsedArgs& args);

const CommandSpec& doctorSpec();
int runDoctor(const ParsedArgs& args);

}  // namespace studio::cli
