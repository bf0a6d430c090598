#include "ui/attention/TimelapseBar.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QSignalBlocker>
#include <QSlider>
#include <QStyle>
#include <QToolButton>

namespace studio::ui {

TimelapseBar::TimelapseBar(QWidget* parent) : QWidget(parent) {
  auto* layout = new QHBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  auto* title = new QLabel(tr("Training timelapse:"), this);
  title->setToolTip(tr("The attention of the run's probe sentences, recorded as it trained"));
  probe_ = new QComboBox(this);
  probe_->setObjectName("Probe");
  probe_->setAccessibleName(tr("Probe sentence"));
  probe_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
  probe_->setMinimumContentsLength(24);
  target_ = new QComboBox(this);
  target_->setObjectName("Probe target");
  target_->setAccessibleName(tr("Attention over"));
  target_->addItem(tr("on the reference"), false);
  target_->addItem(tr("on its own translation"), true);
  target_->setToolTip(tr("Teacher-forced on the probe's reference (the same grid at every step), or over the "
                         "translation the model itself gave at that step"));
  play_ = new QToolButton(this);
  play_->setObjectName("Play");
  play_->setIcon(style()->standardIcon(QStyle::SP_MediaPlay));
  play_->setAccessibleName(tr("Play the timelapse"));
  play_->setToolTip(tr("Play the recorded steps"));
  slider_ = new QSlider(Qt::Horizontal, this);
  slider_->setObjectName("Step slider");
  slider_->setAccessibleName(tr("Training step"));
  slider_->setPageStep(1);
  step_label_ = new QLabel(this);
  step_label_->setObjectName("Step");
  step_label_->setMinimumWidth(150);
  status_ = new QLabel(tr("No run chosen: train one, or open a run in Training."), this);
  status_->setObjectName("Timelapse status");
  layout->addWidget(title);
  layout->addWidget(probe_);
  layout->addWidget(target_);
  layout->addWidget(play_);
  layout->addWidget(slider_, 1);
  layout->addWidget(step_label_);
  layout->addWidget(status_, 1);

  play_timer_.setInterval(500);
  poll_timer_.setInterval(2000);
  connect(&play_timer_, &QTimer::timeout, this, &TimelapseBar::nextFrame);
  connect(&poll_timer_, &QTimer::timeout, this, [this] {
    if (isVisible()) refresh();
  });
  connect(play_, &QToolButton::clicked, this, [this] { isPlaying() ? pause() : play(); });
  connect(slider_, &QSlider::valueChanged, this, &TimelapseBar::showIndex);
  connect(probe_, qOverload<int>(&QComboBox::currentIndexChanged), this, [this] { fillSteps(); });
  connect(target_, qOverload<int>(&QComboBox::activated), this, [this] { prefer_own_ = own(); });
  connect(target_, qOverload<int>(&QComboBox::currentIndexChanged), this, [this] {
    fillSteps();
    Q_EMIT recordsChanged();
  });
  fillProbes();
}

bool TimelapseBar::own() const { return target_->currentData().toBool(); }
int TimelapseBar::probe() const { return probe_->currentData().toInt(); }

bool TimelapseBar::setRun(const QString& run_dir) {
  pause();
  error_.clear();
  if (!history_.open(run_dir, &error_)) status_->setText(error_);
  poll_timer_.start();  // records appear once training writes them
  fillProbes();
  Q_EMIT recordsChanged();
  return hasFrames();
}

void TimelapseBar::showEvent(QShowEvent* event) {
  QWidget::showEvent(event);
  // Polled only while shown: a run that trained meanwhile is read at once.
  if (!history_.runDir().isEmpty()) refresh();
}

bool TimelapseBar::refresh() {
  bool fresh = false;
  QString error;
  if (history_.isEmpty() && !history_.runDir().isEmpty()) {
    fresh = history_.open(history_.runDir(), &error);
  } else {
    fresh = history_.refresh(&error);
  }
  if (error != error_) {
    error_ = error;
    if (!fresh) fillSteps();  // say it
  }
  if (!fresh) return false;
  const bool following = steps_.isEmpty() || slider_->value() == slider_->maximum();
  if (probe_->count() != history_.probes().size()) {
    fillProbes();
  } else {
    const qint64 shown = step();
    fillSteps();
    if (!following && shown >= 0) showStep(shown);
  }
  if (following && !steps_.isEmpty()) slider_->setValue(slider_->maximum());
  Q_EMIT recordsChanged();
  return true;
}

void TimelapseBar::fillProbes() {
  {
    const QSignalBlocker block(probe_);
    const int previous = probe_->currentIndex();
    probe_->clear();
    for (int p : history_.probes()) {
      const QString source = history_.probeSource(p);
      probe_->addItem(tr("%1: %2").arg(p + 1).arg(source.size() > 48 ? source.left(47) + "…" : source), p);
      probe_->setItemData(probe_->count() - 1, source, Qt::ToolTipRole);
    }
    probe_->setCurrentIndex(previous >= 0 && previous < probe_->count() ? previous : 0);
  }
  fillSteps();
}

void TimelapseBar::fillSteps() {
  // A probe without a reference has only its own translations.
  const bool has_reference = probe_->count() > 0 && history_.hasReference(probe());
  {
    const QSignalBlocker block(target_);
    target_->setCurrentIndex(prefer_own_ || !has_reference ? 1 : 0);
  }
  target_->setEnabled(has_reference);
  const qint64 shown = step();
  steps_ = probe_->count() > 0 ? history_.steps(probe(), own()) : QList<qint64>{};
  const bool any = !steps_.isEmpty();
  for (QWidget* w : {static_cast<QWidget*>(probe_), static_cast<QWidget*>(play_), static_cast<QWidget*>(slider_),
                     static_cast<QWidget*>(step_label_)})
    w->setVisible(any);
  target_->setVisible(any);
  status_->setVisible(!any);
  if (!any) {
    if (!error_.isEmpty())
      status_->setText(error_);
    else if (!history_.warning().isEmpty())
      status_->setText(history_.warning());
    else if (!history_.runDir().isEmpty())
      status_->setText(tr("No probe records in this run yet."));
    step_label_->clear();
    return;
  }
  {
    const QSignalBlocker block(slider_);
    slider_->setRange(0, int(steps_.size()) - 1);
    if (shown < 0) slider_->setValue(slider_->maximum());  // a run opens at its newest step
  }
  if (shown >= 0)
    showStep(shown);
  else
    showIndex(slider_->value());
}

qint64 TimelapseBar::step() const {
  if (steps_.isEmpty()) return -1;
  return steps_.value(slider_->value(), -1);
}

void TimelapseBar::showStep(qint64 step) {
  if (steps_.isEmpty()) return;
  int index = 0;
  for (int i = 0; i < steps_.size(); ++i)
    if (steps_[i] <= step) index = i;
  if (slider_->value() == index)
    showIndex(index);  // the probe or target changed under the same index
  else
    slider_->setValue(index);
}

void TimelapseBar::showIndex(int index) {
  if (index < 0 || index >= steps_.size()) return;
  const qint64 step = steps_[index];
  const auto* frame = history_.frame(probe(), own(), step);
  if (!frame) return;
  step_label_->setText(tr("step %1 (%2 of %3)")
                           .arg(QLocale().toString(step))
                           .arg(index + 1)
                           .arg(steps_.size()));
  Q_EMIT frameShown(frame->view, frame->reference, step);
}

QString TimelapseBar::probeSentence() const {
  return probe_->count() > 0 ? history_.probeSource(probe()) : QString();
}

void TimelapseBar::setProbe(int probe) { probe_->setCurrentIndex(probe_->findData(probe)); }

void TimelapseBar::setOwnTranslation(bool own) {
  prefer_own_ = own;
  target_->setCurrentIndex(own ? 1 : 0);
}

void TimelapseBar::play() {
  if (steps_.size() < 2) return;
  if (slider_->value() == slider_->maximum()) slider_->setValue(0);
  play_->setIcon(style()->standardIcon(QStyle::SP_MediaPause));
  play_->setAccessibleName(tr("Pause the timelapse"));
  play_timer_.start();
}

void TimelapseBar::pause() {
  play_timer_.stop();
  play_->setIcon(style()->standardIcon(QStyle::SP_MediaPlay));
  play_->setAccessibleName(tr("Play the timelapse"));
}

void TimelapseBar::nextFrame() {
  if (slider_->value() >= slider_->maximum()) {
    pause();
    return;
  }
  slider_->setValue(slider_->value() + 1);
}

}  // namespace studio::ui
