#include "model/files/XliffFile.h"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <iterator>
#include <stdexcept>

#include "model/data/Text.h"
#include "model/files/XmlReader.h"

namespace studio::model {

namespace {

bool isCode(const std::string& tag) {
  static const char* codes[] = {"bpt", "ept", "it", "ph", "x", "bx", "ex", "sc", "ec", "cp"};
  return std::any_of(std::begin(codes), std::end(codes), [&](const char* c) { return tag == c; });
}

std::string lowered(std::string text) {
  for (char& c : text) c = char(std::tolower(static_cast<unsigned char>(c)));
  return text;
}

// The segments of an XLIFF document, found as its elements go by.
class XliffSegments : public XmlHandler {
 public:
  explicit XliffSegments(XliffDocument& document) : d_(document) {}

  void startElement(const std::string& tag, const std::vector<XmlAttribute>& attributes,
                    const XmlSpan& span) override {
    const bool inherited_no = !open_.empty() && open_.back().no;
    const bool no = attributeValue(attributes, "translate") == "no";
    // Inside a source, a code, or text marked not to be translated (1.2's protected <mrk>, 2.0's
    // translate="no"): carried over as written.
    const bool code =
        in_source_ &&
        (isCode(tag) || (tag == "mrk" && (no || attributeValue(attributes, "mtype") == "protected")));
    open_.push_back({tag, inherited_no || no, code});
    if (in_source_) {
      if (code && code_depth_++ == 0) code_begin_ = span.begin;
      return;
    }
    if (tag == "xliff" && open_.size() == 1) {  // the root (another <xliff> inside says nothing of the file)
      d_.version = attributeValue(attributes, "version");
      if (d_.version.empty()) d_.version = "1.2";
      if (!version1()) languages(attributes, "srcLang", "trgLang", span);
    } else if (tag == "file" && version1() && open_.size() == 2) {
      languages(attributes, "source-language", "target-language", span);
    } else if (((tag == "trans-unit" && version1()) || (tag == "segment" && !version1())) && !unit_.active) {
      // (one inside another, which XLIFF does not allow, is no segment of its own)
      unit_ = Unit{};
      unit_.active = true;
      unit_.level = open_.size();
      unit_.no = open_.back().no;
      unit_.id = attributeValue(attributes, "id");
      if (!version1()) {
        const std::string unit_id = unit_id_;
        unit_.id = unit_.id.empty() ? unit_id : unit_id + "/" + unit_.id;
      }
    } else if (tag == "unit" && !version1()) {
      unit_id_ = attributeValue(attributes, "id");
    } else if (unit_.active && open_.size() == unit_.level + 1) {  // a child of the segment's element
      if (tag == "source" && !unit_.has_source) {
        in_source_ = true;
        source_level_ = open_.size();  // its end is the end tag at this depth, not a <source> inside it
        unit_.has_source = true;
        unit_.line = span.line;
        unit_.source_begin = span.begin;
        unit_.content_begin = span.end;
        unit_.codes.clear();
      } else if (tag == "target" && !unit_.has_target) {
        unit_.has_target = true;
        unit_.target_begin = span.begin;
        unit_.target_content = span.end;
        unit_.target_end = span.end;  // an empty element ends here
      }
    }
  }

  void endElement(const std::string& tag, const XmlSpan& span) override {
    const bool code = open_.back().code;
    const size_t level = open_.size();
    open_.pop_back();
    if (in_source_) {
      if (code && --code_depth_ == 0) unit_.codes.push_back({code_begin_, span.end});
      if (level == source_level_) {
        in_source_ = false;
        unit_.content_end = span.begin;
        unit_.after_source = span.end;
      }
      return;
    }
    if (!unit_.active) return;
    const bool child = level == unit_.level + 1;
    if (tag == "seg-source" && child) unit_.after_source = span.end;
    if (tag == "target" && child && unit_.target_content != span.end) {
      unit_.target_end = span.end;
      unit_.target_has_content =
          span.begin > unit_.target_content && !data::isBlank(std::string_view(d_.text).substr(
                                                   unit_.target_content, span.begin - unit_.target_content));
    }
    if (level == unit_.level) {
      unit_.active = false;
      if (unit_.has_source) segment();
    }
  }

