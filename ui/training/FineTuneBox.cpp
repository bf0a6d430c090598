#include "ui/training/FineTuneBox.h"

#include <QDir>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace studio::ui {

FineTuneBox::FineTuneBox(QWidget* parent) : QGroupBox(tr("Start from"), parent) {
  setObjectName("Start from");
  auto* layout = new QVBoxLayout(this);
  summary_ = new QLabel(this);
  summary_->setObjectName("Start from summary");
  summary_->setWordWrap(true);
  summary_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  layout->addWidget(summary_);

  auto* buttons = new QHBoxLayout;
  auto* choose = new QPushButton(tr("Continue from a model…"), this);
  choose->setObjectName("Continue from a model");
  choose->setToolTip(tr("Fine-tune a trained model (best.pt of a run, or any checkpoint) on the corpus above: its "
                        "vocabulary and shape are kept and the corpus is prepared with its SentencePiece model"));
  connect(choose, &QPushButton::clicked, this, [this] {
    const QString start = active() ? QFileInfo(source_.modelPath).absolutePath() : QString();
    const QString path = QFileDialog::getOpenFileName(this, tr("Choose a model to continue from"), start,
                                                      tr("Models (*.pt);;All files (*)"));
    if (!path.isEmpty()) setModel(path);
  });
  scratch_ = new QPushButton(tr("New model"), this);
  scratch_->setObjectName("New model");
  scratch_->setToolTip(tr("Train a new model from random weights (the preset below decides its shape)"));
  connect(scratch_, &QPushButton::clicked, this, &FineTuneBox::clear);
  buttons->addWidget(choose);
  buttons->addWidget(scratch_);
  buttons->addStretch(1);
  layout->addLayout(buttons);

  details_ = new QWidget(this);
  auto* form = new QFormLayout(details_);
  form->setContentsMargins(0, 0, 0, 0);
  original_ = new QLineEdit(details_);
  original_->setObjectName("Original data");
  original_->setAccessibleName(tr("Original data"));
  original_->setToolTip(tr("The data folder the model learnt from: its dev split is evaluated beside the new one "
                           "(the brown points of the BLEU chart show what fine-tuning forgets), and its training "
                           "pairs are replayed. Empty: neither."));
  form->addRow(tr("Original data"), original_);
  replay_ = new QDoubleSpinBox(details_);
  replay_->setObjectName("Replay share");
  replay_->setAccessibleName(tr("Replay share"));
  replay_->setRange(0.0, 0.9);
  replay_->setSingleStep(0.1);
  replay_->setDecimals(2);
  replay_->setValue(app::defaultReplayShare());
  replay_->setToolTip(tr("Share of the training pairs drawn from the original data, against forgetting "
                         "(0: the new corpus only)"));
  form->addRow(tr("Replay share"), replay_);
  layout->addWidget(details_);
  showSource();
}

QString FineTuneBox::originalData() const { return active() ? original_->text().trimmed() : QString(); }
double FineTuneBox::replayShare() const { return originalData().isEmpty() ? 0.0 : replay_->value(); }

bool FineTuneBox::setModel(const QString& path) {
  auto source = app::describeFineTuneSource(path);
  if (!source.error.isEmpty()) {
    Q_EMIT errorOccurred(tr("Cannot continue from '%1': %2").arg(path, source.error));
    return false;
  }
  source_ = source;
  original_->setText(source_.originalData);
  showSource();
  Q_EMIT modelChanged(source_.settings);
  return true;
}

void FineTuneBox::setOriginal(const QString& data_dir, double replay_share) {
  original_->setText(data_dir);
  replay_->setValue(replay_share);
}

void FineTuneBox::clear() {
  const bool was = active();
  source_ = {};
  original_->clear();
  showSource();
  if (was) Q_EMIT modelChanged({});
}

void FineTuneBox::showSource() {
  details_->setVisible(active());
  scratch_->setEnabled(active());
  if (!active()) {
    summary_->setText(tr("A new model, from random weights."));
    return;
  }
  summary_->setText(tr("Fine-tuning %1: its weights, vocabulary (%2) and shape; a fresh optimizer. The corpus is "
                       "prepared with that SentencePiece model.")
                        .arg(QDir::toNativeSeparators(source_.modelPath),
                             QDir::toNativeSeparators(source_.spmPath)));
}

}  // namespace studio::ui
