#pragma once

#include <QScrollArea>

#include "app/translation/TranslationService.h"

class QGridLayout;

namespace studio::ui {

// Every map of a view as thumbnails: a row for each layer of the three
// attentions, a column for each head and one for their mean, as large as
// the width allows a row of them. Clicking a thumbnail chooses that map.
class AttentionGrid : public QScrollArea {
  Q_OBJECT

 public:
  explicit AttentionGrid(QWidget* parent = nullptr);
  void setView(const app::AttentionView& view);
  int thumbnailCount() const;
  int thumbnailSide() const { return side_; }  // the longer side of a map's thumbnail, in pixels

 protected:
  void resizeEvent(QResizeEvent* event) override;

 Q_SIGNALS:
  void mapChosen(app::AttentionView::Kind kind, int layer, int head);  // head -1: the mean

 private:
  int sideForWidth() const;
  void build();

  QWidget* host_;
  QGridLayout* grid_;
  app::AttentionView view_;
  bool has_view_ = false;
  int side_ = 96;
};

}  // namespace studio::ui
