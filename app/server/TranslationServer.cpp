#include "app/server/TranslationServer.h"

#include <QElapsedTimer>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTimer>

#include <condition_variable>
#include <deque>
#include <map>
#include <mutex>
#include <new>
#include <thread>

#include <nlohmann/json.hpp>

#include "app/server/TranslationApi.h"
#include "model/decoding/DocumentTranslation.h"
#include "model/decoding/TextTranslation.h"
#include "model/decoding/Translator.h"

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

struct Job {
  quint64 connection = 0;
  TranslationJob job;
  bool keep_alive = true;
  QString method, path;
  QElapsedTimer since;
};

struct Answer {
  int status = 200;
  std::string body;
};

// Every request's endpoints, for 404's message and 405's Allow.
const std::map<std::string, std::string>& endpoints() {
  static const std::map<std::string, std::string> all{
      {"/", "GET"},           {"/health", "GET"},        {"/languages", "GET"},
      {"/translate", "POST"}, {"/v1/translate", "POST"},
  };
  return all;
}

TextResult resultOf(const model::TextTranslation& t, const TranslationJob& job) {
  TextResult r;
  const auto best = t.joined(0);
  r.text = best.text;
  r.score = best.score;
  if (job.details)
    for (size_t i = 0; i < best.pieces.size(); ++i)
      r.pieces.emplace_back(best.pieces[i], i < best.probabilities.size() ? best.probabilities[i] : 0.0f);
  for (size_t k = 1; k < t.nbest() && int(r.alternatives.size()) < job.alternatives; ++k) {
    const auto other = t.joined(k);
    bool seen = other.text == r.text;
    for (const auto& a : r.alternatives) seen = seen || a.text == other.text;
    if (!seen) r.alternatives.push_back({other.text, other.score});
  }
  r.notices = t.source.notices;
  return r;
}

}  // namespace

struct TranslationServer::Impl {
  TranslationServer* owner;
  std::shared_ptr<const model::Translator> translator;
  std::unique_ptr<model::DecodingOptions> options;
  ServerSettings settings;
  QTcpServer server;
  std::map<quint64, Connection> connections;
  quint64 next_connection = 1;

  // The worker's queue.
  std::mutex mutex;
  std::condition_variable wake;
  std::deque<Job> queue;
  size_t queued_texts = 0;
  bool quit = false;
  std::thread worker;
  std::map<int64_t, model::TranslationMemo> memos;  // the worker's, one an n-best size

  Impl(TranslationServer* o, std::shared_ptr<const model::Translator> t, const model::DecodingOptions& opts,
       ServerSettings s)
      : owner(o),
        translator(std::move(t)),
        options(std::make_unique<model::DecodingOptions>(opts)),
        settings(std::move(s)) {}

