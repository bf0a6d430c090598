#pragma once

#include <QScrollArea>

#include "app/TranslationService.h"

class QGridLayout;

namespace studio::ui {

// Every map of a view as thumbnails: a row for each layer of the three
// attentions, a column for each head and one for their mean. Clicking a
// thumbnail chooses that map.
class AttentionGrid : public QScrollArea {
  Q_OBJECT

 public:
  explicit AttentionGrid(QWidget* parent = nullptr);
  void setView(const app::AttentionView& view);
  int thumbnailCount() const;

 Q_SIGNALS:
  void mapChosen(app::AttentionView::Kind kind, int layer, int head);  // head -1: the mean

 private:
  QWidget* host_;
  QGridLayout* grid_;
};

}  // namespace studio::ui
