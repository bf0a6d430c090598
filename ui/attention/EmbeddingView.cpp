#include "ui/attention/EmbeddingView.h"

#include <QComboBox>
#include <QCompleter>
#include <QDateTime>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QLocale>
#include <QSplitter>
#include <QStringListModel>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

#include "ui/charts/Palette.h"
#include "ui/charts/QCustomPlot.h"

namespace studio::ui {

namespace {

constexpr int kNearestListed = 12;
constexpr int kEmbeddingIdRole = Qt::UserRole;
const QString kEmbeddingWordStart = QString(QChar(0x2581));

// The kinds of piece drawn (app::EmbeddingView::scripts), their names and colours.
struct ScriptStyle {
  int script;
  const char* name;
  QColor color;
};
const QList<ScriptStyle>& scriptStyles() {
  static const QList<ScriptStyle> styles{
      {1, QT_TRANSLATE_NOOP("studio::ui::EmbeddingView", "Vietnamese letters"), QColor(224, 123, 57)},
      {2, QT_TRANSLATE_NOOP("studio::ui::EmbeddingView", "ASCII letters"), QColor(59, 125, 216)},
      {3, QT_TRANSLATE_NOOP("studio::ui::EmbeddingView", "Digits, symbols"), QColor(150, 150, 150)},
  };
  return styles;
}

// A model file as it is now: a checkpoint written again over the same name is another model.
QString modelKey(const QString& path) {
  const QFileInfo file(path);
  return path + '|' + file.lastModified().toString(Qt::ISODateWithMs) + '|' + QString::number(file.size());
}

QString sharePercent(double share) { return QLocale().toString(100.0 * share, 'f', 1); }

}  // namespace

EmbeddingView::EmbeddingView(QWidget* parent) : QWidget(parent) {
  message_ = new QLabel(this);
  message_->setWordWrap(true);
  message_->setObjectName("Embeddings message");
  find_ = new QLineEdit(this);
  find_->setObjectName("Find piece");
  find_->setPlaceholderText(tr("A piece or word, e.g. file or tập"));
  find_->setClearButtonEnabled(true);
  find_->setToolTip(tr("Choose a piece of the vocabulary: its nearest pieces are listed and joined to it"));
  auto* completer = new QCompleter(new QStringListModel(this), this);
  completer->setCaseSensitivity(Qt::CaseInsensitive);
  completer->setFilterMode(Qt::MatchContains);
  find_->setCompleter(completer);
  connect(find_, &QLineEdit::returnPressed, this, [this] {
    if (!choose(find_->text().trimmed()) && !map_.isEmpty())
      message_->setText(
          tr("'%1' is not a piece of this model's vocabulary (a word it splits has no piece of its own: "
             "choose one of its pieces).")
              .arg(find_->text().trimmed()));
  });

  plot_ = new QCustomPlot(this);
  plot_->setObjectName("Embedding map");
  plot_->setMinimumHeight(320);
  plot_->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
  plot_->legend->setVisible(true);
  plot_->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignBottom | Qt::AlignRight);
  plot_->setToolTip(
      tr("ASCII letters: English pieces, and Vietnamese ones written without marks. A click on a point "
         "shows its nearest pieces."));
  for (const auto& style : scriptStyles()) {
    auto* graph = plot_->addGraph();
    graph->setName(tr(style.name));
    graph->setLineStyle(QCPGraph::lsNone);
    graph->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, style.color, 3.5));
    graph->setPen(QPen(style.color));
    scripts_ << graph;
  }
  sentence_graph_ = plot_->addGraph();
  sentence_graph_->setName(tr("The sentence's"));
  sentence_graph_->setLineStyle(QCPGraph::lsNone);
  sentence_graph_->setScatterStyle(
      QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(QColor(200, 30, 30), 2), Qt::NoBrush, 10));
  chosen_graph_ = plot_->addGraph();
  chosen_graph_->setName(tr("Chosen, nearest"));
  chosen_graph_->setLineStyle(QCPGraph::lsNone);
  chosen_graph_->setScatterStyle(
      QCPScatterStyle(QCPScatterStyle::ssDiamond, QPen(Qt::black, 1.5), QColor(255, 213, 79), 11));
  applyPalette(plot_, palette());
  connect(plot_, &QCustomPlot::mousePress, this, [this](QMouseEvent* event) {
    const int id = pointAt(event->position());
    if (id >= 0) chooseId(id);
  });

  list_ = new QListWidget(this);
  list_->setObjectName("Nearest pieces");
  list_->setToolTip(
      tr("The pieces whose embedding rows point the most the same way (cosine over every dimension)"));
  connect(list_, &QListWidget::itemActivated, this,
          [this](QListWidgetItem* item) { chooseId(item->data(kEmbeddingIdRole).toInt()); });
  connect(list_, &QListWidget::itemClicked, this,
          [this](QListWidgetItem* item) { chooseId(item->data(kEmbeddingIdRole).toInt()); });

  layout_ = new QComboBox(this);
  layout_->setObjectName("Embedding layout");
  layout_->addItem(tr("Principal components"));
  layout_->addItem(tr("t-SNE (neighbourhoods)"));
  layout_->setToolTip(
      tr("Principal components: the two directions along which the rows differ most; distances mean "
         "something, but few neighbours stay together. t-SNE: each piece near the pieces it is near in every "
         "dimension; groups mean something, distances between them and the axes do not."));
  connect(layout_, &QComboBox::currentIndexChanged, this, [this](int index) { setMapLayout(Layout(index)); });

  auto* controls = new QHBoxLayout;
  controls->addWidget(new QLabel(tr("Piece:"), this));
  controls->addWidget(find_, 1);
  controls->addWidget(new QLabel(tr("Layout:"), this));
  controls->addWidget(layout_);
  auto* splitter = new QSplitter(this);
  splitter->addWidget(plot_);
  splitter->addWidget(list_);
  splitter->setStretchFactor(0, 4);
  splitter->setStretchFactor(1, 1);
  splitter->setSizes({800, 220});
  list_->setMinimumWidth(160);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(message_);
  layout->addLayout(controls);
  layout->addWidget(splitter, 1);

  connect(&session_, &app::EmbeddingSession::finished, this, [this](const app::EmbeddingView& view) {
    if (modelKey(view.modelPath) != asked_) {  // another model was asked for since: its map now
      if (!sentence_.modelPath.isEmpty()) session_.start(sentence_.modelPath);
      return;
    }
    present(view);
  });
  connect(&session_, &app::EmbeddingSession::layingOut, this, [this](int iteration, int iterations) {
    if (!laying_out_ || mapLayout() != Tsne) return;
    message_->setText(tr("Laying %1 pieces out with t-SNE… iteration %2 of %3 (the principal components "
                         "are drawn meanwhile)")
                          .arg(QLocale().toString(int(std::count_if(map_.scripts.begin(), map_.scripts.end(),
                                                                    [](int script) { return script != 0; }))))
                          .arg(iteration)
                          .arg(iterations));
  });
  connect(&session_, &app::EmbeddingSession::laidOut, this,
          [this](const QString& modelPath, const app::PieceLayoutView& tsne) {
            laying_out_ = false;
            if (modelKey(modelPath) != asked_) {  // another model was asked for since
              if (!sentence_.modelPath.isEmpty()) session_.start(sentence_.modelPath);
              return;
            }
            if (tsne.isEmpty()) return;  // stopped
            map_.tsne = tsne;
            if (mapLayout() == Tsne) presentLayout();
          });
  connect(&session_, &app::EmbeddingSession::failed, this, [this](const QString& message) {
    laying_out_ = false;
    message_->setText(message);
    Q_EMIT errorOccurred(message);
    Q_EMIT shown();
  });
  message_->setText(tr("Capture a sentence to map its model's embeddings."));
}

