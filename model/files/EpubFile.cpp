#include "model/files/EpubFile.h"

#include <algorithm>
#include <fstream>
#include <iterator>
#include <map>
#include <set>
#include <sstream>
#include <stdexcept>
#include <tuple>

#include "model/data/Text.h"
#include "model/files/EpubPackage.h"
#include "model/files/HtmlAttributes.h"
#include "model/files/HtmlTags.h"
#include "model/files/OfficeItems.h"
#include "model/files/XmlReader.h"
#include "model/files/ZipDirectory.h"
#include "model/files/ZipWriter.h"

namespace studio::model {

namespace {

constexpr uint64_t kMaxEntryBytes = 256ull << 20;  // a page, a picture, a font
const std::string kMimetype = "application/epub+zip";

[[noreturn]] void refuse(const std::string& name, const std::string& why) {
  throw std::runtime_error("'" + name + "' " + why);
}

bool isPage(const std::string& media_type) {
  return media_type == "application/xhtml+xml" || media_type == "text/html";
}

// Whether any '<' in `text` starts a tag.
bool hasTags(const std::string& text) {
  const html::TagReader tags(text);
  for (size_t at = text.find('<'); at != std::string::npos; at = text.find('<', at + 1))
    if (tags.at(at)) return true;
  return false;
}

class BookReader {
 public:
  BookReader(EpubBook& book) : b_(book) {}

  void read() {
    const size_t mimetype = find("mimetype");
    if (mimetype != std::string::npos) {
      const std::string type = data::normalizeWhitespace(b_.entries[mimetype].second);
      if (type != kMimetype)
        refuse(b_.name,
               "is not an EPUB book: its mimetype says '" + type.substr(0, 80) + "', not " + kMimetype);
    }
    const size_t container = find("META-INF/container.xml");
    if (container == std::string::npos)
      refuse(b_.name, "is a zip file, not an EPUB book (no META-INF/container.xml)");
    const std::string rootfile =
        epub::readContainer(b_.entries[container].second, b_.name + ": META-INF/container.xml");
    if (rootfile.empty())
      refuse(b_.name, "names no package document (META-INF/container.xml has no <rootfile full-path=…>)");
    b_.package = epub::resolvedName("", rootfile);
    const size_t opf = find(b_.package);
    if (opf == std::string::npos)
      refuse(b_.name, "names a package document '" + rootfile + "' that it does not hold");
    const std::string& opf_text = b_.entries[opf].second;
    if (!data::isValidUtf8(opf_text))
      refuse(b_.name, "has a package document '" + b_.package + "' not in UTF-8");
    const auto p = epub::readPackageDocument(opf_text, b_.name + ": " + b_.package);
    const size_t slash = b_.package.rfind('/');
    const std::string base = slash == std::string::npos ? "" : b_.package.substr(0, slash + 1);
    const auto protected_names = encryptedNames();
    // The pages: the spine's in its order, then the manifest's others.
    std::vector<size_t> pages;
    std::set<std::string> tried;
    auto addPage = [&](const epub::ManifestItem& item) {
      if (!isPage(item.type)) return;
      const std::string name = epub::resolvedName(base, item.href);
      if (!tried.insert(name).second) return;
      const size_t e = find(name);
      if (e == std::string::npos) {
        b_.notices.push_back(b_.package + ": its manifest names '" + item.href +
                             "', which the book does not hold: not translated");
        return;
      }
      if (protected_names.count(name))
        refuse(b_.name, "is protected (DRM): its pages are encrypted (META-INF/encryption.xml names " + name +
                            "), and cannot be read");
      pages.push_back(e);
    };
    for (const auto& idref : p.spine)
      for (const auto& item : p.items)
        if (item.id == idref) addPage(item);
    for (const auto& item : p.items) addPage(item);
    for (const size_t e : pages) {
      EpubPage page;
      page.entry = e;
      page.page = readHtml(b_.entries[e].second, b_.name + ": " + b_.entries[e].first);
      for (const auto& notice : page.page.notices) b_.notices.push_back(b_.entries[e].first + " " + notice);
      page.end = b_.entries[e].second.size();
      b_.pages.push_back(std::move(page));
    }
    readTexts(opf, p);
    // The NCX: the one the spine names, else the manifest's first.
    const epub::ManifestItem* ncx = nullptr;
    for (const auto& item : p.items)
      if ((!p.toc.empty() && item.id == p.toc) ||
          (!ncx && p.toc.empty() && item.type == "application/x-dtbncx+xml"))
        ncx = &item;
    if (ncx) {
      const std::string name = epub::resolvedName(base, ncx->href);
      const size_t e = find(name);
      if (e == std::string::npos) {
        b_.notices.push_back(b_.package + ": its table of contents '" + ncx->href +
                             "' is not in the book: not translated");
      } else if (!data::isValidUtf8(b_.entries[e].second)) {
        b_.notices.push_back(name + ": not UTF-8: its table of contents not translated");
      } else {
        readTexts(e, epub::readNcx(b_.entries[e].second, b_.name + ": " + name));
      }
    }
  }

 private:
  size_t find(const std::string& name) const {
    for (size_t e = 0; e < b_.entries.size(); ++e)
      if (b_.entries[e].first == name) return e;
    return std::string::npos;
  }

  // The files META-INF/encryption.xml says are encrypted (a font obfuscated, a page under DRM).
  std::set<std::string> encryptedNames() const {
    std::set<std::string> out;
    const size_t e = find("META-INF/encryption.xml");
    if (e == std::string::npos) return out;
    const std::string& text = b_.entries[e].second;
    const html::TagReader tags(text);
    for (size_t at = text.find('<'); at != std::string::npos; at = text.find('<', at + 1)) {
      const auto tag = tags.at(at);
      if (!tag || tag->closing || epub::localName(tag->name) != "cipherreference") continue;
      const std::string uri = html::valueOf(text, *tag, "uri");
      if (!uri.empty()) out.insert(epub::resolvedName("", data::unescapeXml(uri)));
    }
    return out;
  }

