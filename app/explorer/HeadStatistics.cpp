#include "app/explorer/HeadStatistics.h"

#include <QMap>

#include <algorithm>
#include <cmath>

namespace studio::app {

using Kind = AttentionView::Kind;

namespace {

bool isEnd(const QString& token) { return token == "<s>" || token == "</s>" || token == "<pad>" || token == "<unk>"; }

// A piece of punctuation only (the word-start mark aside): . , ; : ! ? " ' ( ) …
bool isPunctuation(const QString& token) {
  if (isEnd(token)) return false;
  QString text = token;
  if (text.startsWith(QChar(0x2581))) text.remove(0, 1);
  if (text.isEmpty()) return false;
  for (const QChar c : text)
    if (!c.isPunct() && !c.isSymbol()) return false;
  return true;
}

// For each piece: whether it is part of a word SentencePiece wrote as two pieces or more.
QVector<bool> inSplitWords(const QStringList& tokens) {
  QVector<bool> split(tokens.size(), false);
  auto continues = [&](int i) {
    return i < tokens.size() && !isEnd(tokens[i]) && !tokens[i].startsWith(QChar(0x2581)) && !isPunctuation(tokens[i]);
  };
  for (int i = 0; i < tokens.size(); ++i) {
    if (isEnd(tokens[i]) || isPunctuation(tokens[i])) continue;
    if (continues(i) && i > 0 && !isEnd(tokens[i - 1])) split[i] = true;  // a piece inside a word
    if (continues(i + 1)) split[i] = true;                                // a word's first piece, more follow
  }
  return split;
}

}  // namespace

double headStatistic(const AttentionView& view, Kind kind, int layer, int head, HeadStatistic statistic) {
  const int rows = view.rows(kind), columns = view.columns(kind);
  const QStringList& row_tokens = view.rowTokens(kind);
  const QStringList& column_tokens = view.columnTokens(kind);
  // The end token: </s> among the keys, or <s> for the decoder's own keys.
  const QString end = kind == Kind::DecoderSelf ? QStringLiteral("<s>") : QStringLiteral("</s>");
  const int end_key = int(column_tokens.indexOf(end));
  const int real_columns = int(std::count_if(column_tokens.begin(), column_tokens.end(),
                                             [](const QString& t) { return t != "<pad>"; }));
  QVector<bool> focus;  // the keys a focus statistic adds up
  if (statistic == HeadStatistic::Punctuation || statistic == HeadStatistic::PunctuationShare)
    for (const auto& t : column_tokens) focus << isPunctuation(t);
  if (statistic == HeadStatistic::SplitWords || statistic == HeadStatistic::SplitWordShare)
    focus = inSplitWords(column_tokens);
  double total = 0;
  int counted = 0;
  for (int q = 0; q < rows; ++q) {
    if (row_tokens.value(q) == "<pad>") continue;
    double value = 0;
    switch (statistic) {
      case HeadStatistic::Entropy:
        for (int k = 0; k < columns; ++k) {
          const double p = view.weight(kind, layer, head, q, k);
          if (p > 0) value -= p * std::log2(p);
        }
        break;
      case HeadStatistic::EndToken:
        value = end_key >= 0 ? view.weight(kind, layer, head, q, end_key) : 0.0;
        break;
      case HeadStatistic::Diagonal: {
        int k = q;
        if (kind == Kind::Cross)
          k = rows > 1 ? int(std::lround(double(q) * double(real_columns - 1) / double(rows - 1))) : 0;
        value = k < columns ? view.weight(kind, layer, head, q, k) : 0.0;
        break;
      }
      case HeadStatistic::PreviousToken:
        value = q >= 1 && q - 1 < columns ? view.weight(kind, layer, head, q, q - 1) : 0.0;
        break;
      case HeadStatistic::NextToken:
        value = q + 1 < real_columns ? view.weight(kind, layer, head, q, q + 1) : 0.0;
        break;
      case HeadStatistic::DiagonalBand: {
        const int k = rows > 1 ? int(std::lround(double(q) * double(real_columns - 1) / double(rows - 1))) : 0;
        for (int j = std::max(0, k - 1); j <= std::min(real_columns - 1, k + 1); ++j)
          value += view.weight(kind, layer, head, q, j);
        break;
      }
      case HeadStatistic::Punctuation:
      case HeadStatistic::SplitWords:
        for (int k = 0; k < columns; ++k)
          if (focus.value(k)) value += view.weight(kind, layer, head, q, k);
        break;
      case HeadStatistic::PunctuationShare:
      case HeadStatistic::SplitWordShare: {
        // Of the keys this query may see (decoder self-attention: those up to itself).
        const int visible = kind == Kind::DecoderSelf ? std::min(q + 1, real_columns) : real_columns;
        int hits = 0;
        for (int k = 0; k < visible; ++k) hits += focus.value(k) ? 1 : 0;
        value = visible > 0 ? double(hits) / visible : 0.0;
        break;
      }
      case HeadStatistic::NormalizedEntropy: {
        // Over the keys this query may see: all of them, or (decoder self-attention) those up to itself.
        const int visible = kind == Kind::DecoderSelf ? std::min(q + 1, real_columns) : real_columns;
        for (int k = 0; k < columns; ++k) {
          const double p = view.weight(kind, layer, head, q, k);
          if (p > 0) value -= p * std::log2(p);
        }
        value = visible > 1 ? value / std::log2(double(visible)) : 0.0;
        break;
      }
    }
    total += value;
    ++counted;
  }
  return counted ? total / counted : 0.0;
}

HeadTimeline headTimeline(const ProbeHistory& history, HeadStatistic statistic, bool own) {
  HeadTimeline timeline;
  const QList<int> probes = history.probes();
  // The steps every probe has a record of, in order.
  QMap<qint64, int> seen;
  QList<int> used;
  for (int p : probes) {
    const QList<qint64> steps = history.steps(p, own);
    for (qint64 s : steps) ++seen[s];
    if (!steps.isEmpty()) used << p;
  }
  for (auto it = seen.begin(); it != seen.end(); ++it)
    if (it.value() == used.size()) timeline.steps << it.key();
  if (timeline.steps.isEmpty() || used.isEmpty()) return timeline;

  const AttentionView& shape = history.frame(used.first(), own, timeline.steps.first())->view;
  for (Kind kind : {Kind::EncoderSelf, Kind::DecoderSelf, Kind::Cross})
    for (int l = 0; l < shape.layers(kind); ++l)
      for (int h = 0; h < shape.heads; ++h) timeline.rows.append({kind, l, h});
  const int columns = int(timeline.steps.size());
  timeline.values.fill(0.0, timeline.rows.size() * columns);
  for (int c = 0; c < columns; ++c)
    for (int p : used) {
      const AttentionView& view = history.frame(p, own, timeline.steps[c])->view;
      for (int r = 0; r < timeline.rows.size(); ++r) {
        const auto& row = timeline.rows[r];
        timeline.values[r * columns + c] +=
            headStatistic(view, row.kind, row.layer, row.head, statistic) / double(used.size());
      }
    }
  return timeline;
}

}  // namespace studio::app
