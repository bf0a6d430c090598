#include "app/server/FileKinds.h"

#include <algorithm>
#include <cctype>

namespace studio::server {

FileKind fileKindOf(const std::string& name) {
  const size_t dot = name.rfind('.');
  std::string ext = dot == std::string::npos ? "" : name.substr(dot + 1);
  std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return char(std::tolower(c)); });
  if (ext == "txt" || ext == "vi") return FileKind::Text;
  if (ext == "html" || ext == "htm" || ext == "xhtml") return FileKind::Html;
  if (ext == "xlf" || ext == "xliff") return FileKind::Xliff;
  for (const char* office : {"docx", "docm", "dotx", "dotm", "pptx", "pptm", "potx", "potm", "ppsx", "ppsm",
                             "odt", "ott", "odp", "otp"})
    if (ext == office) return FileKind::Office;
  if (ext == "epub") return FileKind::Epub;
  return FileKind::None;
}

std::string translatableFileKinds() {
  return ".txt, .vi, .html, .htm, .xlf, .xliff, .docx, .pptx, .odt, .odp, .epub (and Word's, PowerPoint's "
         "and OpenDocument's other extensions)";
}

}  // namespace studio::server
