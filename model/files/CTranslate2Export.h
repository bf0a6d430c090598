#pragma once

#include <string>
#include <vector>

#include "model/Transformer.h"

// A model as a CTranslate2 model folder, written by us (no Python): the
// folder CTranslate2's own converter would write from the same weights —
// model.bin (its binary format, version 6, TransformerSpec revision 7),
// config.json and shared_vocabulary.json — plus attention-studio.json (our
// options and where the model came from). ctranslate2.Translator(DIR)
// translates with it as we do: EOS appended to the source, decoding started
// from BOS, the embeddings scaled by sqrt(d_model), the position table and
// the tied output layer carried as they are.
//
// Int8: each weight matrix (the embedding too) quantized per row as
// CTranslate2's "int8" does (scale 127 / the row's largest magnitude,
// rounded to the nearest, ties to even), the biases, norms and positions
// float32. Pruned heads (HeadMask.h: zero output-projection columns) are
// carried as they are.
namespace studio::model {

struct CTranslate2Export {
  bool int8 = false;
  std::string source;  // what it came from, written to attention-studio.json
};

// Writes the folder `dir` (created when missing; each file replaced
// atomically). `pieces`: the vocabulary's pieces in id order, as many as the
// model's vocabulary. Throws std::invalid_argument for pieces that do not
// fit the model, FileWriteError naming the file that could not be written.
void exportCTranslate2(const Transformer& model, const std::vector<std::string>& pieces, const std::string& dir,
                       const CTranslate2Export& how = {});

}  // namespace studio::model
