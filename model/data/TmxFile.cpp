#include "model/data/TmxFile.h"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <set>
#include <vector>

#include "model/data/Text.h"
#include "model/files/LegacyEncodings.h"
#include "model/files/TextDocument.h"

namespace studio::data {

namespace {

std::string lowered(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = char(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

bool isSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

// "vi" for "vi-VN", "VI", "vi_VN" and ISO 639-2's "vie"; "en" likewise.
std::string primaryLanguage(std::string_view tag) {
  std::string primary = lowered(tag.substr(0, std::min(tag.find('-'), tag.find('_'))));
  if (primary == "vie") return "vi";
  if (primary == "eng") return "en";
  return primary;
}

// One entity's text ("amp", "#233", "nbsp") as UTF-8; false where XML (or the
// few HTML entities software strings carry) does not define it.
bool decodeEntity(std::string_view name, std::string& out) {
  const std::string entity = "&" + std::string(name) + ";";
  const std::string decoded = unescapeXml(entity);
  if (decoded == entity || decoded.empty()) return false;
  out += decoded;
  return true;
}

// A variant of a unit: its language and its segment's text.
struct Variant {
  std::string language;  // as written in the file
  std::string text;
};

// A pull reader of the XML that TMX needs (elements, attributes, text,
// entities, CDATA, comments, processing instructions, a DOCTYPE skipped),
// and what it makes of it: the units, as they close.
class TmxReader {
 public:
  TmxReader(std::string_view text, const std::string& name, const FilterOptions& options,
            ReadSummary& summary, ParallelText& out)
      : text_(text), name_(name), options_(options), summary_(summary), out_(out) {}

  void read() {
    while (at_ < text_.size()) {
      if (text_[at_] != '<') {
        const size_t end = std::min(text_.find('<', at_), text_.size());
        characters(text_.substr(at_, end - at_), /*escaped=*/true);
        at_ = end;
      } else if (startsWith("<!--")) {
        skipPast("-->", "a comment");
      } else if (startsWith("<![CDATA[")) {
        const size_t end = text_.find("]]>", at_ + 9);
        if (end == std::string_view::npos) fail("a CDATA section is not closed (no ]]>)");
        characters(text_.substr(at_ + 9, end - at_ - 9), /*escaped=*/false);
        at_ = end + 3;
      } else if (startsWith("<?")) {
        skipPast("?>", "a processing instruction");
      } else if (startsWith("<!")) {
        skipDeclaration();
      } else if (startsWith("</")) {
        endTag();
      } else {
        startTag();
      }
    }
    if (!open_.empty())
      fail("the file ends inside <" + open_.back().first + "> opened on line " +
           std::to_string(open_.back().second) + " (is it cut short?)");
    if (!root_seen_) fail("no <tmx> element: this is not a TMX file");
  }

  const std::set<std::string>& languages() const { return languages_; }

 private:
  size_t line() {
    line_ += size_t(std::count(text_.begin() + long(counted_), text_.begin() + long(at_), '\n'));
    counted_ = at_;
    return line_;
  }
  [[noreturn]] void fail(const std::string& what) {
    throw CorpusError("'" + name_ + "' line " + std::to_string(line()) + ": " + what);
  }
  bool startsWith(std::string_view prefix) const { return text_.substr(at_, prefix.size()) == prefix; }
  void skipPast(std::string_view end, const char* what) {
    const size_t found = text_.find(end, at_);
    if (found == std::string_view::npos)
      fail(std::string(what) + " is not closed (no " + std::string(end) + ")");
    at_ = found + end.size();
  }
  void skipSpace() {
    while (at_ < text_.size() && isSpace(text_[at_])) ++at_;
  }
  std::string readName() {
    const size_t start = at_;
    while (at_ < text_.size() && !isSpace(text_[at_]) && text_[at_] != '>' && text_[at_] != '/' &&
           text_[at_] != '=' && text_[at_] != '<')
      ++at_;
    if (at_ == start) fail("a tag without a name");
    return lowered(text_.substr(start, at_ - start));
  }

  // <!DOCTYPE tmx SYSTEM "tmx14.dtd" [ ... ]>: skipped, brackets and quotes honoured.
  void skipDeclaration() {
    int depth = 0;
    char quote = 0;
    for (size_t i = at_ + 2; i < text_.size(); ++i) {
      const char c = text_[i];
      if (quote) {
        if (c == quote) quote = 0;
      } else if (c == '"' || c == '\'') {
        quote = c;
      } else if (c == '[') {
        ++depth;
      } else if (c == ']') {
        --depth;
      } else if (c == '>' && depth <= 0) {
        at_ = i + 1;
        return;
      }
    }
    fail("a declaration (<!...) is not closed");
  }

  // Entities decoded; an undefined one marks the open unit malformed (or, outside a unit, is kept as
  // written).
  std::string decoded(std::string_view raw) {
    std::string out;
    out.reserve(raw.size());
    for (size_t i = 0; i < raw.size(); ++i) {
      if (raw[i] != '&') {
        out.push_back(raw[i]);
        continue;
      }
      const size_t semi = raw.find(';', i + 1);
      if (semi == std::string_view::npos || semi - i > 12 ||
          !decodeEntity(raw.substr(i + 1, semi - i - 1), out)) {
        if (in_unit_) unit_malformed_ = true;
        out.push_back('&');
        continue;
      }
      i = semi;
    }
    return out;
  }

  void characters(std::string_view raw, bool escaped) {
    if (!root_seen_) {
      const auto text = std::find_if(raw.begin(), raw.end(), [](char c) { return !isSpace(c); });
      if (text == raw.end()) return;
      at_ = size_t(raw.data() - text_.data()) + size_t(text - raw.begin());  // the line of the text
      fail("text before the first element: this is not a TMX file");
    }
    if (!in_segment_ || codes_ > 0) return;
    segment_ += escaped ? decoded(raw) : std::string(raw);
  }

  void startTag() {
    const size_t opened = line();
    ++at_;
    const std::string tag = readName();
    std::string language;
    for (;;) {
      skipSpace();
      if (at_ >= text_.size()) fail("<" + tag + "> is not closed (no >)");
      if (text_[at_] == '>' || startsWith("/>")) break;
      const std::string attribute = readName();
      skipSpace();
      if (at_ >= text_.size() || text_[at_] != '=')
        fail("attribute " + attribute + " of <" + tag + "> has no value");
      ++at_;
      skipSpace();
      if (at_ >= text_.size() || (text_[at_] != '"' && text_[at_] != '\''))
        fail("the value of " + attribute + " in <" + tag + "> is not quoted");
      const size_t end = text_.find(text_[at_], at_ + 1);
      if (end == std::string_view::npos)
        fail("the value of " + attribute + " in <" + tag + "> is not closed");
      if (attribute == "xml:lang" || attribute == "lang")
        language = decoded(text_.substr(at_ + 1, end - at_ - 1));
      at_ = end + 1;
    }
    const bool empty = text_[at_] == '/';
    at_ += empty ? 2 : 1;
    if (!root_seen_) {
      if (tag != "tmx") fail("the first element is <" + tag + ">, not <tmx>: this is not a TMX file");
      root_seen_ = true;
    } else if (open_.empty()) {
      fail("<" + tag + "> after the end of <tmx>");
    }
    open(tag, language, opened);
    if (empty)
      close(tag);
    else
      open_.emplace_back(tag, opened);
  }

  void endTag() {
    at_ += 2;
    const std::string tag = readName();
    skipSpace();
    if (at_ >= text_.size() || text_[at_] != '>') fail("</" + tag + " is not closed (no >)");
    if (open_.empty()) fail("</" + tag + "> closes nothing");
    if (open_.back().first != tag)
      fail("</" + tag + "> closes <" + open_.back().first + ">, opened on line " +
           std::to_string(open_.back().second));
    ++at_;
    open_.pop_back();
    close(tag);
  }

  static bool isCode(const std::string& tag) {
    return tag == "bpt" || tag == "ept" || tag == "it" || tag == "ph" || tag == "ut";
  }

  void open(const std::string& tag, const std::string& language, size_t line) {
    if (in_segment_) {
      if (isCode(tag)) ++codes_;
      return;
    }
    if (tag == "tu") {
      in_unit_ = true;
      unit_malformed_ = false;
      unit_line_ = line;
      variants_.clear();
    } else if (tag == "tuv" && in_unit_) {
      variants_.push_back({language, {}});
      languages_.insert(language.empty() ? "(none)" : language);
    } else if (tag == "seg" && in_unit_ && !variants_.empty()) {
      in_segment_ = true;
      segment_.clear();
    }
  }

  void close(const std::string& tag) {
    if (in_segment_) {
      if (tag == "seg") {
        variants_.back().text = std::move(segment_);
        in_segment_ = false;
      } else if (isCode(tag)) {
        --codes_;
      }
      return;
    }
    if (tag == "tu" && in_unit_) {
      in_unit_ = false;
      unit();
    }
  }

  void unit() {
    const Variant* vi = nullptr;
    const Variant* en = nullptr;
    for (const auto& v : variants_) {
      const std::string primary = primaryLanguage(v.language);
      if (primary == "vi" && !vi) vi = &v;
      if (primary == "en" && !en) en = &v;
    }
    if (unit_malformed_ || !vi || !en) {
      ++summary_.read;
      return summary_.drop(unit_malformed_ ? "malformed" : !vi ? "no_vietnamese" : "no_english", unit_line_);
    }
    addPair(vi->text, en->text, unit_line_, options_, summary_, out_);
  }

  std::string_view text_;
  const std::string& name_;
  const FilterOptions& options_;
  ReadSummary& summary_;
  ParallelText& out_;
  size_t at_ = 0, counted_ = 0, line_ = 1;
  std::vector<std::pair<std::string, size_t>> open_;  // open elements and their lines
  bool root_seen_ = false;
  bool in_unit_ = false, unit_malformed_ = false, in_segment_ = false;
  size_t unit_line_ = 0;
  int codes_ = 0;  // open inline codes inside the segment
  std::vector<Variant> variants_;
  std::string segment_;
  std::set<std::string> languages_;
};

// The encoding the XML declaration names ("" when none), lowercased.
std::string declaredEncoding(std::string_view text) {
  if (text.substr(0, 5) != "<?xml") return "";
  const std::string_view declaration = text.substr(0, text.find("?>"));
  const size_t at = declaration.find("encoding");
  if (at == std::string_view::npos) return "";
  const size_t open = declaration.find_first_of("\"'", at);
  if (open == std::string_view::npos) return "";
  const size_t close = declaration.find(declaration[open], open + 1);
  if (close == std::string_view::npos) return "";
  return lowered(declaration.substr(open + 1, close - open - 1));
}

std::string latin1ToUtf8(std::string_view bytes) {
  std::string out;
  out.reserve(bytes.size() + bytes.size() / 8);
  for (char c : bytes) appendUtf8(out, static_cast<unsigned char>(c));
  return out;
}

// The file's text as UTF-8 (or, where it is not and no encoding says how to
// read it, its bytes: its units then drop as invalid_utf8).
std::string tmxText(const std::string& path, const FilterOptions& options, ReadSummary& summary) {
  std::string bytes = readCorpusFile(path);
  const auto byte = [&](size_t i) {
    return i < bytes.size() ? static_cast<unsigned char>(bytes[i]) : 0x100u;
  };
  if ((byte(0) == 0xFF && byte(1) == 0xFE) || (byte(0) == 0xFE && byte(1) == 0xFF)) {
    try {
      const auto document = model::readTextDocument(path);
      std::string joined;
      for (const auto& line : document.lines) joined += line + "\n";
      return joined;
    } catch (const std::runtime_error& e) {
      throw CorpusError(e.what());
    }
  }
  if ((byte(0) == '<' && byte(1) == 0) || (byte(0) == 0 && byte(1) == '<'))
    throw CorpusError("'" + path +
                      "' is UTF-16 without a byte order mark: save it as UTF-8 (or UTF-16 with the mark)");
  std::string text(stripBom(bytes));
  if (isValidUtf8(text)) return text;
  const std::string declared = declaredEncoding(text);
  const auto legacy = model::parseLegacyEncoding(declared);
  try {
    if (declared == "iso-8859-1" || declared == "latin1" || declared == "latin-1") return latin1ToUtf8(text);
    if (legacy || options.encoding) {
      const auto encoding = legacy ? *legacy : *options.encoding;
      summary.decoded.push_back(path);
      summary.decoded_as = model::legacyEncodingName(encoding);
      return model::legacyToUtf8(text, encoding, path);
    }
  } catch (const std::runtime_error& e) {
    throw CorpusError(e.what());
  }
  if (!declared.empty() && declared != "utf-8" && declared != "utf8" && declared != "us-ascii" &&
      declared != "utf-16")
    throw CorpusError(
        "'" + path + "' is written in " + declared +
        ", which is not read here: save it as UTF-8 (or UTF-16, ISO-8859-1, Windows-1258, VISCII, "
        "TCVN3)");
  return text;
}

std::string joined(const std::set<std::string>& languages) {
  std::string out;
  for (const auto& l : languages) out += (out.empty() ? "" : ", ") + l;
  return out.empty() ? "none" : out;
}

}  // namespace

ParallelText readTmxText(std::string_view text, const std::string& name, const FilterOptions& options,
                         ReadSummary& summary) {
  summary.source = name;
  ParallelText out;
  TmxReader reader(stripBom(text), name, options, summary, out);
  reader.read();
  const auto& languages = reader.languages();
  const bool vietnamese = std::any_of(languages.begin(), languages.end(),
                                      [](const std::string& l) { return primaryLanguage(l) == "vi"; });
  const bool english = std::any_of(languages.begin(), languages.end(),
                                   [](const std::string& l) { return primaryLanguage(l) == "en"; });
  if (!languages.empty() && (!vietnamese || !english))
    throw CorpusError(
        "'" + name + "' has no " +
        (vietnamese ? "English variants (xml:lang \"en\")" : "Vietnamese variants (xml:lang \"vi\")") +
        ": its languages are " + joined(languages));
  return out;
}

ParallelText readTmx(const std::string& path, const FilterOptions& options, ReadSummary& summary) {
  const std::string text = tmxText(path, options, summary);
  auto out = readTmxText(text, path, options, summary);
  if (!options.encoding) addEncodingHint({path}, summary);
  return out;
}

bool looksLikeTmx(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::string head(4096, '\0');
  in.read(head.data(), std::streamsize(head.size()));
  head.resize(size_t(in.gcount()));
  if (head.size() >= 2 && (head.substr(0, 2) == "\xFF\xFE" || head.substr(0, 2) == "\xFE\xFF")) {
    // UTF-16: the markup is ASCII, each character one byte beside a zero one.
    const size_t low = head[0] == '\xFF' ? 2 : 3;
    std::string narrow;
    for (size_t i = low; i < head.size(); i += 2) narrow.push_back(head[i]);
    head = narrow;
  }
  std::string_view view = stripBom(head);
  for (;;) {
    const size_t start = view.find_first_not_of(" \t\r\n");
    if (start == std::string_view::npos) return false;
    view.remove_prefix(start);
    std::string_view end;
    if (view.substr(0, 4) == "<!--")
      end = "-->";
    else if (view.substr(0, 2) == "<?")
      end = "?>";
    else if (view.substr(0, 2) == "<!")
      end = ">";
    else
      return lowered(view.substr(0, 4)) == "<tmx" && view.size() > 4 && (isSpace(view[4]) || view[4] == '>');
    const size_t found = view.find(end);
    if (found == std::string_view::npos) return false;
    view.remove_prefix(found + end.size());
  }
}

}  // namespace studio::data
