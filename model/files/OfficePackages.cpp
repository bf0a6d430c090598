#include "model/files/OfficePackages.h"

#include <algorithm>
#include <map>
#include <stdexcept>

#include "model/data/Text.h"
#include "model/files/HtmlTags.h"
#include "model/files/OfficeItems.h"
#include "model/files/XmlReader.h"

namespace studio::model {

namespace {

// The root's start tag: after the declaration, comments and a DOCTYPE, up to its '>' outside quotes.
std::string rootTag(const std::string& part) {
  size_t at = 0;
  for (;;) {
    at = part.find('<', at);
    if (at == std::string::npos) return {};
    if (part.compare(at, 4, "<!--") == 0) {
      at = part.find("-->", at);
    } else if (part.compare(at, 2, "<?") == 0 || part.compare(at, 2, "<!") == 0) {
      at = part.find('>', at);
    } else {
      break;
    }
    if (at == std::string::npos) return {};
  }
  size_t end = at;
  for (char quote = 0; end < part.size() && (quote || part[end] != '>'); ++end)
    if (part[end] == '"' || part[end] == '\'') quote = quote == part[end] ? 0 : quote ? quote : part[end];
  return part.substr(at, end - at);
}

// The parts of a package by kind, from [Content_Types].xml's overrides.
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

// Dublin Core's title, subject and description, each a paragraph of text alone.
class PropertyReader : public XmlHandler {
 public:
  PropertyReader(OfficeDocument& document, size_t part)
      : d_(document), part_(part), dc_(html::lowered(document.parts[part].prefix) + ":") {}
  void startElement(const std::string& name, const std::vector<XmlAttribute>&, const XmlSpan& span) override {
    ++depth_;
    if (reading_) {
      nested_ = true;  // an element inside: not text alone, kept as it is
      return;
    }
    if (name == dc_ + "title" || name == dc_ + "subject" || name == dc_ + "description") {
      reading_ = depth_;
      nested_ = false;
      text_.clear();
      p_ = {};
      p_.part = part_;
      p_.line = span.line;
      p_.begin = span.end;
    }
  }
  void endElement(const std::string&, const XmlSpan& span) override {
    if (reading_ == depth_--) {
      reading_ = 0;
      p_.end = span.begin;
      // Text without a letter beyond ASCII is taken for English and kept (PowerPoint's default title,
      // "PowerPoint Presentation"; a tool's "generated using …"): Vietnamese is written with its marks.
      const bool marked = std::any_of(text_.begin(), text_.end(), [](char c) { return (c & 0x80) != 0; });
      if (!nested_ && marked && p_.end > p_.begin &&
          markOfficeParagraph(p_, {{OfficeItem::Kind::Text, "", data::normalizeWhitespace(text_), 0}}))
        d_.paragraphs.push_back(std::move(p_));
    }
  }
  void characters(std::string_view text, bool) override {
    if (reading_) text_ += text;
  }

