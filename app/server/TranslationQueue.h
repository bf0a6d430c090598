#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <utility>

#include "app/server/TranslationApi.h"

namespace studio::model {
class Translator;
struct DecodingOptions;
}  // namespace studio::model

// serve's model side: the requests waiting for the model, translated on a
// thread of their own, whatever waits when the model is free together (up to
// about a thousand texts a batch; a sentence translated before comes from a
// memo). Plain texts of one beam size share batches, their n-best lists as long as the longest
// asked; texts with markup go a text at a time, and so does a file (counted as one text). A batch that fails
// is tried again a request at a time, so that a request fails for its own texts alone.
namespace studio::server {

class TranslationQueue {
 public:
  struct Answer {
    Answer() = default;
    Answer(int s, std::string b) : status(s), body(std::move(b)) {}
    int status = 200;
    std::string body;  // JSON: the API's reply, or {"error": ...}
    // A file translated whole (status 200, no body): its name and bytes, for the server to keep.
    std::string file_name, file_bytes;
  };
  // Hears each request's answer, on the queue's thread.
  using Done = std::function<void(uint64_t ticket, Answer answer)>;

  TranslationQueue(std::shared_ptr<const model::Translator> translator, const model::DecodingOptions& options,
                   std::string model_name, Done done);
  ~TranslationQueue();  // the batch being translated ends first; the requests waiting are dropped
  TranslationQueue(const TranslationQueue&) = delete;
  TranslationQueue& operator=(const TranslationQueue&) = delete;

  // Queues `job` under `ticket` unless the texts waiting would pass `limit`
  // (false, nothing queued). The thread starts with the first request.
  bool submit(uint64_t ticket, TranslationJob job, size_t limit);
  size_t waitingTexts() const;
  int64_t beam() const;
  int maxAlternatives() const;  // the beam less one

 private:
  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace studio::server
