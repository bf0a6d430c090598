#pragma once

#include <string>
#include <vector>

#include "model/decoding/HeadMask.h"

// A trained model saved the way it was chosen to run ("make it small and
// fast"): its heads pruned for good, its SentencePiece model beside it, the
// shortlist and the weights' precision it is meant to decode with, and the
// same model for CTranslate2.
namespace studio::model {

struct ExportChoice {
  bool int8 = false;       // decode with int8 weights (our engine; CTranslate2's export quantized)
  bool bf16 = false;       // decode with bf16 products (the weights stay float32; CTranslate2's compute type bfloat16)
  HeadMask pruned;         // heads pruned for good (pruneHeads)
  std::string shortlist;   // a shortlist file to decode with ("" none)
  bool ctranslate2 = true; // also DIR/ctranslate2/
};

struct ExportedModel {
  std::string model, spm, shortlist, ctranslate2, settings;  // the paths written ("" not written)
  std::string command;  // the attention-studio-cli line that translates as chosen
};

// Writes into the folder `dir` (created when missing; each file replaced
// atomically): model.pt, spm.model, shortlist.txt (when chosen), ctranslate2/
// (when chosen) and export.json, which says what was chosen. The source
// model file is read, never changed. Errors name the file: ModelFileError,
// ShortlistError (a list that does not fit the model), std::invalid_argument
// (a head the model does not have, int8 and bf16 both chosen), FileWriteError.
ExportedModel exportModel(const std::string& model_path, const std::string& spm_path, const ExportChoice& choice,
                          const std::string& dir);

}  // namespace studio::model
