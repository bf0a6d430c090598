// serve's server (app/server/TranslationServer) on a port of its own, with a
// small untrained model: what it answers is what the engine translates.
#include <QElapsedTimer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QtTest/QtTest>

#include <nlohmann/json.hpp>

#include "app/server/TranslationServer.h"
#include "common/SuiteMain.h"
#include "common/TestUtil.h"
#include "model/decoding/EpubTranslation.h"
#include "model/decoding/OfficeTranslation.h"
#include "model/decoding/TextTranslation.h"
#include "model/decoding/Translator.h"
#include "model/files/EpubFile.h"
#include "model/files/ModelFile.h"
#include "model/files/OfficeFile.h"
#include "model/files/ZipWriter.h"

using namespace studio;
using nlohmann::json;

namespace {

struct Reply {
  int status = 0;
  QByteArray head;  // the status line and headers
  json body;        // null when empty or not JSON
  QByteArray raw;   // the body's bytes
};

// The length of the first whole response in `bytes`, 0 while it is not whole.
qsizetype wholeResponse(const QByteArray& bytes) {
  const qsizetype end = bytes.indexOf("\r\n\r\n");
  if (end < 0) return 0;
  const QByteArray head = bytes.left(end);
  qsizetype length = 0;
  for (const QByteArray& line : head.split('\n'))
    if (line.toLower().startsWith("content-length:")) length = line.mid(15).trimmed().toLongLong();
  return bytes.size() >= end + 4 + length ? end + 4 + length : 0;
}

Reply replyOf(const QByteArray& bytes) {
  Reply r;
  const qsizetype end = bytes.indexOf("\r\n\r\n");
  r.head = bytes.left(end);
  r.status = r.head.mid(9, 3).toInt();
  const QByteArray body = bytes.mid(end + 4);
  r.raw = body;
  if (!body.isEmpty() && r.head.contains("Content-Type: application/json"))
    r.body = json::parse(body.toStdString());
  return r;
}

// A client on its own connection: the server answers on this thread's event loop.
class Client {
 public:
  explicit Client(quint16 port) { socket_.connectToHost(QHostAddress::LocalHost, port); }

  void send(const QByteArray& bytes) { socket_.write(bytes); }

  // The next `count` responses, in order (empty where they did not come within 60 s).
  QList<Reply> receive(int count = 1) {
    QList<Reply> replies;
    QElapsedTimer timer;
    timer.start();
    while (replies.size() < count && timer.elapsed() < 60000) {
      QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
      buffer_ += socket_.readAll();
      while (const qsizetype n = wholeResponse(buffer_)) {
        replies << replyOf(buffer_.left(n));
        buffer_.remove(0, n);
      }
    }
    return replies;
  }

  // Something came back already (after the events waiting are handled).
  bool answered() {
    QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
    buffer_ += socket_.readAll();
    return !buffer_.isEmpty();
  }

  Reply exchange(const QByteArray& bytes) {
    send(bytes);
    const auto replies = receive();
    return replies.isEmpty() ? Reply{} : replies.first();
  }

  // Closed by the server within 10 s.
  bool closedByServer() {
    QElapsedTimer timer;
    timer.start();
    while (socket_.state() != QAbstractSocket::UnconnectedState && timer.elapsed() < 10000) {
      QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
      buffer_ += socket_.readAll();
    }
    return socket_.state() == QAbstractSocket::UnconnectedState;
  }

 private:
  QTcpSocket socket_;
  QByteArray buffer_;
};

QByteArray post(const QByteArray& path, const json& body, const QByteArray& extra_headers = {}) {
  const QByteArray bytes = QByteArray::fromStdString(body.dump());
  return "POST " + path + " HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n" +
         extra_headers + "Content-Length: " + QByteArray::number(bytes.size()) + "\r\n\r\n" + bytes;
}

// A multipart form as curl -F sends one: each field's name, and a file's name where it is one.
struct Field {
  QByteArray name, filename, content;
};
QByteArray postForm(const QByteArray& path, const QList<Field>& fields) {
  const QByteArray boundary = "------------------------d74496d66958873e";
  QByteArray body;
  for (const auto& f : fields) {
    body += "--" + boundary + "\r\nContent-Disposition: form-data; name=\"" + f.name + "\"";
    if (!f.filename.isEmpty())
      body += "; filename=\"" + f.filename + "\"\r\nContent-Type: application/octet-stream";
    body += "\r\n\r\n" + f.content + "\r\n";
  }
  body += "--" + boundary + "--\r\n";
  return "POST " + path +
         " HTTP/1.1\r\nHost: localhost\r\nContent-Type: multipart/form-data; boundary=" + boundary +
         "\r\nContent-Length: " + QByteArray::number(body.size()) + "\r\n\r\n" + body;
}

QByteArray get(const QByteArray& path) { return "GET " + path + " HTTP/1.1\r\nHost: localhost\r\n\r\n"; }

}  // namespace

