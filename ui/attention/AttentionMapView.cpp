#include "ui/attention/AttentionMapView.h"

#include <algorithm>

#include <QLabel>
#include <QSaveFile>
#include <QToolTip>
#include <QVBoxLayout>

#include <cmath>

#include "ui/charts/FigureExport.h"
#include "ui/charts/Palette.h"
#include "ui/charts/QCustomPlot.h"

namespace studio::ui {

AttentionMapView::AttentionMapView(QWidget* parent) : QWidget(parent) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  plot_ = new QCustomPlot(this);
  plot_->setObjectName("Heatmap");
  plot_->setAccessibleName(tr("Attention heatmap"));
  plot_->setMinimumSize(400, 300);
  plot_->axisRect()->setupFullAxesBox(true);
  plot_->xAxis->setLabel(tr("key (attended to)"));
  plot_->yAxis->setLabel(tr("query (attending)"));
  plot_->yAxis->setRangeReversed(true);
  map_ = new QCPColorMap(plot_->xAxis, plot_->yAxis);
  map_->setInterpolate(false);
  map_->setTightBoundary(false);
  scale_ = new QCPColorScale(plot_);
  scale_->setType(QCPAxis::atRight);
  scale_->axis()->setLabel(tr("weight"));
  plot_->plotLayout()->addElement(0, 1, scale_);
  map_->setColorScale(scale_);  // the map takes the scale's gradient and range: set them after
  map_->setGradient(heatmapGradient());
  auto* margins = new QCPMarginGroup(plot_);
  plot_->axisRect()->setMarginGroup(QCP::msBottom | QCP::msTop, margins);
  scale_->setMarginGroup(QCP::msBottom | QCP::msTop, margins);
  plot_->setMouseTracking(true);
  applyPalette(plot_, palette(), {scale_->axis()});
  connect(plot_, &QCustomPlot::mouseMove, this, &AttentionMapView::onHover);
  connect(plot_, &QCustomPlot::mouseDoubleClick, this, [this](QMouseEvent* event) {
    const int column = int(std::lround(plot_->xAxis->pixelToCoord(event->pos().x())));
    const int row = int(std::lround(plot_->yAxis->pixelToCoord(event->pos().y())));
    if (row >= 0 && row < matrix_.rows && column >= 0 && column < matrix_.columns)
      Q_EMIT cellDoubleClicked(row, column);
  });
  layout->addWidget(plot_, 1);
  hover_ = new QLabel(tr("Hover over a cell to read its weight."), this);
  hover_->setObjectName("Hover");
  hover_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  layout->addWidget(hover_);
}

void AttentionMapView::setHint(const QString& hint) { hover_->setText(hint); }

void AttentionMapView::changeEvent(QEvent* event) {
  if (event->type() == QEvent::PaletteChange) {
    applyPalette(plot_, palette(), {scale_->axis()});
    plot_->replot();
  }
  QWidget::changeEvent(event);
}

void AttentionMapView::setMatrix(const AttentionMatrix& matrix, const QString& title) {
  matrix_ = matrix;
  const AttentionMatrix& m = matrix_;
  map_->data()->setSize(m.columns, m.rows);
  map_->data()->setRange(QCPRange(0, std::max(0, m.columns - 1)), QCPRange(0, std::max(0, m.rows - 1)));
  double largest = 0, smallest = 0;
  for (int r = 0; r < m.rows; ++r)
    for (int c = 0; c < m.columns; ++c) {
      map_->data()->setCell(c, r, m.value(r, c));
      largest = std::max(largest, m.value(r, c));
      smallest = std::min(smallest, m.value(r, c));
    }
  if (smallest < 0 || m.diverging) {
    const double reach = std::max({largest, -smallest, m.minimumReach, 1e-12});
    map_->setGradient(divergingGradient());
    map_->setDataRange(QCPRange(-reach, reach));
  } else {
    map_->setGradient(heatmapGradient());
    map_->setDataRange(QCPRange(0, largest > 0 ? largest : 1));
  }
  auto label_axis = [](QCPAxis* axis, const QStringList& labels) {
    QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
    for (int i = 0; i < labels.size(); ++i) ticker->addTick(i, labels[i]);
    axis->setTicker(ticker);
    axis->setSubTicks(false);
    axis->setRange(-0.5, labels.size() - 0.5);
    axis->grid()->setVisible(false);
  };
  label_axis(plot_->xAxis, m.columnLabels);
  label_axis(plot_->yAxis, m.rowLabels);
  plot_->xAxis->setTickLabelRotation(m.columns > 8 ? 60 : 0);
  plot_->xAxis2->setLabel(title);
  drawOverlay();
}

