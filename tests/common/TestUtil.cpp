#include "common/TestUtil.h"

#include <sys/mount.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <stdexcept>

#include <ATen/ATen.h>
#include <torch/optim/optimizer.h>

#include "model/training/Loss.h"
#include "model/training/Optimizer.h"
#include "model/training/Schedule.h"
#include "model/data/Prepare.h"
#include "model/files/ModelFile.h"
#include "model/training/Trainer.h"
#include "model/training/TrainingConfig.h"

namespace studio::test {

std::string reversalFixturePath(uint64_t seed, int64_t steps) {
  const char* dir = std::getenv("STUDIO_TEST_FIXTURES");
  if (!dir || !*dir) return "";
  return (std::filesystem::path(dir) / reversalFixtureName(seed, steps)).string();
}

std::string reversalFixtureName(uint64_t seed, int64_t steps) {
  return "reversal-" + std::to_string(seed) + "-" + std::to_string(steps) + ".pt";
}

model::Transformer trainedReversalModel(uint64_t seed, int64_t steps) {
  const std::string fixture = reversalFixturePath(seed, steps);
  if (!fixture.empty() && std::filesystem::exists(fixture)) {
    model::Transformer trained = model::loadModel(fixture);
    trained->eval();
    return trained;
  }
  return trainReversalModel(seed, steps);
}

model::Transformer trainReversalModel(uint64_t seed, int64_t steps) {
  torch::manual_seed(seed);
  std::mt19937 rng(static_cast<std::mt19937::result_type>(seed));
  model::Transformer trained(taskModelOptions());
  trained->train();
  auto adam = model::makeAdam(trained->parameters(), 0.0);
  for (int64_t step = 1; step <= steps; ++step) trainTaskStep(trained, *adam, rng, step, /*reverse=*/true);
  trained->eval();
  return trained;
}

bool sameHypotheses(const std::vector<std::vector<model::Hypothesis>>& a,
                    const std::vector<std::vector<model::Hypothesis>>& b, std::string* why) {
  auto at = [](size_t sentence, size_t h) {
    return "sentence " + std::to_string(sentence) + ", hypothesis " + std::to_string(h) + ": ";
  };
  if (a.size() != b.size()) return *why = "different batch sizes", false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (a[i].size() != b[i].size()) return *why = "sentence " + std::to_string(i) + ": n-best sizes differ", false;
    for (size_t h = 0; h < a[i].size(); ++h) {
      if (a[i][h].tokens != b[i][h].tokens) return *why = at(i, h) + "other tokens", false;
      if (a[i][h].finished != b[i][h].finished) return *why = at(i, h) + "finished differs", false;
      if (std::abs(a[i][h].score - b[i][h].score) > 1e-4)
        return *why = at(i, h) + "score " + std::to_string(a[i][h].score) + " against " +
                      std::to_string(b[i][h].score),
               false;
      for (size_t t = 0; t < a[i][h].probabilities.size(); ++t)
        if (std::abs(a[i][h].probabilities[t] - b[i][h].probabilities[t]) > 1e-4)
          return *why = at(i, h) + "probability " + std::to_string(t) + " differs", false;
    }
  }
  return true;
}

model::TransformerOptions smallOptions(model::NormPosition norm) {
  model::TransformerOptions o;
  o.vocab_size = 23;
  o.encoder_layers = 2;
  o.decoder_layers = 2;
  o.d_model = 32;
  o.heads = 4;
  o.d_ff = 64;
  o.dropout = 0.1;
  o.attention_dropout = 0.1;
  o.relu_dropout = 0.1;
  o.max_length = 64;
  o.norm_position = norm;
  return o;
}

double maxAbsDifference(const torch::Tensor& a, const torch::Tensor& b) {
  return (a.to(torch::kDouble) - b.to(torch::kDouble)).abs().max().item<double>();
}

torch::Tensor randomTokens(int64_t batch, int64_t length, int64_t vocab, int64_t first) {
  return torch::randint(first, vocab, {batch, length}, torch::kLong);
}

bool allFinite(const torch::Tensor& t) { return torch::isfinite(t).all().item<bool>(); }

