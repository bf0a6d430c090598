#pragma once

#include <string>

namespace studio::model {
class Translator;
struct DecodingOptions;
}  // namespace studio::model

// A file a client sends to be translated whole (LibreTranslate's POST
// /translate_file): a text file line for line, a web page, an XLIFF file, a
// Word document, a PowerPoint presentation or an OpenDocument text or
// presentation in place, as `translate --input` and the app's Translate a
// file… translate them. Runs on serve's translation thread.
namespace studio::server {

struct TranslatedFile {
  std::string name;   // NAME.en.EXT ("talk.vi.pptx" gives "talk.en.pptx")
  std::string bytes;  // the translation, as it is written
};

// Throws ApiError (400) naming the file when it cannot be read as its name
// says; std::exception when the translation fails.
TranslatedFile translateFile(const model::Translator& translator, const model::DecodingOptions& options,
                             const std::string& name, const std::string& bytes);

}  // namespace studio::server
