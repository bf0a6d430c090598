#pragma once

#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "model/decoding/Translator.h"
#include "model/explaining/Attribution.h"

// A sentence's translation explained, as pieces and words: what `explain`
// prints and the Explain views show (Attribution.h has the methods).
namespace studio::model {

struct ExplainRequest {
  AttributionOptions attribution;  // its contrast_row/contrast_token are set from `contrast`
  // "WORD@POS": at output piece POS (from 0, as `pieces` lists them), why the
  // translation's piece rather than WORD (one piece of the vocabulary, with
  // or without its word-start mark). Empty: no contrast.
  std::string contrast;
  // The translation to explain; empty: the model's own (beam search with `decoding`).
  std::string target;
  DecodingOptions decoding;
};

struct Explanation {
  std::string source_text, translation;
  std::vector<std::string> source_pieces;     // S: the source pieces and </s>
  std::vector<std::string> prefix_pieces;     // T: <s> and the output pieces
  std::vector<std::string> predicted_pieces;  // T: the output pieces and </s> (row t predicts these)
  AttributionOptions options;
  std::string contrast_piece;  // with a contrast: the alternative's piece
  Attribution attribution;

  // {"method", "layer", "head", "steps", "source", "prefix", "predicted",
  //  "probabilities", "scores" [T][S + T], "delta"/"gap" (ig), "contrast",
  //  and with `words`: "words": {"source", "prefix", "predicted", "scores"}}.
  nlohmann::json toJson(bool words = false) const;
  // One line a score: row,predicted,part,column,input,score (part: source or
  // prefix); pieces or (with `words`) words.
  std::string toCsv(bool words = false) const;
};

// Translates `sentence` (or takes request.target), then attributes each
// prediction. Throws std::invalid_argument for a bad request (the contrast
// word outside the vocabulary or more than one piece, its position past the
// translation, a layer or head the model does not have), naming it.
Explanation explain(const Translator& translator, const std::string& sentence, const ExplainRequest& request);

// Pieces joined into words at SentencePiece's word starts (U+2581); special
// tokens (<s>, </s>, <pad>) stay words of their own. group[i] is piece i's word.
struct WordGroups {
  std::vector<std::string> words;
  std::vector<int64_t> group;
};
WordGroups wordGroups(const std::vector<std::string>& pieces);

// scores [T, S + T] merged: columns summed within a word (the scores are
// additive), rows averaged over a word's pieces. -> [rows' words, columns' words]
torch::Tensor mergeIntoWords(const torch::Tensor& scores, const WordGroups& rows, const WordGroups& source,
                             const WordGroups& prefix);

}  // namespace studio::model
