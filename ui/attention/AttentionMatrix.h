#pragma once

#include <QImage>
#include <QString>
#include <QStringList>
#include <QVector>

#include "app/translation/TranslationService.h"

// What the explorer computes from an attention view before it draws: the
// matrix of one map (pieces or words), the heads' entropies, masked cells
// that carry weight, thumbnails.
namespace studio::ui {

// One heatmap as drawn: rows are queries, columns keys, after the "mean
// over heads" and "merge pieces into words" choices.
struct AttentionMatrix {
  QStringList rowLabels, columnLabels;
  QVector<double> values;  // rows × columns, row-major
  QVector<bool> masked;    // the same shape; true = the query may not see the key
  int rows = 0, columns = 0;
  // Drawn on the diverging scale centred on zero even without a value below
  // it, reaching at least this far each way (shares of a whole: 1), so that
  // maps side by side share their colours.
  bool diverging = false;
  double minimumReach = 0;
  double value(int row, int column) const { return values[row * columns + column]; }
  bool isMasked(int row, int column) const { return masked[row * columns + column]; }
};

// Groups of consecutive pieces that form one word: a piece starting with
// "▁" or a special token ("<s>", "</s>", "<pad>", "<unk>") opens a group.
QVector<QVector<int>> wordGroups(const QStringList& pieces);
// A group's pieces joined, without the word-start mark ("▁tập" -> "tập").
QString wordLabel(const QStringList& pieces, const QVector<int>& group);

// The matrix of one map (head = -1: the mean over heads), optionally with
// pieces merged into words (weights summed over a word's keys, averaged
// over its queries; a merged cell is masked when all its cells are).
AttentionMatrix attentionMatrix(const app::AttentionView& view, app::AttentionView::Kind kind, int layer, int head,
                                bool merge_words);

// Mean entropy in bits of each head's attention rows (queries that are
// padding are left out), for one kind and layer.
QVector<double> headEntropies(const app::AttentionView& view, app::AttentionView::Kind kind, int layer);

// Masked cells, over every map of the view, whose weight exceeds `threshold`.
int maskedCellsWithWeight(const app::AttentionView& view, double threshold = 1e-6, double* largest = nullptr);

// "encoder self-attention", "decoder self-attention", "cross-attention" (translated).
QString attentionKindName(app::AttentionView::Kind kind);

// A small picture of one map, each cell `cell` pixels, masked cells grey,
// the colours scaled to the map's largest weight.
QImage thumbnail(const AttentionMatrix& m, int cell);

}  // namespace studio::ui
