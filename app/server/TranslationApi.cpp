#include "app/server/TranslationApi.h"

#include <algorithm>
#include <cctype>
#include <cstdint>

#include <nlohmann/json.hpp>

#include "app/server/FileKinds.h"
#include "app/server/MultipartForm.h"
#include "model/data/Text.h"

namespace studio::server {

namespace {

using nlohmann::json;

std::string dumped(const json& value) { return value.dump(-1, ' ', false, json::error_handler_t::replace); }

std::string lowercase(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return char(std::tolower(c)); });
  return s;
}

// The body's fields: a JSON object, or (LibreTranslate's) a form. curl's -d
// sends JSON labelled as a form: a body that starts as JSON is read as JSON.
json bodyFields(const HttpRequest& request, bool form_allowed) {
  const std::string type =
      lowercase(request.header("Content-Type").substr(0, request.header("Content-Type").find(';')));
  const auto first = std::find_if(request.body.begin(), request.body.end(),
                                  [](unsigned char c) { return !std::isspace(c); });
  const bool looks_json = first != request.body.end() && (*first == '{' || *first == '[');
  const bool is_form = type.find("application/x-www-form-urlencoded") != std::string::npos;
  const bool is_json =
      type == "application/json" || (type.size() > 5 && type.substr(type.size() - 5) == "+json");
  if (is_json || looks_json || (type.empty() && !form_allowed)) {
    json fields;
    try {
      fields = json::parse(request.body);
    } catch (const json::exception& e) {
      // A syntax error (parse_error), and a number too large for a double (out_of_range 406).
      std::string what = e.what();
      size_t colon = what.find("parse error");
      if (colon == std::string::npos) colon = what.find("number overflow");
      throw ApiError(400,
                     "the body is not JSON: " + (colon == std::string::npos ? what : what.substr(colon)));
    }
    if (!fields.is_object()) throw ApiError(400, "the body is JSON but not an object ({\"...\": ...})");
    return fields;
  }
  if (form_allowed && (is_form || type.empty())) {
    json fields = json::object();
    std::vector<std::pair<std::string, std::string>> parsed;
    try {
      parsed = parseFormFields(request.body);
    } catch (const std::invalid_argument& e) {
      throw ApiError(400, std::string("the form body: ") + e.what());
    }
    for (auto& [name, value] : parsed) {
      if (!data::isValidUtf8(name) || !data::isValidUtf8(value))
        throw ApiError(
            400, "the form field '" + (data::isValidUtf8(name) ? name : std::string("?")) + "' is not UTF-8");
      if (name == "q" && fields.contains("q")) {
        // q given several times: a list of texts.
        if (!fields["q"].is_array()) fields["q"] = json::array({fields["q"]});
        fields["q"].push_back(value);
      } else {
        fields[name] = value;
      }
    }
    return fields;
  }
  throw ApiError(415, "the body's Content-Type '" + request.header("Content-Type") +
                          "' is not read: send application/json" +
                          std::string(form_allowed ? " or application/x-www-form-urlencoded" : ""));
}

std::vector<std::string> textsOf(const json& value, const std::string& field, bool& several) {
  std::vector<std::string> texts;
  if (value.is_string()) {
    texts.push_back(value.get<std::string>());
    several = false;
  } else if (value.is_array()) {
    for (size_t i = 0; i < value.size(); ++i) {
      if (!value[i].is_string())
        throw ApiError(400, "'" + field + "'[" + std::to_string(i) + "] is not a string");
      texts.push_back(value[i].get<std::string>());
    }
    several = true;
  } else {
    throw ApiError(400, "'" + field + "' must be a string or a list of strings");
  }
  return texts;
}

// A whole number from JSON or a form's text, within [low, high].
int wholeNumber(const json& value, const std::string& field, int low, int high) {
  int64_t n = 0;
  if (value.is_number_integer()) {
    n = value.get<int64_t>();
  } else if (value.is_string()) {
    const std::string text = value.get<std::string>();
    size_t used = 0;
    try {
      n = std::stoll(text, &used);
    } catch (const std::exception&) {
      used = 0;
    }
    if (text.empty() || used != text.size())
      throw ApiError(400, "'" + field + "' is not a whole number: '" + text + "'");
  } else {
    throw ApiError(400, "'" + field + "' must be a whole number");
  }
  if (n < low || n > high)
    throw ApiError(400, "'" + field + "' is " + std::to_string(n) + "; it must be from " +
                            std::to_string(low) + " to " + std::to_string(high));
  return int(n);
}

