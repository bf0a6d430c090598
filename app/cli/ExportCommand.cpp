// export: a model saved as chosen to run (heads pruned, int8, a shortlist) and for CTranslate2.

#include <cstdio>

#include "app/cli/Commands.h"
#include "app/cli/ModelOptions.h"
#include "model/files/ModelExport.h"

namespace studio::cli {

const CommandSpec& exportSpec() {
  static const CommandSpec spec{
      "export",
      "Save a model as it should run: heads pruned, int8, a shortlist, and for CTranslate2\n\n"
      "Writes into the folder --out: model.pt (the model with the --prune-heads heads pruned for good: their\n"
      "output columns zero, so every decoder gives the translations of --head-mask and ours skips them; in\n"
      "int8 a few may differ, each output channel being quantized over the weights that remain),\n"
      "spm.model, shortlist.txt (with --shortlist), export.json (what was chosen and the translate command\n"
      "that decodes with it) and ctranslate2/ (CTranslate2's model folder, written without Python: int8\n"
      "with --int8; the shortlist as its vocabulary map vmap.txt). The model given is never changed.",
      {
          {"model", "FILE", "a model file or checkpoint (required)"},
          {"spm", "FILE", "the SentencePiece model (default: beside the model or above it)"},
          {"out", "DIR", "the folder to write (required)"},
          {"int8", "", "int8 weights (the CTranslate2 model quantized; ours quantizes when it loads)"},
          {"bf16", "", "bf16 products (a CPU with AMX or AVX512-BF16; the weights stay float32)"},
          {"prune-heads", "HEADS", "heads to prune for good: enc:0:1,dec:1:0,cross:1:3 (layers, heads from 0)"},
          {"shortlist", "FILE", "a shortlist learnt by the shortlist command"},
          {"no-ctranslate2", "", "leave out the CTranslate2 folder"},
      }};
  return spec;
}

int runExport(const ParsedArgs& args) {
  model::ExportChoice choice;
  choice.int8 = args.has("int8");
  choice.bf16 = args.has("bf16");
  if (choice.int8 && choice.bf16) throw UsageError("--int8 and --bf16: choose one precision");
  try {
    choice.pruned = model::HeadMask::parse(args.getOr("prune-heads", ""));
  } catch (const std::invalid_argument& e) {
    throw UsageError(std::string("--prune-heads: ") + e.what());
  }
  choice.shortlist = args.getOr("shortlist", "");
  choice.ctranslate2 = !args.has("no-ctranslate2");
  const auto out = model::exportModel(oneModel(args), args.getOr("spm", ""), choice, args.require("out"));
  std::printf("wrote %s, %s", out.model.c_str(), out.spm.c_str());
  if (!out.shortlist.empty()) std::printf(", %s", out.shortlist.c_str());
  if (!out.ctranslate2.empty()) std::printf(", %s/", out.ctranslate2.c_str());
  std::printf(", %s\n", out.settings.c_str());
  if (!choice.pruned.empty()) std::printf("pruned heads: %s\n", choice.pruned.toString().c_str());
  std::printf("translate with: %s\n", out.command.c_str());
  return kOk;
}

}  // namespace studio::cli
