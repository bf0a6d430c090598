// attention-studio-cli: the engine's headless face.
// Exit codes: 0 ok, 1 runtime error, 2 usage error.

#include <cstdio>
#include <exception>
#include <functional>
#include <string>
#include <vector>

#include <QCoreApplication>
#include <QString>

#include "app/EngineInfo.h"
#include "app/cli/Commands.h"
#include "model/runtime/BlasKernels.h"

using namespace studio::cli;

namespace {

struct Subcommand {
  const CommandSpec& (*spec)();
  int (*run)(const ParsedArgs&);
};

const std::vector<Subcommand>& subcommands() {
  static const std::vector<Subcommand> all{
      {prepareSpec, runPrepare},
      {demoCorpusSpec, runDemoCorpus},
      {toyCorpusSpec, runToyCorpus},
      {trainSpec, runTrain},
      {averageSpec, runAverage},
      {distillSpec, runDistill},
      {backTranslateSpec, runBackTranslate},
      {learnCorrectionsSpec, runLearnCorrections},
      {exportCorrectionsSpec, runExportCorrections},
      {alignSpec, runAlign},
      {shortlistSpec, runShortlist},
      {translateSpec, runTranslate},
      {serveSpec, runServe},
      {evaluateSpec, runEvaluate},
      {scoreSpec, runScore},
      {minimalPairsSpec, runMinimalPairs},
      {bleuSpec, runBleu},
      {attentionSpec, runAttention},
      {lensSpec, runLens},
      {tunedLensSpec, runTunedLens},
      {headsSpec, runHeads},
      {smallAndFastSpec, runSmallAndFast},
      {exportSpec, runExport},
      {explainSpec, runExplain},
      {faithfulnessSpec, runFaithfulness},
      {patchSpec, runPatch},
      {neighboursSpec, runNeighbours},
      {embeddingsSpec, runEmbeddings},
      {timelapseSpec, runTimelapse},
      {doctorSpec, runDoctor},
  };
  return all;
}

void printUsage(std::FILE* out) {
  std::fprintf(out,
               "Usage: attention-studio-cli [--threads N] COMMAND [options]\n"
               "       attention-studio-cli --version | --help\n"
               "\n"
               "Train, use and inspect a Transformer translator (Vietnamese -> English).\n"
               "\n"
               "Commands:\n");
  for (const auto& s : subcommands()) {
    const auto& spec = s.spec();
    const std::string first_line = spec.summary.substr(0, spec.summary.find('\n'));
    std::fprintf(out, "  %-17s %s\n", spec.name.c_str(), first_line.c_str());
  }
  std::fprintf(out,
               "\n"
               "Options:\n"
               "  --help            show this help (COMMAND --help: that command's)\n"
               "  --version         show the program, LibTorch and hardware versions\n"
               "  --threads N       CPU threads for LibTorch (default: every hardware thread)\n");
}

int printVersion() {
  const auto info = studio::app::engineInfo();
  std::printf("attention-studio-cli %s\n%s\n", STUDIO_VERSION, qPrintable(info.summary));
  return kOk;
}

// LibTorch's messages carry a C++ stack trace after the first line.
std::string firstLine(const std::string& text) { return text.substr(0, text.find('\n')); }

}  // namespace

int main(int argc, char** argv) {
  // Before anything else: it may start this program again.
  studio::model::startAgainWithKnownBlasKernels(argv);
  QCoreApplication app(argc, argv);
  QCoreApplication::setApplicationName("attention-studio-cli");
  QCoreApplication::setApplicationVersion(STUDIO_VERSION);

  std::vector<std::string> args(argv + 1, argv + argc);
  int threads = 0;
  size_t i = 0;
  bool version = false;
  for (; i < args.size(); ++i) {
    const auto& arg = args[i];
    if (arg == "--help" || arg == "-h") {
      printUsage(stdout);
      return kOk;
    } else if (arg == "--version") {
      version = true;
    } else if (arg == "--threads") {
      bool ok = false;
      if (i + 1 < args.size()) threads = QString::fromStdString(args[++i]).toInt(&ok);
      if (!ok || threads < 0) {
        std::fprintf(stderr, "error: --threads needs a whole number >= 0\n");
        return kUsageError;
      }
    } else if (arg.rfind("--", 0) == 0) {
      std::fprintf(stderr, "error: unknown option '%s'\n\n", arg.c_str());
      printUsage(stderr);
      return kUsageError;
    } else {
      break;
    }
  }

  try {
    studio::app::initializeEngine(threads);
    if (version) return printVersion();
    if (i >= args.size()) {
      printUsage(stdout);
      return kOk;
    }
    const std::string name = args[i];
    const std::vector<std::string> rest(args.begin() + long(i) + 1, args.end());
    for (const auto& s : subcommands()) {
      const auto& spec = s.spec();
      if (spec.name != name) continue;
      try {
        ParsedArgs parsed(spec, rest);
        if (parsed.help()) {
          std::printf("%s", spec.usage().c_str());
          return kOk;
        }
        return s.run(parsed);
      } catch (const UsageError& e) {
        std::fprintf(stderr, "error: %s\n\n%s", e.what(), spec.usage().c_str());
        return kUsageError;
      }
    }
    std::fprintf(stderr, "error: unknown command '%s'\n\n", name.c_str());
    printUsage(stderr);
    return kUsageError;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "error: %s\n", firstLine(e.what()).c_str());
    return kRuntimeError;
  }
}
