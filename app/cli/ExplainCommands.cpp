// explain, faithfulness.

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "app/cli/Commands.h"
#include "app/cli/ModelOptions.h"
#include "model/data/Text.h"
#include "model/explaining/Explanation.h"
#include "model/explaining/Faithfulness.h"
#include "model/files/AtomicFile.h"

namespace studio::cli {

namespace {

// --layer: a decoder layer from 0, "last" or "mean"; --head: a head from 0 or "mean".
model::AttributionOptions attributionFrom(const ParsedArgs& args) {
  model::AttributionOptions a;
  const std::string layer = args.getOr("layer", "last"), head = args.getOr("head", "mean");
  if (layer == "mean")
    a.layer = -2;
  else if (layer != "last")
    a.layer = args.integer("layer", -1, 0, 1000);
  if (head != "mean") a.head = args.integer("head", -1, 0, 1000);
  a.steps = args.integer("steps", 32, 1, 4096);
  a.signed_gradient = args.has("signed");
  return a;
}

void writeOut(const ParsedArgs& args, const std::string& text) {
  if (auto out = args.get("out"))
    model::writeFileAtomically(*out, text);
  else
    std::cout << text << std::flush;
}

std::string format(const char* pattern, double value) {
  char number[64];
  std::snprintf(number, sizeof number, pattern, value);
  return number;
}

// Each prediction with its probability and its strongest inputs.
std::string readable(const model::Explanation& e, bool words) {
  const auto json = e.toJson(words);
  const auto& table = words ? json["words"] : json;
  const auto& rows = table["predicted"];
  const auto source = table["source"].get<std::vector<std::string>>();
  const auto prefix = table["prefix"].get<std::vector<std::string>>();
  std::ostringstream out;
  out << "method " << json["method"].get<std::string>();
  if (json.contains("layer")) out << ", layer " << json["layer"].dump() << ", head " << json["head"].dump();
  if (json.contains("steps")) out << ", " << json["steps"].get<int64_t>() << " steps";
  out << "\ntranslation: " << e.translation << "\n";
  for (size_t r = 0; r < rows.size(); ++r) {
    const auto scores = table["scores"][r].get<std::vector<float>>();
    std::vector<size_t> order(scores.size());
    for (size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(),
                     [&](size_t x, size_t y) { return std::abs(scores[x]) > std::abs(scores[y]); });
    out << r << " " << rows[r].get<std::string>();
    if (!words) out << " (p " << format("%.3f", e.attribution.probabilities[r]) << ")";
    if (e.options.contrast_row == int64_t(r) && !words) out << " rather than " << e.contrast_piece;
    out << ":";
    for (size_t k = 0; k < std::min<size_t>(4, order.size()); ++k) {
      const size_t c = order[k];
      const bool from_source = c < source.size();
      out << "  " << (from_source ? source[c] : "[" + prefix[c - source.size()] + "]") << " "
          << format("%+.3f", scores[c]);
    }
    if (json.contains("gap") && !words) out << "  (gap " << format("%+.4f", json["gap"][r].get<double>()) << ")";
    out << "\n";
  }
  return out.str();
}

}  // namespace

const CommandSpec& explainSpec() {
  static const CommandSpec spec{
      "explain",
      "Explain each word of a translation: which source pieces (and earlier output pieces) it came from\n\n"
      "Translates --src (or takes --target), then scores every input of every prediction with one method:\n"
      "attention (a layer and head, or their mean), rollout (attention rollout), alti (ALTI+),\n"
      "grad (gradient x input, the L2 norm over each vector) or ig (integrated gradients from the padding vector; each row's\n"
      "completeness gap is reported). grad and ig explain the predicted piece's log-probability, or with\n"
      "--contrast WORD@POS the difference to WORD's at output piece POS. Source inputs are listed by\n"
      "piece, earlier output pieces in [brackets].",
      {
          {"model", "FILE", "a model file or checkpoint (required)"},
          {"src", "TEXT", "the Vietnamese sentence (required)"},
          {"target", "TEXT", "the English to explain (default: the model's own translation)"},
          {"method", "NAME", "attention, rollout, alti, grad or ig (default ig)"},
          {"layer", "L", "attention: a decoder layer from 0, last (default) or mean"},
          {"head", "H", "attention: a head from 0, or mean (default)"},
          {"steps", "N", "ig: points on the path from the baseline (default 32)"},
          {"contrast", "WORD@POS", "grad, ig: why the translation's piece POS (from 0) rather than WORD"},
          {"signed", "", "grad: the signed sum over each vector's dimensions (first-order terms), not its L2 norm"},
          {"words", "", "merge pieces into words (scores summed over a word's inputs, averaged over its outputs)"},
          {"json", "", "print JSON: the pieces, probabilities and the whole score matrix"},
          {"csv", "", "print CSV: row,predicted,part,column,input,score"},
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

int runExplain(const ParsedArgs& args) {
  model::ExplainRequest request;
  request.decoding = decodingFrom(args);
  request.attribution = attributionFrom(args);
  try {
    request.attribution.method = model::parseMethod(args.getOr("method", "ig"));
  } catch (const std::invalid_argument& e) {
    throw UsageError(std::string("--method: ") + e.what());
  }
  request.contrast = args.getOr("contrast", "");
  if (args.has("json") && args.has("csv")) throw UsageError("--json and --csv: choose one");
  const std::string text = data::normalizeWhitespace(args.require("src"));
  if (!data::isValidUtf8(text)) throw UsageError("--src is not valid UTF-8");
  request.target = data::normalizeWhitespace(args.getOr("target", ""));
  if (!data::isValidUtf8(request.target)) throw UsageError("--target is not valid UTF-8");
  const auto device = deviceFrom(args.getOr("device", "auto"));
  auto translator = model::Translator::fromFiles(oneModel(args), args.getOr("spm", ""), device);
  model::Explanation explanation;
  try {
    explanation = model::explain(translator, text, request);
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  }
  const bool words = args.has("words");
  if (args.has("json"))
    writeOut(args, explanation.toJson(words).dump() + "\n");
  else if (args.has("csv"))
    writeOut(args, explanation.toCsv(words));
  else
    writeOut(args, readable(explanation, words));
  return kOk;
}

const CommandSpec& faithfulnessSpec() {
  static const CommandSpec spec{
      "faithfulness",
      "Measure which explanation method is faithful to the model: deletion and insertion curves\n\n"
      "Translates the first --sentences lines of --src (greedy by default) and, for each output piece\n"
      "and each method, removes the source pieces the method ranks highest (deletion) or starts from a\n"
      "source with all of them removed and puts those back (insertion), measuring the probability of\n"
      "the same piece. Prints each method's mean probability at each fraction of the source removed and\n"
      "the areas under the curves: a faithful method has a small deletion area and a large insertion\n"
      "area. 'random' ranks the pieces at random: the line to beat.",
      {
          {"model", "FILE", "a model file or checkpoint (required)"},
          {"src", "FILE", "Vietnamese sentences, one a line (required), e.g. the demo corpus's test.vi"},
          {"sentences", "N", "the first N lines (default 100; 0 = every line)"},
          {"methods", "LIST", "comma-separated (default attention,rollout,alti,grad,ig)"},
          {"no-random", "", "leave out the random order"},
          {"points", "N", "fractions of the source measured, 0 to 1 (default 11: 0, 0.1, ... 1)"},
          {"replace", "pad|unk", "how a piece is removed: pad (masked out, the default) or unk"},
          {"layer", "L", "attention: a decoder layer from 0, last (default) or mean"},
          {"head", "H", "attention: a head from 0, or mean (default)"},
          {"steps", "N", "ig: points on the path from the baseline (default 32)"},
          {"signed", "", "grad: rank by the signed sum over each vector's dimensions, not its L2 norm"},
          {"json", "", "print the report as JSON (fractions, curves, areas, counts)"},
          {"out", "FILE", "write to FILE instead of stdout"},
          {"spm", "FILE", "the SentencePiece model (default: beside the model or above it)"},
          {"beam", "N", "beam size of the translations explained (default 1, greedy)"},
          {"device", "DEVICE", "auto (default), cpu, cuda or cuda:N"},
      }};
  return spec;
}

int runFaithfulness(const ParsedArgs& args) {
  model::FaithfulnessOptions options;
  options.attribution = attributionFrom(args);
  options.points = args.integer("points", 11, 2, 101);
  options.random = !args.has("no-random");
  const std::string replace = args.getOr("replace", "pad");
  if (replace != "pad" && replace != "unk") throw UsageError("--replace is pad or unk, not '" + replace + "'");
  options.replace_with_unk = replace == "unk";
  options.methods.clear();
  std::stringstream list(args.getOr("methods", "attention,rollout,alti,grad,ig"));
  for (std::string name; std::getline(list, name, ',');) {
    try {
      options.methods.push_back(model::parseMethod(name));
    } catch (const std::invalid_argument& e) {
      throw UsageError(std::string("--methods: ") + e.what());
    }
  }
  auto decoding = decodingFrom(args);
  decoding.beam_size = args.integer("beam", 1, 1, 256);
  decoding.nbest = 1;
  const int64_t count = args.integer("sentences", 100, 0, 100000000);
  const std::string path = args.require("src");
  auto lines = readUtf8Lines(path);
  if (count > 0 && int64_t(lines.size()) > count) lines.resize(size_t(count));
  for (auto& line : lines) line = data::normalizeWhitespace(line);
  if (lines.empty()) throw std::runtime_error(path + " has no lines");
  const auto device = deviceFrom(args.getOr("device", "auto"));
  auto translator = model::Translator::fromFiles(oneModel(args), args.getOr("spm", ""), device);
  try {
    options.attribution.validate(translator.model()->options());
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  }
  const auto print = terminalProgress("faithfulness");
  const auto report = model::measureFaithfulness(translator, lines, decoding, options, [&](size_t done, size_t total) {
    if (print) print(done, total);
    return true;
  });

  if (args.has("json")) {
    nlohmann::json curves = nlohmann::json::array();
    for (const auto& c : report.curves)
      curves.push_back({{"method", c.method},
                        {"deletion", c.deletion},
                        {"insertion", c.insertion},
                        {"deletion_area", c.deletion_area},
                        {"insertion_area", c.insertion_area},
                        {"seconds", c.seconds}});
    nlohmann::json out = {{"model", oneModel(args)},
                          {"src", path},
                          {"replace", replace},
                          {"fractions", report.fractions},
                          {"sentences", report.sentences},
                          {"predictions", report.predictions},
                          {"skipped", report.skipped},
                          {"curves", curves}};
    writeOut(args, out.dump(1) + "\n");
    return kOk;
  }
  std::ostringstream out;
  out << report.sentences << " sentences, " << report.predictions << " output pieces";
  if (report.skipped) out << " (" << report.skipped << " lines skipped: empty, untranslated or too long)";
  out << "; pieces removed by " << replace << "\n\n";
  out << "method      deletion area  insertion area  ins - del  seconds\n";
  for (const auto& c : report.curves)
    out << c.method << std::string(12 - std::min<size_t>(11, c.method.size()), ' ')
        << format("%13.4f", c.deletion_area) << format("%16.4f", c.insertion_area)
        << format("%11.4f", c.insertion_area - c.deletion_area) << format("%9.1f", c.seconds) << "\n";
  out << "\nmean probability of the predicted piece, by share of the source removed (deletion) / kept (insertion)\n";
  out << "fraction   ";
  for (const auto& c : report.curves) out << c.method << std::string(16 - std::min<size_t>(15, c.method.size()), ' ');
  out << "\n";
  for (size_t p = 0; p < report.fractions.size(); ++p) {
    out << format("%-11.2f", report.fractions[p]);
    for (const auto& c : report.curves)
      out << format("%.3f", c.deletion[p]) << " / " << format("%.3f", c.insertion[p]) << "   ";
    out << "\n";
  }
  writeOut(args, out.str());
  return kOk;
}

}  // namespace studio::cli
