#include "app/HeadStatistics.h"

#include <QMap>

#include <algorithm>
#include <cmath>

namespace studio::app {

using Kind = AttentionView::Kind;

double headStatistic(const AttentionView& view, Kind kind, int layer, int head, HeadStatistic statistic) {
  const int rows = view.rows(kind), columns = view.columns(kind);
  const QStringList& row_tokens = view.rowTokens(kind);
  const QStringList& column_tokens = view.columnTokens(kind);
  // The end token: </s> among the keys, or <s> for the decoder's own keys.
  const QString end = kind == Kind::DecoderSelf ? QStringLiteral("<s>") : QStringLiteral("</s>");
  const int end_key = int(column_tokens.indexOf(end));
  const int real_columns = int(std::count_if(column_tokens.begin(), column_tokens.end(),
                                             [](const QString& t) { return t != "<pad>"; }));
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