class TestServer : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void initTestCase();
  void libreTranslateAnswersWhatTheEngineTranslates();
  void ourApiGivesScoresPiecesAndAlternatives();
  void requestsSentTogetherGetTheirOwnAnswers();
  void aRequestChoosesItsBeam();
  void aConnectionsRequestsAreAnsweredInOrder();
  void mistakesAreAnsweredAndTheConnectionKept();
  void brokenRequestsAreAnsweredAndTheConnectionClosed();
  void markupIsKeptAroundTheWords();
  void browsersAreLetInWhenAsked();
  void limitsTurnRequestsAway();
  void filesAreTranslatedWholeAndDownloaded();

 private:
  std::unique_ptr<server::TranslationServer> start(server::ServerSettings settings = {});
  QTemporaryDir dir_;
  std::shared_ptr<model::Translator> translator_;
  model::DecodingOptions options_;
};

void TestServer::initTestCase() {
  QVERIFY(dir_.isValid());
  const std::string data =
      test::prepareNumberedCorpus(dir_.path().toStdString(), {"mở tập tin", "đóng cửa sổ", "lưu tài liệu"},
                                  {"open the file", "close the window", "save the document"}, 200, 60);
  const data::Tokenizer tokenizer(data + "/spm.model");
  auto options = test::smallOptions();
  options.vocab_size = tokenizer.vocabSize();
  options.max_length = 24;  // a long sentence is cut into parts, with a notice
  torch::manual_seed(7);
  model::Transformer m(options);
  model::saveModel(m, data + "/model.pt");
  translator_ =
      std::make_shared<model::Translator>(model::Translator::fromFiles(data + "/model.pt", "", torch::kCPU));
  options_.beam_size = 4;
}

std::unique_ptr<server::TranslationServer> TestServer::start(server::ServerSettings settings) {
  settings.port = 0;
  settings.modelName = "model.pt";
  auto s = std::make_unique<server::TranslationServer>(translator_, options_, settings);
  QString error;
  if (!s->listen(&error)) qFatal("%s", qPrintable(error));
  return s;
}

void TestServer::libreTranslateAnswersWhatTheEngineTranslates() {
  auto server = start();
  QStringList log;
  connect(server.get(), &server::TranslationServer::requestServed, [&](const QString& line) { log << line; });
  const std::vector<std::string> texts{"mở tập tin 12", "đóng cửa sổ. lưu tài liệu!", ""};
  const auto expected = model::translateTexts(*translator_, texts, options_);
  Client client(server->port());
  auto reply = client.exchange(post("/translate", {{"q", texts[0]}, {"source", "vi"}, {"target", "en"}}));
  QCOMPARE(reply.status, 200);
  QCOMPARE(reply.body, json({{"translatedText", expected[0].text()}}));
  reply = client.exchange(post("/translate", {{"q", texts}, {"source", "auto"}}));
  QCOMPARE(reply.status, 200);
  QCOMPARE(reply.body["translatedText"],
           json::array({expected[0].text(), expected[1].text(), expected[2].text()}));
  // A form, as LibreTranslate's own page sends it.
  const QByteArray form = "q=m%E1%BB%9F+t%E1%BA%ADp+tin+12&source=vi&target=en";
  reply = client.exchange(
      "POST /translate HTTP/1.1\r\nContent-Type: application/x-www-form-urlencoded\r\n"
      "Content-Length: " +
      QByteArray::number(form.size()) + "\r\n\r\n" + form);
  QCOMPARE(reply.body, json({{"translatedText", expected[0].text()}}));
  reply = client.exchange(get("/languages"));
  QCOMPARE(reply.body[0]["code"], json("vi"));
  // What LibreTranslate's page asks first: the languages, and the files it may send.
  reply = client.exchange(get("/frontend/settings"));
  QCOMPARE(reply.status, 200);
  QCOMPARE(reply.body["language"]["source"]["code"], json("vi"));
  QCOMPARE(reply.body["language"]["target"]["code"], json("en"));
  QCOMPARE(reply.body["filesTranslation"], json(true));
  QCOMPARE(reply.body["apiKeys"], json(false));
  const auto formats = reply.body["supportedFilesFormat"];
  for (const char* taken : {".txt", ".html", ".xlf", ".docx", ".pptx", ".xlsx", ".odt", ".odp", ".ods",
                            ".epub", ".srt", ".vtt", ".md"})
    QVERIFY2(std::find(formats.begin(), formats.end(), json(taken)) != formats.end(), taken);
  QVERIFY(std::find(formats.begin(), formats.end(), json(".pdf")) == formats.end());
  reply = client.exchange(get("/health"));
  QCOMPARE(reply.body["status"], json("ok"));
  QCOMPARE(reply.body["model"], json("model.pt"));
  QCOMPARE(log.size(), 6);
  QVERIFY2(log[1].startsWith("127.0.0.1 POST /translate 200 ") && log[1].endsWith(" 3 texts"),
           qPrintable(log[1]));
}