bool flag(const json& value, const std::string& field) {
  if (value.is_boolean()) return value.get<bool>();
  if (value.is_string()) {
    const std::string text = lowercase(value.get<std::string>());
    if (text == "true" || text == "1") return true;
    if (text == "false" || text == "0" || text.empty()) return false;
  }
  throw ApiError(400, "'" + field + "' must be true or false");
}

}  // namespace

TranslationJob libreTranslateJob(const HttpRequest& request, int max_alternatives) {
  const json fields = bodyFields(request, /*form_allowed=*/true);
  TranslationJob job;
  job.api = TranslationJob::Api::LibreTranslate;
  if (!fields.contains("q")) throw ApiError(400, "Invalid request: missing q parameter");
  job.texts = textsOf(fields["q"], "q", job.several);
  const auto language = [&](const char* field, std::initializer_list<const char*> allowed) {
    if (!fields.contains(field)) return;
    const auto& value = fields[field];
    const std::string code = value.is_string() ? lowercase(value.get<std::string>()) : std::string();
    for (const char* ok : allowed)
      if (code == ok) return;
    throw ApiError(400, std::string("'") + field + "' is " +
                            (value.is_string() ? "'" + value.get<std::string>() + "'" : value.dump()) +
                            ": this model translates Vietnamese (vi) into English (en)");
  };
  language("source", {"vi", "auto"});
  language("target", {"en"});
  if (fields.contains("format")) {
    const auto& value = fields["format"];
    const std::string format = value.is_string() ? lowercase(value.get<std::string>()) : std::string();
    if (format == "html")
      job.markup = true;
    else if (format != "text")
      throw ApiError(400, "'format' must be text or html, not " + value.dump());
  }
  if (fields.contains("alternatives"))
    job.alternatives = wholeNumber(fields["alternatives"], "alternatives", 0, max_alternatives);
  if (job.markup && job.alternatives > 0)
    throw ApiError(400, "alternatives are given for plain text only, not with format html");
  return job;
}

TranslationJob libreTranslateFileJob(const HttpRequest& request) {
  std::vector<FormPart> parts;
  try {
    const std::string boundary = multipartBoundary(request.header("Content-Type"));
    if (boundary.empty())
      throw ApiError(415, "a file to translate is sent as multipart/form-data (curl -F file=@NAME), not " +
                              (request.header("Content-Type").empty() ? std::string("without a Content-Type")
                                                                      : request.header("Content-Type")));
    parts = parseMultipartForm(request.body, boundary);
  } catch (const std::invalid_argument& e) {
    throw ApiError(400, e.what());
  }
  TranslationJob job;
  job.api = TranslationJob::Api::LibreTranslate;
  job.markup = true;  // (a file goes to the model alone)
  bool has_file = false;
  for (const auto& part : parts) {
    const auto language = [&](std::initializer_list<const char*> allowed) {
      const std::string code = lowercase(part.body);
      for (const char* ok : allowed)
        if (code == ok) return;
      throw ApiError(400, "'" + part.name + "' is '" + part.body +
                              "': this model translates Vietnamese (vi) into English (en)");
    };
    if (part.name == "source") language({"vi", "auto"});
    if (part.name == "target") language({"en"});
    if (part.name != "file") continue;
    if (!part.is_file || part.filename.empty())
      throw ApiError(400, "'file' is a field, not a file with its name (curl -F file=@NAME)");
    has_file = true;
    job.file_name = part.filename;
    job.file_bytes = part.body;
  }
  if (!has_file) throw ApiError(400, "Invalid request: missing file parameter");
  if (fileKindOf(job.file_name) == FileKind::None)
    throw ApiError(400, "'" + job.file_name +
                            "' is not a kind of file this server translates: " + translatableFileKinds());
  return job;
}

