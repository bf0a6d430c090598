#include "ui/lens/TunedLensBar.h"

#include <QComboBox>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QStringList>

namespace studio::ui {

namespace {

QString stageName(int stage) {
  static const char* const blocks[] = {QT_TRANSLATE_NOOP("studio::ui::TunedLensBar", "self-attention"),
                                       QT_TRANSLATE_NOOP("studio::ui::TunedLensBar", "cross-attention"),
                                       QT_TRANSLATE_NOOP("studio::ui::TunedLensBar", "feed-forward")};
  return TunedLensBar::tr("Layer %1 · %2").arg(stage / 3 + 1).arg(TunedLensBar::tr(blocks[stage % 3]));
}

}  // namespace

TunedLensBar::TunedLensBar(QWidget* parent) : QWidget(parent) {
  auto* tuned_bar = new QHBoxLayout(this);
  tuned_bar->setContentsMargins(0, 0, 0, 0);
  tuned_bar->addWidget(new QLabel(tr("Read the blocks:"), this));
  reading_ = new QComboBox(this);
  reading_->setObjectName("Lens reading");
  reading_->addItem(tr("as they are (logit lens)"), false);
  reading_->addItem(tr("through the tuned lens"), true);
  reading_->setToolTip(
      tr("The tuned lens reads each block through a map learnt so that it comes as close as it "
         "can to the model's output: what the block already knows, in the form the output "
         "layer reads (Belrose et al., 2023)"));
  connect(reading_, &QComboBox::currentIndexChanged, this, [this] {
    showStatus();
    Q_EMIT readingChanged();
  });
  tuned_bar->addWidget(reading_);
  train_ = new QPushButton(tr("Train a tuned lens"), this);
  train_->setObjectName("Train a tuned lens");
  train_->setToolTip(
      tr("Learn a map a block on the run's training pairs (300 steps; about half a minute for "
         "the starter on two cores) and keep it beside the model"));
  connect(train_, &QPushButton::clicked, this, [this] {
    if (session_.isRunning())
      session_.stop();  // the maps so far are kept
    else
      train();
  });
  tuned_bar->addWidget(train_);
  label_ = new QLabel(this);
  label_->setObjectName("Tuned lens status");
  label_->setWordWrap(true);
  tuned_bar->addWidget(label_, 1);
  connect(&session_, &app::TunedLensSession::progress, this, [this](int step, int steps) {
    label_->setText(tr("Training the tuned lens: step %1 of %2…").arg(step).arg(steps));
  });
  connect(&session_, &app::TunedLensSession::finished, this, [this](const app::TunedLensView& lens) {
    QStringList blocks;
    for (int r = 0; r < lens.klBefore.size(); ++r)
      blocks << tr("%1 %2 → %3")
                    .arg(stageName(r))
                    .arg(lens.klBefore[r], 0, 'f', 2)
                    .arg(lens.klAfter.value(r), 0, 'f', 2);
    outcome_ = tr("%1: %2 steps on %3 training pairs in %4 s%5. Divergence from the model's output on the "
                  "dev pairs (nats), logit lens → tuned: %6.")
                   .arg(QFileInfo(lens.path).fileName())
                   .arg(lens.steps)
                   .arg(lens.pairs)
                   .arg(lens.seconds, 0, 'f', 0)
                   .arg(lens.stopped ? tr(" (stopped early)") : QString())
                   .arg(blocks.join("; "));
    train_->setText(tr("Train a tuned lens"));
    if (readsTuned()) {
      showStatus();
      Q_EMIT readingChanged();  // the new maps, read at once
    } else {
      setReadsTuned(true);
    }
    Q_EMIT trainingDone();
  });
  connect(&session_, &app::TunedLensSession::failed, this, [this](const QString& message) {
    train_->setText(tr("Train a tuned lens"));
    outcome_ = tr("No tuned lens trained: %1").arg(message);
    showStatus();
    Q_EMIT trainingDone();
  });
}

void TunedLensBar::setView(const QString& modelPath, bool lensTuned, const QString& lensNote) {
  if (modelPath != model_path_) outcome_.clear();
  model_path_ = modelPath;
  read_tuned_ = lensTuned;
  note_ = lensNote;
  showStatus();
}

bool TunedLensBar::readsTuned() const { return reading_->currentData().toBool(); }

void TunedLensBar::setReadsTuned(bool tuned) { reading_->setCurrentIndex(reading_->findData(tuned)); }

void TunedLensBar::train(int steps) {
  if (!QFileInfo(model_path_).isFile()) {
    outcome_ = tr("Explore a sentence with a model first: a timelapse frame has no model file.");
    showStatus();
    Q_EMIT trainingDone();
    return;
  }
  train_->setText(tr("Stop"));
  outcome_.clear();
  label_->setText(tr("Training the tuned lens of %1…").arg(QFileInfo(model_path_).fileName()));
  session_.start(model_path_, steps);
}

QString TunedLensBar::status() const { return label_->text(); }

void TunedLensBar::showStatus() {
  if (session_.isRunning()) return;  // its progress speaks
  if (!outcome_.isEmpty()) {
    label_->setText(outcome_);
    return;
  }
  if (!note_.isEmpty()) {
    label_->setText(note_);
    return;
  }
  const QString path = app::TunedLensSession::pathFor(model_path_);
  if (!QFileInfo(model_path_).isFile())
    label_->setText(readsTuned() ? tr("A timelapse frame holds the logit lens as recorded.") : QString());
  else if (QFileInfo::exists(path))
    label_->setText(read_tuned_ ? tr("Read through %1.").arg(QFileInfo(path).fileName())
                                : tr("%1 is beside the model.").arg(QFileInfo(path).fileName()));
  else
    label_->setText(tr("No tuned lens beside %1 yet.").arg(QFileInfo(model_path_).fileName()));
}

}  // namespace studio::ui