  int maxAlternatives() const { return int(std::max<int64_t>(1, options->beam_size)) - 1; }

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
               std::vector<std::pair<std::string, std::string>> extra = {}) {
    auto it = connections.find(id);
    if (it == connections.end()) return;
    Connection& c = it->second;
    if (c.socket->state() != QAbstractSocket::ConnectedState) {  // the client left before its answer
      log(c, method, path, status, ms, texts);
      return;
    }
    for (auto& header : corsHeaders()) extra.push_back(std::move(header));
    const char* type = body.empty() ? "" : "application/json";
    c.socket->write(QByteArray::fromStdString(httpResponse(status, type, body, keep_alive, extra)));
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
    if (!c.busy && !c.closing) c.idle->start();
  }

  void handle(quint64 id, Connection& c, const HttpRequest& request) {
    QElapsedTimer since;
    since.start();
    const QString method = QString::fromStdString(request.method);
    const QString path = QString::fromStdString(request.path);
    const bool keep_alive = request.keepAlive();
    const auto endpoint = endpoints().find(request.path);
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
    if (request.path == "/languages") {
      respond(id, 200, languagesReply(), keep_alive, method, path, since.elapsed());
      return;
    }
    if (request.path == "/" || request.path == "/health") {
      size_t waiting = 0;
      {
        std::lock_guard<std::mutex> lock(mutex);
        waiting = queued_texts;
      }
      nlohmann::json info = {{"status", "ok"}, {"model", settings.modelName}, {"source", "vi"},
                             {"target", "en"}, {"beam", options->beam_size},  {"waiting_texts", waiting}};
      if (request.path == "/") {
        info["endpoints"] = nlohmann::json::array();
        for (const auto& [name, verb] : endpoints()) info["endpoints"].push_back(verb + " " + name);
      }
      respond(id, 200, info.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace), keep_alive,
              method, path, since.elapsed());
      return;
    }
    Job job;
    try {
      job.job = request.path == "/translate" ? libreTranslateJob(request, maxAlternatives())
                                             : nativeJob(request, maxAlternatives());
    } catch (const ApiError& e) {
      respond(id, e.status, errorReply(e.what()), keep_alive, method, path, since.elapsed());
      return;
    }
    job.connection = id;
    job.keep_alive = keep_alive;
    job.method = method;
    job.path = path;
    job.since = since;
    {
      std::lock_guard<std::mutex> lock(mutex);
      if (queued_texts + job.job.texts.size() > settings.maxQueuedTexts) {
        respond(
            id, 503,
            errorReply(std::to_string(queued_texts) + " texts are waiting for the model already (at most " +
                       std::to_string(settings.maxQueuedTexts) + "); try again"),
            keep_alive, method, path, since.elapsed(), job.job.texts.size(), {{"Retry-After", "1"}});
        return;
      }
      queued_texts += job.job.texts.size();
      queue.push_back(std::move(job));
    }
    c.busy = true;
    c.idle->stop();
    wake.notify_one();
  }

  // A job's answer, back on the server's thread.
  void finished(const Job& job, const Answer& answer) {
    respond(job.connection, answer.status, answer.body, job.keep_alive, job.method, job.path,
            job.since.elapsed(), job.job.texts.size());
    auto it = connections.find(job.connection);
    if (it == connections.end()) return;
    it->second.busy = false;
    if (!it->second.closing) read(job.connection);  // a request sent behind it
  }

  // --- the model (the worker thread) ---

  void work() {
    for (;;) {
      std::vector<Job> batch;
      {
        std::unique_lock<std::mutex> lock(mutex);
        wake.wait(lock, [this] { return quit || !queue.empty(); });
        if (quit) return;
        // Whatever waits, together (up to about a thousand texts).
        size_t texts = 0;
        while (!queue.empty() && (batch.empty() || texts + queue.front().job.texts.size() <= 1024)) {
          texts += queue.front().job.texts.size();
          batch.push_back(std::move(queue.front()));
          queue.pop_front();
        }
      }
      auto answers = translateBatch(batch);
      {
        std::lock_guard<std::mutex> lock(mutex);
        for (const auto& job : batch) queued_texts -= job.job.texts.size();
      }
      for (size_t i = 0; i < batch.size(); ++i)
        QMetaObject::invokeMethod(
            owner,
            [this, job = std::move(batch[i]), answer = std::move(answers[i])] { finished(job, answer); },
            Qt::QueuedConnection);
    }
  }

  static Answer failure(const std::exception& e) {
    if (dynamic_cast<const std::bad_alloc*>(&e))
      return {503, errorReply("out of memory while translating; send fewer or shorter texts")};
    const std::string what = e.what();
    return {500, errorReply("the translation failed: " + what.substr(0, what.find('\n')))};
  }

  Answer answerOf(const Job& job, const std::vector<TextResult>& results, double ms) const {
    if (job.job.api == TranslationJob::Api::LibreTranslate)
      return {200, libreTranslateReply(job.job, results)};
    return {200, nativeReply(job.job, results, ms, settings.modelName)};
  }

  // Plain texts: every job's together, n-best as long as the longest asked.
  std::vector<Answer> translatePlain(const std::vector<const Job*>& jobs) {
    QElapsedTimer timer;
    timer.start();
    std::vector<std::string> texts;
    int64_t nbest = 1;
    for (const Job* job : jobs) {
      texts.insert(texts.end(), job->job.texts.begin(), job->job.texts.end());
      nbest = std::max<int64_t>(nbest, job->job.alternatives + 1);
    }
    auto opts = *options;
    opts.nbest = std::min(nbest, std::max<int64_t>(1, opts.beam_size));
    auto& memo = memos[opts.nbest];
    const auto translated = model::translateTexts(*translator, texts, opts, data::SplitMode::Sentences, 4096,
                                                  nullptr, false, &memo);
    const double ms = double(timer.nsecsElapsed()) / 1e6;
    std::vector<Answer> answers;
    size_t next = 0;
    for (const Job* job : jobs) {
      std::vector<TextResult> results;
      for (size_t i = 0; i < job->job.texts.size(); ++i)
        results.push_back(resultOf(translated.at(next++), job->job));
      answers.push_back(answerOf(*job, results, ms));
    }
    return answers;
  }

  // Texts with markup: each line's tags put back around its words' translations.
  Answer translateMarked(const Job& job) {
    QElapsedTimer timer;
    timer.start();
    std::vector<TextResult> results;
    auto opts = *options;
    opts.nbest = 1;
    for (const auto& text : job.job.texts) {
      model::TextDocument document;
      size_t start = 0;
      while (start <= text.size()) {
        size_t end = text.find('\n', start);
        if (end == std::string::npos) end = text.size();
        std::string line = text.substr(start, end - start);
        if (!line.empty() && line.back() == '\r') line.pop_back();
        document.lines.push_back(std::move(line));
        start = end + 1;
      }
      const auto translated = model::translateMarkedDocument(*translator, document, opts);
      TextResult r;
      for (size_t i = 0; i < translated.translation.lines.size(); ++i)
        r.text += (i ? "\n" : "") + translated.translation.lines[i];
      r.notices = translated.notices;
      results.push_back(std::move(r));
    }
    return answerOf(job, results, double(timer.nsecsElapsed()) / 1e6);
  }

  std::vector<Answer> translateBatch(const std::vector<Job>& batch) {
    std::vector<Answer> answers(batch.size());
    std::vector<const Job*> plain;
    std::vector<size_t> plain_at;
    for (size_t i = 0; i < batch.size(); ++i) {
      if (batch[i].job.markup) {
        try {
          answers[i] = translateMarked(batch[i]);
        } catch (const std::exception& e) {
          answers[i] = failure(e);
        }
      } else {
        plain.push_back(&batch[i]);
        plain_at.push_back(i);
      }
    }
    if (plain.empty()) return answers;
    try {
      const auto together = translatePlain(plain);
      for (size_t k = 0; k < plain.size(); ++k) answers[plain_at[k]] = together[k];
    } catch (const std::exception&) {
      // One request's texts failed the batch: each again alone, so that only its own fails.
      for (size_t k = 0; k < plain.size(); ++k) {
        try {
          answers[plain_at[k]] = translatePlain({plain[k]}).at(0);
        } catch (const std::exception& e) {
          answers[plain_at[k]] = failure(e);
        }
      }
    }
    return answers;
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
  {
    std::lock_guard<std::mutex> lock(impl_->mutex);
    impl_->quit = true;
  }
  impl_->wake.notify_all();
  if (impl_->worker.joinable()) impl_->worker.join();
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
  if (!impl_->worker.joinable()) impl_->worker = std::thread([impl = impl_.get()] { impl->work(); });
  return true;
}

quint16 TranslationServer::port() const { return impl_->server.serverPort(); }

}  // namespace studio::server
