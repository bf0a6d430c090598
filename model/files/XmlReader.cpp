#include "model/files/XmlReader.h"

#include <algorithm>
#include <cctype>
#include <sstream>

#include "model/data/Text.h"
#include "model/files/Gzip.h"
#include "model/files/TextDocument.h"

namespace studio::model {

namespace {

std::string lowered(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = char(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

bool isSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

std::string listed(const std::vector<std::string>& names) {
  std::string out;
  for (size_t i = 0; i < names.size(); ++i)
    out += (i == 0 ? "" : i + 1 == names.size() ? " or " : ", ") + ("<" + names[i] + ">");
  return out;
}

// A pull reader over the document's text, calling the handler as it goes.
class Reader {
 public:
  Reader(std::string_view text, const std::string& name, const std::vector<std::string>& roots,
         const std::string& kind, XmlHandler& handler)
      : text_(text), name_(name), roots_(roots), kind_(kind), handler_(handler) {}

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
    if (!root_seen_) fail("no " + listed(roots_) + " element: this is not " + kind_);
  }

 private:
  size_t line() {
    line_ += size_t(std::count(text_.begin() + long(counted_), text_.begin() + long(at_), '\n'));
    counted_ = at_;
    return line_;
  }
  [[noreturn]] void fail(const std::string& what) {
    throw XmlError("'" + name_ + "' line " + std::to_string(line()) + ": " + what);
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

  // Entities read; false where one is not defined (its '&' kept).
  static bool decoded(std::string_view raw, std::string& out) {
    bool defined = true;
    out.clear();
    out.reserve(raw.size());
    for (size_t i = 0; i < raw.size(); ++i) {
      if (raw[i] != '&') {
        out.push_back(raw[i]);
        continue;
      }
      const size_t semi = raw.find(';', i + 1);
      std::string entity;
      if (semi != std::string_view::npos && semi - i <= 12) {
        entity = std::string(raw.substr(i, semi - i + 1));
        const std::string value = data::unescapeXml(entity);
        if (value != entity && !value.empty()) {
          out += value;
          i = semi;
          continue;
        }
      }
      defined = false;
      out.push_back('&');
    }
    return defined;
  }

  void characters(std::string_view raw, bool escaped) {
    if (!root_seen_ || open_.empty()) {
      const auto text = std::find_if(raw.begin(), raw.end(), [](char c) { return !isSpace(c); });
      if (text == raw.end()) return;
      at_ = size_t(raw.data() - text_.data()) + size_t(text - raw.begin());  // the line of the text
      fail(root_seen_ ? "text after the end of <" + root_ + ">"
                      : "text before the first element: this is not " + kind_);
    }
    if (!escaped) return handler_.characters(raw, true);
    const bool defined = decoded(raw, scratch_);
    handler_.characters(scratch_, defined);
  }

  void startTag() {
    const size_t opened = line(), begin = at_;
    ++at_;
    const std::string tag = readName();
    attributes_.clear();
    for (;;) {
      skipSpace();
      if (at_ >= text_.size()) fail("<" + tag + "> is not closed (no >)");
      if (text_[at_] == '>' || startsWith("/>")) break;
      XmlAttribute attribute{readName(), {}};
      skipSpace();
      if (at_ >= text_.size() || text_[at_] != '=')
        fail("attribute " + attribute.name + " of <" + tag + "> has no value");
      ++at_;
      skipSpace();
      if (at_ >= text_.size() || (text_[at_] != '"' && text_[at_] != '\''))
        fail("the value of " + attribute.name + " in <" + tag + "> is not quoted");
      const size_t end = text_.find(text_[at_], at_ + 1);
      if (end == std::string_view::npos)
        fail("the value of " + attribute.name + " in <" + tag + "> is not closed");
      decoded(text_.substr(at_ + 1, end - at_ - 1), attribute.value);
      attributes_.push_back(std::move(attribute));
      at_ = end + 1;
    }
    const bool empty = text_[at_] == '/';
    at_ += empty ? 2 : 1;
    if (!root_seen_) {
      if (std::find(roots_.begin(), roots_.end(), tag) == roots_.end())
        fail("the first element is <" + tag + ">, not " + listed(roots_) + ": this is not " + kind_);
      root_seen_ = true;
      root_ = tag;
    } else if (open_.empty()) {
      fail("<" + tag + "> after the end of <" + root_ + ">");
    }
    const XmlSpan span{opened, begin, at_};
    handler_.startElement(tag, attributes_, span);
    if (empty)
      handler_.endElement(tag, span);
    else
      open_.emplace_back(tag, opened);
  }

  void endTag() {
    const XmlSpan opened{line(), at_, 0};
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
    handler_.endElement(tag, {opened.line, opened.begin, at_});
  }

  std::string_view text_;
  const std::string& name_;
  const std::vector<std::string>& roots_;
  const std::string& kind_;
  XmlHandler& handler_;
  size_t at_ = 0, counted_ = 0, line_ = 1;
  std::vector<std::pair<std::string, size_t>> open_;  // open elements and their lines
  bool root_seen_ = false;
  std::string root_;
  std::vector<XmlAttribute> attributes_;
  std::string scratch_;
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

}  // namespace

void readXml(std::string_view text, const std::string& name, const std::vector<std::string>& roots,
             const std::string& kind, XmlHandler& handler) {
  Reader(data::stripBom(text), name, roots, kind, handler).read();
}

std::string xmlDocumentText(const std::string& bytes, const std::string& name,
                            std::optional<LegacyEncoding> fallback, std::string* decoded_as) {
  const auto byte = [&](size_t i) {
    return i < bytes.size() ? static_cast<unsigned char>(bytes[i]) : 0x100u;
  };
  if ((byte(0) == 0xFF && byte(1) == 0xFE) || (byte(0) == 0xFE && byte(1) == 0xFF)) {
    try {
      std::istringstream in(bytes);
      const auto document = readTextDocument(in, name);
      std::string joined;
      for (const auto& line : document.lines) joined += line + "\n";
      return joined;
    } catch (const std::runtime_error& e) {
      throw XmlError(e.what());
    }
  }
  if ((byte(0) == '<' && byte(1) == 0) || (byte(0) == 0 && byte(1) == '<'))
    throw XmlError("'" + name +
                   "' is UTF-16 without a byte order mark: save it as UTF-8 (or UTF-16 with the mark)");
  std::string text(data::stripBom(bytes));
  if (data::isValidUtf8(text)) return text;
  const std::string declared = declaredEncoding(text);
  if (declared == "iso-8859-1" || declared == "latin1" || declared == "latin-1") {
    std::string out;
    out.reserve(text.size() + text.size() / 8);
    for (char c : text) data::appendUtf8(out, static_cast<unsigned char>(c));
    if (decoded_as) *decoded_as = "ISO-8859-1";
    return out;
  }
  const auto legacy = parseLegacyEncoding(declared);
  if (legacy || fallback) {
    const auto encoding = legacy ? *legacy : *fallback;
    if (decoded_as) *decoded_as = legacyEncodingName(encoding);
    try {
      return legacyToUtf8(text, encoding, name);
    } catch (const std::runtime_error& e) {
      throw XmlError(e.what());
    }
  }
  if (!declared.empty() && declared != "utf-8" && declared != "utf8" && declared != "us-ascii" &&
      declared != "utf-16")
    throw XmlError(
        "'" + name + "' is written in " + declared +
        ", which is not read here: save it as UTF-8 (or UTF-16, ISO-8859-1, Windows-1258, VISCII, TCVN3)");
  return text;
}

std::string primaryLanguage(std::string_view tag) {
  std::string primary = lowered(tag.substr(0, std::min(tag.find('-'), tag.find('_'))));
  if (primary == "vie") return "vi";
  if (primary == "eng") return "en";
  return primary;
}

std::string attributeValue(const std::vector<XmlAttribute>& attributes, std::string_view name) {
  for (const auto& a : attributes)
    if (a.name == name) return a.value;
  return {};
}

std::string languageAttribute(const std::vector<XmlAttribute>& attributes) {
  const std::string xml_lang = attributeValue(attributes, "xml:lang");
  return xml_lang.empty() ? attributeValue(attributes, "lang") : xml_lang;
}

bool fileStartsWithElement(const std::string& path, const std::vector<std::string>& roots) {
  return startsWithElement(fileHead(path, 4096), roots);
}

bool startsWithElement(std::string_view bytes, const std::vector<std::string>& roots) {
  std::string head(bytes.substr(0, 4096));
  if (head.size() >= 2 && (head.substr(0, 2) == "\xFF\xFE" || head.substr(0, 2) == "\xFE\xFF")) {
    // UTF-16: the markup is ASCII, each character one byte beside a zero one.
    std::string narrow;
    for (size_t i = head[0] == '\xFF' ? 2 : 3; i < head.size(); i += 2) narrow.push_back(head[i]);
    head = narrow;
  }
  std::string_view view = data::stripBom(head);
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
      break;
    const size_t found = view.find(end);
    if (found == std::string_view::npos) return false;
    view.remove_prefix(found + end.size());
  }
  for (const auto& root : roots)
    if (view.size() > root.size() + 1 && view[0] == '<' && lowered(view.substr(1, root.size())) == root &&
        (isSpace(view[root.size() + 1]) || view[root.size() + 1] == '>' || view[root.size() + 1] == '/'))
      return true;
  return false;
}

}  // namespace studio::model