void AttentionMapView::setTitles(const QString& x, const QString& y, const QString& scale, const QString& row_word,
                                 const QString& column_word) {
  plot_->xAxis->setLabel(x);
  plot_->yAxis->setLabel(y);
  scale_->axis()->setLabel(scale);
  row_word_ = row_word;
  column_word_ = column_word;
  plot_->replot();
}

void AttentionMapView::setMasksShown(bool shown) {
  masks_shown_ = shown;
  drawOverlay();
}

void AttentionMapView::drawOverlay() {
  for (auto* item : overlay_) plot_->removeItem(item);
  overlay_.clear();
  if (masks_shown_) {
    // One rectangle per run of masked cells in a row: the causal triangle
    // and the padding columns take a rectangle a row each.
    const AttentionMatrix& m = matrix_;
    for (int r = 0; r < m.rows; ++r) {
      int c = 0;
      while (c < m.columns) {
        if (!m.isMasked(r, c)) {
          ++c;
          continue;
        }
        const int first = c;
        while (c < m.columns && m.isMasked(r, c)) ++c;
        auto* rect = new QCPItemRect(plot_);
        rect->topLeft->setCoords(first - 0.5, r - 0.5);
        rect->bottomRight->setCoords(c - 0.5, r + 0.5);
        rect->setBrush(maskBrush());
        rect->setPen(QPen(maskOutline(), 0));
        rect->setSelectable(false);
        overlay_.push_back(rect);
      }
    }
  }
  plot_->replot();
}

bool AttentionMapView::cellDrawnMasked(int row, int column) const {
  for (const auto* rect : overlay_) {
    if (!rect->visible()) continue;
    const QPointF a = rect->topLeft->coords(), b = rect->bottomRight->coords();
    if (column > std::min(a.x(), b.x()) && column < std::max(a.x(), b.x()) && row > std::min(a.y(), b.y()) &&
        row < std::max(a.y(), b.y()))
      return true;
  }
  return false;
}

void AttentionMapView::onHover(QMouseEvent* event) {
  if (matrix_.rows == 0) return;
  const int column = int(std::lround(plot_->xAxis->pixelToCoord(event->pos().x())));
  const int row = int(std::lround(plot_->yAxis->pixelToCoord(event->pos().y())));
  if (row < 0 || row >= matrix_.rows || column < 0 || column >= matrix_.columns) {
    hover_->clear();
    QToolTip::hideText();
    return;
  }
  const QString text = tr("%1 “%2” → %3 “%4”: %5%6")
                           .arg(row_word_.isEmpty() ? tr("query") : row_word_, matrix_.rowLabels[row])
                           .arg(column_word_.isEmpty() ? tr("key") : column_word_, matrix_.columnLabels[column])
                           .arg(matrix_.value(row, column), 0, 'g', 6)
                           .arg(matrix_.isMasked(row, column) ? tr(" (masked)") : QString());
  hover_->setText(text);
  QToolTip::showText(event->globalPosition().toPoint(), text, plot_);
}

bool AttentionMapView::savePng(const QString& path) {
  QSaveFile file(path);
  if (!file.open(QIODevice::WriteOnly)) return false;
  const QPixmap picture = plot_->toPixmap(plot_->width(), plot_->height(), 2.0);
  return picture.save(&file, "PNG") && file.commit();
}

bool AttentionMapView::saveSvg(const QString& path) { return savePlotSvg(plot_, path, plot_->xAxis2->label()); }

bool AttentionMapView::savePdf(const QString& path) { return savePlotPdf(plot_, path); }

}  // namespace studio::ui