TranslationJob nativeJob(const HttpRequest& request, int max_alternatives) {
  const json fields = bodyFields(request, /*form_allowed=*/false);
  static const char* known[] = {"text", "texts", "nbest", "beam", "markup", "details"};
  for (const auto& item : fields.items()) {
    const std::string name = item.key();
    if (std::none_of(std::begin(known), std::end(known), [&](const char* k) { return name == k; }))
      throw ApiError(
          400, "unknown field '" + name + "' (the fields: text or texts, nbest, beam, markup, details)");
  }
  TranslationJob job;
  job.api = TranslationJob::Api::Native;
  if (fields.contains("text") == fields.contains("texts"))
    throw ApiError(400, "give 'text' (a string) or 'texts' (a list of strings), one of them");
  if (fields.contains("text")) {
    if (!fields["text"].is_string()) throw ApiError(400, "'text' must be a string ('texts' takes a list)");
    job.texts = {fields["text"].get<std::string>()};
  } else {
    if (!fields["texts"].is_array())
      throw ApiError(400, "'texts' must be a list of strings ('text' takes one)");
    job.texts = textsOf(fields["texts"], "texts", job.several);
  }
  job.several = fields.contains("texts");
  if (fields.contains("beam")) job.beam = wholeNumber(fields["beam"], "beam", 1, kMaxRequestBeam);
  const int beam = job.beam > 0 ? job.beam : max_alternatives + 1;
  if (fields.contains("nbest")) job.alternatives = wholeNumber(fields["nbest"], "nbest", 1, beam) - 1;
  if (fields.contains("markup")) job.markup = flag(fields["markup"], "markup");
  if (fields.contains("details")) job.details = flag(fields["details"], "details");
  if (job.markup && (job.alternatives > 0 || job.details))
    throw ApiError(400,
                   "with 'markup' a text gets its best translation alone: not with 'nbest' or 'details'");
  return job;
}

std::string libreTranslateReply(const TranslationJob& job, const std::vector<TextResult>& results) {
  json reply = json::object();
  auto alternatives = [](const TextResult& r) {
    json list = json::array();
    for (const auto& a : r.alternatives) list.push_back(a.text);
    return list;
  };
  if (job.several) {
    reply["translatedText"] = json::array();
    if (job.alternatives > 0) reply["alternatives"] = json::array();
    for (const auto& r : results) {
      reply["translatedText"].push_back(r.text);
      if (job.alternatives > 0) reply["alternatives"].push_back(alternatives(r));
    }
  } else {
    reply["translatedText"] = results.at(0).text;
    if (job.alternatives > 0) reply["alternatives"] = alternatives(results.at(0));
  }
  return dumped(reply);
}

std::string nativeReply(const TranslationJob& job, const std::vector<TextResult>& results,
                        double milliseconds, const std::string& model) {
  json translations = json::array();
  for (const auto& r : results) {
    json t = {{"text", r.text}};
    if (!job.markup) t["score"] = r.score;
    if (job.details) {
      json pieces = json::array();
      for (const auto& [piece, probability] : r.pieces)
        pieces.push_back({{"piece", piece}, {"probability", probability}});
      t["pieces"] = std::move(pieces);
    }
    if (job.alternatives > 0) {
      json nbest = json::array();
      for (const auto& a : r.alternatives) nbest.push_back({{"text", a.text}, {"score", a.score}});
      t["alternatives"] = std::move(nbest);
    }
    if (!r.notices.empty()) t["notices"] = r.notices;
    translations.push_back(std::move(t));
  }
  return dumped(
      {{"translations", std::move(translations)}, {"model", model}, {"milliseconds", milliseconds}});
}

std::string libreTranslateFileReply(const std::string& url) { return dumped({{"translatedFileUrl", url}}); }

std::string errorReply(const std::string& message) { return dumped({{"error", message}}); }

std::string languagesReply() {
  return dumped(json::array({{{"code", "vi"}, {"name", "Vietnamese"}, {"targets", json::array({"en"})}},
                             {{"code", "en"}, {"name", "English"}, {"targets", json::array()}}}));
}

std::string frontendSettingsReply() {
  return dumped({{"charLimit", -1},
                 {"frontendTimeout", 500},
                 {"apiKeys", false},
                 {"keyRequired", false},
                 {"suggestions", false},
                 {"filesTranslation", true},
                 {"supportedFilesFormat", translatableExtensions()},
                 {"language",
                  {{"source", {{"code", "vi"}, {"name", "Vietnamese"}}},
                   {"target", {{"code", "en"}, {"name", "English"}}}}}});
}

}  // namespace studio::server
