// serve's HTTP requests and its APIs' JSON (app/server/HttpMessage, TranslationApi),
// without a network or a model.
#include <QtTest/QtTest>

#include <nlohmann/json.hpp>

#include "app/server/HttpMessage.h"
#include "app/server/MultipartForm.h"
#include "app/server/TranslationApi.h"
#include "common/SuiteMain.h"

using namespace studio::server;
using State = HttpParse::State;

namespace {

HttpParse parsed(const std::string& bytes, HttpRequest* out = nullptr, HttpLimits limits = {}) {
  HttpRequest request;
  const auto p = parseHttpRequest(bytes, limits, request);
  if (out) *out = request;
  return p;
}

HttpRequest jsonRequest(const std::string& body, const std::string& type = "application/json") {
  HttpRequest r;
  r.method = "POST";
  r.path = "/translate";
  if (!type.empty()) r.headers.push_back({"Content-Type", type});
  r.body = body;
  return r;
}

int statusOf(const std::function<void()>& call, QString* message = nullptr) {
  try {
    call();
  } catch (const ApiError& e) {
    if (message) *message = QString::fromStdString(e.what());
    return e.status;
  }
  return 0;
}

}  // namespace

class TestHttp : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void aRequestIsReadWholeAndOnlyWhenWhole();
  void pipelinedRequestsAreReadOneAtATime();
  void chunkedBodiesAreJoined();
  void badRequestsNameWhatIsWrong_data();
  void badRequestsNameWhatIsWrong();
  void limitsAreKeptWhileBytesArrive();
  void connectionsStayOpenAsTheVersionSays();
  void aResponseIsWrittenWhole();
  void formFieldsAreDecoded();
  void multipartFormsGiveTheirFieldsAndFiles();
  void badMultipartFormsNameWhatIsWrong_data();
  void badMultipartFormsNameWhatIsWrong();
  void libreTranslateRequestsAreRead();
  void libreTranslateMistakesAreRefused();
  void nativeRequestsAreReadStrictly();
  void repliesHaveTheShapesTheClientsRead();
};

void TestHttp::aRequestIsReadWholeAndOnlyWhenWhole() {
  const std::string body = "{\"q\": \"Mở tập tin\"}";
  const std::string bytes =
      "\r\nPOST /translate?x=1&y=2 HTTP/1.1\r\nHost: localhost\r\nContent-Type:  application/json \r\n"
      "Content-Length: " +
      std::to_string(body.size()) + "\r\n\r\n" + body;
  // Every prefix is incomplete, none an error.
  for (size_t n = 0; n < bytes.size(); ++n)
    QVERIFY2(parsed(bytes.substr(0, n)).state == State::Incomplete, qPrintable(QString::number(n)));
  HttpRequest r;
  const auto p = parsed(bytes, &r);
  QCOMPARE(p.state, State::Complete);
  QCOMPARE(p.consumed, bytes.size());
  QCOMPARE(r.method, std::string("POST"));
  QCOMPARE(r.target, std::string("/translate?x=1&y=2"));
  QCOMPARE(r.path, std::string("/translate"));
  QCOMPARE(r.query, std::string("x=1&y=2"));
  QCOMPARE(r.header("content-type"), std::string("application/json"));
  QCOMPARE(r.header("Accept"), std::string());
  QCOMPARE(r.body, body);
  // Lines ending in LF alone, and the absolute form a proxy sends.
  const auto lf = parsed("GET http://localhost:5000/health HTTP/1.0\nHost: x\n\n", &r);
  QCOMPARE(lf.state, State::Complete);
  QCOMPARE(r.path, std::string("/health"));
  QCOMPARE(r.minor_version, 0);
  QVERIFY(r.body.empty());
}

void TestHttp::pipelinedRequestsAreReadOneAtATime() {
  const std::string first = "POST /v1/translate HTTP/1.1\r\nContent-Length: 2\r\n\r\n{}";
  const std::string second = "GET /health HTTP/1.1\r\n\r\n";
  HttpRequest r;
  const auto p = parsed(first + second, &r);
  QCOMPARE(p.state, State::Complete);
  QCOMPARE(p.consumed, first.size());
  QCOMPARE(r.body, std::string("{}"));
  const auto q = parsed(second, &r);
  QCOMPARE(q.state, State::Complete);
  QCOMPARE(r.path, std::string("/health"));
}

