#include "model/decoding/DocumentTranslation.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <istream>
#include <iterator>

#include "model/data/Text.h"
#include "model/files/AtomicFile.h"

namespace studio::model {

namespace {

TextDocument parseDocument(std::string_view content, const std::string& name) {
  TextDocument out;
  const std::string_view body = data::stripBom(content);
  out.bom = body.size() != content.size();
  out.final_newline = !body.empty() && body.back() == '\n';
  size_t start = 0, number = 0;
  while (start < body.size()) {
    size_t end = body.find('\n', start);
    const bool ended = end != std::string_view::npos;
    if (!ended) end = body.size();
    std::string_view line = body.substr(start, end - start);
    ++number;
    if (!line.empty() && line.back() == '\r') {
      line.remove_suffix(1);
      if (number == 1 && ended) out.crlf = true;
    }
    if (line.find('\0') != std::string_view::npos)
      throw std::runtime_error(name + " line " + std::to_string(number) +
                               " holds a NUL byte: it is not a text file");
    if (!data::isValidUtf8(line))
      throw std::runtime_error(name + " line " + std::to_string(number) + " is not valid UTF-8");
    out.lines.emplace_back(line);
    start = end + 1;
  }
  return out;
}

}  // namespace

std::string TextDocument::text() const {
  const char* end = crlf ? "\r\n" : "\n";
  std::string out = bom ? "\xEF\xBB\xBF" : "";
  for (size_t i = 0; i < lines.size(); ++i) {
    if (i > 0) out += end;
    out += lines[i];
  }
  if (final_newline && !lines.empty()) out += end;
  return out;
}

TextDocument readTextDocument(const std::string& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec))
    throw std::runtime_error(path + " is a folder, not a text file");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + path + ": " + std::strerror(errno));
  return readTextDocument(in, path);
}

TextDocument readTextDocument(std::istream& in, const std::string& name) {
  std::string content((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (in.bad()) throw std::runtime_error("cannot read " + name);
  return parseDocument(content, name);
}

void writeTextDocument(const std::string& path, const TextDocument& document) {
  writeFileAtomically(path, document.text());
}

void checkDistinctFiles(const std::string& input, const std::string& output) {
  namespace fs = std::filesystem;
  std::error_code ec;
  bool same = fs::exists(output, ec) && fs::equivalent(input, output, ec) && !ec;
  if (!same) {
    std::error_code a, b;
    const auto in = fs::weakly_canonical(input, a), out = fs::weakly_canonical(output, b);
    same = !a && !b && in == out;
  }
  if (same)
    throw std::invalid_argument("the translation would replace its source " + input +
                                ": choose another file to write it to");
}

DocumentTranslation translateDocument(const Translator& translator, const TextDocument& document,
                                      const DecodingOptions& options, data::SplitMode mode,
                                      const std::function<void(size_t, size_t)>& progress,
                                      const std::function<bool()>& stop) {
  if (stop && stop()) throw TranslationStopped();
  std::vector<std::string> texts;
  texts.reserve(document.lines.size());
  for (const auto& line : document.lines) texts.push_back(data::normalizeWhitespace(line));
  // Called after each batch: the place to stop between two.
  const auto each_batch = [&](size_t done, size_t total) {
    if (stop && stop()) throw TranslationStopped();
    if (progress) progress(done, total);
  };
  DocumentTranslation out;
  out.lines = translateTexts(translator, texts, options, mode, 4096, each_batch);
  out.translation = document;
  for (size_t i = 0; i < out.lines.size(); ++i) {
    const auto& line = out.lines[i];
    out.translation.lines[i] = line.text();
    out.segments += line.source.segments.size();
    for (const auto& notice : line.source.notices)
      out.notices.push_back("line " + std::to_string(i + 1) + ": " + notice);
  }
  return out;
}

}  // namespace studio::model
