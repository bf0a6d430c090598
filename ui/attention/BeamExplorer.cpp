#include "ui/attention/BeamExplorer.h"

#include <QGraphicsRectItem>
#include <QGraphicsScene>
#include <QGraphicsSimpleTextItem>
#include <QHBoxLayout>
#include <QLabel>
#include <QMouseEvent>
#include <QPushButton>
#include <QVBoxLayout>
#include <QWheelEvent>

#include <algorithm>
#include <functional>

namespace studio::ui {

using Fate = app::BeamTreeNode::Fate;

namespace {

constexpr double kColumn = 120, kRow = 44, kBoxWidth = 100, kBoxHeight = 36;

QString fateName(Fate fate) {
  switch (fate) {
    case Fate::Root: return BeamExplorer::tr("start");
    case Fate::Kept: return BeamExplorer::tr("kept in the beam");
    case Fate::Pruned: return BeamExplorer::tr("pruned");
    case Fate::Finished: return BeamExplorer::tr("finished");
  }
  return {};
}

}  // namespace

BeamTreeView::BeamTreeView(QWidget* parent) : QGraphicsView(parent) {
  setScene(new QGraphicsScene(this));
  setDragMode(QGraphicsView::ScrollHandDrag);
  setRenderHint(QPainter::Antialiasing);
  setTransformationAnchor(QGraphicsView::AnchorUnderMouse);
  setAlignment(Qt::AlignLeft | Qt::AlignVCenter);  // a tree narrower than the view starts at its left, as text
}

void BeamTreeView::setTree(const QList<app::BeamTreeNode>& nodes, const QSet<int>& winner) {
  scene()->clear();
  centres_.clear();
  if (nodes.isEmpty()) return;
  // Children, the likelier first. The winner's path runs along one straight
  // row, the spine; the other candidates of each of its steps branch off
  // below and above it in turn, the likeliest nearest. Off the spine a
  // subtree's leaves take one row each and a parent sits between its first
  // and last child. Each subtree keeps a band of rows of its own.
  QVector<QVector<int>> children(nodes.size());
  for (int i = 1; i < nodes.size(); ++i)
    if (nodes[i].parent >= 0 && nodes[i].parent < i) children[nodes[i].parent].push_back(i);
  for (auto& list : children)
    std::sort(list.begin(), list.end(),
              [&](int a, int b) { return nodes[a].logProbability > nodes[b].logProbability; });
  struct Band {
    double top = 0, bottom = 0;  // the subtree's rows, relative to its root's
  };
  QVector<double> offset(nodes.size(), 0.0);  // a node's row relative to its parent's
  std::function<Band(int)> place = [&](int n) -> Band {
    const auto& kids = children[n];
    Band band;
    if (kids.isEmpty()) return band;
    int spine = -1;
    if (n == 0 || winner.contains(n))
      for (int c : kids)
        if (winner.contains(c)) spine = c;
    if (spine >= 0) {
      band = place(spine);  // offset 0: on the same row
      bool below = true;
      for (int c : kids) {
        if (c == spine) continue;
        const Band b = place(c);
        if (below) {
          offset[c] = band.bottom + 1 - b.top;
          band.bottom = offset[c] + b.bottom;
        } else {
          offset[c] = band.top - 1 - b.bottom;
          band.top = offset[c] + b.top;
        }
        below = !below;
      }
      return band;
    }
    double next = 0;
    QVector<Band> bands;
    for (int c : kids) {
      bands.push_back(place(c));
      offset[c] = next - bands.back().top;
      next = offset[c] + bands.back().bottom + 1;
    }
    const double middle = (offset[kids.first()] + offset[kids.last()]) / 2;
    for (int k = 0; k < kids.size(); ++k) {
      offset[kids[k]] -= middle;
      band.top = std::min(band.top, offset[kids[k]] + bands[k].top);
      band.bottom = std::max(band.bottom, offset[kids[k]] + bands[k].bottom);
    }
    return band;
  };
  place(0);
  QVector<double> row(nodes.size(), 0.0);
  for (int i = 1; i < nodes.size(); ++i)  // a parent comes before its children
    if (nodes[i].parent >= 0 && nodes[i].parent < i) row[i] = row[nodes[i].parent] + offset[i];

  const QPalette colours = palette();
  for (int i = 0; i < nodes.size(); ++i) {
    const QPointF centre(nodes[i].step * kColumn + kBoxWidth / 2, row[i] * kRow + kBoxHeight / 2);
    centres_.push_back(centre);
  }
  for (int i = 1; i < nodes.size(); ++i) {
    if (nodes[i].parent < 0) continue;
    const bool on_path = winner.contains(i) && winner.contains(nodes[i].parent);
    QPen pen(on_path ? QColor(214, 120, 0) : colours.color(QPalette::Mid), on_path ? 3 : 1,
             nodes[i].fate == Fate::Pruned ? Qt::DashLine : Qt::SolidLine);
    const QPointF from = centres_[nodes[i].parent] + QPointF(kBoxWidth / 2, 0);
    const QPointF to = centres_[i] - QPointF(kBoxWidth / 2, 0);
    scene()->addLine(QLineF(from, to), pen);
  }
  for (int i = 0; i < nodes.size(); ++i) {
    const auto& n = nodes[i];
    QColor fill = colours.color(QPalette::Base), text = colours.color(QPalette::Text);
    if (n.fate == Fate::Pruned) fill = colours.color(QPalette::Window), text = colours.color(QPalette::PlaceholderText);
    if (n.fate == Fate::Finished) fill = QColor(205, 235, 210), text = QColor(20, 60, 30);
    QPen border(winner.contains(i) ? QColor(214, 120, 0) : colours.color(QPalette::Mid), winner.contains(i) ? 3 : 1);
    auto* box = scene()->addRect(QRectF(centres_[i] - QPointF(kBoxWidth / 2, kBoxHeight / 2), QSizeF(kBoxWidth, kBoxHeight)),
                                 border, fill);
    box->setToolTip(BeamExplorer::tr("step %1 · %2 · P = %3 · log P of the prefix = %4%5")
                        .arg(n.step)
                        .arg(fateName(n.fate))
                        .arg(n.probability, 0, 'f', 3)
                        .arg(n.logProbability, 0, 'f', 3)
                        .arg(n.fate == Fate::Root ? QString() : BeamExplorer::tr(" · click: start the translation with this")));
    box->setData(0, i);
    auto* label = scene()->addSimpleText(n.fate == Fate::Root ? QStringLiteral("<s>")
                                                              : QString("%1\n%2").arg(n.piece).arg(n.probability, 0, 'f', 2));
    label->setBrush(text);
    label->setPos(centres_[i] - QPointF(kBoxWidth / 2 - 5, kBoxHeight / 2 - 2));
    label->setData(0, i);
  }
  setSceneRect(scene()->itemsBoundingRect().adjusted(-10, -10, 10, 10));
  winner_ = winner;
  user_moved_ = false;
  fitToWinner();
}

void BeamTreeView::fitToWinner() {
  if (centres_.isEmpty()) return;
  const QRectF area = sceneRect();
  // The winner's path from the root, step by step.
  QList<int> path(winner_.begin(), winner_.end());
  path.erase(std::remove_if(path.begin(), path.end(), [&](int i) { return i < 0 || i >= centres_.size(); }),
             path.end());
  std::sort(path.begin(), path.end(), [&](int a, int b) { return centres_[a].x() < centres_[b].x(); });
  if (path.isEmpty()) path = {0};
  // How much of the path, from the root, fits in the view at `factor` (a
  // scroll bar may still take 20 px), and the vertical extent of that part.
  const double height = viewport()->height() - 24;
  auto fitting = [&](double factor, double* top, double* bottom) {
    const double right = area.left() + viewport()->width() / factor - kBoxWidth / 2;
    *top = *bottom = centres_[path.first()].y();
    int count = 0;
    for (int i : path) {
      const double t = std::min(*top, centres_[i].y()), b = std::max(*bottom, centres_[i].y());
      if (centres_[i].x() > right || (b - t + kBoxHeight) * factor > height) break;
      *top = t, *bottom = b;
      ++count;
    }
    return count;
  };
  // The largest scale from 1 down to 0.4 that shows the most of the path
  // (the rest of the tree is reached by dragging).
  double best_factor = 1.0, top = 0, bottom = 0;
  int best = fitting(best_factor, &top, &bottom);
  for (double factor = best_factor * 0.85; factor >= 0.4 && best < path.size(); factor *= 0.85) {
    double t = 0, b = 0;
    const int count = fitting(factor, &t, &b);
    if (count > best) best = count, best_factor = factor, top = t, bottom = b;
  }
  resetTransform();
  scale(best_factor, best_factor);
  centerOn(QPointF(area.left() + viewport()->width() / best_factor / 2, (top + bottom) / 2));
}

QPointF BeamTreeView::nodeCentre(int index) const { return centres_.value(index); }

int BeamTreeView::nodeAt(const QPoint& viewport_point) const {
  for (auto* item : items(viewport_point))
    if (item->data(0).isValid()) return item->data(0).toInt();
  return -1;
}

void BeamTreeView::resizeEvent(QResizeEvent* event) {
  QGraphicsView::resizeEvent(event);
  if (!user_moved_) fitToWinner();
}

void BeamTreeView::wheelEvent(QWheelEvent* event) {
  user_moved_ = true;
  if (event->modifiers() & Qt::ControlModifier) {
    const double factor = event->angleDelta().y() > 0 ? 1.15 : 1 / 1.15;
    scale(factor, factor);
    event->accept();
    return;
  }
  QGraphicsView::wheelEvent(event);
}

void BeamTreeView::mousePressEvent(QMouseEvent* event) {
  press_ = event->pos();
  user_moved_ = true;
  QGraphicsView::mousePressEvent(event);
}

void BeamTreeView::mouseReleaseEvent(QMouseEvent* event) {
  QGraphicsView::mouseReleaseEvent(event);
  // A click, not the end of a drag.
  if ((event->pos() - press_).manhattanLength() < 4) {
    const int node = nodeAt(event->pos());
    if (node > 0) Q_EMIT nodeClicked(node);
  }
}

BeamExplorer::BeamExplorer(app::TranslationService* service, QWidget* parent) : QWidget(parent), service_(service) {
  auto* layout = new QVBoxLayout(this);
  auto* row = new QHBoxLayout;
  summary_ = new QLabel(tr("Explore a sentence first."), this);
  summary_->setObjectName("Beam summary");
  summary_->setWordWrap(true);
  summary_->setTextFormat(Qt::RichText);
  clear_ = new QPushButton(tr("Clear the forced start"), this);
  clear_->setObjectName("Clear the forced start");
  clear_->setEnabled(false);
  connect(clear_, &QPushButton::clicked, this, &BeamExplorer::clearPrefix);
  row->addWidget(summary_, 1);
  row->addWidget(clear_);
  layout->addLayout(row);
  auto* hint = new QLabel(tr("Every candidate of beam search, one column a step: kept (solid), pruned (grey, dashed), "
                             "finished (green); the winner's path is orange. Click a box to start the translation "
                             "with it and let the model write the rest. Ctrl+wheel zooms, drag to pan."),
                          this);
  hint->setWordWrap(true);
  layout->addWidget(hint);
  view_ = new BeamTreeView(this);
  view_->setObjectName("Beam tree");
  layout->addWidget(view_, 1);
  connect(view_, &BeamTreeView::nodeClicked, this, &BeamExplorer::forceNode);
  connect(service_, &app::TranslationService::translated, this, &BeamExplorer::onTranslated);
  connect(service_, &app::TranslationService::failed, this, &BeamExplorer::onFailed);
}

void BeamExplorer::setSubject(const app::ModelSource& model, const QString& text, const app::DecodeSettings& settings) {
  model_ = model;
  text_ = text;
  settings_ = settings;
  settings_.headMask.clear();
  prefix_.clear();
  decode();
}

QString BeamExplorer::prefixText(int index) const {
  QStringList pieces;
  for (int n = index; n > 0 && n < tree_.size(); n = tree_[n].parent)
    if (tree_[n].fate != Fate::Root && tree_[n].piece != "</s>") pieces.prepend(tree_[n].piece);
  return pieces.join(QString()).replace(QChar(0x2581), ' ').trimmed();
}

void BeamExplorer::forceNode(int index) {
  if (index <= 0 || index >= tree_.size()) return;
  prefix_ = prefixText(index);
  decode();
}

void BeamExplorer::forcePrefix(const QString& text) {
  prefix_ = text.trimmed();
  decode();
}

void BeamExplorer::clearPrefix() {
  prefix_.clear();
  decode();
}

void BeamExplorer::setActive(bool active) {
  active_ = active;
  if (active_ && stale_) decode();
}

void BeamExplorer::decode() {
  if (model_.isEmpty() || text_.trimmed().isEmpty()) return;
  stale_ = !active_;
  if (!active_) return;
  app::TranslateRequest request{model_, text_, settings_};
  request.settings.nbest = 1;
  request.settings.sampling = false;  // the tab shows beam search, whatever Translate's Search
  request.settings.prefix = prefix_;
  request.withTrace = true;
  request.channel = 2;
  newest_id_ = service_->translate(request);
  summary_->setText(tr("Searching…"));
}

void BeamExplorer::onTranslated(const app::TranslationReply& reply) {
  if (reply.id != newest_id_) return;
  tree_ = reply.beam;
  translation_ = reply.nbest.isEmpty() ? QString() : reply.nbest.first().text;
  // The winner's path: the node whose pieces read the best hypothesis.
  QSet<int> winner;
  if (!reply.nbest.isEmpty()) {
    const QStringList best = reply.nbest.first().pieces;
    for (int i = 1; i < tree_.size() && winner.isEmpty(); ++i) {
      const bool ends = reply.nbest.first().finished ? tree_[i].fate == Fate::Finished
                                                      : tree_[i].fate == Fate::Kept && tree_[i].step == best.size();
      if (!ends) continue;
      QStringList path;
      QSet<int> nodes;
      for (int n = i; n > 0; n = tree_[n].parent) {
        nodes.insert(n);
        if (tree_[n].piece != "</s>") path.prepend(tree_[n].piece);
      }
      if (path == best) winner = nodes + QSet<int>{0};
    }
  }
  view_->setTree(tree_, winner);
  clear_->setEnabled(!prefix_.isEmpty());
  const int kept = int(std::count_if(tree_.begin(), tree_.end(), [](const auto& n) { return n.fate == Fate::Kept; }));
  const int pruned = int(std::count_if(tree_.begin(), tree_.end(), [](const auto& n) { return n.fate == Fate::Pruned; }));
  summary_->setText((prefix_.isEmpty() ? tr("<b>%1</b>").arg(translation_.toHtmlEscaped())
                                       : tr("Forced to start with <i>%1</i>: <b>%2</b>")
                                             .arg(prefix_.toHtmlEscaped(), translation_.toHtmlEscaped())) +
                    tr(" <small>(beam %1 · %2 kept, %3 pruned candidates)</small>")
                        .arg(settings_.beam)
                        .arg(kept)
                        .arg(pruned));
  Q_EMIT treeShown();
}

void BeamExplorer::onFailed(quint64 id, const QString& message) {
  if (id != newest_id_) return;
  summary_->setText(tr("Failed: %1").arg(message.toHtmlEscaped()));
}

}  // namespace studio::ui
