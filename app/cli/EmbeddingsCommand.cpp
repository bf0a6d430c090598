// embeddings: the embedding matrix as a map, and each piece's nearest pieces.

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <sstream>

#include <ATen/Parallel.h>

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
      "on the plane, for a plot: on those two components, or with --layout tsne where t-SNE puts it\n"
      "(neighbours kept together, distances between groups not). Each layout says how much of the\n"
      "pieces' neighbourhoods it keeps: the share of a piece's 10 nearest that are among its 10 nearest\n"
      "on the plane.",
      {
          {"model", "FILE", "a model file or checkpoint (required)"},
          {"spm", "FILE", "the SentencePiece model (default: spm.model beside the model or above it)"},
          {"near", "TEXT", "a word or text whose pieces' nearest pieces are listed (repeatable)"},
          {"k", "N", "nearest pieces listed a piece (default 10)"},
          {"csv", "FILE",
           "write id,piece,script,x,y,norm a piece (script: special, vietnamese, ascii, other; a special "
           "piece's x and y empty under t-SNE)"},
          {"layout", "pca|tsne", "where --csv puts the pieces: principal components (default) or t-SNE"},
          {"perplexity", "P", "t-SNE: the neighbours each piece's affinities spread over (default 30)"},
          {"iterations", "N", "t-SNE: optimisation steps (default 750, the first 250 exaggerated)"},
      }};
  return spec;
}

int runEmbeddings(const ParsedArgs& args) {
  const auto near = args.all("near");
  for (const auto& text : near)
    if (!data::isValidUtf8(text) || data::normalizeWhitespace(text).empty())
      throw UsageError("--near '" + text + "': give a word or text in UTF-8");
  const int k = int(args.integer("k", 10, 1, 1000));
  const std::string layout_name = args.getOr("layout", "pca");
  if (layout_name != "pca" && layout_name != "tsne")
    throw UsageError("--layout '" + layout_name + "': give pca or tsne");
  const bool tsne = layout_name == "tsne";
  if (!tsne && (args.has("perplexity") || args.has("iterations")))
    throw UsageError("--perplexity and --iterations are t-SNE's: give them with --layout tsne");
  model::TsneOptions tsne_options;
  tsne_options.perplexity = args.number("perplexity", 30, 1, 1000);
  tsne_options.iterations = int(args.integer("iterations", 750, 251, 100000));
  tsne_options.threads = at::get_num_threads();
  const std::string model_path = oneModel(args);
  auto translator = model::Translator::fromFiles(model_path, args.getOr("spm", ""), torch::kCPU);
  const auto& tokenizer = translator.tokenizer();
  const auto map = model::embeddingMap(translator.model(), tokenizer);
  std::printf(
      "embeddings of %s: %zu pieces of %lld dimensions; the first two principal components hold %.1f %% and "
      "%.1f %% of the variance\n",
      std::filesystem::path(model_path).filename().string().c_str(), map.points.size(),
      static_cast<long long>(map.dimensions), 100 * map.explained[0], 100 * map.explained[1]);
  const auto principal = model::principalLayout(map);
  std::printf(
      "neighbourhoods kept (a piece's %lld nearest among its nearest on the plane): principal components "
      "%.1f %%",
      static_cast<long long>(model::kNeighbourhoodMeasured), 100 * principal.neighbourhood_kept);
  model::PieceLayout layout = principal;
  if (tsne) {
    std::fflush(stdout);
    layout = model::tsnePieceLayout(map, tsne_options);
    std::printf(", t-SNE %.1f %% (perplexity %g, %d iterations)", 100 * layout.neighbourhood_kept,
                layout.perplexity, tsne_options.iterations);
  }
  std::printf("\n");
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
      out << id << "," << csvField(p.piece) << "," << model::pieceScriptName(p.script) << ",";
      const auto& xy = layout.points[id];
      if (std::isfinite(xy[0]))
        out << xy[0] << "," << xy[1];
      else
        out << ",";
      out << "," << p.norm << "\n";
    }
    model::writeFileAtomically(*csv, out.str());
    std::printf("wrote %zu pieces (%s) to %s\n", map.points.size(), tsne ? "t-SNE" : "principal components",
                csv->c_str());
  }
  return kOk;
}

}  // namespace studio::cli
