#pragma once

#include <QHostAddress>
#include <QObject>
#include <QString>

#include <memory>
#include <string>

#include "app/server/HttpMessage.h"

namespace studio::model {
class Translator;
struct DecodingOptions;
}  // namespace studio::model

// `attention-studio-cli serve`: a model behind HTTP (TranslationApi.h's
// endpoints). Connections are read on the thread the server lives in; the
// model translates on a worker thread of its own, the requests waiting
// together translated in shared batches (a sentence seen before is taken
// from a memo). A client gets its replies in the order it sent its requests.
namespace studio::server {

struct ServerSettings {
  QHostAddress host = QHostAddress::LocalHost;
  quint16 port = 5000;  // 0: one the system picks (port() says which)
  HttpLimits limits;
  QString allowOrigin;            // CORS: Access-Control-Allow-Origin on every reply ("" = none)
  int idleSeconds = 60;  // closed after this long without a request, 408 when one begun has not arrived whole
  int maxConnections = 64;        // more are answered 503 and closed
  size_t maxQueuedTexts = 10000;  // texts waiting for the model; a request past it is answered 503
  std::string modelName;          // shown in replies
};

class TranslationServer : public QObject {
  Q_OBJECT

 public:
  // The translator is used on the worker thread alone from now until the
  // server is destroyed; `options` are every request's (a request chooses
  // its number of alternatives, at most options.beam_size).
  TranslationServer(std::shared_ptr<const model::Translator> translator,
                    const model::DecodingOptions& options, ServerSettings settings,
                    QObject* parent = nullptr);
  ~TranslationServer() override;

  // Starts listening; false with the reason in `error` (the port taken, ...).
  bool listen(QString* error);
  quint16 port() const;

 Q_SIGNALS:
  // A line a request answered: "PEER METHOD PATH STATUS MILLISECONDS ms [N texts]".
  void requestServed(const QString& line);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace studio::server