  void characters(std::string_view, bool) override {}

 private:
  struct Open {
    std::string tag;
    bool no = false;    // translate="no" here or above
    bool code = false;  // carried into the target as written
  };
  struct Unit {
    bool active = false, no = false, has_source = false, has_target = false, target_has_content = false;
    std::string id;
    size_t level = 0;  // the depth of its element (open_.size() inside it)
    size_t line = 0, source_begin = 0, content_begin = 0, content_end = 0, after_source = 0;
    size_t target_begin = 0, target_content = 0, target_end = 0;
    std::vector<std::pair<size_t, size_t>> codes;
  };

  bool version1() const { return d_.version.rfind("1.", 0) == 0; }
  const char* unitTag() const { return version1() ? "trans-unit" : "segment"; }

  // The languages an element declares in the attributes XLIFF names `source` and `target`.
  void languages(const std::vector<XmlAttribute>& attributes, const std::string& source,
                 const std::string& target, const XmlSpan& span) {
    const std::string from = attributeValue(attributes, lowered(source)),
                      to = attributeValue(attributes, lowered(target));
    const auto fail = [&](const std::string& what) {
      throw XmlError("'" + d_.name + "' line " + std::to_string(span.line) + ": " + what);
    };
    if (!from.empty() && primaryLanguage(from) != "vi")
      fail("its source language is " + from + " (" + source + "): this model translates Vietnamese");
    if (!to.empty() && primaryLanguage(to) != "en")
      fail("its target language is " + to + " (" + target + "): this model translates into English");
    target_language_ = to.empty() ? "en" : to;
    if (to.empty() && span.end >= 2 && d_.text[span.end - 2] != '/')
      d_.insertions.emplace_back(span.end - 1, " " + target + "=\"en\"");
  }

  void segment() {
    XliffSegment s;
    s.id = unit_.id;
    s.line = unit_.line;
    size_t at = unit_.content_begin;
    for (const auto& [begin, end] : unit_.codes) {
      s.marked.append(d_.text, at, begin - at);
      s.marked += "<x-code n=\"" + std::to_string(s.codes.size()) + "\"/>";
      s.codes.push_back(d_.text.substr(begin, end - begin));
      at = end;
    }
    s.marked.append(d_.text, at, unit_.content_end - at);
    for (char& c : s.marked)
      if (c == '\n' || c == '\r' || c == '\t') c = ' ';
    if (unit_.no) {
      s.state = XliffSegment::State::NotTranslatable;
    } else if (unit_.target_has_content) {
      s.state = XliffSegment::State::Translated;
    } else {
      s.target_open = version1()
                          ? "<target xml:lang=\"" + target_language_ +
                                "\" state=\"needs-review-translation\" state-qualifier=\"mt-suggestion\">"
                          : "<target>";
      if (unit_.has_target) {
        s.replace_begin = unit_.target_begin;
        s.replace_end = unit_.target_end;
      } else {
        // After the source (or 1.2's seg-source), on a line of its own where the source has one.
        s.replace_begin = s.replace_end = unit_.after_source;
        const size_t line_start = d_.text.rfind('\n', unit_.source_begin);
        const std::string_view indent =
            line_start == std::string::npos
                ? std::string_view()
                : std::string_view(d_.text).substr(line_start + 1, unit_.source_begin - line_start - 1);
        if (line_start != std::string::npos && data::isBlank(indent))
          s.target_open = "\n" + std::string(indent) + s.target_open;
      }
    }
    d_.segments.push_back(std::move(s));
  }

