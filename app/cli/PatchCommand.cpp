// patch: activation patching, which of the model's states carry what a
// translation depends on (model/explaining/Patching.h).

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "app/cli/Commands.h"
#include "app/cli/ModelOptions.h"
#include "model/data/Text.h"
#include "model/explaining/Patching.h"
#include "model/explaining/PatchingSummary.h"
#include "model/files/AtomicFile.h"

namespace studio::cli {

namespace {

std::string cell(double value) {
  if (std::isnan(value)) return "     -";
  char text[32];
  std::snprintf(text, sizeof text, "%6.2f", value);
  return text;
}

size_t characters(const std::string& text) {
  size_t n = 0;
  for (unsigned char c : text) n += (c & 0xC0) != 0x80;  // not a UTF-8 continuation byte
  return n;
}

std::string padded(const std::string& text, size_t width) {
  const size_t n = characters(text);
  return text + std::string(width > n ? width - n : 0, ' ');
}

// One stack's table: a row a site, a column a position and "all".
void table(std::ostringstream& out, const model::ActivationPatching& p, const model::PatchedStates& states,
           const std::string& title, std::vector<std::string> columns, int64_t piece) {
  columns.push_back("all");
  size_t name_width = title.size();
  for (const auto& row : states.rows) name_width = std::max(name_width, row.name().size());
  out << "\n" << padded(title, name_width);
  for (const auto& c : columns) out << "  " << padded(c, 6);
  out << "\n";
  for (int64_t r = 0; r < states.rows_count(); ++r) {
    out << padded(states.rows[size_t(r)].name(), name_width);
    for (int64_t c = 0; c <= states.positions; ++c)
      out << "  "
          << padded(cell(p.recovery(states, r, c, piece)),
                    std::max<size_t>(6, characters(columns[size_t(c)])));
    out << "\n";
  }
}

std::string readable(const model::ActivationPatching& p, int64_t piece) {
  std::ostringstream out;
  char numbers[160];
  out << "sentence:    " << p.source_text << "\n"
      << "corrupted:   " << p.corrupted_text << "   (its own translation: " << p.corrupted_translation
      << ")\n"
      << "translation: " << p.translation << "\n";
  std::snprintf(numbers, sizeof numbers, "log P%s: clean %.3f, corrupted %.3f\n",
                piece < 0 ? " of the translation" : (" of " + p.predicted_pieces[size_t(piece)]).c_str(),
                p.cleanLogProbability(piece), p.corruptedLogProbability(piece));
  out << numbers;
  if (std::isnan(p.recovery(p.encoder, 0, 0, piece))) {
    out << "The corruption changes it by less than " << model::ActivationPatching::kLeastChange
        << ": there is nothing for a state to give back.\n";
    return out.str();
  }
  if (p.estimated) out << "Estimated by gradients (attribution patching), not measured:\n";
  if (p.noising)
    out << "What each state takes away when the corrupted reading's is put in the clean pass's place\n";
  else
    out << "What each state gives back when the clean pass's is put in the corrupted pass's place\n";
  out << "(1 = all of the change, 0 = none; all = every position of the row at once; a decoder position is\n"
         "headed by the piece it writes):\n";
  table(out, p, p.encoder, "encoder", p.source_pieces, piece);
  table(out, p, p.decoder, "decoder", p.predicted_pieces, piece);
  return out.str();
}

std::string readableSummary(const model::PatchingSummary& s) {
  std::ostringstream out;
  out << s.sentences << " sentences, " << s.words << " words blanked one at a time";
  if (s.skipped > 0)
    out << " (" << s.skipped
        << " more left out: blanking them moved the translation's log-probability by less than "
        << model::ActivationPatching::kLeastChange << ")";
  if (s.estimated) out << "\nEstimated by gradients (attribution patching), not measured.";
  const std::string gives = s.noising ? "takes away" : "gives back";
  out << "\nWhat each state " << gives << ", on average (all: every position at once; best: its one position "
      << "that\n"
      << gives << " the most; at the word: the best of the blanked word's own pieces):\n";
  for (const bool encoder : {true, false}) {
    const auto& rows = encoder ? s.encoder : s.decoder;
    size_t width = 8;
    for (const auto& row : rows) width = std::max(width, row.name.size());
    out << "\n"
        << padded(encoder ? "encoder" : "decoder", width) << "     all    best"
        << (encoder ? "  at the word" : "") << "\n";
    for (const auto& row : rows) {
      out << padded(row.name, width) << "  " << cell(row.all) << "  " << cell(row.best);
      if (encoder) out << "  " << cell(row.at_word);
      out << "\n";
    }
  }
  return out.str();
}

model::PatchingOptions patchingFrom(const ParsedArgs& args) {
  model::PatchingOptions options;
  options.heads = args.has("heads");
  options.noising = args.has("noising");
  options.estimate = args.has("estimate");
  return options;
}

}  // namespace

const CommandSpec& patchSpec() {
  static const CommandSpec spec{
      "patch",
      "Which of the model's states carry what a translation depends on (activation patching)\n\n"
      "Translates --src (or takes --target), then reads it with --corrupted, the sentence with a word\n"
      "changed (as many pieces; write <unk> for each piece of a word to blank it), and measures how\n"
      "much of the translation's log-probability the change took away. Then, one state at a time, the\n"
      "corrupted pass goes on with the clean pass's state: the encoder's input and each layer's output\n"
      "at each source piece, each decoder block's output at each position. Prints what each state gives\n"
      "back, from 0 (nothing) to 1 (all the change); --piece N measures output piece N alone. --heads\n"
      "adds each attention head's output (before the output projection mixes them); --noising goes the\n"
      "other way: the clean pass with one state of the corrupted reading, what that state takes away.\n\n"
      "With --file instead of --src and --corrupted: each word of each sentence of the file blanked in "
      "turn,\n"
      "and what each state gives back averaged: where the model keeps what a word brings to its translation.",
      {
          {"model", "FILE", "a model file or checkpoint (required)"},
          {"src", "TEXT", "the Vietnamese sentence (or --file)"},
          {"corrupted", "TEXT", "the sentence with a word changed, as many pieces (with --src)"},
          {"file", "FILE",
           "Vietnamese sentences, one a line: every word of each blanked in turn, the states averaged"},
          {"sentences", "N", "with --file: its first N lines (default 100; 0 = all)"},
          {"target", "TEXT", "the English traced (default: the model's own translation)"},
          {"piece", "N", "measure output piece N (from 0, </s> last) instead of the whole translation"},
          {"heads", "", "each attention head's output too: a row a head, after its block's"},
          {"noising", "", "put the corrupted reading's states into the clean pass: what each takes away"},
          {"estimate", "",
           "estimate every number by gradients (attribution patching): a backward pass a prediction instead "
           "of a pass a site"},
          {"json", "", "print JSON: the pieces, every patched pass's log-probabilities and the recoveries"},
          {"out", "FILE", "write to FILE instead of stdout"},
          {"spm", "FILE", "the SentencePiece model (default: beside the model or above it)"},
          {"beam", "N", "beam size for the translations (default 4)"},
          {"alpha", "A", "GNMT length penalty (default 0.6)"},
          {"max-length-ratio", "R", "output length limit (default 1.5)"},
          {"min-length-ratio", "R", "no end before this share of the source's pieces (default 0.3; 0 = off)"},
          {"device", "DEVICE", "auto (default), cpu, cuda or cuda:N"},
      }};
  return spec;
}

namespace {

int runPatchSummary(const ParsedArgs& args) {
  if (args.has("src") || args.has("corrupted") || args.has("target") || args.has("piece"))
    throw UsageError(
        "--file measures each sentence's own translation, every word blanked: not with --src, "
        "--corrupted, --target or --piece");
  const std::string path = *args.get("file");
  const int64_t limit = args.integer("sentences", 100, 0, 100000000);
  std::vector<std::string> sentences;
  for (const auto& line : readUtf8Lines(path)) {
    if (limit > 0 && int64_t(sentences.size()) >= limit) break;
    auto sentence = data::normalizeWhitespace(line);
    if (!sentence.empty()) sentences.push_back(std::move(sentence));
  }
  if (sentences.empty()) throw UsageError("--file '" + path + "' has no sentences");
  const auto device = deviceFrom(args.getOr("device", "auto"));
  auto translator = model::Translator::fromFiles(oneModel(args), args.getOr("spm", ""), device);
  const auto summary =
      model::summarizePatching(translator, sentences, decodingFrom(args), patchingFrom(args));
  const std::string output = args.has("json") ? summary.toJson().dump() + "\n" : readableSummary(summary);
  if (auto out = args.get("out"))
    model::writeFileAtomically(*out, output);
  else
    std::cout << output << std::flush;
  return kOk;
}

}  // namespace

int runPatch(const ParsedArgs& args) {
  if (args.has("file")) return runPatchSummary(args);
  if (!args.has("src") || !args.has("corrupted"))
    throw UsageError("patch needs --src and --corrupted (one sentence), or --file (a file's sentences)");
  model::PatchingRequest request;
  request.decoding = decodingFrom(args);
  request.patching = patchingFrom(args);
  const std::string text = data::normalizeWhitespace(args.require("src"));
  if (!data::isValidUtf8(text)) throw UsageError("--src is not valid UTF-8");
  request.corrupted = data::normalizeWhitespace(args.require("corrupted"));
  if (!data::isValidUtf8(request.corrupted)) throw UsageError("--corrupted is not valid UTF-8");
  request.target = data::normalizeWhitespace(args.getOr("target", ""));
  if (!data::isValidUtf8(request.target)) throw UsageError("--target is not valid UTF-8");
  const int64_t piece = args.has("piece") ? args.integer("piece", 0, 0, 100000) : -1;
  const auto device = deviceFrom(args.getOr("device", "auto"));
  auto translator = model::Translator::fromFiles(oneModel(args), args.getOr("spm", ""), device);
  model::ActivationPatching patching;
  try {
    patching = model::patchActivations(translator, text, request);
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  }
  if (piece >= int64_t(patching.predicted_pieces.size()))
    throw UsageError("--piece " + std::to_string(piece) + " is past the translation (" +
                     std::to_string(patching.predicted_pieces.size()) + " pieces with </s>, 0 to " +
                     std::to_string(patching.predicted_pieces.size() - 1) + ")");
  const std::string output = args.has("json") ? patching.toJson().dump() + "\n" : readable(patching, piece);
  if (auto out = args.get("out"))
    model::writeFileAtomically(*out, output);
  else
    std::cout << output << std::flush;
  return kOk;
}

}  // namespace studio::cli
