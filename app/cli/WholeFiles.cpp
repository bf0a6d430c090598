#include "app/cli/WholeFiles.h"

#include <cstdio>
#include <iostream>
#include <stdexcept>

#include "app/cli/Commands.h"
#include "app/cli/ModelOptions.h"
#include "model/decoding/EpubTranslation.h"
#include "model/decoding/HtmlTranslation.h"
#include "model/decoding/MarkdownTranslation.h"
#include "model/decoding/OfficeTranslation.h"
#include "model/decoding/SubtitleTranslation.h"
#include "model/decoding/XliffTranslation.h"
#include "model/files/AtomicFile.h"

namespace studio::cli {

int writeWhole(const std::string& name, const std::string& text, const std::vector<std::string>& notices,
               const std::string& output, const std::string& said) {
  for (const auto& notice : notices) std::fprintf(stderr, "%s %s\n", name.c_str(), notice.c_str());
  if (output.empty())
    std::cout << text << std::flush;
  else
    model::writeFileAtomically(output, text);
  std::fprintf(stderr, "%s: %s%s\n", name.c_str(), said.c_str(),
               output.empty() ? "" : ("; wrote " + output).c_str());
  return kOk;
}

void writeMemory(const std::string& path, const std::vector<data::TmxUnit>& units, size_t empty) {
  if (path.empty()) return;
  try {
    model::writeFileAtomically(path, data::tmxDocument(units, "Attention Studio", STUDIO_VERSION));
  } catch (const std::invalid_argument& e) {
    throw std::runtime_error("--tmx '" + path + "': " + e.what());
  }
  std::fprintf(stderr, "wrote %zu translation units to %s", units.size(), path.c_str());
  if (empty > 0) std::fprintf(stderr, " (%zu sentences left out: their translation is empty)", empty);
  std::fprintf(stderr, "\n");
}

int translateXliffFile(const model::Translator& translator, const model::XliffDocument& document,
                       const model::DecodingOptions& options, const std::string& output,
                       const std::string& memory) {
  const auto done = model::translateXliff(translator, document, options, terminalProgress("translated"));
  writeMemory(memory, done.memory, done.memory_left_out);
  return writeWhole(document.name, done.text, done.notices, output,
                    std::to_string(done.translated) + " segments translated, " + std::to_string(done.kept) +
                        " kept (they had a translation), " + std::to_string(done.not_translatable) +
                        " not to be translated");
}

int translateHtmlFile(const model::Translator& translator, const model::HtmlDocument& page,
                      const model::DecodingOptions& options, const std::string& output,
                      const std::string& memory) {
  const auto done = model::translateHtml(translator, page, options, terminalProgress("translated"));
  writeMemory(memory, done.memory, done.memory_left_out);
  return writeWhole(
      page.name, done.text, done.notices, output,
      std::to_string(done.blocks) + (done.blocks == 1 ? " block" : " blocks") + " of text and " +
          std::to_string(done.attributes) + (done.attributes == 1 ? " attribute" : " attributes") +
          " (alt, title, …) translated, " + std::to_string(done.not_translatable) +
          (done.not_translatable == 1 ? " element" : " elements") + " marked not to be translated" +
          (done.other_language == 0 ? ""
                                    : ", " + std::to_string(done.other_language) +
                                          (done.other_language == 1 ? " element" : " elements") +
                                          " in another language (lang) kept as written") +
          (page.encoding.empty()
               ? ""
               : "; read as " + page.encoding + ", written in UTF-8 (as the page now says)"));
}

int translateOfficeFile(const model::Translator& translator, const model::OfficeDocument& document,
                        const model::DecodingOptions& options, const std::string& output,
                        const std::string& memory) {
  const auto done =
      model::translateOfficeDocument(translator, document, options, terminalProgress("translated"));
  writeMemory(memory, done.memory, done.memory_left_out);
  // (a spreadsheet's paragraphs are its cells' texts)
  const char* one = document.spreadsheet() ? " text" : " paragraph";
  const char* many = document.spreadsheet() ? " texts" : " paragraphs";
  return writeWhole(
      document.name, done.bytes, done.notices, output,
      std::to_string(done.paragraphs) + (done.paragraphs == 1 ? one : many) +
          (document.spreadsheet() ? " of cells and text boxes translated" : " translated") +
          (done.kept == 0 ? ""
                          : ", " + std::to_string(done.kept) + (done.kept == 1 ? one : many) +
                                " kept as written (see above)") +
          (done.tcvn3 == 0 ? ""
                           : " (" + std::to_string(done.tcvn3) +
                                 " of them in the old .Vn fonts, read as TCVN3, written in the same fonts)") +
          (done.vni == 0 ? ""
                         : " (" + std::to_string(done.vni) +
                               " of them in VNI fonts, read as VNI, written in the same fonts)") +
          (done.comments == 0 ? ""
                              : ", " + std::to_string(done.comments) +
                                    (done.comments == 1 ? " comment" : " comments") + " not translated"));
}

int translateEpubFile(const model::Translator& translator, const model::EpubBook& book,
                      const model::DecodingOptions& options, const std::string& output,
                      const std::string& memory) {
  const auto done = model::translateEpub(translator, book, options, terminalProgress("translated"));
  writeMemory(memory, done.memory, done.memory_left_out);
  const auto counted = [](size_t n, const char* one, const char* many) {
    return std::to_string(n) + " " + (n == 1 ? one : many);
  };
  return writeWhole(
      book.name, done.bytes, done.notices, output,
      counted(done.pages, "page", "pages") + " translated (" + counted(done.blocks, "block", "blocks") +
          " of text and " + counted(done.attributes, "attribute", "attributes") + "), " +
          counted(done.texts, "title or table of contents label", "titles and table of contents labels") +
          ", " + counted(done.not_translatable, "element", "elements") + " marked not to be translated" +
          (done.other_language == 0 ? ""
                                    : ", " + counted(done.other_language, "element", "elements") +
                                          " in another language (lang) kept as written"));
}

int translateSubtitleFile(const model::Translator& translator, const model::SubtitleDocument& subtitles,
                          const model::DecodingOptions& options, const std::string& output,
                          const std::string& memory) {
  const auto done = model::translateSubtitles(translator, subtitles, options, terminalProgress("translated"));
  writeMemory(memory, done.memory, done.memory_left_out);
  auto notices = done.notices;
  if (!done.encoding_notice.empty()) notices.push_back(done.encoding_notice);
  return writeWhole(
      subtitles.name, done.document.text(), notices, output,
      std::to_string(done.cues) + (done.cues == 1 ? " subtitle" : " subtitles") + " translated");
}

int translateMarkdownFile(const model::Translator& translator, const model::MarkdownDocument& markdown,
                          const model::DecodingOptions& options, const std::string& output,
                          const std::string& memory) {
  const auto done = model::translateMarkdown(translator, markdown, options, terminalProgress("translated"));
  writeMemory(memory, done.memory, done.memory_left_out);
  auto notices = done.notices;
  if (!done.encoding_notice.empty()) notices.push_back(done.encoding_notice);
  const auto counted = [](size_t n, const char* one, const char* many) {
    return std::to_string(n) + " " + (n == 1 ? one : many);
  };
  return writeWhole(markdown.name, done.document.text(), notices, output,
                    counted(done.blocks, "block", "blocks") + " of text translated, " +
                        counted(done.code_blocks, "code block", "code blocks") + " and " +
                        counted(done.html_blocks, "HTML block", "HTML blocks") + " kept as written");
}

}  // namespace studio::cli
