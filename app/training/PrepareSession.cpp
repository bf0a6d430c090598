#include "app/training/PrepareSession.h"

#include <functional>
#include <ostream>
#include <streambuf>
#include <string>

#include "model/data/Prepare.h"
#include "model/files/LegacyEncodings.h"

namespace studio::app {

namespace {

// A log whose finished lines go to `emit_lines` whenever it is flushed
// (std::endl, or at the end), so that a long step's line is seen as it begins.
class LineLog : public std::streambuf {
 public:
  explicit LineLog(std::function<void(std::string)> emit_lines) : emit_(std::move(emit_lines)) {}
  void flushLines(bool all) {
    const size_t end = all ? pending_.size() : pending_.rfind('\n') + 1;  // rfind's npos + 1 is 0
    if (end == 0) return;
    emit_(pending_.substr(0, end));
    pending_.erase(0, end);
  }

 protected:
  int overflow(int c) override {
    if (c != traits_type::eof()) pending_ += char(c);
    return c;
  }
  std::streamsize xsputn(const char* text, std::streamsize n) override {
    pending_.append(text, size_t(n));
    return n;
  }
  int sync() override {
    flushLines(false);
    return 0;
  }

 private:
  std::function<void(std::string)> emit_;
  std::string pending_;
};

}  // namespace

PrepareSession::PrepareSession(QObject* parent) : QObject(parent) {}

PrepareSession::~PrepareSession() = default;  // the job stops and waits

bool PrepareSession::isRunning() const { return job_.isRunning(); }

void PrepareSession::stop() { job_.stop(); }

void PrepareSession::start(const PrepareRequest& request) {
  const bool started = job_.start([this, request](BackgroundJob::Control& job) {
    LineLog lines([this](std::string text) {
      BackgroundJob::post(this, [this, text = QString::fromStdString(text)] { Q_EMIT logText(text); });
    });
    std::ostream log(&lines);
    try {
      data::PrepareOptions options;
      for (const auto& corpus : request.corpora) {
        data::CorpusSource source;
        if (corpus.target.isEmpty()) {
          source.path = corpus.path.toStdString();
        } else {
          source.src = corpus.path.toStdString();
          source.tgt = corpus.target.toStdString();
          source.format = data::CorpusFormat::Parallel;
        }
        source.weight = corpus.weight;
        options.corpora.push_back(source);
      }
      options.out_dir = request.outDir.toStdString();
      options.tokenizer.vocab_size = request.vocabularySize;
      options.tokenizer.model_type = request.sentencePieceType.toStdString();
      options.filter.dedupe = !request.keepDuplicates;
      options.spm_model = request.sentencePieceModel.toStdString();
      options.stop = [&job] { return job.stopRequested(); };
      if (!request.encoding.isEmpty()) {
        options.filter.encoding = model::parseLegacyEncoding(request.encoding.toStdString());
        if (!options.filter.encoding)
          throw std::invalid_argument("unknown encoding '" + request.encoding.toStdString() + "'");
      }
      const auto summary = data::prepareData(options, log);
      lines.flushLines(true);
      job.finish();
      BackgroundJob::post(this, [this, out = request.outDir, json = QString::fromStdString(summary.dump())] {
        Q_EMIT finished(out, json);
      });
    } catch (const data::PreparationStopped&) {
      lines.flushLines(true);
      job.finish();
      BackgroundJob::post(this, [this] { Q_EMIT stopped(); });
    } catch (const std::exception& e) {
      lines.flushLines(true);
      job.finish();
      BackgroundJob::post(this, [this, message = QString::fromUtf8(e.what())] { Q_EMIT failed(message); });
    }
  });
  if (!started) Q_EMIT failed(tr("A data preparation is already running."));
}

}  // namespace studio::app
