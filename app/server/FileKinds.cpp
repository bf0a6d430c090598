#include "app/server/FileKinds.h"

#include <algorithm>
#include <cctype>
#include <utility>

namespace studio::server {

namespace {

// Every extension taken, lower case, and its kind.
const std::pair<const char*, FileKind> kExtensions[] = {
    {"txt", FileKind::Text},    {"vi", FileKind::Text},          {"html", FileKind::Html},
    {"htm", FileKind::Html},    {"xhtml", FileKind::Html},       {"xlf", FileKind::Xliff},
    {"xliff", FileKind::Xliff}, {"docx", FileKind::Office},      {"docm", FileKind::Office},
    {"dotx", FileKind::Office}, {"dotm", FileKind::Office},      {"pptx", FileKind::Office},
    {"pptm", FileKind::Office}, {"potx", FileKind::Office},      {"potm", FileKind::Office},
    {"ppsx", FileKind::Office}, {"ppsm", FileKind::Office},      {"xlsx", FileKind::Office},
    {"xlsm", FileKind::Office}, {"xltx", FileKind::Office},      {"xltm", FileKind::Office},
    {"odt", FileKind::Office},  {"ott", FileKind::Office},       {"odp", FileKind::Office},
    {"otp", FileKind::Office},  {"ods", FileKind::Office},       {"ots", FileKind::Office},
    {"epub", FileKind::Epub},   {"srt", FileKind::Subtitles},    {"vtt", FileKind::Subtitles},
    {"md", FileKind::Markdown}, {"markdown", FileKind::Markdown}};

}  // namespace

FileKind fileKindOf(const std::string& name) {
  const size_t dot = name.rfind('.');
  std::string ext = dot == std::string::npos ? "" : name.substr(dot + 1);
  std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return char(std::tolower(c)); });
  for (const auto& [taken, kind] : kExtensions)
    if (ext == taken) return kind;
  return FileKind::None;
}

std::vector<std::string> translatableExtensions() {
  std::vector<std::string> out;
  for (const auto& [taken, kind] : kExtensions) out.push_back(std::string(".") + taken);
  return out;
}

std::string translatableFileKinds() {
  return ".txt, .vi, .html, .htm, .xlf, .xliff, .docx, .pptx, .xlsx, .odt, .odp, .ods, .epub, .srt, .vtt, "
         ".md "
         "(and Word's, PowerPoint's, Excel's and OpenDocument's other extensions)";
}

}  // namespace studio::server
