#pragma once

#include <QWidget>

#include "app/explorer/NeighboursSession.h"
#include "app/translation/TranslationService.h"

class QComboBox;
class QLabel;
class QListWidget;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTextBrowser;

namespace studio::ui {

// The explorer's "Training examples" tab (Seq2Seq-Vis's neighbourhood
// view): for the piece chosen on the left, a source piece or an output
// piece of the captured sentence, the training pairs in which the model was
// in the most similar state (NeighboursSession), the matching piece marked
// in each. The index of the training pairs is built the first time the tab
// is open for a model, with progress and Stop, and kept.
class NeighboursView : public QWidget {
  Q_OBJECT

 public:
  explicit NeighboursView(QWidget* parent = nullptr);

  // The explorer's sentence (a timelapse frame has no model: the tab says to capture it).
  void setSentence(const app::AttentionView& view);
  // Looks the sentence up whenever the tab is open and what it shows is stale.
  void setActive(bool active);
  void find();  // now, with the pairs chosen
  void setPairs(int pairs);
  // Whose states: -1 the encoder's and decoder's outputs, L layer L's (from 0).
  void setLayer(int layer);
  int layer() const;

  // The pieces as listed: the source's, then the translation's (each with
  // </s>). Before a result is shown, the piece shown first when it comes.
  void choosePiece(bool output, int index);
  bool chosenIsOutput() const { return chosen_output_; }
  int chosenPiece() const { return chosen_; }

  const app::NeighboursView& result() const { return result_; }
  app::NeighboursSession* session() { return &session_; }
  QString tableHtml() const;  // the neighbours of the chosen piece, as drawn
  QString message() const;    // what the tab says above them
  bool saveJson(const QString& path) const;

 Q_SIGNALS:
  void shown();  // a result (or a failure) is shown
  void errorOccurred(const QString& message);

 private:
  bool stale() const;
  QString subject() const;  // what a lookup is for: model, sentence, pairs, layer
  void fillLayers(int layers);
  void present(const app::NeighboursView& view);
  void fillPieces();
  void showChosen();
  void setBusy(bool busy);

  app::NeighboursSession session_;
  app::AttentionView sentence_;
  app::NeighboursView result_;
  QString asked_;  // what the last lookup was for (model, sentence, pairs)
  bool active_ = false;
  bool chosen_output_ = false;
  int chosen_ = 0;

  QSpinBox* pairs_;
  QComboBox* layer_;
  QPushButton* find_;
  QPushButton* stop_;
  QPushButton* export_;
  QProgressBar* progress_;
  QLabel* message_;
  QListWidget* pieces_;
  QLabel* heading_;
  QTextBrowser* table_;
};

}  // namespace studio::ui
