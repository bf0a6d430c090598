#include "ui/attention/AttentionMatrix.h"

#include <QObject>

#include <algorithm>
#include <cmath>

#include "ui/charts/Palette.h"

namespace studio::ui {

using Kind = app::AttentionView::Kind;

namespace {

bool isSpecial(const QString& piece) {
  return piece == "<s>" || piece == "</s>" || piece == "<pad>" || piece == "<unk>";
}

}  // namespace

QString attentionKindName(Kind kind) {
  switch (kind) {
    case Kind::EncoderSelf:
      return QObject::tr("encoder self-attention");
    case Kind::DecoderSelf:
      return QObject::tr("decoder self-attention");
    case Kind::Cross:
      return QObject::tr("cross-attention");
  }
  return {};
}

QImage thumbnail(const AttentionMatrix& m, int cell) {
  QImage image(m.columns * cell, m.rows * cell, QImage::Format_RGB32);
  double largest = 1e-12;
  for (double v : m.values) largest = std::max(largest, v);
  for (int r = 0; r < m.rows; ++r)
    for (int c = 0; c < m.columns; ++c) {
      const QRgb colour = m.isMasked(r, c) ? qRgb(128, 128, 128) : heatmapColor(m.value(r, c) / largest);
      for (int y = 0; y < cell; ++y)
        for (int x = 0; x < cell; ++x) image.setPixel(c * cell + x, r * cell + y, colour);
    }
  return image;
}


QString wordLabel(const QStringList& pieces, const QVector<int>& group) {
  QString word;
  for (int i : group) word += pieces[i];
  if (word.startsWith(QChar(0x2581))) word.remove(0, 1);
  return word;
}

QVector<QVector<int>> wordGroups(const QStringList& pieces) {
  QVector<QVector<int>> groups;
  for (int i = 0; i < pieces.size(); ++i) {
    const bool special = isSpecial(pieces[i]);
    const bool opens = groups.isEmpty() || special || pieces[i].startsWith(QChar(0x2581)) ||
                       isSpecial(pieces[groups.back().back()]);
    if (opens)
      groups.push_back({i});
    else
      groups.back().push_back(i);
  }
  return groups;
}

AttentionMatrix attentionMatrix(const app::AttentionView& view, Kind kind, int layer, int head, bool merge_words) {
  const int rows = view.rows(kind), columns = view.columns(kind);
  // The per-piece matrix first.
  QVector<double> values(qsizetype(rows) * columns, 0.0);
  for (int q = 0; q < rows; ++q)
    for (int k = 0; k < columns; ++k) {
      double v = 0;
      if (head >= 0) {
        v = view.weight(kind, layer, head, q, k);
      } else {
        for (int h = 0; h < view.heads; ++h) v += view.weight(kind, layer, h, q, k);
        v /= std::max(1, view.heads);
      }
      values[q * columns + k] = v;
    }
  AttentionMatrix m;
  if (!merge_words) {
    m.rows = rows;
    m.columns = columns;
    m.rowLabels = view.rowTokens(kind);
    m.columnLabels = view.columnTokens(kind);
    m.values = values;
    m.masked.resize(values.size());
    for (int q = 0; q < rows; ++q)
      for (int k = 0; k < columns; ++k) m.masked[q * columns + k] = view.masked(kind, q, k);
    return m;
  }
  const auto row_groups = wordGroups(view.rowTokens(kind));
  const auto column_groups = wordGroups(view.columnTokens(kind));
  m.rows = int(row_groups.size());
  m.columns = int(column_groups.size());
  for (const auto& g : row_groups) m.rowLabels << wordLabel(view.rowTokens(kind), g);
  for (const auto& g : column_groups) m.columnLabels << wordLabel(view.columnTokens(kind), g);
  m.values.resize(qsizetype(m.rows) * m.columns);
  m.masked.resize(m.values.size());
  for (int r = 0; r < m.rows; ++r)
    for (int c = 0; c < m.columns; ++c) {
      double sum = 0;
      bool all_masked = true;
      for (int q : row_groups[r])
        for (int k : column_groups[c]) {
          sum += values[q * columns + k];
          all_masked = all_masked && view.masked(kind, q, k);
        }
      // Keys summed (a word receives what its pieces receive), queries averaged.
      m.values[r * m.columns + c] = sum / double(row_groups[r].size());
      m.masked[r * m.columns + c] = all_masked;
    }
  return m;
}

QVector<double> headEntropies(const app::AttentionView& view, Kind kind, int layer) {
  QVector<double> result;
  const int rows = view.rows(kind), columns = view.columns(kind);
  const QStringList& row_tokens = view.rowTokens(kind);
  for (int h = 0; h < view.heads; ++h) {
    double total = 0;
    int counted = 0;
    for (int q = 0; q < rows; ++q) {
      if (row_tokens.value(q) == "<pad>") continue;
      double entropy = 0;
      for (int k = 0; k < columns; ++k) {
        const double p = view.weight(kind, layer, h, q, k);
        if (p > 0) entropy -= p * std::log2(p);
      }
      total += entropy;
      ++counted;
    }
    result << (counted ? total / counted : 0.0);
  }
  return result;
}

int maskedCellsWithWeight(const app::AttentionView& view, double threshold, double* largest) {
  int count = 0;
  double max_seen = 0;
  for (Kind kind : {Kind::EncoderSelf, Kind::DecoderSelf, Kind::Cross}) {
    const int rows = view.rows(kind), columns = view.columns(kind);
    for (int l = 0; l < view.layers(kind); ++l)
      for (int h = 0; h < view.heads; ++h)
        for (int q = 0; q < rows; ++q)
          for (int k = 0; k < columns; ++k) {
            if (!view.masked(kind, q, k)) continue;
            const double w = std::abs(double(view.weight(kind, l, h, q, k)));
            max_seen = std::max(max_seen, w);
            if (w > threshold) ++count;
          }
  }
  if (largest) *largest = max_seen;
  return count;
}

}  // namespace studio::ui
