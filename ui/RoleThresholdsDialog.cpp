#include "ui/RoleThresholdsDialog.h"

#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QPushButton>
#include <QSettings>
#include <QVBoxLayout>

namespace studio::ui {

namespace {

QDoubleSpinBox* spin(QWidget* parent, const QString& name, double maximum, double step, const QString& tip) {
  auto* box = new QDoubleSpinBox(parent);
  box->setObjectName(name);
  box->setAccessibleName(name);
  box->setRange(0.0, maximum);
  box->setSingleStep(step);
  box->setDecimals(3);
  box->setToolTip(tip);
  return box;
}

const char* const kGroup = "explorer/roleThresholds/";

}  // namespace

RoleThresholdsDialog::RoleThresholdsDialog(const app::RoleThresholds& thresholds, QWidget* parent)
    : QDialog(parent) {
  setObjectName("Role thresholds");
  setWindowTitle(tr("Thresholds of the head roles"));
  auto* form = new QFormLayout;
  sink_ = spin(this, "sink", 1.0, 0.05,
               tr("The least share of a head's attention on the end token to call it a sink"));
  positional_ =
      spin(this, "positional", 1.0, 0.05,
           tr("The least weight on the key just before (or after) to call a head previous (next) token"));
  same_ = spin(this, "same", 1.0, 0.05, tr("The least weight on its own position to call a head same token"));
  diagonal_ = spin(this, "diagonal", 1.0, 0.05,
                   tr("Cross-attention: the least weight within one key of the scaled diagonal"));
  focus_ = spin(this, "focus", 1.0, 0.05, tr("The least weight on punctuation (or on pieces of rare words)"));
  lift_ = spin(this, "lift", 20.0, 0.5,
               tr("How many times their share of the keys that weight must be (1 = no more than chance)"));
  broad_ = spin(this, "broad", 1.0, 0.05,
                tr("The least entropy, as a share of the most possible, to call a head broad"));
  dead_bleu_ = spin(this, "dead BLEU", 100.0, 0.05,
                    tr("Switching a head off moves dev BLEU by less than this (points) to call it dead"));
  dead_loss_ = spin(this, "dead loss", 100.0, 0.05,
                    tr("… and the reference loss by less than this share of itself (percent)"));
  form->addRow(tr("Sink: weight on the end token ≥"), sink_);
  form->addRow(tr("Previous / next token: weight ≥"), positional_);
  form->addRow(tr("Same token: weight ≥"), same_);
  form->addRow(tr("Diagonal alignment: weight ≥"), diagonal_);
  form->addRow(tr("Punctuation / rare words: weight ≥"), focus_);
  form->addRow(tr("… and × their share of the keys ≥"), lift_);
  form->addRow(tr("Broad: entropy ≥ (share of the most)"), broad_);
  form->addRow(tr("Dead: BLEU moves less than"), dead_bleu_);
  form->addRow(tr("… and the loss less than (%)"), dead_loss_);
  setThresholds(thresholds);

  auto* buttons = new QDialogButtonBox(
      QDialogButtonBox::Ok | QDialogButtonBox::Cancel | QDialogButtonBox::RestoreDefaults, this);
  connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  connect(buttons->button(QDialogButtonBox::RestoreDefaults), &QPushButton::clicked, this,
          [this] { setThresholds({}); });
  auto* note = new QLabel(
      tr("The first rule that holds names a head's role at each step, in the order listed."), this);
  note->setWordWrap(true);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(note);
  layout->addLayout(form);
  layout->addWidget(buttons);
}

app::RoleThresholds RoleThresholdsDialog::thresholds() const {
  app::RoleThresholds t;
  t.sink = sink_->value();
  t.positional = positional_->value();
  t.same = same_->value();
  t.diagonal = diagonal_->value();
  t.focus = focus_->value();
  t.lift = lift_->value();
  t.broad = broad_->value();
  t.dead_bleu = dead_bleu_->value();
  t.dead_loss = dead_loss_->value() / 100.0;
  return t;
}

void RoleThresholdsDialog::setThresholds(const app::RoleThresholds& t) {
  sink_->setValue(t.sink);
  positional_->setValue(t.positional);
  same_->setValue(t.same);
  diagonal_->setValue(t.diagonal);
  focus_->setValue(t.focus);
  lift_->setValue(t.lift);
  broad_->setValue(t.broad);
  dead_bleu_->setValue(t.dead_bleu);
  dead_loss_->setValue(t.dead_loss * 100.0);
}

app::RoleThresholds savedRoleThresholds() {
  const QSettings settings;
  const app::RoleThresholds d;
  auto read = [&](const char* key, double fallback) {
    bool ok = false;
    const double value = settings.value(QString(kGroup) + key, fallback).toDouble(&ok);
    return ok && value >= 0 ? value : fallback;
  };
  app::RoleThresholds t;
  t.sink = read("sink", d.sink);
  t.positional = read("positional", d.positional);
  t.same = read("same", d.same);
  t.diagonal = read("diagonal", d.diagonal);
  t.focus = read("focus", d.focus);
  t.lift = read("lift", d.lift);
  t.broad = read("broad", d.broad);
  t.dead_bleu = read("deadBleu", d.dead_bleu);
  t.dead_loss = read("deadLoss", d.dead_loss);
  return t;
}

void saveRoleThresholds(const app::RoleThresholds& t) {
  QSettings settings;
  settings.setValue(QString(kGroup) + "sink", t.sink);
  settings.setValue(QString(kGroup) + "positional", t.positional);
  settings.setValue(QString(kGroup) + "same", t.same);
  settings.setValue(QString(kGroup) + "diagonal", t.diagonal);
  settings.setValue(QString(kGroup) + "focus", t.focus);
  settings.setValue(QString(kGroup) + "lift", t.lift);
  settings.setValue(QString(kGroup) + "broad", t.broad);
  settings.setValue(QString(kGroup) + "deadBleu", t.dead_bleu);
  settings.setValue(QString(kGroup) + "deadLoss", t.dead_loss);
}

}  // namespace studio::ui
