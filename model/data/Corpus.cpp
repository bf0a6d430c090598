#include "model/data/Corpus.h"

#include <algorithm>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "model/data/Text.h"
#include "model/data/ZipCorpus.h"
#include "model/files/AtomicFile.h"
#include "model/files/Gzip.h"
#include "model/files/Hash.h"

namespace studio::data {

void ReadSummary::drop(const std::string& reason, size_t line) {
  ++dropped[reason];
  auto& lines = first_lines[reason];
  if (lines.size() < 5) lines.push_back(line);
}

size_t ReadSummary::droppedTotal() const {
  size_t total = 0;
  for (const auto& [reason, count] : dropped) total += count;
  return total;
}

nlohmann::json ReadSummary::toJson() const {
  nlohmann::json j{{"source", source}, {"read", read}, {"kept", kept}, {"dropped", nlohmann::json::object()}};
  for (const auto& [reason, count] : dropped) j["dropped"][reason] = count;
  for (const auto& [reason, lines] : first_lines) j["first_dropped_lines"][reason] = lines;
  if (!decoded.empty()) j["decoded"] = {{"encoding", decoded_as}, {"files", decoded}};
  if (!hint.empty()) j["hint"] = hint;
  return j;
}

std::string ReadSummary::describe() const {
  std::ostringstream out;
  out << source << ": read " << read << ", kept " << kept << ", dropped " << droppedTotal();
  if (!dropped.empty()) {
    out << " (";
    bool first = true;
    for (const auto& [reason, count] : dropped) {
      out << (first ? "" : ", ") << reason << " " << count;
      const auto& lines = first_lines.at(reason);
      if (!lines.empty()) {
        out << " e.g. line";
        for (size_t i = 0; i < lines.size() && i < 3; ++i) out << (i ? "," : " ") << lines[i];
      }
      first = false;
    }
    out << ")";
  }
  for (const auto& file : decoded) out << "; '" << file << "' read as " << decoded_as;
  if (!hint.empty()) out << ". " << hint;
  return out.str();
}

void ParallelText::append(const ParallelText& other) {
  src.insert(src.end(), other.src.begin(), other.src.end());
  tgt.insert(tgt.end(), other.tgt.begin(), other.tgt.end());
}

namespace {

// The compression a file's first bytes announce ("" for none), other than
// gzip's (read as it is): a corpus downloaded as .xz is not text until it is
// unpacked.
std::string compression(std::string_view bytes) {
  const auto starts = [&](std::string_view magic) { return bytes.substr(0, magic.size()) == magic; };
  if (starts(std::string_view("\xfd"
                              "7zXZ\0",
                              6)))
    return "xz";
  if (starts("\x28\xb5\x2f\xfd")) return "zstd";
  if (starts("BZh") && bytes.size() > 9 && bytes.substr(4, 6) == "\x31\x41\x59\x26\x53\x59") return "bzip2";
  if (starts(std::string_view("PK\x03\x04", 4))) return "zip";
  return "";
}

}  // namespace

namespace {

std::string unpacked(const std::string& path, std::string bytes) {
  if (model::isGzip(bytes)) {
    try {
      return model::gunzip(bytes);
    } catch (const model::GzipError& e) {
      throw CorpusError("'" + path + "' (gzip): " + e.what());
    }
  }
  if (const std::string packed = compression(bytes); packed == "zip") {
    throw CorpusError("'" + path + "' is a zip file: give it as the corpus (prepare --corpus '" + path +
                      "'), or name the file inside it as '" + path + "/NAME'");
  } else if (!packed.empty()) {
    const char* tool = packed == "xz" ? "unxz -k" : packed == "zstd" ? "unzstd" : "bunzip2 -k";
    throw CorpusError("'" + path + "' is compressed (" + packed + "): unpack it first (" + tool + " '" +
                      path + "') and give the file it holds");
  }
  return bytes;
}

}  // namespace

std::string corpusFileHead(const std::string& path, size_t bytes) {
  const auto member = zipMemberAt(path);
  if (!member) return model::fileHead(path, bytes);
  try {
    return model::unpackedHead(readZipMember(*member, std::max(bytes, model::kPackedHeadBytes)), bytes);
  } catch (const CorpusError&) {
    return {};
  }
}

std::string readCorpusFile(const std::string& path) {
  if (const auto member = zipMemberAt(path)) return unpacked(path, readZipMember(*member));
  std::ifstream in(path, std::ios::binary);
  if (!in) throw CorpusError("cannot open '" + path + "'");
  std::string bytes;
  in.seekg(0, std::ios::end);
  if (const std::streamoff size = in.tellg(); size >= 0) {  // a file: read at once into its own size
    bytes.resize(size_t(size));
    in.seekg(0, std::ios::beg);
    in.read(bytes.data(), size);
    if (in.gcount() != size) throw CorpusError("error while reading '" + path + "'");
  } else {  // a pipe
    in.clear();
    std::ostringstream buffer;
    buffer << in.rdbuf();
    bytes = buffer.str();
  }
  if (in.bad()) throw CorpusError("error while reading '" + path + "'");
  return unpacked(path, std::move(bytes));
}

void addEncodingHint(const std::vector<std::string>& paths, ReadSummary& summary) {
  if (!summary.dropped.count("invalid_utf8") || !summary.hint.empty()) return;
  for (const auto& path : paths) {
    const std::string bytes = readCorpusFile(path);
    if (isValidUtf8(bytes)) continue;
    if (const auto guess = model::guessLegacyEncoding(bytes)) {
      summary.hint = "'" + path + "' is not UTF-8 and reads as " + model::legacyEncodingName(*guess) +
                     ": prepare it with --encoding " + model::legacyEncodingOption(*guess) +
                     " (in the app: Encoding)";
      return;
    }
  }
}

std::vector<std::string> readLines(const std::string& path,
                                   const std::optional<model::LegacyEncoding>& encoding,
                                   ReadSummary* summary) {
  const TextLines text = readTextLines(path, encoding, summary);
  return {text.lines.begin(), text.lines.end()};
}

TextLines readTextLines(const std::string& path, const std::optional<model::LegacyEncoding>& encoding,
                        ReadSummary* summary) {
  TextLines out{std::make_unique<std::string>(readCorpusFile(path)), {}};
  std::string& content = *out.text;
  if (encoding && !isValidUtf8(content)) {
    // The other encoding where the bytes clearly read as it: a wrong choice, not a corpus of mojibake.
    const auto guess = model::guessLegacyEncoding(content);
    if (guess && *guess != *encoding)
      throw CorpusError("'" + path + "' reads as " + model::legacyEncodingName(*guess) + ", not " +
                        model::legacyEncodingName(*encoding) + ": choose " +
                        model::legacyEncodingName(*guess));
    try {
      content = model::legacyToUtf8(content, *encoding, path);
    } catch (const std::runtime_error& e) {
      throw CorpusError(e.what());
    }
    if (summary) {
      summary->decoded.push_back(path);
      summary->decoded_as = model::legacyEncodingName(*encoding);
    }
  }
  std::string_view view = stripBom(content);
  size_t start = 0;
  while (start < view.size()) {
    size_t end = view.find('\n', start);
    if (end == std::string_view::npos) end = view.size();
    std::string_view line = view.substr(start, end - start);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    out.lines.push_back(line);
    start = end + 1;
  }
  return out;
}

uint64_t sentenceHash(std::string_view sentence) {
  model::Hash64 hash;
  hash.add(sentence.data(), sentence.size());
  return hash.value();
}

void addPair(std::string_view src, std::string_view tgt, size_t line, const FilterOptions& options,
             ReadSummary& summary, ParallelText& out) {
  ++summary.read;
  if (!isValidUtf8(src) || !isValidUtf8(tgt)) return summary.drop("invalid_utf8", line);
  std::string s(src), t(tgt);
  if (options.unescape) s = unescapeXml(s), t = unescapeXml(t);
  if (options.detokenize) s = detokenize(s), t = detokenize(t);
  s = normalizeWhitespace(s);
  t = normalizeWhitespace(t);
  if (s.empty() || t.empty()) return summary.drop("empty", line);
  const size_t ws = wordCount(s), wt = wordCount(t);
  if (ws > options.max_words || wt > options.max_words) return summary.drop("too_long", line);
  const double ratio = double(std::max(ws, wt) + 1) / double(std::min(ws, wt) + 1);
  if (ratio > options.max_ratio) return summary.drop("length_ratio", line);
  if (options.held_out && options.held_out->count(sentenceHash(s))) return summary.drop("held_out", line);
  if (options.dedupe) {
    model::Hash64 hash;
    hash.add(s.data(), s.size());
    hash.add("\t", 1);
    hash.add(t.data(), t.size());
    if (!summary.kept_pairs.insert(hash.value()).second) return summary.drop("duplicate", line);
  }
  ++summary.kept;
  out.src.push_back(std::move(s));
  out.tgt.push_back(std::move(t));
}

ParallelText readParallelFiles(const std::string& src_path, const std::string& tgt_path,
                               const FilterOptions& options, ReadSummary& summary) {
  const auto src_text = readTextLines(src_path, options.encoding, &summary);
  const auto tgt_text = readTextLines(tgt_path, options.encoding, &summary);
  const auto &src = src_text.lines, &tgt = tgt_text.lines;
  if (src.size() != tgt.size())
    throw CorpusError("the files are not line-aligned: '" + src_path + "' has " + std::to_string(src.size()) +
                      " lines but '" + tgt_path + "' has " + std::to_string(tgt.size()));
  summary.source = src_path + " + " + tgt_path;
  ParallelText out;
  for (size_t i = 0; i < src.size(); ++i) addPair(src[i], tgt[i], i + 1, options, summary, out);
  if (!options.encoding) addEncodingHint({src_path, tgt_path}, summary);
  return out;
}

ParallelText readTsv(const std::string& path, const FilterOptions& options, ReadSummary& summary) {
  const auto text = readTextLines(path, options.encoding, &summary);
  summary.source = path;
  ParallelText out;
  for (size_t i = 0; i < text.lines.size(); ++i) {
    const std::string_view line = text.lines[i];
    const size_t tab = line.find('\t');
    if (tab == std::string_view::npos || line.find('\t', tab + 1) != std::string_view::npos) {
      ++summary.read;
      summary.drop("malformed", i + 1);
      continue;
    }
    addPair(line.substr(0, tab), line.substr(tab + 1), i + 1, options, summary, out);
  }
  if (!options.encoding) addEncodingHint({path}, summary);
  return out;
}

const char* splitName(Split split) {
  switch (split) {
    case Split::Train: return "train";
    case Split::Dev: return "dev";
    case Split::Test: return "test";
  }
  return "train";
}

Split splitOf(std::string_view vi, double dev_fraction, double test_fraction) {
  const double u = double(sentenceHash(vi) >> 11) / double(uint64_t(1) << 53);  // uniform in [0, 1)
  if (u < test_fraction) return Split::Test;
  if (u < test_fraction + dev_fraction) return Split::Dev;
  return Split::Train;
}

std::pair<double, double> heldOutFractions(size_t pairs) {
  if (pairs == 0) return {0.0, 0.0};
  const double n = double(pairs);
  double each = std::clamp(1500.0, 1000.0, 2000.0) / n;
  each = std::min(each, 0.1);
  return {each, each};
}

void writeParallel(const std::string& dir, const std::string& name, const ParallelText& text) {
  writeParallel(dir, name, {{&text, 1}});
}

void writeParallel(const std::string& dir, const std::string& name,
                   const std::vector<std::pair<const ParallelText*, int>>& parts) {
  for (const bool source : {true, false}) {
    model::writeAtomically(dir + "/" + name + (source ? ".vi" : ".en"), [&](model::FileSink& sink) {
      std::string buffer;  // written a megabyte at a time
      for (const auto& [text, times] : parts)
        for (int k = 0; k < times; ++k)
          for (const auto& line : source ? text->src : text->tgt) {
            buffer.append(line).push_back('\n');
            if (buffer.size() >= (1 << 20)) sink.write(buffer), buffer.clear();
          }
      sink.write(buffer);
    });
  }
}

}  // namespace studio::data
