#pragma once

#include <QFrame>

#include "app/training/TrainingSession.h"

class QLabel;
class QPushButton;

namespace studio::ui {

// What the Training workspace says when a run ends with a model: that the
// translator is ready, how good it got, and the two places to go next
// (Translate with it, look inside it in Attention), and a smaller student
// of it (Training again, with it as the teacher).
// What a fine-tune did: its BLEU on the original data's dev split at its
// first evaluation and at its best checkpoint's (step -1: not a fine-tune,
// or not known); a round of learning from corrections, how many of them the
// best checkpoint's evaluation translated as they were written (-1: not one).
struct FineTuneOutcome {
  qint64 firstStep = -1;
  double firstBleu = -1;
  qint64 bestStep = -1;
  double bestBleu = -1;
  int corrections = 0, asWritten = -1;
};

class RunFinishedPanel : public QFrame {
  Q_OBJECT

 public:
  explicit RunFinishedPanel(QWidget* parent = nullptr);

  // Shows the panel for a run that ended in `run_dir` (hidden when it left no model).
  void showFinished(const QString& run_dir, const app::FinishedReport& report,
                    const FineTuneOutcome& outcome = FineTuneOutcome());
  QString runDir() const { return run_dir_; }
  QString text() const;

 Q_SIGNALS:
  // "Translate with it" (attention = false) or "Look inside it" (true).
  void useRunRequested(const QString& runDir, bool attention);
  // "Train a smaller student from it": the run's best model as a teacher.
  void studentRequested(const QString& runDir);
  // A run trained English → Vietnamese: "Back-translate with it" (More pairs from English text).
  void backTranslateRequested(const QString& runDir);

 private:
  QLabel* text_;
  QPushButton* student_;
  QPushButton* translate_;
  QPushButton* attention_;
  QPushButton* back_translate_;
  QString run_dir_;
};

}  // namespace studio::ui
