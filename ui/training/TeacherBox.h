#pragma once

#include <QGroupBox>
#include <QJsonObject>

#include "app/training/DistillSession.h"

class QComboBox;
class QLabel;
class QPushButton;

namespace studio::ui {

// "Learn from" in the Training workspace: the corpus's own English, or a
// trained model's translations of the data folder's training sentences —
// sequence-level distillation, how Marian and Bergamot make small fast
// models: the teacher translates, the new model (its student) learns that
// English instead of people's. Start (or Distil) writes the distilled data
// folder beside the data folder; dev and test stay people's; the vocabulary
// is the teacher's.
class TeacherBox : public QGroupBox {
  Q_OBJECT

 public:
  explicit TeacherBox(QWidget* parent = nullptr);

  bool active() const { return !source_.modelPath.isEmpty(); }
  QString modelPath() const { return source_.modelPath; }
  const app::TeacherSource& source() const { return source_; }

  // Chooses the teacher; false (with errorOccurred) when it cannot teach.
  bool setModel(const QString& path);
  void clear();  // back to the corpus's English
  // The data folder the teacher translates: the box names the distilled
  // folder it makes (or reuses) and what is known of it.
  void setDataDir(const QString& data_dir);
  // Where the student's training data is: the distilled folder for the data
  // folder ("" without a teacher; the data folder itself when it is a
  // distilled one already).
  QString distilledDir() const { return distilled_; }
  bool distilled() const;  // distilledDir() is whole and the teacher's (nothing to translate)
  // The teacher translates with int8 weights (the "Teacher's weights" choice; off where the CPU cannot).
  bool int8() const;
  void setInt8(bool int8);
  QString text() const;

 Q_SIGNALS:
  // A teacher was chosen (the student's settings) or cleared (an empty object).
  void teacherChanged(const QJsonObject& studentSettings);
  void distilRequested();  // the Distil button
  void errorOccurred(const QString& message);

 private:
  void showSource();

  app::TeacherSource source_;
  QString data_dir_;
  QString distilled_;
  QLabel* summary_ = nullptr;
  QLabel* folder_ = nullptr;
  QPushButton* none_ = nullptr;
  QPushButton* distil_ = nullptr;
  QComboBox* weights_ = nullptr;
  QLabel* weights_label_ = nullptr;
};

}  // namespace studio::ui
