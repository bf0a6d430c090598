// Writes the fuzzers' seed inputs, one folder a target, from the same kinds of
// fixtures the test suites make: catalogs in both byte orders with contexts and
// plurals, TSV and aligned corpora (demo-like, IWSLT-like with XML escapes and
// Moses tokens), the training presets as JSON, an id cache.
//   make_fuzz_seeds OUT_DIR
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include <nlohmann/json.hpp>

#include "model/data/EncodedCorpus.h"
#include "model/data/MoFile.h"
#include "model/training/ProbeFile.h"
#include "model/training/TrainingConfig.h"

using namespace studio;
namespace fs = std::filesystem;

namespace {
void put(const fs::path& dir, const std::string& name, const std::string& bytes) {
  fs::create_directories(dir);
  std::ofstream(dir / name, std::ios::binary) << bytes;
}
}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: make_fuzz_seeds OUT_DIR\n");
    return 2;
  }
  const fs::path out = argv[1];

  std::vector<data::MoEntry> entries;
  entries.push_back({std::nullopt, "", std::nullopt, {"Content-Type: text/plain; charset=UTF-8\n"}});
  entries.push_back({std::nullopt, "_Open file", std::nullopt, {"_Mở tập tin"}});
  entries.push_back({std::string("menu"), "Close", std::nullopt, {"Đóng"}});
  entries.push_back({std::nullopt, "%d file", std::string("%d files"), {"%d tập tin", "%d tập tin"}});
  put(out / "mo", "little.mo", data::writeMo(entries, false));
  put(out / "mo", "big.mo", data::writeMo(entries, true));

  // Corpus: the first byte picks the reader and options (fuzz_corpus.cpp).
  const std::string tsv = "Mở tập tin số 1\tOpen file number 1\r\nĐóng cửa sổ\tClose window\n\xEF\xBB\xBFno tab here\n";
  put(out / "corpus", "tsv", std::string(1, '\0') + tsv);
  put(out / "corpus", "tsv-detok", std::string(1, '\x06') + "Anh ấy n &apos;t đi\tHe didn &apos;t go .\n");
  const std::string aligned = std::string("Xin chào .\nTạm biệt &quot;bạn&quot;\n") + '\0' + "Hello .\nGoodbye &quot;friend&quot;\n";
  put(out / "corpus", "aligned", std::string(1, '\x01') + aligned);
  put(out / "corpus", "aligned-iwslt", std::string(1, '\x07') + aligned);

  for (const auto& name : model::trainingPresetNames())
    put(out / "config", name + ".json", model::toJson(model::trainingPreset(name)).dump(2));
  put(out / "config", "partial.json", R"({"max_steps": 10, "model": {"d_model": 64, "heads": 4}})");

  data::EncodedSplit split;
  split.add({5, 6, 7}, {8, 9});
  split.add({10}, {11, 12, 13});
  const auto cache = (out / "idcache" / "train.ids").string();
  fs::create_directories(out / "idcache");
  data::writeEncodedCache(cache, "fuzz-key", split);

  // Probe records: one teacher-forced and one own, then a torn third (version 1,
  // as runs recorded before the lens); then version 2's, one with a lens.
  auto record = [](int64_t step, model::ProbeTarget target, int S, int T, uint32_t version = 1,
                   bool lens = false) {
    model::ProbeRecord r;
    r.step = step;
    r.target = target;
    r.reference = "Open file";
    auto& a = r.attention;
    a.source_text = "Mở tập tin";
    a.translation = "Open the file";
    a.source_tokens = {"\u2581Mở", "\u2581tập", "\u2581tin", "</s>"};
    a.target_tokens = {"<s>", "\u2581Open", "\u2581file"};
    a.source_tokens.resize(size_t(S), "x");
    a.target_tokens.resize(size_t(T), "y");
    a.encoder_layers = a.decoder_layers = 1;
    a.heads = 2;
    a.encoder_self.assign(size_t(2 * S * S), 1.0f / float(S));
    a.decoder_self.assign(size_t(2 * T * T), 0.5f);
    a.cross.assign(size_t(2 * T * S), 0.25f);
    if (lens) {  // 3 stages (one decoder layer), 2 pieces each
      auto& l = a.lens;
      l.stages = 3;
      l.positions = T;
      l.top = 2;
      l.next_pieces.assign(a.target_tokens.begin() + 1, a.target_tokens.end());
      l.next_pieces.push_back("</s>");
      l.next_probability.assign(size_t(3 * T), 0.125f);
      l.next_rank.assign(size_t(3 * T), 2);
      for (int i = 0; i < 3 * T; ++i) {
        l.top_pieces.insert(l.top_pieces.end(), {"\u2581the", "\u2581file"});
        l.top_probabilities.insert(l.top_probabilities.end(), {0.5f, 0.125f});
      }
    }
    return model::encodeProbeRecord(r, version);
  };
  const std::string two = model::probeFileHeader(1) + record(0, model::ProbeTarget::Reference, 4, 3) +
                          record(100, model::ProbeTarget::Own, 4, 2);
  put(out / "probes", "two-records.rec", two);
  const std::string third = record(200, model::ProbeTarget::Reference, 4, 3);
  put(out / "probes", "torn.rec", two + third.substr(0, third.size() / 2));
  put(out / "probes", "lens.rec",
      model::probeFileHeader(2) + record(0, model::ProbeTarget::Reference, 4, 3, 2, true) +
          record(100, model::ProbeTarget::Own, 4, 2, 2, false));
  return 0;
}
