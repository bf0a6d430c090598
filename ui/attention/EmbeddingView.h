#pragma once

#include <QWidget>

#include "app/explorer/EmbeddingSession.h"
#include "app/translation/TranslationService.h"

class QCPGraph;
class QComboBox;
class QCustomPlot;
class QLabel;
class QLineEdit;
class QListWidget;

namespace studio::ui {

// The explorer's "Embeddings" tab (TensorBoard's projector, for the one
// embedding matrix both languages and the output layer share): every piece
// of the vocabulary a point on the matrix's first two principal components
// or where t-SNE lays it out (Layout), coloured by what it is written in,
// with how much of the pieces' neighbourhoods the layout keeps; the
// captured sentence's pieces marked;
// a piece chosen (typed, or clicked on the map) drawn with lines to its
// nearest pieces, which are listed with their cosines (over every
// dimension: two components hold only a few per cent of the variance).
class EmbeddingView : public QWidget {
  Q_OBJECT

 public:
  explicit EmbeddingView(QWidget* parent = nullptr);

  // The explorer's sentence: its model is mapped when the tab is open, its pieces marked.
  void setSentence(const app::AttentionView& view);
  void setActive(bool active);

  // Chooses a piece by its text (as the vocabulary writes it, "▁file", or a
  // word, "file", taken as its word-start piece); false when there is none.
  bool choose(const QString& piece);
  void chooseId(int id);
  int chosen() const { return chosen_; }
  // The chosen piece's nearest pieces as listed: (id, cosine).
  const QList<QPair<int, double>>& neighbours() const { return neighbours_; }

  enum Layout { PrincipalComponents = 0, Tsne = 1 };
  // Shows the pieces laid out that way; t-SNE's is made on the worker the first time (shown() follows).
  void setMapLayout(Layout layout);
  Layout mapLayout() const;
  // The layout drawn now (the principal components' while t-SNE's is being made).
  const app::PieceLayoutView& drawn() const;

  const app::EmbeddingView& map() const { return map_; }
  QCustomPlot* plot() const { return plot_; }
  QString message() const;
  app::EmbeddingSession* session() { return &session_; }

 Q_SIGNALS:
  void shown();  // a map, a layout (or a failure) is shown
  void errorOccurred(const QString& message);

 private:
  void present(const app::EmbeddingView& view);
  void presentLayout();  // the axes, the message and the points of the layout drawn
  void describe();
  void askModel();  // maps the sentence's model when it is not the one shown or being made
  void drawPoints();
  void drawChosen();
  void markSentence();
  int pointAt(const QPointF& pixel) const;  // the id drawn nearest a pixel, -1 when none is close

  app::EmbeddingSession session_;
  app::EmbeddingView map_;
  app::AttentionView sentence_;
  QString asked_;  // the model file (its name, time and size) of the map shown or being made
  bool active_ = false;
  int chosen_ = -1;
  QList<QPair<int, double>> neighbours_;

  QLabel* message_;
  QLineEdit* find_;
  QComboBox* layout_;
  bool laying_out_ = false;  // t-SNE is being made for map_
  QCustomPlot* plot_;
  QListWidget* list_;
  QList<QCPGraph*> scripts_;  // a graph for each kind of piece
  QCPGraph* sentence_graph_ = nullptr;
  QCPGraph* chosen_graph_ = nullptr;
};

}  // namespace studio::ui
