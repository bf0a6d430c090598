#include "model/files/OfficeFile.h"

#include <algorithm>
#include <fstream>
#include <iterator>
#include <sstream>
#include <stdexcept>

#include "model/data/Text.h"
#include "model/files/HtmlTags.h"
#include "model/files/OfficePackages.h"
#include "model/files/XmlReader.h"
#include "model/files/ZipDirectory.h"

namespace studio::model {

namespace {

constexpr uint64_t kMaxPartBytes = 256ull << 20;  // a part's XML, or a picture

// OpenDocument's mimetypes this program reads, and the format each is.
const std::pair<const char*, OfficeDocument::Format> kOdfMimetypes[] = {
    {"application/vnd.oasis.opendocument.text", OfficeDocument::Format::OpenDocumentText},
    {"application/vnd.oasis.opendocument.text-template", OfficeDocument::Format::OpenDocumentText},
    {"application/vnd.oasis.opendocument.presentation", OfficeDocument::Format::OpenDocumentPresentation},
    {"application/vnd.oasis.opendocument.presentation-template",
     OfficeDocument::Format::OpenDocumentPresentation},
    {"application/vnd.oasis.opendocument.spreadsheet", OfficeDocument::Format::OpenDocumentSpreadsheet},
    {"application/vnd.oasis.opendocument.spreadsheet-template",
     OfficeDocument::Format::OpenDocumentSpreadsheet}};

std::optional<OfficeDocument::Format> odfFormat(const std::string& mimetype) {
  for (const auto& [type, format] : kOdfMimetypes)
    if (mimetype == type) return format;
  return std::nullopt;
}

bool hasExtension(const std::string& path, std::initializer_list<const char*> extensions) {
  const std::string lower = html::lowered(path);
  return std::any_of(extensions.begin(), extensions.end(), [&](const char* e) { return endsWith(lower, e); });
}
bool hasWordExtension(const std::string& path) {
  return hasExtension(path, {".docx", ".docm", ".dotx", ".dotm"});
}
bool hasPowerPointExtension(const std::string& path) {
  return hasExtension(path, {".pptx", ".pptm", ".potx", ".potm", ".ppsx", ".ppsm"});
}
bool hasExcelExtension(const std::string& path) {
  return hasExtension(path, {".xlsx", ".xlsm", ".xltx", ".xltm"});
}
bool hasOdfExtension(const std::string& path) {
  return hasExtension(path, {".odt", ".ott", ".odp", ".otp", ".ods", ".ots"});
}

// The package's mimetype entry (an OpenDocument's, its first), "" when there is none.
std::string mimetypeOf(const OfficeDocument& d) {
  const std::string* mimetype = packageEntry(d, "mimetype");
  return mimetype ? data::normalizeWhitespace(*mimetype) : std::string();
}

}  // namespace

std::string officeFormatName(OfficeDocument::Format format) {
  switch (format) {
    case OfficeDocument::Format::Word:
      return "a Word document";
    case OfficeDocument::Format::PowerPoint:
      return "a PowerPoint presentation";
    case OfficeDocument::Format::OpenDocumentText:
      return "an OpenDocument text";
    case OfficeDocument::Format::OpenDocumentPresentation:
      return "an OpenDocument presentation";
    case OfficeDocument::Format::Excel:
      return "an Excel workbook";
    case OfficeDocument::Format::OpenDocumentSpreadsheet:
      return "an OpenDocument spreadsheet";
  }
  return "a document";
}

OfficeDocument readOfficeDocument(const std::string& bytes, const std::string& name) {
  if (bytes.compare(0, 4, "\xd0\xcf\x11\xe0") == 0) {
    if (hasExtension(name, {".xls", ".xlt", ".xla"}) || hasExcelExtension(name))
      refuseDocument(name,
                     "is an Excel 97-2003 workbook (.xls) or a password-protected one: save it as an .xlsx "
                     "workbook without a password first (Excel: File > Save As; LibreOffice: soffice "
                     "--convert-to xlsx)");
    if (hasExtension(name, {".ppt", ".pps", ".pot"}) || hasPowerPointExtension(name))
      refuseDocument(name,
                     "is a PowerPoint 97-2003 presentation (.ppt) or a password-protected one: save it as a "
                     ".pptx presentation without a password first (PowerPoint: File > Save As; LibreOffice: "
                     "soffice --convert-to pptx)");
    refuseDocument(
        name,
        "is a Word 97-2003 document (.doc) or a password-protected one: save it as a .docx "
        "document without a password first (Word: File > Save As; LibreOffice: soffice --convert-to "
        "docx)");
  }
  if (bytes.compare(0, 4, "PK\x03\x04") != 0)
    refuseDocument(
        name,
        "is not a Word document, PowerPoint presentation, Excel workbook or OpenDocument (those are zip "
        "packages)");
  OfficeDocument d;
  d.name = name;
  try {
    d.entries = readZipFiles(bytes, kMaxPartBytes);
  } catch (const ArchiveFormatError& e) {
    refuseDocument(name, std::string("is not a document that can be read: ") + e.what());
  }
  const std::string mimetype = mimetypeOf(d);
  if (const auto odf = odfFormat(mimetype)) {
    d.format = *odf;
    readOdtPackage(d);
  } else if (mimetype.rfind("application/vnd.oasis.opendocument.", 0) == 0) {
    refuseDocument(name, "is an OpenDocument " + mimetype.substr(35) +
                             ", not a text, presentation or spreadsheet: only those (and Word documents, "
                             "PowerPoint presentations and Excel workbooks) are translated");
  } else if (isPresentationPackage(d)) {
    d.format = OfficeDocument::Format::PowerPoint;
    readPptxPackage(d);
  } else if (isSpreadsheetPackage(d)) {
    d.format = OfficeDocument::Format::Excel;
    readXlsxPackage(d);
  } else {
    readWordPackage(d);
  }
  std::stable_sort(d.paragraphs.begin(), d.paragraphs.end(), [](const auto& a, const auto& b) {
    return a.part != b.part ? a.part < b.part : a.begin < b.begin;
  });
  return d;
}

std::optional<OfficeDocument> readOfficeFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;  // the text reader says why
  char magic[4] = {};
  in.read(magic, 4);
  const bool zip = in.gcount() == 4 && std::string(magic, 4) == "PK\x03\x04";
  const bool ole = in.gcount() == 4 && std::string(magic, 4) == "\xd0\xcf\x11\xe0";
  const bool named = hasWordExtension(path) || hasPowerPointExtension(path) || hasExcelExtension(path) ||
                     hasOdfExtension(path);
  if (!named && !(ole && hasExtension(path, {".doc", ".ppt", ".pps", ".pot", ".xls", ".xlt"})) && !zip)
    return std::nullopt;
  in.seekg(0);
  const std::string bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  if (!named && zip) {
    // Another zip file (a corpus's) is not a document: only one whose content types name a Word part, a
    // presentation or a workbook, or whose mimetype says OpenDocument text, presentation or spreadsheet.
    try {
      std::istringstream file(bytes);
      ZipDirectory directory(file, bytes.size(), ZipNames::AsStored);
      const std::string types =
          directory.find("[Content_Types].xml")
              ? html::lowered(directory.read(file, "[Content_Types].xml", kMaxPartBytes))
              : std::string();
      const bool office = types.find("wordprocessingml") != std::string::npos ||
                          types.find("presentationml") != std::string::npos ||
                          types.find("spreadsheetml") != std::string::npos;
      const bool odf = directory.find("mimetype") &&
                       odfFormat(data::normalizeWhitespace(directory.read(file, "mimetype", 4096)));
      if (!office && !odf) return std::nullopt;
    } catch (const ArchiveFormatError&) {
      return std::nullopt;
    }
  }
  return readOfficeDocument(bytes, path);
}

}  // namespace studio::model
