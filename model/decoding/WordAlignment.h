#pragma once

#include <string>
#include <utility>
#include <vector>

#include <torch/types.h>

#include "model/decoding/Markup.h"
#include "model/decoding/TextTranslation.h"
#include "model/decoding/Translator.h"

// Which source words each word of a translation came from, read off the
// decoder's cross-attention: the mean over one layer's heads (the last
// layer's by default), as fairseq's --print-alignment reads its attention
// and Marian's --alignment its alignment head; a model trained with guided
// alignment (training/GuidedAlignment.h) is read through its trained head,
// one without has attention as a proxy (docs/cli.md).
namespace studio::model {

// Pieces joined into words at SentencePiece's word starts (U+2581), so that
// the words are those a split at spaces finds in the text: a piece that is
// the mark alone joins the word after it (at the end it is no word), the
// start, end and padding are no word (group -1). An unknown piece (<unk>)
// is part of its word in a text as typed (the source), and a word of its
// own in a decoded one (the tokenizer writes " \u2047 "). group[i] is piece
// i's word.
enum class PieceText { Typed, Decoded };
struct PieceWords {
  std::vector<std::string> words;
  std::vector<int> group;
};
PieceWords piecesIntoWords(const std::vector<std::string>& pieces, PieceText text = PieceText::Decoded);

struct WordAlignment {
  // The words (alignWords: as the sentence and translation write them).
  std::vector<std::string> source_words, target_words;
  // weights[t][s]: target word t's attention on source word s, the sum over
  // s's pieces, the mean over t's pieces (each piece's row is the step that
  // predicted it); the end of sentence's column is left out and each row
  // scaled to sum to 1.
  std::vector<std::vector<float>> weights;

  // (source word, target word) pairs, ordered by target then source: each
  // target word with its likeliest source word, or (threshold > 0) with
  // every source word whose weight is at least `threshold`.
  std::vector<std::pair<int, int>> links(double threshold = 0) const;
  // links() and, the other way, each source word with the target word that
  // gives it the most weight: the union of the two directions (as a
  // symmetrized alignment's), ordered the same way. Kept tags follow these.
  std::vector<std::pair<int, int>> unionLinks() const;
};

// Which attention a target piece is aligned by.
struct AlignmentOptions {
  // The decoder layer whose heads are averaged, from 0; -1: the head a model
  // was trained to align with (TransformerOptions::alignment_layer), or for
  // a model without one the last layer.
  int layer = -1;
  // false: the step that predicted the piece (fairseq's); true: the step
  // that reads it as its input, one later (Chen et al., 2020, "Shift-Att").
  bool shifted = false;
};

// From the pieces and a cross-attention matrix cross [rows, columns]
// (float): target piece p's row is p (p + 1 shifted), rows past those and
// columns past the source's pieces (the end of sentence, padding) are
// ignored. Throws std::invalid_argument when it is too small.
WordAlignment alignPieces(const std::vector<std::string>& source_pieces,
                          const std::vector<std::string>& target_pieces, const torch::Tensor& cross,
                          bool shifted = false);

// Throws std::invalid_argument when `how` names a layer the model does not have.
void checkAlignmentOptions(const TransformerOptions& model, const AlignmentOptions& how);

// Each sentence with its translation, the translator's (first) model run
// over the pairs in batches of at most `max_tokens`. Heads switched off by
// a ScopedHeadMask stay off. Throws std::invalid_argument for a layer the
// model does not have.
std::vector<WordAlignment> alignWords(const Translator& translator, const std::vector<std::string>& sentences,
                                      const std::vector<Translation>& translations,
                                      const AlignmentOptions& how = {}, int64_t max_tokens = 4096);

// Each text's hypotheses (the first `hypotheses` of its n-best lists, as
// TextTranslation::joined(k) joins them) aligned: a text's sentences in
// turn, each sentence's words after those of the sentences before it, so
// the words are the text's and its translation's. [text][hypothesis]; the
// model runs over all the sentences in batches.
std::vector<std::vector<WordAlignment>> alignTexts(const Translator& translator,
                                                   const std::vector<TextTranslation>& texts,
                                                   size_t hypotheses, const AlignmentOptions& how = {});

// `source`'s tags put back into hypothesis k of its aligned translation
// (alignTexts' list for the text), around the words its union links give;
// its tags alone where there is no hypothesis (an empty line).
std::string markedTranslation(const MarkedText& source, const std::vector<WordAlignment>& hypotheses,
                              size_t k = 0);

// Links as "s-t s-t ..." (the Pharaoh format of fast_align and Moses),
// each index moved by its offset (a line of several sentences).
std::string pharaohLinks(const std::vector<std::pair<int, int>>& links, int source_offset = 0,
                         int target_offset = 0);

// Which links an alignment is written with (translate --alignment, the
// app's Save word alignments).
struct AlignmentFormat {
  enum class Kind {
    Hard,       // each target word with its strongest source word
    Union,      // and each source word with its strongest target word
    Threshold,  // every link of at least `threshold`
    Soft        // no links: each target word's weights over the source words
  };
  Kind kind = Kind::Hard;
  double threshold = 0.5;  // Threshold's, in (0, 1]
};

// The links `format` keeps (none for Soft). Throws std::invalid_argument
// for a threshold outside (0, 1].
std::vector<std::pair<int, int>> formatLinks(const WordAlignment& alignment, const AlignmentFormat& format);
// A line of the alignment: its links as pharaohLinks writes them, or for
// Soft each target word's weights to 3 decimals, "w,w,... w,w,...".
std::string alignmentLine(const WordAlignment& alignment, const AlignmentFormat& format);

}  // namespace studio::model
