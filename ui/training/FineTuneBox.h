#pragma once

#include <QGroupBox>
#include <QJsonObject>

#include "app/training/FineTuning.h"

class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QPushButton;

namespace studio::ui {

// "Start from" in the Training workspace: random weights (a new model), or a
// trained model to fine-tune on the chosen corpus: its vocabulary and shape
// kept, the corpus prepared with its SentencePiece model, a share of its
// original training pairs replayed and its original dev split evaluated
// beside the new one (model/training/FineTune.h).
class FineTuneBox : public QGroupBox {
  Q_OBJECT

 public:
  explicit FineTuneBox(QWidget* parent = nullptr);

  bool active() const { return !source_.modelPath.isEmpty(); }
  QString modelPath() const { return source_.modelPath; }
  QString sentencePieceModel() const { return source_.spmPath; }
  QString runDir() const { return source_.runDir; }
  QString originalData() const;
  double replayShare() const;

  // Chooses the model to start from; false (with errorOccurred) when it cannot be fine-tuned.
  bool setModel(const QString& path);
  void clear();  // back to a new model
  void setOriginal(const QString& data_dir, double replay_share);

 Q_SIGNALS:
  // A model was chosen (its fine-tuning settings) or cleared (an empty object).
  void modelChanged(const QJsonObject& settings);
  void errorOccurred(const QString& message);

 private:
  void showSource();

  app::FineTuneSource source_;
  QLabel* summary_ = nullptr;
  QPushButton* scratch_ = nullptr;
  QWidget* details_ = nullptr;
  QLineEdit* original_ = nullptr;
  QDoubleSpinBox* replay_ = nullptr;
};

}  // namespace studio::ui
