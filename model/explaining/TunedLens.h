#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "model/Transformer.h"
#include "model/data/EncodedCorpus.h"
#include "model/decoding/PairScoring.h"

// The tuned lens (Belrose et al., 2023): the logit lens (LogitLens.h) with a
// learnt affine map in front of the output layer for each decoder block but
// the last, trained so that each block's reading comes as close as it can
// to the model's own output distribution (the KL divergence from it, on
// teacher-forced training pairs). Where the logit lens asks "what would the
// output layer make of this state as it is", the tuned lens asks "what does
// this state already know, in the form the output layer reads" — earlier
// blocks were never trained to be read directly. The model's weights are
// not changed; a lens fits the weights it was trained on alone.
namespace studio::model {

struct TunedLens {
  int64_t d_model = 0;
  int64_t stages = 0;  // R = 3 × decoder layers; maps for the first R - 1 (the last block is the output)
  std::string model_fingerprint;  // modelFingerprint() of the weights it was trained on
  std::string model_name;         // the model file it was trained on (for messages)
  int64_t steps = 0, pairs = 0;   // how it was trained: steps of training pairs
  // Held out (the data folder's dev pairs), a block a value [R - 1]: the mean
  // KL divergence (nats a position) of the block's reading from the model's
  // output, through the logit lens (before) and this lens (after).
  std::vector<double> kl_before, kl_after;
  int64_t held_out_positions = 0;
  // The blocks whose learnt map read the held-out pairs worse than none:
  // their map was set back to zero (they read as the logit lens).
  std::vector<int64_t> logit_blocks;
  // Block r's state h is read as h + A_r h + b_r: a [R - 1][D × D] (row-major,
  // A_r h = a_r · h), b [R - 1][D]. Zero maps are the logit lens.
  std::vector<std::vector<float>> a, b;

  bool empty() const { return stages == 0; }
  // `states` [R, ..., D] (every block's output, in order) with the maps
  // applied; the last block's unchanged. Throws std::invalid_argument when
  // the shape does not fit.
  torch::Tensor apply(const torch::Tensor& states) const;
};

// A hash of every parameter of the model (its names, shapes and float32
// values): which weights a tuned lens belongs to.
std::string modelFingerprint(Transformer& model);

struct TunedLensOptions {
  int64_t steps = 300;
  double learning_rate = 1e-3;
  int64_t max_tokens = 1024;  // source and target positions a batch
  uint64_t seed = 1;          // the order of the batches
};

// Teacher-forced pairs the model's positions hold: source ids (pieces, the
// end added here) and target pieces, as the data folder's splits give them.
struct LensPairs {
  std::vector<std::vector<int64_t>> sources, targets;
};
// `count` pairs of a data folder's split (0: all), evenly spaced over it.
LensPairs lensPairsOf(const data::EncodedSplit& split, size_t count);

// Trains a tuned lens for `model` (left in eval mode, its weights untouched)
// on `train`, then measures it against the logit lens on `held_out`; a
// block whose map does worse there than no map keeps none (logit_blocks:
// the maps are independent, one a block, so each is chosen alone).
// `progress` (optional) hears (step, steps, the step's loss: the mean KL
// over the blocks and positions); `stop` (optional), asked before each
// step, ends training early with the maps so far. Throws
// std::invalid_argument when there are no training pairs.
TunedLens trainTunedLens(Transformer& model, const std::string& model_name, const LensPairs& train,
                         const LensPairs& held_out, const TunedLensOptions& options = {},
                         const std::function<void(int64_t, int64_t, double)>& progress = nullptr,
                         const std::function<bool()>& stop = nullptr);

// The mean KL divergence (nats a position) of each block's reading but the
// last's from the model's output over `pairs` [R - 1]: through `lens`, or
// the logit lens when it is null. `positions` (optional) gets how many
// positions were averaged.
std::vector<double> lensDivergence(Transformer& model, const TunedLens* lens, const LensPairs& pairs,
                                   int64_t max_tokens = 1024, int64_t* positions = nullptr);

// The file: "ASTUNEDL", uint32 version (1), uint32 flags (0), uint64 payload
// bytes, uint64 Hash64 of the payload; the payload: uint32 bytes of a JSON
// header (shape, model, training, divergences), the header, then float32
// little-endian a_0, b_0, a_1, b_1, ... Written atomically.
std::string encodeTunedLens(const TunedLens& lens);
// Throws std::runtime_error naming `name` and what is wrong.
TunedLens decodeTunedLens(const std::string& bytes, const std::string& name);
void saveTunedLens(const TunedLens& lens, const std::string& path);  // throws FileWriteError
TunedLens loadTunedLens(const std::string& path);  // throws std::runtime_error naming the file

// Where a model's tuned lens is kept: beside it, its name without ".pt"
// and ".tuned-lens" after it (RUN/best.pt -> RUN/best.tuned-lens).
std::string tunedLensPathBeside(const std::string& model_path);

// Throws std::invalid_argument naming `path` when `lens` was trained on
// another model (another shape, or other weights).
void checkTunedLensFits(const TunedLens& lens, Transformer& model, const std::string& path);

}  // namespace studio::model
