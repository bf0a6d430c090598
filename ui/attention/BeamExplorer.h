#pragma once

#include <QGraphicsView>
#include <QList>
#include <QSet>
#include <QWidget>

#include "app/translation/TranslationService.h"

class QLabel;
class QPushButton;

namespace studio::ui {

// The tree of beam search, drawn: one column a step, one box a candidate
// with its piece, probability and the prefix's log-probability; kept
// candidates solid, pruned ones grey, finished ones (</s>) green, the
// winner's path thick. Ctrl+wheel zooms, dragging pans.
class BeamTreeView : public QGraphicsView {
  Q_OBJECT

 public:
  explicit BeamTreeView(QWidget* parent = nullptr);

  void setTree(const QList<app::BeamTreeNode>& nodes, const QSet<int>& winner);
  // Where node `index` is drawn (scene coordinates), for tests and tools.
  QPointF nodeCentre(int index) const;
  int nodeAt(const QPoint& viewport_point) const;  // -1 where none
  const QSet<int>& winner() const { return winner_; }
  // Opens on the winner's path: from the root, as many of its steps as fit,
  // centred, at the largest scale that shows the most of them (the whole tree
  // where it fits at a readable scale). Done by setTree, and again when the
  // view is resized until the user zooms or pans.
  void fitToWinner();

 Q_SIGNALS:
  void nodeClicked(int index);

 protected:
  void wheelEvent(QWheelEvent* event) override;
  void mouseReleaseEvent(QMouseEvent* event) override;
  void mousePressEvent(QMouseEvent* event) override;
  void resizeEvent(QResizeEvent* event) override;

 private:
  QList<QPointF> centres_;
  QSet<int> winner_;
  QPoint press_;
  bool user_moved_ = false;
};

// "Why this translation?": the current sentence's beam search as a tree, and
// "what if it had said X": clicking a node forces its prefix and decodes the
// rest (prefix-constrained decoding, `translate --prefix` in the CLI).
class BeamExplorer : public QWidget {
  Q_OBJECT

 public:
  explicit BeamExplorer(app::TranslationService* service, QWidget* parent = nullptr);

  void setSubject(const app::ModelSource& model, const QString& text, const app::DecodeSettings& settings);
  // Searches only while shown: an explorer tab that is not open costs nothing.
  void setActive(bool active);
  // Forces the prefix that node `index` of the shown tree ends (its pieces
  // joined as SentencePiece writes text) and translates again.
  void forceNode(int index);
  // Forces `text` as the start of the translation (as `translate --prefix`).
  void forcePrefix(const QString& text);
  void clearPrefix();

  QString prefix() const { return prefix_; }
  QString translation() const { return translation_; }
  const QList<app::BeamTreeNode>& tree() const { return tree_; }
  BeamTreeView* view() const { return view_; }
  // The text of the pieces from the start to node `index` (</s> left out).
  QString prefixText(int index) const;

 Q_SIGNALS:
  void treeShown();

 private:
  void decode();
  void onTranslated(const app::TranslationReply& reply);
  void onFailed(quint64 id, const QString& message);

  app::TranslationService* service_;
  app::ModelSource model_;
  QString text_, prefix_, translation_;
  app::DecodeSettings settings_;
  quint64 newest_id_ = 0;
  bool active_ = false, stale_ = false;
  QList<app::BeamTreeNode> tree_;

  QLabel* summary_;
  QPushButton* clear_;
  BeamTreeView* view_;
};

}  // namespace studio::ui
