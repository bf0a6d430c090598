#include "app/server/TranslatedFiles.h"

#include <QString>

#include <cctype>
#include <map>
#include <random>
#include <utility>

namespace studio::server {

// A file's media type for its download, by its extension.
std::string mediaTypeOf(const std::string& name) {
  const std::string ext = name.substr(name.rfind('.') + 1);
  static const std::map<std::string, std::string> types = {
      {"txt", "text/plain; charset=utf-8"},
      {"html", "text/html; charset=utf-8"},
      {"htm", "text/html; charset=utf-8"},
      {"xhtml", "application/xhtml+xml"},
      {"xlf", "application/xliff+xml"},
      {"xliff", "application/xliff+xml"},
      {"docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document"},
      {"pptx", "application/vnd.openxmlformats-officedocument.presentationml.presentation"},
      {"xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"},
      {"odt", "application/vnd.oasis.opendocument.text"},
      {"odp", "application/vnd.oasis.opendocument.presentation"},
      {"ods", "application/vnd.oasis.opendocument.spreadsheet"},
      {"epub", "application/epub+zip"},
      {"srt", "application/x-subrip; charset=utf-8"},
      {"vtt", "text/vtt; charset=utf-8"},
      {"md", "text/markdown; charset=utf-8"},
      {"markdown", "text/markdown; charset=utf-8"}};
  const auto it = types.find(ext);
  return it == types.end() ? "application/octet-stream" : it->second;
}

// A name as a URL's path keeps it: unreserved characters as they are, the rest %XX.
std::string percentEncoded(const std::string& text) {
  static const char* hex = "0123456789ABCDEF";
  std::string out;
  for (unsigned char c : text) {
    if (std::isalnum(c) || c == '-' || c == '.' || c == '_' || c == '~') {
      out += char(c);
    } else {
      out += '%';
      out += hex[c >> 4];
      out += hex[c & 15];
    }
  }
  return out;
}

std::string TranslatedFiles::keep(std::string name, std::string content) {
  std::random_device random;
  const std::string id = QString::number(quint64(random()) << 32 | random(), 16).toStdString() +
                         QString::number(++next, 16).toStdString();
  bytes += content.size();
  by_id[id] = {std::move(name), std::move(content)};
  order.push_back(id);
  while (order.size() > 32 || (bytes > (256u << 20) && order.size() > 1)) {
    bytes -= by_id[order.front()].bytes.size();
    by_id.erase(order.front());
    order.pop_front();
  }
  return id;
}

}  // namespace studio::server
