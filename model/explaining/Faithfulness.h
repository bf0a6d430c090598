#pragma once

#include <functional>
#include <string>
#include <vector>

#include "model/decoding/Translator.h"
#include "model/explaining/Attribution.h"

// Which explanation is faithful to the model: deletion and insertion curves
// (as Petsiuk et al.'s RISE measures image saliency, and DeYoung et al.'s
// ERASER comprehensiveness and sufficiency measure text rationales).
//
// For each sentence, the model's own translation (greedy unless the decoding
// options say otherwise) is taken as fixed; for each of its pieces, a method
// ranks the source pieces (not </s>) by their score for that prediction,
// highest first. Deletion removes the top k (a fraction f of the source's
// pieces, k = round(f n)) and measures the probability of the same piece
// after the same prefix; insertion starts from a source with every piece
// removed and puts the top k back. A faithful ranking makes the deletion
// curve fall fast (a small area under it) and the insertion curve rise fast
// (a large area). "random" ranks the pieces in a seeded random order: the
// line every method should beat.
//
// Removing a piece: replacing it with <pad>, which the attention masks hide
// (the piece is gone, the positions stay), or with <unk>.
namespace studio::model {

struct FaithfulnessOptions {
  std::vector<AttributionMethod> methods = allMethods();
  bool random = true;          // the random order too
  int64_t points = 11;         // fractions 0, 1/(points-1), ..., 1
  bool replace_with_unk = false;
  AttributionOptions attribution;  // its layer, head and steps (method and contrast are ignored)
  uint64_t seed = 1;
  int64_t max_batch = 256;     // sources a forward pass
};

struct FaithfulnessCurve {
  std::string method;  // methodName() or "random"
  std::vector<double> deletion, insertion;  // mean probability of the predicted piece at each fraction
  double deletion_area = 0, insertion_area = 0;  // trapezoids over fractions 0..1
  double seconds = 0;  // attributing and measuring
};

struct FaithfulnessReport {
  std::vector<double> fractions;
  std::vector<FaithfulnessCurve> curves;
  int64_t sentences = 0;    // translated and measured
  int64_t predictions = 0;  // output pieces measured (their </s> left out)
  int64_t skipped = 0;      // sentences without a source piece, an output piece, or too long for the model
  bool stopped = false;     // the progress callback asked to stop: the curves cover the cases done
};

// Hears (cases done, total) after each case; returning false stops the measurement there.
using FaithfulnessProgress = std::function<bool(size_t, size_t)>;

// A sentence and the translation whose pieces are measured, as ids: the
// source pieces (no </s>) and the output pieces (no <s> or </s>).
struct FaithfulnessCase {
  std::vector<int64_t> source, output;
};

// Measures every method on `cases` on `device` (the model's).
FaithfulnessReport measureFaithfulness(Transformer& model, const std::vector<FaithfulnessCase>& cases,
                                       const FaithfulnessOptions& options, const torch::Device& device,
                                       const FaithfulnessProgress& progress = nullptr);

// Translates `sentences` with `decoding` and measures every method on their
// translations.
FaithfulnessReport measureFaithfulness(const Translator& translator, const std::vector<std::string>& sentences,
                                       const DecodingOptions& decoding, const FaithfulnessOptions& options,
                                       const FaithfulnessProgress& progress = nullptr);

// The area under a curve sampled at `fractions` (trapezoids).
double areaUnder(const std::vector<double>& fractions, const std::vector<double>& values);

}  // namespace studio::model
