#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "model/files/SubtitleFile.h"

// How a subtitle file's cues (SubtitleFile.h) become the texts a model
// translates, and its translations the cues' text again: a dialogue line's
// dash; a sentence that runs on over cues joined into one text, each edge
// between two cues a code that the translation's markup places beside the
// words aligned to the next cue's first; a text's translation shared out
// between its cues at those edges, each cue's tags balanced; a translation
// broken over two lines where it is long. No LibTorch here.
namespace studio::model {

// A dialogue line's dash and the spaces after it ("- ", "– "), "" when it starts with none.
std::string dialogueDash(const std::string& line);

// What stands for a text's code K in its markup: <x-code n="K"/>.
std::string cuePlaceholder(size_t k);

// document.texts from its cues: each piece with letters, and a sentence that
// runs on over up to three cues (each a cue of one text of three words or
// more, not a dialogue's, that ends without a sentence's end: . ! ? : ;, or
// in "..." or "…") joined.
void joinSentences(SubtitleDocument& document);

// A text's translation (its codes back in place, kSubtitleCueEdge between
// cues) shared out between the pieces whose marked texts are `sources`: at
// the edges the translation holds; where an edge fell beside another (a
// piece would get no words), in proportion to the sources' lengths, at
// spaces outside tags. A tag open over an edge is closed before it and
// opened again after it.
std::vector<std::string> shareOut(const std::string& translation, const std::vector<std::string>& sources);

// A translated cue's text (markup) broken over two lines where it is longer
// than `width` characters (tags not counted, a reference one character) and
// its source took two or more: at the space nearest its middle, outside tags.
std::vector<std::string> subtitleLines(const std::string& text, size_t source_lines, size_t width = 42);

}  // namespace studio::model
