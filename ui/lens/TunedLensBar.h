#pragma once

#include <QWidget>

#include "app/explorer/TunedLensSession.h"

class QComboBox;
class QLabel;
class QPushButton;

namespace studio::ui {

// The Logit lens tab's line for the tuned lens: how the blocks are read (as
// they are, the logit lens, or through the tuned lens kept beside the
// model), Train a tuned lens (Stop while it trains) and what there is to
// say: the lens beside the model, training's progress and outcome, or why
// the sentence was read as the logit lens.
class TunedLensBar : public QWidget {
  Q_OBJECT

 public:
  explicit TunedLensBar(QWidget* parent = nullptr);

  // The explored model, and how its sentence was read (AttentionView's lensTuned and lensNote).
  void setView(const QString& modelPath, bool lensTuned, const QString& lensNote);
  bool readsTuned() const;
  void setReadsTuned(bool tuned);
  // Trains the model's tuned lens (`steps` of it); once kept, reads through it.
  void train(int steps = 300);
  app::TunedLensSession* session() { return &session_; }
  QString status() const;

 Q_SIGNALS:
  void readingChanged();  // the reading chosen, or new maps to read through
  void trainingDone();    // training ended (kept, stopped or failed), its outcome shown

 private:
  void showStatus();

  QString model_path_, note_;
  bool read_tuned_ = false;  // the shown sentence was read through the tuned lens
  QString outcome_;          // the last training's, shown until another model is explored
  QComboBox* reading_;
  QPushButton* train_;
  QLabel* label_;
  app::TunedLensSession session_;
};

}  // namespace studio::ui
