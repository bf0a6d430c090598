#pragma once

#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "app/server/HttpMessage.h"

// What `serve` reads from a translation request and writes back, apart from
// the network and the model. Two APIs:
//  - LibreTranslate's (POST /translate, GET /languages), so that the tools
//    that speak it (CAT tool plug-ins, browser extensions, scripts) can use a
//    model of ours: q (a text or a list), source "vi" or "auto", target "en",
//    format "text" or "html", alternatives; JSON or a form; errors as
//    {"error": MESSAGE};
//  - our own (POST /v1/translate): "text" or "texts", "nbest", "beam",
//    "markup", "details" (each piece with its probability), every
//    translation's score and the notices of sentences cut to fit.
namespace studio::server {

// A request the client got wrong: its status (400, 415, 422) and what to say.
struct ApiError : std::runtime_error {
  ApiError(int status, const std::string& message) : std::runtime_error(message), status(status) {}
  int status;
};

struct TranslationJob {
  enum class Api { LibreTranslate, Native };
  Api api = Api::Native;
  std::vector<std::string> texts;  // valid UTF-8 each
  bool several = false;            // a list was sent (the reply is a list)
  bool markup = false;             // HTML or XML tags kept around the words they hold
  int alternatives = 0;            // further translations of each text
  bool details = false;            // Native: the pieces with their probabilities
  int beam = 0;                    // Native: this request's beam size (1 greedy); 0 the server's --beam
  // LibreTranslate's /translate_file: the file to translate whole (its name as sent, its bytes); no texts.
  std::string file_name, file_bytes;
  bool isFile() const { return !file_name.empty(); }
};

// The largest beam a request may ask for ("beam" in POST /v1/translate).
constexpr int kMaxRequestBeam = 16;

// Read from a request's body (JSON, or a form for LibreTranslate's); at most
// `max_alternatives` alternatives (the server's beam size less one; in our
// API the request's "beam" less one where it gives one). Throws ApiError.
TranslationJob libreTranslateJob(const HttpRequest& request, int max_alternatives);
TranslationJob nativeJob(const HttpRequest& request, int max_alternatives);
// LibreTranslate's POST /translate_file: a multipart form with the field
// "file" (a file whose name says a kind this server translates), "source"
// and "target" as /translate reads them. Throws ApiError.
TranslationJob libreTranslateFileJob(const HttpRequest& request);

struct Alternative {
  std::string text;
  double score = 0;
};

// One text's translation.
struct TextResult {
  std::string text;
  double score = 0;  // the mean of its sentences' length-normalized log-probabilities
  std::vector<std::pair<std::string, float>> pieces;  // with details: each piece and its probability
  std::vector<Alternative> alternatives;              // distinct from the text and each other
  std::vector<std::string> notices;                   // sentences cut into parts to fit, and where
};

// The replies' bodies (JSON).
std::string libreTranslateReply(const TranslationJob& job, const std::vector<TextResult>& results);
std::string nativeReply(const TranslationJob& job, const std::vector<TextResult>& results,
                        double milliseconds, const std::string& model);
std::string errorReply(const std::string& message);
// POST /translate_file's: {"translatedFileUrl": URL}.
std::string libreTranslateFileReply(const std::string& url);
// GET /languages: Vietnamese into English.
std::string languagesReply();
// LibreTranslate's GET /frontend/settings, which its web page and some clients ask first: Vietnamese into
// English, no API keys, no character limit (the request's size is: --max-request-kb), files of these
// extensions translated.
std::string frontendSettingsReply();

}  // namespace studio::server
