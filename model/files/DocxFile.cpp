#include "model/files/DocxFile.h"

#include <algorithm>
#include <fstream>
#include <iterator>
#include <map>
#include <sstream>
#include <stdexcept>

#include "model/data/Text.h"
#include "model/files/DocxParagraphs.h"
#include "model/files/HtmlTags.h"
#include "model/files/XmlReader.h"
#include "model/files/ZipDirectory.h"
#include "model/files/ZipWriter.h"

namespace studio::model {

namespace {

constexpr uint64_t kMaxPartBytes = 256ull << 20;  // a part's XML, or a picture

const char* kWordNamespaces[] = {"http://schemas.openxmlformats.org/wordprocessingml/2006/main",
                                 "http://purl.oclc.org/ooxml/wordprocessingml/main"};

[[noreturn]] void refuse(const std::string& name, const std::string& why) {
  throw std::runtime_error("'" + name + "' " + why);
}

// The prefix a part's XML binds to WordprocessingML's namespace, as written ("w"); "" when it is the
// default namespace; nullopt when it binds none.
std::optional<std::string> wordPrefix(const std::string& part) {
  // The root's start tag: after the declaration, comments and a DOCTYPE, up to its '>' outside quotes.
  size_t at = 0;
  for (;;) {
    at = part.find('<', at);
    if (at == std::string::npos) return std::nullopt;
    if (part.compare(at, 4, "<!--") == 0) {
      at = part.find("-->", at);
    } else if (part.compare(at, 2, "<?") == 0 || part.compare(at, 2, "<!") == 0) {
      at = part.find('>', at);
    } else {
      break;
    }
    if (at == std::string::npos) return std::nullopt;
  }
  size_t end = at;
  for (char quote = 0; end < part.size() && (quote || part[end] != '>'); ++end)
    if (part[end] == '"' || part[end] == '\'') quote = quote == part[end] ? 0 : quote ? quote : part[end];
  const std::string xml = part.substr(at, end - at);
  for (const char* uri : kWordNamespaces) {
    const std::string quoted = std::string("\"") + uri + "\"", single = std::string("'") + uri + "'";
    for (const auto& value : {quoted, single}) {
      const size_t at = xml.find(value);
      if (at == std::string::npos) continue;
      size_t eq = at;
      while (eq > 0 && (xml[eq - 1] == ' ' || xml[eq - 1] == '=')) --eq;
      size_t start = eq;
      while (start > 0 && !html::isSpace(xml[start - 1]) && xml[start - 1] != '<') --start;
      const std::string attribute = xml.substr(start, eq - start);
      if (attribute == "xmlns") return std::string();
      if (attribute.compare(0, 6, "xmlns:") == 0) return attribute.substr(6);
    }
  }
  return std::nullopt;
}

// The parts of a WordprocessingML package by kind, from [Content_Types].xml's overrides.
struct ContentTypes : XmlHandler {
  std::vector<std::pair<std::string, std::string>> overrides;  // part name (no leading '/'), type
  void startElement(const std::string& name, const std::vector<XmlAttribute>& attributes,
                    const XmlSpan&) override {
    if (name != "override") return;
    std::string part = attributeValue(attributes, "partname");
    if (!part.empty() && part.front() == '/') part.erase(0, 1);
    overrides.push_back({part, html::lowered(attributeValue(attributes, "contenttype"))});
  }
  void endElement(const std::string&, const XmlSpan&) override {}
  void characters(std::string_view, bool) override {}
};

bool endsWith(const std::string& text, const std::string& end) {
  return text.size() >= end.size() && text.compare(text.size() - end.size(), end.size(), end) == 0;
}

// Which kind of part a content type says, in the order they are read: 0 the main document, then
// headers, footers, footnotes, endnotes; -1 none of those.
int partKind(const std::string& type) {
  if (endsWith(type, ".document.main+xml") || endsWith(type, ".template.main+xml") ||
      endsWith(type, ".document.macroenabled.main+xml") ||
      endsWith(type, ".template.macroenabledtemplate.main+xml"))
    return 0;
  static const char* kinds[] = {"wordprocessingml.header+xml", "wordprocessingml.footer+xml",
                                "wordprocessingml.footnotes+xml", "wordprocessingml.endnotes+xml"};
  for (int k = 0; k < 4; ++k)
    if (endsWith(type, kinds[k])) return k + 1;
  return -1;
}

bool hasWordExtension(const std::string& path) {
  const std::string lower = html::lowered(path);
  return endsWith(lower, ".docx") || endsWith(lower, ".docm") || endsWith(lower, ".dotx") ||
         endsWith(lower, ".dotm");
}

}  // namespace

std::string englishLanguageTags(const std::string& xml, const std::string& prefix) {
  const std::string open = "<" + (prefix.empty() ? std::string() : prefix + ":") + "lang";
  std::string out;
  size_t copied = 0;
  for (size_t at = xml.find(open); at != std::string::npos; at = xml.find(open, at + 1)) {
    const size_t after = at + open.size();
    if (after >= xml.size() || !(html::isSpace(xml[after]) || xml[after] == '/' || xml[after] == '>'))
      continue;
    const size_t end = xml.find('>', after);
    if (end == std::string::npos) break;
    // Each attribute value of the tag that says Vietnamese (val, and eastAsia or bidi should one say so).
    for (size_t q = xml.find_first_of("\"'", after); q != std::string::npos && q < end;) {
      const size_t close = xml.find(xml[q], q + 1);
      if (close == std::string::npos || close > end) break;
      if (primaryLanguage(std::string_view(xml).substr(q + 1, close - q - 1)) == "vi") {
        out.append(xml, copied, q + 1 - copied);
        out += "en-US";
        copied = close;
      }
      q = xml.find_first_of("\"'", close + 1);
    }
  }
  out.append(xml, copied, std::string::npos);
  return out;
}

DocxDocument readDocx(const std::string& bytes, const std::string& name) {
  if (bytes.compare(0, 4, "\xd0\xcf\x11\xe0") == 0)
    refuse(
        name,
        "is a Word 97-2003 document (.doc) or a password-protected one: save it as a .docx "
        "document without a password first (Word: File > Save As; LibreOffice: soffice --convert-to docx)");
  if (bytes.compare(0, 4, "PK\x03\x04") != 0)
    refuse(name, "is not a Word document (a .docx file is a zip package)");
  DocxDocument d;
  d.name = name;
  std::istringstream file(bytes);
  std::vector<std::pair<uint64_t, std::string>> order;
  try {
    ZipDirectory zip(file, bytes.size(), ZipNames::AsStored);
    for (const auto& [entry, at] : zip.entries()) order.push_back({at.offset, entry});
    std::sort(order.begin(), order.end());
    for (const auto& [offset, entry] : order)
      d.entries.push_back({entry, zip.read(file, entry, kMaxPartBytes)});
  } catch (const ArchiveFormatError& e) {
    refuse(name, std::string("is not a Word document that can be read: ") + e.what());
  }
  auto entry = [&](const std::string& part) {
    return std::find_if(d.entries.begin(), d.entries.end(), [&](const auto& e) { return e.first == part; });
  };
  const auto types_entry = entry("[Content_Types].xml");
  if (types_entry == d.entries.end())
    refuse(name, "is a zip file, not a Word document (no [Content_Types].xml)");
  ContentTypes types;
  readXml(types_entry->second, name + ": [Content_Types].xml", {"types"}, "a package's content types", types);
  std::vector<std::pair<int, std::string>> parts;
  for (const auto& [part, type] : types.overrides) {
    const int kind = partKind(type);
    if (kind >= 0) parts.push_back({kind, part});
    if (endsWith(type, "wordprocessingml.styles+xml") && entry(part) != d.entries.end())
      d.styles = size_t(entry(part) - d.entries.begin());
    if (endsWith(type, "wordprocessingml.comments+xml") && entry(part) != d.entries.end()) {
      const auto& xml = entry(part)->second;
      const std::string prefix = wordPrefix(xml).value_or("w");
      const std::string tag = "<" + (prefix.empty() ? std::string() : prefix + ":") + "comment";
      for (size_t at = xml.find(tag); at != std::string::npos; at = xml.find(tag, at + 1))
        d.comments += at + tag.size() < xml.size() &&
                      (html::isSpace(xml[at + tag.size()]) || xml[at + tag.size()] == '>');
    }
  }
  std::stable_sort(parts.begin(), parts.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  if (parts.empty() || parts.front().first != 0)
    refuse(name,
           "is a zip package without a Word document in it (an Excel or PowerPoint file? Only Word "
           "documents are translated)");
  static const char* roots[] = {"document", "hdr", "ftr", "footnotes", "endnotes"};
  for (const auto& [kind, part] : parts) {
    const auto found = entry(part);
    if (found == d.entries.end()) refuse(name, "names a part '" + part + "' that it does not hold");
    if (!data::isValidUtf8(found->second))
      refuse(name,
             "has a part '" + part + "' that is not UTF-8 (Word writes UTF-8: save it again from Word)");
    const auto prefix = wordPrefix(found->second);
    if (!prefix) refuse(name, "has a part '" + part + "' that is not WordprocessingML");
    std::string xml = found->second;
    if (xml.compare(0, 3, "\xef\xbb\xbf") == 0) xml.erase(0, 3);  // (written back without its mark)
    d.parts.push_back({part, std::move(xml), *prefix});
    const std::string root = (prefix->empty() ? "" : html::lowered(*prefix) + ":") + roots[kind];
    readDocxParagraphs(d, d.parts.size() - 1, root, name + ": " + part);
  }
  std::stable_sort(d.paragraphs.begin(), d.paragraphs.end(), [](const auto& a, const auto& b) {
    return a.part != b.part ? a.part < b.part : a.begin < b.begin;
  });
  return d;
}

std::optional<DocxDocument> readDocxFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;  // the text reader says why
  char magic[4] = {};
  in.read(magic, 4);
  const bool zip = in.gcount() == 4 && std::string(magic, 4) == "PK\x03\x04";
  const bool ole = in.gcount() == 4 && std::string(magic, 4) == "\xd0\xcf\x11\xe0";
  const std::string lower = html::lowered(path);
  if (!hasWordExtension(path) && !(ole && endsWith(lower, ".doc")) && !zip) return std::nullopt;
  in.seekg(0);
  const std::string bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  if (!hasWordExtension(path) && zip) {
    // Another zip file (a corpus's) is not a document: only one whose content types name a Word part.
    try {
      std::istringstream file(bytes);
      ZipDirectory zip_directory(file, bytes.size(), ZipNames::AsStored);
      if (!zip_directory.find("[Content_Types].xml")) return std::nullopt;
      const auto types = zip_directory.read(file, "[Content_Types].xml", kMaxPartBytes);
      if (html::lowered(types).find("wordprocessingml") == std::string::npos) return std::nullopt;
    } catch (const ArchiveFormatError&) {
      return std::nullopt;
    }
  }
  return readDocx(bytes, path);
}

namespace {

class Writer {
 public:
  Writer(const DocxDocument& d, const std::vector<std::string>& translations) : d_(d), t_(translations) {
    for (size_t i = 0; i < d.paragraphs.size(); ++i) by_part_[d.paragraphs[i].part].push_back(i);
  }

