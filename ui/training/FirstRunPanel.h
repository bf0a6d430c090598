#pragma once

#include <QFrame>

#include "app/training/DemoCorpusFetch.h"
#include "app/training/FirstRun.h"

class QComboBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;

namespace studio::ui {

// What the Training workspace shows before the first run: one button that
// trains the starter model on the demo corpus, how long that takes on this
// computer (a few steps timed when the panel first shows), and the run
// folder it will use (a new one under the user's data folder, changeable).
class FirstRunPanel : public QFrame {
  Q_OBJECT

 public:
  explicit FirstRunPanel(QWidget* parent = nullptr);

  QString runDir() const;
  void setRunDir(const QString& dir);
  // Whether the demo corpus is on this computer (the button needs it).
  bool hasDemoCorpus() const;
  // "Get the demo corpus" (shown while there is none): Debian's packages
  // downloaded and the corpus built on a thread (app::DemoCorpusSession).
  void fetchDemoCorpus(const app::DemoCorpusFetch& request = {});
  app::DemoCorpusSession* demoCorpusSession() { return &corpus_; }
  // Times the starter preset now (normally done when the panel first shows).
  void estimate();
  QString estimateText() const;
  bool isMeasuring() const { return estimator_.isRunning(); }

 Q_SIGNALS:
  // "Train the starter model" was clicked.
  void startRequested(const QString& runDir);
  // "Train on a toy task": the task chosen beside it, a new run folder for it.
  void toyRequested(const QString& task, const QString& runDir);
  // "Set up a run myself".
  void dismissed();
  void estimated(const studio::app::SpeedReport& report);
  // The demo corpus was fetched and built: the starter can be trained.
  void demoCorpusReady();

 protected:
  void showEvent(QShowEvent* event) override;

 private:
  void showEstimate(const app::SpeedReport& report);
  void describeCorpus();  // the text and buttons for a corpus here or not

  app::SpeedEstimator estimator_;
  app::DemoCorpusSession corpus_;
  QLabel* text_;
  QLabel* estimate_;
  QLineEdit* run_dir_;
  QPushButton* start_;
  QPushButton* fetch_;
  QPushButton* fetch_stop_;
  QProgressBar* fetch_progress_;
  QLabel* fetch_status_;
  QComboBox* toy_task_;
  bool estimated_ = false;
};

}  // namespace studio::ui
