// serve: a model behind HTTP (app/server).

#include <atomic>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <memory>

#include <QCoreApplication>
#include <QTimer>

#include "app/cli/Commands.h"
#include "app/cli/ModelOptions.h"
#include "app/server/TranslationServer.h"

namespace studio::cli {

const CommandSpec& serveSpec() {
  static const CommandSpec spec{
      "serve",
      "Translate over HTTP: LibreTranslate's API and our own, for other programs\n\n"
      "Loads the model once and answers, until Ctrl+C (or SIGTERM):\n"
      "  POST /translate     LibreTranslate's: {\"q\": TEXT or [TEXTS], \"source\": \"vi\", \"target\": "
      "\"en\",\n"
      "                      \"format\": \"text\" or \"html\", \"alternatives\": N} -> {\"translatedText\": "
      "...};\n"
      "                      JSON or a form; a tool that speaks LibreTranslate needs only this address\n"
      "  POST /v1/translate  {\"text\": TEXT} or {\"texts\": [...]}, \"nbest\": N, \"beam\": B (1-16; "
      "default\n"
      "                      --beam), \"markup\": true, \"details\": true -> {\"translations\": [{\"text\",\n"
      "                      \"score\", \"pieces\", \"alternatives\", \"notices\"}], \"model\", "
      "\"milliseconds\"}\n"
      "  POST /translate_file  a multipart form's \"file\" (.txt, .html, .xlf, .docx, .pptx, .xlsx, .odt,\n"
      "                      .odp, .ods, .epub, .srt, .vtt, .md) translated whole -> "
      "{\"translatedFileUrl\":\n"
      "                      URL}, fetched with\n"
      "  GET /download_file/ID.NAME\n"
      "  GET /languages, GET /frontend/settings, GET /health, GET /\n"
      "A text is split into sentences as `translate` splits a line; the requests waiting when the model\n"
      "is free are translated together. Errors are {\"error\": MESSAGE} with a 4xx status. A line a\n"
      "request on stderr. It listens on 127.0.0.1 alone unless --host says otherwise: there is no\n"
      "authentication, so expose it only where everyone who can reach it may use it.",
      {
          {"model", "FILE",
           "a model file or checkpoint (required); given again, the models translate together (an ensemble)"},
          weightsOption(),
          {"spm", "FILE", "the SentencePiece model (default: spm.model beside the model or above it)"},
          {"host", "ADDRESS", "the address to listen on (default 127.0.0.1; 0.0.0.0 every IPv4 one)"},
          {"port", "N", "the port (default 5000, LibreTranslate's; 0: one the system picks, printed)"},
          {"allow-origin", "ORIGIN",
           "let web pages from ORIGIN call it from a browser (CORS), e.g. https://example.org, or * for any"},
          {"max-request-kb", "N", "the largest request body read, in KiB (default 1024)"},
          {"beam", "N", "beam size (default 4; 1 is greedy); a request's alternatives are at most N-1"},
          {"alpha", "A", "GNMT length penalty (default 0.6)"},
          {"max-length-ratio", "R", "output length limit as a ratio of the source's (default 1.5)"},
          {"min-length-ratio", "R", "no end before this share of the source's pieces (default 0.3; 0 = off)"},
          {"glossary", "FILE", "terms every translation follows (as translate's --glossary)"},
          {"verbatim", "KINDS", "text of these kinds kept as typed (as translate's --verbatim)"},
          {"bf16", "", "matrix products in bf16 (as translate's --bf16)"},
          {"int8", "", "the weights in int8 on the CPU's inference engine (as translate's --int8)"},
          {"shortlist", "FILE", "a vocabulary shortlist (as translate's --shortlist)"},
          {"device", "DEVICE", kDecodingDeviceHelp},
      }};
  return spec;
}

namespace {
std::atomic<bool> stop_requested{false};
extern "C" void requestStop(int) { stop_requested.store(true); }
}  // namespace

int runServe(const ParsedArgs& args) {
  auto options = decodingFrom(args);
  const auto device = decodingDeviceFrom(args);
  server::ServerSettings settings;
  const std::string host = args.getOr("host", "127.0.0.1");
  settings.host = QHostAddress(QString::fromStdString(host == "localhost" ? "127.0.0.1" : host));
  if (settings.host.isNull())
    throw UsageError("--host: '" + host + "' is not an IP address (e.g. 127.0.0.1, 0.0.0.0, ::1)");
  settings.port = quint16(args.integer("port", 5000, 0, 65535));
  settings.allowOrigin = QString::fromStdString(args.getOr("allow-origin", ""));
  if (args.has("allow-origin") && settings.allowOrigin.trimmed().isEmpty())
    throw UsageError("--allow-origin: give an origin (https://example.org) or *");
  settings.limits.max_body_bytes = size_t(args.integer("max-request-kb", 1024, 1, 1024 * 1024)) * 1024;
  auto translator = std::make_shared<model::Translator>(translatorFrom(args, device));
  checkShortlist(options, *translator);
  std::string name;
  for (const auto& model : args.all("model"))
    name += (name.empty() ? "" : " + ") + std::filesystem::path(model).filename().string();
  settings.modelName = name;

  server::TranslationServer server(translator, options, settings);
  QObject::connect(&server, &server::TranslationServer::requestServed,
                   [](const QString& line) { std::fprintf(stderr, "%s\n", qPrintable(line)); });
  QString error;
  if (!server.listen(&error)) {
    std::fprintf(stderr, "error: %s\n", qPrintable(error));
    return kRuntimeError;
  }
  const QString address = settings.host.protocol() == QAbstractSocket::IPv6Protocol
                              ? "[" + settings.host.toString() + "]"
                              : settings.host.toString();
  std::fprintf(stderr,
               "serving %s on http://%s:%u (POST /translate, POST /v1/translate, POST /translate_file, GET "
               "/languages, "
               "GET /health); "
               "Ctrl+C stops\n",
               name.c_str(), qPrintable(address), unsigned(server.port()));
  std::fflush(stderr);
  std::signal(SIGINT, requestStop);
  std::signal(SIGTERM, requestStop);
  QTimer watch;
  QObject::connect(&watch, &QTimer::timeout, [] {
    if (stop_requested.load()) QCoreApplication::quit();
  });
  watch.start(100);
  QCoreApplication::exec();
  std::fprintf(stderr, "stopped\n");
  return kOk;
}

}  // namespace studio::cli
