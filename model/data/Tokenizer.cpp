#include "model/data/Tokenizer.h"

#include <algorithm>
#include <filesystem>
#include <map>
#include <mutex>
#include <optional>
#include <sstream>
#include <thread>

#include "model/data/SentencePieceBackend.h"
#include "model/data/SharedLibrary.h"
#include "model/files/AtomicFile.h"
#include "model/runtime/StoppableChild.h"

namespace studio::data {

namespace fs = std::filesystem;

namespace {

const std::string kPluginFile = pluginFileName("studio_sentencepiece");

struct Plugin {
  std::string path;
  std::shared_ptr<SharedLibrary> library;  // stays loaded for the process's life
  SentencePieceCreateFn create = nullptr;
  SentencePieceTrainFn train = nullptr;
  std::string error;  // why it could not be loaded
};

std::vector<std::string> candidatePaths() {
  std::vector<std::string> paths;
  if (const char* env = std::getenv("STUDIO_SENTENCEPIECE_PLUGIN"); env && *env) paths.push_back(env);
  const fs::path exe_dir = executableDir();
  if (!exe_dir.empty()) {
    paths.push_back((exe_dir / STUDIO_PLUGIN_RELATIVE_DIR / kPluginFile).lexically_normal().string());
    paths.push_back((exe_dir / kPluginFile).string());
  }
#ifdef STUDIO_SENTENCEPIECE_BUILD_PATH
  paths.push_back(STUDIO_SENTENCEPIECE_BUILD_PATH);
#endif
  return paths;
}

Plugin loadPlugin() {
  Plugin plugin;
  std::ostringstream tried;
  for (const auto& path : candidatePaths()) {
    std::error_code ec;
    if (!fs::is_regular_file(path, ec)) {
      tried << "\n  " << path << " (not there)";
      continue;
    }
    std::string open_error;
    auto library = SharedLibrary::open(path, &open_error);
    if (!library) {
      tried << "\n  " << path << " (" << open_error << ")";
      continue;
    }
    auto symbol = [&](const char* name) { return library->symbol(name); };
    auto abi = reinterpret_cast<SentencePieceAbiFn>(symbol("studio_sentencepiece_abi"));
    plugin.create = reinterpret_cast<SentencePieceCreateFn>(symbol("studio_sentencepiece_create"));
    plugin.train = reinterpret_cast<SentencePieceTrainFn>(symbol("studio_sentencepiece_train"));
    if (!abi || !plugin.create || !plugin.train || abi() != kSentencePieceAbi) {
      tried << "\n  " << path << " (not a compatible Attention Studio SentencePiece plugin)";
      plugin.create = nullptr;
      plugin.train = nullptr;
      continue;
    }
    plugin.path = path;
    plugin.library = std::move(library);
    return plugin;
  }
  plugin.error = "the SentencePiece plugin (" + kPluginFile + ") was not found; tried:" + tried.str() +
                 "\nset STUDIO_SENTENCEPIECE_PLUGIN to its path";
  return plugin;
}

const Plugin& plugin() {
  static const Plugin loaded = loadPlugin();
  if (!loaded.create) throw TokenizerError(loaded.error);
  return loaded;
}

std::string vocabPathFor(const std::string& model_path) {
  const std::string suffix = ".model";
  if (model_path.size() > suffix.size() &&
      model_path.compare(model_path.size() - suffix.size(), suffix.size(), suffix) == 0)
    return model_path.substr(0, model_path.size() - suffix.size()) + ".vocab";
  return model_path + ".vocab";
}

void check(const std::string& error, const std::string& what) {
  if (!error.empty()) throw TokenizerError(what + ": " + error);
}

}  // namespace

std::string sentencePiecePluginPath() { return plugin().path; }

bool Tokenizer::train(const std::vector<std::string>& sentences, const std::string& model_path,
                      const TokenizerTrainOptions& options, const std::function<bool()>& stop) {
  if (sentences.empty()) throw TokenizerError("cannot train SentencePiece on an empty corpus");
  if (options.vocab_size < 8) throw TokenizerError("SentencePiece vocabulary size must be at least 8");
  const int threads =
      options.threads > 0 ? options.threads : int(std::max(1u, std::thread::hardware_concurrency()));
  const std::map<std::string, std::string> args{
      {"model_type", options.model_type},
      {"vocab_size", std::to_string(options.vocab_size)},
      {"character_coverage", std::to_string(options.character_coverage)},
      // SentencePiece disables padding by default; the model needs all four.
      {"pad_id", std::to_string(kPadId)},
      {"unk_id", std::to_string(kUnkId)},
      {"bos_id", std::to_string(kBosId)},
      {"eos_id", std::to_string(kEosId)},
      {"pad_piece", "<pad>"},
      {"unk_piece", "<unk>"},
      {"bos_piece", "<s>"},
      {"eos_piece", "</s>"},
      {"num_threads", std::to_string(threads)},
      // A small corpus may not support the requested size: use what it has.
      {"hard_vocab_limit", "false"},
      {"max_sentence_length", "16384"},
      {"minloglevel", "2"},
  };
  const SentencePieceTrainFn train_in_plugin = plugin().train;  // loaded before the child is made
  const auto learn = [&]() {
    std::string serialized;
    std::unique_ptr<std::string> error(train_in_plugin(&sentences, &args, options.seed, &serialized));
    if (error) throw TokenizerError(*error);
    return serialized;
  };
  std::optional<std::string> serialized;
  try {
    serialized = model::runStoppable(learn, stop);
  } catch (const std::exception& e) {
    throw TokenizerError(std::string("SentencePiece training failed: ") + e.what());
  }
  if (!serialized) return false;
  model::writeFileAtomically(model_path, *serialized);

  Tokenizer trained(model_path);
  std::ostringstream vocab;
  for (int id = 0; id < trained.vocabSize(); ++id)
    vocab << trained.piece(id) << '\t' << trained.backend_->score(id) << '\n';
  model::writeFileAtomically(vocabPathFor(model_path), vocab.str());
  return true;
}

Tokenizer::Tokenizer(const std::string& model_path) : path_(model_path), backend_(plugin().create()) {
  std::error_code ec;
  if (!fs::is_regular_file(model_path, ec))
    throw TokenizerError("SentencePiece model '" + model_path + "' does not exist");
  check(backend_->load(model_path), "SentencePiece model '" + model_path + "' cannot be loaded");
  if (backend_->padId() != kPadId || backend_->unkId() != kUnkId || backend_->bosId() != kBosId ||
      backend_->eosId() != kEosId)
    throw TokenizerError("SentencePiece model '" + model_path + "' has special ids pad=" +
                         std::to_string(backend_->padId()) + " unk=" + std::to_string(backend_->unkId()) +
                         " bos=" + std::to_string(backend_->bosId()) + " eos=" + std::to_string(backend_->eosId()) +
                         "; Attention Studio needs 0, 1, 2, 3");
}

Tokenizer::~Tokenizer() = default;

std::vector<int> Tokenizer::encode(const std::string& text) const {
  std::vector<int> ids;
  check(backend_->encode(text, &ids), "SentencePiece cannot encode");
  return ids;
}

std::vector<std::vector<int>> Tokenizer::sampleEncode(const std::vector<std::string>& texts, double alpha,
                                                      uint32_t seed) const {
  if (!(alpha > 0))
    throw TokenizerError("sampling the pieces needs a positive alpha, not " + std::to_string(alpha));
  if (!canSample())
    throw TokenizerError(
        "SentencePiece model '" + path_ + "' is a " + modelType() +
        " model: sampling the pieces (subword regularization, BPE-dropout) needs a unigram or "
        "BPE model");
  std::vector<std::vector<int>> ids;
  check(backend_->sampleEncode(texts, float(alpha), seed, &ids), "SentencePiece cannot sample pieces");
  return ids;
}

std::string Tokenizer::modelType() const {
  std::call_once(model_type_read_, [this] { model_type_ = backend_->modelType(); });
  return model_type_;
}

bool Tokenizer::canSample() const {
  const auto type = modelType();
  return type == "unigram" || type == "bpe";
}

std::vector<std::string> Tokenizer::pieces(const std::string& text) const {
  std::vector<std::string> out;
  check(backend_->encodePieces(text, &out), "SentencePiece cannot encode");
  return out;
}

std::string Tokenizer::decode(const std::vector<int>& ids) const {
  std::string text;
  check(backend_->decode(ids, &text), "SentencePiece cannot decode");
  // An unknown piece decodes as " \u2047 ", a space either side, beside
  // the next piece's own: one space between words, none at the ends, as
  // everywhere else (the normalizer leaves no runs of spaces in the pieces).
  std::string tidy;
  for (const char c : text)
    if (c != ' ' || (!tidy.empty() && tidy.back() != ' ')) tidy += c;
  if (!tidy.empty() && tidy.back() == ' ') tidy.pop_back();
  return tidy;
}

std::string Tokenizer::piece(int id) const { return backend_->idToPiece(id); }

bool Tokenizer::canWrite(std::string_view text) const {
  const auto ids = encode(std::string(text));
  return std::find(ids.begin(), ids.end(), kUnkId) == ids.end();
}

int Tokenizer::pieceId(const std::string& piece) const {
  std::call_once(piece_ids_built_, [this] {
    const int size = backend_->pieceSize();
    for (int id = 0; id < size; ++id) piece_ids_.emplace(backend_->idToPiece(id), id);
  });
  const auto found = piece_ids_.find(piece);
  return found == piece_ids_.end() ? -1 : found->second;
}

int Tokenizer::vocabSize() const { return backend_->pieceSize(); }

}  // namespace studio::data
