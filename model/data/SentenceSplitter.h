#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

// Paragraphs into sentences, for translation: the model was trained on one
// sentence at a time, so a pasted paragraph is translated sentence by
// sentence and put back together with its line breaks.
namespace studio::data {

struct TextSentence {
  std::string text;       // whitespace normalized, never empty
  std::string separator;  // what stood before it: "" for the first, " " on the same line, "\n" a line break
  size_t begin = 0, end = 0;  // the bytes of the text it came from
};

enum class SplitMode {
  Sentences,  // at . ! ? … (and runs of them) and at line breaks
  Lines,      // at line breaks only: files of one sentence a line
  // Text wrapped over lines (a paragraph copied from a PDF, an e-mail): a
  // line break is a space, paragraphs end at blank lines, sentences at
  // . ! ? … as in Sentences.
  Paragraphs,
};

// Splits `text` (valid UTF-8) into sentences. A sentence ends at a line
// break, or at . ! ? … followed by closing quotes or brackets and then white
// space and a character that is not a lowercase letter. It does not end
// inside numbers (3.14), URLs, e-mail addresses and file names (nothing
// follows their dots but text), inside {placeholders} and <tags>, after an
// enumerator at the start of a sentence ("1. "), an initial ("V. "), or a
// common abbreviation (TP., TS., ThS., Dr., e.g. ...). Blank lines are kept
// as extra "\n"s in the next sentence's separator.
std::vector<TextSentence> splitSentences(std::string_view text, SplitMode mode = SplitMode::Sentences);

// Line breaks of `text` that look like text wrapped over lines: the line
// before ends in a letter, digit or comma (not . ! ? … : ; or a closing
// quote or bracket), is full (the next line's first word would not have
// fitted on it, at the width nine lines in ten stay within) and the next
// line goes on with a lowercase letter. 0 unless they are at least one
// break between lines of text in ten: a list of one message a line, some
// of them starting in lowercase, is not wrapped text. Text they mark is
// read whole by SplitMode::Paragraphs.
size_t breaksInsideSentences(std::string_view text);

// Each sentence's separator, then `texts[i]` in its place.
std::string joinSentences(const std::vector<TextSentence>& sentences, const std::vector<std::string>& texts);

// A sentence too long for the model, cut into parts of at most `max_pieces`
// as `count` measures them: clauses (cut after , ; : and before dashes)
// packed greedily; a clause still too long is cut between words, a word
// still too long between characters. Nothing is dropped: the parts joined
// with spaces give the sentence again (up to the spaces at the cuts).
struct SentenceParts {
  std::vector<std::string> parts;
  bool at_clauses = true;  // false: some cut fell inside a clause
};
SentenceParts fitSentence(const std::string& sentence, int64_t max_pieces,
                          const std::function<int64_t(std::string_view)>& count);

}  // namespace studio::data