  // The texts a document reader found in the entry `e`, and its Vietnamese language tags.
  void readTexts(size_t e, const epub::DocumentTexts& reader) {
    const std::string& text = b_.entries[e].second;
    for (const auto& c : reader.contents) {
      const std::string content = text.substr(c.begin, c.end - c.begin);
      if (c.element == "language") {
        if (epub::saysVietnamese(content)) b_.languages.push_back({e, c.begin, c.end});
        continue;
      }
      if (content.find('<') != std::string::npos) continue;  // a CDATA section, a comment, an element
      if (c.element == "description" && hasTags(data::unescapeXml(content))) {
        EpubPage page;
        page.entry = e;
        page.escaped = true;
        page.begin = c.begin;
        page.end = c.end;
        page.page = readHtml(
            data::unescapeXml(content),
            b_.name + ": " + b_.entries[e].first + " (the description, line " + std::to_string(c.line) + ")");
        b_.pages.push_back(std::move(page));
        continue;
      }
      std::string marked;
      for (const char ch : data::normalizeWhitespace(content))
        marked += ch == '>' ? std::string("&gt;") : std::string(1, ch);
      if (html::hasLetters(marked)) b_.texts.push_back({e, c.line, c.begin, c.end, marked});
    }
    const html::TagReader tags(text);
    for (const size_t at : reader.vietnamese_tags) {
      const auto tag = tags.at(at);
      if (!tag) continue;
      for (const char* attribute : {"xml:lang", "lang"})
        for (const auto* a : html::vietnameseIn(text, *tag, attribute))
          b_.languages.push_back({e, a->begin, a->end});
    }
  }

  EpubBook& b_;
};

}  // namespace

EpubBook readEpub(const std::string& bytes, const std::string& name) {
  if (bytes.compare(0, 4, "PK\x03\x04") != 0) refuse(name, "is not an EPUB book (a book is a zip package)");
  EpubBook book;
  book.name = name;
  try {
    book.entries = readZipFiles(bytes, kMaxEntryBytes);
  } catch (const ArchiveFormatError& e) {
    refuse(name, std::string("is not a book that can be read: ") + e.what());
  }
  BookReader(book).read();
  return book;
}

std::optional<EpubBook> readEpubFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;  // the text reader says why
  const std::string lower = html::lowered(path);
  const bool named = lower.size() > 5 && lower.compare(lower.size() - 5, 5, ".epub") == 0;
  char head[38] = {};
  in.read(head, sizeof head);
  // A zip package whose first entry is its mimetype, stored: "PK\3\4", 26 bytes of header, "mimetype".
  const bool zip = in.gcount() >= 4 && std::string(head, 4) == "PK\x03\x04";
  const bool says_book = in.gcount() == 38 && std::string(head + 30, 8) == "mimetype";
  if (!named && !(zip && says_book)) return std::nullopt;
  in.clear();
  in.seekg(0);
  const std::string bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  if (!named) {  // another package with a mimetype first (an OpenDocument's) is not a book
    const auto u16 = [&](size_t at) {
      return size_t(uint8_t(bytes[at])) | size_t(uint8_t(bytes[at + 1])) << 8;
    };
    const size_t data = 30 + u16(26) + u16(28);
    if (bytes.compare(data, kMimetype.size(), kMimetype) != 0) return std::nullopt;
  }
  return readEpub(bytes, path);
}

std::string writeEpub(const EpubBook& book, const std::vector<std::string>& pages,
                      const std::vector<std::string>& texts) {
  if (pages.size() != book.pages.size() || texts.size() != book.texts.size())
    throw std::invalid_argument(book.name + ": " + std::to_string(pages.size()) + " pages and " +
                                std::to_string(texts.size()) + " texts written for " +
                                std::to_string(book.pages.size()) + " and " +
                                std::to_string(book.texts.size()));
  std::map<size_t, std::vector<std::tuple<size_t, size_t, std::string>>> edits;  // by entry
  for (size_t i = 0; i < pages.size(); ++i) {
    const auto& p = book.pages[i];
    edits[p.entry].emplace_back(p.begin, p.end, p.escaped ? escapeOfficeText(pages[i]) : pages[i]);
  }
  for (size_t i = 0; i < texts.size(); ++i)
    edits[book.texts[i].entry].emplace_back(book.texts[i].begin, book.texts[i].end, texts[i]);
  for (const auto& l : book.languages) edits[l.entry].emplace_back(l.begin, l.end, "en");
  ZipWriter zip;
  // The mimetype first and stored, where readers look for it.
  for (const auto& [name, bytes] : book.entries)
    if (name == "mimetype") zip.add(name, bytes, ZipPacking::Stored);
  for (size_t e = 0; e < book.entries.size(); ++e) {
    const auto& [name, bytes] = book.entries[e];
    if (name == "mimetype") continue;
    auto found = edits.find(e);
    if (found == edits.end()) {
      zip.add(name, bytes);
      continue;
    }
    auto& list = found->second;
    std::sort(list.begin(), list.end(),
              [](const auto& a, const auto& b) { return std::get<0>(a) < std::get<0>(b); });
    std::string out;
    size_t at = 0;
    for (const auto& [begin, end, replacement] : list) {
      out.append(bytes, at, begin - at);
      out += replacement;
      at = end;
    }
    out.append(bytes, at, std::string::npos);
    zip.add(name, out);
  }
  return zip.finish();
}

}  // namespace studio::model