SequenceBatch makeSequenceBatch(std::mt19937& rng, int64_t size, bool reverse,
                                const model::TransformerOptions& o) {
  std::uniform_int_distribution<int64_t> length_of(3, 9);
  std::uniform_int_distribution<int64_t> symbol(kTaskFirstSymbol, kTaskFirstSymbol + kTaskSymbols - 1);
  SequenceBatch batch;
  std::vector<std::vector<int64_t>> sources;
  int64_t longest = 0;
  for (int64_t i = 0; i < size; ++i) {
    std::vector<int64_t> s(static_cast<size_t>(length_of(rng)));
    for (auto& t : s) t = symbol(rng);
    auto target = s;
    if (reverse) std::reverse(target.begin(), target.end());
    longest = std::max<int64_t>(longest, int64_t(s.size()));
    sources.push_back(s);
    batch.targets.push_back(target);
  }
  batch.src = torch::full({size, longest}, o.pad_id, torch::kLong);
  batch.target_in = torch::full({size, longest + 1}, o.pad_id, torch::kLong);
  batch.target_out = torch::full({size, longest + 1}, o.pad_id, torch::kLong);
  for (int64_t i = 0; i < size; ++i) {
    const auto& s = sources[size_t(i)];
    const auto& t = batch.targets[size_t(i)];
    batch.target_in[i][0] = o.bos_id;
    for (size_t j = 0; j < s.size(); ++j) {
      batch.src[i][int64_t(j)] = s[j];
      batch.target_in[i][int64_t(j) + 1] = t[j];
      batch.target_out[i][int64_t(j)] = t[j];
    }
    batch.target_out[i][int64_t(t.size())] = o.eos_id;
  }
  return batch;
}

model::TransformerOptions taskModelOptions(model::NormPosition norm) {
  model::TransformerOptions o;
  o.vocab_size = kTaskFirstSymbol + kTaskSymbols;
  o.encoder_layers = 2;
  o.decoder_layers = 2;
  o.d_model = 64;
  o.heads = 4;
  o.d_ff = 128;
  o.dropout = 0.0;
  o.max_length = 32;
  o.norm_position = norm;
  return o;
}

double trainTaskStep(model::Transformer& m, torch::optim::Optimizer& optimizer, std::mt19937& rng, int64_t step,
                     bool reverse) {
  const auto& o = m->options();
  auto batch = makeSequenceBatch(rng, 64, reverse, o);
  model::setLearningRate(optimizer, model::noamLearningRate(step, o.d_model, /*warmup=*/200, /*factor=*/1.0));
  optimizer.zero_grad();
  auto loss = model::labelSmoothedCrossEntropy(m(batch.src, batch.target_in), batch.target_out, o.pad_id, 0.1);
  loss.loss.backward();
  optimizer.step();
  return loss.loss.item<double>();
}

}  // namespace studio::test

namespace studio::test {

namespace {

struct ZipEntry {
  std::string name;
  size_t data_offset = 0, size = 0;
};

uint32_t readLe(const std::string& bytes, size_t at, int width) {
  uint32_t value = 0;
  for (int i = width - 1; i >= 0; --i) value = (value << 8) | uint8_t(bytes[at + size_t(i)]);
  return value;
}

// From the central directory: LibTorch writes the sizes only there (its
// local headers defer them to data descriptors). No zip64: small files only.
std::vector<ZipEntry> localEntries(const std::string& bytes) {
  std::vector<ZipEntry> entries;
  if (bytes.size() < 22) return entries;
  size_t end = bytes.size() - 22;
  while (end > 0 && readLe(bytes, end, 4) != 0x06054b50) --end;
  if (readLe(bytes, end, 4) != 0x06054b50) return entries;
  const size_t count = readLe(bytes, end + 10, 2);
  size_t at = readLe(bytes, end + 16, 4);
  for (size_t i = 0; i < count && at + 46 <= bytes.size() && readLe(bytes, at, 4) == 0x02014b50; ++i) {
    ZipEntry e;
    e.size = readLe(bytes, at + 20, 4);
    const size_t name_length = readLe(bytes, at + 28, 2), extra_length = readLe(bytes, at + 30, 2),
                 comment_length = readLe(bytes, at + 32, 2);
    e.name = bytes.substr(at + 46, name_length);
    const size_t local = readLe(bytes, at + 42, 4);
    e.data_offset = local + 30 + readLe(bytes, local + 26, 2) + readLe(bytes, local + 28, 2);
    entries.push_back(e);
    at += 46 + name_length + extra_length + comment_length;
  }
  return entries;
}

}  // namespace

std::string readBytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

std::string thrownMessage(const std::function<void()>& f) {
  try {
    f();
  } catch (const std::exception& e) {
    return e.what();
  }
  return "";
}

std::vector<std::string> zipEntries(const std::string& path) {
  std::vector<std::string> names;
  for (const auto& e : localEntries(readBytes(path))) names.push_back(e.name);
  return names;
}

bool corruptZipEntry(const std::string& path, const std::string& suffix, size_t count) {
  std::string bytes = readBytes(path);
  for (const auto& e : localEntries(bytes)) {
    if (e.name.size() < suffix.size() || e.name.compare(e.name.size() - suffix.size(), suffix.size(), suffix) != 0)
      continue;
    const size_t n = std::min(count, e.size);
    if (n == 0) return false;
    for (size_t i = 0; i < n; ++i) bytes[e.data_offset + i] = char(~bytes[e.data_offset + i]);
    std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes;
    return true;
  }
  return false;
}

}  // namespace studio::test