 private:
  OfficeDocument& d_;
  size_t part_;
  std::string dc_;                  // "dc:"
  size_t depth_ = 0, reading_ = 0;  // reading_: the depth of the property being read, 0 outside one
  bool nested_ = false;
  std::string text_;
  OfficeParagraph p_;
};

// A part's folder ("ppt/slides/" of "ppt/slides/slide1.xml").
std::string folderOf(const std::string& part) { return part.substr(0, part.rfind('/') + 1); }

// A part's relationships (its _rels/NAME.rels).
struct Relationships : XmlHandler {
  explicit Relationships(std::string f) : folder(std::move(f)) {}
  std::string folder;
  std::map<std::string, OfficeRelationship> by_id;
  void startElement(const std::string& name, const std::vector<XmlAttribute>& attributes,
                    const XmlSpan&) override {
    if (name != "relationship" || html::lowered(attributeValue(attributes, "targetmode")) == "external")
      return;
    const std::string type = attributeValue(attributes, "type");
    by_id[attributeValue(attributes, "id")] = {type.substr(type.rfind('/') + 1),
                                               resolvedTarget(folder, attributeValue(attributes, "target"))};
  }
  void endElement(const std::string&, const XmlSpan&) override {}
  void characters(std::string_view, bool) override {}
};

// The relationship ids of a main part's list (its <p:sldId r:id>s, its <sheet r:id>s), in its order.
struct ListedIds : XmlHandler {
  explicit ListedIds(std::string e) : element(std::move(e)) {}
  std::string element;
  std::vector<std::string> ids;
  void startElement(const std::string& name, const std::vector<XmlAttribute>& attributes,
                    const XmlSpan&) override {
    if (officeLocalName(name) != element) return;
    for (const auto& a : attributes)
      if (a.name.find(':') != std::string::npos && officeLocalName(a.name) == "id") ids.push_back(a.value);
  }
  void endElement(const std::string&, const XmlSpan&) override {}
  void characters(std::string_view, bool) override {}
};

}  // namespace

std::vector<std::string> listedParts(const OfficeDocument& d, const std::string& main,
                                     const std::string& element, const std::string& kind,
                                     const std::vector<std::string>& parts) {
  std::vector<std::string> listed;
  const std::string* xml = packageEntry(d, main);
  if (!xml) return listed;
  ListedIds list(element);
  readXml(*xml, d.name + ": " + main, {rootElementName(*xml)}, kind, list);
  const auto targets = relationshipsOf(d, main);
  for (const auto& id : list.ids) {
    const auto found = targets.find(id);
    if (found != targets.end() && std::find(parts.begin(), parts.end(), found->second.part) != parts.end())
      listed.push_back(found->second.part);
  }
  return listed;
}

size_t elementsNamed(const std::string& xml, const std::string& local) {
  size_t count = 0;
  for (size_t at = xml.find('<'); at != std::string::npos; at = xml.find('<', at + 1)) {
    size_t end = at + 1;
    while (end < xml.size() && !html::isSpace(xml[end]) && xml[end] != '>' && xml[end] != '/') ++end;
    count += officeLocalName(xml.substr(at + 1, end - at - 1)) == local;
  }
  return count;
}

std::string officeLocalName(const std::string& name) {
  const size_t colon = name.find(':');
  return colon == std::string::npos ? name : name.substr(colon + 1);
}

std::string resolvedTarget(const std::string& folder, const std::string& target) {
  const std::string path = !target.empty() && target[0] == '/' ? target.substr(1) : folder + target;
  std::vector<std::string> kept;
  size_t start = 0;
  while (start <= path.size()) {
    const size_t slash = std::min(path.find('/', start), path.size());
    const std::string step = path.substr(start, slash - start);
    if (step == "..") {
      if (!kept.empty()) kept.pop_back();
    } else if (!step.empty() && step != ".") {
      kept.push_back(step);
    }
    start = slash + 1;
  }
  std::string out;
  for (const auto& step : kept) out += (out.empty() ? "" : "/") + step;
  return out;
}

std::map<std::string, OfficeRelationship> relationshipsOf(const OfficeDocument& d, const std::string& part) {
  const std::string folder = folderOf(part);
  const std::string rels = folder + "_rels/" + part.substr(folder.size()) + ".rels";
  Relationships reader(folder);
  if (const std::string* xml = packageEntry(d, rels))
    readXml(*xml, d.name + ": " + rels, {"relationships"}, "a package's relationships", reader);
  return reader.by_id;
}

void readPropertyParagraphs(OfficeDocument& d, const std::string& entry) {
  const std::string* found = packageEntry(d, entry);
  if (!found || !data::isValidUtf8(*found)) return;
  const auto dc = namespacePrefix(*found, {"http://purl.org/dc/elements/1.1/"});
  if (!dc || dc->empty()) return;
  std::string xml = *found;
  if (xml.compare(0, 3, "\xef\xbb\xbf") == 0) xml.erase(0, 3);  // (written back without its mark)
  d.parts.push_back({entry, std::move(xml), *dc, /*properties=*/true});
  const size_t before = d.paragraphs.size();
  PropertyReader reader(d, d.parts.size() - 1);
  readXml(d.parts.back().text, d.name + ": " + entry, {rootElementName(d.parts.back().text)},
          "a document's properties", reader);
  if (d.paragraphs.size() == before) d.parts.pop_back();  // nothing to translate: as it was
}

void refuseDocument(const std::string& name, const std::string& why) {
  throw std::runtime_error("'" + name + "' " + why);
}

bool endsWith(const std::string& text, const std::string& end) {
  return text.size() >= end.size() && text.compare(text.size() - end.size(), end.size(), end) == 0;
}

std::optional<std::string> namespacePrefix(const std::string& part, std::initializer_list<const char*> uris) {
  const std::string xml = rootTag(part);
  for (const char* uri : uris) {
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

std::string rootElementName(const std::string& part) {
  const std::string tag = rootTag(part);
  size_t end = 1;
  while (end < tag.size() && !html::isSpace(tag[end]) && tag[end] != '/' && tag[end] != '>') ++end;
  return tag.size() > 1 ? html::lowered(tag.substr(1, end - 1)) : std::string();
}

size_t packageIndex(const OfficeDocument& d, const std::string& name) {
  for (size_t e = 0; e < d.entries.size(); ++e)
    if (d.entries[e].first == name) return e;
  return std::string::npos;
}

const std::string* packageEntry(const OfficeDocument& d, const std::string& name) {
  const size_t e = packageIndex(d, name);
  return e == std::string::npos ? nullptr : &d.entries[e].second;
}

std::vector<std::pair<std::string, std::string>> contentTypeOverrides(const std::string& types_xml,
                                                                      const std::string& name) {
  ContentTypes types;
  readXml(types_xml, name + ": [Content_Types].xml", {"types"}, "a package's content types", types);
  return types.overrides;
}

}  // namespace studio::model
