#include "app/explorer/QueryKey.h"

#include <QObject>

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace studio::app {

QueryKeyBreakdown queryKeyBreakdown(const AttentionView& view, AttentionView::Kind kind, int layer, int head,
                                    int query) {
  if (!view.hasVectors())
    throw std::invalid_argument(
        QObject::tr("This view has no queries and keys: they are recorded when a sentence is captured, not "
                    "in a run's probe records.")
            .toStdString());
  if (layer < 0 || layer >= view.layers(kind) || head < 0 || head >= view.heads || query < 0 ||
      query >= view.rows(kind))
    throw std::invalid_argument(
        QObject::tr("No such query, layer or head in this view (layer %1, head %2, query %3).")
            .arg(layer + 1)
            .arg(head + 1)
            .arg(query + 1)
            .toStdString());
  const int dims = view.headDim;
  QueryKeyBreakdown out;
  out.scale = 1.0 / std::sqrt(double(dims));
  out.queryToken = view.rowTokens(kind).value(query);
  const float* q = view.queryVector(kind, layer, head, query);
  out.query = QVector<float>(q, q + dims);

  double largest_score = -INFINITY;
  for (int k = 0; k < view.columns(kind); ++k) {
    QueryKeyBreakdown::Key key;
    key.token = view.columnTokens(kind).value(k);
    key.masked = view.masked(kind, query, k);
    const float* kv = view.keyVector(kind, layer, head, k);
    key.vector = QVector<float>(kv, kv + dims);
    key.products.resize(dims);
    double dot = 0;
    for (int d = 0; d < dims; ++d) {
      key.products[d] = q[d] * kv[d];
      dot += double(q[d]) * double(kv[d]);
    }
    key.score = dot * out.scale;
    key.captured = view.weight(kind, layer, head, query, k);
    if (!key.masked) largest_score = std::max(largest_score, key.score);
    out.keys << key;
  }
  // The softmax over the keys the query may see (shifted by the largest score, as the model's).
  double sum = 0;
  for (const auto& key : out.keys)
    if (!key.masked) sum += std::exp(key.score - largest_score);
  for (int k = 0; k < out.keys.size(); ++k) {
    auto& key = out.keys[k];
    key.weight = key.masked || sum == 0 ? 0.0 : std::exp(key.score - largest_score) / sum;
    out.largestDifference = std::max(out.largestDifference, std::abs(key.weight - key.captured));
    if (!key.masked && (out.strongest < 0 || key.weight > out.keys[out.strongest].weight)) out.strongest = k;
  }
  return out;
}

QString queryKeyCsv(const QueryKeyBreakdown& b) {
  auto quote = [](QString s) { return '"' + s.replace('"', "\"\"") + '"'; };
  const int dims = int(b.query.size());
  QString text = "key,token,masked,score,weight,map_weight";
  for (int d = 0; d < dims; ++d) text += QString(",k%1").arg(d);
  for (int d = 0; d < dims; ++d) text += QString(",qk%1").arg(d);
  text += '\n';
  text += QString("query,%1,,,,").arg(quote(b.queryToken));
  for (float v : b.query) text += ',' + QString::number(v, 'g', 9);
  for (int d = 0; d < dims; ++d) text += ',';
  text += '\n';
  for (int k = 0; k < b.keys.size(); ++k) {
    const auto& key = b.keys[k];
    text += QString("%1,%2,%3,%4,%5,%6")
                .arg(k)
                .arg(quote(key.token))
                .arg(key.masked ? 1 : 0)
                .arg(key.score, 0, 'g', 9)
                .arg(key.weight, 0, 'g', 9)
                .arg(key.captured, 0, 'g', 9);
    for (float v : key.vector) text += ',' + QString::number(v, 'g', 9);
    for (float v : key.products) text += ',' + QString::number(v, 'g', 9);
    text += '\n';
  }
  return text;
}

}  // namespace studio::app
