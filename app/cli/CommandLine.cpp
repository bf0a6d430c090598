#include "app/cli/CommandLine.h"

#include <cerrno>
#include <cstdlib>
#include <sstream>

#include "model/data/Corpus.h"
#include "model/data/Text.h"

namespace studio::cli {

std::vector<std::string> readUtf8Lines(const std::string& path) {
  auto lines = data::readLines(path);
  for (size_t i = 0; i < lines.size(); ++i)
    if (!data::isValidUtf8(lines[i]))
      throw std::runtime_error("'" + path + "' line " + std::to_string(i + 1) + " is not valid UTF-8");
  return lines;
}

std::string CommandSpec::usage() const {
  std::ostringstream out;
  out << "Usage: attention-studio-cli " << name << " [options]\n\n" << summary << "\n\nOptions:\n";
  for (const auto& o : options) {
    std::string left = "  --" + o.name + (o.value.empty() ? "" : " " + o.value);
    if (left.size() < 26) left.resize(26, ' ');
    else left += "\n" + std::string(26, ' ');
    // A help of several lines: each one under the first.
    std::string help = o.help;
    for (size_t at = help.find('\n'); at != std::string::npos; at = help.find('\n', at + 27))
      help.insert(at + 1, 26, ' ');
    out << left << help << "\n";
  }
  out << "  --help                  show this help\n";
  return out.str();
}

ParsedArgs::ParsedArgs(const CommandSpec& spec, const std::vector<std::string>& args) {
  for (size_t i = 0; i < args.size(); ++i) {
    std::string arg = args[i];
    if (arg == "--help" || arg == "-h") {
      help_ = true;
      continue;
    }
    if (arg.rfind("--", 0) != 0) throw UsageError("unexpected argument '" + arg + "'");
    std::string name = arg.substr(2);
    std::optional<std::string> inline_value;
    if (const auto eq = name.find('='); eq != std::string::npos) {
      inline_value = name.substr(eq + 1);
      name.resize(eq);
    }
    const OptionSpec* option = nullptr;
    for (const auto& o : spec.options)
      if (o.name == name) option = &o;
    if (!option) throw UsageError("unknown option '--" + name + "' for '" + spec.name + "'");
    if (option->value.empty()) {
      if (inline_value) throw UsageError("--" + name + " takes no value");
      values_[name] = "1";
    } else if (inline_value) {
      values_[name] = *inline_value;
    } else {
      if (i + 1 >= args.size()) throw UsageError("--" + name + " needs a value (" + option->value + ")");
      values_[name] = args[++i];
    }
    all_[name].push_back(values_[name]);
  }
}

std::vector<std::string> ParsedArgs::all(const std::string& name) const {
  auto it = all_.find(name);
  return it == all_.end() ? std::vector<std::string>{} : it->second;
}

std::optional<std::string> ParsedArgs::get(const std::string& name) const {
  auto it = values_.find(name);
  if (it == values_.end()) return std::nullopt;
  return it->second;
}

std::string ParsedArgs::require(const std::string& name) const {
  auto v = get(name);
  if (!v || v->empty()) throw UsageError("--" + name + " is required");
  return *v;
}

std::string ParsedArgs::getOr(const std::string& name, const std::string& fallback) const {
  return get(name).value_or(fallback);
}

int64_t ParsedArgs::integer(const std::string& name, int64_t fallback, int64_t min, int64_t max) const {
  auto v = get(name);
  if (!v) return fallback;
  errno = 0;
  char* end = nullptr;
  const long long value = std::strtoll(v->c_str(), &end, 10);
  if (v->empty() || *end != '\0' || errno != 0 || value < min || value > max)
    throw UsageError("--" + name + " must be a whole number from " + std::to_string(min) + " to " +
                     std::to_string(max) + ", got '" + *v + "'");
  return value;
}

double ParsedArgs::number(const std::string& name, double fallback, double min, double max) const {
  auto v = get(name);
  if (!v) return fallback;
  errno = 0;
  char* end = nullptr;
  const double value = std::strtod(v->c_str(), &end);
  if (v->empty() || *end != '\0' || errno != 0 || !(value >= min && value <= max)) {
    std::ostringstream range;
    range << min << " to " << max;
    throw UsageError("--" + name + " must be a number from " + range.str() + ", got '" + *v + "'");
  }
  return value;
}

std::string csvField(const std::string& text) {
  if (text.find_first_of(",\"\n\r") == std::string::npos) return text;
  std::string out = "\"";
  for (char c : text) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

}  // namespace studio::cli
