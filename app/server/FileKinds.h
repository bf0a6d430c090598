#pragma once

#include <string>
#include <vector>

// Which files serve translates whole (LibreTranslate's POST /translate_file),
// by their names' extensions. Plain C++, read by the request reader that is
// fuzzed and by the translation (app/server/FileTranslation.h).
namespace studio::server {

enum class FileKind { Text, Html, Xliff, Office, Epub, Subtitles, Markdown, None };

// .txt and .vi (text); .html, .htm, .xhtml; .xlf, .xliff; Word's, PowerPoint's, Excel's and
// OpenDocument's extensions; .epub; .srt and .vtt; .md and .markdown; None for any other.
FileKind fileKindOf(const std::string& name);

// Every extension taken, with its dot: ".txt", ".vi", ".html", ... (LibreTranslate's /frontend/settings).
std::vector<std::string> translatableExtensions();

// The extensions, for people: ".txt, .html, ...".
std::string translatableFileKinds();

}  // namespace studio::server