void TestHttp::chunkedBodiesAreJoined() {
  const std::string bytes =
      "POST /translate HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n"
      "4;name=value\r\nq=Mx\r\n3\r\n\xe1\xbb\x9f\r\n0\r\nX-Trailer: yes\r\n\r\nGET / HTTP/1.1\r\n\r\n";
  HttpRequest r;
  const auto p = parsed(bytes, &r);
  QCOMPARE(p.state, State::Complete);
  QCOMPARE(r.body, std::string("q=Mx\xe1\xbb\x9f"));
  QCOMPARE(bytes.substr(p.consumed), std::string("GET / HTTP/1.1\r\n\r\n"));
  for (size_t n = 0; n < p.consumed; ++n)
    QVERIFY2(parsed(bytes.substr(0, n)).state == State::Incomplete, qPrintable(QString::number(n)));
  // Past the body's limit, chunk by chunk.
  HttpLimits small;
  small.max_body_bytes = 5;
  const auto big =
      parsed("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n3\r\ndef\r\n0\r\n\r\n",
             nullptr, small);
  QCOMPARE(big.state, State::Error);
  QCOMPARE(big.status, 413);
}

void TestHttp::badRequestsNameWhatIsWrong_data() {
  QTest::addColumn<QByteArray>("bytes");
  QTest::addColumn<int>("status");
  QTest::addColumn<QString>("says");
  QTest::newRow("no target") << QByteArray("GARBAGE\r\n\r\n") << 400 << "'GARBAGE' is not METHOD TARGET";
  QTest::newRow("version") << QByteArray("GET / HTTP/2.0\r\n\r\n") << 505 << "HTTP/2.0 is not served";
  QTest::newRow("not a version") << QByteArray("GET / HTP/1.1\r\n\r\n") << 400 << "'HTP/1.1'";
  QTest::newRow("target") << QByteArray("GET translate HTTP/1.1\r\n\r\n") << 400 << "does not start with '/'";
  QTest::newRow("method") << QByteArray("G(T / HTTP/1.1\r\n\r\n") << 400 << "the method 'G(T'";
  QTest::newRow("no colon") << QByteArray("GET / HTTP/1.1\r\nHost localhost\r\n\r\n") << 400
                            << "'Host localhost' has no ':'";
  QTest::newRow("space before colon")
      << QByteArray("GET / HTTP/1.1\r\nHost : x\r\n\r\n") << 400 << "the header name 'Host '";
  QTest::newRow("folded") << QByteArray("GET / HTTP/1.1\r\nA: b\r\n  c\r\n\r\n") << 400 << "line folding";
  QTest::newRow("control") << QByteArray("GET / HTTP/1.1\r\nA: b\x01\r\n\r\n") << 400
                           << "A has control characters";
  QTest::newRow("length") << QByteArray("POST / HTTP/1.1\r\nContent-Length: 1e3\r\n\r\n") << 400
                          << "'1e3' is not a whole number";
  QTest::newRow("negative length") << QByteArray("POST / HTTP/1.1\r\nContent-Length: -1\r\n\r\n") << 400
                                   << "'-1' is not a whole number";
  QTest::newRow("two lengths") << QByteArray(
                                      "POST / HTTP/1.1\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab")
                               << 400 << "given twice";
  QTest::newRow("both") << QByteArray(
                               "POST / HTTP/1.1\r\nContent-Length: 1\r\nTransfer-Encoding: chunked\r\n\r\n")
                        << 400 << "send one";
  QTest::newRow("gzip") << QByteArray("POST / HTTP/1.1\r\nTransfer-Encoding: gzip, chunked\r\n\r\n") << 501
                        << "'gzip, chunked' is not read";
  QTest::newRow("chunk size") << QByteArray("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n")
                              << 400 << "'zz' is not hexadecimal";
  QTest::newRow("chunk end") << QByteArray(
                                    "POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nabc\r\n")
                             << 400 << "does not end with a line break";
  QTest::newRow("too large") << QByteArray("POST / HTTP/1.1\r\nContent-Length: 99999999\r\n\r\n") << 413
                             << "(99999999 bytes) is larger than 1048576";
}

