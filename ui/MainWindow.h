#pragma once

#include <QMainWindow>

#include "app/EngineInfo.h"

namespace studio::ui {

class TrainingWorkspace;

// The main window: one tab per workspace. Translate and Attention only say
// what they will hold until the desktop issue lands.
class MainWindow : public QMainWindow {
  Q_OBJECT

 public:
  explicit MainWindow(const app::EngineInfo& engine, QWidget* parent = nullptr);

  TrainingWorkspace* training() const { return training_; }

 public Q_SLOTS:
  // The one place errors reach the user.
  void showError(const QString& message);

 protected:
  void closeEvent(QCloseEvent* event) override;

 private:
  QWidget* makePlaceholderPage(const QString& text);

  app::EngineInfo engine_;
  TrainingWorkspace* training_;
};

}  // namespace studio::ui