  // The part's bytes [begin, end) with each paragraph in them translated.
  std::string range(size_t part, size_t begin, size_t end) const {
    const auto& text = d_.parts[part].text;
    std::string out;
    size_t cursor = begin;
    const auto found = by_part_.find(part);
    if (found != by_part_.end()) {
      const auto& list = found->second;
      auto it = std::lower_bound(list.begin(), list.end(), begin,
                                 [&](size_t i, size_t at) { return d_.paragraphs[i].begin < at; });
      for (; it != list.end() && d_.paragraphs[*it].begin < end; ++it) {
        const auto& p = d_.paragraphs[*it];
        if (p.begin < cursor || p.end > end) continue;  // inside one written already
        out.append(text, cursor, p.begin - cursor);
        out += paragraph(*it);
        cursor = p.end;
      }
    }
    out.append(text, cursor, end - cursor);
    return out;
  }

 private:
  std::string piece(const DocxPiece& p, size_t part) const {
    return englishLanguageTags(p.before, d_.parts[part].prefix) +
           (p.begin < p.end ? range(part, p.begin, p.end) : std::string()) + p.after;
  }

  // A paragraph's translation as WordprocessingML: its words in runs, its codes and wraps in place.
  std::string paragraph(size_t index) const {
    const auto& p = d_.paragraphs[index];
    const std::string& translation = t_[index];
    const std::string w = d_.parts[p.part].prefix.empty() ? "" : d_.parts[p.part].prefix + ":";
    std::string out;
    std::vector<std::string> formats;  // the open <x-fmt>s' properties
    std::vector<size_t> wraps;
    std::vector<bool> code_used(p.codes.size()), wrap_used(p.wraps.size());
    auto words = [&](const std::string& marked) {
      const std::string text = data::unescapeXml(marked);
      if (text.empty()) return;
      const std::string& rpr = formats.empty() ? p.base : formats.back();
      const std::string escaped = escapeDocxText(text);
      out += "<" + w + "r>" + englishLanguageTags(rpr, d_.parts[p.part].prefix) + "<" + w +
             "t xml:space=\"preserve\">" + escaped + "</" + w + "t></" + w + "r>";
    };
    auto number = [](const std::string& tag) -> size_t {
      const size_t q = tag.find("n=\"");
      return q == std::string::npos ? size_t(-1) : size_t(std::strtoull(tag.c_str() + q + 3, nullptr, 10));
    };
    size_t cursor = 0;
    for (size_t at = translation.find('<'); at != std::string::npos; at = translation.find('<', at + 1)) {
      const size_t end = translation.find('>', at);
      if (end == std::string::npos) break;
      const std::string tag = translation.substr(at, end + 1 - at);
      const size_t n = number(tag);
      const bool fmt = tag.compare(0, 7, "<x-fmt ") == 0 && n < p.formats.size();
      const bool wrap = tag.compare(0, 8, "<x-wrap ") == 0 && n < p.wraps.size() && !wrap_used[n];
      const bool code = (tag.compare(0, 8, "<x-code ") == 0 || tag.compare(0, 9, "<x-break ") == 0) &&
                        n < p.codes.size() && !code_used[n];
      const bool fmt_end = tag == "</x-fmt>" && !formats.empty(),
                 wrap_end = tag == "</x-wrap>" && !wraps.empty();
      if (!(fmt || wrap || code || fmt_end || wrap_end)) continue;  // text, as the words' own "<" would be
      words(translation.substr(cursor, at - cursor));
      cursor = end + 1;
      if (fmt) formats.push_back(p.formats[n]);
      if (fmt_end) formats.pop_back();
      if (wrap) {
        wrap_used[n] = true;
        wraps.push_back(n);
        out += piece(p.wraps[n].open, p.part);
      }
      if (wrap_end) {
        out += piece(p.wraps[wraps.back()].close, p.part);
        wraps.pop_back();
      }
      if (code) {
        code_used[n] = true;
        out += piece(p.codes[n], p.part);
      }
      at = end;
    }
    words(translation.substr(cursor));
    for (; !wraps.empty(); wraps.pop_back()) out += piece(p.wraps[wraps.back()].close, p.part);
    // Nothing lost: what the translation's markup left out goes at its end.
    for (size_t k = 0; k < p.wraps.size(); ++k)
      if (!wrap_used[k]) out += piece(p.wraps[k].open, p.part) + piece(p.wraps[k].close, p.part);
    for (size_t k = 0; k < p.codes.size(); ++k)
      if (!code_used[k]) out += piece(p.codes[k], p.part);
    return out;
  }

  const DocxDocument& d_;
  const std::vector<std::string>& t_;
  std::map<size_t, std::vector<size_t>> by_part_;  // paragraphs in the order of their bytes
};

}  // namespace

std::string writeDocx(const DocxDocument& document, const std::vector<std::string>& translations) {
  if (translations.size() != document.paragraphs.size())
    throw std::invalid_argument("writeDocx: " + std::to_string(translations.size()) + " translations for " +
                                std::to_string(document.paragraphs.size()) + " paragraphs");
  Writer writer(document, translations);
  ZipWriter zip;
  for (size_t e = 0; e < document.entries.size(); ++e) {
    const std::string& name = document.entries[e].first;
    const std::string& bytes = document.entries[e].second;
    auto part = std::find_if(document.parts.begin(), document.parts.end(),
                             [&](const DocxPart& p) { return p.name == name; });
    if (part != document.parts.end()) {
      const size_t index = size_t(part - document.parts.begin());
      zip.add(name, writer.range(index, 0, part->text.size()));
    } else if (e == document.styles) {
      zip.add(name, englishLanguageTags(bytes, wordPrefix(bytes).value_or("w")));
    } else {
      zip.add(name, bytes);
    }
  }
  return zip.finish();
}

}  // namespace studio::model
