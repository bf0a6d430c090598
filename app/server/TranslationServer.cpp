#include "app/server/TranslationServer.h"

#include <QElapsedTimer>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTimer>

#include <map>

#include <nlohmann/json.hpp>

#include "app/server/TranslatedFiles.h"
#include "app/server/TranslationApi.h"
#include "app/server/TranslationQueue.h"

namespace studio::server {

namespace {

struct Connection {
  QTcpSocket* socket = nullptr;
  QTimer* idle = nullptr;
  QString peer;
  std::string buffer;          // bytes read, not yet a whole request
  bool busy = false;           // one of its requests is with the model
  bool closing = false;        // answered for the last time
  bool continue_sent = false;  // "100 Continue" for the request being read
};

// A request with the model: whose it is and what to log of it.
struct Pending {
  quint64 connection = 0;
  bool keep_alive = true;
  QString method, path;
  size_t texts = 0;
  QElapsedTimer since;
  std::string host;  // the Host it was sent to: a translated file's address names it
};

// Every request's endpoints, for 404's message and 405's Allow.
const std::map<std::string, std::string>& endpoints() {
  static const std::map<std::string, std::string> all{
      {"/", "GET"},
      {"/health", "GET"},
      {"/languages", "GET"},
      {"/frontend/settings", "GET"},
      {"/translate", "POST"},
      {"/v1/translate", "POST"},
      {"/translate_file", "POST"},
      {"/download_file/", "GET"},
  };
  return all;
}

}  // namespace

struct TranslationServer::Impl {
  TranslationServer* owner;
  ServerSettings settings;
  QTcpServer server;
  std::map<quint64, Connection> connections;
  quint64 next_connection = 1;

  std::unique_ptr<TranslationQueue> queue;
  std::map<uint64_t, Pending> pending;  // the requests with the model, by ticket
  uint64_t next_ticket = 1;
  TranslatedFiles files;

  Impl(TranslationServer* o, std::shared_ptr<const model::Translator> translator,
       const model::DecodingOptions& options, ServerSettings s)
      : owner(o), settings(std::move(s)) {
    // The answers come on the queue's thread; they go out on the server's.
    queue = std::make_unique<TranslationQueue>(
        std::move(translator), options, settings.modelName,
        [this](uint64_t ticket, TranslationQueue::Answer answer) {
          QMetaObject::invokeMethod(
              owner, [this, ticket, answer = std::move(answer)] { finished(ticket, answer); },
              Qt::QueuedConnection);
        });
  }

  std::vector<std::pair<std::string, std::string>> corsHeaders() const {
    if (settings.allowOrigin.isEmpty()) return {};
    return {{"Access-Control-Allow-Origin", settings.allowOrigin.toStdString()}};
  }

  void log(const Connection& c, const QString& method, const QString& path, int status, qint64 ms,
           size_t texts) {
    QString line = QString("%1 %2 %3 %4 %5 ms").arg(c.peer, method, path).arg(status).arg(ms);
    if (texts > 0) line += QString(" %1 text%2").arg(texts).arg(texts == 1 ? "" : "s");
    Q_EMIT owner->requestServed(line);
  }

  void respond(quint64 id, int status, const std::string& body, bool keep_alive, const QString& method,
               const QString& path, qint64 ms, size_t texts = 0,
               std::vector<std::pair<std::string, std::string>> extra = {}, const std::string& type = "") {
    auto it = connections.find(id);
    if (it == connections.end()) return;
    Connection& c = it->second;
    if (c.socket->state() != QAbstractSocket::ConnectedState) {  // the client left before its answer
      log(c, method, path, status, ms, texts);
      return;
    }
    for (auto& header : corsHeaders()) extra.push_back(std::move(header));
    const std::string content_type = !type.empty() ? type : body.empty() ? "" : "application/json";
    c.socket->write(QByteArray::fromStdString(httpResponse(status, content_type, body, keep_alive, extra)));
    log(c, method, path, status, ms, texts);
    if (!keep_alive) {
      c.closing = true;
      c.idle->stop();
      c.socket->disconnectFromHost();
    }
  }

  // --- the connections (the server's thread) ---

  void accept() {
    while (QTcpSocket* socket = server.nextPendingConnection()) {
      const quint64 id = next_connection++;
      Connection c;
      c.socket = socket;
      c.peer = socket->peerAddress().toString();
      c.idle = new QTimer(socket);
      c.idle->setSingleShot(true);
      c.idle->setInterval(settings.idleSeconds * 1000);
      // Read no further than one whole request ahead: the rest waits in the system's buffers.
      socket->setReadBufferSize(qint64(settings.limits.max_header_bytes + settings.limits.max_body_bytes) +
                                65536);
      const bool too_many = int(connections.size()) >= settings.maxConnections;
      connections.emplace(id, c);
      QObject::connect(socket, &QTcpSocket::disconnected, owner, [this, id] { drop(id); });
      QObject::connect(socket, &QTcpSocket::readyRead, owner, [this, id] { read(id); });
      QObject::connect(c.idle, &QTimer::timeout, owner, [this, id] { idleTimeout(id); });
      if (too_many) {
        respond(
            id, 503,
            errorReply("too many connections (" + std::to_string(settings.maxConnections) + "); try again"),
            false, "-", "-", 0, 0, {{"Retry-After", "1"}});
        continue;
      }
      c.idle->start();
      if (socket->bytesAvailable() > 0) read(id);
    }
  }

