#include "model/files/EpubPackage.h"

#include <optional>
#include <sstream>

#include "model/files/HtmlTags.h"
#include "model/files/XmlReader.h"

namespace studio::model::epub {

namespace {

// Reads an XML document of the book for the contents of the elements it
// wants, and the tags whose xml:lang says Vietnamese.
class DocumentReader : public XmlHandler, public DocumentTexts {
 public:
  void startElement(const std::string& name, const std::vector<XmlAttribute>& attributes,
                    const XmlSpan& tag) override {
    path_.push_back(localName(name));
    if (saysVietnamese(languageAttribute(attributes))) vietnamese_tags.push_back(tag.begin);
    element(attributes);
    if (!open_ && wants(path_)) open_ = Open{path_.size(), {path_.back(), tag.line, tag.end, tag.end}};
  }
  void endElement(const std::string&, const XmlSpan& tag) override {
    if (open_ && open_->depth == path_.size()) {
      if (tag.begin >= open_->content.begin) {  // (not <title/>)
        open_->content.end = tag.begin;
        contents.push_back(open_->content);
      }
      open_.reset();
    }
    path_.pop_back();
  }
  void characters(std::string_view, bool) override {}

 protected:
  // Whether the element that ends `path` (local names from the root) holds a text to read.
  virtual bool wants(const std::vector<std::string>& path) const = 0;
  virtual void element(const std::vector<XmlAttribute>&) {}
  bool inside(const char* parent) const { return path_.size() >= 2 && path_[path_.size() - 2] == parent; }
  std::vector<std::string> path_;

 private:
  struct Open {
    size_t depth;
    Content content;
  };
  std::optional<Open> open_;
};

// META-INF/container.xml: the package document's name.
class ContainerReader : public DocumentReader {
 public:
  std::string rootfile;

 private:
  bool wants(const std::vector<std::string>&) const override { return false; }
  void element(const std::vector<XmlAttribute>& attributes) override {
    const std::string type = html::lowered(attributeValue(attributes, "media-type"));
    if (path_.back() == "rootfile" && rootfile.empty() &&
        (type.empty() || type == "application/oebps-package+xml"))
      rootfile = attributeValue(attributes, "full-path");
  }
};

// The package document (content.opf): its manifest, its spine, its metadata's texts and language.
class PackageReader : public DocumentReader {
 public:
  std::vector<ManifestItem> items;
  std::vector<std::string> spine;
  std::string toc;

 private:
  bool wants(const std::vector<std::string>& path) const override {
    if (path.size() != 3 || path[1] != "metadata") return false;
    const auto& e = path.back();
    return e == "title" || e == "subject" || e == "description" || e == "language";
  }
  void element(const std::vector<XmlAttribute>& attributes) override {
    const auto& e = path_.back();
    if (e == "item" && inside("manifest"))
      items.push_back({attributeValue(attributes, "id"), attributeValue(attributes, "href"),
                       html::lowered(attributeValue(attributes, "media-type"))});
    if (e == "spine") toc = attributeValue(attributes, "toc");
    if (e == "itemref" && inside("spine")) spine.push_back(attributeValue(attributes, "idref"));
  }
};

// The EPUB 2 table of contents (toc.ncx): the book's title and each entry's label.
class NcxReader : public DocumentReader {
  bool wants(const std::vector<std::string>& path) const override {
    return path.back() == "text" && (inside("navlabel") || inside("doctitle"));
  }
};

int hexValue(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

}  // namespace

std::string localName(const std::string& name) {
  const size_t colon = name.rfind(':');
  return colon == std::string::npos ? name : name.substr(colon + 1);
}

bool saysVietnamese(const std::string& language) { return primaryLanguage(language) == "vi"; }

// A manifest's reference (a relative URL: "Text/ch%201.xhtml#top") as the name of the package's file it
// names, from the folder `base` ("OEBPS/", or "").
std::string resolvedName(const std::string& base, const std::string& href) {
  std::string path;
  const std::string url = href.substr(0, href.find_first_of("#?"));
  for (size_t i = 0; i < url.size(); ++i) {
    if (url[i] == '%' && i + 2 < url.size() && hexValue(url[i + 1]) >= 0 && hexValue(url[i + 2]) >= 0) {
      path += char(hexValue(url[i + 1]) * 16 + hexValue(url[i + 2]));
      i += 2;
    } else {
      path += url[i];
    }
  }
  std::vector<std::string> parts;
  std::istringstream in(path.empty() || path[0] != '/' ? base + path : path.substr(1));
  for (std::string part; std::getline(in, part, '/');) {
    if (part.empty() || part == ".") continue;
    if (part == "..") {
      if (!parts.empty()) parts.pop_back();
      continue;
    }
    parts.push_back(part);
  }
  std::string out;
  for (const auto& part : parts) out += (out.empty() ? "" : "/") + part;
  return out;
}

std::string readContainer(const std::string& xml, const std::string& name) {
  ContainerReader reader;
  readXml(xml, name, {"container"}, "an EPUB container", reader);
  return reader.rootfile;
}

PackageDocument readPackageDocument(const std::string& xml, const std::string& name) {
  PackageReader reader;
  readXml(xml, name, {"package", "opf:package"}, "an EPUB package document",
          reader);  // (EPUB 2 tools wrote the prefix)
  PackageDocument out;
  out.contents = std::move(reader.contents);
  out.vietnamese_tags = std::move(reader.vietnamese_tags);
  out.items = std::move(reader.items);
  out.spine = std::move(reader.spine);
  out.toc = std::move(reader.toc);
  return out;
}

DocumentTexts readNcx(const std::string& xml, const std::string& name) {
  NcxReader reader;
  readXml(xml, name, {"ncx"}, "an EPUB table of contents (NCX)", reader);
  return DocumentTexts{std::move(reader.contents), std::move(reader.vietnamese_tags)};
}

}  // namespace studio::model::epub