void TestHttp::badRequestsNameWhatIsWrong() {
  QFETCH(QByteArray, bytes);
  QFETCH(int, status);
  QFETCH(QString, says);
  const auto p = parsed(bytes.toStdString());
  QCOMPARE(p.state, State::Error);
  QCOMPARE(p.status, status);
  QVERIFY2(QString::fromStdString(p.error).contains(says), p.error.c_str());
  QVERIFY(httpReason(status)[0] != '\0');
}

void TestHttp::limitsAreKeptWhileBytesArrive() {
  HttpLimits limits;
  limits.max_header_bytes = 64;
  // A header that never ends is refused once it passes the limit, not read on forever.
  std::string bytes = "GET / HTTP/1.1\r\nX: ";
  while (parsed(bytes, nullptr, limits).state == State::Incomplete) {
    bytes += "a";
    QVERIFY(bytes.size() < 200);
  }
  const auto p = parsed(bytes, nullptr, limits);
  QCOMPARE(p.status, 431);
  QVERIFY(bytes.size() > 64);
  // 100 Continue is asked for once the headers are in and the body is not.
  const auto waiting = parsed("POST / HTTP/1.1\r\nExpect: 100-continue\r\nContent-Length: 5\r\n\r\nab");
  QCOMPARE(waiting.state, State::Incomplete);
  QVERIFY(waiting.expects_continue);
  QVERIFY(!parsed("POST / HTTP/1.1\r\nContent-Length: 5\r\n\r\nab").expects_continue);
  QVERIFY(!parsed("POST / HTTP/1.1\r\nExpect: 100-continue\r\n").expects_continue);  // headers not in yet
}

void TestHttp::connectionsStayOpenAsTheVersionSays() {
  HttpRequest r;
  r.minor_version = 1;
  QVERIFY(r.keepAlive());
  r.headers = {{"Connection", "Upgrade, Close"}};
  QVERIFY(!r.keepAlive());
  r.minor_version = 0;
  r.headers.clear();
  QVERIFY(!r.keepAlive());
  r.headers = {{"connection", "keep-alive"}};
  QVERIFY(r.keepAlive());
}

void TestHttp::aResponseIsWrittenWhole() {
  const auto open = httpResponse(200, "application/json", "{}", true, {{"Allow", "POST"}});
  QCOMPARE(open,
           std::string("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 2\r\nAllow: "
                       "POST\r\n\r\n{}"));
  const auto closed = httpResponse(204, "", "", false);
  QCOMPARE(closed, std::string("HTTP/1.1 204 No Content\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"));
}

void TestHttp::formFieldsAreDecoded() {
  const auto fields = parseFormFields("q=M%E1%BB%9F+t%E1%BA%ADp&&source=vi&flag&q=2");
  QCOMPARE(fields.size(), size_t(4));
  QCOMPARE(fields[0].second, std::string("Mở tập"));
  QCOMPARE(fields[1], std::make_pair(std::string("source"), std::string("vi")));
  QCOMPARE(fields[2], std::make_pair(std::string("flag"), std::string()));
  QCOMPARE(fields[3].second, std::string("2"));
  try {
    parseFormFields("q=%G1");
    QFAIL("a bad escape was read");
  } catch (const std::invalid_argument& e) {
    QVERIFY2(QString(e.what()).contains("'%G1'"), e.what());
  }
  QVERIFY_THROWS_EXCEPTION(std::invalid_argument, parseFormFields("q=%4"));
}

