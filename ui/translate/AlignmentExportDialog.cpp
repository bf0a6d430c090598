#include "ui/translate/AlignmentExportDialog.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QPushButton>
#include <QSettings>
#include <QVBoxLayout>

namespace studio::ui {

using Links = app::AlignmentExport::Links;

AlignmentExportDialog::AlignmentExportDialog(QWidget* parent) : QDialog(parent) {
  setObjectName("Word alignment export");
  setWindowTitle(tr("Save word alignments"));
  auto* intro = new QLabel(tr("Each line of the file with its translation, word for word, read off the "
                              "cross-attention: the head trained to align where the model has one (guided "
                              "alignment), else the mean over one layer's heads. Words are counted from 0 at "
                              "spaces: \"source-target\" pairs, as fast_align and Moses write them."),
                           this);
  intro->setWordWrap(true);

  links_ = new QComboBox(this);
  links_->setObjectName("Alignment links");
  links_->addItem(tr("Each English word's strongest Vietnamese word"), int(Links::Hard));
  links_->addItem(tr("Both directions (also each Vietnamese word's strongest English word)"),
                  int(Links::Union));
  links_->addItem(tr("Every link of at least the threshold"), int(Links::Threshold));
  links_->addItem(tr("Soft: each English word's weights over the Vietnamese words"), int(Links::Soft));
  links_->setToolTip(
      tr("Both directions link every word of both sentences, as a symmetrized alignment "
         "does (Keep tags places tags by these); a threshold keeps the links whose weight "
         "is at least it, so a word may have none or several; soft writes each English "
         "word's weights, comma-separated, one group a word"));
  threshold_ = new QDoubleSpinBox(this);
  threshold_->setObjectName("Alignment threshold");
  threshold_->setRange(0.01, 1.0);
  threshold_->setDecimals(2);
  threshold_->setSingleStep(0.05);
  threshold_->setToolTip(
      tr("The least weight a link keeps: an English word's weights over the Vietnamese "
         "words add up to 1"));
  layer_ = new QComboBox(this);
  layer_->setObjectName("Alignment layer");
  layer_->setToolTip(
      tr("The decoder layer whose cross-attention heads are averaged: in the starter's "
         "2+2 layers the last aligned best (docs/cli.md). The default reads a model's head "
         "trained to align, where it has one"));
  shifted_ = new QCheckBox(tr("Read each word at the step that reads it, not the one that wrote it"), this);
  shifted_->setObjectName("Alignment shifted");
  shifted_->setToolTip(
      tr("Shift-Att (Chen et al., 2020): the attention of the step that takes the word "
         "as its input, once the model has seen it; its gains were reported for a middle "
         "layer of deeper models"));

  auto* form = new QFormLayout;
  form->addRow(tr("Links"), links_);
  form->addRow(tr("Threshold"), threshold_);
  form->addRow(tr("Layer"), layer_);
  form->addRow(QString(), shifted_);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
  auto* save = buttons->addButton(tr("Save as…"), QDialogButtonBox::AcceptRole);
  save->setObjectName("Save the alignments as");
  save->setDefault(true);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(intro);
  layout->addLayout(form);
  layout->addWidget(buttons);
  connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  connect(links_, &QComboBox::currentIndexChanged, this,
          [this] { threshold_->setEnabled(links_->currentData().toInt() == int(Links::Threshold)); });
  setDecoderLayers(1);
  setChoice({});
}

void AlignmentExportDialog::setDecoderLayers(int layers) {
  const int chosen = layer_->currentData().isValid() ? layer_->currentData().toInt() : -1;
  layer_->clear();
  layer_->addItem(tr("The head trained to align, else the last"), -1);
  for (int l = 0; l < layers; ++l) layer_->addItem(tr("Layer %1").arg(l + 1), l);
  layer_->setCurrentIndex(std::max(0, layer_->findData(chosen)));
}

app::AlignmentExport AlignmentExportDialog::choice() const {
  app::AlignmentExport c;
  c.links = Links(links_->currentData().toInt());
  c.threshold = threshold_->value();
  c.layer = layer_->currentData().toInt();
  c.shifted = shifted_->isChecked();
  return c;
}

void AlignmentExportDialog::setChoice(const app::AlignmentExport& choice) {
  links_->setCurrentIndex(std::max(0, links_->findData(int(choice.links))));
  threshold_->setValue(choice.threshold);
  threshold_->setEnabled(choice.links == Links::Threshold);
  layer_->setCurrentIndex(std::max(0, layer_->findData(choice.layer)));
  shifted_->setChecked(choice.shifted);
}

app::AlignmentExport AlignmentExportDialog::saved() {
  QSettings settings;
  app::AlignmentExport c;
  const int links = settings.value("alignmentExport/links", int(c.links)).toInt();
  if (links >= int(Links::Hard) && links <= int(Links::Soft)) c.links = Links(links);
  const double threshold = settings.value("alignmentExport/threshold", c.threshold).toDouble();
  if (threshold > 0 && threshold <= 1) c.threshold = threshold;
  c.layer = std::max(-1, settings.value("alignmentExport/layer", c.layer).toInt());
  c.shifted = settings.value("alignmentExport/shifted", c.shifted).toBool();
  return c;
}

void AlignmentExportDialog::save(const app::AlignmentExport& choice) {
  QSettings settings;
  settings.setValue("alignmentExport/links", int(choice.links));
  settings.setValue("alignmentExport/threshold", choice.threshold);
  settings.setValue("alignmentExport/layer", choice.layer);
  settings.setValue("alignmentExport/shifted", choice.shifted);
}

}  // namespace studio::ui
