// main() of a group executable: the suites compiled into it registered
// themselves (common/SuiteMain.h); the first argument names the one to run,
// the rest are Qt Test's.
//   studio_engine_suites tst_trainer -v2 testStopAndResume
//   studio_engine_suites --list      the suites it holds

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <string>

#include "common/SuiteMain.h"

namespace {

using SuiteRunner = int (*)(int, char**);

std::map<std::string, SuiteRunner>& suites() {
  static std::map<std::string, SuiteRunner> table;
  return table;
}

std::string baseName(const char* path) {
  std::string name(path);
  const auto slash = name.find_last_of("/\\");
  if (slash != std::string::npos) name.erase(0, slash + 1);
  const auto dot = name.find('.');
  if (dot != std::string::npos) name.erase(dot);
  return name;
}

void printSuites(std::FILE* to) {
  for (const auto& [name, run] : suites()) std::fprintf(to, "  %s\n", name.c_str());
}

}  // namespace

namespace studio::test {

bool registerSuite(const char* file, SuiteRunner run) {
  const std::string name = baseName(file);
  if (!suites().emplace(name, run).second) {
    std::fprintf(stderr, "two suites named %s in one group executable (%s)\n", name.c_str(), file);
    std::abort();
  }
  return true;
}

}  // namespace studio::test

int main(int argc, char* argv[]) {
  if (argc >= 2 && std::strcmp(argv[1], "--list") == 0) {
    printSuites(stdout);
    return 0;
  }
  const auto found = argc >= 2 ? suites().find(argv[1]) : suites().end();
  if (found == suites().end()) {
    std::fprintf(stderr, "usage: %s SUITE [Qt Test options and functions]\n", argc > 0 ? argv[0] : "suites");
    if (argc >= 2)
      std::fprintf(stderr, "no suite named %s here; the suites:\n", argv[1]);
    else
      std::fprintf(stderr, "the suites:\n");
    printSuites(stderr);
    return 2;
  }
  // The suite sees its own name as the program's (Qt Test's output and
  // QCoreApplication::applicationName() are what they were alone).
  return found->second(argc - 1, argv + 1);
}