void EmbeddingView::setSentence(const app::AttentionView& view) {
  sentence_ = view;
  if (!map_.isEmpty() && view.modelPath == map_.modelPath) {
    drawChosen();
    plot_->replot();
  }
  setActive(active_);
}

void EmbeddingView::setActive(bool active) {
  active_ = active;
  if (!active_) return;
  if (sentence_.modelPath.isEmpty()) {
    if (map_.isEmpty())
      message_->setText(tr("Capture a sentence with a model: a timelapse frame has no model file to map."));
    return;
  }
  askModel();
}

void EmbeddingView::askModel() {
  const QString key = modelKey(sentence_.modelPath);
  if (key == asked_) return;
  asked_ = key;
  message_->setText(tr("Mapping the embeddings of %1…").arg(QFileInfo(sentence_.modelPath).fileName()));
  if (session_.isRunning()) {  // its result is dropped; the model asked for now follows it
    if (laying_out_) session_.stop();
    return;
  }
  session_.start(sentence_.modelPath);
}

EmbeddingView::Layout EmbeddingView::mapLayout() const { return Layout(layout_->currentIndex()); }

const app::PieceLayoutView& EmbeddingView::drawn() const {
  return mapLayout() == Tsne && !map_.tsne.isEmpty() ? map_.tsne : map_.principal;
}

