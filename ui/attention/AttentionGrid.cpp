#include "ui/attention/AttentionGrid.h"

#include <QGridLayout>
#include <QLabel>
#include <QResizeEvent>
#include <QToolButton>

#include <algorithm>
#include <cstdlib>

#include "ui/attention/AttentionMatrix.h"

namespace studio::ui {

using Kind = app::AttentionView::Kind;

AttentionGrid::AttentionGrid(QWidget* parent) : QScrollArea(parent) {
  host_ = new QWidget(this);
  grid_ = new QGridLayout(host_);
  grid_->setSpacing(6);
  setWidget(host_);
  setWidgetResizable(true);
}

int AttentionGrid::thumbnailCount() const { return grid_->count(); }

void AttentionGrid::setView(const app::AttentionView& view) {
  view_ = view;
  has_view_ = true;
  side_ = sideForWidth();
  build();
}

int AttentionGrid::sideForWidth() const {
  // A row of every head and the mean beside the rows' names, from 96 to 240 pixels a map.
  constexpr int kName = 180, kButtonFrame = 14;
  const int columns = std::max(1, view_.heads + 1);
  const int free = viewport()->width() - kName - grid_->spacing() * (columns + 2) - columns * kButtonFrame;
  return std::clamp(free / columns, 96, 240);
}

void AttentionGrid::resizeEvent(QResizeEvent* event) {
  QScrollArea::resizeEvent(event);
  if (!has_view_) return;
  const int side = sideForWidth();
  if (std::abs(side - side_) < 8) return;  // not for every pixel of a drag
  side_ = side;
  build();
}

void AttentionGrid::build() {
  while (auto* item = grid_->takeAt(0)) {
    delete item->widget();
    delete item;
  }
  const app::AttentionView& view = view_;
  // Rows: the three kinds' layers; columns: the heads, then their mean.
  int row = 0;
  for (Kind kind : {Kind::EncoderSelf, Kind::DecoderSelf, Kind::Cross}) {
    for (int l = 0; l < view.layers(kind); ++l, ++row) {
      auto* label = new QLabel(tr("%1\nlayer %2").arg(attentionKindName(kind)).arg(l + 1), host_);
      grid_->addWidget(label, row, 0);
      for (int h = -1; h < view.heads; ++h) {
        const auto m = attentionMatrix(view, kind, l, h, false);
        const int cell = std::max(2, side_ / std::max({1, m.rows, m.columns}));
        auto* button = new QToolButton(host_);
        button->setIcon(QPixmap::fromImage(thumbnail(m, cell)));
        button->setIconSize(QSize(m.columns * cell, m.rows * cell));
        button->setToolButtonStyle(Qt::ToolButtonTextUnderIcon);
        button->setText(h < 0 ? tr("mean") : tr("head %1").arg(h + 1));
        button->setAccessibleName(tr("%1, layer %2, %3").arg(attentionKindName(kind)).arg(l + 1).arg(button->text()));
        button->setToolTip(tr("Open this map"));
        connect(button, &QToolButton::clicked, this, [this, kind, l, h]() { Q_EMIT mapChosen(kind, l, h); });
        grid_->addWidget(button, row, h + 2);
      }
    }
  }
  // Thumbnails packed to the top left, whatever the window's size.
  for (int c = 0; c < grid_->columnCount(); ++c) grid_->setColumnStretch(c, 0);
  for (int r = 0; r < grid_->rowCount(); ++r) grid_->setRowStretch(r, 0);
  grid_->setColumnStretch(view.heads + 2, 1);
  grid_->setRowStretch(row, 1);
}

}  // namespace studio::ui
