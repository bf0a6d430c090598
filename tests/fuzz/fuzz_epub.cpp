// EPUB books (model/files/EpubFile): any bytes as one file of a small book —
// after "OPF" its package document, after "NCX" its table of contents, else
// its one chapter — are read without a crash or refused with a runtime_error;
// each page and text found lies inside its file and a text holds no tag; the
// book written back with its own texts reads again with as many pages and
// texts, its languages English; written with no text it reads again. The
// same bytes as a whole book are read or refused too.
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "model/files/EpubFile.h"
#include "model/files/XliffFile.h"
#include "model/files/ZipWriter.h"

namespace {

using namespace studio::model;

const char* const kPackageDocument =
    "<package><metadata><dc:title>Sổ tay</dc:title><dc:language>vi</dc:language></metadata><manifest>"
    "<item id=\"c\" href=\"c.xhtml\" media-type=\"application/xhtml+xml\"/><item id=\"n\" href=\"toc.ncx\" "
    "media-type=\"application/x-dtbncx+xml\"/></manifest><spine toc=\"n\"><itemref idref=\"c\"/></spine>"
    "</package>";
const char* const kToc =
    "<ncx xml:lang=\"vi\"><navMap><navPoint><navLabel><text>Mở tập "
    "tin</text></navLabel></navPoint></navMap></ncx>";
const char* const kChapter = "<html lang=\"vi\"><body><p>Mở <b>tập tin</b>.</p></body></html>";

std::string book(const std::string& input) {
  const bool opf = input.compare(0, 3, "OPF") == 0, ncx = input.compare(0, 3, "NCX") == 0;
  ZipWriter zip;
  zip.add("mimetype", "application/epub+zip", ZipPacking::Stored);
  zip.add("META-INF/container.xml",
          "<container><rootfiles><rootfile full-path=\"b/p.opf\"/></rootfiles></container>");
  zip.add("b/p.opf", opf ? input.substr(3) : kPackageDocument);
  zip.add("b/toc.ncx", ncx ? input.substr(3) : kToc);
  zip.add("b/c.xhtml", opf || ncx ? kChapter : input);
  return zip.finish();
}

EpubBook reread(const std::string& written) {
  try {
    return readEpub(written, "written.epub");
  } catch (const std::runtime_error&) {
    __builtin_trap();  // what we write must read
  }
}

std::string writtenWith(const EpubBook& b, bool own) {
  std::vector<std::string> pages, texts;
  for (const auto& p : b.pages) {
    std::vector<std::string> blocks, attributes;
    for (const auto& block : p.page.blocks)
      blocks.push_back(own ? restoreXliffCodes(block.marked, block.codes) : std::string());
    for (const auto& a : p.page.attributes) attributes.push_back(own ? a.marked : std::string());
    try {
      pages.push_back(writeHtml(p.page, blocks, attributes));
    } catch (const std::invalid_argument&) {
      if (own) __builtin_trap();  // its own text keeps every attribute's place
      pages.push_back(p.page.text);
    }
  }
  for (const auto& t : b.texts) texts.push_back(own ? t.marked : std::string());
  return writeEpub(b, pages, texts);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string bytes(reinterpret_cast<const char*>(data), size);
  try {
    readEpub(bytes, "fuzz.epub");
  } catch (const std::runtime_error&) {
  }
  EpubBook b;
  try {
    b = readEpub(book(bytes), "fuzz.epub");
  } catch (const std::runtime_error&) {
    return 0;
  }
  for (const auto& p : b.pages) {
    const size_t file_size = b.entries.at(p.entry).second.size();
    if (p.begin > p.end || p.end > file_size) __builtin_trap();
  }
  for (const auto& t : b.texts) {
    const size_t file_size = b.entries.at(t.entry).second.size();
    if (t.begin > t.end || t.end > file_size || t.marked.empty() || t.marked.find('<') != std::string::npos)
      __builtin_trap();
  }
  for (const auto& l : b.languages)
    if (l.begin > l.end || l.end > b.entries.at(l.entry).second.size()) __builtin_trap();
  const auto again = reread(writtenWith(b, true));
  if (again.pages.size() != b.pages.size() || again.texts.size() != b.texts.size() ||
      !again.languages.empty())
    __builtin_trap();
  reread(writtenWith(b, false));
  return 0;
}