void TestServer::ourApiGivesScoresPiecesAndAlternatives() {
  auto server = start();
  const std::string text = "lưu tài liệu 7";
  auto options = options_;
  options.nbest = 3;
  const auto expected = model::translateTexts(*translator_, {text}, options).at(0);
  Client client(server->port());
  const auto reply =
      client.exchange(post("/v1/translate", {{"text", text}, {"nbest", 3}, {"details", true}}));
  QCOMPARE(reply.status, 200);
  const auto& t = reply.body["translations"][0];
  const auto best = expected.joined(0);
  QCOMPARE(t["text"], json(best.text));
  QCOMPARE(t["score"].get<double>(), best.score);
  QCOMPARE(t["pieces"].size(), best.pieces.size());
  for (size_t i = 0; i < best.pieces.size(); ++i) {
    QCOMPARE(t["pieces"][i]["piece"], json(best.pieces[i]));
    QCOMPARE(t["pieces"][i]["probability"].get<float>(), best.probabilities[i]);
  }
  // The alternatives: the other hypotheses, each once, none the best.
  std::vector<std::string> others;
  for (size_t k = 1; k < expected.nbest(); ++k) {
    const auto h = expected.joined(k).text;
    if (h != best.text && std::find(others.begin(), others.end(), h) == others.end()) others.push_back(h);
  }
  QCOMPARE(t["alternatives"].size(), std::min<size_t>(others.size(), 2));
  for (size_t k = 0; k < t["alternatives"].size(); ++k)
    QCOMPARE(t["alternatives"][k]["text"], json(others[k]));
  QVERIFY(reply.body["milliseconds"].get<double>() > 0);
  // A sentence too long for the model's positions is cut, and says so.
  std::string long_text;
  for (int i = 0; i < 12; ++i) long_text += "mở tập tin " + std::to_string(i) + " ";
  const auto cut = client.exchange(post("/v1/translate", {{"texts", {long_text}}}));
  QCOMPARE(cut.status, 200);
  QVERIFY(cut.body["translations"].is_array());
  QCOMPARE(cut.body["translations"][0]["text"],
           json(model::translateTexts(*translator_, {long_text}, options_)[0].text()));
  QVERIFY2(cut.body["translations"][0].contains("notices"), cut.body.dump().c_str());
}

void TestServer::requestsSentTogetherGetTheirOwnAnswers() {
  auto server = start();
  std::vector<std::unique_ptr<Client>> clients;
  std::vector<std::string> texts;
  for (int i = 0; i < 6; ++i) {
    texts.push_back((i % 2 ? "đóng cửa sổ " : "mở tập tin ") + std::to_string(i * 11));
    clients.push_back(std::make_unique<Client>(server->port()));
  }
  const auto expected = model::translateTexts(*translator_, texts, options_);
  for (int i = 0; i < 6; ++i)
    clients[size_t(i)]->send(post("/translate", {{"q", {texts[size_t(i)], texts[size_t(5 - i)]}}}));
  for (int i = 0; i < 6; ++i) {
    const auto replies = clients[size_t(i)]->receive();
    QCOMPARE(replies.size(), 1);
    QCOMPARE(replies[0].body["translatedText"],
             json::array({expected[size_t(i)].text(), expected[size_t(5 - i)].text()}));
  }
}

