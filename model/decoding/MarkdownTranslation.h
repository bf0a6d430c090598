#pragma once

#include <functional>
#include <string>
#include <vector>

#include "model/decoding/DocumentTranslation.h"
#include "model/files/MarkdownFile.h"

// A Markdown document (model/files/MarkdownFile.h) translated: each block's
// text gets the model's translation in its place, its emphasis and links
// kept around the words aligned to theirs and its codes where their
// neighbours went; code, front matter, HTML blocks and every marker as they
// were. For `translate --input README.md`, the app's "Translate a file…" and
// the server's /translate_file.
namespace studio::model {

struct MarkdownTranslation {
  TextDocument document;                    // the translated file (in the source's encoding where it fits)
  std::string encoding_notice;              // why it was written in UTF-8 instead (fitEncoding), or ""
  size_t blocks = 0;                        // blocks of text translated
  size_t code_blocks = 0, html_blocks = 0;  // kept as written
  size_t sentences = 0;                     // sentences (and parts of long ones) decoded for them
  std::vector<std::string> notices;         // "line N: ..." (the block's first line)
  std::vector<data::TmxUnit> memory;
  size_t memory_left_out = 0;
};

MarkdownTranslation translateMarkdown(const Translator& translator, const MarkdownDocument& markdown,
                                      const DecodingOptions& options,
                                      const std::function<void(size_t, size_t)>& progress = nullptr,
                                      const std::function<bool()>& stop = nullptr);

}  // namespace studio::model
