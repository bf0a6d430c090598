#pragma once

#include <QString>
#include <QVector>

#include "app/translation/TranslationService.h"

// How one attention weight is made, from a view captured with its vectors
// (AttentionRequest::vectors): a query row's query vector against each key
// vector of one head, dimension by dimension, their scaled dot products and
// the softmax over the keys the query may see. What the explorer's
// "Query · key" tab draws (the neuron view of bertviz, Vig 2019).
namespace studio::app {

struct QueryKeyBreakdown {
  struct Key {
    QString token;
    bool masked = false;      // the query may not see this key: left out of the softmax
    QVector<float> vector;    // the key, headDim values
    QVector<float> products;  // query[d] * key[d], headDim values
    double score = 0;         // query · key / sqrt(headDim)
    double weight = 0;        // softmax of the scores over the keys not masked (0 when masked)
    double captured = 0;      // the weight the model computed (the map's)
  };
  QString queryToken;
  QVector<float> query;  // headDim values
  QVector<Key> keys;
  double scale = 0;              // 1 / sqrt(headDim)
  double largestDifference = 0;  // max |weight - captured| over the keys
  int strongest = -1;            // the key of the largest weight (-1: the query sees no key)
};

// The breakdown of row `query` of the map (kind, layer, head) of `view`.
// Throws std::invalid_argument when the view has no vectors or an index is
// out of range (head -1, the mean over heads, has no vectors of its own).
QueryKeyBreakdown queryKeyBreakdown(const AttentionView& view, AttentionView::Kind kind, int layer, int head,
                                    int query);

// The breakdown as CSV: a line a key (index, token, masked, score, weight,
// the map's weight, then key[d] and query[d]·key[d] for each dimension),
// after a first line with the query's own values.
QString queryKeyCsv(const QueryKeyBreakdown& breakdown);

}  // namespace studio::app
