// Office documents (model/files/OfficeFile): any bytes as a package's main
// part (a Word document's word/document.xml, or an OpenDocument text's
// content.xml, as the input's length is even or odd; after "PPTX", a
// PowerPoint presentation's slide; after "XLSX", an Excel workbook's shared
// strings; after "ODS", an OpenDocument spreadsheet's content.xml) are read
// without a crash or refused with a
// runtime_error; the paragraphs found lie inside the part, in order, each
// code and wrap inside its part; the document written back with each
// paragraph's own marked text, or with none of it, reads again, well formed,
// and written with its own text it gives the same paragraphs again (their
// formatting aside: two run properties that differed only in a Vietnamese
// language tag are one once it says English). The same bytes as a whole
// package are read or refused too.
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "model/files/OfficeFile.h"
#include "model/files/ZipDirectory.h"
#include "model/files/ZipWriter.h"

namespace {

using namespace studio::model;

std::string package(const std::string& document) {
  ZipWriter zip;
  if (document.compare(0, 4, "PPTX") == 0) {
    zip.add("[Content_Types].xml",
            "<Types><Override PartName=\"/ppt/presentation.xml\" ContentType=\"application/"
            "vnd.openxmlformats-officedocument.presentationml.presentation.main+xml\"/><Override "
            "PartName=\"/ppt/slides/slide1.xml\" ContentType=\"application/"
            "vnd.openxmlformats-officedocument.presentationml.slide+xml\"/></Types>");
    zip.add("ppt/presentation.xml", "<p:presentation xmlns:p=\"p\"/>");
    zip.add("ppt/slides/slide1.xml", document.substr(4));
    return zip.finish();
  }
  if (document.compare(0, 4, "XLSX") == 0) {
    zip.add("[Content_Types].xml",
            "<Types><Override PartName=\"/xl/workbook.xml\" ContentType=\"application/"
            "vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml\"/><Override "
            "PartName=\"/xl/sharedStrings.xml\" ContentType=\"application/"
            "vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml\"/></Types>");
    zip.add("xl/workbook.xml", "<workbook/>");
    zip.add("xl/sharedStrings.xml", document.substr(4));
    return zip.finish();
  }
  if (document.compare(0, 3, "ODS") == 0) {
    zip.add("mimetype", "application/vnd.oasis.opendocument.spreadsheet");
    zip.add("content.xml", document.substr(3));
    return zip.finish();
  }
  if (document.size() % 2 == 1) {
    zip.add("mimetype", "application/vnd.oasis.opendocument.text");
    zip.add("content.xml", document);
    return zip.finish();
  }
  zip.add("[Content_Types].xml",
          "<Types><Override PartName=\"/word/document.xml\" ContentType=\"application/"
          "vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml\"/></Types>");
  zip.add("word/document.xml", document);
  return zip.finish();
}

// The main part of a written package, read again.
OfficeDocument reread(const std::string& written) {
  try {
    return readOfficeDocument(written, "written.docx");
  } catch (const std::runtime_error&) {
    __builtin_trap();  // what we write must read
  }
}

// Marked text without its formatting's tags.
std::string unformatted(const std::string& marked) {
  std::string out;
  for (size_t i = 0; i < marked.size();) {
    const bool tag = marked.compare(i, 7, "<x-fmt ") == 0 || marked.compare(i, 8, "</x-fmt>") == 0;
    const size_t end = tag ? marked.find('>', i) : std::string::npos;
    if (end != std::string::npos) {
      i = end + 1;
    } else {
      out += marked[i++];
    }
  }
  return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string bytes(reinterpret_cast<const char*>(data), size);
  try {
    readOfficeDocument(bytes, "fuzz.docx");
  } catch (const std::runtime_error&) {
  }
  OfficeDocument d;
  try {
    d = readOfficeDocument(package(bytes), "fuzz.docx");
  } catch (const std::runtime_error&) {
    return 0;
  }
  std::vector<std::string> same, none;
  for (const auto& p : d.paragraphs) {
    const size_t part_size = d.parts.at(p.part).text.size();
    if (p.begin > p.end || p.end > part_size || p.marked.empty()) __builtin_trap();
    for (const auto& c : p.codes)
      if (c.begin > c.end || c.end > part_size) __builtin_trap();
    for (const auto& w : p.wraps)
      if (w.open.begin > w.open.end || w.open.end > part_size || w.close.begin > w.close.end ||
          w.close.end > part_size)
        __builtin_trap();
    same.push_back(p.marked);
    none.emplace_back();
  }
  const auto again = reread(writeOfficeDocument(d, same));
  if (again.paragraphs.size() != d.paragraphs.size()) __builtin_trap();
  for (size_t i = 0; i < d.paragraphs.size(); ++i)
    if (unformatted(again.paragraphs[i].marked) != unformatted(d.paragraphs[i].marked)) __builtin_trap();
  reread(writeOfficeDocument(d, none));
  return 0;
}
