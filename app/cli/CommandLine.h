#pragma once

#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

// A small option parser for the CLI's subcommands: --name VALUE, --name=VALUE
// and boolean --flag; --help on every subcommand.
namespace studio::cli {

inline constexpr int kOk = 0;
inline constexpr int kRuntimeError = 1;
inline constexpr int kUsageError = 2;
inline constexpr int kInterrupted = 130;  // stopped by Ctrl+C before its end, nothing kept (128 + SIGINT)

// Thrown for bad command lines; main() prints it with the usage and exits 2.
class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct OptionSpec {
  std::string name;      // without the dashes
  std::string value;     // placeholder (e.g. "DIR"); empty for a boolean flag
  std::string help;
};

struct CommandSpec {
  std::string name;
  std::string summary;
  std::vector<OptionSpec> options;
  std::string usage() const;  // full --help text
};

// A CSV field (RFC 4180): quoted, its quotes doubled, when it holds a comma, a
// quote or a line break.
std::string csvField(const std::string& text);

// The lines of a text file (BOM and CR removed); a line that is not UTF-8
// throws std::runtime_error naming the file and line.
std::vector<std::string> readUtf8Lines(const std::string& path);

class ParsedArgs {
 public:
  ParsedArgs(const CommandSpec& spec, const std::vector<std::string>& args);

  bool has(const std::string& name) const { return values_.count(name) > 0; }
  bool help() const { return help_; }
  std::optional<std::string> get(const std::string& name) const;  // the last one given
  std::vector<std::string> all(const std::string& name) const;  // every one, in order (--probe A --probe B)
  std::string require(const std::string& name) const;  // UsageError when missing
  std::string getOr(const std::string& name, const std::string& fallback) const;
  int64_t integer(const std::string& name, int64_t fallback, int64_t min, int64_t max) const;
  double number(const std::string& name, double fallback, double min, double max) const;

 private:
  std::map<std::string, std::string> values_;
  std::map<std::string, std::vector<std::string>> all_;
  bool help_ = false;
};

}  // namespace studio::cli
