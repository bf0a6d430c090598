#include "ui/heads/RoleThresholdsDialog.h"

#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QPushButton>
#include <QSettings>
#include <QVBoxLayout>

#include <iterator>

namespace studio::ui {

namespace {

// Each threshold once: its field, its settings key (and the spin box's
// name), its range, the factor it is shown at, and its words.
struct Threshold {
  double app::RoleThresholds::*member;
  const char* key;
  double maximum, step, shown;  // shown: the factor on screen (100: a share in percent)
  const char* label;
  const char* tip;
};

const Threshold kThresholds[] = {
    {&app::RoleThresholds::sink, "sink", 1.0, 0.05, 1.0,
     QT_TRANSLATE_NOOP("studio::ui::RoleThresholdsDialog", "Sink: weight on the end token ≥"),
     QT_TRANSLATE_NOOP("studio::ui::RoleThresholdsDialog",
                       "The least share of a head's attention on the end token to call it a sink")},
    {&app::RoleThresholds::positional, "positional", 1.0, 0.05, 1.0,
     QT_TRANSLATE_NOOP("studio::ui::RoleThresholdsDialog", "Previous / next token: weight ≥"),
     QT_TRANSLATE_NOOP(
         "studio::ui::RoleThresholdsDialog",
         "The least weight on the key just before (or after) to call a head previous (next) token")},
    {&app::RoleThresholds::same, "same", 1.0, 0.05, 1.0,
     QT_TRANSLATE_NOOP("studio::ui::RoleThresholdsDialog", "Same token: weight ≥"),
     QT_TRANSLATE_NOOP("studio::ui::RoleThresholdsDialog",
                       "The least weight on its own position to call a head same token")},
    {&app::RoleThresholds::diagonal, "diagonal", 1.0, 0.05, 1.0,
     QT_TRANSLATE_NOOP("studio::ui::RoleThresholdsDialog", "Diagonal alignment: weight ≥"),
     QT_TRANSLATE_NOOP("studio::ui::RoleThresholdsDialog",
                       "Cross-attention: the least weight within one key of the scaled diagonal")},
    {&app::RoleThresholds::focus, "focus", 1.0, 0.05, 1.0,
     QT_TRANSLATE_NOOP("studio::ui::RoleThresholdsDialog", "Punctuation / rare words: weight ≥"),
     QT_TRANSLATE_NOOP("studio::ui::RoleThresholdsDialog",
                       "The least weight on punctuation (or on pieces of rare words)")},
    {&app::RoleThresholds::lift, "lift", 20.0, 0.5, 1.0,
     QT_TRANSLATE_NOOP("studio::ui::RoleThresholdsDialog", "… and × their share of the keys ≥"),
     QT_TRANSLATE_NOOP(
         "studio::ui::RoleThresholdsDialog",
         "How many times their share of the keys that weight must be (1 = no more than chance)")},
    {&app::RoleThresholds::broad, "broad", 1.0, 0.05, 1.0,
     QT_TRANSLATE_NOOP("studio::ui::RoleThresholdsDialog", "Broad: entropy ≥ (share of the most)"),
     QT_TRANSLATE_NOOP("studio::ui::RoleThresholdsDialog",
                       "The least entropy, as a share of the most possible, to call a head broad")},
    {&app::RoleThresholds::dead_bleu, "deadBleu", 100.0, 0.05, 1.0,
     QT_TRANSLATE_NOOP("studio::ui::RoleThresholdsDialog", "Dead: BLEU moves less than"),
     QT_TRANSLATE_NOOP("studio::ui::RoleThresholdsDialog",
                       "Switching a head off moves dev BLEU by less than this (points) to call it dead")},
    {&app::RoleThresholds::dead_loss, "deadLoss", 100.0, 0.05, 100.0,
     QT_TRANSLATE_NOOP("studio::ui::RoleThresholdsDialog", "… and the loss less than (%)"),
     QT_TRANSLATE_NOOP("studio::ui::RoleThresholdsDialog",
                       "… and the reference loss by less than this share of itself (percent)")},
};

QString settingsKey(const Threshold& t) { return QString("explorer/roleThresholds/") + t.key; }

}  // namespace

RoleThresholdsDialog::RoleThresholdsDialog(const app::RoleThresholds& thresholds, QWidget* parent)
    : QDialog(parent) {
  setObjectName("Role thresholds");
  setWindowTitle(tr("Thresholds of the head roles"));
  auto* form = new QFormLayout;
  for (const auto& t : kThresholds) {
    auto* box = new QDoubleSpinBox(this);
    box->setObjectName(t.key);
    box->setAccessibleName(t.key);
    box->setRange(0.0, t.maximum);
    box->setSingleStep(t.step);
    box->setDecimals(3);
    box->setToolTip(tr(t.tip));
    form->addRow(tr(t.label), box);
    spins_.push_back(box);
  }
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
  app::RoleThresholds out;
  for (size_t i = 0; i < std::size(kThresholds); ++i)
    out.*kThresholds[i].member = spins_[qsizetype(i)]->value() / kThresholds[i].shown;
  return out;
}

void RoleThresholdsDialog::setThresholds(const app::RoleThresholds& thresholds) {
  for (size_t i = 0; i < std::size(kThresholds); ++i)
    spins_[qsizetype(i)]->setValue(thresholds.*kThresholds[i].member * kThresholds[i].shown);
}

app::RoleThresholds savedRoleThresholds() {
  const QSettings settings;
  app::RoleThresholds out;  // the defaults, where nothing (or nothing usable) is saved
  for (const auto& t : kThresholds) {
    bool ok = false;
    const double value = settings.value(settingsKey(t)).toDouble(&ok);
    if (ok && value >= 0) out.*t.member = value;
  }
  return out;
}

void saveRoleThresholds(const app::RoleThresholds& thresholds) {
  QSettings settings;
  for (const auto& t : kThresholds) settings.setValue(settingsKey(t), thresholds.*t.member);
}

}  // namespace studio::ui
