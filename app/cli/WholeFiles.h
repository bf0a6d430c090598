#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "model/data/TmxWriter.h"
#include "model/decoding/Decoding.h"
#include "model/decoding/Translator.h"
#include "model/files/EpubFile.h"
#include "model/files/HtmlFile.h"
#include "model/files/MarkdownFile.h"
#include "model/files/OfficeFile.h"
#include "model/files/SubtitleFile.h"
#include "model/files/XliffFile.h"

// How `translate --input` writes a file it translates whole rather than line
// for line: an XLIFF file with its segments' targets, a web page with its
// blocks, an office document or presentation with its paragraphs translated
// in place, a book with its pages, subtitles with their cues; each with its notices on stderr, what was done,
// and (--tmx) its sentences as a translation memory.
namespace studio::cli {

// A file translated whole: its notices, then the file to `output` (stdout
// when empty), then `said` and where it went. Returns kOk.
int writeWhole(const std::string& name, const std::string& text, const std::vector<std::string>& notices,
               const std::string& output, const std::string& said);

// Each sentence and its translation written as a TMX translation memory to
// `path` (none: ""); `empty` sentences were left out.
void writeMemory(const std::string& path, const std::vector<data::TmxUnit>& units, size_t empty);

int translateXliffFile(const model::Translator& translator, const model::XliffDocument& document,
                       const model::DecodingOptions& options, const std::string& output,
                       const std::string& memory);
int translateHtmlFile(const model::Translator& translator, const model::HtmlDocument& page,
                      const model::DecodingOptions& options, const std::string& output,
                      const std::string& memory);
int translateOfficeFile(const model::Translator& translator, const model::OfficeDocument& document,
                        const model::DecodingOptions& options, const std::string& output,
                        const std::string& memory);
int translateSubtitleFile(const model::Translator& translator, const model::SubtitleDocument& subtitles,
                          const model::DecodingOptions& options, const std::string& output,
                          const std::string& memory);
int translateMarkdownFile(const model::Translator& translator, const model::MarkdownDocument& markdown,
                          const model::DecodingOptions& options, const std::string& output,
                          const std::string& memory);
int translateEpubFile(const model::Translator& translator, const model::EpubBook& book,
                      const model::DecodingOptions& options, const std::string& output,
                      const std::string& memory);

}  // namespace studio::cli
