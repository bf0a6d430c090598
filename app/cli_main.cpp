// attention-studio-cli: the engine's headless face.
// Exit codes: 0 ok, 1 runtime error, 2 usage error.

#include <cstdio>
#include <exception>
#include <string>
#include <vector>

#include <QCoreApplication>
#include <QString>

#include "app/EngineInfo.h"

namespace {

constexpr int kOk = 0;
constexpr int kRuntimeError = 1;
constexpr int kUsageError = 2;

void printUsage(std::FILE* out) {
  std::fprintf(out,
               "Usage: attention-studio-cli [--help] [--version] [--threads N]\n"
               "\n"
               "Train, use and inspect a Transformer translator (Vietnamese -> English).\n"
               "\n"
               "Options:\n"
               "  --help        show this help and exit\n"
               "  --version     show the program, LibTorch and hardware versions and exit\n"
               "  --threads N   CPU threads for LibTorch (default: every hardware thread)\n"
               "\n"
               "Subcommands (prepare, train, translate, evaluate, bleu, attention) are not\n"
               "implemented yet; see README.md, 'What does not work yet'.\n");
}

int printVersion() {
  const auto info = studio::app::engineInfo();
  std::printf("attention-studio-cli %s\n%s\n", STUDIO_VERSION, qPrintable(info.summary));
  return kOk;
}

}  // namespace

int main(int argc, char** argv) {
  QCoreApplication app(argc, argv);
  QCoreApplication::setApplicationName("attention-studio-cli");
  QCoreApplication::setApplicationVersion(STUDIO_VERSION);

  std::vector<std::string> args(argv + 1, argv + argc);
  int threads = 0;
  bool version = false;
  for (size_t i = 0; i < args.size(); ++i) {
    const auto& arg = args[i];
    if (arg == "--help" || arg == "-h") {
      printUsage(stdout);
      return kOk;
    } else if (arg == "--version") {
      version = true;
    } else if (arg == "--threads") {
      if (i + 1 >= args.size()) {
        std::fprintf(stderr, "error: --threads needs a number\n");
        return kUsageError;
      }
      bool ok = false;
      threads = QString::fromStdString(args[++i]).toInt(&ok);
      if (!ok || threads < 0) {
        std::fprintf(stderr, "error: --threads: '%s' is not a number >= 0\n", args[i].c_str());
        return kUsageError;
      }
    } else {
      std::fprintf(stderr, "error: unknown argument '%s'\n\n", arg.c_str());
      printUsage(stderr);
      return kUsageError;
    }
  }

  try {
    studio::app::initializeEngine(threads);
    if (version) return printVersion();
    printUsage(stdout);
    return kOk;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "error: %s\n", e.what());
    return kRuntimeError;
  }
}
