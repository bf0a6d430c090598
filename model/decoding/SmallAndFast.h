#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "model/decoding/HeadImportance.h"
#include "model/decoding/Shortlist.h"
#include "model/decoding/Translator.h"

// "Make it small and fast": a trained model's ways to run — float32, int8,
// a vocabulary shortlist, heads pruned — each measured on this computer on
// the same sentences: BLEU, chrF, how much of the float32 translation it
// keeps, speed, and the weights' memory. What a user weighs before saving
// one (files/ModelExport.h).
namespace studio::model {

struct SpeedVariant {
  std::string name;        // "float32", "int8 + shortlist, 6 heads pruned", ...
  bool int8 = false;
  bool bf16 = false;       // bf16 products (DecodingOptions::bf16)
  bool shortlist = false;  // decode with the shortlist given to measureVariants
  HeadMask pruned;         // heads pruned: decoded by a copy of the model with them pruned (pruneHeads), as saved
  // Another model file decoding in the translator's place (a student trained
  // on its translations), with neither the shortlist nor heads pruned; "" = the translator's.
  std::string model;
};

struct SpeedPoint {
  SpeedVariant variant;
  double bleu = 0, chrf = 0;
  double bleu_ci = 0;  // half the width of BLEU's 95 % interval (bootstrap resampling, as sacreBLEU's)
  // Paired bootstrap resampling against the first variant (float32): the
  // chance of a BLEU difference this large between two ways that translate
  // alike; -1 for the first variant and for one that translates every
  // sentence as it does (nothing to test).
  double p_value = -1;
  size_t same_as_float32 = 0;  // sentences translated exactly as the first variant (float32) does
  size_t sentences = 0, pieces = 0;
  double seconds = 0;             // decoding the sentences: the fastest of the runs (after a warm-up batch)
  double sentences_per_second = 0, pieces_per_second = 0;
  size_t weight_bytes = 0;        // the engine's packed weights in this precision
};

// The variants worth measuring: float32, with `int8` int8 (by default where
// the CPU has its kernel, int8Unsupported()), with `bf16` bf16 (by default
// where the CPU has bf16 instructions, cpuBf16Instructions(): elsewhere it
// is float32's speed at best), and with `have_shortlist` each with the
// shortlist; with a `ranking` (null: none), float32 and int8, with the
// shortlist where there is one, each with a quarter and a half of the heads
// pruned (pruningOrder: the least important first).
std::vector<SpeedVariant> smallAndFastVariants(const TransformerOptions& options, bool have_shortlist,
                                               const HeadImportance* ranking, bool int8, bool bf16);
std::vector<SpeedVariant> smallAndFastVariants(const TransformerOptions& options, bool have_shortlist,
                                               const HeadImportance* ranking);

// Each student's ways (`students`: a name and a model file each): the
// precisions of `variants` that have neither the shortlist nor heads pruned,
// decoded by the student's model: "student NAME", "student NAME, int8", ...
std::vector<SpeedVariant> studentVariants(const std::vector<SpeedVariant>& variants,
                                          const std::vector<std::pair<std::string, std::string>>& students);

// Translates `sources` with each variant (decoding `options` otherwise, the
// shortlist `shortlist` where a variant asks for it; a variant with heads
// pruned on a pruned copy of the model) and scores against
// `references`, timing the fastest of `runs` decodings. `progress(done,
// total)` after each variant; false stops
// (the points measured are returned). Throws std::invalid_argument for
// misaligned or no sentences, a variant asking for a missing shortlist;
// int8 where the CPU cannot (std::runtime_error).
std::vector<SpeedPoint> measureVariants(Translator& translator, const std::vector<std::string>& sources,
                                        const std::vector<std::string>& references, const DecodingOptions& options,
                                        std::shared_ptr<const Shortlist> shortlist,
                                        const std::vector<SpeedVariant>& variants,
                                        const std::function<bool(size_t, size_t)>& progress = nullptr, int runs = 3);

}  // namespace studio::model