  // Disconnected: forgotten once the code on the stack that may hold it has returned
  // (disconnectFromHost() with nothing left to write emits disconnected() at once).
  void drop(quint64 id) {
    auto it = connections.find(id);
    if (it == connections.end()) return;
    it->second.closing = true;
    QTimer::singleShot(0, owner, [this, id] {
      auto gone = connections.find(id);
      if (gone == connections.end()) return;
      gone->second.socket->deleteLater();
      connections.erase(gone);
    });
  }

  void idleTimeout(quint64 id) {
    auto it = connections.find(id);
    if (it == connections.end() || it->second.busy) return;
    if (!it->second.buffer.empty())
      respond(id, 408,
              errorReply("the request did not arrive whole within " + std::to_string(settings.idleSeconds) +
                         " s"),
              false, "-", "-", settings.idleSeconds * 1000);
    else
      it->second.socket->disconnectFromHost();
  }

  void read(quint64 id) {
    auto it = connections.find(id);
    if (it == connections.end()) return;
    Connection& c = it->second;
    if (c.busy || c.closing) return;  // read once the reply is out
    const QByteArray bytes = c.socket->readAll();
    c.buffer.append(bytes.constData(), size_t(bytes.size()));
    while (!c.buffer.empty() && !c.busy && !c.closing) {
      HttpRequest request;
      const auto parse = parseHttpRequest(c.buffer, settings.limits, request);
      if (parse.state == HttpParse::State::Incomplete) {
        if (parse.expects_continue && !c.continue_sent) {
          c.socket->write("HTTP/1.1 100 Continue\r\n\r\n");
          c.continue_sent = true;
        }
        break;
      }
      if (parse.state == HttpParse::State::Error) {
        c.buffer.clear();
        respond(id, parse.status, errorReply(parse.error), false, "-", "-", 0);
        return;
      }
      c.buffer.erase(0, parse.consumed);
      c.continue_sent = false;
      handle(id, c, request);
    }
    // Between requests the clock starts again; a request begun has to arrive whole within it.
    if (!c.busy && !c.closing && (c.buffer.empty() || !c.idle->isActive())) c.idle->start();
  }

