#pragma once

#include <QList>
#include <QStringList>
#include <QVector>

#include "app/explorer/ProbeHistory.h"

// What each head does over training, from a run's probe records: how spread
// its attention is (entropy), how much of it rests on the end token, how
// much on the diagonal. Heads that specialise, go quiet on </s> or die show
// up as they change from step to step.
namespace studio::app {

enum class HeadStatistic {
  Entropy,   // mean entropy of the attention rows, in bits
  EndToken,  // mean weight on </s> (the source's last token; <s> in decoder self-attention)
  Diagonal,  // mean weight on the key at the query's position (cross-attention: the position
             // scaled to the source's length, the monotone alignment)
  // For the roles (HeadRoles.h):
  PreviousToken,      // mean weight on the key just before the query's position
  NextToken,          // mean weight on the key just after it
  DiagonalBand,       // cross-attention: mean weight within one key of the scaled diagonal
  Punctuation,        // mean weight on keys that are punctuation (ends left out)
  SplitWords,         // mean weight on pieces of words SentencePiece splits (rare words)
  NormalizedEntropy,  // entropy / log2(keys): 1 = spread evenly over every key
  PunctuationShare,   // the share of the keys a query sees that are punctuation (chance for Punctuation)
  SplitWordShare,     // the same for SplitWords
};

// One head's statistic on one attention view: the mean over its query rows
// (padding rows left out).
double headStatistic(const AttentionView& view, AttentionView::Kind kind, int layer, int head, HeadStatistic statistic);

// Every head (rows: encoder self-, decoder self-, cross-attention; layer by
// layer, head by head) against every recorded step (columns), each cell the
// mean over the probe sentences.
struct HeadTimeline {
  QList<qint64> steps;
  struct Row {
    AttentionView::Kind kind;
    int layer, head;
  };
  QList<Row> rows;
  QVector<double> values;  // rows × steps, row-major
  double value(int row, int step_index) const { return values[row * int(steps.size()) + step_index]; }
};

HeadTimeline headTimeline(const ProbeHistory& history, HeadStatistic statistic, bool own);

}  // namespace studio::app