void EmbeddingView::setMapLayout(Layout layout) {
  if (layout_->currentIndex() != int(layout)) {
    layout_->setCurrentIndex(int(layout));  // comes back here through currentIndexChanged
    return;
  }
  if (map_.isEmpty()) return;
  if (layout == Tsne && map_.tsne.isEmpty()) {
    if (!laying_out_ && !session_.isRunning() && modelKey(map_.modelPath) == asked_) {
      laying_out_ = true;
      message_->setText(tr("Laying the pieces out with t-SNE…"));
      session_.layOut(map_);
    }
    return;
  }
  presentLayout();
}

QString EmbeddingView::message() const { return message_->text(); }

void EmbeddingView::present(const app::EmbeddingView& view) {
  map_ = view;
  chosen_ = -1;
  neighbours_.clear();
  list_->clear();
  static_cast<QStringListModel*>(find_->completer()->model())->setStringList(view.pieces);
  if (mapLayout() == Tsne) {
    setMapLayout(Tsne);  // the principal components are drawn while t-SNE lays the pieces out
    if (laying_out_) {
      const QString waiting = message_->text();
      presentLayout();
      message_->setText(waiting);
      return;
    }
  }
  presentLayout();
}

void EmbeddingView::presentLayout() {
  const bool tsne = mapLayout() == Tsne && !map_.tsne.isEmpty();
  if (tsne) {
    plot_->xAxis->setLabel(tr("t-SNE, first coordinate (no unit: only neighbourhoods mean something)"));
    plot_->yAxis->setLabel(tr("t-SNE, second coordinate"));
  } else {
    plot_->xAxis->setLabel(
        tr("first principal component (%1 % of the variance)").arg(sharePercent(map_.explained[0])));
    plot_->yAxis->setLabel(tr("second principal component (%1 %)").arg(sharePercent(map_.explained[1])));
  }
  describe();
  drawPoints();
  drawChosen();
  plot_->rescaleAxes();
  for (QCPAxis* axis : {plot_->xAxis, plot_->yAxis})
    axis->scaleRange(1.08, axis->range().center());  // labels fit
  plot_->replot();
  Q_EMIT shown();
}

void EmbeddingView::describe() {
  int drawn_pieces = 0;
  for (int script : map_.scripts) drawn_pieces += script != 0;
  QString text =
      tr("%1: %2 pieces of %3 dimensions, Vietnamese's and English's in one matrix (the output layer's "
         "too). Drag to move, the wheel zooms, a click on a point or a piece typed shows its nearest "
         "pieces.")
          .arg(QFileInfo(map_.modelPath).fileName())
          .arg(QLocale().toString(drawn_pieces))
          .arg(map_.dimensions);
  if (mapLayout() == Tsne && !map_.tsne.isEmpty())
    text += ' ' + tr("t-SNE (perplexity %1) keeps %2 % of each piece's 10 nearest pieces among its 10 "
                     "nearest here (the principal components: %3 %).")
                      .arg(QLocale().toString(map_.tsne.perplexity, 'g', 3))
                      .arg(sharePercent(map_.tsne.neighbourhoodKept))
                      .arg(sharePercent(map_.principal.neighbourhoodKept));
  else
    text += ' ' + tr("Two components keep %1 % of each piece's 10 nearest pieces among its 10 nearest here "
                     "(t-SNE keeps more).")
                      .arg(sharePercent(map_.principal.neighbourhoodKept));
  message_->setText(text);
}

void EmbeddingView::drawPoints() {
  for (int s = 0; s < scripts_.size(); ++s) {
    QVector<double> x, y;
    for (int id = 0; id < map_.pieces.size(); ++id)
      if (map_.scripts[id] == scriptStyles()[s].script) {
        x << drawn().x[id];
        y << drawn().y[id];
      }
    scripts_[s]->setData(x, y);
  }
}

