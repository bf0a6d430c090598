#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "model/decoding/Translator.h"
#include "model/explaining/Patching.h"

// Activation patching over many sentences (Patching.h): each word of each
// sentence blanked in turn (each of its pieces the unknown piece), each
// state put back, and what the states give back averaged, site by site:
// where the model keeps what a word brings to the translation.
namespace studio::model {

struct PatchingSummary {
  int64_t sentences = 0;
  int64_t words = 0;    // blanked words measured
  int64_t skipped = 0;  // blanked words that moved the translation's log-probability too little to tell
  bool noising = false;    // what each state takes away rather than gives back (PatchingOptions)
  bool estimated = false;  // attribution patching's estimates (PatchingOptions::estimate)
  struct Row {
    std::string name;         // as PatchedStates::Row::name()
    PatchedStates::Row site;  // which state (its part, layer and head)
    // The means, over the words measured, of what the row gives back with
    // every position put back at once (all), with its one position that gives
    // back the most (best), and (encoder rows) with the best of the blanked
    // word's own pieces (at_word).
    double all = 0, best = 0, at_word = 0;
  };
  std::vector<Row> encoder, decoder;

  // {"sentences", "words", "skipped", "direction", "method", "encoder"/"decoder": [{"site", "all", "best",
  //  "at_word" (encoder)}]}.
  nlohmann::json toJson() const;
};

// The first model of `translator` on `sentences` (each translated with
// `decoding`, its best translation traced), patched as `options` say;
// sentences longer than the model reads are left out. `stop`, when given,
// is asked between sentences: true ends early with the sentences done so far;
// `progress`, when given, is told how many of `sentences` are done after each.
PatchingSummary summarizePatching(const Translator& translator, const std::vector<std::string>& sentences,
                                  const DecodingOptions& decoding, const PatchingOptions& options = {},
                                  const std::function<bool()>& stop = {},
                                  const std::function<void(int64_t done)>& progress = {});

}  // namespace studio::model
