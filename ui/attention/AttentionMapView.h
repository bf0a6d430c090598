#pragma once

#include <QVector>
#include <QWidget>

#include "ui/attention/AttentionMatrix.h"

class QCPColorMap;
class QCPColorScale;
class QCPItemRect;
class QCustomPlot;
class QLabel;
class QMouseEvent;

namespace studio::ui {

// One attention map drawn as a heatmap: labelled axes (queries down, keys
// across), a colour scale, the masked cells hatched over it, and a read-out
// of the cell under the mouse. Exports what it shows as PNG or SVG.
class AttentionMapView : public QWidget {
  Q_OBJECT

 public:
  explicit AttentionMapView(QWidget* parent = nullptr);

  // Values below zero (signed attributions) switch the colours to a
  // diverging scale centred on zero.
  void setMatrix(const AttentionMatrix& matrix, const QString& title);
  // The axes' and the colour scale's titles, and the read-out's words for a
  // row and a column (defaults: attention's "query", "key", "weight").
  void setTitles(const QString& x, const QString& y, const QString& scale, const QString& row_word,
                 const QString& column_word);
  const AttentionMatrix& matrix() const { return matrix_; }
  void setMasksShown(bool shown);
  // The line under the map before a cell is hovered.
  void setHint(const QString& hint);

  QCustomPlot* plot() const { return plot_; }
  QCPColorMap* heatmap() const { return map_; }
  // Whether the drawn mask overlay covers the centre of this cell.
  bool cellDrawnMasked(int row, int column) const;

  bool savePng(const QString& path);
  bool saveSvg(const QString& path);
  bool savePdf(const QString& path);

 Q_SIGNALS:
  void cellDoubleClicked(int row, int column);

 protected:
  void changeEvent(QEvent* event) override;  // follows a palette (theme) change

 private:
  void drawOverlay();
  void onHover(QMouseEvent* event);

  AttentionMatrix matrix_;
  bool masks_shown_ = true;
  QString row_word_, column_word_;
  QCustomPlot* plot_;
  QCPColorMap* map_;
  QCPColorScale* scale_;
  QVector<QCPItemRect*> overlay_;
  QLabel* hover_;
};

}  // namespace studio::ui
