#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "model/decoding/Decoding.h"
#include "model/Transformer.h"
#include "model/data/Tokenizer.h"

namespace studio::model {

// A glossary term applied to a sentence (DecodingOptions::glossary), or a
// span of it kept as typed (DecodingOptions::verbatim).
struct TermUse {
  size_t term = 0;                         // index into the glossary's terms (a verbatim span: 0)
  std::string source, target;              // as the glossary writes them (a verbatim span: its text, twice)
  unsigned verbatim = 0;                   // a verbatim span's kind (Verbatim.h); 0: a glossary term
  size_t source_begin = 0, source_end = 0; // the bytes of the sentence its source words cover
  int64_t start = -1, length = 0;          // its output pieces in Translation::pieces (start -1: not placed)
};

struct Translation {
  std::string text;                  // detokenized (SentencePiece-decoded) English
  std::vector<std::string> pieces;   // the output pieces (EOS excluded)
  std::vector<int64_t> ids;          // their ids
  std::vector<float> probabilities;  // one a piece, then EOS's when finished
  double score = 0.0;                // length-normalized, as beam search ranked it
  double log_probability = 0.0;
  bool finished = false;
  // With a glossary whose terms occur in the sentence, or verbatim spans
  // that the free translation lost: each term and where it landed, and the
  // translation without the terms (its text and score): what following them
  // cost.
  std::vector<TermUse> terms;
  std::string unconstrained_text;
  double unconstrained_score = 0.0;
};

// Text in, text out: SentencePiece + the model (or an ensemble of models) +
// beam search. Sentences are sorted by length and batched by a token budget,
// then returned in input order, each with its n-best list.
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

  // Decodes with more models, an ensemble (DecodingOptions::ensemble): each
  // moved to this translator's device and put in eval mode. They must fit
  // the model (checkEnsemble()). Empty: the model alone.
  void setEnsemble(std::vector<Transformer> members);
  // Loads a model file as one more member. Its SentencePiece model (found as
  // fromFiles() finds one; none beside it is taken as this translator's)
  // must hold the same pieces as this translator's: else TokenizerError
  // naming both files and the first piece that differs.
  void addToEnsemble(const std::string& model_path);
  const std::vector<Transformer>& ensemble() const { return ensemble_; }
  // Each model's weight in the ensemble's mean (DecodingOptions::
  // ensemble_weights): this translator's model first, then the members in
  // order; positive. Empty: equal. Throws std::invalid_argument naming the
  // count or the weight that does not fit.
  void setEnsembleWeights(std::vector<double> weights);
  const std::vector<double>& ensembleWeights() const { return weights_; }
  // The positions every model has (the smallest max_length): sources are cut to one less.
  int64_t maxLength() const;

  Transformer& model() { return model_; }
  Transformer modelHandle() const { return model_; }  // shares the module
  const data::Tokenizer& tokenizer() const { return *tokenizer_; }
  std::shared_ptr<const data::Tokenizer> tokenizerHandle() const { return tokenizer_; }
  const torch::Device& device() const { return device_; }

  // Source ids as the model sees them: pieces + EOS, cut to fit max_length
  // (translateText cuts long sentences into parts that fit beforehand).
  std::vector<int64_t> encodeSource(const std::string& sentence) const;
  // Output pieces of `text` (a forced prefix, a term, a given translation), no
  // EOS. Throws std::invalid_argument naming `what` and its length when it
  // has more pieces than the model writes.
  std::vector<int64_t> encodeTarget(const std::string& text, const std::string& what = "the prefix") const;

 private:
  // Decodes again, with constrainedSearch(), each sentence where terms of
  // options.glossary occur or whose free translation lost a verbatim span;
  // the free translation stays as what it cost.
  void applyConstraints(const std::vector<std::string>& sentences,
                        const std::vector<std::vector<int64_t>>& sources, const DecodingOptions& options,
                        std::vector<std::vector<Translation>>& out) const;

  // Text written in place of a hypothesis's pieces [start, start + length).
  // (applyConstraints, rewrittenText and verbatimPieces are in TranslatorConstraints.cpp.)
  struct Rewrite {
    int64_t start = 0, length = 0;
    std::string text;
  };
  Translation toTranslation(const Hypothesis& hyp, const std::vector<Rewrite>& rewrites = {}) const;
  // The pieces decoded as SentencePiece decodes them, each rewritten range as its text.
  std::string rewrittenText(const std::vector<int>& ids, std::vector<Rewrite> rewrites) const;
  // A verbatim span's output pieces: as a word of its own, or (inside_word)
  // without the word start, to follow the piece before it as in "(%s)" (the
  // same pieces when the span has no other spelling).
  std::vector<int64_t> verbatimPieces(const std::string& text, bool inside_word) const;

  mutable Transformer model_;
  std::vector<Transformer> ensemble_;
  std::vector<double> weights_;
  std::shared_ptr<const data::Tokenizer> tokenizer_;
  torch::Device device_;
};

// Finds the SentencePiece model for a model file (see Translator::fromFiles).
std::string findSentencePieceModel(const std::string& model_path, const std::string& spm_path = "");

}  // namespace studio::model