void TestServer::aRequestChoosesItsBeam() {
  // "beam" in our API: that request searched so (1 greedy), beside requests on
  // the server's beam of 4 waiting with it; its n-best as long as its beam.
  auto server = start();
  std::vector<std::string> texts;
  for (int i = 0; i < 6; ++i)
    texts.push_back((i % 2 ? "lưu tài liệu " : "mở tập tin ") + std::to_string(i * 7));
  auto greedy = options_, wide = options_;
  greedy.beam_size = 1;
  wide.beam_size = 6;
  wide.nbest = 6;
  const auto on_four = model::translateTexts(*translator_, texts, options_);
  const auto on_one = model::translateTexts(*translator_, texts, greedy);
  const auto on_six = model::translateTexts(*translator_, texts, wide);
  bool differs = false;
  for (size_t i = 0; i < texts.size(); ++i)
    differs = differs || on_one[i].text() != on_four[i].text() || on_six[i].text() != on_four[i].text();
  QVERIFY2(differs, "the beam changes none of these translations: the test would not tell them apart");
  std::vector<std::unique_ptr<Client>> clients;
  for (int i = 0; i < 3; ++i) clients.push_back(std::make_unique<Client>(server->port()));
  clients[0]->send(post("/v1/translate", {{"texts", texts}, {"beam", 1}}));
  clients[1]->send(post("/v1/translate", {{"texts", texts}}));
  clients[2]->send(post("/v1/translate", {{"texts", texts}, {"beam", 6}, {"nbest", 6}}));
  const std::vector<const std::vector<model::TextTranslation>*> expected{&on_one, &on_four, &on_six};
  for (size_t c = 0; c < 3; ++c) {
    const auto replies = clients[c]->receive();
    QCOMPARE(replies.size(), 1);
    QCOMPARE(replies[0].status, 200);
    for (size_t i = 0; i < texts.size(); ++i) {
      const auto& t = replies[0].body["translations"][i];
      QCOMPARE(t["text"], json((*expected[c])[i].text()));
      QCOMPARE(t["score"].get<double>(), (*expected[c])[i].joined(0).score);
    }
  }
  // Its limits, named: the beam from 1 to 16, the n-best within this request's beam.
  Client client(server->port());
  for (const json& beam : {json(0), json(17), json("wide")}) {
    const auto reply = client.exchange(post("/v1/translate", {{"text", "mở"}, {"beam", beam}}));
    QCOMPARE(reply.status, 400);
    QVERIFY2(reply.body["error"].get<std::string>().find("'beam'") != std::string::npos,
             reply.body.dump().c_str());
  }
  auto reply = client.exchange(post("/v1/translate", {{"text", "mở"}, {"beam", 2}, {"nbest", 3}}));
  QCOMPARE(reply.status, 400);
  QVERIFY2(reply.body["error"].get<std::string>().find("from 1 to 2") != std::string::npos,
           reply.body.dump().c_str());
  reply = client.exchange(post("/v1/translate", {{"text", "mở"}, {"beam", 8}, {"nbest", 8}}));
  QCOMPARE(reply.status, 200);
}

void TestServer::aConnectionsRequestsAreAnsweredInOrder() {
  auto server = start();
  Client client(server->port());
  // Three requests in one write: a translation, a mistake, the health.
  client.send(post("/v1/translate", {{"text", "mở tập tin"}}) + get("/nowhere") + get("/health"));
  const auto replies = client.receive(3);
  QCOMPARE(replies.size(), 3);
  QCOMPARE(replies[0].status, 200);
  QVERIFY(replies[0].body.contains("translations"));
  QCOMPARE(replies[1].status, 404);
  QCOMPARE(replies[2].status, 200);
  QCOMPARE(replies[2].body["status"], json("ok"));
}

void TestServer::mistakesAreAnsweredAndTheConnectionKept() {
  auto server = start();
  Client client(server->port());
  auto reply = client.exchange(get("/translate"));
  QCOMPARE(reply.status, 405);
  QVERIFY(reply.head.contains("Allow: POST"));
  QVERIFY(reply.body["error"].get<std::string>().find("it takes POST") != std::string::npos);
  reply = client.exchange(get("/nowhere"));
  QCOMPARE(reply.status, 404);
  QVERIFY(reply.body["error"].get<std::string>().find("POST /translate") != std::string::npos);
  reply = client.exchange(post("/translate", {{"q", "x"}, {"target", "de"}}));
  QCOMPARE(reply.status, 400);
  QVERIFY(reply.body["error"].get<std::string>().find("'de'") != std::string::npos);
  reply = client.exchange(post("/v1/translate", {{"text", "x"}, {"nbest", 9}}));
  QCOMPARE(reply.status, 400);
  QVERIFY2(reply.body["error"].get<std::string>().find("from 1 to 4") != std::string::npos,
           reply.body.dump().c_str());
  // A number no double holds: a 400, and the server still up.
  const std::string huge = "{\"texts\": [99999E99999999998]}";
  reply = client.exchange(QByteArray::fromStdString(
      "POST /v1/translate HTTP/1.1\r\nContent-Type: application/json\r\nContent-Length: " +
      std::to_string(huge.size()) + "\r\n\r\n" + huge));
  QCOMPARE(reply.status, 400);
  QVERIFY2(reply.body["error"].get<std::string>().find("number overflow") != std::string::npos,
           reply.body.dump().c_str());
  // The same connection still translates.
  reply = client.exchange(post("/translate", {{"q", "mở"}}));
  QCOMPARE(reply.status, 200);
}

