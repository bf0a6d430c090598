#pragma once

#include <QWidget>

#include "app/explorer/QueryKey.h"
#include "app/translation/TranslationService.h"

class QComboBox;
class QLabel;
class QPushButton;
class QScrollArea;

namespace studio::ui {

class QueryKeyCanvas;

// The explorer's "Query · key" tab: how one row of the chosen map is made.
// For one query (a row of the map) and the head chosen above: its query
// vector, each key vector under it, their products dimension by dimension,
// the scaled dot product and the softmax weight of each key, the masked keys
// hatched and left out, and how close these weights, recomputed from the
// vectors, come to the map's. Exports the picture (PNG, SVG) and the numbers (CSV).
class QueryKeyView : public QWidget {
  Q_OBJECT

 public:
  explicit QueryKeyView(QWidget* parent = nullptr);

  // The explorer's sentence (captured with its vectors, or a timelapse frame
  // without them) and its chosen map; head -1 (the mean over heads) has no
  // vectors of its own.
  void setMap(const app::AttentionView& view, app::AttentionView::Kind kind, int layer, int head);
  void setQuery(int row);
  int query() const;
  QStringList queryChoices() const;

  // What is drawn; when nothing is, message() says why.
  bool hasBreakdown() const { return has_breakdown_; }
  const app::QueryKeyBreakdown& breakdown() const { return breakdown_; }
  QString message() const;

  bool savePng(const QString& path);
  bool saveSvg(const QString& path);
  bool saveCsv(const QString& path) const;

 Q_SIGNALS:
  // "Show head 1" while the mean over heads is chosen.
  void headWanted(int head);
  void errorOccurred(const QString& message);

 protected:
  void resizeEvent(QResizeEvent* event) override;  // the picture fits the width where it can

 private:
  void rebuild();
  void exportAs(const QString& format);

  app::AttentionView view_;
  app::AttentionView::Kind kind_ = app::AttentionView::Kind::Cross;
  int layer_ = 0, head_ = -1;
  app::QueryKeyBreakdown breakdown_;
  bool has_breakdown_ = false;

  QComboBox* query_;
  QLabel* message_;
  QPushButton* first_head_;
  QScrollArea* scroll_;
  QueryKeyCanvas* canvas_;
};

}  // namespace studio::ui
