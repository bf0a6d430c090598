#pragma once

#include <QGroupBox>
#include <QStringList>

class QLabel;
class QLineEdit;
class QPushButton;

namespace studio::ui {

// "More pairs from English text" in the Training workspace: a model trained
// English → Vietnamese (Direction under Model) translates English text, and
// each synthetic Vietnamese sentence with its English joins the data
// folder's pairs in a new data folder beside it (back-translation); the
// workspace then trains on that folder.
class BackTranslationBox : public QGroupBox {
  Q_OBJECT

 public:
  explicit BackTranslationBox(QWidget* parent = nullptr);

  QString modelPath() const;
  void setModelPath(const QString& path);
  // The English files (the field holds them separated by ';').
  QStringList englishFiles() const;
  void setEnglishFiles(const QStringList& files);
  // What the last back-translation made (a line for people), "" to clear.
  void showResult(const QString& text);
  QString text() const;

 Q_SIGNALS:
  void backTranslateRequested();  // the Back-translate button

 private:
  QLineEdit* model_ = nullptr;
  QLineEdit* english_ = nullptr;
  QLabel* result_ = nullptr;
};

}  // namespace studio::ui