void TestHttp::libreTranslateRequestsAreRead() {
  auto job = libreTranslateJob(jsonRequest("{\"q\": \"Mở tập tin\", \"source\": \"vi\", \"target\": \"en\", "
                                           "\"format\": \"text\", \"api_key\": \"\"}"),
                               3);
  QCOMPARE(job.api, TranslationJob::Api::LibreTranslate);
  QCOMPARE(job.texts, std::vector<std::string>{"Mở tập tin"});
  QVERIFY(!job.several && !job.markup);
  QCOMPARE(job.alternatives, 0);
  job = libreTranslateJob(jsonRequest("{\"q\": [\"a\", \"b\"], \"source\": \"auto\", \"format\": \"html\"}"),
                          3);
  QCOMPARE(job.texts.size(), size_t(2));
  QVERIFY(job.several && job.markup);
  // A form; q given twice is a list; alternatives as text.
  job = libreTranslateJob(jsonRequest("q=M%E1%BB%9F&q=b&alternatives=3", "application/x-www-form-urlencoded"),
                          3);
  QCOMPARE(job.texts, (std::vector<std::string>{"Mở", "b"}));
  QVERIFY(job.several);
  QCOMPARE(job.alternatives, 3);
  // curl -d sends JSON labelled as a form: read as JSON.
  job = libreTranslateJob(jsonRequest(" {\"q\": \"x\"}", "application/x-www-form-urlencoded"), 3);
  QCOMPARE(job.texts, std::vector<std::string>{"x"});
}

void TestHttp::libreTranslateMistakesAreRefused() {
  QString message;
  QCOMPARE(statusOf([] { libreTranslateJob(jsonRequest("{\"source\": \"vi\"}"), 3); }, &message), 400);
  QVERIFY(message.contains("missing q"));
  QCOMPARE(
      statusOf([] { libreTranslateJob(jsonRequest("{\"q\": \"x\", \"target\": \"fr\"}"), 3); }, &message),
      400);
  QVERIFY2(message.contains("'fr'") && message.contains("Vietnamese (vi) into English (en)"),
           qPrintable(message));
  QCOMPARE(statusOf([] { libreTranslateJob(jsonRequest("{\"q\": \"x\", \"source\": \"en\"}"), 3); }), 400);
  QCOMPARE(statusOf([] { libreTranslateJob(jsonRequest("{\"q\": [\"x\", 3]}"), 3); }, &message), 400);
  QVERIFY2(message.contains("'q'[1] is not a string"), qPrintable(message));
  QCOMPARE(
      statusOf([] { libreTranslateJob(jsonRequest("{\"q\": \"x\", \"alternatives\": 4}"), 3); }, &message),
      400);
  QVERIFY2(message.contains("from 0 to 3"), qPrintable(message));
  QCOMPARE(statusOf([] {
             libreTranslateJob(jsonRequest("{\"q\": \"x\", \"format\": \"html\", \"alternatives\": 1}"), 3);
           }),
           400);
  QCOMPARE(statusOf([] { libreTranslateJob(jsonRequest("{\"q\": \"x\", \"format\": \"pdf\"}"), 3); }), 400);
  QCOMPARE(statusOf([] { libreTranslateJob(jsonRequest("{\"q\": \"x\",}"), 3); }, &message), 400);
  QVERIFY2(message.startsWith("the body is not JSON: parse error"), qPrintable(message));
  // A number no double holds (fuzz_http found it escaping as another kind of JSON exception).
  QCOMPARE(statusOf([] { nativeJob(jsonRequest("{\"texts\": [99999E99999999998]}"), 3); }, &message), 400);
  QVERIFY2(message.startsWith("the body is not JSON: number overflow"), qPrintable(message));
  QCOMPARE(statusOf([] { libreTranslateJob(jsonRequest("[1, 2]"), 3); }), 400);
  QCOMPARE(statusOf([] { libreTranslateJob(jsonRequest("{\"q\": \"\xff\"}"), 3); }), 400);  // not UTF-8
  QCOMPARE(statusOf([] { libreTranslateJob(jsonRequest("q=%FF", "application/x-www-form-urlencoded"), 3); },
                    &message),
           400);
  QVERIFY2(message.contains("'q' is not UTF-8"), qPrintable(message));
  QCOMPARE(statusOf([] { libreTranslateJob(jsonRequest("q", "text/plain"), 3); }, &message), 415);
  QVERIFY2(message.contains("'text/plain'"), qPrintable(message));
}

