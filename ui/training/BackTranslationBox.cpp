#include "ui/training/BackTranslationBox.h"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace studio::ui {

namespace {

// A field with a Choose… button after it, in one row.
QWidget* withChooser(QLineEdit* field, QPushButton* choose, QWidget* parent) {
  auto* row = new QWidget(parent);
  auto* layout = new QHBoxLayout(row);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(field, 1);
  layout->addWidget(choose);
  return row;
}

}  // namespace

BackTranslationBox::BackTranslationBox(QWidget* parent)
    : QGroupBox(tr("More pairs from English text"), parent) {
  setObjectName("More pairs from English text");
  auto* layout = new QVBoxLayout(this);
  auto* about = new QLabel(
      tr("Back-translation: a model trained the other way round (Direction: English → Vietnamese under "
         "Model, on this data folder) translates English text into Vietnamese, and each sentence with its "
         "English joins the data folder's pairs in a new data folder beside it. The new model learns to "
         "write English from more of it; dev and test stay people's. English that is a dev, test or "
         "training pair's is left out."),
      this);
  about->setWordWrap(true);
  layout->addWidget(about);

  auto* form = new QFormLayout;
  model_ = new QLineEdit(this);
  model_->setObjectName("Back-translation model");
  model_->setAccessibleName(tr("English to Vietnamese model"));
  model_->setPlaceholderText(tr("a model file trained English → Vietnamese"));
  auto* choose_model = new QPushButton(tr("Choose…"), this);
  choose_model->setObjectName("Choose the back-translation model");
  connect(choose_model, &QPushButton::clicked, this, [this] {
    const QString path = QFileDialog::getOpenFileName(this, tr("Choose the English to Vietnamese model"),
                                                      QFileInfo(modelPath()).absolutePath(),
                                                      tr("Models (*.pt);;All files (*)"));
    if (!path.isEmpty()) setModelPath(path);
  });
  form->addRow(tr("English → Vietnamese model"), withChooser(model_, choose_model, this));
  english_ = new QLineEdit(this);
  english_->setObjectName("Back-translation English");
  english_->setAccessibleName(tr("English text"));
  english_->setPlaceholderText(tr("English text files, a sentence a line (several: separated by ;)"));
  auto* choose_english = new QPushButton(tr("Choose…"), this);
  choose_english->setObjectName("Choose the English text");
  connect(choose_english, &QPushButton::clicked, this, [this] {
    const QStringList files = QFileDialog::getOpenFileNames(this, tr("Choose English text"), QString(),
                                                            tr("Text (*.txt *.en);;All files (*)"));
    if (!files.isEmpty()) setEnglishFiles(files);
  });
  form->addRow(tr("English text"), withChooser(english_, choose_english, this));
  layout->addLayout(form);

  auto* buttons = new QHBoxLayout;
  auto* start = new QPushButton(tr("Back-translate"), this);
  start->setObjectName("Back-translate");
  start->setToolTip(
      tr("Translate the English text now and prepare the new data folder; the form then trains "
         "on it (Start)"));
  connect(start, &QPushButton::clicked, this, &BackTranslationBox::backTranslateRequested);
  buttons->addWidget(start);
  buttons->addStretch(1);
  layout->addLayout(buttons);
  result_ = new QLabel(this);
  result_->setObjectName("Back-translated data");
  result_->setWordWrap(true);
  result_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  result_->hide();
  layout->addWidget(result_);
}

QString BackTranslationBox::modelPath() const { return model_->text().trimmed(); }

void BackTranslationBox::setModelPath(const QString& path) {
  model_->setText(QDir::toNativeSeparators(path));
}

QStringList BackTranslationBox::englishFiles() const {
  QStringList files;
  for (const QString& file : english_->text().split(';', Qt::SkipEmptyParts))
    if (!file.trimmed().isEmpty()) files << QDir::fromNativeSeparators(file.trimmed());
  return files;
}

void BackTranslationBox::setEnglishFiles(const QStringList& files) {
  QStringList shown;
  for (const QString& file : files) shown << QDir::toNativeSeparators(file);
  english_->setText(shown.join(QStringLiteral("; ")));
}

void BackTranslationBox::showResult(const QString& text) {
  result_->setText(text);
  result_->setVisible(!text.isEmpty());
}

QString BackTranslationBox::text() const { return result_->text(); }

}  // namespace studio::ui
