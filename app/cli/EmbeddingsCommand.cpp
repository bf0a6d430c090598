// embeddings: the embedding matrix as a map, and each piece's nearest pieces.

#include <cstdio>
#include <filesystem>
#include <sstream>

#include "app/cli/Commands.h"
#include "app/cli/ModelOptions.h"
#include "model/data/Text.h"
#include "model/explaining/EmbeddingMap.h"
#include "model/files/AtomicFile.h"

namespace studio::cli {

const CommandSpec& embeddingsSpec() {
  static const CommandSpec spec{
      "embeddings",
      "The model's embedding matrix: a map of its pieces and each one's nearest\n\n"
      "The matrix is shared by both languages and the output layer. Prints how much of its variance its\n"
      "first two principal components hold and, for each piece of each --near text, the --k pieces whose\n"
      "rows point the most the same way (cosine over every dimension). --csv writes every piece's place\n"
      "on those two components, for a plot.",
      {
          {"model", "FILE", "a model file or checkpoint (required)"},
          {"spm", "FILE", "the SentencePiece model (default: spm.model beside the model or above it)"},
          {"near", "TEXT", "a word or text whose pieces' nearest pieces are listed (repeatable)"},
          {"k", "N", "nearest pieces listed a piece (default 10)"},
          {"csv", "FILE",
           "write id,piece,script,x,y,norm a piece (script: special, vietnamese, ascii, other)"},
      }};
  return spec;
}

int runEmbeddings(const ParsedArgs& args) {
  const auto near = args.all("near");
  for (const auto& text : near)
    if (!data::isValidUtf8(text) || data::normalizeWhitespace(text).empty())
      throw UsageError("--near '" + text + "': give a word or text in UTF-8");
  const int k = int(args.integer("k", 10, 1, 1000));
  const std::string model_path = oneModel(args);
  auto translator = model::Translator::fromFiles(model_path, args.getOr("spm", ""), torch::kCPU);
  const auto& tokenizer = translator.tokenizer();
  const auto map = model::embeddingMap(translator.model(), tokenizer);
  std::printf(
      "embeddings of %s: %zu pieces of %lld dimensions; the first two principal components hold %.1f %% and "
      "%.1f %% of the variance\n",
      std::filesystem::path(model_path).filename().string().c_str(), map.points.size(),
      static_cast<long long>(map.dimensions), 100 * map.explained[0], 100 * map.explained[1]);
  for (const auto& text : near) {
    for (const auto& piece : tokenizer.pieces(data::normalizeWhitespace(text))) {
      const int id = tokenizer.pieceId(piece);
      const auto& point = map.points.at(size_t(id));
      std::printf("%s (piece %d, %s)", piece.c_str(), id, model::pieceScriptName(point.script));
      if (point.script == model::PieceScript::Special) {
        std::printf(": not in the vocabulary (the model reads it as %s)\n", point.piece.c_str());
        continue;
      }
      std::printf(":");
      for (const auto& n : model::nearestPieces(map, id, k))
        std::printf(" %s %.3f", map.points[size_t(n.id)].piece.c_str(), n.cosine);
      std::printf("\n");
    }
  }
  if (const auto csv = args.get("csv")) {
    std::ostringstream out;
    out << "id,piece,script,x,y,norm\n";
    out.precision(6);
    for (size_t id = 0; id < map.points.size(); ++id) {
      const auto& p = map.points[id];
      out << id << "," << csvField(p.piece) << "," << model::pieceScriptName(p.script) << "," << p.x << ","
          << p.y << "," << p.norm << "\n";
    }
    model::writeFileAtomically(*csv, out.str());
    std::printf("wrote %zu pieces to %s\n", map.points.size(), csv->c_str());
  }
  return kOk;
}

}  // namespace studio::cli