void TestHttp::nativeRequestsAreReadStrictly() {
  auto job = nativeJob(jsonRequest("{\"texts\": [\"a\", \"b\"], \"nbest\": 3, \"details\": true}"), 3);
  QCOMPARE(job.api, TranslationJob::Api::Native);
  QVERIFY(job.several && job.details && !job.markup);
  QCOMPARE(job.alternatives, 2);
  job = nativeJob(jsonRequest("{\"text\": \"a\", \"markup\": true}", ""), 3);
  QVERIFY(!job.several && job.markup);
  QString message;
  QCOMPARE(statusOf([] { nativeJob(jsonRequest("{\"text\": \"a\", \"nbets\": 2}"), 3); }, &message), 400);
  QVERIFY2(message.contains("unknown field 'nbets'"), qPrintable(message));
  QCOMPARE(statusOf([] { nativeJob(jsonRequest("{\"text\": \"a\", \"texts\": [\"b\"]}"), 3); }), 400);
  QCOMPARE(statusOf([] { nativeJob(jsonRequest("{\"nbest\": 1}"), 3); }), 400);
  QCOMPARE(statusOf([] { nativeJob(jsonRequest("{\"text\": [\"a\"]}"), 3); }, &message), 400);
  QVERIFY2(message.contains("'texts' takes a list"), qPrintable(message));
  QCOMPARE(statusOf([] { nativeJob(jsonRequest("{\"text\": \"a\", \"nbest\": 5}"), 3); }, &message), 400);
  QVERIFY2(message.contains("from 1 to 4"), qPrintable(message));
  QCOMPARE(
      statusOf([] { nativeJob(jsonRequest("{\"text\": \"a\", \"markup\": true, \"details\": true}"), 3); }),
      400);
  QCOMPARE(statusOf([] { nativeJob(jsonRequest("{\"text\": \"a\", \"details\": \"maybe\"}"), 3); }), 400);
  // Our own API takes JSON only.
  QCOMPARE(statusOf([] { nativeJob(jsonRequest("text=a", "application/x-www-form-urlencoded"), 3); }), 415);
}

void TestHttp::repliesHaveTheShapesTheClientsRead() {
  using nlohmann::json;
  TextResult one;
  one.text = "Open the file";
  one.score = -0.5;
  one.pieces = {{"▁Open", 0.9f}, {"▁the", 0.5f}, {"▁file", 0.8f}};
  one.alternatives = {{"Open file", -0.7}};
  one.notices = {"sentence 1 was cut"};
  TranslationJob job;
  job.api = TranslationJob::Api::LibreTranslate;
  auto reply = json::parse(libreTranslateReply(job, {one}));
  QCOMPARE(reply, json::parse("{\"translatedText\": \"Open the file\"}"));
  job.several = true;
  job.alternatives = 1;
  reply = json::parse(libreTranslateReply(job, {one, one}));
  QCOMPARE(reply["translatedText"], json::parse("[\"Open the file\", \"Open the file\"]"));
  QCOMPARE(reply["alternatives"], json::parse("[[\"Open file\"], [\"Open file\"]]"));
  job.api = TranslationJob::Api::Native;
  job.details = true;
  reply = json::parse(nativeReply(job, {one}, 12.5, "best.pt"));
  QCOMPARE(reply["model"], json("best.pt"));
  QCOMPARE(reply["milliseconds"].get<double>(), 12.5);
  const auto& t = reply["translations"][0];
  QCOMPARE(t["text"], json("Open the file"));
  QCOMPARE(t["score"].get<double>(), -0.5);
  QCOMPARE(t["pieces"].size(), size_t(3));
  QCOMPARE(t["pieces"][0]["piece"], json("▁Open"));
  QCOMPARE(t["pieces"][0]["probability"].get<float>(), 0.9f);
  QCOMPARE(t["alternatives"][0]["text"], json("Open file"));
  QCOMPARE(t["notices"][0], json("sentence 1 was cut"));
  QCOMPARE(json::parse(errorReply("bad \"q\"")), json::parse("{\"error\": \"bad \\\"q\\\"\"}"));
  const auto languages = json::parse(languagesReply());
  QCOMPARE(languages[0]["code"], json("vi"));
  QCOMPARE(languages[0]["targets"], json::parse("[\"en\"]"));
}

