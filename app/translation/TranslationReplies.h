#pragma once

#include <string>

#include <QList>
#include <QString>

#include "app/translation/TranslationService.h"
#include "model/data/SentenceSplitter.h"
#include "model/decoding/Decoding.h"
#include "model/decoding/Markup.h"
#include "model/decoding/TextTranslation.h"

namespace studio::model {
class Translator;
struct Translation;
}  // namespace studio::model

// Between the translation service's value types (TranslationService.h) and
// the engine's: the settings as decoding options, the engine's results as
// the replies' hypotheses and beam tree, the text checked on its way in.
namespace studio::app {

// The settings' beam, length penalty, n-best, length limit and precision (validated).
model::DecodingOptions decodingOptions(const DecodeSettings& settings);

// The settings' ensemble weights for the model and its `members` other
// models: empty for equal weights; std::runtime_error when one is not a
// positive number or they do not count the models.
std::vector<double> ensembleWeights(const DecodeSettings& settings, int members);

// How the settings split a text into sentences: Paragraphs or Sentences.
data::SplitMode splitMode(const DecodeSettings& settings);

// Adds the settings' head mask and prefix, checked against the model;
// std::runtime_error names what does not fit.
void addMaskAndPrefix(const model::Translator& t, const DecodeSettings& settings,
                      model::DecodingOptions& options);

// A text with markup (DecodeSettings::markup), a line at a time: each
// line's tags (model::parseMarkup) and the text without them.
struct MarkedLines {
  std::vector<model::MarkedText> lines;
  std::string plain;  // the lines' plain texts joined by line breaks
};
MarkedLines markedLines(const std::string& text);

// The translation of text.plain (split into sentences, which never span a
// line) with each line's tags put back, the lines joined by line breaks;
// the translator's first model aligns the words.
std::string placeMarkedLines(const model::Translator& t, const MarkedLines& text,
                             const model::TextTranslation& translation);

// The text as UTF-8, whitespace normalized unless `normalize` is false;
// std::runtime_error if it is not valid UTF-8.
std::string checkedText(const QString& text, bool normalize = true);

TranslatedHypothesis toHypothesis(const model::Translation& translation);

// The share of a glossary term's cross-attention (last layer, mean over the
// heads, averaged over its pieces `start` .. `start + length`) that falls on
// the source pieces of its words, bytes [begin, end) of `sentence`; -1 when
// it cannot be measured.
double termAttention(const AttentionView& view, const std::string& sentence, size_t begin, size_t end,
                     int start, int length);

// The beam explorer's tree: each node of the search with its piece ("<s>"
// for the start, "</s>" for the end), its probabilities and its fate.
QList<BeamTreeNode> beamTree(const model::BeamTrace& trace, const model::Translator& t);

}  // namespace studio::app
