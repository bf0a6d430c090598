// studio_sentencepiece: the only code that touches SentencePiece (see
// SentencePieceBackend.h for why it is a plugin).

#include <memory>
#include <unordered_map>

#include <sentencepiece_processor.h>
#include <sentencepiece_trainer.h>

#include "model/data/SentencePieceBackend.h"

#ifdef _WIN32
#define STUDIO_EXPORT __declspec(dllexport)
#else
#define STUDIO_EXPORT __attribute__((visibility("default")))
#endif

namespace {

using studio::data::SentencePieceBackend;

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