namespace studio::test {

std::string prepareNumberedCorpus(const std::string& dir, const std::vector<std::string>& vi,
                                  const std::vector<std::string>& en, int count, int vocab_size) {
  std::ostringstream tsv;
  for (int i = 0; i < count; ++i)
    tsv << vi[size_t(i) % vi.size()] << " số " << i << "\t" << en[size_t(i) % en.size()] << " number " << i << "\n";
  std::ofstream(dir + "/corpus.tsv") << tsv.str();
  data::PrepareOptions options;
  options.corpora = {data::corpusAt(dir + "/corpus.tsv")};
  options.out_dir = dir + "/data";
  options.tokenizer.vocab_size = vocab_size;
  std::ostringstream log;
  data::prepareData(options, log);
  return options.out_dir;
}

}  // namespace studio::test

namespace studio::test {

TmpfsMount::TmpfsMount(const std::string& folder, int64_t bytes, bool read_only) : folder_(folder) {
  std::filesystem::create_directories(folder);
  const std::string options = "size=" + std::to_string(bytes) + ",mode=0755";
  unsigned long flags = MS_NOSUID | MS_NODEV | (read_only ? MS_RDONLY : 0);
  if (::mount("tmpfs", folder.c_str(), "tmpfs", flags, options.c_str()) == 0) {
    mounted_ = true;
  } else {
    reason_ = std::string("cannot mount a tmpfs here (") + std::strerror(errno) +
              "): these checks need the right to mount, as root in CI has";
  }
}

TmpfsMount::~TmpfsMount() {
  if (mounted_) ::umount2(folder_.c_str(), MNT_DETACH);
}

bool TmpfsMount::resize(int64_t bytes) {
  const std::string options = "size=" + std::to_string(bytes);
  return mounted_ && ::mount("tmpfs", folder_.c_str(), "tmpfs", MS_REMOUNT | MS_NOSUID | MS_NODEV, options.c_str()) == 0;
}

}  // namespace studio::test

namespace studio::test {

WorkspaceModel trainWorkspaceModel(const std::string& dir) {
  WorkspaceModel trained;
  trained.data = prepareNumberedCorpus(dir, {"mở tập tin"}, {"open file"}, 300, 80);
  model::TrainingConfig config;
  auto& m = config.model;
  m.encoder_layers = 2;
  m.decoder_layers = 2;
  m.d_model = 32;
  m.heads = 4;
  m.d_ff = 64;
  m.max_length = 64;
  config.max_tokens = 512;
  config.warmup_steps = 20;
  config.max_steps = 60;
  config.eval_every = 30;
  config.eval_sentences = 8;
  config.device = "cpu";
  trained.run = dir + "/run";
  model::Trainer trainer(config, trained.data, trained.run, false, {});
  if (!trainer.run()) throw std::runtime_error("the workspace suites' model did not finish training in " + trained.run);
  trained.model = trained.run + "/best.pt";
  return trained;
}

}  // namespace studio::test
