#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "model/decoding/Decoding.h"
#include "model/Transformer.h"
#include "model/data/Tokenizer.h"

namespace studio::model {

struct Translation {
  std::string text;                  // detokenized (SentencePiece-decoded) English
  std::vector<std::string> pieces;   // the output pieces (EOS excluded)
  std::vector<int64_t> ids;          // their ids
  std::vector<float> probabilities;  // one a piece, then EOS's when finished
  double score = 0.0;                // length-normalized, as beam search ranked it
  double log_probability = 0.0;
  bool finished = false;
};

// Text in, text out: SentencePiece + the model + beam search. Sentences are
// sorted by length and batched by a token budget, then returned in input
// order, each with its n-best list.
class Translator {
 public:
  Translator(Transformer model, std::shared_ptr<const data::Tokenizer> tokenizer, torch::Device device);

  // Loads a model file (or checkpoint) and the SentencePiece model next to
  // it: `spm_path`, or else spm.model beside the file or in its parent folder.
  static Translator fromFiles(const std::string& model_path, const std::string& spm_path,
                              const torch::Device& device);

  // `progress` (optional) hears (sentences done, total) after each batch.
  // `traces` (optional) receives each sentence's beam search (Decoding.h).
  std::vector<std::vector<Translation>> translate(
      const std::vector<std::string>& sentences, const DecodingOptions& options, int64_t max_tokens = 4096,
      const std::function<void(size_t, size_t)>& progress = nullptr, std::vector<BeamTrace>* traces = nullptr) const;

  Transformer& model() { return model_; }
  Transformer modelHandle() const { return model_; }  // shares the module
  const data::Tokenizer& tokenizer() const { return *tokenizer_; }
  const torch::Device& device() const { return device_; }

  // Source ids as the model sees them: pieces + EOS, cut to fit max_length
  // (translateText cuts long sentences into parts that fit beforehand).
  std::vector<int64_t> encodeSource(const std::string& sentence) const;
  // Output pieces for a forced prefix (DecodingOptions::prefix), no EOS.
  std::vector<int64_t> encodeTarget(const std::string& text) const;

 private:
  mutable Transformer model_;
  std::shared_ptr<const data::Tokenizer> tokenizer_;
  torch::Device device_;
};

// Finds the SentencePiece model for a model file (see Translator::fromFiles).
std::string findSentencePieceModel(const std::string& model_path, const std::string& spm_path = "");

}  // namespace studio::model