void TestServer::brokenRequestsAreAnsweredAndTheConnectionClosed() {
  auto server = start();
  Client client(server->port());
  const auto reply = client.exchange("POST /translate HTTP/1.1\r\nContent-Length: twelve\r\n\r\n");
  QCOMPARE(reply.status, 400);
  QVERIFY(reply.head.contains("Connection: close"));
  QVERIFY(reply.body["error"].get<std::string>().find("'twelve'") != std::string::npos);
  QVERIFY(client.closedByServer());
  // A request that does not arrive whole in time.
  server::ServerSettings settings;
  settings.idleSeconds = 1;
  auto impatient = start(settings);
  Client slow(impatient->port());
  const auto late = slow.exchange("POST /translate HTTP/1.1\r\nContent-Length: 50\r\n\r\n{\"q\":");
  QCOMPARE(late.status, 408);
  QVERIFY(slow.closedByServer());
  // Bytes that keep coming do not keep a request open: it has its time to arrive whole.
  Client trickle(impatient->port());
  trickle.send("POST /translate HTTP/1.1\r\n");
  bool cut_off = false;
  for (int i = 0; i < 12 && !cut_off; ++i) {
    QTest::qWait(400);
    trickle.send("X-Filler: " + QByteArray::number(i) + "\r\n");
    cut_off = trickle.answered();
  }
  QVERIFY2(cut_off, "a request trickling in was kept open for 4.8 s with a limit of 1 s");
  QCOMPARE(trickle.receive().value(0).status, 408);
}

void TestServer::markupIsKeptAroundTheWords() {
  auto server = start();
  Client client(server->port());
  const auto reply = client.exchange(
      post("/translate", {{"q", "<p>mở <b>tập tin</b></p>\n<i>lưu</i>"}, {"format", "html"}}));
  QCOMPARE(reply.status, 200);
  const QString text = QString::fromStdString(reply.body["translatedText"].get<std::string>());
  QCOMPARE(text.count('\n'), 1);
  for (const char* tag : {"<p>", "</p>", "<b>", "</b>", "<i>", "</i>"})
    QVERIFY2(text.contains(tag), qPrintable(text));
  QVERIFY2(text.indexOf("<b>") < text.indexOf("</b>"), qPrintable(text));
  // LibreTranslate's HTML is read as a page: a script and what is marked notranslate stay as written.
  const std::string kept = "<span class=\"notranslate\">mở tập tin</span><script>var s = \"lưu\";</script>";
  const auto page =
      client.exchange(post("/translate", {{"q", "<p>lưu " + kept + " số 3</p>"}, {"format", "html"}}));
  QCOMPARE(page.status, 200);
  const QString translated = QString::fromStdString(page.body["translatedText"].get<std::string>());
  QVERIFY2(translated.startsWith("<p>") && translated.endsWith("</p>") &&
               translated.count(QString::fromStdString(kept)) == 1 &&
               translated != QString::fromStdString("<p>lưu " + kept + " số 3</p>"),
           qPrintable(translated));
  // An image's alt text is translated too.
  const auto image = client.exchange(
      post("/translate", {{"q", "<img src=\"a.png\" alt=\"mở tập tin\">"}, {"format", "html"}}));
  QCOMPARE(image.status, 200);
  const QString alt = QString::fromStdString(image.body["translatedText"].get<std::string>());
  QVERIFY2(alt.startsWith("<img src=\"a.png\" alt=\"") && alt.endsWith("\">") && alt.size() > 24 &&
               !alt.contains("mở tập tin"),
           qPrintable(alt));
  const auto nul =
      client.exchange(post("/translate", {{"q", std::string("<p>lưu\0</p>", 12)}, {"format", "html"}}));
  QCOMPARE(nul.status, 400);
  QVERIFY2(nul.body["error"].get<std::string>().find("a NUL byte") != std::string::npos,
           nul.body.dump().c_str());
}