  void handle(quint64 id, Connection& c, const HttpRequest& request) {
    QElapsedTimer since;
    since.start();
    const QString method = QString::fromStdString(request.method);
    const QString path = QString::fromStdString(request.path);
    const bool keep_alive = request.keepAlive();
    const bool download = request.path.rfind("/download_file/", 0) == 0;
    const auto endpoint = endpoints().find(download ? std::string("/download_file/") : request.path);
    if (request.method == "OPTIONS") {  // a browser's preflight
      auto headers = std::vector<std::pair<std::string, std::string>>{{"Allow", "GET, POST, OPTIONS"}};
      if (!settings.allowOrigin.isEmpty()) {
        headers.push_back({"Access-Control-Allow-Methods", "GET, POST, OPTIONS"});
        headers.push_back({"Access-Control-Allow-Headers", "Content-Type"});
        headers.push_back({"Access-Control-Max-Age", "86400"});
      }
      respond(id, 204, "", keep_alive, method, path, since.elapsed(), 0, headers);
      return;
    }
    if (endpoint == endpoints().end()) {
      std::string list;
      for (const auto& [name, verb] : endpoints()) list += (list.empty() ? "" : ", ") + verb + " " + name;
      respond(id, 404, errorReply("there is no " + request.path + " here; the endpoints: " + list),
              keep_alive, method, path, since.elapsed());
      return;
    }
    if (request.method != endpoint->second) {
      respond(id, 405, errorReply(request.method + " " + request.path + ": it takes " + endpoint->second),
              keep_alive, method, path, since.elapsed(), 0, {{"Allow", endpoint->second}});
      return;
    }
    if (download) {  // a file /translate_file translated: /download_file/ID.NAME
      const std::string rest = request.path.substr(15);
      const auto file = files.by_id.find(rest.substr(0, rest.find('.')));
      if (file == files.by_id.end()) {
        respond(id, 404,
                errorReply("no translated file " + rest + " here (the newest 32 translations are kept)"),
                keep_alive, method, path, since.elapsed());
        return;
      }
      respond(id, 200, file->second.bytes, keep_alive, method, path, since.elapsed(), 0,
              {{"Content-Disposition", "attachment; filename*=UTF-8''" + percentEncoded(file->second.name)}},
              mediaTypeOf(file->second.name));
      return;
    }
    if (request.path == "/languages") {
      respond(id, 200, languagesReply(), keep_alive, method, path, since.elapsed());
      return;
    }
    if (request.path == "/frontend/settings") {
      respond(id, 200, frontendSettingsReply(), keep_alive, method, path, since.elapsed());
      return;
    }
    if (request.path == "/" || request.path == "/health") {
      const size_t waiting = queue->waitingTexts();
      nlohmann::json info = {{"status", "ok"}, {"model", settings.modelName}, {"source", "vi"},
                             {"target", "en"}, {"beam", queue->beam()},       {"waiting_texts", waiting}};
      if (request.path == "/") {
        info["endpoints"] = nlohmann::json::array();
        for (const auto& [name, verb] : endpoints()) info["endpoints"].push_back(verb + " " + name);
      }
      respond(id, 200, info.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace), keep_alive,
              method, path, since.elapsed());
      return;
    }
    TranslationJob job;
    try {
      job = request.path == "/translate"        ? libreTranslateJob(request, queue->maxAlternatives())
            : request.path == "/translate_file" ? libreTranslateFileJob(request)
                                                : nativeJob(request, queue->maxAlternatives());
    } catch (const ApiError& e) {
      respond(id, e.status, errorReply(e.what()), keep_alive, method, path, since.elapsed());
      return;
    } catch (const std::exception& e) {
      // Reading a request is not meant to throw anything else (fuzz_http checks it); were it to, the
      // server answers and stays up instead of ending in a slot.
      respond(id, 500, errorReply(std::string("the request could not be read: ") + e.what()), keep_alive,
              method, path, since.elapsed());
      return;
    }
    const size_t texts = job.isFile() ? 1 : job.texts.size();
    const uint64_t ticket = next_ticket++;
    if (!queue->submit(ticket, std::move(job), settings.maxQueuedTexts)) {
      respond(id, 503,
              errorReply(std::to_string(queue->waitingTexts()) +
                         " texts are waiting for the model already (at most " +
                         std::to_string(settings.maxQueuedTexts) + "); try again"),
              keep_alive, method, path, since.elapsed(), texts, {{"Retry-After", "1"}});
      return;
    }
    std::string host = request.header("Host");
    if (host.empty())
      host = settings.host.toString().toStdString() + ":" + std::to_string(server.serverPort());
    pending[ticket] = Pending{id, keep_alive, method, path, texts, since, host};
    c.busy = true;
    c.idle->stop();
  }

  // A request's answer, back on the server's thread.
  void finished(uint64_t ticket, const TranslationQueue::Answer& answer) {
    const auto it = pending.find(ticket);
    if (it == pending.end()) return;
    const Pending p = it->second;
    pending.erase(it);
    if (!answer.file_name.empty()) {  // kept for its download, its address the reply
      const std::string kept = files.keep(answer.file_name, answer.file_bytes);
      const std::string url =
          "http://" + p.host + "/download_file/" + kept + "." + percentEncoded(answer.file_name);
      respond(p.connection, 200, libreTranslateFileReply(url), p.keep_alive, p.method, p.path,
              p.since.elapsed(), p.texts);
    } else {
      respond(p.connection, answer.status, answer.body, p.keep_alive, p.method, p.path, p.since.elapsed(),
              p.texts);
    }
    auto c = connections.find(p.connection);
    if (c == connections.end()) return;
    c->second.busy = false;
    if (!c->second.closing) read(p.connection);  // a request sent behind it
  }
};

TranslationServer::TranslationServer(std::shared_ptr<const model::Translator> translator,
                                     const model::DecodingOptions& options, ServerSettings settings,
                                     QObject* parent)
    : QObject(parent),
      impl_(std::make_unique<Impl>(this, std::move(translator), options, std::move(settings))) {
  connect(&impl_->server, &QTcpServer::newConnection, this, [this] { impl_->accept(); });
}

TranslationServer::~TranslationServer() {
  impl_->queue.reset();  // its batch ends; its answers, posted, are dropped with this object
  impl_->server.close();
  for (auto& [id, c] : impl_->connections) {
    c.socket->disconnect(this);
    c.socket->abort();
    delete c.socket;
  }
}

bool TranslationServer::listen(QString* error) {
  if (!impl_->server.listen(impl_->settings.host, impl_->settings.port)) {
    if (error)
      *error = QString("cannot listen on %1:%2: %3")
                   .arg(impl_->settings.host.toString())
                   .arg(impl_->settings.port)
                   .arg(impl_->server.errorString());
    return false;
  }
  return true;
}

quint16 TranslationServer::port() const { return impl_->server.serverPort(); }

}  // namespace studio::server
