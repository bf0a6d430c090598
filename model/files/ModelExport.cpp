#include "model/files/ModelExport.h"

#include <filesystem>

#include <nlohmann/json.hpp>

#include "model/data/Tokenizer.h"
#include "model/decoding/Shortlist.h"
#include "model/decoding/Translator.h"
#include "model/files/AtomicFile.h"
#include "model/files/CTranslate2Export.h"
#include "model/files/Hash.h"
#include "model/files/ModelFile.h"

namespace studio::model {

namespace fs = std::filesystem;

namespace {

// A shortlist as CTranslate2's vocabulary map (vmap.txt, used with
// use_vmap=True): "<source piece>\t<target pieces>" a line, the always-listed
// pieces on the line with an empty source.
std::string vocabularyMap(const Shortlist& list, const std::vector<std::string>& pieces) {
  std::string out;
  auto targets = [&](const std::vector<int32_t>& ids) {
    for (size_t i = 0; i < ids.size(); ++i) out += (i ? " " : "") + pieces.at(size_t(ids[i]));
    out += "\n";
  };
  out += "\t";
  targets(list.frequent());
  for (int64_t s = 0; s < list.vocabularySize(); ++s) {
    if (list.forSource(s).empty()) continue;
    out += pieces.at(size_t(s)) + "\t";
    targets(list.forSource(s));
  }
  return out;
}

}  // namespace

ExportedModel exportModel(const std::string& model_path, const std::string& spm_path, const ExportChoice& choice,
                          const std::string& dir) {
  if (choice.int8 && choice.bf16) throw std::invalid_argument("int8 and bf16: choose one precision");
  const std::string spm = findSentencePieceModel(model_path, spm_path);
  auto model = loadModel(model_path);
  model->eval();
  const data::Tokenizer tokenizer(spm);
  if (tokenizer.vocabSize() != model->options().vocab_size)
    throw std::invalid_argument("'" + spm + "' has " + std::to_string(tokenizer.vocabSize()) +
                                " pieces but the model's vocabulary is " + std::to_string(model->options().vocab_size));
  Shortlist shortlist;
  if (!choice.shortlist.empty()) {
    shortlist = readShortlist(choice.shortlist);
    shortlist.checkFits(model->options().vocab_size, hashFile(spm), choice.shortlist);
  }
  pruneHeads(model, choice.pruned);  // validates the heads first

  const fs::path folder(dir);
  fs::create_directories(folder);
  ExportedModel out;
  out.model = (folder / "model.pt").string();
  out.spm = (folder / "spm.model").string();
  saveModel(model, out.model);
  if (fs::weakly_canonical(spm) != fs::weakly_canonical(out.spm)) copyFileAtomically(spm, out.spm);
  if (!choice.shortlist.empty()) {
    out.shortlist = (folder / "shortlist.txt").string();
    saveShortlist(shortlist, out.shortlist);
  } else {
    fs::remove(folder / "shortlist.txt");  // an earlier export's: not this choice
  }
  if (choice.ctranslate2) {
    std::vector<std::string> pieces;
    for (int i = 0; i < tokenizer.vocabSize(); ++i) pieces.push_back(tokenizer.piece(i));
    out.ctranslate2 = (folder / "ctranslate2").string();
    CTranslate2Export how;
    how.int8 = choice.int8;
    how.source = fs::absolute(model_path).string();
    exportCTranslate2(model, pieces, out.ctranslate2, how);
    if (!choice.shortlist.empty())
      writeFileAtomically((folder / "ctranslate2" / "vmap.txt").string(), vocabularyMap(shortlist, pieces));
    else
      fs::remove(folder / "ctranslate2" / "vmap.txt");
  }
  const std::string weights = choice.int8 ? "int8" : choice.bf16 ? "bf16" : "float32";
  out.command = "attention-studio-cli translate --model " + out.model + (choice.int8 ? " --int8" : "") +
                (choice.bf16 ? " --bf16" : "") +
                (out.shortlist.empty() ? "" : " --shortlist " + out.shortlist);
  nlohmann::json settings = {{"source", fs::absolute(model_path).string()},
                             {"weights", weights},
                             {"pruned_heads", choice.pruned.toString()},
                             {"shortlist", out.shortlist.empty() ? "" : "shortlist.txt"},
                             {"ctranslate2", out.ctranslate2.empty() ? "" : "ctranslate2"},
                             {"ctranslate2_compute_type", choice.int8 ? "int8" : choice.bf16 ? "bfloat16" : "float32"},
                             {"translate", out.command}};
  out.settings = (folder / "export.json").string();
  writeFileAtomically(out.settings, settings.dump(1) + "\n");
  return out;
}

}  // namespace studio::model