  XliffDocument& d_;
  std::vector<Open> open_;
  Unit unit_;
  std::string unit_id_, target_language_ = "en";
  bool in_source_ = false;
  size_t source_level_ = 0;
  int code_depth_ = 0;
  size_t code_begin_ = 0;
};

}  // namespace

XliffDocument readXliff(const std::string& bytes, const std::string& name) {
  XliffDocument d;
  d.name = name;
  if (bytes.size() >= 2 && (bytes.compare(0, 2, "\xFF\xFE") == 0 || bytes.compare(0, 2, "\xFE\xFF") == 0))
    throw XmlError("'" + name + "' is UTF-16: XLIFF files are read in UTF-8 (save it as UTF-8)");
  const std::string_view text = data::stripBom(bytes);
  d.bom = text.size() != bytes.size();
  if (!data::isValidUtf8(text))
    throw XmlError("'" + name + "' is not UTF-8: XLIFF files are read in UTF-8 (save it as UTF-8)");
  d.text = std::string(text);
  XliffSegments segments(d);
  readXml(d.text, name, {"xliff"}, "an XLIFF file", segments);
  return d;
}

std::string writeXliff(const XliffDocument& d, const std::vector<std::string>& targets) {
  struct Edit {
    size_t begin, end;
    std::string text;
  };
  std::vector<Edit> edits;
  for (const auto& [at, text] : d.insertions) edits.push_back({at, at, text});
  const size_t wanted = size_t(std::count_if(d.segments.begin(), d.segments.end(), [](const XliffSegment& s) {
    return s.state == XliffSegment::State::ToTranslate;
  }));
  if (targets.size() != wanted)
    throw std::invalid_argument(std::to_string(targets.size()) + " translations for the " +
                                std::to_string(wanted) + " segments of '" + d.name + "' to translate");
  size_t k = 0;
  for (const auto& s : d.segments)
    if (s.state == XliffSegment::State::ToTranslate)
      edits.push_back({s.replace_begin, s.replace_end, s.target_open + targets[k++] + "</target>"});
  std::stable_sort(edits.begin(), edits.end(),
                   [](const Edit& a, const Edit& b) { return a.begin < b.begin; });
  std::string out = d.bom ? "\xEF\xBB\xBF" : "";
  out.reserve(d.text.size() + d.text.size() / 2);
  size_t at = 0;
  for (const auto& e : edits) {
    out.append(d.text, at, e.begin - at);
    out += e.text;
    at = e.end;
  }
  out.append(d.text, at, std::string::npos);
  return out;
}

std::string restoreXliffCodes(const std::string& marked, const std::vector<std::string>& codes) {
  static const std::string open = "<x-code n=\"";
  std::vector<bool> used(codes.size(), false);
  std::string out;
  size_t at = 0;
  for (size_t found = marked.find(open); found != std::string::npos; found = marked.find(open, at)) {
    const size_t digits = found + open.size();
    size_t end = digits, n = 0;
    while (end < marked.size() && marked[end] >= '0' && marked[end] <= '9' && end - digits < 9)
      n = n * 10 + size_t(marked[end++] - '0');
    if (end == digits || marked.compare(end, 3, "\"/>") != 0 || n >= codes.size() || used[n]) {
      out.append(marked, at, digits - at);  // not one of ours: text as it stands
      at = digits;
      continue;
    }
    out.append(marked, at, found - at);
    out += codes[n];
    used[n] = true;
    at = end + 3;
  }
  out.append(marked, at, std::string::npos);
  for (size_t n = 0; n < codes.size(); ++n)
    if (!used[n]) out += codes[n];
  return out;
}

std::optional<XliffDocument> readXliffFile(const std::string& path) {
  if (!fileStartsWithElement(path, {"xliff"})) return std::nullopt;
  std::ifstream in(path, std::ios::binary);
  const std::string bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  return readXliff(bytes, path);
}

}  // namespace studio::model
