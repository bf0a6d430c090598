// studio_sentencepiece: the only code that touches SentencePiece (see
// SentencePieceBackend.h for why it is a plugin).

#include <cstdint>
#include <exception>
#include <memory>
#include <mutex>
#include <random>
#include <thread>
#include <unordered_map>

#include <sentencepiece_processor.h>
#include <sentencepiece_trainer.h>

#include "model/data/SentencePieceBackend.h"

#ifdef _WIN32
#define STUDIO_EXPORT __declspec(dllexport)
#else
#define STUDIO_EXPORT __attribute__((visibility("default")))
#endif

// SentencePiece's own (its util.h, which is not installed; the library exports it): the calling
// thread's generator, made from the process's seed at the thread's first call.
namespace sentencepiece::random {
std::mt19937* GetRandomGenerator();
}

namespace {

using studio::data::SentencePieceBackend;

// SentencePiece's sampling draws from a generator of each thread's own, made
// from the process's seed when the thread first asks for it; this lock keeps
// the seed from changing between a thread's setting it and its generator's
// making. (BPE-dropout asks only when a merge comes up: a first draw of text
// without one, made under the lock, left the generator to be made later from
// whatever seed another thread had set by then.)
std::mutex& seedLock() {
  static std::mutex lock;
  return lock;
}

// A protocol buffer's varint at `at` (advanced past it); false when the bytes end first.
bool readVarint(const std::string& bytes, size_t& at, uint64_t& value) {
  value = 0;
  for (int shift = 0; at < bytes.size() && shift < 64; shift += 7) {
    const auto byte = uint8_t(bytes[at++]);
    value |= uint64_t(byte & 0x7f) << shift;
    if (!(byte & 0x80)) return true;
  }
  return false;
}

// The first field `number` of a serialized message into `out`: its bytes
// (wire type 2) or its value in decimal (wire type 0); false when it has none.
bool findField(const std::string& message, uint64_t number, std::string& out) {
  size_t at = 0;
  uint64_t key = 0, value = 0;
  while (at < message.size() && readVarint(message, at, key)) {
    const uint64_t field = key >> 3, wire = key & 7;
    if (wire == 0) {
      if (!readVarint(message, at, value)) return false;
      if (field == number) return out = std::to_string(value), true;
    } else if (wire == 2) {
      if (!readVarint(message, at, value) || value > message.size() - at) return false;
      if (field == number) return out = message.substr(at, size_t(value)), true;
      at += size_t(value);
    } else if (wire == 1 || wire == 5) {
      at += wire == 1 ? 8 : 4;
    } else {
      return false;
    }
  }
  return false;
}

class Backend final : public SentencePieceBackend {
 public:
  std::string load(const std::string& model_path) override {
    const auto status = processor_.Load(model_path);
    return status.ok() ? "" : status.ToString();
  }
  std::string encode(const std::string& text, std::vector<int>* ids) const override {
    const auto status = processor_.Encode(text, ids);
    return status.ok() ? "" : status.ToString();
  }
  std::string encodePieces(const std::string& text, std::vector<std::string>* pieces) const override {
    const auto status = processor_.Encode(text, pieces);
    return status.ok() ? "" : status.ToString();
  }
  std::string decode(const std::vector<int>& ids, std::string* text) const override {
    const auto status = processor_.Decode(ids, text);
    return status.ok() ? "" : status.ToString();
  }
  std::string sampleEncode(const std::vector<std::string>& texts, float alpha, unsigned seed,
                           std::vector<std::vector<int>>* ids) const override {
    // (unsigned)-1 is SentencePiece's "seed from the clock".
    if (seed == unsigned(-1)) seed = 0x5eed;
    std::string error;
    // A new thread: its generator is made from `seed`, here under the lock.
    std::thread sampler([&] {
      try {
        {
          std::lock_guard<std::mutex> lock(seedLock());
          sentencepiece::SetRandomGeneratorSeed(seed);
          sentencepiece::random::GetRandomGenerator();  // this thread's, from `seed`
          std::vector<int> first;                       // and whether this model samples at all
          const auto status = processor_.SampleEncode("a", -1, alpha, &first);
          if (!status.ok()) {
            error = status.ToString();
            return;
          }
        }
        ids->assign(texts.size(), {});
        for (size_t i = 0; i < texts.size(); ++i) {
          const auto status = processor_.SampleEncode(texts[i], -1, alpha, &(*ids)[i]);
          if (!status.ok()) {
            error = status.ToString();
            return;
          }
        }
      } catch (const std::exception& e) {
        error = e.what();
      }
    });
    sampler.join();
    return error;
  }
  std::string modelType() const override {
    // ModelProto's trainer_spec (field 2), its model_type (field 3); UNIGRAM when unset.
    std::string spec, type;
    if (!findField(processor_.serialized_model_proto(), 2, spec) || !findField(spec, 3, type))
      return "unigram";
    if (type == "1") return "unigram";
    if (type == "2") return "bpe";
    if (type == "3") return "word";
    if (type == "4") return "char";
    return "type " + type;
  }
  int pieceSize() const override { return processor_.GetPieceSize(); }
  std::string idToPiece(int id) const override { return processor_.IdToPiece(id); }
  float score(int id) const override { return processor_.GetScore(id); }
  int padId() const override { return processor_.pad_id(); }
  int unkId() const override { return processor_.unk_id(); }
  int bosId() const override { return processor_.bos_id(); }
  int eosId() const override { return processor_.eos_id(); }

 private:
  sentencepiece::SentencePieceProcessor processor_;
};

class VectorIterator : public sentencepiece::SentenceIterator {
 public:
  explicit VectorIterator(const std::vector<std::string>& sentences) : sentences_(sentences) {}
  bool done() const override { return index_ >= sentences_.size(); }
  void Next() override { ++index_; }
  const std::string& value() const override { return sentences_[index_]; }
  sentencepiece::util::Status status() const override { return sentencepiece::util::Status(); }

 private:
  const std::vector<std::string>& sentences_;
  size_t index_ = 0;
};

}  // namespace

extern "C" {

STUDIO_EXPORT int studio_sentencepiece_abi() { return studio::data::kSentencePieceAbi; }

STUDIO_EXPORT SentencePieceBackend* studio_sentencepiece_create() { return new Backend; }

// Returns nullptr on success, else a new string with the error (the caller deletes it).
STUDIO_EXPORT std::string* studio_sentencepiece_train(
    const std::vector<std::string>* sentences, const std::map<std::string, std::string>* args, unsigned seed,
    std::string* model) {
  try {
    sentencepiece::SetRandomGeneratorSeed(seed);
    std::unordered_map<std::string, std::string> kwargs(args->begin(), args->end());
    VectorIterator iterator(*sentences);
    const auto status = sentencepiece::SentencePieceTrainer::Train(kwargs, &iterator, model);
    if (!status.ok()) return new std::string(status.ToString());
    return nullptr;
  } catch (const std::exception& e) {
    return new std::string(e.what());
  }
}

}  // extern "C"
