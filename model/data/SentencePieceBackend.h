#pragma once

#include <map>
#include <string>
#include <vector>

// The boundary between the engine and SentencePiece.
//
// Debian's libsentencepiece carries its own (older) copy of protobuf, and its
// symbols clash with the libprotobuf that LibTorch loads: whichever copy the
// dynamic loader binds first, the other library breaks (a crash before main,
// or "compiled against protobuf 3.14" when a model is loaded). So the engine
// never links SentencePiece. It lives in a small plugin,
// studio_sentencepiece.so, that Tokenizer opens with RTLD_DEEPBIND: the
// plugin and libsentencepiece then bind to their own protobuf first.
//
// Only standard-library types cross this boundary, and no exceptions: every
// call reports failure as an error message ("" = success).
namespace studio::data {

inline constexpr int kSentencePieceAbi = 2;

class SentencePieceBackend {
 public:
  virtual ~SentencePieceBackend() = default;
  virtual std::string load(const std::string& model_path) = 0;
  virtual std::string encode(const std::string& text, std::vector<int>* ids) const = 0;
  virtual std::string encodePieces(const std::string& text, std::vector<std::string>* pieces) const = 0;
  virtual std::string decode(const std::vector<int>& ids, std::string* text) const = 0;
  // Each text split into pieces drawn by SentencePiece's sampling with
  // nbest -1: from a unigram model's distribution over its segmentations,
  // sharpened by `alpha`, or a BPE model's merges each dropped with
  // probability `alpha`. The same `seed` draws the same splits, on any thread.
  virtual std::string sampleEncode(const std::vector<std::string>& texts, float alpha, unsigned seed,
                                   std::vector<std::vector<int>>* ids) const = 0;
  // The model's kind from its trainer spec: "unigram", "bpe", "word" or "char".
  virtual std::string modelType() const = 0;
  virtual int pieceSize() const = 0;
  virtual std::string idToPiece(int id) const = 0;
  virtual float score(int id) const = 0;
  virtual int padId() const = 0;
  virtual int unkId() const = 0;
  virtual int bosId() const = 0;
  virtual int eosId() const = 0;
};

// The plugin's entry points (looked up by name).
using SentencePieceAbiFn = int (*)();
using SentencePieceCreateFn = SentencePieceBackend* (*)();
// Trains on `sentences` with SentencePiece trainer flags `args`; fills
// `model` with the serialized model. Returns nullptr, or a new string with
// the error message that the caller deletes.
using SentencePieceTrainFn = std::string* (*)(const std::vector<std::string>* sentences,
                                              const std::map<std::string, std::string>* args, unsigned seed,
                                              std::string* model);

}  // namespace studio::data
