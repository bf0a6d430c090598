// attention-studio-encoding-bench: how often the guess names the 8-bit
// encoding a Vietnamese file is in (model/files/LegacyEncodings).
//
//   attention-studio-encoding-bench FILE [--json]
//
// Writes each line of FILE (UTF-8 Vietnamese, one sentence a line: the demo
// corpus's test.vi) in each old encoding — Windows-1258, VISCII, TCVN3, VNI —
// and guesses each line that has a letter beyond ASCII alone, as a file of
// one line, then the whole file; prints for each encoding how many lines were
// guessed right, taken for which other encoding, or not guessed. Lines an
// encoding cannot write (curly quotes in VISCII and TCVN3) are counted apart.

#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "model/files/LegacyEncodings.h"

using namespace studio::model;

int main(int argc, char** argv) {
  std::string path;
  bool json = false;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--json")
      json = true;
    else if (path.empty() && arg.rfind("--", 0) != 0)
      path = arg;
    else {
      std::fprintf(stderr, "usage: attention-studio-encoding-bench FILE [--json]\n");
      return 2;
    }
  }
  if (path.empty()) {
    std::fprintf(stderr, "usage: attention-studio-encoding-bench FILE [--json]\n");
    return 2;
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    std::fprintf(stderr, "error: cannot read %s\n", path.c_str());
    return 1;
  }
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);

  nlohmann::json result{{"file", path}, {"lines", lines.size()}};
  for (const auto encoding :
       {LegacyEncoding::Windows1258, LegacyEncoding::Viscii, LegacyEncoding::Tcvn3, LegacyEncoding::Vni}) {
    std::map<std::string, size_t> guessed;  // by the name guessed, "none" for no guess
    size_t tried = 0, unwritable = 0;
    std::string whole;
    for (const std::string& line : lines) {
      size_t at_line = 0;
      char32_t character = 0;
      const auto bytes = utf8ToLegacy(line, encoding, &at_line, &character);
      if (!bytes) {
        ++unwritable;
        continue;
      }
      whole += *bytes + "\n";
      if (*bytes == line) continue;  // ASCII alone: every encoding's
      ++tried;
      const auto guess = guessLegacyEncoding(*bytes);
      ++guessed[guess ? legacyEncodingName(*guess) : "none"];
    }
    const auto whole_guess = guessLegacyEncoding(whole);
    const std::string name = legacyEncodingName(encoding);
    result["encodings"][name] = {{"lines_guessed", tried},
                                 {"right", guessed[name]},
                                 {"guesses", guessed},
                                 {"not_writable", unwritable},
                                 {"whole_file", whole_guess ? legacyEncodingName(*whole_guess) : "none"}};
    if (!json) {
      std::cout << name << ": " << guessed[name] << " of " << tried << " lines right;";
      for (const auto& [other, count] : guessed)
        if (other != name) std::cout << " " << other << " " << count << ";";
      std::cout << " " << unwritable << " lines it cannot write; the whole file: "
                << (whole_guess ? legacyEncodingName(*whole_guess) : "no guess") << "\n";
    }
  }
  if (json) std::cout << result.dump(2) << "\n";
  return 0;
}
