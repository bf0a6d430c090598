#pragma once

#include <string>
#include <utility>
#include <vector>

// Text with inline markup — HTML or XML tags such as <b>, <a href="…">,
// <br/>, and character references such as &amp; — translated with its tags
// kept: the tags are taken out, the words alone are translated, and each tag
// is put back around (or before) the words of the translation aligned to the
// words it held (WordAlignment.h), as Bergamot's HTML translation places
// tags with Marian's alignments. Nothing is dropped: a tag whose words found
// no counterpart stays, empty, where its neighbours went.
namespace studio::model {

struct MarkupTag {
  enum class Kind { Open, Close, Alone };
  Kind kind = Kind::Alone;
  std::string text;  // as written
  std::string name;  // the element's name, lowercase ("" for a comment or declaration)
  // A boundary between the plain text's words (split at spaces), 0 .. words:
  // an Open tag's first word, a Close tag's one past its last, an Alone
  // tag's the word it stands before.
  int boundary = 0;
  int partner = -1;  // an Open and its Close point at each other; -1: placed alone
  bool space_before = false, space_after = false;  // written with whitespace before, after
  bool after_punctuation = false;  // a Close: the words it closes end in punctuation (".", "…", …)
};

struct MarkedText {
  std::string plain;               // the text without its tags, references decoded
  std::vector<MarkupTag> tags;     // in the order they were written
  std::vector<std::string> words;  // plain's words, split at spaces
};

// Takes the tags out of `text` (valid UTF-8). A '<' that does not open a
// well-formed tag and an '&' that starts no known reference are text. An
// Open and a Close of one name pair as HTML nests them; a tag that pairs
// with none (a void element, <br>, an unclosed <p>, a stray </b>) is
// placed alone. A line break (<br>) or a block's edge (<p>, <div>, <li>, …)
// between two words keeps them apart.
MarkedText parseMarkup(const std::string& text);

// The translation's words (split at spaces) with the source's tags placed
// by `links` (source word, target word; WordAlignment::links()), the words
// escaped as markup (&, <, >). Every element stays well formed: an element
// inside another in the source stays inside it, elements beside each other
// stay beside each other (in the translation's order of their words).
std::string placeMarkup(const MarkedText& source, const std::vector<std::string>& target_words,
                        const std::vector<std::pair<int, int>>& links);

// `text` escaped as markup: & < > as references.
std::string escapeMarkup(const std::string& text);

}  // namespace studio::model
