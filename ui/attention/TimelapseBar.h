#pragma once

#include <QList>
#include <QTimer>
#include <QWidget>

#include "app/explorer/ProbeHistory.h"

class QComboBox;
class QLabel;
class QSlider;
class QToolButton;

namespace studio::ui {

// The explorer's timelapse controls: a run's probe sentences as recorded
// during training (probes.rec), a step slider and a play button. Each move
// shows that step's attention; new records appear while the run trains.
class TimelapseBar : public QWidget {
  Q_OBJECT

 public:
  explicit TimelapseBar(QWidget* parent = nullptr);

  // Reads the run's probes.rec (none: the bar says so). Returns whether
  // there are frames to show.
  bool setRun(const QString& run_dir);
  QString runDir() const { return history_.runDir(); }
  bool hasFrames() const { return !steps_.isEmpty(); }
  const app::ProbeHistory& history() const { return history_; }

  void setProbe(int probe);
  void setOwnTranslation(bool own);  // false: teacher-forced on the reference
  bool ownTranslation() const { return own(); }
  // Shows the recorded step at or before `step` (the first one when none is before).
  void showStep(qint64 step);
  qint64 step() const;  // the step shown; -1 when none
  QList<qint64> steps() const { return steps_; }
  QSlider* slider() const { return slider_; }
  QString probeSentence() const;  // the chosen probe's source ("" when none)

  void play();
  void pause();
  bool isPlaying() const { return play_timer_.isActive(); }
  // Reads what was appended to probes.rec since; true when there was something.
  bool refresh();

 Q_SIGNALS:
  void frameShown(const studio::app::AttentionView& view, const QString& reference, qint64 step);
  // The records or the target changed (a run opened, records appended).
  void recordsChanged();

 protected:
  void showEvent(QShowEvent* event) override;  // reads what the run recorded while hidden

 private:
  void fillProbes();
  void fillSteps();
  void showIndex(int index);
  void nextFrame();
  bool own() const;
  int probe() const;

  app::ProbeHistory history_;
  QString error_;  // why the run's probes cannot be read
  QList<qint64> steps_;
  QComboBox* probe_;
  QComboBox* target_;
  QToolButton* play_;
  QSlider* slider_;
  QLabel* step_label_;
  QLabel* status_;
  bool prefer_own_ = false;  // the user's choice, kept while probes without a reference force "own"
  QTimer play_timer_;
  QTimer poll_timer_;
};

}  // namespace studio::ui