void TestServer::browsersAreLetInWhenAsked() {
  auto closed = start();
  Client plain(closed->port());
  auto reply = plain.exchange(get("/health"));
  QVERIFY(!reply.head.contains("Access-Control-Allow-Origin"));
  server::ServerSettings settings;
  settings.allowOrigin = "https://example.org";
  auto open = start(settings);
  Client browser(open->port());
  reply = browser.exchange(
      "OPTIONS /translate HTTP/1.1\r\nOrigin: https://example.org\r\n"
      "Access-Control-Request-Method: POST\r\n\r\n");
  QCOMPARE(reply.status, 204);
  QVERIFY(reply.head.contains("Access-Control-Allow-Origin: https://example.org"));
  QVERIFY(reply.head.contains("Access-Control-Allow-Methods: GET, POST, OPTIONS"));
  reply = browser.exchange(post("/translate", {{"q", "mở"}}));
  QCOMPARE(reply.status, 200);
  QVERIFY(reply.head.contains("Access-Control-Allow-Origin: https://example.org"));
}

void TestServer::limitsTurnRequestsAway() {
  server::ServerSettings settings;
  settings.maxQueuedTexts = 3;
  settings.maxConnections = 1;
  settings.limits.max_body_bytes = 200;
  auto server = start(settings);
  Client first(server->port());
  auto reply = first.exchange(post("/translate", {{"q", {"a", "b", "c", "d"}}}));
  QCOMPARE(reply.status, 503);
  QVERIFY(reply.head.contains("Retry-After: 1"));
  reply = first.exchange(post("/translate", {{"q", std::string(300, 'a')}}));
  QCOMPARE(reply.status, 413);
  QVERIFY(first.closedByServer());
  Client second(server->port());
  QCOMPARE(second.exchange(get("/health")).status, 200);
  Client third(server->port());  // the second is still open
  reply = third.exchange(get("/health"));
  QCOMPARE(reply.status, 503);
  QVERIFY(reply.body["error"].get<std::string>().find("too many connections") != std::string::npos);
  QVERIFY(third.closedByServer());
}

