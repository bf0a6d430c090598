#include "app/translation/TranslationReplies.h"

#include <cmath>
#include <stdexcept>

#include <QRegularExpression>

#include "app/SnapshotView.h"

#include "model/data/Text.h"
#include "model/decoding/Translator.h"
#include "model/decoding/Verbatim.h"
#include "model/decoding/WordAlignment.h"

namespace studio::app {

float AttentionView::weight(Kind kind, int layer, int head, int query, int key) const {
  const int r = rows(kind), c = columns(kind);
  const QVector<float>& data =
      kind == Kind::EncoderSelf ? encoderSelf : (kind == Kind::DecoderSelf ? decoderSelf : cross);
  return data[((qsizetype(layer) * heads + head) * r + query) * c + key];
}

bool AttentionView::masked(Kind kind, int query, int key) const {
  const QVector<quint8>& mask =
      kind == Kind::EncoderSelf ? encoderMask : (kind == Kind::DecoderSelf ? decoderMask : crossMask);
  return mask[qsizetype(query) * columns(kind) + key] != 0;
}

const float* AttentionView::queryVector(Kind kind, int layer, int head, int query) const {
  const QVector<float>& data = kind == Kind::EncoderSelf
                                   ? encoderQueries
                                   : (kind == Kind::DecoderSelf ? decoderQueries : crossQueries);
  return data.constData() + ((qsizetype(layer) * heads + head) * rows(kind) + query) * headDim;
}

const float* AttentionView::keyVector(Kind kind, int layer, int head, int key) const {
  const QVector<float>& data =
      kind == Kind::EncoderSelf ? encoderKeys : (kind == Kind::DecoderSelf ? decoderKeys : crossKeys);
  return data.constData() + ((qsizetype(layer) * heads + head) * columns(kind) + key) * headDim;
}

data::SplitMode splitMode(const DecodeSettings& settings) {
  return settings.paragraphs ? data::SplitMode::Paragraphs : data::SplitMode::Sentences;
}

model::DecodingOptions decodingOptions(const DecodeSettings& s) {
  model::DecodingOptions o;
  o.beam_size = s.beam;
  o.length_penalty = s.alpha;
  o.nbest = s.sampling ? s.nbest : std::min(s.nbest, s.beam);
  o.max_length_ratio = s.maxLengthRatio;
  o.sampling.on = s.sampling;
  o.sampling.temperature = s.temperature;
  o.sampling.top_k = s.topK;
  o.sampling.top_p = s.topP;
  o.sampling.seed = uint64_t(s.seed);
  o.int8 = s.int8;
  o.bf16 = s.bf16;
  o.verbatim = s.verbatim && !s.sampling ? model::kVerbatimAll : 0;
  o.validate();
  return o;
}

std::vector<double> ensembleWeights(const DecodeSettings& settings, int members) {
  std::vector<double> weights;
  const QString text = settings.ensembleWeights.trimmed();
  if (text.isEmpty() || members == 0) return weights;
  for (const auto& item : text.split(QRegularExpression("[,;\\s]+"), Qt::SkipEmptyParts)) {
    bool ok = false;
    const double w = item.toDouble(&ok);
    if (!ok || !(w > 0) || !std::isfinite(w))
      throw std::runtime_error(
          QObject::tr("The ensemble weight '%1' is not a positive number.").arg(item).toStdString());
    weights.push_back(w);
  }
  if (int(weights.size()) != members + 1)
    throw std::runtime_error(
        QObject::tr("%n ensemble weights for %1 models: give one a model, this one first.", nullptr,
                    int(weights.size()))
            .arg(members + 1)
            .toStdString());
  return weights;
}

void addMaskAndPrefix(const model::Translator& t, const DecodeSettings& s, model::DecodingOptions& o) {
  try {
    o.head_mask = model::HeadMask::parse(s.headMask.toStdString());
    o.head_mask.validate(t.modelHandle()->options());
    if (!s.prefix.trimmed().isEmpty())
      o.prefix = t.encodeTarget(data::normalizeWhitespace(s.prefix.toStdString()));
  } catch (const std::invalid_argument& e) {
    throw std::runtime_error(e.what());
  }
}

std::string checkedText(const QString& text, bool normalize) {
  const std::string utf8 = text.toStdString();
  if (!data::isValidUtf8(utf8)) throw std::runtime_error("the text is not valid UTF-8");
  return normalize ? data::normalizeWhitespace(utf8) : utf8;
}

TranslatedHypothesis toHypothesis(const model::Translation& r) {
  TranslatedHypothesis h;
  h.text = QString::fromStdString(r.text);
  h.pieces = toQStringList(r.pieces);
  h.probabilities = QList<float>(r.probabilities.begin(), r.probabilities.end());
  h.score = r.score;
  h.logProbability = r.log_probability;
  h.finished = r.finished;
  for (const auto& term : r.terms)
    h.terms.append(
        {QString::fromStdString(term.source), QString::fromStdString(term.target),
         term.verbatim ? QString::fromStdString(model::verbatimKindName(term.verbatim)) : QString(),
         int(term.start), int(term.length)});
  if (!r.terms.empty()) {
    h.freeText = QString::fromStdString(r.unconstrained_text);
    h.freeScore = r.unconstrained_score;
  }
  return h;
}

double termAttention(const AttentionView& v, const std::string& sentence, size_t begin, size_t end, int start,
                     int length) {
  if (v.isEmpty() || start < 0 || v.decoderLayers < 1) return -1;
  // Each source piece's bytes in the sentence (pieces follow the sentence, "▁" for a space).
  static const std::string space = "\u2581";
  std::vector<std::pair<size_t, size_t>> spans;
  size_t at = 0;
  for (int k = 0; k < v.sourceLength; ++k) {
    std::string piece = v.sourceTokens.value(k).toStdString();
    if (piece.rfind(space, 0) == 0) piece.erase(0, space.size());
    while (at < sentence.size() && sentence[at] == ' ') ++at;
    const size_t from = at;
    if (!piece.empty() && sentence.compare(at, piece.size(), piece) == 0) at += piece.size();
    spans.emplace_back(from, at);
  }
  double sum = 0;
  int rows = 0;
  for (int q = start; q < start + length && q < v.targetLength; ++q, ++rows)
    for (int h = 0; h < v.heads; ++h)
      for (int k = 0; k < v.sourceLength; ++k)
        if (spans[size_t(k)].second > spans[size_t(k)].first && spans[size_t(k)].first < end &&
            spans[size_t(k)].second > begin)
          sum += v.weight(AttentionView::Kind::Cross, v.decoderLayers - 1, h, q, k) / double(v.heads);
  return rows ? sum / rows : -1;
}

QList<BeamTreeNode> beamTree(const model::BeamTrace& trace, const model::Translator& t) {
  const int eos = int(t.modelHandle()->options().eos_id);
  QList<BeamTreeNode> nodes;
  for (const auto& node : trace) {
    BeamTreeNode n;
    n.parent = int(node.parent);
    n.step = int(node.step);
    n.piece = node.token < 0      ? QStringLiteral("<s>")
              : node.token == eos ? QStringLiteral("</s>")
                                  : QString::fromStdString(t.tokenizer().piece(int(node.token)));
    n.probability = node.probability;
    n.logProbability = node.log_probability;
    n.fate = BeamTreeNode::Fate(int(node.fate));
    nodes << n;
  }
  return nodes;
}

MarkedLines markedLines(const std::string& text) {
  MarkedLines out;
  size_t start = 0;
  for (;;) {
    const size_t end = text.find('\n', start);
    out.lines.push_back(model::parseMarkup(text.substr(start, end == std::string::npos ? end : end - start)));
    out.plain += (start == 0 ? "" : "\n") + out.lines.back().plain;
    if (end == std::string::npos) break;
    start = end + 1;
  }
  return out;
}

std::string placeMarkedLines(const model::Translator& t, const MarkedLines& text,
                             const model::TextTranslation& translation) {
  // Each sentence into the line of text.plain its bytes start in.
  std::vector<model::TextTranslation> lines(text.lines.size());
  size_t line = 0, line_end = text.lines.front().plain.size();
  for (size_t s = 0; s < translation.source.segments.size() && s < translation.segments.size(); ++s) {
    const auto& segment = translation.source.segments[s];
    while (line + 1 < lines.size() && segment.begin > line_end)
      line_end += 1 + text.lines[++line].plain.size();
    lines[line].source.segments.push_back(segment);
    lines[line].segments.push_back(translation.segments[s]);
  }
  const auto aligned = model::alignTexts(t, lines, 1);
  std::string out;
  for (size_t i = 0; i < lines.size(); ++i)
    out += (i ? "\n" : "") + model::markedTranslation(text.lines[i], aligned[i]);
  return out;
}

}  // namespace studio::app
