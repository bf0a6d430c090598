#include "ui/training/RunFinishedPanel.h"

#include <QDir>
#include <QFile>
#include <QHBoxLayout>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QToolButton>
#include <QVBoxLayout>

namespace studio::ui {

RunFinishedPanel::RunFinishedPanel(QWidget* parent) : QFrame(parent) {
  setObjectName("Run finished");
  setFrameShape(QFrame::StyledPanel);
  text_ = new QLabel(this);
  text_->setObjectName("Run finished text");
  text_->setWordWrap(true);
  text_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  auto* translate = translate_ = new QPushButton(tr("Translate with it"), this);
  translate->setObjectName("Translate with it");
  translate->setToolTip(tr("Opens Translate with this run's best checkpoint"));
  auto* attention = attention_ = new QPushButton(tr("Look inside it"), this);
  attention->setObjectName("Look inside it");
  attention->setToolTip(tr("Opens Attention: a probe sentence's attention now, and how it formed while the run "
                           "trained (the timelapse and Heads over training)"));
  student_ = new QPushButton(tr("Train a smaller student from it"), this);
  student_->setObjectName("Train a student");
  student_->setToolTip(
      tr("Sets Training up for a smaller, faster model that learns this one's translations of the "
         "training sentences (distillation): Learn from names it as the teacher"));
  back_translate_ = new QPushButton(tr("Back-translate with it"), this);
  back_translate_->setObjectName("Back-translate with it");
  back_translate_->setToolTip(
      tr("More pairs from English text: this English → Vietnamese model translates "
         "English text into more training pairs for the translator"));
  auto* close = new QToolButton(this);
  close->setText(QStringLiteral("✕"));
  close->setAccessibleName(tr("Close"));
  close->setAutoRaise(true);
  connect(translate, &QPushButton::clicked, this, [this] { Q_EMIT useRunRequested(run_dir_, false); });
  connect(attention, &QPushButton::clicked, this, [this] { Q_EMIT useRunRequested(run_dir_, true); });
  connect(student_, &QPushButton::clicked, this, [this] { Q_EMIT studentRequested(run_dir_); });
  connect(back_translate_, &QPushButton::clicked, this, [this] { Q_EMIT backTranslateRequested(run_dir_); });
  connect(close, &QToolButton::clicked, this, &QWidget::hide);

  auto* buttons = new QHBoxLayout;
  buttons->addWidget(translate);
  buttons->addWidget(attention);
  buttons->addWidget(student_);
  buttons->addWidget(back_translate_);
  buttons->addStretch(1);
  auto* top = new QHBoxLayout;
  top->addWidget(text_, 1);
  top->addWidget(close, 0, Qt::AlignTop);
  auto* layout = new QVBoxLayout(this);
  layout->addLayout(top);
  layout->addLayout(buttons);
  hide();
}

void RunFinishedPanel::showFinished(const QString& run_dir, const app::FinishedReport& report,
                                    const FineTuneOutcome& outcome) {
  run_dir_ = run_dir;
  if (report.bestPath.isEmpty() && report.lastPath.isEmpty()) {
    hide();  // nothing to translate with
    return;
  }
  QString text = report.reason == QLatin1String("stopped")
                     ? tr("<b>Stopped at step %1: its translator is saved.</b>").arg(QLocale().toString(report.step))
                     : tr("<b>Your translator is ready</b> (step %1).").arg(QLocale().toString(report.step));
  if (report.wholeDevPairs > 0)
    text += QLatin1Char(' ') +
            tr("Its best checkpoint, of step %1, scores a dev BLEU of %2 on all %3 dev sentences.")
                .arg(QLocale().toString(report.bestStep), QLocale().toString(report.wholeDevBleu, 'f', 1),
                     QLocale().toString(report.wholeDevPairs));
  else if (report.bestBleu >= 0 && outcome.corrections > 0)  // a round on corrections: they are its dev split
    text += QLatin1Char(' ') +
            tr("Its best BLEU on your corrections is %1.").arg(QLocale().toString(report.bestBleu, 'f', 1));
  else if (report.bestBleu >= 0)
    text += QLatin1Char(' ') + tr("Its best dev BLEU is %1.").arg(QLocale().toString(report.bestBleu, 'f', 1));
  if (outcome.firstStep >= 0 && outcome.bestStep >= 0)
    text += QLatin1Char(' ') +
            tr("On the dev split of the data it learnt before, its BLEU went from %1 (step %2) to "
               "%3 (the best checkpoint's, step %4): what fine-tuning cost it there, or gained.")
                .arg(QLocale().toString(outcome.firstBleu, 'f', 1), QLocale().toString(outcome.firstStep),
                     QLocale().toString(outcome.bestBleu, 'f', 1), QLocale().toString(outcome.bestStep));
  if (outcome.corrections > 0 && outcome.asWritten >= 0)
    text +=
        QLatin1Char(' ') + tr("At that step's evaluation, %1 of your %n correction(s) came out as you wrote "
                              "them.",
                              "", outcome.corrections)
                               .arg(QLocale().toString(outcome.asWritten));
  // A model trained English → Vietnamese is for back-translation, not for Translate or the explorer.
  QFile config(QDir(run_dir).filePath("config.json"));
  const bool reversed =
      config.open(QIODevice::ReadOnly) &&
      QJsonDocument::fromJson(config.readAll())["training"]["model"]["direction"].toString() == "en-vi";
  if (reversed)
    text +=
        QLatin1Char(' ') + tr("It translates English to Vietnamese: back-translate English text with it "
                              "(More pairs from English text) for more training pairs of the translator.");
  else
    text += QLatin1Char(' ') + tr("Type Vietnamese in Translate, or look inside it in Attention: how its "
                                  "attention formed while it trained is recorded there.");
  text_->setText(text);
  translate_->setVisible(!reversed);
  attention_->setVisible(!reversed);
  student_->setVisible(!reversed);
  back_translate_->setVisible(reversed);
  student_->setEnabled(!report.bestPath.isEmpty());  // the teacher is the run's best model
  back_translate_->setEnabled(!report.bestPath.isEmpty());
  show();
}

QString RunFinishedPanel::text() const { return text_->text(); }

}  // namespace studio::ui
