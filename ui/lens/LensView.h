#pragma once

#include <QWidget>

#include "app/explorer/LensSummarySession.h"
#include "app/translation/TranslationService.h"

class QComboBox;
class QLabel;
class QPushButton;
class QScrollArea;
class QTabWidget;
class QTableWidget;

namespace studio::app {
class TunedLensSession;
}

namespace studio::ui {

class LensCanvas;
class LensTimelineView;
class TunedLensBar;

// The explorer's "Logit lens" tab: what the decoder would predict after each
// of its blocks, read through the output layer as if the model ended there
// (nostalgebraist's logit lens). A row a block — layer 1's self-attention at
// the top, the model's own output at the bottom —, a column a step of the
// translation, headed by the piece that came next; each cell names the
// likeliest piece at that point and is coloured by the probability (or the
// rank) of the piece that came next. A click lists the cell's likeliest
// pieces. Exports the picture (PNG) and the numbers (CSV). Below it, the
// lens of the model's run's dev sentences summed up block by block (how
// often the piece that came next was already the likeliest there), and the
// same over training for the run's probe sentences (LensTimelineView).
class LensView : public QWidget {
  Q_OBJECT

 public:
  enum class Colour { Probability, Rank };

  explicit LensView(QWidget* parent = nullptr);

  // The explorer's sentence or a timelapse frame; a view without a lens (a
  // frame of a run recorded before probes.rec held lenses) is said so in message().
  void setView(const app::AttentionView& view);
  void setColour(Colour colour);
  Colour colour() const;

  // How the blocks are read: as they are (the logit lens) or through the
  // tuned lens beside the model (app::TunedLensSession). A change asks the
  // explorer to capture the sentence again (readingChanged).
  bool readsTuned() const;
  void setReadsTuned(bool tuned);
  // Trains the explored model's tuned lens (`steps` of it) and, once it is
  // kept beside the model, reads through it.
  void trainTunedLens(int steps = 300);
  app::TunedLensSession* tunedSession();
  QString tunedStatus() const;  // what the line beside Train a tuned lens says

  // The cell the list is about; -1, -1 when none.
  void choose(int stage, int position);
  int chosenStage() const { return stage_; }
  int chosenPosition() const { return position_; }

  bool hasLens() const { return view_.hasLens(); }
  QString message() const;
  // The row's name ("Layer 2 · cross-attention") and a cell's likeliest piece.
  QString stageName(int stage) const;
  QString cellPiece(int stage, int position) const;
  // Where a cell is drawn, in the picture's ("Lens picture") coordinates.
  QRect cellRect(int stage, int position) const;
  // What the list below the picture says about the chosen cell.
  QString details() const;

  // The dev sentences' summary: started by its button (or here), shown when it ends.
  void summarizeDev(int sentences = 200);
  const app::LensSummaryView& summary() const { return summary_; }
  app::LensSummarySession* session() { return &session_; }

  // The lens over training, below the grid (its history set by the explorer).
  LensTimelineView* timeline() const { return timeline_; }
  void showTimeline();

  bool savePng(const QString& path);
  bool saveCsv(const QString& path) const;

 Q_SIGNALS:
  void errorOccurred(const QString& message);
  void summaryShown();  // a summary (or its failure) is shown
  void readingChanged();  // logit or tuned lens chosen: the sentence wants capturing again
  void tunedLensDone();   // a tuned lens's training ended (kept, stopped or failed), its status shown

 private:
  void showDetails();
  void showSummary(const app::LensSummaryView& summary);
  void exportAs(const QString& format);

  app::AttentionView view_;
  int stage_ = -1, position_ = -1;

  QLabel* message_;
  QComboBox* colour_;
  QScrollArea* scroll_;
  LensCanvas* canvas_;
  QLabel* details_;
  app::LensSummarySession session_;
  app::LensSummaryView summary_;
  QPushButton* summarize_;
  QLabel* summary_label_;
  QTableWidget* summary_table_;
  TunedLensBar* tuned_;
  QTabWidget* below_;
  LensTimelineView* timeline_;
};

}  // namespace studio::ui