void TestHttp::multipartFormsGiveTheirFieldsAndFiles() {
  QCOMPARE(multipartBoundary("multipart/form-data; boundary=----x1"), std::string("----x1"));
  QCOMPARE(multipartBoundary("Multipart/Form-Data; charset=utf-8; Boundary=\"a b\""), std::string("a b"));
  QCOMPARE(multipartBoundary("application/json"), std::string());
  // As curl -F sends one: a field, a file with its type, a file whose name comes with a Windows path and
  // RFC 8187's spelling; bytes that hold a line break, a NUL and something like the boundary.
  const std::string file("PK\x03\x04\r\n--xyzw not the end\0\r\n", 28);
  const std::string body =
      "preamble\r\n--xyzw\r\nContent-Disposition: form-data; name=\"source\"\r\n\r\nvi\r\n"
      "--xyzw\r\nContent-Disposition: form-data; name=\"file\"; filename=\"b\\\"o.pptx\"\r\n"
      "Content-Type: application/vnd.openxmlformats-officedocument.presentationml.presentation\r\n\r\n" +
      file +
      "\r\n--xyzw\r\ncontent-disposition: form-data; name=\"other\"; filename=\"C:\\tmp\\x.txt\"; "
      "filename*=UTF-8''b%C3%A0i.txt\r\n\r\n\r\n--xyzw--\r\nepilogue";
  const auto parts = parseMultipartForm(body, "xyzw");
  QCOMPARE(parts.size(), size_t(3));
  QCOMPARE(parts[0].name, std::string("source"));
  QVERIFY(!parts[0].is_file);
  QCOMPARE(parts[0].body, std::string("vi"));
  QCOMPARE(parts[1].name, std::string("file"));
  QVERIFY(parts[1].is_file);
  QCOMPARE(parts[1].filename, std::string("b\"o.pptx"));
  QCOMPARE(parts[1].content_type,
           std::string("application/vnd.openxmlformats-officedocument.presentationml.presentation"));
  QCOMPARE(parts[1].body, file);
  QCOMPARE(parts[2].filename, std::string("bài.txt"));  // the UTF-8 spelling wins, folders left out
  QCOMPARE(parts[2].body, std::string());
  // Lines may end in LF alone.
  const auto lf = parseMultipartForm("--b\nContent-Disposition: form-data; name=q\n\nxin chào\n--b--", "b");
  QCOMPARE(lf.size(), size_t(1));
  QCOMPARE(lf[0].name, std::string("q"));
  QCOMPARE(lf[0].body, std::string("xin chào"));
}

void TestHttp::badMultipartFormsNameWhatIsWrong_data() {
  QTest::addColumn<QByteArray>("body");
  QTest::addColumn<QString>("error");
  QTest::newRow("no boundary") << QByteArray("hello") << "does not begin with its boundary";
  QTest::newRow("no end") << QByteArray("--b\r\nContent-Disposition: form-data; name=q\r\n\r\nx")
                          << "does not end with its closing boundary";
  QTest::newRow("headers cut") << QByteArray("--b\r\nContent-Disposition: form-data") << "do not end";
  QTest::newRow("not form-data") << QByteArray("--b\r\nContent-Disposition: attachment\r\n\r\nx\r\n--b--")
                                 << "part 1 is no form-data field";
  QTest::newRow("cut at its boundary") << QByteArray("--b") << "part 1 does not start on a line";
  QTest::newRow("a header without a colon")
      << QByteArray("--b\r\nContent-Disposition: form-data; name=q\r\nbroken\r\n\r\nx\r\n--b--")
      << "part 1 has a header without ':'";
  QTest::newRow("a line like the boundary")
      << QByteArray("--b\r\nContent-Disposition: form-data\r\n\r\n--b x")
      << "does not end with its closing boundary";
}

void TestHttp::badMultipartFormsNameWhatIsWrong() {
  QFETCH(QByteArray, body);
  QFETCH(QString, error);
  try {
    parseMultipartForm(body.toStdString(), "b");
    QFAIL("read");
  } catch (const std::invalid_argument& e) {
    QVERIFY2(QString(e.what()).contains(error), e.what());
  }
  QVERIFY_THROWS_EXCEPTION(std::invalid_argument, multipartBoundary("multipart/form-data"));
  QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                           multipartBoundary("multipart/form-data; boundary=" + std::string(71, 'x')));
}

STUDIO_TEST_MAIN(TestHttp)
#include "tst_http.moc"
