// neighbours: the training pairs in which the model was in the most similar state.

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "app/cli/Commands.h"
#include "app/cli/ModelOptions.h"
#include "model/data/EncodedCorpus.h"
#include "model/data/Text.h"
#include "model/explaining/Neighbours.h"
#include "model/files/AtomicFile.h"
#include "model/training/FineTune.h"

namespace studio::cli {

namespace fs = std::filesystem;

namespace {

// A pair's pieces as text, the piece at `mark` in [brackets].
std::string marked(const std::vector<std::string>& pieces, int64_t mark) {
  std::string out;
  for (size_t i = 0; i < pieces.size(); ++i) {
    std::string piece = pieces[i];
    if (piece == "</s>" && int64_t(i) != mark) continue;
    bool space = piece == "</s>";
    if (piece.rfind("\xE2\x96\x81", 0) == 0) {                              // U+2581, a word's start
      if (piece.size() > 3 || int64_t(i) != mark) piece = piece.substr(3);  // a lone one marked stays seen
      space = true;
    }
    if (space && !out.empty()) out += ' ';  // a piece inside a word stays joined to it
    out += int64_t(i) == mark ? "[" + piece + "]" : piece;
  }
  return out;
}

std::string readable(const nlohmann::json& json, const std::string& translation, const std::string& data,
                     double seconds) {
  std::ostringstream out;
  out << "indexed " << json["pairs_indexed"].get<size_t>() << " of the "
      << json["distinct_pairs"].get<size_t>() << " distinct pairs (" << json["split_pairs"].get<size_t>()
      << " lines) of " << data << "/train in " << std::fixed;
  out.precision(1);
  out << seconds << " s: " << json["source_states"].get<int64_t>() << " source and "
      << json["output_states"].get<int64_t>() << " output states\ntranslation: " << translation << "\n";
  auto side = [&](const char* title, const char* pieces_key, const char* lists_key, bool source) {
    out << "\n" << title << "\n";
    const auto& pieces = json[pieces_key];
    for (size_t i = 0; i < pieces.size(); ++i) {
      out << i << " " << pieces[i].get<std::string>() << "\n";
      for (const auto& hit : json[lists_key][i]) {
        char head[64];
        std::snprintf(head, sizeof head, "   %.3f  line %-7zu", hit["similarity"].get<double>(),
                      hit["line"].get<size_t>());
        const auto position = hit["position"].get<int64_t>();
        const auto src = hit["source"].get<std::vector<std::string>>();
        const auto tgt = hit["target"].get<std::vector<std::string>>();
        out << head << marked(src, source ? position : -1) << "  =>  " << marked(tgt, source ? -1 : position);
        if (hit["copies"].get<size_t>() > 1) out << "  (x" << hit["copies"].get<size_t>() << ")";
        out << "\n";
      }
    }
  };
  const auto layer = json["layer"].get<int64_t>();
  const std::string of = layer < 0 ? "" : " layer " + std::to_string(layer) + "'s";
  side(("source pieces (the encoder" + of + " output at each):").c_str(), "source", "source_neighbours",
       true);
  side(("output pieces (the decoder" + of + " state that predicted each):").c_str(), "output",
       "output_neighbours", false);
  return out.str();
}

}  // namespace

const CommandSpec& neighboursSpec() {
  static const CommandSpec spec{
      "neighbours",
      "Find the training pairs in which the model was in the most similar state\n\n"
      "Translates --src (or takes --target) and, for each source piece (the encoder's output at it) and\n"
      "each output piece (the decoder's last state at the step that predicts it), lists the --k training\n"
      "pairs whose states are nearest by cosine similarity, the matching piece in [brackets]. The index\n"
      "holds --pairs distinct pairs of the data folder's train split, evenly spaced, encoded with the\n"
      "model each time the command runs.",
      {
          {"model", "FILE", "a model file or checkpoint (required)"},
          {"src", "TEXT", "the Vietnamese sentence (required)"},
          {"target", "TEXT", "the English whose states are compared (default: the model's own translation)"},
          {"data", "DIR", "the data folder (default: the one the model's run trained on)"},
          {"pairs", "N", "distinct training pairs indexed (default 5000; 0 = all)"},
          {"k", "N",
           "neighbours listed for each piece (default 5; more than the index holds lists them all)"},
          {"layer", "L",
           "whose states: layer L's output (from 0, both stacks), or out (default): the stacks' outputs"},
          {"json", "", "print one JSON object instead"},
          {"out", "FILE", "write to FILE instead of stdout"},
          {"spm", "FILE", "the SentencePiece model (default: beside the model or above it)"},
          {"beam", "N", "beam size for the translation (default 4)"},
          {"alpha", "A", "GNMT length penalty (default 0.6)"},
          {"max-length-ratio", "R", "output length limit (default 1.5)"},
          {"min-length-ratio", "R", "no end before this share of the source's pieces (default 0.3; 0 = off)"},
          {"device", "DEVICE", "auto (default), cpu, cuda or cuda:N"},
      }};
  return spec;
}

int runNeighbours(const ParsedArgs& args) {
  auto decoding = decodingFrom(args);
  decoding.nbest = 1;
  const std::string text = data::normalizeWhitespace(args.require("src"));
  if (!data::isValidUtf8(text)) throw UsageError("--src is not valid UTF-8");
  if (text.empty()) throw UsageError("--src is empty");
  const std::string target = data::normalizeWhitespace(args.getOr("target", ""));
  if (!data::isValidUtf8(target)) throw UsageError("--target is not valid UTF-8");
  const size_t pairs = size_t(args.integer("pairs", 5000, 0, 100'000'000));
  const size_t k = size_t(args.integer("k", 5, 1, 10'000'000));
  const int64_t layer = args.getOr("layer", "out") == "out" ? -1 : args.integer("layer", -1, 0, 1000);
  const std::string model_path = oneModel(args);
  const std::string data_dir = dataFolderFor(args, model_path);
  if (!fs::exists(fs::path(data_dir) / "train.vi") || !fs::exists(fs::path(data_dir) / "train.en"))
    throw std::runtime_error("'" + data_dir +
                             "' has no train.vi and train.en: give a data folder written by prepare");

  const auto device = deviceFrom(args.getOr("device", "auto"));
  auto translator = model::Translator::fromFiles(model_path, args.getOr("spm", ""), device);
  model::checkSameSentencePiece(translator.tokenizer().path(), data_dir);
  const auto& shape = translator.modelHandle()->options();
  if (layer >= std::min(shape.encoder_layers, shape.decoder_layers))
    throw UsageError("--layer " + std::to_string(layer) + ": this model has " +
                     std::to_string(shape.encoder_layers) + " encoder and " +
                     std::to_string(shape.decoder_layers) + " decoder layers (from 0)");
  auto src = translator.encodeSource(text);
  src.pop_back();  // its </s>: the states' lists add one
  std::vector<int64_t> tgt;
  std::string translation = target;
  if (target.empty()) {
    const auto result = translator.translate({text}, decoding).at(0);
    if (!result.empty()) {
      tgt = result[0].ids;
      translation = result[0].text;
    }
  } else {
    tgt = translator.encodeTarget(target, "the translation");
  }

  const auto started = std::chrono::steady_clock::now();
  const auto train = data::loadEncodedSplit(data_dir, "train", translator.tokenizer());
  model::StateIndexOptions options;
  options.pairs = pairs;
  options.layer = layer;
  const auto print = terminalProgress("indexed pairs:");
  const auto index =
      model::StateIndex::build(translator.modelHandle(), train, options, [&](size_t done, size_t total) {
        if (print) print(done, total);
        return true;
      });
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  const auto piece = [&](int id) { return translator.tokenizer().piece(id); };
  model::SentenceNeighbours found;
  try {
    found = model::findNeighbours(translator.modelHandle(), index, src, tgt, k, piece);
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  }
  auto json = model::neighboursJson(index, found, piece);
  const std::string out = args.has("json") ? [&] {
    json["data"] = data_dir;
    json["translation"] = translation;
    json["seconds"] = seconds;
    return json.dump() + "\n";
  }()
                                           : readable(json, translation, data_dir, seconds);
  if (auto file = args.get("out"))
    model::writeFileAtomically(*file, out);
  else
    std::cout << out << std::flush;
  return kOk;
}

}  // namespace studio::cli
