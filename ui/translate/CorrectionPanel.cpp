#include "ui/translate/CorrectionPanel.h"

#include <QCursor>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QPushButton>
#include <QVBoxLayout>

#include "app/training/FineTuning.h"

namespace studio::ui {

CorrectionPanel::CorrectionPanel(QWidget* parent) : QGroupBox(tr("Correct this translation"), parent) {
  setObjectName("Correct this translation");
  auto* layout = new QVBoxLayout(this);
  edit_ = new QLineEdit(this);
  edit_->setObjectName("Corrected translation");
  edit_->setAccessibleName(tr("Corrected translation"));
  edit_->setToolTip(tr("Edit the translation, or click a piece above to choose among the beam's words there"));
  layout->addWidget(edit_);
  auto* buttons = new QHBoxLayout;
  auto* decode = new QPushButton(tr("Decode the rest"), this);
  decode->setObjectName("Decode the rest");
  decode->setToolTip(tr("Keep the text before the cursor and let the model write the rest"));
  connect(decode, &QPushButton::clicked, this, [this] {
    if (!source_.isEmpty()) Q_EMIT decodeFromPrefix(source_, textBeforeCursor());
  });
  keep_ = new QPushButton(tr("Keep as a correction"), this);
  keep_->setObjectName("Keep as a correction");
  keep_->setToolTip(tr("Add this sentence and its corrected translation to corrections.tsv in the model's run folder"));
  connect(keep_, &QPushButton::clicked, this, &CorrectionPanel::keep);
  learn_ = new QPushButton(tr("Learn from my corrections…"), this);
  learn_->setObjectName("Learn from my corrections");
  learn_->setToolTip(tr("Fine-tune the model on the kept corrections for 200 steps, with its original training "
                        "data replayed, in the Training workspace: the charts show the corrections' BLEU and the "
                        "original dev BLEU, the samples every corrected sentence before and after"));
  connect(learn_, &QPushButton::clicked, this, [this] { Q_EMIT learnRequested(model_path_); });
  export_ = new QPushButton(tr("Export as TMX…"), this);
  export_->setObjectName("Export corrections as TMX");
  export_->setToolTip(
      tr("Write the kept corrections as a TMX translation memory, for a CAT tool (Trados, memoQ, "
         "OmegaT) or another corpus"));
  connect(export_, &QPushButton::clicked, this, [this] {
    const QString path =
        QFileDialog::getSaveFileName(this, tr("Export the corrections as a translation memory"),
                                     "corrections.tmx", tr("TMX files (*.tmx)"));
    if (!path.isEmpty()) exportTmx(path);
  });
  auto* look = new QPushButton(tr("Look inside"), this);
  look->setObjectName("Look inside the correction");
  look->setToolTip(
      tr("Open the attention explorer with the model reading this translation instead of writing its "
         "own: its attention over it, and how likely it finds each piece"));
  connect(look, &QPushButton::clicked, this, [this] {
    if (!source_.isEmpty() && !correction().isEmpty()) Q_EMIT exploreRequested(source_, correction());
  });
  buttons->addWidget(decode);
  buttons->addWidget(keep_);
  buttons->addWidget(learn_);
  buttons->addWidget(export_);
  buttons->addWidget(look);
  buttons->addStretch(1);
  layout->addLayout(buttons);
  count_ = new QLabel(this);
  count_->setObjectName("Corrections kept");
  count_->setWordWrap(true);
  layout->addWidget(count_);
  setEnabled(false);
}

void CorrectionPanel::showTranslation(const QString& source, const QString& translation, const QString& model_path) {
  source_ = source;
  before_ = translation;
  edit_->setText(translation);
  setEnabled(!source.isEmpty());
  if (model_path != model_path_) {
    model_path_ = model_path;
    showCount(app::correctionsCount(model_path), QString());
  }
}

void CorrectionPanel::setCorrection(const QString& text) {
  const int cursor = edit_->cursorPosition();
  edit_->setText(text);
  edit_->setCursorPosition(std::min(cursor, int(text.size())));
}

QString CorrectionPanel::correction() const { return edit_->text().simplified(); }
QString CorrectionPanel::textBeforeCursor() const { return edit_->text().left(edit_->cursorPosition()).simplified(); }

void CorrectionPanel::offerAlternatives(const QString& prefix, const QStringList& words) {
  QMenu menu(this);
  menu.setObjectName("Alternatives");
  for (const QString& word : words) {
    auto* action = menu.addAction(word);
    connect(action, &QAction::triggered, this, [this, prefix, word] {
      const QString forced = prefix.isEmpty() ? word : prefix + " " + word;
      edit_->setText(forced);
      edit_->setCursorPosition(int(forced.size()));
      Q_EMIT decodeFromPrefix(source_, forced);
    });
  }
  if (words.isEmpty()) menu.addAction(tr("(no other word in the beam here)"))->setEnabled(false);
  Q_EMIT alternativesOffered(words);
  menu.exec(QCursor::pos());
}

void CorrectionPanel::keep() {
  const auto kept = app::keepCorrection(model_path_, source_, correction(), before_);
  if (!kept.error.isEmpty()) {
    Q_EMIT errorOccurred(tr("The correction was not kept: %1").arg(kept.error));
    return;
  }
  showCount(kept.count, kept.file);
}

bool CorrectionPanel::exportTmx(const QString& path) {
  const auto exported = app::exportCorrectionsTmx(model_path_, path);
  if (!exported.error.isEmpty()) {
    Q_EMIT errorOccurred(tr("The corrections were not exported: %1").arg(exported.error));
    return false;
  }
  count_->setText(tr("%n correction(s) exported to %1.", "", exported.count).arg(path));
  return true;
}

void CorrectionPanel::showCount(int count, const QString& file) {
  learn_->setEnabled(count > 0);
  export_->setEnabled(count > 0);
  count_->setText(count == 0 ? tr("No corrections kept for this model yet.")
                             : tr("%n correction(s) kept for this model%1.", "", count)
                                   .arg(file.isEmpty() ? QString() : tr(" in %1").arg(file)));
}

}  // namespace studio::ui
