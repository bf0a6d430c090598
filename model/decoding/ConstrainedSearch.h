#pragma once

#include <vector>

#include "model/Transformer.h"
#include "model/decoding/Decoding.h"

// Beam search whose translation must contain given output piece sequences
// (a glossary's target terms), each once, anywhere: dynamic beam allocation
// (Post & Vilar, 2018, "Fast Lexically Constrained Decoding with Dynamic
// Beam Allocation"), a refinement of grid beam search (Hokamp & Liu, 2017).
//
// At each step every hypothesis offers its best continuations and the next
// piece of each term it has not placed yet (or the next piece of the term it
// is in the middle of). The candidates are ranked by score and the beam is
// shared out between "banks" by how many term pieces a candidate has placed,
// so that hypotheses that have placed more are not crowded out by freer,
// likelier ones; a bank's unused slots go to the best of the rest. A
// hypothesis may end only once every term is placed whole. Abandoning a
// term half-way undoes its pieces.
//
// With no terms it keeps exactly what beamSearch() keeps (tested), so the
// two agree. Greedy decoding (beam 1) with terms searches with a beam of
// (pieces of all terms + 1): one hypothesis alone cannot wait for the right
// place for a term while keeping the option open.
namespace studio::model {

struct ConstrainedHypothesis {
  Hypothesis hypothesis;
  // Where each term starts in hypothesis.tokens (-1: not placed, only when
  // the search was cut at the maximum length before placing it), and how
  // many pieces the form placed holds (TermForms::alternatives).
  std::vector<int64_t> term_starts;
  std::vector<int64_t> term_lengths;
};

// How terms may be written, and what may follow them (verbatim text).
struct TermForms {
  // A second way to write each term, or none (empty): the search places
  // whichever the model prefers. Verbatim text is offered as a word of its
  // own ("▁%s") and inside a word, to follow a bracket or a quote ("(%s)").
  std::vector<std::vector<int64_t>> alternatives;
  // Terms that end a word (an address, a number): the piece right after one
  // may not run on into it, so that "12,5" cannot become "12,55". `closed`:
  // one a term; `joins`: one a vocabulary piece, true for the pieces that
  // would run on (no word start, and a letter, a digit, '/', '_' or '@' first).
  std::vector<bool> closed;
  // Terms placed whole once begun (an address): a hypothesis that has
  // written a term's first distinctive piece (`distinctive`, one a
  // vocabulary piece; the first piece, or the second after a bare word
  // start) writes the rest of it, so that the model cannot begin the term,
  // veer off ("https://exle") and place it again later. One a term.
  std::vector<bool> whole;
  std::vector<bool> distinctive;
  std::vector<bool> joins;
  // One a vocabulary piece, true for those that end in a letter or a digit:
  // a term's other form (inside a word) does not follow one, so that "4096"
  // written inside a word cannot make "184096".
  std::vector<bool> word_final;
};

// Decodes one sentence (src [1, S], on the model's device). Terms must be
// non-empty, made of output pieces (not EOS). Returns the n-best list, best
// first. The caller puts the model in eval().
std::vector<ConstrainedHypothesis> constrainedSearch(Transformer& model, const torch::Tensor& src,
                                                     const std::vector<std::vector<int64_t>>& terms,
                                                     const DecodingOptions& options,
                                                     const TermForms* forms = nullptr);

}  // namespace studio::model
