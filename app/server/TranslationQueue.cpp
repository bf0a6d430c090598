#include "app/server/TranslationQueue.h"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <map>
#include <mutex>
#include <new>
#include <thread>

#include "app/server/FileTranslation.h"
#include "model/decoding/DocumentTranslation.h"
#include "model/decoding/HtmlTranslation.h"
#include "model/decoding/TextTranslation.h"
#include "model/decoding/Translator.h"

namespace studio::server {

namespace {

using Answer = TranslationQueue::Answer;

struct Waiting {
  uint64_t ticket = 0;
  TranslationJob job;
};

// What a job counts for among the texts waiting: its texts, a file one.
size_t weightOf(const TranslationJob& job) { return job.isFile() ? 1 : job.texts.size(); }

double millisecondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
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

Answer failure(const std::exception& e) {
  if (dynamic_cast<const std::bad_alloc*>(&e))
    return {503, errorReply("out of memory while translating; send fewer or shorter texts")};
  const std::string what = e.what();
  return {500, errorReply("the translation failed: " + what.substr(0, what.find('\n')))};
}

}  // namespace

struct TranslationQueue::State {
  std::shared_ptr<const model::Translator> translator;
  std::unique_ptr<model::DecodingOptions> options;
  std::string model_name;
  Done done;

  mutable std::mutex mutex;
  std::condition_variable wake;
  std::deque<Waiting> queue;
  size_t waiting_texts = 0;
  bool quit = false;
  std::thread thread;
  std::map<std::pair<int64_t, int64_t>, model::TranslationMemo> memos;  // the thread's, one a (beam, n-best)

  int64_t beamOf(const TranslationJob& job) const { return job.beam > 0 ? job.beam : options->beam_size; }

  Answer answerOf(const TranslationJob& job, const std::vector<TextResult>& results, double ms) const {
    if (job.api == TranslationJob::Api::LibreTranslate) return {200, libreTranslateReply(job, results)};
    return {200, nativeReply(job, results, ms, model_name)};
  }

  // Plain texts of one beam size: every job's together, n-best as long as the longest asked.
  std::vector<Answer> translatePlain(const std::vector<const Waiting*>& jobs) {
    const auto start = std::chrono::steady_clock::now();
    std::vector<std::string> texts;
    int64_t nbest = 1;
    for (const Waiting* w : jobs) {
      texts.insert(texts.end(), w->job.texts.begin(), w->job.texts.end());
      nbest = std::max<int64_t>(nbest, w->job.alternatives + 1);
    }
    auto opts = *options;
    opts.beam_size = beamOf(jobs.front()->job);
    opts.nbest = std::min(nbest, std::max<int64_t>(1, opts.beam_size));
    auto& memo = memos[{opts.beam_size, opts.nbest}];
    const auto translated = model::translateTexts(*translator, texts, opts, data::SplitMode::Sentences, 4096,
                                                  nullptr, false, &memo);
    const double ms = millisecondsSince(start);
    std::vector<Answer> answers;
    size_t next = 0;
    for (const Waiting* w : jobs) {
      std::vector<TextResult> results;
      for (size_t i = 0; i < w->job.texts.size(); ++i)
        results.push_back(resultOf(translated.at(next++), w->job));
      answers.push_back(answerOf(w->job, results, ms));
    }
    return answers;
  }

  // Texts with markup: each line's tags put back around its words' translations; LibreTranslate's
  // format "html" reads each text as a web page (model/files/HtmlFile.h), its blocks translated apart and
  // scripts, code and what is marked translate="no" or notranslate kept as written.
  Answer translateMarked(const TranslationJob& job) {
    const auto start = std::chrono::steady_clock::now();
    std::vector<TextResult> results;
    auto opts = *options;
    opts.beam_size = beamOf(job);
    opts.nbest = 1;
    if (job.isFile()) {
      try {
        auto file = translateFile(*translator, opts, job.file_name, job.file_bytes);
        Answer answer;
        answer.file_name = std::move(file.name);
        answer.file_bytes = std::move(file.bytes);
        return answer;
      } catch (const ApiError& e) {
        return {e.status, errorReply(e.what())};
      }
    }
    for (const auto& text : job.texts) {
      if (job.api == TranslationJob::Api::LibreTranslate) {
        model::HtmlDocument page;
        try {
          page = model::readHtml(text, "q");
        } catch (const std::runtime_error& e) {
          return {400, errorReply(std::string("'q' is not HTML this server reads: ") + e.what())};
        }
        const auto done = model::translateHtml(*translator, page, opts);
        TextResult r;
        r.text = done.text;
        r.notices = done.notices;
        results.push_back(std::move(r));
        continue;
      }
      model::TextDocument document;
      size_t from = 0;
      while (from <= text.size()) {
        size_t end = text.find('\n', from);
        if (end == std::string::npos) end = text.size();
        std::string line = text.substr(from, end - from);
        if (!line.empty() && line.back() == '\r') line.pop_back();
        document.lines.push_back(std::move(line));
        from = end + 1;
      }
      const auto translated = model::translateMarkedDocument(*translator, document, opts);
      TextResult r;
      for (size_t i = 0; i < translated.translation.lines.size(); ++i)
        r.text += (i ? "\n" : "") + translated.translation.lines[i];
      r.notices = translated.notices;
      results.push_back(std::move(r));
    }
    return answerOf(job, results, millisecondsSince(start));
  }

