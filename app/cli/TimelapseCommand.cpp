// timelapse: how a probe sentence's attention formed during training, as PNG
// frames and the weights of every recorded step (JSON and CSV); with --lens,
// the logit lens of the probe sentences over training, block by block.

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <map>
#include <set>

#include <nlohmann/json.hpp>

#include "app/cli/Commands.h"
#include "app/cli/Png.h"
#include "model/explaining/LogitLens.h"
#include "model/files/AtomicFile.h"
#include "model/training/ProbeFile.h"

namespace studio::cli {

namespace fs = std::filesystem;

namespace {

enum class Kind { Encoder, Decoder, Cross };

struct MapChoice {
  Kind kind = Kind::Cross;
  int64_t layer = -1;  // -1: the last
  int64_t head = -1;   // -1: the mean over heads
  bool all_heads = false;
};

int64_t layersOf(const model::AttentionSnapshot& a, Kind kind) {
  return kind == Kind::Encoder ? a.encoder_layers : a.decoder_layers;
}

// One map as rows × columns: a head's weights or the mean over heads.
std::vector<std::vector<float>> mapOf(const model::AttentionSnapshot& a, Kind kind, int64_t layer, int64_t head) {
  const int64_t rows = kind == Kind::Encoder ? a.source_length : a.target_length;
  const int64_t cols = kind == Kind::Decoder ? a.target_length : a.source_length;
  std::vector<std::vector<float>> out(size_t(rows), std::vector<float>(size_t(cols), 0.0f));
  const int64_t first = head < 0 ? 0 : head, last = head < 0 ? a.heads - 1 : head;
  for (int64_t h = first; h <= last; ++h)
    for (int64_t q = 0; q < rows; ++q)
      for (int64_t k = 0; k < cols; ++k) {
        const float w = kind == Kind::Encoder   ? a.encoderWeight(layer, h, q, k)
                        : kind == Kind::Decoder ? a.decoderWeight(layer, h, q, k)
                                                : a.crossWeight(layer, h, q, k);
        out[size_t(q)][size_t(k)] += w / float(last - first + 1);
      }
  return out;
}

// --lens: every probe sentence's lens over `target`, summed up step by step
// (model::lensOverTraining), as a table on stdout and, with `out`, a CSV.
int printLensOverTraining(const model::ProbeFileContents& contents, const std::string& path,
                          model::ProbeTarget target, const std::string& target_name, const std::string& out) {
  std::vector<std::pair<int64_t, const model::DecoderLens*>> lenses;
  bool any_record = false;
  for (const auto& r : contents.records)
    if (r.target == target) {
      any_record = true;
      lenses.emplace_back(r.step, &r.attention.lens);
    }
  if (!any_record)
    throw std::runtime_error(
        "'" + path + "' has no " + target_name + " records" +
        (target == model::ProbeTarget::Reference ? " (its probes have no reference: use --target own)" : ""));
  const auto steps = model::lensOverTraining(lenses);
  if (steps.empty())
    throw std::runtime_error(
        "'" + path + "' holds attention only (format version " + std::to_string(contents.version) +
        ", written before the lens was recorded with it): a run trained now records both");
  static const char* const blocks[] = {"self-attention", "cross-attention", "feed-forward"};
  static const char* const short_blocks[] = {"self", "cross", "FFN"};
  const int64_t R = steps.front().summary.stages;
  std::printf(
      "The piece that came next was the likeliest after each decoder block, in %% of the positions of the\n"
      "probe sentences (%s):\n%8s",
      target_name.c_str(), "step");
  for (int64_t r = 0; r < R; ++r) {
    char name[32];
    std::snprintf(name, sizeof name, "L%lld %s", static_cast<long long>(r / 3 + 1), short_blocks[r % 3]);
    std::printf(" %9s", name);
  }
  std::printf("\n");
  std::string csv =
      "step,layer,block,sentences,positions,next_top1_share,mean_next_probability,median_next_rank\n";
  for (const auto& [step, summary] : steps) {
    std::printf("%8lld", static_cast<long long>(step));
    for (int64_t r = 0; r < R && r < summary.stages; ++r) {
      std::printf(" %8.1f%%", 100 * summary.top1_share[size_t(r)]);
      char line[256];
      std::snprintf(line, sizeof line, "%lld,%lld,%s,%lld,%lld,%.9g,%.9g,%.9g\n",
                    static_cast<long long>(step), static_cast<long long>(r / 3 + 1), blocks[r % 3],
                    static_cast<long long>(summary.sentences), static_cast<long long>(summary.steps),
                    summary.top1_share[size_t(r)], summary.mean_probability[size_t(r)],
                    summary.median_rank[size_t(r)]);
      csv += line;
    }
    std::printf("\n");
  }
  if (!out.empty()) {
    fs::create_directories(out);
    model::writeFileAtomically(out + "/lens-over-training.csv", csv);
    std::printf(
        "%zu steps into %s/lens-over-training.csv (with each block's mean probability and median rank)\n",
        steps.size(), out.c_str());
  }
  return kOk;
}

bool maskedCell(Kind kind, int64_t q, int64_t k) { return kind == Kind::Decoder && k > q; }

void drawMap(RgbImage& image, const std::vector<std::vector<float>>& map, Kind kind, int x0, int y0, int cell) {
  for (size_t q = 0; q < map.size(); ++q)
    for (size_t k = 0; k < map[q].size(); ++k)
      image.fill(x0 + int(k) * cell, y0 + int(q) * cell, cell, cell,
                 maskedCell(kind, int64_t(q), int64_t(k)) ? 0x9a9a9au : viridis(map[q][k]));
}

// One frame: the chosen map, or every layer × head as tiles (a row a layer).
RgbImage frameOf(const model::AttentionSnapshot& a, const MapChoice& c, int cell) {
  const int64_t layer = c.layer < 0 ? layersOf(a, c.kind) - 1 : c.layer;
  if (!c.all_heads) {
    const auto map = mapOf(a, c.kind, layer, c.head);
    RgbImage image(int(map.empty() ? 1 : map[0].size()) * cell, int(map.size()) * cell);
    drawMap(image, map, c.kind, 0, 0, cell);
    return image;
  }
  const int64_t layers = layersOf(a, c.kind);
  const auto probe = mapOf(a, c.kind, 0, 0);
  const int tile_w = int(probe.empty() ? 1 : probe[0].size()) * cell, tile_h = int(probe.size()) * cell;
  const int gap = 4;
  RgbImage image(int(a.heads) * (tile_w + gap) - gap, int(layers) * (tile_h + gap) - gap);
  for (int64_t l = 0; l < layers; ++l)
    for (int64_t h = 0; h < a.heads; ++h)
      drawMap(image, mapOf(a, c.kind, l, h), c.kind, int(h) * (tile_w + gap), int(l) * (tile_h + gap), cell);
  return image;
}

}  // namespace

const CommandSpec& timelapseSpec() {
  static const CommandSpec spec{
      "timelapse",
      "Export how a probe sentence's attention formed during training\n\n"
      "Reads the run's probes.rec (recorded as it trained: see train --probe) and writes, for every\n"
      "recorded step, a PNG frame of the chosen map (frame-STEP.png; masked cells grey), and the\n"
      "weights of every step as weights.json and weights.csv. Layers, heads and probes count from 0.",
      {
          {"run", "RUN_DIR", "the run folder (required)"},
          {"out", "DIR", "where the frames and weights go (required; created)"},
          {"probe", "N", "which probe sentence (default 0; `--list` shows them)"},
          {"kind", "KIND", "cross (default), enc or dec"},
          {"layer", "L", "the layer (default: the last)"},
          {"head", "H", "a head, `mean` (default) or `all` (every layer × head in one frame)"},
          {"target", "WHICH",
           "reference (default: teacher-forced on the probe's reference, the same grid every step)\n"
           "or own (over the model's own translation of that step)"},
          {"cell", "PX", "pixels a cell (default 12)"},
          {"list", "", "list the probes and recorded steps, write nothing"},
          {"lens", "",
           "instead of frames: the logit lens over training, over every probe sentence (--target):\n"
           "how often each decoder block already named the piece that came next, a row a step\n"
           "(with --out: lens-over-training.csv, each block's mean probability and median rank too)"},
      }};
  return spec;
}

int runTimelapse(const ParsedArgs& args) {
  const std::string run = args.require("run");
  const std::string path = run + "/" + model::kProbeFileName;
  if (!fs::exists(path))
    throw std::runtime_error("'" + run + "' has no " + model::kProbeFileName +
                             " (a run trained before probes were recorded, or with --no-probes)");
  const auto contents = model::readProbeFile(path);
  if (!contents.warning.empty()) std::fprintf(stderr, "warning: %s\n", contents.warning.c_str());
  if (contents.records.empty()) throw std::runtime_error("'" + path + "' holds no records yet");

  std::map<int64_t, const model::ProbeRecord*> probes;
  std::set<int64_t> steps;
  for (const auto& r : contents.records) {
    probes.emplace(r.probe, &r);
    steps.insert(r.step);
  }
  if (args.has("list")) {
    for (const auto& [index, r] : probes)
      std::printf("probe %lld: %s\n  reference: %s\n", static_cast<long long>(index), r->attention.source_text.c_str(),
                  r->reference.empty() ? "(none)" : r->reference.c_str());
    std::printf("%zu steps recorded: %lld .. %lld\n", steps.size(), static_cast<long long>(*steps.begin()),
                static_cast<long long>(*steps.rbegin()));
    const bool lens = std::any_of(contents.records.begin(), contents.records.end(),
                                  [](const model::ProbeRecord& r) { return !r.attention.lens.empty(); });
    std::printf("%s\n",
                lens ? "with the logit lens (--lens)" : "attention only (recorded before the lens was)");
    return kOk;
  }
  if (args.has("lens")) {
    const std::string target = args.getOr("target", "reference");
    if (target != "reference" && target != "own") throw UsageError("--target must be reference or own");
    return printLensOverTraining(contents, path,
                                 target == "own" ? model::ProbeTarget::Own : model::ProbeTarget::Reference,
                                 target, args.getOr("out", ""));
  }
  const std::string out = args.require("out");
  const int64_t probe = args.integer("probe", 0, 0, INT64_MAX);
  if (!probes.count(probe))
    throw UsageError("--probe " + std::to_string(probe) + ": the run has probes 0.." +
                     std::to_string(probes.rbegin()->first));
  MapChoice choice;
  const std::string kind = args.getOr("kind", "cross");
  if (kind == "enc") choice.kind = Kind::Encoder;
  else if (kind == "dec") choice.kind = Kind::Decoder;
  else if (kind != "cross") throw UsageError("--kind must be cross, enc or dec, not '" + kind + "'");
  const std::string head = args.getOr("head", "mean");
  if (head == "all") choice.all_heads = true;
  else if (head != "mean") choice.head = args.integer("head", 0, 0, INT64_MAX);
  const std::string target = args.getOr("target", "reference");
  if (target != "reference" && target != "own") throw UsageError("--target must be reference or own");
  const auto wanted = target == "own" ? model::ProbeTarget::Own : model::ProbeTarget::Reference;
  const int cell = int(args.integer("cell", 12, 1, 64));

  std::vector<const model::ProbeRecord*> frames;
  for (const auto& r : contents.records)
    if (r.probe == probe && r.target == wanted) frames.push_back(&r);
  if (frames.empty())
    throw std::runtime_error("probe " + std::to_string(probe) + " has no " + target + " records" +
                             (wanted == model::ProbeTarget::Reference ? " (it has no reference: use --target own)" : ""));
  const auto& first = frames.front()->attention;
  const int64_t layers = layersOf(first, choice.kind);
  choice.layer = args.integer("layer", layers - 1, 0, layers - 1);
  if (choice.head >= first.heads)
    throw UsageError("--head " + std::to_string(choice.head) + ": the model has heads 0.." + std::to_string(first.heads - 1));

  fs::create_directories(out);
  nlohmann::json json{{"run", run},
                      {"probe", probe},
                      {"source", first.source_text},
                      {"reference", frames.front()->reference},
                      {"kind", kind},
                      {"layer", choice.layer},
                      {"head", choice.all_heads ? nlohmann::json("all") : choice.head < 0 ? nlohmann::json("mean")
                                                                                           : nlohmann::json(choice.head)},
                      {"target", target},
                      {"frames", nlohmann::json::array()}};
  std::string csv = "step,layer,head,query,key,query_token,key_token,weight\n";
  for (const auto* r : frames) {
    const auto& a = r->attention;
    char name[64];
    std::snprintf(name, sizeof name, "frame-%08lld.png", static_cast<long long>(r->step));
    writePng(out + "/" + name, frameOf(a, choice, cell));
    const auto& rows = choice.kind == Kind::Encoder ? a.source_tokens : a.target_tokens;
    const auto& cols = choice.kind == Kind::Decoder ? a.target_tokens : a.source_tokens;
    nlohmann::json frame{{"step", r->step}, {"translation", a.translation}, {"image", name},
                         {"row_tokens", rows}, {"column_tokens", cols}};
    if (!a.lens.empty()) frame["lens"] = a.lens.toJson();
    nlohmann::json maps = nlohmann::json::array();
    const int64_t first_head = choice.all_heads ? 0 : choice.head, last_head = choice.all_heads ? a.heads - 1 : choice.head;
    const int64_t first_layer = choice.all_heads ? 0 : choice.layer, last_layer = choice.all_heads ? layers - 1 : choice.layer;
    for (int64_t l = first_layer; l <= last_layer; ++l)
      for (int64_t h = first_head; h <= last_head; ++h) {
        const auto map = mapOf(a, choice.kind, l, h);
        maps.push_back({{"layer", l}, {"head", h < 0 ? nlohmann::json("mean") : nlohmann::json(h)}, {"weights", map}});
        for (size_t q = 0; q < map.size(); ++q)
          for (size_t k = 0; k < map[q].size(); ++k) {
            char weight[32];
            std::snprintf(weight, sizeof weight, "%.5g", double(map[q][k]));
            csv += std::to_string(r->step) + "," + std::to_string(l) + "," + (h < 0 ? "mean" : std::to_string(h)) + "," +
                   std::to_string(q) + "," + std::to_string(k) + "," + csvField(rows[q]) + "," + csvField(cols[k]) + "," +
                   weight + "\n";
          }
      }
    frame["maps"] = std::move(maps);
    json["frames"].push_back(std::move(frame));
  }
  model::writeFileAtomically(out + "/weights.json", json.dump() + "\n");
  model::writeFileAtomically(out + "/weights.csv", csv);
  std::printf("%zu frames (steps %lld .. %lld) of probe %lld, %s attention, %s, %s into %s\n", frames.size(),
              static_cast<long long>(frames.front()->step), static_cast<long long>(frames.back()->step),
              static_cast<long long>(probe), kind.c_str(),
              choice.all_heads ? "every layer and head"
                               : ("layer " + std::to_string(choice.layer) + ", " +
                                  (choice.head < 0 ? std::string("mean over heads") : "head " + std::to_string(choice.head)))
                                     .c_str(),
              target == "own" ? "over its own translations" : "teacher-forced on the reference", out.c_str());
  return kOk;
}

}  // namespace studio::cli
