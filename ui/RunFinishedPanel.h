#pragma once

#include <QFrame>

#include "app/TrainingSession.h"

class QLabel;

namespace studio::ui {

// What the Training workspace says when a run ends with a model: that the
// translator is ready, how good it got, and the two places to go next
// (Translate with it, look inside it in Attention).
class RunFinishedPanel : public QFrame {
  Q_OBJECT

 public:
  explicit RunFinishedPanel(QWidget* parent = nullptr);

  // Shows the panel for a run that ended in `run_dir` (hidden when it left no model).
  void showFinished(const QString& run_dir, const app::FinishedReport& report);
  QString runDir() const { return run_dir_; }
  QString text() const;

 Q_SIGNALS:
  // "Translate with it" (attention = false) or "Look inside it" (true).
  void useRunRequested(const QString& runDir, bool attention);

 private:
  QLabel* text_;
  QString run_dir_;
};

}  // namespace studio::ui