bool EmbeddingView::choose(const QString& piece) {
  if (map_.isEmpty() || piece.isEmpty()) return false;
  // A word typed is its word-start piece ("file" is "▁file"), the piece inside a word only when there is
  // none.
  int id = piece.startsWith(kEmbeddingWordStart) ? -1 : map_.idOf(kEmbeddingWordStart + piece);
  if (id < 0) id = map_.idOf(piece);
  if (id < 0 || map_.scripts[id] == 0) return false;
  chooseId(id);
  return true;
}

void EmbeddingView::chooseId(int id) {
  if (id < 0 || id >= map_.pieces.size() || map_.scripts[id] == 0) return;
  chosen_ = id;
  neighbours_ = app::nearestPieces(map_, id, kNearestListed);
  list_->clear();
  auto* head = new QListWidgetItem(tr("%1 (piece %2)").arg(map_.pieces[id]).arg(id), list_);
  head->setData(kEmbeddingIdRole, id);
  QFont bold = head->font();
  bold.setBold(true);
  head->setFont(bold);
  for (const auto& [other, cosine] : neighbours_) {
    auto* item = new QListWidgetItem(
        QString("%1    %2").arg(map_.pieces[other], QLocale().toString(cosine, 'f', 3)), list_);
    item->setData(kEmbeddingIdRole, other);
  }
  if (find_->text() != map_.pieces[id]) find_->setText(map_.pieces[id]);
  drawChosen();
  plot_->replot();
}

void EmbeddingView::drawChosen() {
  plot_->clearItems();
  sentence_graph_->data()->clear();
  chosen_graph_->data()->clear();
  const app::PieceLayoutView& at = drawn();
  auto label = [this, &at](int id, const QColor& color, bool bold) {
    auto* text = new QCPItemText(plot_);
    text->position->setCoords(at.x[id], at.y[id]);
    text->setPositionAlignment(Qt::AlignLeft | Qt::AlignBottom);
    text->setPadding(QMargins(4, 0, 0, 2));
    text->setText(map_.pieces[id]);
    QFont font = text->font();
    font.setBold(bold);
    text->setFont(font);
    text->setColor(color);
    text->setSelectable(false);
  };
  if (map_.isEmpty()) return;
  // The captured sentence's pieces, source and translation, each once.
  if (sentence_.modelPath == map_.modelPath) {
    QSet<int> marked;
    for (const QStringList& tokens : {sentence_.sourceTokens, sentence_.targetTokens})
      for (const QString& token : tokens) {
        const int id = map_.idOf(token);
        if (id < 0 || map_.scripts[id] == 0 || marked.contains(id)) continue;
        marked.insert(id);
        sentence_graph_->addData(at.x[id], at.y[id]);
        label(id, QColor(200, 30, 30), false);
      }
  }
  if (chosen_ < 0) return;
  for (const auto& [other, cosine] : neighbours_) {
    auto* line = new QCPItemLine(plot_);
    line->start->setCoords(at.x[chosen_], at.y[chosen_]);
    line->end->setCoords(at.x[other], at.y[other]);
    line->setPen(QPen(QColor(120, 120, 120, 160), 1));
    line->setSelectable(false);
    chosen_graph_->addData(at.x[other], at.y[other]);
    label(other, palette().color(QPalette::WindowText), false);
  }
  chosen_graph_->addData(at.x[chosen_], at.y[chosen_]);
  label(chosen_, palette().color(QPalette::WindowText), true);
}

int EmbeddingView::pointAt(const QPointF& pixel) const {
  int best = -1;
  double best_distance = 8.0 * 8.0;  // within 8 pixels
  const app::PieceLayoutView& at = drawn();
  for (int id = 0; id < map_.pieces.size(); ++id) {
    if (map_.scripts[id] == 0) continue;
    const double dx = plot_->xAxis->coordToPixel(at.x[id]) - pixel.x();
    const double dy = plot_->yAxis->coordToPixel(at.y[id]) - pixel.y();
    if (dx * dx + dy * dy < best_distance) {
      best_distance = dx * dx + dy * dy;
      best = id;
    }
  }
  return best;
}

}  // namespace studio::ui
