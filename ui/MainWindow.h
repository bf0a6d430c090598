#pragma once

#include <QMainWindow>

#include "app/EngineInfo.h"

namespace studio::ui {

// The main window: one tab per workspace. Until the desktop issue lands the
// workspaces only say what they will hold.
class MainWindow : public QMainWindow {
  Q_OBJECT

 public:
  explicit MainWindow(const app::EngineInfo& engine, QWidget* parent = nullptr);

 private:
  QWidget* makeTrainingPage();
  QWidget* makePlaceholderPage(const QString& text);

  app::EngineInfo engine_;
};

}  // namespace studio::ui