  std::vector<Answer> translateBatch(const std::vector<Waiting>& batch) {
    std::vector<Answer> answers(batch.size());
    // The plain jobs by beam size (one search a batch), each with its place in the batch.
    std::map<int64_t, std::pair<std::vector<const Waiting*>, std::vector<size_t>>> plain;
    for (size_t i = 0; i < batch.size(); ++i) {
      if (batch[i].job.markup) {
        try {
          answers[i] = translateMarked(batch[i].job);
        } catch (const std::exception& e) {
          answers[i] = failure(e);
        }
      } else {
        auto& [jobs, at] = plain[beamOf(batch[i].job)];
        jobs.push_back(&batch[i]);
        at.push_back(i);
      }
    }
    for (const auto& [beam, group] : plain) {
      const auto& [jobs, at] = group;
      try {
        const auto together = translatePlain(jobs);
        for (size_t k = 0; k < jobs.size(); ++k) answers[at[k]] = together[k];
      } catch (const std::exception&) {
        for (size_t k = 0; k < jobs.size(); ++k) {
          try {
            answers[at[k]] = translatePlain({jobs[k]}).at(0);
          } catch (const std::exception& e) {
            answers[at[k]] = failure(e);
          }
        }
      }
    }
    return answers;
  }

  void run() {
    for (;;) {
      std::vector<Waiting> batch;
      {
        std::unique_lock<std::mutex> lock(mutex);
        wake.wait(lock, [this] { return quit || !queue.empty(); });
        if (quit) return;
        size_t texts = 0;
        while (!queue.empty() && (batch.empty() || texts + weightOf(queue.front().job) <= 1024)) {
          texts += weightOf(queue.front().job);
          batch.push_back(std::move(queue.front()));
          queue.pop_front();
        }
      }
      auto answers = translateBatch(batch);
      {
        std::lock_guard<std::mutex> lock(mutex);
        for (const auto& w : batch) waiting_texts -= weightOf(w.job);
      }
      for (size_t i = 0; i < batch.size(); ++i) done(batch[i].ticket, std::move(answers[i]));
    }
  }
};

TranslationQueue::TranslationQueue(std::shared_ptr<const model::Translator> translator,
                                   const model::DecodingOptions& options, std::string model_name, Done done)
    : state_(std::make_unique<State>()) {
  state_->translator = std::move(translator);
  state_->options = std::make_unique<model::DecodingOptions>(options);
  state_->model_name = std::move(model_name);
  state_->done = std::move(done);
}

TranslationQueue::~TranslationQueue() {
  {
    std::lock_guard<std::mutex> lock(state_->mutex);
    state_->quit = true;
  }
  state_->wake.notify_all();
  if (state_->thread.joinable()) state_->thread.join();
}

bool TranslationQueue::submit(uint64_t ticket, TranslationJob job, size_t limit) {
  {
    std::lock_guard<std::mutex> lock(state_->mutex);
    if (state_->waiting_texts + weightOf(job) > limit) return false;
    state_->waiting_texts += weightOf(job);
    state_->queue.push_back({ticket, std::move(job)});
    if (!state_->thread.joinable()) state_->thread = std::thread([state = state_.get()] { state->run(); });
  }
  state_->wake.notify_one();
  return true;
}

size_t TranslationQueue::waitingTexts() const {
  std::lock_guard<std::mutex> lock(state_->mutex);
  return state_->waiting_texts;
}

int64_t TranslationQueue::beam() const { return state_->options->beam_size; }

int TranslationQueue::maxAlternatives() const {
  return int(std::max<int64_t>(1, state_->options->beam_size)) - 1;
}

}  // namespace studio::server
