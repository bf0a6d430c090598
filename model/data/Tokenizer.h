#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

// SentencePiece: training a joint unigram model in-process, encoding, decoding.
// SentencePiece itself runs in a plugin (see SentencePieceBackend.h).
namespace studio::data {

// SentencePiece's word-start mark (U+2581) in UTF-8: a piece that begins a word begins with it.
inline const std::string kWordStart = "\xe2\x96\x81";

class SentencePieceBackend;

// Where the SentencePiece plugin was found (loading it on first use); throws
// TokenizerError listing the places tried when it is nowhere.
std::string sentencePiecePluginPath();

class TokenizerError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Fixed special ids, the same as the model's defaults (TransformerOptions).
inline constexpr int kPadId = 0;
inline constexpr int kUnkId = 1;
inline constexpr int kBosId = 2;
inline constexpr int kEosId = 3;

struct TokenizerTrainOptions {
  int vocab_size = 8000;
  double character_coverage = 1.0;  // keep every character (Vietnamese diacritics)
  std::string model_type = "unigram";
  int threads = 0;  // 0 = every hardware thread
  unsigned seed = 1;
};

class Tokenizer {
 public:
  // Trains on `sentences` (both languages, for a joint vocabulary) and writes
  // a standard SentencePiece model to `model_path` and its vocabulary to
  // `model_path` with ".vocab" for ".model", atomically. Throws TokenizerError.
  //
  // SentencePiece's training has no way to be interrupted, so with a `stop`
  // it runs in a child process (model/runtime/StoppableChild.h) that is ended
  // when `stop` returns true: then nothing is written and false comes back.
  static bool train(const std::vector<std::string>& sentences, const std::string& model_path,
                    const TokenizerTrainOptions& options, const std::function<bool()>& stop = {});

  // Loads a .model file; throws TokenizerError naming the file.
  explicit Tokenizer(const std::string& model_path);
  ~Tokenizer();
  Tokenizer(const Tokenizer&) = delete;
  Tokenizer& operator=(const Tokenizer&) = delete;

  std::vector<int> encode(const std::string& text) const;  // thread-safe
  // Each text split by sampling. A unigram model (subword regularization)
  // draws a segmentation x with probability proportional to P(x)^alpha, so
  // that alpha near 0 draws all splits alike and 1 follows the model's odds;
  // a BPE model (BPE-dropout) skips each merge with probability alpha, so
  // that a small alpha keeps most merges and 1 leaves single characters. The
  // same seed draws the same splits. Thread-safe. Throws TokenizerError when
  // alpha is not positive or the model is neither unigram nor BPE.
  std::vector<std::vector<int>> sampleEncode(const std::vector<std::string>& texts, double alpha,
                                             uint32_t seed) const;
  // "unigram", "bpe", "word" or "char", from the model file (read once). Thread-safe.
  std::string modelType() const;
  // Whether sampleEncode can split with this model: a unigram or a BPE one.
  bool canSample() const;
  std::vector<std::string> pieces(const std::string& text) const;
  std::string decode(const std::vector<int>& ids) const;  // single spaces, none at either end
  std::string piece(int id) const;
  // The id of a piece as the vocabulary writes it ("▁file", "s"); -1 when it
  // holds no such piece. Thread-safe (the table is built on first use).
  int pieceId(const std::string& piece) const;
  // True when the vocabulary spells `text` without the unknown piece (a
  // character it never saw, "★", "日"). Thread-safe.
  bool canWrite(std::string_view text) const;
  int vocabSize() const;
  const std::string& path() const { return path_; }

 private:
  std::string path_;
  std::unique_ptr<SentencePieceBackend> backend_;
  mutable std::once_flag piece_ids_built_, model_type_read_;
  mutable std::string model_type_;
  mutable std::unordered_map<std::string, int> piece_ids_;
};

}  // namespace studio::data