void TestServer::filesAreTranslatedWholeAndDownloaded() {
  auto server = start();
  Client client(server->port());
  // A presentation: its download is what the engine writes for it.
  model::ZipWriter zip;
  zip.add("[Content_Types].xml",
          "<Types><Override PartName=\"/ppt/presentation.xml\" ContentType=\"application/"
          "vnd.openxmlformats-officedocument.presentationml.presentation.main+xml\"/><Override "
          "PartName=\"/ppt/slides/slide1.xml\" ContentType=\"application/"
          "vnd.openxmlformats-officedocument.presentationml.slide+xml\"/></Types>");
  zip.add("ppt/presentation.xml", "<p:presentation xmlns:p=\"p\"/>");
  zip.add("ppt/slides/slide1.xml",
          "<p:sld xmlns:a=\"http://schemas.openxmlformats.org/drawingml/2006/main\" xmlns:p=\"p\"><a:p><a:r>"
          "<a:t>mở tập tin</a:t></a:r></a:p><a:p><a:r><a:t>lưu tài liệu</a:t></a:r></a:p></p:sld>");
  const std::string pptx = zip.finish();
  auto reply = client.exchange(
      postForm("/translate_file", {{"source", "", "vi"},
                                   {"target", "", "en"},
                                   {"file", "bài giảng.vi.pptx", QByteArray::fromStdString(pptx)}}));
  QCOMPARE(reply.status, 200);
  const std::string url = reply.body["translatedFileUrl"].get<std::string>();
  const std::string prefix = "http://localhost/download_file/", suffix = ".b%C3%A0i%20gi%E1%BA%A3ng.en.pptx";
  QVERIFY2(url.compare(0, prefix.size(), prefix) == 0 && url.size() > prefix.size() + suffix.size() &&
               url.compare(url.size() - suffix.size(), suffix.size(), suffix) == 0,
           url.c_str());
  auto options = options_;
  options.nbest = 1;
  const auto expected =
      model::translateOfficeDocument(*translator_, model::readOfficeDocument(pptx, "x.pptx"), options).bytes;
  reply = client.exchange(get(QByteArray::fromStdString(url.substr(16))));
  QCOMPARE(reply.status, 200);
  QVERIFY(reply.head.contains(
      "Content-Type: application/vnd.openxmlformats-officedocument.presentationml.presentation"));
  QVERIFY(reply.head.contains(
      "Content-Disposition: attachment; filename*=UTF-8''b%C3%A0i%20gi%E1%BA%A3ng.en.pptx"));
  QCOMPARE(reply.raw.toStdString(), expected);
  // A book: its download is what the engine writes for it, as an EPUB book.
  model::ZipWriter epub;
  epub.add("mimetype", "application/epub+zip", model::ZipPacking::Stored);
  epub.add("META-INF/container.xml",
           "<container><rootfiles><rootfile full-path=\"b.opf\"/></rootfiles></container>");
  epub.add("b.opf",
           "<package><manifest><item id=\"c\" href=\"c.xhtml\" media-type=\"application/xhtml+xml\"/>"
           "</manifest><spine><itemref idref=\"c\"/></spine></package>");
  epub.add("c.xhtml", "<html><body><p>mở tập tin</p></body></html>");
  const std::string book = epub.finish();
  reply =
      client.exchange(postForm("/translate_file", {{"file", "guide.epub", QByteArray::fromStdString(book)}}));
  QCOMPARE(reply.status, 200);
  const std::string book_url = reply.body["translatedFileUrl"].get<std::string>();
  QVERIFY2(book_url.size() > 14 && book_url.compare(book_url.size() - 14, 14, ".guide.en.epub") == 0,
           book_url.c_str());
  reply = client.exchange(get(QByteArray::fromStdString(book_url.substr(16))));
  QCOMPARE(reply.status, 200);
  QVERIFY(reply.head.contains("Content-Type: application/epub+zip"));
  QCOMPARE(reply.raw.toStdString(),
           model::translateEpub(*translator_, model::readEpub(book, "x.epub"), options).bytes);
  reply = client.exchange(postForm("/translate_file", {{"file", "guide.epub", "PK\x03\x04 cut short"}}));
  QCOMPARE(reply.status, 400);
  QVERIFY2(reply.body["error"].get<std::string>().find("'guide.epub' is not a book that can be read") == 0,
           reply.body.dump().c_str());
  // A spreadsheet: its text cell translated, the number beside it kept, with its media type.
  model::ZipWriter ods;
  ods.add("mimetype", "application/vnd.oasis.opendocument.spreadsheet", model::ZipPacking::Stored);
  ods.add("content.xml",
          "<office:document-content xmlns:office=\"urn:oasis:names:tc:opendocument:xmlns:office:1.0\" "
          "xmlns:text=\"urn:oasis:names:tc:opendocument:xmlns:text:1.0\" "
          "xmlns:table=\"urn:oasis:names:tc:opendocument:xmlns:table:1.0\"><office:body><office:spreadsheet>"
          "<table:table><table:table-row><table:table-cell office:value-type=\"string\"><text:p>mở tập tin"
          "</text:p></table:table-cell><table:table-cell office:value-type=\"date\"><text:p>Thứ Hai</text:p>"
          "</table:table-cell></table:table-row></table:table></office:spreadsheet></office:body>"
          "</office:document-content>");
  const std::string sheet = ods.finish();
  reply =
      client.exchange(postForm("/translate_file", {{"file", "sổ.ods", QByteArray::fromStdString(sheet)}}));
  QCOMPARE(reply.status, 200);
  reply = client.exchange(
      get(QByteArray::fromStdString(reply.body["translatedFileUrl"].get<std::string>().substr(16))));
  QCOMPARE(reply.status, 200);
  QVERIFY(reply.head.contains("Content-Type: application/vnd.oasis.opendocument.spreadsheet"));
  const auto sheet_read = model::readOfficeDocument(sheet, "x.ods");
  QCOMPARE(sheet_read.paragraphs.size(), size_t(1));
  QCOMPARE(reply.raw.toStdString(), model::translateOfficeDocument(*translator_, sheet_read, options).bytes);
  // A Markdown document: its heading translated, its code as it was.
  const std::string markdown = "# mở tập tin\n\n```\nmở tập tin\n```\n";
  reply = client.exchange(
      postForm("/translate_file", {{"file", "README.vi.md", QByteArray::fromStdString(markdown)}}));
  QCOMPARE(reply.status, 200);
  const std::string markdown_url = reply.body["translatedFileUrl"].get<std::string>();
  QVERIFY2(
      markdown_url.size() > 13 && markdown_url.compare(markdown_url.size() - 13, 13, ".README.en.md") == 0,
      markdown_url.c_str());
  reply = client.exchange(get(QByteArray::fromStdString(markdown_url.substr(16))));
  QCOMPARE(reply.status, 200);
  QVERIFY(reply.head.contains("Content-Type: text/markdown; charset=utf-8"));
  QCOMPARE(reply.raw.toStdString(),
           "# " + model::translateTexts(*translator_, {"mở tập tin"}, options).at(0).text() +
               "\n\n```\nmở tập tin\n```\n");
  // Subtitles: as the engine writes them, with their media type.
  reply = client.exchange(
      postForm("/translate_file", {{"file", "talk.vtt", "WEBVTT\n\n00:01.000 --> 00:02.000\nmở tập tin\n"}}));
  QCOMPARE(reply.status, 200);
  reply = client.exchange(
      get(QByteArray::fromStdString(reply.body["translatedFileUrl"].get<std::string>().substr(16))));
  QCOMPARE(reply.status, 200);
  QVERIFY(reply.head.contains("Content-Type: text/vtt; charset=utf-8"));
  QCOMPARE(reply.raw.toStdString(),
           "WEBVTT\n\n00:01.000 --> 00:02.000\n" +
               model::translateTexts(*translator_, {"mở tập tin"}, options).at(0).text() + "\n");
  reply =
      client.exchange(postForm("/translate_file", {{"file", "talk.vtt", "00:01.000 --> 00:02.000\nmở\n"}}));
  QCOMPARE(reply.status, 400);
  QVERIFY2(reply.body["error"].get<std::string>() == "talk.vtt line 1: a WebVTT file starts with WEBVTT",
           reply.body.dump().c_str());
  // A text file: line for line, as /translate translates its lines.
  reply = client.exchange(postForm("/translate_file", {{"file", "notes.txt", "mở tập tin\nlưu tài liệu\n"}}));
  QCOMPARE(reply.status, 200);
  const std::string text_url = reply.body["translatedFileUrl"].get<std::string>();
  const auto lines = client.exchange(post("/translate", {{"q", {"mở tập tin", "lưu tài liệu"}}}));
  reply = client.exchange(get(QByteArray::fromStdString(text_url.substr(16))));
  QCOMPARE(reply.status, 200);
  QVERIFY(reply.head.contains("Content-Type: text/plain; charset=utf-8"));
  QCOMPARE(reply.raw.toStdString(), lines.body["translatedText"][0].get<std::string>() + "\n" +
                                        lines.body["translatedText"][1].get<std::string>() + "\n");
  // A corpus's Vietnamese side (NAME.vi) comes back as NAME.en.
  reply = client.exchange(postForm("/translate_file", {{"file", "test.vi", "mở tập tin\n"}}));
  QCOMPARE(reply.status, 200);
  const std::string vi_url = reply.body["translatedFileUrl"].get<std::string>();
  QVERIFY2(vi_url.size() > 8 && vi_url.compare(vi_url.size() - 8, 8, ".test.en") == 0, vi_url.c_str());
  reply = client.exchange(get(QByteArray::fromStdString(vi_url.substr(16))));
  QCOMPARE(reply.raw.toStdString(), lines.body["translatedText"][0].get<std::string>() + "\n");
  // What cannot be translated is refused, naming why; the connection stays.
  reply = client.exchange(postForm("/translate_file", {{"source", "", "vi"}}));
  QCOMPARE(reply.status, 400);
  QCOMPARE(reply.body["error"].get<std::string>(), std::string("Invalid request: missing file parameter"));
  reply = client.exchange(postForm("/translate_file", {{"file", "scan.pdf", "%PDF-1.4"}}));
  QCOMPARE(reply.status, 400);
  QVERIFY(reply.body["error"].get<std::string>().find(
              "'scan.pdf' is not a kind of file this server translates") == 0);
  reply = client.exchange(postForm("/translate_file", {{"file", "talk.pptx", "not a zip"}}));
  QCOMPARE(reply.status, 400);
  QVERIFY2(reply.body["error"].get<std::string>().find("'talk.pptx' is not a Word document, PowerPoint") == 0,
           reply.body.dump().c_str());
  reply = client.exchange(postForm("/translate_file", {{"file", "notes.txt", "M\xf5"}}));
  QCOMPARE(reply.status, 400);
  QVERIFY2(reply.body["error"].get<std::string>().find("notes.txt") != std::string::npos &&
               reply.body["error"].get<std::string>().find("attention-studio-serve") == std::string::npos,
           reply.body.dump().c_str());
  reply = client.exchange(postForm("/translate_file", {{"target", "", "de"}, {"file", "a.txt", "x"}}));
  QCOMPARE(reply.status, 400);
  reply = client.exchange(post("/translate_file", {{"file", "x"}}));
  QCOMPARE(reply.status, 415);
  reply = client.exchange(get("/download_file/0123.gone.txt"));
  QCOMPARE(reply.status, 404);
  reply = client.exchange(post("/download_file/0123.gone.txt", {}));
  QCOMPARE(reply.status, 405);
}

STUDIO_TEST_MAIN(TestServer)
#include "tst_server.moc"
