#include "model/explaining/Explanation.h"

#include <sstream>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "model/data/Tokenizer.h"

namespace studio::model {

namespace {

using data::kWordStart;

bool isSpecial(const std::string& piece) {
  return piece == "<s>" || piece == "</s>" || piece == "<pad>" || piece == "<unk>";
}

// The vocabulary's id of `piece`, or -1.
int64_t pieceId(const data::Tokenizer& tokenizer, const std::string& piece) {
  for (int id = 0; id < tokenizer.vocabSize(); ++id)
    if (tokenizer.piece(id) == piece) return id;
  return -1;
}

// "WORD@POS" -> the row and the alternative's id; the errors name the request.
std::pair<int64_t, int64_t> parseContrast(const data::Tokenizer& tokenizer, const std::string& contrast,
                                          const std::vector<std::string>& predicted) {
  const auto at = contrast.rfind('@');
  if (at == std::string::npos || at == 0 || at + 1 == contrast.size())
    throw std::invalid_argument("contrast '" + contrast + "' is not WORD@POS (e.g. folder@3)");
  const std::string word = contrast.substr(0, at), position = contrast.substr(at + 1);
  if (position.find_first_not_of("0123456789") != std::string::npos || position.size() > 9)
    throw std::invalid_argument("contrast '" + contrast + "': the position '" + position +
                                "' is not a whole number (the output piece, from 0)");
  const int64_t row = std::stoll(position);
  if (row >= int64_t(predicted.size()))
    throw std::invalid_argument("contrast '" + contrast + "': position " + position + " is past the translation (" +
                                std::to_string(predicted.size()) + " pieces with </s>, 0 to " +
                                std::to_string(predicted.size() - 1) + ")");
  // The word as the piece at that position writes words: with the word-start mark or without.
  const bool starts_word = predicted[size_t(row)].rfind(kWordStart, 0) == 0;
  const std::string bare = word.rfind(kWordStart, 0) == 0 ? word.substr(kWordStart.size()) : word;
  for (const auto& candidate : starts_word ? std::vector<std::string>{kWordStart + bare, bare}
                                           : std::vector<std::string>{bare, kWordStart + bare}) {
    const int64_t id = pieceId(tokenizer, candidate);
    if (id >= 0 && !isSpecial(candidate)) {
      if (candidate == predicted[size_t(row)])
        throw std::invalid_argument("contrast '" + contrast + "': '" + candidate + "' is what the translation has at " +
                                    position + "; name another word");
      return {row, id};
    }
  }
  const auto pieces = tokenizer.pieces(word);
  std::string spelled;
  for (const auto& p : pieces) spelled += (spelled.empty() ? "" : " ") + p;
  throw std::invalid_argument("contrast '" + contrast + "': '" + word + "' is not a piece of this model's vocabulary" +
                              (pieces.empty() ? std::string() : " (SentencePiece writes it as " + spelled + ")") +
                              "; a contrast is one piece");
}

nlohmann::json rowsOf(const torch::Tensor& matrix) {
  auto m = matrix.contiguous();
  nlohmann::json rows = nlohmann::json::array();
  for (int64_t r = 0; r < m.size(0); ++r) {
    const float* begin = m.data_ptr<float>() + r * m.size(1);
    rows.push_back(std::vector<float>(begin, begin + m.size(1)));
  }
  return rows;
}

}  // namespace

WordGroups wordGroups(const std::vector<std::string>& pieces) {
  WordGroups groups;
  for (const auto& piece : pieces) {
    const bool special = isSpecial(piece);
    const bool starts = piece.rfind(kWordStart, 0) == 0;
    const bool after_special = !groups.words.empty() && isSpecial(groups.words.back());
    if (groups.words.empty() || special || starts || after_special) groups.words.emplace_back();
    groups.words.back() += starts ? piece.substr(kWordStart.size()) : piece;
    groups.group.push_back(int64_t(groups.words.size()) - 1);
  }
  return groups;
}

torch::Tensor mergeIntoWords(const torch::Tensor& scores, const WordGroups& rows, const WordGroups& source,
                             const WordGroups& prefix) {
  const int64_t S = int64_t(source.group.size()), T = int64_t(prefix.group.size());
  if (scores.size(0) != int64_t(rows.group.size()) || scores.size(1) != S + T)
    throw std::invalid_argument("word groups do not fit the scores");
  const int64_t Sw = int64_t(source.words.size()), Tw = int64_t(prefix.words.size());
  // Columns: a sum over each word's pieces, through a 0/1 matrix [S + T, Sw + Tw].
  auto columns = torch::zeros({S + T, Sw + Tw});
  for (int64_t j = 0; j < S; ++j) columns[j][source.group[size_t(j)]] = 1.0;
  for (int64_t j = 0; j < T; ++j) columns[S + j][Sw + prefix.group[size_t(j)]] = 1.0;
  // Rows: a mean over each word's pieces, [Rw, T].
  auto row_mean = torch::zeros({int64_t(rows.words.size()), scores.size(0)});
  for (size_t i = 0; i < rows.group.size(); ++i) row_mean[rows.group[i]][int64_t(i)] = 1.0;
  row_mean = row_mean / row_mean.sum(-1, /*keepdim=*/true);
  return torch::matmul(torch::matmul(row_mean, scores.to(torch::kFloat)), columns);
}

Explanation explain(const Translator& translator, const std::string& sentence, const ExplainRequest& request) {
  auto model = translator.modelHandle();
  const auto& o = model->options();
  const auto& tokenizer = translator.tokenizer();
  const auto pieces = tokenizer.encode(sentence);
  if (pieces.empty()) throw std::invalid_argument("there is nothing to explain: the sentence has no pieces");
  if (int64_t(pieces.size()) > o.max_length - 1)
    throw std::invalid_argument("the sentence has " + std::to_string(pieces.size()) +
                                " pieces; this model reads at most " + std::to_string(o.max_length - 1));

  Explanation out;
  out.source_text = sentence;
  std::vector<int64_t> output;
  if (request.target.empty()) {
    auto results = translator.translate({sentence}, request.decoding);
    if (results.empty() || results[0].empty()) throw std::runtime_error("the model gave no translation");
    out.translation = results[0][0].text;
    output = results[0][0].ids;
  } else {
    out.translation = request.target;
    output = translator.encodeTarget(request.target, "the translation");
  }
  const auto source = translator.encodeSource(sentence);
  std::vector<int64_t> target_in{o.bos_id}, predicted;
  target_in.insert(target_in.end(), output.begin(), output.end());
  predicted.assign(output.begin(), output.end());
  predicted.push_back(o.eos_id);
  for (int64_t id : source) out.source_pieces.push_back(tokenizer.piece(int(id)));
  for (int64_t id : target_in) out.prefix_pieces.push_back(tokenizer.piece(int(id)));
  for (int64_t id : predicted) out.predicted_pieces.push_back(tokenizer.piece(int(id)));

  out.options = request.attribution;
  out.options.contrast_row = -1;
  if (!request.contrast.empty()) {
    if (!explainsAnOutput(out.options.method))
      throw std::invalid_argument("a contrast needs a method that explains an output (grad or ig), not " +
                                  methodName(out.options.method));
    std::tie(out.options.contrast_row, out.options.contrast_token) =
        parseContrast(tokenizer, request.contrast, out.predicted_pieces);
    out.contrast_piece = tokenizer.piece(int(out.options.contrast_token));
  }
  const auto device = translator.device();
  auto src = torch::tensor(source, torch::kLong).unsqueeze(0).to(device);
  auto tgt = torch::tensor(target_in, torch::kLong).unsqueeze(0).to(device);
  out.attribution = attribute(model, src, tgt, predicted, out.options);
  return out;
}

nlohmann::json Explanation::toJson(bool words) const {
  nlohmann::json out = {{"source_text", source_text},
                        {"translation", translation},
                        {"method", methodName(options.method)},
                        {"source", source_pieces},
                        {"prefix", prefix_pieces},
                        {"predicted", predicted_pieces},
                        {"probabilities", attribution.probabilities},
                        {"scores", rowsOf(attribution.scores)}};
  if (options.method == AttributionMethod::Attention) {
    out["layer"] = options.layer == -2 ? nlohmann::json("mean") : nlohmann::json(options.layer);
    out["head"] = options.head == -1 ? nlohmann::json("mean") : nlohmann::json(options.head);
  }
  if (options.method == AttributionMethod::IntegratedGradients) {
    out["steps"] = options.steps;
    out["delta"] = attribution.delta;
    out["gap"] = attribution.gap;
  }
  if (options.contrast_row >= 0)
    out["contrast"] = {{"position", options.contrast_row},
                       {"predicted", predicted_pieces[size_t(options.contrast_row)]},
                       {"alternative", contrast_piece}};
  if (words) {
    const auto rows = wordGroups(predicted_pieces), source = wordGroups(source_pieces),
               prefix = wordGroups(prefix_pieces);
    out["words"] = {{"source", source.words},
                    {"prefix", prefix.words},
                    {"predicted", rows.words},
                    {"scores", rowsOf(mergeIntoWords(attribution.scores, rows, source, prefix))}};
  }
  return out;
}

std::string Explanation::toCsv(bool words) const {
  auto quoted = [](const std::string& text) {
    std::string q = "\"";
    for (char c : text) q += c == '"' ? std::string("\"\"") : std::string(1, c);
    return q + "\"";
  };
  WordGroups rows, source, prefix;
  torch::Tensor scores = attribution.scores;
  if (words) {
    rows = wordGroups(predicted_pieces), source = wordGroups(source_pieces), prefix = wordGroups(prefix_pieces);
    scores = mergeIntoWords(attribution.scores, rows, source, prefix).contiguous();
  } else {
    rows.words = predicted_pieces, source.words = source_pieces, prefix.words = prefix_pieces;
  }
  std::ostringstream csv;
  csv << "row,predicted,part,column,input,score\n";
  const int64_t S = int64_t(source.words.size());
  const auto values = scores.to(torch::kFloat).contiguous();
  const auto a = values.accessor<float, 2>();
  for (int64_t r = 0; r < scores.size(0); ++r)
    for (int64_t c = 0; c < scores.size(1); ++c) {
      const bool from_source = c < S;
      const auto& input = from_source ? source.words[size_t(c)] : prefix.words[size_t(c - S)];
      csv << r << ',' << quoted(rows.words[size_t(r)]) << ',' << (from_source ? "source" : "prefix") << ','
          << (from_source ? c : c - S) << ',' << quoted(input) << ',' << a[r][c] << '\n';
    }
  return csv.str();
}

}  // namespace studio::model
