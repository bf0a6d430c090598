#include "app/server/FileTranslation.h"

#include <algorithm>
#include <atomic>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <optional>

#include <unistd.h>

#include "app/server/FileKinds.h"
#include "app/server/TranslationApi.h"
#include "model/decoding/DocumentTranslation.h"
#include "model/decoding/EpubTranslation.h"
#include "model/decoding/HtmlTranslation.h"
#include "model/decoding/MarkdownTranslation.h"
#include "model/decoding/OfficeTranslation.h"
#include "model/decoding/SubtitleTranslation.h"
#include "model/decoding/Translator.h"
#include "model/decoding/XliffTranslation.h"
#include "model/files/EpubFile.h"
#include "model/files/HtmlFile.h"
#include "model/files/MarkdownFile.h"
#include "model/files/OfficeFile.h"
#include "model/files/SubtitleFile.h"
#include "model/files/TextDocument.h"
#include "model/files/XliffFile.h"

namespace studio::server {

namespace fs = std::filesystem;

namespace {

// Its extension, lower case ("docx"; "" for none), for the name the file is read under.
std::string extensionOf(const std::string& name) {
  const size_t dot = name.rfind('.');
  std::string ext;
  for (char c : dot == std::string::npos ? std::string() : name.substr(dot + 1))
    if (std::isalnum(static_cast<unsigned char>(c))) ext += char(std::tolower(static_cast<unsigned char>(c)));
  return ext;
}

// A folder of its own for the file while its reader reads it, removed after. The file is kept under a
// name of ours ("upload.docx"), never the client's; messages name it as the client did.
class Scratch {
 public:
  Scratch(const std::string& client_name, const std::string& extension) : client_name_(client_name) {
    static std::atomic<unsigned> next{0};
    dir_ = fs::temp_directory_path() /
           ("attention-studio-serve-" + std::to_string(::getpid()) + "-" + std::to_string(next++));
    fs::create_directories(dir_);
    path_ = (dir_ / ("upload." + extension)).string();
  }
  ~Scratch() {
    std::error_code ec;
    fs::remove_all(dir_, ec);
  }
  const std::string& path() const { return path_; }
  void write(const std::string& path, const std::string& bytes) const {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(bytes.data(), std::streamsize(bytes.size()));
    if (!out) throw std::runtime_error("cannot keep the file for reading");
  }
  std::string shown(std::string message) const {
    for (size_t at = message.find(path_); at != std::string::npos;
         at = message.find(path_, at + client_name_.size()))
      message.replace(at, path_.size(), client_name_);
    return message;
  }

 private:
  std::string client_name_;
  fs::path dir_;
  std::string path_;
};

}  // namespace

TranslatedFile translateFile(const model::Translator& translator, const model::DecodingOptions& options,
                             const std::string& name, const std::string& bytes) {
  TranslatedFile out;
  const size_t dot = name.rfind('.');
  std::string stem = dot == std::string::npos ? name : name.substr(0, dot);
  if (stem.size() > 3 && stem.compare(stem.size() - 3, 3, ".vi") == 0) stem.resize(stem.size() - 3);
  // NAME.vi (a corpus's side, as the app reads it) gives NAME.en; NAME[.vi].EXT gives NAME.en.EXT.
  const std::string extension = dot == std::string::npos ? "txt" : name.substr(dot + 1);
  out.name = extensionOf(name) == "vi" ? stem + ".en" : stem + ".en." + extension;
  const FileKind kind = fileKindOf(name);
  if (kind == FileKind::None)
    throw ApiError(400,
                   "'" + name + "' is not a kind of file this server translates: " + translatableFileKinds());
  if (kind == FileKind::Office) {
    model::OfficeDocument document;
    try {
      document = model::readOfficeDocument(bytes, name);
    } catch (const std::runtime_error& e) {
      throw ApiError(400, e.what());
    }
    out.bytes = model::translateOfficeDocument(translator, document, options).bytes;
    return out;
  }
  if (kind == FileKind::Epub) {
    model::EpubBook book;
    try {
      book = model::readEpub(bytes, name);
    } catch (const std::runtime_error& e) {
      throw ApiError(400, e.what());
    }
    out.bytes = model::translateEpub(translator, book, options).bytes;
    return out;
  }
  // Read first (a refusal is the client's: 400), then translated.
  const Scratch scratch(name, extensionOf(name));
  scratch.write(scratch.path(), bytes);
  std::optional<model::XliffDocument> xliff;
  std::optional<model::HtmlDocument> page;
  std::optional<model::SubtitleDocument> subtitles;
  std::optional<model::MarkdownDocument> markdown;
  model::TextDocument document;
  try {
    if (kind == FileKind::Xliff && !(xliff = model::readXliffFile(scratch.path())))
      throw ApiError(400, "'" + name + "' is not an XLIFF file (1.2 or 2.x)");
    if (kind == FileKind::Html && !(page = model::readHtmlFile(scratch.path(), std::nullopt)))
      throw ApiError(400, "'" + name + "' is not a web page");
    if (kind == FileKind::Text) document = model::readTextDocument(scratch.path());
    if (kind == FileKind::Subtitles && !(subtitles = model::readSubtitleFile(scratch.path())))
      throw ApiError(400, "'" + name + "' is not a subtitle file");
    if (kind == FileKind::Markdown) markdown = model::readMarkdownFile(scratch.path());
  } catch (const ApiError&) {
    throw;
  } catch (const std::runtime_error& e) {  // not UTF-8, not well formed: the file and the line named
    throw ApiError(400, scratch.shown(e.what()));
  }
  if (xliff) {
    out.bytes = model::translateXliff(translator, *xliff, options).text;
  } else if (page) {
    out.bytes = model::translateHtml(translator, *page, options).text;
  } else if (subtitles) {
    out.bytes = model::translateSubtitles(translator, *subtitles, options).document.text();
  } else if (markdown) {
    out.bytes = model::translateMarkdown(translator, *markdown, options).document.text();
  } else {
    auto translation =
        model::translateDocument(translator, document, options, data::SplitMode::Sentences).translation;
    model::fitEncoding(translation);
    out.bytes = translation.text();
  }
  return out;
}

}  // namespace studio::server
