#include "model/decoding/Translator.h"

#include <algorithm>
#include <filesystem>
#include <numeric>

#include "model/files/ModelFile.h"
#include "model/training/MixedPrecision.h"

namespace studio::model {

namespace fs = std::filesystem;

std::string findSentencePieceModel(const std::string& model_path, const std::string& spm_path) {
  std::error_code ec;
  if (!spm_path.empty()) {
    if (!fs::is_regular_file(spm_path, ec)) throw data::TokenizerError("SentencePiece model '" + spm_path + "' does not exist");
    return spm_path;
  }
  const fs::path dir = fs::path(model_path).parent_path();
  for (const fs::path& candidate : {dir / "spm.model", dir.parent_path() / "spm.model"})
    if (fs::is_regular_file(candidate, ec)) return candidate.string();
  throw data::TokenizerError("no spm.model beside '" + model_path + "' or in its parent folder; give one with --spm");
}

Translator::Translator(Transformer model, std::shared_ptr<const data::Tokenizer> tokenizer, torch::Device device)
    : model_(std::move(model)), tokenizer_(std::move(tokenizer)), device_(device) {
  model_->to(device_);
  model_->eval();
  if (tokenizer_->vocabSize() != model_->options().vocab_size)
    throw data::TokenizerError("the SentencePiece model '" + tokenizer_->path() + "' has " +
                               std::to_string(tokenizer_->vocabSize()) + " pieces but the model expects " +
                               std::to_string(model_->options().vocab_size));
}

Translator Translator::fromFiles(const std::string& model_path, const std::string& spm_path,
                                 const torch::Device& device) {
  auto model = loadModel(model_path, device);
  auto tokenizer = std::make_shared<const data::Tokenizer>(findSentencePieceModel(model_path, spm_path));
  return Translator(model, tokenizer, device);
}

void Translator::setEnsemble(std::vector<Transformer> members) {
  for (auto& m : members) {
    m->to(device_);
    m->eval();
  }
  checkEnsemble(model_, members);
  ensemble_ = std::move(members);
  weights_.clear();  // weights were for the ensemble before
}

void Translator::addToEnsemble(const std::string& model_path) {
  std::string spm;
  try {
    spm = findSentencePieceModel(model_path);
  } catch (const data::TokenizerError&) {
    // None beside it: it is taken to be this translator's (checked below by its vocabulary size).
  }
  if (!spm.empty() && fs::weakly_canonical(spm) != fs::weakly_canonical(tokenizer_->path())) {
    const data::Tokenizer theirs(spm);
    if (theirs.vocabSize() != tokenizer_->vocabSize())
      throw data::TokenizerError("'" + model_path + "' cannot join the ensemble: its SentencePiece model '" +
                                 spm + "' has " + std::to_string(theirs.vocabSize()) + " pieces, '" +
                                 tokenizer_->path() + "' " + std::to_string(tokenizer_->vocabSize()));
    for (int id = 0; id < theirs.vocabSize(); ++id)
      if (theirs.piece(id) != tokenizer_->piece(id))
        throw data::TokenizerError("'" + model_path +
                                   "' cannot join the ensemble: its SentencePiece model '" + spm +
                                   "' has piece " + std::to_string(id) + " '" + theirs.piece(id) +
                                   "' where '" + tokenizer_->path() + "' has '" + tokenizer_->piece(id) +
                                   "' (an ensemble's models are trained on one data folder's pieces)");
  }
  auto member = loadModel(model_path, device_);
  auto members = ensemble_;
  members.push_back(member);
  try {
    setEnsemble(std::move(members));
  } catch (const std::invalid_argument& e) {
    throw std::invalid_argument("'" + model_path + "': " + e.what());
  }
}

void Translator::setEnsembleWeights(std::vector<double> weights) {
  DecodingOptions check;
  check.ensemble = ensemble_;
  check.ensemble_weights = weights;
  check.validate();
  weights_ = std::move(weights);
}

int64_t Translator::maxLength() const { return decodingMaxLength(model_, ensemble_); }

namespace {

// Running out of memory is the batch's doing: say which and what to lower.
std::runtime_error outOfMemory(const torch::Device& device, int64_t sentences, int64_t longest, int64_t beam,
                               int64_t max_tokens) {
  return std::runtime_error("out of memory on " + device.str() + " translating a batch of " +
                            std::to_string(sentences) + " sentence(s) of up to " + std::to_string(longest) +
                            " tokens with beam " + std::to_string(beam) + ": lower the beam size or the batch's " +
                            "token budget (now " + std::to_string(max_tokens) + "), or translate on the CPU");
}

}  // namespace

std::vector<int64_t> Translator::encodeSource(const std::string& sentence) const {
  const auto ids = tokenizer_->encode(sentence);
  const auto limit = size_t(std::max<int64_t>(1, maxLength() - 1));
  std::vector<int64_t> out(ids.begin(), ids.begin() + long(std::min(ids.size(), limit)));
  out.push_back(model_->options().eos_id);
  return out;
}

std::vector<int64_t> Translator::encodeTarget(const std::string& text, const std::string& what) const {
  const auto ids = tokenizer_->encode(text);
  const auto limit = size_t(std::max<int64_t>(0, maxLength() - 2));
  if (ids.size() > limit)
    throw std::invalid_argument(what + " has " + std::to_string(ids.size()) +
                                " pieces; this model writes at most " + std::to_string(limit));
  return {ids.begin(), ids.end()};
}

std::vector<std::vector<Translation>> Translator::translate(
    const std::vector<std::string>& sentences, const DecodingOptions& options, int64_t max_tokens,
    const std::function<void(size_t, size_t)>& progress, std::vector<BeamTrace>* traces) const {
  DecodingOptions with_ensemble;
  const bool members = !ensemble_.empty();
  if (members) {
    with_ensemble = options;
    with_ensemble.ensemble.insert(with_ensemble.ensemble.end(), ensemble_.begin(), ensemble_.end());
    if (options.ensemble.empty()) with_ensemble.ensemble_weights = weights_;
  }
  const DecodingOptions& run = members ? with_ensemble : options;
  run.validate();
  if (traces) traces->assign(sentences.size(), BeamTrace());
  const auto& o = model_->options();
  std::vector<std::vector<int64_t>> sources;
  sources.reserve(sentences.size());
  for (const auto& s : sentences) sources.push_back(encodeSource(s));
  std::vector<size_t> order(sentences.size());
  std::iota(order.begin(), order.end(), size_t(0));
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t a, size_t b) { return sources[a].size() < sources[b].size(); });

  std::vector<std::vector<Translation>> out(sentences.size());
  // Decoding holds a row a hypothesis (the beam, or the samples): budget the batch accordingly.
  const int64_t budget = std::max<int64_t>(1, max_tokens / std::max<int64_t>(1, run.rowsPerSentence()));
  size_t start = 0;
  while (start < order.size()) {
    size_t end = start;
    int64_t longest = 0;
    while (end < order.size()) {
      const auto len = int64_t(sources[order[end]].size());
      if (end > start && int64_t(end - start + 1) * std::max(longest, len) > budget) break;
      longest = std::max(longest, len);
      ++end;
    }
    const auto B = int64_t(end - start);
    auto src = torch::full({B, longest}, o.pad_id, torch::kLong);
    auto acc = src.accessor<int64_t, 2>();
    for (int64_t b = 0; b < B; ++b) {
      const auto& ids = sources[order[start + size_t(b)]];
      for (size_t t = 0; t < ids.size(); ++t) acc[b][int64_t(t)] = ids[t];
    }
    std::vector<std::vector<Hypothesis>> results;
    std::vector<BeamTrace> batch_traces;
    try {
      AutocastScope autocast(run.bf16, device_, torch::kBFloat16);
      results = beamSearch(model_, src.to(device_), run, traces ? &batch_traces : nullptr);
    } catch (const c10::OutOfMemoryError&) {
      throw outOfMemory(device_, B, longest, run.rowsPerSentence(), max_tokens);
    } catch (const std::bad_alloc&) {
      throw outOfMemory(device_, B, longest, run.rowsPerSentence(), max_tokens);
    }
    for (int64_t b = 0; b < B; ++b) {
      if (traces) (*traces)[order[start + size_t(b)]] = std::move(batch_traces[size_t(b)]);
      auto& list = out[order[start + size_t(b)]];
      for (const auto& hyp : results[size_t(b)]) list.push_back(toTranslation(hyp));
    }
    start = end;
    if (progress) progress(start, order.size());
  }
  if ((run.glossary && !run.glossary->terms.empty()) || run.verbatim != 0)
    applyConstraints(sentences, sources, run, out);
  return out;
}

Translation Translator::toTranslation(const Hypothesis& hyp, const std::vector<Rewrite>& rewrites) const {
  Translation t;
  std::vector<int> ids(hyp.tokens.begin(), hyp.tokens.end());
  t.text = rewrites.empty() ? tokenizer_->decode(ids) : rewrittenText(ids, rewrites);
  for (int id : ids) t.pieces.push_back(tokenizer_->piece(id));
  t.ids = hyp.tokens;
  t.probabilities = hyp.probabilities;
  t.score = hyp.score;
  t.log_probability = hyp.log_probability;
  t.finished = hyp.finished;
  return t;
}

}  // namespace studio::model
